"""A game's name in a French sentence: « Nouvelle carte Cartes d’échecs » reads as two titles glued.
A name never follows a noun as an adjective would (« une carte %(game)s », « les decks %(game)s »,
« les cartes de %(game)s »): it stands in « » after « du jeu », which reads with every name, or where
any name reads (a label's start, after a colon, « — », « · » or an opening parenthesis)."""

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

CATALOGUE = Path(settings.BASE_DIR) / "locale" / "fr" / "LC_MESSAGES" / "django.po"
GAME = re.compile(r"%\((game|game_name|expected)\)s")
GLUED = re.compile(
    r"\b(cartes?|decks?|decklists?|gabarits?|jeux?|face|champs)\s%\((game|game_name)\)s"
    r"|\bcartes? de\s%\((game|game_name)\)s"
)


def french_forms():
    for entry in polib.pofile(str(CATALOGUE)):
        if entry.obsolete or not GAME.search(entry.msgid + (entry.msgid_plural or "")):
            continue
        yield from ((entry.msgid, form) for form in (entry.msgstr_plural or {0: entry.msgstr}).values())


def test_no_french_sentence_glues_a_game_after_a_noun():
    found = list(french_forms())
    assert len(found) > 50
    assert [(msgid, form) for msgid, form in found if GLUED.search(form)] == []


@pytest.mark.parametrize("game", [ruleset.key for ruleset in registry])
def test_a_finding_names_each_game_after_the_word_jeu(game):
    with translation.override("fr"):
        name = game_name(game)
        text = render("FIELD_REQUIRED", {"field": "cost", "game": game})
    assert text == f"une carte du jeu «\u00a0{name}\u00a0» doit avoir une valeur pour cost"


@pytest.mark.django_db
def test_the_new_card_page_names_the_game_after_a_dash(client_as, designer):
    from studio.models import Preference

    Preference.objects.create(user=designer, language="fr")
    html = client_as(designer).get("/cards/new/", {"game": "chesscards"}).content.decode()
    assert "Nouvelle carte — Cartes d’échecs</h1>" in html
    assert "carte Cartes" not in html
