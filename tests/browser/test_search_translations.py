"""Search in every language in a real browser (issue 28, item 6): the Russian playtester finds the
French chess card « Marche arrière » by its validated Russian name in the card browser, and reads
the help page that says so, at 390 px too."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import FITS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


@pytest.fixture
def browser_locale():
    return "ru-RU"


def test_the_russian_playtester_finds_a_french_card_by_its_russian_name(
    page, login, make_card, make_user, screenshot
):
    from cards import services
    from cards.translations import translation_save, translation_set_status

    designer, reviewer = make_user("designer", username="dana"), make_user("reviewer", username="remi")
    playtester = make_user("playtester", username="paula")
    card = make_card("chesscards", user=designer, name="Marche arrière", text="Recule un de tes pions.")
    make_card("chesscards", user=designer, name="Mur", text="Pose un mur.")
    for who in (designer, reviewer):
        services.card_set_status(
            stable_id=card.stable_id, status="NEEDS_REVIEW" if who is designer else "VALIDATED", user=who
        )
    translation_save(
        stable_id=card.stable_id,
        language="ru",
        data={"name": "Шаг назад", "text": "Отступите."},
        user=designer,
    )
    translation_set_status(stable_id=card.stable_id, language="ru", status="VALIDATED", user=reviewer)
    login(page, playtester)
    for query in ("ШАГ НАЗАД", 'n:"шаг" lang:ru'):
        page.goto("/cards/?" + __import__("urllib.parse").parse.urlencode({"q": query}))
        results = page.locator("main")
        expect(results).to_contain_text("Marche arrière")
        expect(results).not_to_contain_text("Mur")
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate(FITS)
    screenshot(page, "search-translated-name-ru-390")
    page.goto("/cards/help/")
    expect(page.locator("main")).to_contain_text("шаг назад")
    assert page.evaluate(FITS)
    screenshot(page, "search-help-ru-390")
