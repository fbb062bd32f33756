"""Darkrow's rule set (seed 000): card types, fields, Leader and Object checks, archetype aliases."""

import pytest

from rules import get_ruleset

from .helpers import check, codes, errors, shape

DARKROW = get_ruleset("darkrow")


def test_card_types_and_fields():
    assert DARKROW.card_types == ("LEADER", "UNIT", "LEGENDARY", "ACTION", "OBJECT", "PLACE")
    assert DARKROW.field_names() == ("cost", "atk", "pv", "behavior")


def test_a_complete_unit_has_no_finding():
    assert check("darkrow", "UNIT", "Toyama Kazuha", cost=3, atk=4, pv=3) == []


def test_a_leader_has_no_atk_pv_nor_cost():
    assert check("darkrow", "LEADER", "Gin") == []
    findings = check("darkrow", "LEADER", "Gin", cost=2, atk=3, pv=4)
    assert errors(findings) == [
        ("FIELD_NOT_ALLOWED", "cost"),
        ("FIELD_NOT_ALLOWED", "atk"),
        ("FIELD_NOT_ALLOWED", "pv"),
    ]
    assert all(f.card == "Gin" for f in findings)
    assert "LEADER cards have no atk" in findings[1].message


def test_a_leader_with_a_zero_cost_is_still_refused():
    # The seed: a Leader has no deployment cost at all, not a cost of 0.
    assert errors(check("darkrow", "LEADER", "Vodka", cost=0)) == [("FIELD_NOT_ALLOWED", "cost")]


def test_an_object_needs_its_behavior():
    assert errors(check("darkrow", "OBJECT", "Uniforme", cost=1)) == [("FIELD_REQUIRED", "behavior")]
    assert check("darkrow", "OBJECT", "Uniforme", cost=1, behavior="EQUIPMENT") == []
    assert check("darkrow", "OBJECT", "Rouge à lèvre", cost=1, behavior="CONSUMABLE") == []


def test_behavior_belongs_to_objects_only():
    assert errors(check("darkrow", "UNIT", "Ran", cost=2, atk=2, pv=2, behavior="EQUIPMENT")) == [
        ("FIELD_NOT_ALLOWED", "behavior")
    ]


def test_fighters_need_cost_atk_and_pv_and_every_missing_one_is_reported():
    assert errors(check("darkrow", "UNIT", "Ran")) == [
        ("FIELD_REQUIRED", "cost"),
        ("FIELD_REQUIRED", "atk"),
        ("FIELD_REQUIRED", "pv"),
    ]
    assert errors(check("darkrow", "LEGENDARY", "Gin", cost=5)) == [
        ("FIELD_REQUIRED", "atk"),
        ("FIELD_REQUIRED", "pv"),
    ]


def test_actions_and_places_have_a_cost_only():
    assert check("darkrow", "ACTION", "Une action", cost=0) == []
    assert errors(check("darkrow", "PLACE", "Un lieu", cost=1, atk=1)) == [("FIELD_NOT_ALLOWED", "atk")]


def test_ranges():
    assert errors(check("darkrow", "UNIT", "Ran", cost=-1, atk=-2, pv=0)) == [
        ("FIELD_RANGE", "cost"),
        ("FIELD_RANGE", "atk"),
        ("FIELD_RANGE", "pv"),
    ]


def test_a_card_needs_a_name():
    assert ("NAME_REQUIRED", "name") in errors(check("darkrow", "ACTION", "  ", cost=0))


@pytest.mark.parametrize(
    "fields, field, message",
    [
        ({"hp": 3}, "hp", "hp is not a field of darkrow cards; its fields are: cost, atk, pv, behavior"),
        ({"cost": "3"}, "cost", 'cost must be a whole number, not "3"'),
        ({"cost": 2.5}, "cost", "cost must be a whole number, not 2.5"),
        ({"atk": True}, "atk", "atk must be a whole number, not true"),
        (
            {"behavior": "WEAPON"},
            "behavior",
            "behavior 'WEAPON' is not allowed; use one of CONSUMABLE, EQUIPMENT",
        ),
        (
            {"behavior": ["EQUIPMENT"]},
            "behavior",
            "behavior ['EQUIPMENT'] is not allowed; use one of CONSUMABLE, EQUIPMENT",
        ),
    ],
)
def test_shape_errors_name_the_field_and_what_is_allowed(fields, field, message):
    found = shape("darkrow", "OBJECT", "Uniforme", **fields)
    assert [(f.code, f.field, f.message) for f in found] == [
        ("FIELD_UNKNOWN" if field == "hp" else "FIELD_TYPE", field, message)
    ]


def test_every_shape_error_is_reported_at_once():
    found = shape("darkrow", "SPELL", "Oops", cost="x", hp=1, behavior=3)
    assert codes(found) == [
        ("CARD_TYPE", "type"),
        ("FIELD_TYPE", "cost"),
        ("FIELD_UNKNOWN", "hp"),
        ("FIELD_TYPE", "behavior"),
    ]
    assert "use one of LEADER, UNIT, LEGENDARY, ACTION, OBJECT, PLACE" in found[0].message


def test_null_is_the_empty_value_of_every_field():
    assert shape("darkrow", "LEADER", "Gin", cost=None, atk=None, pv=None, behavior=None) == []


def test_gadget_and_gadgets_resolve_to_gadget():
    assert DARKROW.archetype_key("Gadget") == "GADGET"
    assert DARKROW.archetype_key("Gadgets") == "GADGET"
    assert DARKROW.archetype_key("  gadgets ") == "GADGET"
    assert DARKROW.archetype_keys(["Gadget", "Gadgets"]) == ["GADGET"]


def test_lyceen_labels_stay_three_distinct_archetypes():
    keys = [DARKROW.archetype_key(label) for label in ("Lycéen", "Lycéenne", "Lycéen(ne)")]
    assert keys == ["LYCEEN", "LYCEENNE", "LYCEEN_NE"]
    assert len(set(keys)) == 3


def test_nothing_else_is_merged():
    assert DARKROW.archetype_aliases == {"GADGETS": "GADGET"}
    assert DARKROW.archetype_key("Détective") == "DETECTIVE"
    assert DARKROW.archetype_key("Détectives") == "DETECTIVES"
    assert DARKROW.archetype_keys(["Amie d’enfance", "Artiste martial"]) == [
        "AMIE_D_ENFANCE",
        "ARTISTE_MARTIAL",
    ]
