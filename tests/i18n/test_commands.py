"""Commands speak LANG/LC_ALL or --lang; codes, JSON keys and exit statuses never change."""

from __future__ import annotations

import io
import json
import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from common.i18n import language_from_env, supported

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LC_ALL": "ru_RU.UTF-8", "LANG": "fr_FR.UTF-8"}, "ru"),
        ({"LANGUAGE": "de:fr", "LANG": "ru_RU.UTF-8"}, "fr"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
    ],
)
def test_the_language_of_the_environment(environ, expected):
    assert language_from_env(environ) == expected


def test_supported_codes():
    assert [supported(c) for c in ("fr-FR", "FR", "ru_RU.UTF-8", "xx", "")] == ["fr", "fr", "ru", None, None]


DECK = {"game": "vanguard", "name": "probe", "sections": {"main": [{"card": "NO-SUCH-CARD", "count": 1}]}}


@pytest.fixture
def deck_file(tmp_path):
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(DECK), encoding="utf-8")
    return str(path)


def checkdeck(*args, **kwargs):
    out = io.StringIO()
    with pytest.raises(SystemExit) as exit_status:
        call_command("checkdeck", *args, stdout=out, **kwargs)
    return exit_status.value.code, out.getvalue()


def test_checkdeck_speaks_the_language_asked_for(deck_file, test_catalogue, monkeypatch):
    status, english = checkdeck(deck_file)
    assert status == 1 and "UNKNOWN_CARD: main: NO-SUCH-CARD names no vanguard card" in english
    status, french = checkdeck(deck_file, lang="fr")
    assert (
        status == 1
        and "UNKNOWN_CARD: Deck principal : NO-SUCH-CARD ne désigne aucune carte de Cardfight!! Vanguard (Classic)"
        in french
    )
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    status, russian = checkdeck(deck_file)
    assert "в игре Cardfight!! Vanguard (Classic) нет такой карты" in russian
    # The JSON keeps its codes, keys and params; only the messages and hints are in the reader's language.
    _, as_json = checkdeck(deck_file, "--json", lang="fr")
    _, as_english_json = checkdeck(deck_file, "--json", lang="en")
    french_result, english_result = json.loads(as_json), json.loads(as_english_json)
    assert french_result["violations"][0]["message"] != english_result["violations"][0]["message"]
    for result in (french_result, english_result):
        for violation in result["violations"]:
            violation.pop("message")
            violation.pop("hint", None)
    assert french_result == english_result


def test_an_unknown_lang_is_unusable_input(deck_file):
    with pytest.raises(CommandError) as refused:
        call_command("checkdeck", deck_file, lang="xx")
    assert refused.value.returncode == 2 and "use one of en, fr, ru" in str(refused.value)


def test_loaddemo_gives_the_demo_users_their_languages():
    from studio.models import Preference

    out = io.StringIO()
    call_command("loaddemo", stdout=out)
    languages = dict(Preference.objects.values_list("user__username", "language"))
    assert languages == {"designer": "fr", "reviewer": "fr", "playtester": "ru"}
    assert "playtester / playtester-demo  (reads русский)" in out.getvalue()
    # A language a demo user chose is kept by the next loaddemo.
    Preference.objects.filter(user__username="designer").update(language="en")
    call_command("loaddemo", stdout=io.StringIO())
    assert Preference.objects.get(user__username="designer").language == "en"


@pytest.fixture
def darkrow_cards(db):
    from cards.demo import card_set
    from cards.imports import cards_import

    cards_import(payload=card_set("darkrow"))  # Legendaries and Objects NEEDS_REVIEW, some fields missing


def audit(*args, **kwargs) -> str:
    out = io.StringIO()
    call_command("audit", "darkrow", "--no-progress", *args, stdout=out, stderr=io.StringIO(), **kwargs)
    return out.getvalue()


def test_audit_speaks_lang_and_the_environments_language(darkrow_cards, monkeypatch):
    english = audit(lang="en")
    # The audit's number is its id (PostgreSQL does not reset ids between tests); DONE is a status
    # code, as the contract writes it.
    assert re.search(r"Audit #\d+ of darkrow: DONE, ", english)
    assert "DR-G01 Gin: DR-G01 waits for review" in english  # its code's template, in English
    assert (
        "count artwork: expected FULL_ART 3, HD 72, LEGACY_HD 6, REFERENCE 53, actual FULL_ART 0, HD 0"
        in english
    )
    french = audit(lang="fr")
    assert re.search(r"Audit n° \d+ de darkrow\xa0: DONE, ", french)
    assert "DR-G01 Gin\xa0: DR-G01 attend une revue" in french
    assert (
        "décompte artwork\xa0: attendu FULL_ART 3, HD 72, LEGACY_HD 6, REFERENCE 53, réel FULL_ART 0, HD 0"
        in french
    )
    assert "Revue de darkrow\xa0: OUVERTE\u202f; listes bloquantes\xa0: NEEDS_REVIEW" in french
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    russian = audit()
    assert "DR-G01 Gin: DR-G01 ждёт проверки" in russian
    # The lists' names are codes: the same in every language; no reason is left in English.
    for text in (french, russian):
        assert (
            "NEEDS_REVIEW " in text and "the card's status" not in text and " need a value for " not in text
        )
