"""Choosing a language in a real browser: the login page follows the browser, the header's switch
changes <html lang> at once, and the choice is kept after logging out and in; at 390 px too."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import FITS, login_in_any_language

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.usefixtures("faces_drawn_once"),  # the faces its pages show, drawn once a process
]


@pytest.fixture
def browser_locale():
    return "fr-FR"


@pytest.fixture
def login():
    """Log in whatever the page's language."""
    return login_in_any_language


@pytest.mark.parametrize(
    ("browser_locale", "language", "username", "button"),
    [
        ("en-US", "en", "Username", "Log in"),
        ("fr-FR", "fr", "Identifiant", "Se connecter"),
        ("ru-RU", "ru", "Имя пользователя", "Войти"),
        ("de-DE", "en", "Username", "Log in"),  # a language the studio does not speak: English
    ],
)
def test_the_login_page_follows_the_browsers_language(page, browser_locale, language, username, button):
    page.goto("/accounts/login/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("main").get_by_label(username)).to_be_visible()
    expect(page.locator("main").get_by_role("button", name=button, exact=True)).to_be_visible()


def test_the_switch_changes_the_language_and_keeps_it(page, login, make_user, screenshot):
    designer = make_user("designer", username="dominique")
    page.goto("/accounts/login/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")  # the browser's language
    login(page, designer)
    expect(page.locator("html")).to_have_attribute("lang", "fr")

    page.get_by_role("button", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.get_by_role("button", name="Français").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("button", name="Français")).to_have_attribute("aria-pressed", "true")
    screenshot(page, "language-fr")

    page.get_by_role("button", name="Русский").click()
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    page.locator("header form[action='/accounts/logout/'] button").click()
    page.goto("/accounts/login/")
    expect(page.locator("html")).to_have_attribute("lang", "ru")  # kept after logging out
    page.context.clear_cookies()
    login(page, designer)  # another browser, the same user: their own language
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.locator("header form[action='/accounts/logout/'] button")).to_have_text("Выйти")
    expect(
        page.get_by_role("navigation", name="Главное меню").get_by_role("link", name="Карты")
    ).to_be_visible()


def test_at_390_px_the_switch_fits_and_works(page, login, make_user, screenshot):
    page.set_viewport_size({"width": 390, "height": 844})
    playtester = make_user("playtester", username="pavel")
    login(page, playtester)
    switch = page.get_by_role("button", name="Русский")
    expect(switch).to_be_visible()
    assert page.evaluate(FITS)
    switch.click()
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    assert page.evaluate(FITS)
    screenshot(page, "language-switch-390")


def test_the_javascript_catalog_is_fetched_once_per_language_not_once_per_page(
    page, login, make_user, browser_locale
):
    from django.core.signals import request_started

    fetched: list[str] = []

    def note(sender, environ, **kwargs):
        if environ["PATH_INFO"].startswith("/jsi18n/"):
            fetched.append(environ["PATH_INFO"])

    request_started.connect(note)
    try:
        login(page, make_user("designer", username="dominique"))
        for path in ("/cards/", "/decks/", "/cards/sets/", "/"):
            page.goto(path)
        assert fetched == ["/jsi18n/fr/"]  # the browser's language; later pages kept it
        assert page.evaluate("gettext('How to edit the effects')") == "Comment modifier les effets"
        page.get_by_role("button", name="Русский").click()
        expect(page.locator("html")).to_have_attribute("lang", "ru")
        # The Russian catalog loaded (and kept) before the next page: a page left while it is still
        # on its way cancels it, and the next one fetches it again (CI, on PostgreSQL's threaded server).
        page.wait_for_load_state()
        page.goto("/cards/")
        assert fetched == ["/jsi18n/fr/", "/jsi18n/ru/"]
        assert page.evaluate("gettext('How to edit the effects')") == "Как редактировать эффекты"
    finally:
        request_started.disconnect(note)
