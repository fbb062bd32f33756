"""The five review lists as a pure classification: each list with a card in it and one that is not."""

from __future__ import annotations

import pytest

from rules import CardData, get_ruleset
from rules.audit import (
    BONUS_DURATION_REVIEW,
    IDENTITY_COLLISION,
    NEEDS_REVIEW,
    NEW_MECHANIC_REQUIRED,
    OBJECT_BEHAVIOR_REVIEW,
    REVIEW_LISTS,
    VERSION_CONFLICTS,
    audit_card,
    classify,
    identity_collisions,
    list_for,
)
from rules.findings import Finding, Severity

DARKROW = get_ruleset("darkrow")


def unit(**kw) -> CardData:
    base = {
        "game": "darkrow",
        "name": "Toyama Kazuha",
        "type": "UNIT",
        "stable_id": "DR-U02",
        "status": "VALIDATED",
    }
    fields = kw.pop("fields", {"cost": 3, "atk": 4, "pv": 3})
    return CardData(**{**base, **kw}, fields=fields)


def obj(name: str, behavior: str | None, text: str = "", **kw) -> CardData:
    return CardData(
        game="darkrow",
        name=name,
        type="OBJECT",
        stable_id=kw.pop("stable_id", "DR-O99"),
        text=text,
        fields={"cost": 1, "behavior": behavior},
        status=kw.pop("status", "VALIDATED"),
        **kw,
    )


def lists(card: CardData, ruleset=DARKROW) -> set[str]:
    return {listing.list for listing in audit_card(ruleset, card)}


def test_the_five_lists_in_the_seed_order():
    assert REVIEW_LISTS == (
        "BONUS_DURATION_REVIEW",
        "OBJECT_BEHAVIOR_REVIEW",
        "NEEDS_REVIEW",
        "NEW_MECHANIC_REQUIRED",
        "VERSION_CONFLICTS",
    )


def test_a_clean_validated_card_is_in_no_list():
    assert audit_card(DARKROW, unit()) == []


# --- NEEDS_REVIEW ------------------------------------------------------------------------------------
def test_needs_review_takes_the_status():
    listings = audit_card(DARKROW, unit(status="NEEDS_REVIEW"))
    assert [(item.list, item.code) for item in listings] == [(NEEDS_REVIEW, "STATUS_NEEDS_REVIEW")]
    assert listings[0].reason == f"{listings[0].card} waits for review"


def test_needs_review_takes_an_unmapped_error_of_check_card():
    card = unit(fields={"cost": 3, "atk": None, "pv": 3})
    listings = audit_card(DARKROW, card)
    assert [(item.list, item.code, item.field) for item in listings] == [
        (NEEDS_REVIEW, "FIELD_REQUIRED", "atk")
    ]
    assert "atk" in listings[0].reason


def test_a_draft_without_errors_is_not_in_needs_review():
    assert lists(unit(status="DRAFT")) == set()


def test_unmapped_warnings_list_nothing():
    card = unit()
    assert classify(card, [Finding("SOME_WARNING", "look at it", Severity.WARNING)]) == []


def test_a_disabled_card_is_in_no_list():
    card = unit(status="DISABLED", fields={"cost": None, "atk": None, "pv": None})
    assert audit_card(DARKROW, card) == []


# --- OBJECT_BEHAVIOR_REVIEW -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "name",
    ["Casque de moto", "Uniforme", "Épée d’entraînement", "Pansement de Makoto", "Epee d'entrainement"],
)
def test_the_four_equipments_must_be_equipment(name):
    assert lists(obj(name, "EQUIPMENT")) == set()
    listings = audit_card(DARKROW, obj(name, "CONSUMABLE"))
    assert [(item.list, item.code) for item in listings] == [(OBJECT_BEHAVIOR_REVIEW, "OBJECT_BEHAVIOR_SEED")]
    # A contradiction of the seed is an error: it blocks VALIDATED too.
    assert any(
        f.code == "OBJECT_BEHAVIOR_SEED" and f.is_error for f in DARKROW.check_card(obj(name, "CONSUMABLE"))
    )


def test_an_object_without_behavior_is_listed():
    listings = audit_card(DARKROW, obj("Loupe", None))
    assert [(item.list, item.code, item.field) for item in listings] == [
        (OBJECT_BEHAVIOR_REVIEW, "FIELD_REQUIRED", "behavior")
    ]


def test_another_object_is_a_consumable_unless_its_text_needs_it_to_stay():
    assert lists(obj("Loupe", "CONSUMABLE", "Piochez 1 carte.")) == set()
    listings = audit_card(DARKROW, obj("Loupe", "EQUIPMENT", "Piochez 1 carte."))
    assert [(item.list, item.code) for item in listings] == [
        (OBJECT_BEHAVIOR_REVIEW, "OBJECT_BEHAVIOR_UNJUSTIFIED")
    ]
    assert (
        lists(
            obj(
                "Gant",
                "EQUIPMENT",
                "Équipez une unité alliée : elle gagne +1 ATK tant que le Gant est attaché.",
            )
        )
        == set()
    )


def test_once_per_turn_does_not_make_an_object_permanent():
    assert lists(obj("Loupe", "EQUIPMENT", "Une fois par tour : piochez 1 carte.")) == {
        OBJECT_BEHAVIOR_REVIEW
    }


def test_the_seed_names_rouge_a_levre_a_consumable():
    text = "cibler sa Vermouth, +1 ATK/+1 PV jusqu’à fin du tour ; consommable, pas équipement."
    assert lists(obj("Rouge à lèvre", "CONSUMABLE", text)) == set()
    assert lists(obj("Rouge à lèvre", "EQUIPMENT", text)) == {OBJECT_BEHAVIOR_REVIEW}


def test_object_behavior_is_darkrow_only():
    card = CardData(game="duel", name="Casque de moto", type="EQUIPMENT", status="VALIDATED")
    assert audit_card(get_ruleset("duel"), card) == []


# --- BONUS_DURATION_REVIEW ------------------------------------------------------------------------------
def bonus(**action) -> dict:
    return {
        "effectId": "DR-U02.bonus",
        "kind": "triggered",
        "timing": "ON_DEPLOY",
        "actions": [{"do": "MODIFY_STAT", "stat": "ATK", "amount": 2, "target": "SELF", **action}],
    }


def test_a_stat_change_without_duration_is_listed():
    listings = audit_card(DARKROW, unit(effects=(bonus(),)))
    assert [(item.list, item.code) for item in listings] == [
        (BONUS_DURATION_REVIEW, "EFFECT_BONUS_NO_DURATION")
    ]
    assert listings[0].field == "effects[0].actions[0].duration"


def test_a_stat_change_with_a_duration_is_not():
    assert lists(unit(effects=(bonus(duration="UNTIL_END_OF_TURN"),))) == set()


# --- NEW_MECHANIC_REQUIRED ---------------------------------------------------------------------------------
def test_what_the_vocabulary_cannot_say_is_listed():
    effect = {**bonus(), "actions": [{"do": "NEW_MECHANIC", "description": "emprisonner l’unité adverse"}]}
    listings = audit_card(DARKROW, unit(effects=(effect,)))
    assert [(item.list, item.code) for item in listings] == [(NEW_MECHANIC_REQUIRED, "EFFECT_NEW_MECHANIC")]
    assert "emprisonner" in listings[0].reason


def test_a_known_mechanic_is_not():
    effect = {**bonus(), "actions": [{"do": "DRAW", "count": 1}]}
    assert lists(unit(effects=(effect,))) == set()


# --- NOT_IMPLEMENTED ------------------------------------------------------------------------------------------
def test_not_implemented_never_lists_a_card():
    card = unit(effects=({**bonus(duration="UNTIL_END_OF_TURN"), "implemented": False},))
    assert audit_card(DARKROW, card) == []
    # Even reported as an error by a rule set, NOT_IMPLEMENTED reopens nothing.
    assert classify(card, [Finding("NOT_IMPLEMENTED", "the engine does not run E1", Severity.ERROR)]) == []


# --- the mapping is data ---------------------------------------------------------------------------------------
def test_the_catalogue_and_the_rule_sets_fields_say_where_a_finding_goes():
    seed = Finding("OBJECT_BEHAVIOR_SEED", "m", Severity.ERROR, card="DR-O1", field="behavior")
    assert list_for(seed, DARKROW) == OBJECT_BEHAVIOR_REVIEW
    missing = Finding("FIELD_REQUIRED", "behavior: required", Severity.ERROR, card="DR-O1", field="behavior")
    assert list_for(missing, DARKROW) == OBJECT_BEHAVIOR_REVIEW
    assert (
        list_for(Finding("FIELD_REQUIRED", "cost: required", Severity.ERROR, field="cost"), DARKROW)
        == NEEDS_REVIEW
    )
    assert list_for(missing, get_ruleset("duel")) == NEEDS_REVIEW
    assert (
        list_for(Finding("FIELD_REQUIRED", "m", Severity.WARNING, field="behavior"), DARKROW)
        == OBJECT_BEHAVIOR_REVIEW
    )
    finding = Finding("EFFECT_NO_DURATION", "a bonus without duration", Severity.ERROR)
    # The same error unmapped is a NEEDS_REVIEW reason.
    assert [item.list for item in classify(unit(), [finding])] == [NEEDS_REVIEW]


# --- VERSION_CONFLICTS: identities ---------------------------------------------------------------------------------
def test_same_name_and_type_with_different_data_collide():
    a = unit(stable_id="DR-1", text="A")
    b = unit(stable_id="DR-2", text="B")
    findings = identity_collisions([a, b])
    assert [(f.card, f.code) for f in findings] == [
        ("DR-1", IDENTITY_COLLISION),
        ("DR-2", IDENTITY_COLLISION),
    ]
    assert list_for(findings[0]) == VERSION_CONFLICTS
    assert findings[0].params["cards"] == ["DR-2"]
    assert findings[0].message == "DR-1: another card with the same name, type and set holds different data"


def test_declared_distinct_identities_do_not_collide():
    a, b = unit(stable_id="DR-1", text="A"), unit(stable_id="DR-2", text="B")
    assert identity_collisions([a, b], [frozenset({"DR-1", "DR-2"})]) == []


def test_identical_data_and_disabled_cards_do_not_collide():
    assert identity_collisions([unit(stable_id="DR-1"), unit(stable_id="DR-2")]) == []
    assert (
        identity_collisions(
            [unit(stable_id="DR-1", text="A"), unit(stable_id="DR-2", text="B", status="DISABLED")]
        )
        == []
    )
