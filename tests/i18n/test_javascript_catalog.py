"""The JavaScript catalog pages link: an address per language and version, kept by browsers (studio.jsi18n)."""

import re
from pathlib import Path

import pytest
from django.utils.autoreload import file_changed

from studio import jsi18n

pytestmark = pytest.mark.django_db

SCRIPT = re.compile(r'<script src="(/jsi18n/[^"]+)"')


def linked_catalog(client, language: str) -> str:
    client.cookies["django_language"] = language
    page = client.get("/accounts/login/")
    return SCRIPT.search(page.content.decode()).group(1)


@pytest.mark.parametrize("language", ["en", "fr", "ru"])
def test_each_page_links_its_languages_catalog_which_browsers_keep(client, language):
    address = linked_catalog(client, language)
    assert re.fullmatch(rf"/jsi18n/{language}/\?v=[0-9a-f]{{16}}", address)
    catalog = client.get(address)
    assert catalog.status_code == 200
    assert catalog["Content-Type"] == 'text/javascript; charset="utf-8"'
    assert catalog["Content-Language"] == language
    assert set(catalog["Cache-Control"].split(", ")) == {"public", "max-age=31536000", "immutable"}
    # Its address names what it varies on: no Vary: Cookie to make browsers ask again after a login.
    assert "Vary" not in catalog
    # The same text as Django's own catalog in that language.
    assert catalog.content == client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE=language).content


def test_the_languages_have_addresses_of_their_own(client):
    addresses = {linked_catalog(client, language) for language in ("en", "fr", "ru")}
    assert len(addresses) == 3
    french = client.get(linked_catalog(client, "fr")).content.decode()
    assert "catalog" in french and french != client.get(linked_catalog(client, "en")).content.decode()


@pytest.mark.parametrize("query", ["", "?v=0123456789abcdef"])
def test_an_address_without_the_current_version_is_answered_but_not_kept(client, query):
    catalog = client.get(f"/jsi18n/fr/{query}")
    assert catalog.status_code == 200 and catalog["Content-Language"] == "fr"
    assert catalog["Cache-Control"] == "no-cache"
    assert "Accept-Language" in catalog["Vary"]  # other responses keep what the middleware says


def test_a_language_the_studio_does_not_speak_is_not_found_and_a_post_not_allowed(client):
    assert client.get("/jsi18n/de/").status_code == 404
    assert client.post(linked_catalog(client, "fr")).status_code == 405


def test_new_catalogues_make_a_new_address(client, test_catalogue):
    from tests.i18n.conftest import build_js

    before = linked_catalog(client, "fr")
    build_js(test_catalogue)
    # A .mo file that changed, as runserver's reloader says it (Django reloads its translations then).
    file_changed.send(sender=None, file_path=Path(test_catalogue) / "fr" / "LC_MESSAGES" / "djangojs.mo")
    after = linked_catalog(client, "fr")
    assert after != before
    assert "Choisi : %(name)s" in client.get(after).content.decode()


def test_a_changed_language_setting_forgets_the_catalogs(settings):
    first = jsi18n.catalog_url("fr")
    settings.LANGUAGES = [("en", "English"), ("fr", "Français")]
    assert jsi18n._catalog.cache_info().currsize == 0
    assert jsi18n.catalog_url("fr") == first
    assert jsi18n.catalog_url("ru").startswith("/jsi18n/en/")  # a language no longer spoken: the default's
