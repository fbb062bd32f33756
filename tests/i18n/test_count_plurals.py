"""Counts shown to the user take the plural form of the language: « 1 face », « 5 faces » in French;
« 1 макета », « 2 макетов », « 5 макетов » in Russian (three forms), not one form for every count."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from common import finding_messages
from rules import messages as core_messages

NBSP = "\u00a0"


def _job(total: int) -> SimpleNamespace:
    return SimpleNamespace(
        pk=7,
        total=total,
        done=0,
        percent=0,
        state="RUNNING",
        get_state_display=lambda: "En cours",
        game="duel",
        set_code="",
        layout_label="A4",
        bleed_mm=0,
        backs=False,
        cmyk=False,
        lang="",
        output="pdf",
        name="set.csv",
        error="",
        errors=[],
    )


def _print_progress(total: int) -> str:
    return render_to_string("faces/_job.html", {"job": _job(total), "running": False})


def _import_progress(total: int) -> str:
    return render_to_string("cards/_import_job.html", {"job": _job(total)})


CASES = [
    ("fr", 1, f"En cours{NBSP}: 0 sur 1 face<", f"En cours{NBSP}: 0 sur 1 carte vérifiée<"),
    ("fr", 5, f"En cours{NBSP}: 0 sur 5 faces<", f"En cours{NBSP}: 0 sur 5 cartes vérifiées<"),
    ("ru", 1, "En cours: 0 из 1 макета<", "En cours: проверено 0 из 1 карты<"),
    ("ru", 2, "En cours: 0 из 2 макетов<", "En cours: проверено 0 из 2 карт<"),
    ("ru", 5, "En cours: 0 из 5 макетов<", "En cours: проверено 0 из 5 карт<"),
    ("en", 1, "En cours: 0 of 1 face<", "En cours: 0 of 1 card checked<"),
    ("en", 5, "En cours: 0 of 5 faces<", "En cours: 0 of 5 cards checked<"),
]


@pytest.mark.parametrize(("code", "total", "faces", "cards"), CASES)
def test_progress_counts_take_the_plural_form_of_the_language(code, total, faces, cards):
    with translation.override(code):
        printed, imported = _print_progress(total), _import_progress(total)
    assert faces in printed, printed
    assert cards in imported, imported


FINDINGS = [
    ("fr", 1, f"l'adversaire a 1 monstre{NBSP}: une attaque"),
    ("fr", 5, f"l'adversaire a 5 monstres{NBSP}: une attaque"),
    ("ru", 1, "у соперника 1 монстр;"),
    ("ru", 2, "у соперника 2 монстра;"),
    ("ru", 5, "у соперника 5 монстров;"),
    ("en", 1, "the opponent has 1 monster: an attack"),
    ("en", 5, "the opponent has 5 monsters: an attack"),
]


@pytest.mark.parametrize(("code", "monsters", "expected"), FINDINGS)
def test_a_refusal_that_counts_takes_the_plural_form_of_the_language(code, monsters, expected):
    params = {"kind": "ATTACK", "monsters": monsters, "rule": "duel"}
    english = core_messages.message("TABLE_DUEL_DIRECT_ATTACK", params)
    finding = {"code": "TABLE_DUEL_DIRECT_ATTACK", "params": params, "message": english}
    with translation.override(code):
        assert finding_messages.message(finding).startswith(expected)


@pytest.mark.parametrize(
    ("code", "most", "expected"),
    [
        ("fr", 1, "Placez de 0 à 1 carte sous le deck"),
        ("fr", 2, "Placez de 0 à 2 cartes sous le deck"),
        ("ru", 1, "Положите под колоду от 0 до 1 карты"),
        ("ru", 2, "Положите под колоду от 0 до 2 карт"),
        ("ru", 21, "Положите под колоду от 0 до 21 карты"),
        ("en", 1, "Put 0 to 1 card under the deck"),
    ],
)
def test_a_mulligan_rule_takes_the_plural_form_of_its_most_cards(code, most, expected):
    from decks.draw_views import mulligan_rule
    from rules.draws import Mulligan

    with translation.override(code):
        assert mulligan_rule(Mulligan(max_cards=most, to_bottom=True)).startswith(expected)
    shuffled = Mulligan(max_cards=1, to_bottom=False)
    assert shuffled.describe().startswith("put 0 to 1 card back, shuffle")
