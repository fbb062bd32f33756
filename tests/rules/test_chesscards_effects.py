"""The structured effects of the 41 chess cards (seed 003), checked against their French texts."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from rules import CardData, Severity, registry

ROOT = Path(__file__).resolve().parents[2]
CARDS = json.loads((ROOT / "cards" / "demo" / "chesscards.json").read_text(encoding="utf-8"))["cards"]
BY_NAME = {card["name"]: card for card in CARDS}
RULES = registry.get("chesscards")


def data(card: dict, effects=None) -> CardData:
    return CardData(
        game="chesscards",
        name=card["name"],
        type=card["type"],
        stable_id=card["stableCardId"],
        text=card["text"],
        effects=tuple(card["effects"] if effects is None else effects),
        status=card["status"],
    )


def effect(name: str) -> dict:
    [only] = BY_NAME[name]["effects"]
    return only


def findings(card: dict, effects=None) -> dict[str, list]:
    found: dict[str, list] = {}
    for f in RULES.check_card(data(card, effects)):
        found.setdefault(f.code, []).append(f)
    return found


def test_all_41_cards_have_schema_valid_effects_and_no_error():
    assert len(CARDS) == 41
    for card in CARDS:
        assert RULES.effect_errors(card["effects"], card_ref=card["stableCardId"]) == [], card["name"]
        errors = [f for f in RULES.check_card(data(card)) if f.is_error]
        assert errors == [], card["name"]


def test_the_only_flag_is_the_open_question_of_clone_and_breche():
    flagged = {card["name"]: sorted(findings(card)) for card in CARDS if findings(card)}
    assert flagged == {"Clone": ["CHESS_BREACH_UNSTATED"]}


def test_effect_ids_are_unique_and_derived_from_the_stable_ids():
    ids = [effect(card["name"])["effectId"] for card in CARDS]
    assert len(set(ids)) == 41
    assert effect("Échange équivalent")["effectId"] == "CC-019.echange-equivalent"
    assert all(eid.startswith(card["stableCardId"] + ".") for eid, card in zip(ids, CARDS, strict=True))


def test_every_effect_is_data_the_engine_does_not_run():
    assert {
        (effect(c["name"])["kind"], effect(c["name"])["timing"], effect(c["name"])["implemented"])
        for c in CARDS
    } == {("activated", "ON_PLAY", False)}


def test_durations():
    by_duration: dict[str, set] = {}
    for card in CARDS:
        by_duration.setdefault(effect(card["name"])["duration"], set()).add(card["name"])
    assert by_duration["UNTIL_END_OF_NEXT_OPPONENT_TURN"] == {
        "Bouclier",
        "Mur",
        "Clone",
        "Éclipse",
        "Pacifisme",
        "Zone interdite",
        "Gel",
    }
    assert by_duration["PERMANENT"] == {
        "Renfort",
        "Portail",
        "Dépromotion",
        "Promotion express",
        "Piège",
        "Révélation",
    }
    assert len(by_duration["INSTANT"]) == 41 - 7 - 6


def test_visibility():
    secret = {card["name"] for card in CARDS if effect(card["name"])["visibility"] == "SECRET"}
    assert secret == {"Piège", "Sabotage"}
    assert effect("Portail")["visibility"] == "PUBLIC"


def test_mandatory_follow_up_moves():
    with_move = {card["name"] for card in CARDS if effect(card["name"])["followUpMove"] is not None}
    assert with_move == {
        "Bouclier",
        "Mur",
        "Portail",
        "Clone",
        "Éclipse",
        "Pacifisme",
        "Zone interdite",
        "Gel",
        "Piège",
        "Brèche",
        "Révélation",
        "Sabotage",
    }
    assert effect("Pacifisme")["followUpMove"] == {
        "piece": "ANY_ALLY",
        "kingAllowed": True,
        "capture": "FORBIDDEN",
    }
    assert effect("Clone")["followUpMove"]["piece"] == "CREATED"
    # The card's effect is itself a Coup with changed rules, not a follow-up.
    assert effect("Fantôme")["actions"][0]["do"] == "PLAY_MOVE" and effect("Fantôme")["actions"][0][
        "modifiers"
    ] == ["PASS_THROUGH_PIECES"]
    assert effect("Double coup")["actions"][0]["count"] == 2


def test_availability_under_pacifisme_and_eclipse():
    def unavailable(name):
        return {
            (c["effect"], c.get("target"))
            for c in effect(name).get("conditions", [])
            if c["check"] == "UNAVAILABLE_UNDER"
        }

    assert unavailable("Sacrifice") == {("PACIFISME", None), ("ECLIPSE", "pawn")}
    assert unavailable("Harakiri") == {("PACIFISME", None), ("ECLIPSE", "piece")}
    assert unavailable("Rayon laser") == {("ECLIPSE", "pawn")}
    assert {"check": "RESTRICTED_UNDER", "effect": "PACIFISME", "restriction": "NO_CAPTURE"} in effect(
        "Rayon laser"
    )["conditions"]
    # Pacifisme: "les Cartes qui exigent une capture deviennent indisponibles".
    assert unavailable("Domino") == {("PACIFISME", None)}
    assert {c["state"] for c in effect("Révélation")["conditions"]} == {
        "OPPONENT_DECK_EMPTY",
        "OPPONENT_DECK_REVEALED",
        "NO_COMPLETE_MANDATORY_MOVE",
    }


def test_targets_that_exclude_the_king():
    def excluded(name):
        return {t["id"] for t in effect(name).get("targets", []) if t.get("excludeKing")}

    for name in (
        "Bouclier",
        "Éclipse",
        "Gel",
        "Trahison",
        "Fantôme",
        "Mimétisme",
        "Évasion",
        "Téléportation",
        "Repli",
        "Permutation",
    ):
        assert excluded(name), name
    assert excluded("Harakiri") == {"piece", "attacker"}
    assert excluded("Inversion") == {"mine", "theirs"}
    assert excluded("Mutation") == set()  # « roi compris »
    assert effect("Mutation")["targets"][0]["excludeKing"] is False


def test_what_breche_may_remove():
    removable = {card["name"] for card in CARDS if effect(card["name"])["breachRemovable"]}
    assert removable == {"Bouclier", "Mur", "Éclipse", "Pacifisme", "Zone interdite", "Gel"}
    assert effect("Brèche")["targets"][0]["filter"] == {"visible": True, "temporary": True}
    for name in ("Portail", "Piège"):
        assert effect(name)["breachRemovable"] is False


@pytest.mark.parametrize(
    "name, change, problem",
    [
        ("Portail", {"breachRemovable": True}, "but it is PERMANENT"),
        ("Piège", {"breachRemovable": True}, "but it is PERMANENT and SECRET"),
        ("Gel", {"visibility": "SECRET"}, "but it is SECRET"),
        ("Mur", {"duration": "PERMANENT"}, "but it is PERMANENT"),
    ],
)
def test_an_effect_breche_may_remove_must_be_visible_and_temporary(name, change, problem):
    changed = {**effect(name), **change}
    [flag] = findings(BY_NAME[name], [changed])["CHESS_BREACH_CONTRADICTION"]
    assert flag.severity == Severity.ERROR and flag.field == "effects[0].breachRemovable"
    assert flag.message.endswith(problem), flag.message
    assert "CHESS_BREACH_CONTRADICTION" not in findings(BY_NAME[name])


def test_a_visible_temporary_effect_breche_may_not_remove_is_flagged():
    [flag] = findings(BY_NAME["Gel"], [{**effect("Gel"), "breachRemovable": False}])["CHESS_BREACH_UNSTATED"]
    assert flag.severity == Severity.WARNING


def test_text_checks_flag_a_structure_that_lost_what_the_text_says():
    gel = copy.deepcopy(effect("Gel"))
    gel["targets"][0]["excludeKing"] = False
    gel["followUpMove"] = None
    gel["duration"] = "INSTANT"
    gel["breachRemovable"] = False
    found = findings(BY_NAME["Gel"], [gel])
    assert {"CHESS_KING_EXCLUSION_MISSING", "CHESS_FOLLOW_UP_MISSING", "EFFECT_DURATION_MISSING"} <= set(
        found
    )
    assert all(f.severity == Severity.WARNING for code in found for f in found[code])

    sacrifice = copy.deepcopy(effect("Sacrifice"))
    sacrifice["conditions"] = [c for c in sacrifice["conditions"] if c["effect"] != "ECLIPSE"]
    assert [f.message for f in findings(BY_NAME["Sacrifice"], [sacrifice])["CHESS_AVAILABILITY_MISSING"]] == [
        "effects: the text sets a condition of availability (“sous eclipse”) that ECLIPSE lacks"
    ]

    marche = {
        **effect("Marche arrière"),
        "followUpMove": {"piece": "ANY_ALLY", "kingAllowed": True, "capture": "ALLOWED"},
    }
    assert [f.field for f in findings(BY_NAME["Marche arrière"], [marche])["CHESS_FOLLOW_UP_UNSTATED"]] == [
        "effects[0].followUpMove"
    ]

    promotion = {**effect("Promotion express"), "duration": "INSTANT"}
    assert "EFFECT_DURATION_MISSING" in findings(BY_NAME["Promotion express"], [promotion])
