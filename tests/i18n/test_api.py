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
    # Messages and hints are words in the reader's language; the rest never changes.
    return [
        {k: v for k, v in violation.items() if k not in ("message", "hint")}
        for violation in body["violations"]
    ]


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
    assert (
        unknown["fr"]
        == "Deck principal : NO-SUCH-CARD ne désigne aucune carte de Cardfight!! Vanguard (Classic)"
    )
    assert (
        unknown["ru"]
        == "Основная колода: NO-SUCH-CARD — в игре Cardfight!! Vanguard (Classic) нет такой карты"
    )
    # Keys of the contract are the same, whatever the language.
    assert bodies["fr"].keys() == bodies["en"].keys()


def test_the_users_preference_wins_over_accept_language(client, playtester, test_catalogue):
    token = Token.objects.create(user=playtester)
    remember(playtester, language="ru")
    body = validate(client, token, HTTP_ACCEPT_LANGUAGE="fr").json()
    unknown = next(v["message"] for v in body["violations"] if v["code"] == "UNKNOWN_CARD")
    assert "в игре Cardfight!! Vanguard (Classic) нет такой карты" in unknown


def test_a_refusal_says_why_in_the_readers_language(client, playtester, test_catalogue):
    """An InvalidInput's detail and per-field messages are made again from its findings."""
    from django.utils import translation

    from common.errors import InvalidInput
    from common.finding_messages import message
    from rules.findings import error

    finding = error(
        "UNKNOWN_CARD",
        section="main",
        field="card",
        params={"section": "main", "ref": "X", "game": "vanguard"},
    )
    refusal = InvalidInput([finding])
    with translation.override("fr"):
        assert (
            refusal.reader_message()
            == "Deck principal : X ne désigne aucune carte de Cardfight!! Vanguard (Classic)"
        )
        assert refusal.by_field() == {"card": [message(finding)]}
    with translation.override("en"):
        assert refusal.reader_message() == "main: X names no vanguard card"


def test_the_javascript_catalog_is_in_the_readers_language(client, test_catalogue):
    from tests.i18n.conftest import build_js

    build_js(test_catalogue)
    french = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="fr")
    assert french.status_code == 200 and "Choisi : %(name)s" in french.content.decode()
    assert "Choisi" not in client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="en").content.decode()


# With the studio's own catalogues (not the test one): a Vanguard deck with a violation of each kind.
BROKEN = {
    "game": "vanguard",
    "name": "probe",
    "sections": {
        "main": [
            {"card": "Blaster Blade", "count": 5},
            {"card": "NO-SUCH-CARD", "count": 1},
            {"card": "Flogal", "count": 2},
            {"card": "Yggdrasil Maiden, Elaine", "count": 5},
        ]
    },
}


@pytest.fixture
def vanguard_cards(db):
    from cards.demo import card_set
    from cards.imports import cards_import

    cards_import(payload=card_set("vanguard"))


def test_every_violation_of_a_deck_in_three_languages_with_the_real_catalogues(
    client, playtester, vanguard_cards
):
    token = Token.objects.create(user=playtester)
    bodies = {
        lang: validate_deck(client, token, BROKEN, HTTP_ACCEPT_LANGUAGE=lang).json()
        for lang in ("en", "fr", "ru")
    }
    codes = [v["code"] for v in bodies["en"]["violations"]]
    assert {
        "UNKNOWN_CARD",
        "DECK_SIZE",
        "COPY_LIMIT",
        "TRIGGER_COUNT",
        "HEAL_LIMIT",
        "NO_STARTING_VANGUARD",
    } <= set(codes)
    # Codes, severities, sections, cards and params: the same in every language, in the same order.
    assert without_messages(bodies["en"]) == without_messages(bodies["fr"]) == without_messages(bodies["ru"])
    assert bodies["en"]["legal"] is bodies["fr"]["legal"] is bodies["ru"]["legal"] is False
    for index, code in enumerate(codes):
        messages = {lang: body["violations"][index]["message"] for lang, body in bodies.items()}
        assert len(set(messages.values())) == 3, (code, messages)
    by_code = {lang: {v["code"]: v["message"] for v in body["violations"]} for lang, body in bodies.items()}
    # The catalogues' words, plural forms included (Russian: 13 карт, 7 триггеров, 5 хил-триггеров).
    assert by_code["fr"]["DECK_SIZE"].endswith("13 cartes\u202f; il en faut exactement 50")
    assert by_code["ru"]["DECK_SIZE"].endswith("13 карт; нужно ровно 50")
    assert "7 триггеров" in by_code["ru"]["TRIGGER_COUNT"]
    assert "5 хил-триггеров" in by_code["ru"]["HEAL_LIMIT"]
    assert "стартового авангарда" in by_code["ru"]["NO_STARTING_VANGUARD"]
    assert "ne désigne aucune carte" in by_code["fr"]["UNKNOWN_CARD"]
    # The card by its name, as the English message names it, not by its stable id alone.
    assert (
        by_code["fr"]["COPY_LIMIT"]
        == "5 exemplaires de Yggdrasil Maiden, Elaine (BT01-047)\u202f; 4 au plus autorisés en format Classique"
    )
    assert (
        by_code["ru"]["COPY_LIMIT"]
        == "5 копий карты Yggdrasil Maiden, Elaine (BT01-047); в формате «Классический» можно не больше 4"
    )


def validate_deck(client, token, deck, **headers):
    return client.post(
        "/api/decks/validate/",
        deck,
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {token.key}",
        **headers,
    )


def test_a_session_users_preference_wins_over_accept_language(client, playtester, vanguard_cards):
    """Signed in with the studio's cookie (the pages' own fetches), not a token: the same order."""
    remember(playtester, language="ru")
    client.force_login(playtester)
    answer = client.post(
        "/api/decks/validate/", DECK, content_type="application/json", HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert answer["Content-Language"] == "ru"
    unknown = next(v["message"] for v in answer.json()["violations"] if v["code"] == "UNKNOWN_CARD")
    assert "в игре «Cardfight!! Vanguard (Classic)» нет такой карты" in unknown


def test_an_english_preference_wins_over_a_french_browser(client, playtester, vanguard_cards):
    token = Token.objects.create(user=playtester)
    remember(playtester, language="en")
    answer = validate_deck(client, token, DECK, HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9")
    assert answer["Content-Language"] == "en"
    unknown = next(v["message"] for v in answer.json()["violations"] if v["code"] == "UNKNOWN_CARD")
    assert unknown == "main: NO-SUCH-CARD names no vanguard card"
