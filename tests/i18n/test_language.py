"""The reader's language: their preference, else the language cookie (the header's switch), else
Accept-Language; <html lang>, the switch, the time zone; the API follows the same order."""

from __future__ import annotations

import re
import zoneinfo

import pytest
from django.utils import timezone
from rest_framework.authtoken.models import Token

from studio.models import Preference
from studio.preferences import remember

pytestmark = pytest.mark.django_db


def html_lang(response) -> str:
    return re.search(r'<html lang="([^"]+)">', response.content.decode()).group(1)


def test_the_login_page_follows_the_browser(client, test_catalogue):
    assert html_lang(client.get("/accounts/login/")) == "en"
    french = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9,en;q=0.5")
    assert html_lang(french) == "fr" and french["Content-Language"] == "fr"
    assert "Connexion" in french.content.decode()
    russian = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="ru")
    assert html_lang(russian) == "ru" and "Войти" in russian.content.decode()
    # A language the studio does not speak: English.
    assert html_lang(client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="de")) == "en"


def test_the_header_has_a_switch_for_each_language(client):
    page = client.get("/accounts/login/").content.decode()
    for code, name in (("en", "English"), ("fr", "Français"), ("ru", "Русский")):
        assert f'name="language" value="{code}" lang="{code}" aria-label="{name}"' in page
    assert 'action="/i18n/setlang/"' in page


def test_switching_before_logging_in_sets_the_cookie(client):
    response = client.post("/i18n/setlang/", {"language": "ru", "next": "/accounts/login/"})
    assert response.status_code == 302 and response["Location"] == "/accounts/login/"
    assert response.cookies["django_language"].value == "ru"
    assert html_lang(client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="fr")) == "ru"


def test_switching_keeps_the_language_in_the_users_preference(client, designer):
    client.force_login(designer)
    client.post("/i18n/setlang/", {"language": "fr", "next": "/"})
    assert Preference.objects.get(user=designer).language == "fr"
    # Another browser (no cookie), another Accept-Language: the user's own language wins.
    client.cookies.clear()
    client.force_login(designer)
    assert html_lang(client.get("/", HTTP_ACCEPT_LANGUAGE="ru")) == "fr"


def test_an_unknown_language_is_not_kept(client, designer):
    client.force_login(designer)
    response = client.post("/i18n/setlang/", {"language": "xx", "next": "/"})
    assert response.status_code == 302
    assert not Preference.objects.filter(user=designer, language="xx").exists()


def test_the_switch_is_kept_after_logging_out_and_in(client, designer):
    client.post("/accounts/login/", {"username": "dana", "password": "secret-password"})
    client.post("/i18n/setlang/", {"language": "ru", "next": "/"})
    client.post("/accounts/logout/")
    assert html_lang(client.get("/accounts/login/")) == "ru"  # the cookie
    client.cookies.clear()
    client.post("/accounts/login/", {"username": "dana", "password": "secret-password"})
    assert html_lang(client.get("/")) == "ru"  # the preference


def test_a_user_without_preference_reads_the_browsers_language(client, designer):
    client.force_login(designer)
    assert html_lang(client.get("/", HTTP_ACCEPT_LANGUAGE="ru,en;q=0.5")) == "ru"


def test_the_preferences_page_keeps_language_and_time_zone(client, designer):
    client.force_login(designer)
    page = client.get("/accounts/preferences/")
    assert page.status_code == 200 and 'name="time_zone"' in page.content.decode()
    response = client.post("/accounts/preferences/", {"language": "ru", "time_zone": "Europe/Moscow"})
    assert response.status_code == 302
    preference = Preference.objects.get(user=designer)
    assert (preference.language, preference.time_zone) == ("ru", "Europe/Moscow")
    bad = client.post("/accounts/preferences/", {"language": "ru", "time_zone": "Mars/Olympus"})
    assert bad.status_code == 200 and Preference.objects.get(user=designer).time_zone == "Europe/Moscow"
    # Empty: the browser's language again, the studio's time zone.
    client.post("/accounts/preferences/", {"language": "", "time_zone": ""})
    assert Preference.objects.get(user=designer).language == ""


def test_the_users_time_zone_is_active_on_their_pages(client, designer, settings):
    from django.template import engines

    seen = {}

    def probe(request):
        from django.http import HttpResponse

        seen["zone"] = timezone.get_current_timezone_name()
        return HttpResponse(engines["django"].from_string("{{ now }}").render({"now": 1}))

    remember(designer, time_zone="Asia/Tokyo")
    client.force_login(designer)
    from studio import middleware

    handler = middleware.UserPreferenceMiddleware(probe)
    request = client.get("/").wsgi_request
    request.user = designer
    handler(request)
    assert seen["zone"] == "Asia/Tokyo"
    timezone.deactivate()
    request.user = type("Anon", (), {"is_authenticated": False})()
    handler(request)
    assert seen["zone"] == settings.TIME_ZONE
    assert zoneinfo.ZoneInfo(settings.TIME_ZONE)


def test_the_api_follows_accept_language_then_the_users_preference(client, playtester):
    token = Token.objects.create(user=playtester)
    headers = {"HTTP_AUTHORIZATION": f"Token {token.key}"}
    assert client.get("/api/games/", **headers, HTTP_ACCEPT_LANGUAGE="fr")["Content-Language"] == "fr"
    assert client.get("/api/games/", **headers)["Content-Language"] == "en"
    remember(playtester, language="ru")
    assert client.get("/api/games/", **headers, HTTP_ACCEPT_LANGUAGE="fr")["Content-Language"] == "ru"
    # DRF's own refusals too.
    anonymous = client.get("/api/games/", HTTP_ACCEPT_LANGUAGE="fr").json()
    assert "authentification" in anonymous["detail"].lower()


def test_numbers_and_dates_in_the_readers_locale():
    from datetime import UTC, datetime

    from django.template import engines
    from django.utils import translation

    from common.numbers import percent

    template = engines["django"].from_string(
        '{% load labels %}{{ when|date:"SHORT_DATETIME_FORMAT" }} · {{ share }} · {{ 45|pct }}'
    )
    context = {"when": datetime(2026, 12, 1, 14, 5, tzinfo=UTC), "share": 33.8}
    with translation.override("en"):
        assert template.render(context) == "2026-12-01 14:05 · 33.8 · 45%"
        assert percent("33.8%") == "33.8%"
    with translation.override("fr"):
        assert template.render(context) == "01/12/2026 14:05 · 33,8 · 45\xa0%"
        assert percent("< 0.1%") == "< 0,1\xa0%"
    with translation.override("ru"):
        assert template.render(context) == "01.12.2026 14:05 · 33,8 · 45\xa0%"


def test_a_refusal_before_any_view_speaks_the_browsers_language(client):
    """The request guard runs before LocaleMiddleware: it reads the cookie and Accept-Language itself."""
    english = client.get("/cards/%00", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    french = client.get("/cards/%00", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert english == "the address contains a NUL character"
    assert french != english and "NUL" in french  # the French catalogue's words


def test_charts_keep_plain_numbers_in_their_svg_in_french():
    """A decimal comma in an SVG attribute would break the drawing: the geometry is not localized."""
    from django.template.loader import render_to_string
    from django.utils import translation

    from decks.charts import bar_chart, row_chart
    from rules.deckstats import Bar

    bars = [Bar("1", 3), Bar("2", 7), Bar("3", 1)]
    with translation.override("fr"):
        columns = render_to_string("decks/_columns.html", {"chart": bar_chart(bars), "title": "Coût"})
        rows = render_to_string("decks/_rows.html", {"chart": row_chart(bars)})
    for html in (columns, rows):
        svg = html[html.index("<svg") : html.index("</svg>")]
        assert not re.search(r'="[-\d]+,\d', svg), svg
    assert "\xa0%" in rows  # the shares people read are French: "64 %"
