"""Cardfight!! Vanguard, Classic format (seed 002, Russian): BT01, TD01, TD02."""

from rules.cards import CardData
from rules.fields import bool_field, enum_field, int_field, str_field
from rules.findings import error
from rules.registry import register
from rules.ruleset import RuleSet

NORMAL_UNIT, TRIGGER_UNIT = "NORMAL_UNIT", "TRIGGER_UNIT"
TRIGGERS = ("CRITICAL", "DRAW", "STAND", "HEAL")


def trigger_unit_is_grade_zero(card: CardData):
    grade = card.get("grade")
    if card.type == TRIGGER_UNIT and grade is not None and grade != 0:
        yield error(
            "TRIGGER_GRADE",
            f"a trigger unit is grade 0; this one is grade {grade}",
            card=card.ref,
            field="grade",
        )


@register
class Vanguard(RuleSet):
    key = "vanguard"
    name = "Cardfight!! Vanguard (Classic)"
    language = "ru"
    seed = "002_827004924486c707.txt"
    card_types = (NORMAL_UNIT, TRIGGER_UNIT)
    id_prefix = "VG"
    default_format = "classic"
    set_required = True
    fields = (
        int_field("grade", label="Grade", minimum=0, maximum=3, required_for=frozenset(card_types)),
        int_field("power", label="Power", minimum=0, required_for=frozenset(card_types)),
        int_field("shield", label="Shield", minimum=0),
        int_field("critical", label="Critical", minimum=0),
        enum_field(
            "trigger",
            TRIGGERS,
            label="Trigger",
            types=frozenset({TRIGGER_UNIT}),
            required_for=frozenset({TRIGGER_UNIT}),
        ),
        str_field("clan", label="Clan"),
        # The copy identity: the 4-copy limit counts prints and arts of one nameId together.
        str_field("nameId", label="Name identity", help="copy identity; defaults to the name"),
        bool_field("sentinel", label="Sentinel (perfect guard)"),
    )
    card_checks = (trigger_unit_is_grade_zero,)

    def normalize_fields(self, card_type, name, values):
        fields = super().normalize_fields(card_type, name, values)
        if not fields.get("nameId"):
            fields["nameId"] = name
        if fields.get("sentinel") is None:
            fields["sentinel"] = False
        return fields
