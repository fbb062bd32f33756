"""The Russian playtester's face at 390 px (issue 28, item 5): a French card with a validated Russian
translation shows its Russian face (name and labels), the source one choice away; in English, without
a translation, the face prints the source texts with their language's mark. Screenshots under
test-output/screenshots/face-ru-390.png and face-en-fallback-390.png."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import FITS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


@pytest.fixture
def browser_locale():
    return "ru-RU"


def test_the_russian_playtester_sees_the_russian_face_at_390_px(
    page, login, make_user, make_card, screenshot
):
    from cards.services import card_set_status
    from cards.translations import translation_save, translation_set_status

    designer, reviewer = make_user("designer", username="dana"), make_user("reviewer", username="remi")
    playtester = make_user("playtester", username="pavel")
    card = make_card(
        "darkrow", user=designer, name="Toyama Kazuha", text="Quand elle arrive, piochez une carte."
    )
    card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer)
    translation_save(
        stable_id=card.stable_id,
        language="ru",
        data={"name": "Тояма Кадзуха", "text": "Когда она выходит, возьмите карту."},
        user=designer,
    )
    translation_set_status(stable_id=card.stable_id, language="ru", status="VALIDATED", user=reviewer)

    page.set_viewport_size({"width": 390, "height": 844})
    login(page, playtester, f"/cards/{card.stable_id}/")
    face = page.locator("#face-preview svg")
    expect(face).to_be_visible()
    shown = " ".join(face.locator("text").all_text_contents())
    assert "Тояма Кадзуха" in shown and "Юнит" in shown  # the translation, and the labels in Russian
    assert "Unité" not in shown and "FR" not in shown.split()
    expect(page.locator("select[name=lang]")).to_have_value("ru")
    assert page.evaluate(FITS)
    face.scroll_into_view_if_needed()
    screenshot(page, "face-ru-390")

    page.locator("select[name=lang]").select_option("en")  # no English translation: the source, marked
    expect(page.locator(".face-fallback")).to_be_visible()
    shown = " ".join(page.locator("#face-preview svg text").all_text_contents())
    assert "Toyama Kazuha" in shown and "FR" in shown.split() and "Unit" in shown.split()
    assert "Юнит" not in shown
    assert page.evaluate(FITS)
    screenshot(page, "face-en-fallback-390")


def test_the_deck_and_print_pages_offer_the_language_and_fit_390_px(
    page, login, make_user, make_card, screenshot
):
    from cards.services import card_set_status
    from decks.services import deck_create

    designer, reviewer = make_user("designer", username="dana"), make_user("reviewer", username="remi")
    playtester = make_user("playtester", username="pavel")
    card = make_card("duel", user=designer, name="Example Monster")
    card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer)
    deck = deck_create(
        data={"game": "duel", "name": "Колода", "sections": {"main": [{"card": card.stable_id, "count": 3}]}},
        user=playtester,
    )
    page.set_viewport_size({"width": 390, "height": 844})
    login(page, playtester, f"/decks/{deck.pk}/")
    summary = page.locator(".deck-lang summary")
    summary.click()
    choice = page.locator(".deck-lang select[name=lang]")
    expect(choice).to_have_value("ru")  # the reader's language first
    assert page.evaluate(FITS)
    page.locator(".deck-lang").scroll_into_view_if_needed()
    screenshot(page, "deck-language-390")
    with page.expect_download() as download:
        page.locator(".deck-lang button[formaction]").click()
    assert download.value.suggested_filename == f"deck-{deck.pk}-tts-ru.zip"

    page.goto("/faces/duel/print/")
    expect(page.locator("select[name=lang]")).to_be_visible()
    assert page.evaluate(FITS)
    screenshot(page, "print-language-390")
