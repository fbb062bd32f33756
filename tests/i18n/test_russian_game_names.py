"""A game's name in a Russian sentence (issue: «Шахматные карты» left in the nominative where the
sentence needs another case): the name stands in « » after a form of «игра», which carries the case,
or where the nominative is right (a label's start, after a colon, «·» or an opening parenthesis).
The same for the five games: the others' Latin names are quoted the same way."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.utils import translation

from common.finding_messages import render
from common.i18n import game_name
from rules import registry

CATALOGUE = Path(settings.BASE_DIR) / "locale" / "ru" / "LC_MESSAGES" / "django.po"
GAME = re.compile(r"%\((game|game_name)\)s")
# A game's key in a link or an API path, not its name.
KEYS = ('href="?game=', "/api/games/{game}/")
NOMINATIVE = re.compile(r"(^|: |· |\()%\((game|game_name)\)s|[Ии]гр\w* «%\((game|game_name)\)s»")


def sentences_with_a_game():
    for entry in polib.pofile(str(CATALOGUE)):
        source = entry.msgid + (entry.msgid_plural or "")
        if entry.obsolete or not GAME.search(source) or any(key in source for key in KEYS):
            continue
        forms = entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]
        for form in forms:
            yield entry.msgid, form


def test_every_russian_sentence_names_the_game_where_its_case_is_right():
    found = list(sentences_with_a_game())
    assert len(found) > 50  # the catalogue's sentences about a game, every one of them
    wrong = [
        (msgid, form) for msgid, form in found if len(GAME.findall(form)) != len(NOMINATIVE.findall(form))
    ]
    assert wrong == []


@pytest.mark.parametrize("game", [ruleset.key for ruleset in registry])
def test_a_finding_names_each_game_after_the_word_game(game):
    with translation.override("ru"):
        name = game_name(game)
        text = render("FIELD_REQUIRED", {"field": "cost", "game": game})
    assert text == f"карте игры «{name}» нужно значение cost"


def test_chess_cards_read_as_russian_says_them():
    with translation.override("ru"):
        text = render("CARD_TYPE", {"value": "HERO", "game": "chesscards", "expected": ["EFFECT"]})
    assert "не тип карт игры «Шахматные карты»" in text
    assert "карт Шахматные карты" not in text


@pytest.mark.django_db
def test_a_russian_page_names_chess_cards_in_its_case(client_as, designer):
    page = client_as(designer).get("/cards/new/", {"game": "chesscards"}, HTTP_ACCEPT_LANGUAGE="ru")
    html = page.content.decode()
    assert page.status_code == 200
    assert "Новая карта игры «Шахматные карты»" in html
    assert "Новая карта Шахматные карты" not in html
