"""Riftbound's mechanics (seed 001, French): Legend, Chosen Champion, runes, battlefields, domains."""

from rules.cards import CardData
from rules.fields import bool_field, enum_list_field, int_field, str_list_field
from rules.findings import error
from rules.registry import register
from rules.ruleset import RuleSet

LEGEND, CHAMPION_UNIT, UNIT, SPELL, GEAR, RUNE, BATTLEFIELD = (
    "LEGEND",
    "CHAMPION_UNIT",
    "UNIT",
    "SPELL",
    "GEAR",
    "RUNE",
    "BATTLEFIELD",
)
DOMAINS = ("FURY", "CALM", "MIND", "BODY", "CHAOS", "ORDER")
RAINBOW = "RAINBOW"
PLAYABLE = frozenset({CHAMPION_UNIT, UNIT, SPELL, GEAR})
UNITS = frozenset({CHAMPION_UNIT, UNIT})


def domains_are_one_or_two(card: CardData):
    domains = card.get("domains") or []
    if len(set(domains)) != len(domains):
        yield error("DOMAINS", "a domain is listed twice", card=card.ref, field="domains")
    if card.type == LEGEND and len(set(domains)) != 2:
        yield error(
            "DOMAINS",
            f"a Legend sets a two-domain identity; this one has {len(set(domains))}",
            card=card.ref,
            field="domains",
        )
    elif len(set(domains)) > 2:
        yield error("DOMAINS", f"a card has at most two domains; this one has {len(set(domains))}", card=card.ref, field="domains")


def signature_has_a_tag(card: CardData):
    if card.get("signature") and not card.get("tags"):
        yield error("SIGNATURE_TAG", "a SIGNATURE card needs the tag of its Legend", card=card.ref, field="tags")


@register
class Riftbound(RuleSet):
    key = "riftbound"
    name = "Riftbound"
    language = "fr"
    seed = "001_dae76ee289fde7a6.txt"
    card_types = (LEGEND, CHAMPION_UNIT, UNIT, SPELL, GEAR, RUNE, BATTLEFIELD)
    id_prefix = "RB"
    default_format = "constructed"
    fields = (
        # Empty list: a neutral card, playable in every identity.
        enum_list_field("domains", DOMAINS, label="Domains"),
        int_field("energy", label="Energy cost", minimum=0, types=PLAYABLE),
        # Power cost: domain symbols, or RAINBOW (payable with any domain).
        enum_list_field("power", DOMAINS + (RAINBOW,), label="Power cost", types=PLAYABLE),
        int_field("might", label="Might", minimum=0, types=UNITS, required_for=UNITS),
        # A champion's tag matches its Legend's.
        str_list_field("tags", label="Tags", required_for=frozenset({LEGEND, CHAMPION_UNIT})),
        str_list_field("keywords", label="Keywords", help="e.g. TANK, SHIELD 2, ASSAULT 1, ACCELERATE"),
        bool_field("unique", label="Unique"),
        bool_field("signature", label="Signature"),
    )
    card_checks = (domains_are_one_or_two, signature_has_a_tag)
    # The keywords seed 001 names (combat, entry, XP); a parameter ("SHIELD 2") is allowed.
    effect_keywords = ("TANK", "SHIELD", "ASSAULT", "ACCELERATE", "AMBUSH", "HUNT", "DEATHKNELL", "LEVEL")

    def coerce_fields(self, values):
        # FORMATS.md: power is a list of domains, or RAINBOW; a lone symbol is a list of one.
        if isinstance(values.get("power"), str):
            values["power"] = [values["power"]]
        return values

    def normalize_fields(self, card_type, name, values):
        fields = super().normalize_fields(card_type, name, values)
        for key in ("domains", "tags", "keywords"):
            if fields.get(key) is None:
                fields[key] = []
        for key in ("unique", "signature"):
            if fields.get(key) is None:
                fields[key] = False
        return fields
