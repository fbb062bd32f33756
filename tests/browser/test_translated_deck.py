"""The demo's Russian playtester opens their trial deck TD01 and reads its cards in Russian (the demo's
translations: the Vanguard cards are printed in English), the English name one click away, at 390 px
without sideways scrolling; a reviewer sees the translations waiting beside their source in the review
queue. Screenshots in test-output/screenshots/translated-*.png."""

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from tests.browser.helpers import FITS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


@pytest.fixture
def demo():
    call_command("loaddemo", verbosity=0)


def test_the_russian_playtester_reads_td01_in_russian_at_390(page, login, demo, screenshot):
    from django.contrib.auth import get_user_model

    playtester = get_user_model().objects.get(username="playtester")
    page.set_viewport_size({"width": 390, "height": 844})
    login(page, playtester, "/decks/")  # the demo's playtester reads Russian
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    page.get_by_role("link", name="Trial Deck Vol.01: Blaster Blade", exact=True).click()
    entries = page.locator(".entries .cardname")
    expect(entries).to_have_count(16)
    expect(entries.filter(has_text="Бластер Блейд")).to_have_attribute("lang", "ru")
    expect(entries.filter(has_text="Blaster Blade")).to_have_count(0)
    for name in ("Багровая бабочка, Бригитта", "Рыцарь розы, Моргана", "Флогал"):
        expect(entries.filter(has_text=name)).to_have_count(1)
    assert page.evaluate(FITS), "the deck page scrolls sideways at 390 px"
    screenshot(page, "translated-td01-playtester-ru-390")

    # The English name, one click away.
    row = page.locator(".entries tr", has=page.locator(".cardname", has_text="Бластер Блейд"))
    source = row.locator("details.source-name")
    expect(source.locator("span[lang=en]")).to_be_hidden()
    source.locator("summary").click()
    expect(source.locator("span[lang=en]")).to_have_text("Blaster Blade")
    expect(source.locator("span[lang=en]")).to_be_visible()
    assert page.evaluate(FITS), "the open source name makes the page scroll sideways"
    row.scroll_into_view_if_needed()
    screenshot(page, "translated-td01-source-open-390", full_page=False)  # the window, where the row is

    # The builder's search names the cards in Russian too ("Добавить карты": the search, one tab away).
    page.get_by_role("tab", name="Добавить карты").click()
    page.get_by_role("searchbox").fill("blaster")
    # Its two prints, TD01's and BT01's, both named in Russian (the search runs after htmx's delay).
    expect(page.locator(".result")).to_have_count(2, timeout=20_000)
    expect(page.locator(".result .name span[lang=ru]")).to_have_text(["Бластер Блейд", "Бластер Блейд"])
    assert page.evaluate(FITS)
    screenshot(page, "translated-td01-search-ru-390")


def test_a_reviewer_sees_the_translations_waiting_beside_their_source(page, login, demo, screenshot):
    from django.contrib.auth import get_user_model

    from cards.translations import translation_save

    designer = get_user_model().objects.get(username="designer")
    translation_save(
        stable_id="CC-001",
        language="ru",
        data={"name": "Шаг назад (черновик)", "text": "Отведите пешку."},
        user=designer,
    )
    reviewer = get_user_model().objects.get(username="reviewer")
    page.set_viewport_size({"width": 390, "height": 844})
    login(page, reviewer, "/review/?game=chesscards")  # the demo's reviewer reads French
    panel = page.locator("#translations")
    expect(panel.locator(".source")).to_contain_text("Recule un de tes pions")
    expect(panel.locator(".target")).to_contain_text("Шаг назад (черновик)")
    panel.scroll_into_view_if_needed()
    assert page.evaluate(FITS)
    screenshot(page, "translated-review-queue-fr-390")
