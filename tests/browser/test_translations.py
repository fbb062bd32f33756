"""Card translations in a real browser: the Russian playtester reads a VALIDATED Russian card (the
French source below), and the translation editor shows the source beside the form, at 390 px too."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import FITS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

RU = {"name": "Шаг назад", "text": "Отведите одну из своих пешек на одно поле назад.", "archetypes": []}


@pytest.fixture
def browser_locale():
    return "ru-RU"


@pytest.fixture
def translated_card(make_card, make_user):
    from cards import services
    from cards.translations import translation_save

    designer, reviewer = make_user("designer", username="dana"), make_user("reviewer", username="remi")
    card = make_card(
        "chesscards", user=designer, name="Marche arrière", text="Recule un de tes pions d’une case."
    )
    services.card_set_status(stable_id=card.stable_id, status="NEEDS_REVIEW", user=designer)
    services.card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer)
    translation_save(stable_id=card.stable_id, language="ru", data=RU, user=designer)
    return card, designer, reviewer


def test_the_russian_playtester_reads_the_validated_russian_card(
    page, login, make_user, translated_card, screenshot
):
    from cards.translations import translation_set_status

    card, _, reviewer = translated_card
    playtester = make_user("playtester", username="paula")
    login(page, playtester, f"/cards/{card.stable_id}/")
    expect(page.locator("#reader-translation")).to_have_count(0)  # a draft is not shown to playtesters
    translation_set_status(stable_id=card.stable_id, language="ru", status="VALIDATED", user=reviewer)
    page.goto(f"/cards/{card.stable_id}/")
    reader = page.locator("#reader-translation")
    expect(reader).to_contain_text("Шаг назад")
    expect(reader).to_have_attribute("lang", "ru")
    expect(page.locator("main")).to_contain_text("Recule un de tes pions")  # the source stays there
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate(FITS)
    screenshot(page, "translation-playtester-ru-390")


def test_the_translation_editor_shows_the_source_beside_the_form_at_390(
    page, login, translated_card, screenshot
):
    card, designer, _ = translated_card
    login(page, designer, f"/cards/{card.stable_id}/translations/ru/")
    expect(page.locator(".translation-pair .source")).to_contain_text("Recule un de tes pions")
    page.locator("#tr-text").fill("Отведите пешку на одно поле назад.")
    page.locator("#translation-form button[type=submit]").click()
    expect(page.locator(".messages")).to_be_visible()
    expect(page.locator("#tr-text")).to_have_value("Отведите пешку на одно поле назад.")
    screenshot(page, "translation-editor-ru")
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate(FITS)
    source, target = page.locator(".translation-pair .source"), page.locator(".translation-pair .target")
    assert source.bounding_box()["y"] < target.bounding_box()["y"]  # one under the other
    screenshot(page, "translation-editor-ru-390")
