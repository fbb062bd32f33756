"""Cardfight!! Vanguard, Classic format (seed 002, Russian): BT01, TD01, TD02."""

from rules.cards import CardData
from rules.decks import NAME_ID, DeckContext, FormatData, SizeBound
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


# --- deck construction (seed 002, section 2) ------------------------------------------------
# 50 cards, at most 4 copies per nameId (not per print or art), the Classic sets and
# "owned cards only" are the classic format's data; these are the game's own rules.
# Clans may be mixed: deliberately not checked.
TRIGGER_CARDS, MAX_HEALS, MAX_SENTINELS = 16, 4, 4


def sixteen_triggers(ctx: DeckContext):
    triggers = sum(r.count for r, card in ctx.cards("main") if card.type == TRIGGER_UNIT)
    if triggers != TRIGGER_CARDS:
        yield error("TRIGGER_COUNT", f"main has {triggers} trigger units; it must have exactly {TRIGGER_CARDS}", section="main")


def four_heals_at_most(ctx: DeckContext):
    heals = sum(r.count for r, card in ctx.cards("main") if card.type == TRIGGER_UNIT and card.get("trigger") == "HEAL")
    if heals > MAX_HEALS:
        yield error("HEAL_LIMIT", f"main has {heals} HEAL triggers; at most {MAX_HEALS}", section="main")


def four_sentinels_at_most(ctx: DeckContext):
    sentinels = sum(r.count for r, card in ctx.cards("main") if card.get("sentinel"))
    if sentinels > MAX_SENTINELS:
        yield error("SENTINEL_LIMIT", f"main has {sentinels} Sentinels; at most {MAX_SENTINELS}", section="main")


def a_starting_vanguard(ctx: DeckContext):
    # The engine takes the first candidate; "exactly one" is an open point of the seed, not a rule.
    if not any(card.type == NORMAL_UNIT and card.get("grade") == 0 for _, card in ctx.cards("main")):
        yield error(
            "NO_STARTING_VANGUARD",
            "main has no grade 0 unit without a trigger to be the starting vanguard; add one",
            section="main",
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

    deck_checks = (sixteen_triggers, four_heals_at_most, four_sentinels_at_most, a_starting_vanguard)
    # A deck of a format with "owned cards only" needs an owner before it can be played.
    not_ready_codes = frozenset({"OWNERSHIP_NOT_CHECKED"})
    default_formats = (
        FormatData(
            game="vanguard",
            key="classic",
            name="Classic",
            sections={"main": SizeBound(exact=50)},
            copy_limit=4,
            identity=NAME_ID,
            allowed_sets=frozenset({"BT01", "TD01", "TD02"}),
            owned_only=True,
        ),
    )

    def normalize_fields(self, card_type, name, values):
        fields = super().normalize_fields(card_type, name, values)
        if not fields.get("nameId"):
            fields["nameId"] = name
        if fields.get("sentinel") is None:
            fields["sentinel"] = False
        return fields
