"""The translation editor's face in Russian at 390 px (issue 45 item 4): the source's face and the
Russian one as typed side by side, the Russian face following the typing, TEXT_OVERFLOW said as soon
as the text no longer fits; the page never scrolls sideways."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


@pytest.fixture
def browser_locale():
    return "ru-RU"


def test_the_translator_sees_the_russian_face_as_typed_at_390(page, login, make_user, make_card, screenshot):
    designer = make_user("designer", username="dana")
    card = make_card("darkrow", user=designer, name="Toyama Kazuha", text="Rapide : piochez une carte.")
    page.set_viewport_size({"width": 390, "height": 844})
    login(page, designer, f"/cards/{card.stable_id}/translations/ru/")
    source, target = page.locator("#tr-source-face svg"), page.locator("#tr-face svg")
    expect(source).to_contain_text("Toyama Kazuha")
    expect(target).to_be_visible()
    page.locator("#tr-name").fill("Тояма Кадзуха")
    expect(target).to_contain_text("Тояма Кадзуха")
    expect(source).to_contain_text("Toyama Kazuha")  # the source's face stays as it is
    page.locator("#tr-text").fill("Быстро: возьмите карту.")
    expect(target).to_contain_text("возьмите")
    expect(page.locator("#face-findings")).not_to_contain_text("TEXT_OVERFLOW")
    page.locator("#tr-text").fill("Слишком длинный текст для поля карты. " * 40)
    expect(page.locator("#face-findings")).to_contain_text("TEXT_OVERFLOW")
    # Side by side at 390 px, and nothing scrolls sideways.
    left, right = source.bounding_box(), target.bounding_box()
    assert left["x"] + left["width"] <= right["x"] and abs(left["y"] - right["y"]) < 2
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "translation-face-ru-390")
