"""French typography on French pages (issue 25, item 7): the catalogue's no-break spaces (U+00A0
before ':' and inside « », U+202F before ; ! ?) reach the page, hold a colon to its word when
a line wraps, and break nothing at 1280 or 390 px. Screenshots: french-typography-*.png."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import FITS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


@pytest.fixture
def browser_locale():
    return "fr-FR"


@pytest.mark.parametrize("width", [1280, 390])
def test_a_query_error_and_the_query_help_in_french(page, login, make_user, make_card, screenshot, width):
    designer = make_user("designer", username="dominique")
    make_card("darkrow", name="Toyama Kazuha", text="Rapide : piochez une carte.")
    page.set_viewport_size({"width": width, "height": 900})
    login(page, designer, "/cards/?q=(t:unit")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    error = page.locator(".query-error").first
    expect(error).to_be_visible()
    said = error.inner_text()
    assert "colonne 8\xa0: une «\xa0(\xa0» n’est pas fermée\u202f; ajoutez «\xa0)\xa0»" in said, said
    assert " :" not in said and " ;" not in said
    assert page.evaluate(FITS), f"the card browser is wider than {width} px"
    screenshot(page, f"french-typography-query-{width}")

    page.goto("/cards/help/")
    main = page.locator("main").inner_text()
    assert "lang: trouve" in main  # the query key keeps its colon
    assert "\u202f;" in main and "\xa0:" in main and " ;" not in main
    assert page.evaluate(FITS), f"the query help is wider than {width} px"
    screenshot(page, f"french-typography-help-{width}")
