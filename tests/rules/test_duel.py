"""Duel's rule set (seed 004): monsters with levels 1-8, ATK/DEF, factions; the other card types."""

import pytest

from rules import get_ruleset

from .helpers import check, errors, shape

DUEL = get_ruleset("duel")


def test_card_types_and_fields():
    assert DUEL.card_types == ("MONSTER", "SPELL", "TRAP", "EQUIPMENT", "CHARACTER", "TERRAIN")
    assert DUEL.field_names() == ("level", "atk", "def", "faction", "monsterType")


@pytest.mark.parametrize("level", [1, 4, 8])
def test_monster_levels_1_to_8_are_fine(level):
    assert check("duel", "MONSTER", "Golem", level=level, atk=1000, **{"def": 800}) == []


@pytest.mark.parametrize("level", [0, 9, -1, 12])
def test_a_monster_level_outside_1_8_is_an_error(level):
    findings = check("duel", "MONSTER", "Golem", level=level, atk=1000, **{"def": 800})
    assert errors(findings) == [("FIELD_RANGE", "level")]
    assert findings[0].message == f"level is {level}; it must be between 1 and 8"


def test_a_monster_needs_level_atk_and_def():
    assert errors(check("duel", "MONSTER", "Golem")) == [
        ("FIELD_REQUIRED", "level"),
        ("FIELD_REQUIRED", "atk"),
        ("FIELD_REQUIRED", "def"),
    ]


@pytest.mark.parametrize("card_type", ["SPELL", "TRAP", "EQUIPMENT", "CHARACTER", "TERRAIN"])
def test_other_card_types_have_no_monster_fields(card_type):
    assert check("duel", card_type, "Carte") == []
    assert errors(check("duel", card_type, "Carte", level=3, faction="LIGHT")) == [
        ("FIELD_NOT_ALLOWED", "level"),
        ("FIELD_NOT_ALLOWED", "faction"),
    ]


def test_faction_is_light_darkness_or_null():
    assert (
        check("duel", "MONSTER", "Golem", level=4, atk=1, faction=None, monsterType="Machine", **{"def": 1})
        == []
    )
    assert [(f.field, f.message) for f in shape("duel", "MONSTER", faction="EARTH")] == [
        ("faction", "faction 'EARTH' is not allowed; use one of LIGHT, DARKNESS")
    ]


def test_monster_type_is_text_of_reasonable_length():
    assert [f.field for f in shape("duel", "MONSTER", monsterType=7)] == ["monsterType"]
    assert [f.field for f in shape("duel", "MONSTER", monsterType="M" * 201)] == ["monsterType"]
