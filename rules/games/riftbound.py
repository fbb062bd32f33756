"""Riftbound's mechanics (seed 001, French): Legend, Chosen Champion, runes, battlefields, domains."""

from rules import effects as fx
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


# --- Effects (issue 5): the vocabulary of Riftbound's structured effects ---------------------
# From seed 001: triggers on play, hold, conquest, defence, combat and spells, activated
# abilities, auras; keywords TANK, SHIELD n, ASSAULT n, ACCELERATE, AMBUSH, HUNT,
# DEATHKNELL, LEVEL n; runes (exhaust: Energy, recycle: Power), XP.
KEYWORDS = ("TANK", "SHIELD", "ASSAULT", "ACCELERATE", "AMBUSH", "HUNT", "DEATHKNELL", "LEVEL")
ZONES = ("HAND", "DECK", "RUNE_DECK", "DISCARD", "BASE", "BATTLEFIELD", "BANISHED")
_DURATIONS = ("UNTIL_END_OF_TURN", "THIS_COMBAT", "WHILE_ACTIVE", "PERMANENT")
_TARGET = fx.ref("the unit, card, battlefield or player it applies to")
_COUNT = fx.integer("how many (default 1)", minimum=1)

EFFECTS = fx.EffectVocabulary(
    kinds=("passive", "activated", "triggered"),
    timings={
        "ON_PLAY": "when the card is played",
        "ACTIVATED": "an activated ability",
        "CONTINUOUS": "an aura, applied while its conditions hold",
        "ON_CONQUER": "when its controller conquers a battlefield",
        "ON_HOLD": "when its controller holds a battlefield (start of turn)",
        "ON_DEFEND": "when it defends a battlefield",
        "ON_COMBAT": "in a showdown",
        "ON_SPELL_CAST": "when a spell is played",
        "DEATHKNELL": "when the unit dies",
        "BEGINNING_PHASE": "in the Beginning phase",
        "END_OF_TURN": "at the end of the turn",
    },
    durations={
        "UNTIL_END_OF_TURN": "this turn",
        "THIS_COMBAT": "for this showdown",
        "WHILE_ACTIVE": "an aura, while its conditions hold",
        "PERMANENT": "never expires",
    },
    actions=(
        fx.variant("DEAL_DAMAGE", "deal damage", required=("amount", "target"), amount=fx.integer(minimum=0), target=_TARGET),
        fx.counted("DRAW", "draw cards"),
        fx.stat_change(("MIGHT",), _DURATIONS, "a Might bonus or malus"),
        fx.variant(
            "GRANT_KEYWORD",
            "give a keyword (with its value: SHIELD 2, ASSAULT 1, LEVEL n)",
            required=("keyword",),
            lasting=True,
            keyword=fx.one_of(KEYWORDS),
            value=fx.integer(minimum=1),
            target=_TARGET,
            duration=fx.one_of(_DURATIONS),
        ),
        fx.variant("GAIN_XP", "gain XP", required=("amount",), amount=fx.integer(minimum=1)),
        fx.counted("CHANNEL", "channel runes from the rune deck"),
        fx.variant(
            "ADD_RESOURCE",
            "add Energy or Power to the rune pool (emptied at the end of the turn)",
            energy=fx.integer(minimum=0),
            power=fx.some_of((*DOMAINS, RAINBOW)),
        ),
        fx.variant("MOVE_UNIT", "move a unit", required=("target", "to"), target=_TARGET, to=fx.one_of(("BASE", "BATTLEFIELD"))),
        fx.targeted("RECALL", "send a unit back to its base"),
        fx.targeted("KILL", "kill a unit"),
        fx.targeted("BANISH", "banish a card"),
        fx.targeted("RECYCLE", "put a card at the bottom of its deck"),
        fx.targeted("READY", "ready a unit or rune"),
        fx.targeted("EXHAUST", "exhaust a unit or rune"),
        fx.variant("PLAY", "play a card", required=("from",), **{"from": fx.some_of(ZONES)}, filter=fx.FILTER, free=fx.flag()),
        fx.variant(
            "MODIFY_COST",
            "change a cost",
            required=("amount",),
            lasting=True,
            amount=fx.integer(),
            filter=fx.FILTER,
            duration=fx.one_of(_DURATIONS),
        ),
    ),
    costs=(
        fx.variant("EXHAUST_SELF", "exhaust this card"),
        fx.variant("PAY_ENERGY", "pay Energy", required=("amount",), amount=fx.integer(minimum=0)),
        fx.variant("PAY_POWER", "pay Power of these domains (RAINBOW: any)", required=("power",), power=fx.some_of((*DOMAINS, RAINBOW))),
        fx.variant("RECYCLE", "recycle a card or rune", target=_TARGET),
        fx.counted("DISCARD", "discard cards"),
        fx.variant("KILL_SELF", "kill this unit"),
    ),
    conditions=(
        fx.variant("LEVEL_AT_LEAST", "its controller has at least N XP", required=("xp",), xp=fx.integer(minimum=1)),
        fx.variant("CONTROLS_BATTLEFIELD", "its controller controls a battlefield", count=fx.integer(minimum=1)),
        fx.variant("AT_BATTLEFIELD", "the unit is at a battlefield"),
        fx.variant("OWN_TURN", "during its controller's turn"),
    ),
    target_kinds={"UNIT": "a unit", "CARD": "a card in a zone", "BATTLEFIELD": "a battlefield", "RUNE": "a rune", "PLAYER": "a player"},
    filter_params={
        "cardTypes": fx.some_of((LEGEND, CHAMPION_UNIT, UNIT, SPELL, GEAR, RUNE, BATTLEFIELD)),
        "domains": fx.some_of(DOMAINS),
        "tags": fx.texts(),
        "names": fx.texts("exact names"),
        "keywords": fx.some_of(KEYWORDS),
        "maxMight": fx.integer(minimum=0),
    },
    target_params={"zone": fx.one_of(ZONES)},
    limit=fx.LimitRule(periods=("turn",), shared_by_copies=None),
    reading=fx.TextReading(
        once_per_turn=fx.ONCE_PER_TURN_FR + fx.ONCE_PER_TURN_EN,
        durations={"UNTIL_END_OF_TURN": (r"\bce tour\b", *fx.UNTIL_END_OF_TURN_FR, *fx.UNTIL_END_OF_TURN_EN)},
    ),
)


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
    # Effects (issue 5)
    effect_vocabulary = EFFECTS

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
