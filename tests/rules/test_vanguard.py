"""Vanguard's rule set (seed 002, Classic): grades, triggers, set, copy identity."""

import pytest

from rules import CardData, get_ruleset

from .helpers import check, errors, shape

VANGUARD = get_ruleset("vanguard")


def test_card_types_and_fields():
    assert VANGUARD.card_types == ("NORMAL_UNIT", "TRIGGER_UNIT")
    assert VANGUARD.field_names() == (
        "grade",
        "power",
        "shield",
        "critical",
        "trigger",
        "clan",
        "nameId",
        "sentinel",
    )


def test_a_complete_normal_unit_has_no_finding():
    assert (
        check(
            "vanguard",
            "NORMAL_UNIT",
            "Blaster Blade",
            set="TD01",
            grade=2,
            power=9000,
            shield=5000,
            critical=1,
        )
        == []
    )


def test_a_trigger_unit_needs_its_trigger():
    findings = check("vanguard", "TRIGGER_UNIT", "Flogal", set="TD01", grade=0, power=4000)
    assert errors(findings) == [("FIELD_REQUIRED", "trigger")]
    assert check("vanguard", "TRIGGER_UNIT", "Flogal", set="TD01", grade=0, power=4000, trigger="HEAL") == []


@pytest.mark.parametrize("grade", [1, 2, 3])
def test_a_trigger_unit_is_grade_zero(grade):
    findings = check(
        "vanguard", "TRIGGER_UNIT", "Flogal", set="TD01", grade=grade, power=4000, trigger="DRAW"
    )
    assert errors(findings) == [("TRIGGER_GRADE", "grade")]
    assert f"grade {grade}" in findings[0].message


def test_a_normal_unit_has_no_trigger():
    assert errors(
        check("vanguard", "NORMAL_UNIT", "Blaster Blade", set="TD01", grade=2, power=9000, trigger="STAND")
    ) == [("FIELD_NOT_ALLOWED", "trigger")]


def test_grade_and_power_are_required_and_grade_is_0_to_3():
    assert errors(check("vanguard", "NORMAL_UNIT", "X", set="BT01")) == [
        ("FIELD_REQUIRED", "grade"),
        ("FIELD_REQUIRED", "power"),
    ]
    assert errors(check("vanguard", "NORMAL_UNIT", "X", set="BT01", grade=4, power=10000)) == [
        ("FIELD_RANGE", "grade")
    ]


def test_set_is_required():
    assert errors(check("vanguard", "NORMAL_UNIT", "X", grade=1, power=7000)) == [("FIELD_REQUIRED", "set")]


def test_trigger_must_be_one_of_the_four():
    assert [(f.field, f.message) for f in shape("vanguard", "TRIGGER_UNIT", trigger="FRONT")] == [
        ("trigger", "trigger 'FRONT' is not allowed; use one of CRITICAL, DRAW, STAND, HEAL")
    ]


def test_name_id_defaults_to_the_name_and_sentinel_to_false():
    fields, found = VANGUARD.clean_fields("NORMAL_UNIT", "Blaster Blade", {"grade": 2, "power": 9000})
    assert found == []
    assert fields["nameId"] == "Blaster Blade"
    assert fields["sentinel"] is False
    fields, _ = VANGUARD.clean_fields("NORMAL_UNIT", "Blaster Blade (alt art)", {"nameId": "Blaster Blade"})
    assert fields["nameId"] == "Blaster Blade"


def test_a_wrong_card_type_stops_the_content_checks():
    card = CardData(game="vanguard", name="X", type="G_UNIT", set="BT01", fields={"grade": 9})
    assert errors(VANGUARD.check_card(card)) == [("CARD_TYPE", "type")]
