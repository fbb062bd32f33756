"""The error pages in a real browser: the studio's layout, the reader's language, a way back, at 1280
and 390 px; a GET on a form's target lands on the form's page. Screenshots under test-output/."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import FITS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


@pytest.fixture
def browser_locale():
    return "ru-RU"


def test_a_playtester_at_the_review_queue_reads_the_studios_403_and_goes_back(
    session, playtester, screenshot
):
    page = session(playtester)
    page.goto("/decks/")
    page.evaluate(
        "() => { const a = document.createElement('a'); a.href = '/review/'; a.id = 'go';"
        " a.textContent = 'go'; document.body.append(a); }"
    )
    page.click("#go")
    expect(page.locator("h1")).to_have_text("Вы не можете открыть эту страницу")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.locator("header.top")).to_be_visible()
    screenshot(page, "error-403-ru")
    page.set_viewport_size({"width": 390, "height": 800})
    assert page.evaluate(FITS)
    screenshot(page, "error-403-ru-390")
    page.get_by_role("link", name="Вернуться на предыдущую страницу").click()
    page.wait_for_url("**/decks/")


def test_a_missing_page_and_a_forms_target(session, playtester, screenshot):
    page = session(playtester)
    response = page.goto("/cards/NOPE-404/")
    assert response.status == 404
    expect(page.locator("h1")).to_have_text("Такой страницы нет")
    screenshot(page, "error-404-ru")
    page.get_by_role("link", name="Перейти на главную").click()
    page.wait_for_url(lambda url: url.rstrip("/").count("/") == 2)
    page.goto("/decks/new/")
    assert page.url.endswith("/decks/")
