"""The API in the reader's language: the same invalid deck validated with Accept-Language fr, ru
and en gives the same codes, keys and params, and three different messages."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token

from studio.preferences import remember

pytestmark = pytest.mark.django_db

DECK = {"game": "vanguard", "name": "probe", "sections": {"main": [{"card": "NO-SUCH-CARD", "count": 1}]}}


def validate(client, token, **headers):
    return client.post(
        "/api/decks/validate/",
        DECK,
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {token.key}",
        **headers,
    )


def without_messages(body):
    return [{k: v for k, v in violation.items() if k != "message"} for violation in body["violations"]]


def test_the_same_deck_in_three_languages(client, playtester, test_catalogue):
    token = Token.objects.create(user=playtester)
    answers = {lang: validate(client, token, HTTP_ACCEPT_LANGUAGE=lang) for lang in ("en", "fr", "ru")}
    bodies = {lang: answer.json() for lang, answer in answers.items()}
    assert {lang: answer["Content-Language"] for lang, answer in answers.items()} == {
        "en": "en",
        "fr": "fr",
        "ru": "ru",
    }
    assert without_messages(bodies["en"]) == without_messages(bodies["fr"]) == without_messages(bodies["ru"])
    codes = [v["code"] for v in bodies["en"]["violations"]]
    assert "UNKNOWN_CARD" in codes and "DECK_SIZE" in codes
    for code in ("UNKNOWN_CARD", "DECK_SIZE"):
        messages = {
            lang: next(v["message"] for v in body["violations"] if v["code"] == code)
            for lang, body in bodies.items()
        }
        assert len(set(messages.values())) == 3, messages
    unknown = {
        lang: next(v["message"] for v in b["violations"] if v["code"] == "UNKNOWN_CARD")
        for lang, b in bodies.items()
    }
    assert unknown["fr"] == "main : NO-SUCH-CARD ne désigne aucune carte de vanguard"
    assert unknown["ru"] == "main: NO-SUCH-CARD — в игре vanguard нет такой карты"
    # Keys of the contract are the same, whatever the language.
    assert bodies["fr"].keys() == bodies["en"].keys()


def test_the_users_preference_wins_over_accept_language(client, playtester, test_catalogue):
    token = Token.objects.create(user=playtester)
    remember(playtester, language="ru")
    body = validate(client, token, HTTP_ACCEPT_LANGUAGE="fr").json()
    unknown = next(v["message"] for v in body["violations"] if v["code"] == "UNKNOWN_CARD")
    assert "в игре vanguard нет такой карты" in unknown


def test_a_refusal_says_why_in_the_readers_language(client, playtester, test_catalogue):
    """An InvalidInput's detail and per-field messages are made again from its findings."""
    from django.utils import translation

    from common.errors import InvalidInput
    from common.finding_messages import message
    from rules.findings import error

    finding = error(
        "UNKNOWN_CARD",
        "main: 'X' names no vanguard card",
        section="main",
        field="card",
        params={"section": "main", "ref": "X", "game": "vanguard"},
    )
    refusal = InvalidInput([finding])
    with translation.override("fr"):
        assert refusal.reader_message() == "main : X ne désigne aucune carte de vanguard"
        assert refusal.by_field() == {"card": [message(finding)]}
    with translation.override("en"):
        assert refusal.reader_message() == "main: 'X' names no vanguard card"


def test_the_javascript_catalog_is_in_the_readers_language(client, test_catalogue):
    from tests.i18n.conftest import build_js

    build_js(test_catalogue)
    french = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="fr")
    assert french.status_code == 200 and "Choisi : %(name)s" in french.content.decode()
    assert "Choisi" not in client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
