"""A game's effect vocabulary: the closed families (actions, costs, conditions), their
parameters as schema fragments, limits, the phrases its text uses, and the review list
each effect finding code feeds."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import CardData
from ..findings import Finding
from ..i18n import N_

KINDS = ("passive", "activated", "quick", "triggered")
EFFECT_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,79}$"
EFFECT_ID_HELP = N_(
    "unique in the game, never changes (1 to 80 letters, digits, '.', '_', ':' or '-', starting with a letter or digit)"
)
TARGET_ID_PATTERN = r"^[a-z][A-Za-z0-9_]{0,31}$"
# A reference names a target of the same effect (lower camelCase) or one of the
# game's fixed references (upper case: SELF, CONTROLLER...).
REF_PATTERN = r"^(?:[a-z][A-Za-z0-9_]{0,31}|[A-Z][A-Z0-9_]{0,31})$"
# Parameter names that hold references, in every vocabulary (and only those).
REF_KEYS = frozenset({"target", "of", "with", "by", "toward", "source"})
LIMIT_KEY = ["player", "turn", "effectId"]
PER_COPY_LIMIT_KEY = ["player", "turn", "effectId", "cardInstance"]
NEW_MECHANIC = "NEW_MECHANIC"


# --- schema fragments, for the vocabularies --------------------------------------------
def integer(help: str = "", *, minimum: int | None = None, maximum: int | None = None) -> dict:
    schema: dict[str, Any] = {"type": "integer"}
    if minimum is not None:
        schema["minimum"] = minimum
    if maximum is not None:
        schema["maximum"] = maximum
    return described(schema, help)


def flag(help: str = "") -> dict:
    return described({"type": "boolean"}, help)


def text(help: str = "") -> dict:
    return described({"type": "string", "minLength": 1}, help)


def texts(help: str = "") -> dict:
    return described({"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 1}}, help)


def one_of(values: Iterable[str], help: str = "") -> dict:
    return described({"enum": list(values)}, help)


def some_of(values: Iterable[str], help: str = "") -> dict:
    return described(
        {"type": "array", "minItems": 1, "uniqueItems": True, "items": {"enum": list(values)}}, help
    )


def ref(help: str = "") -> dict:
    return described(
        {"type": "string", "pattern": REF_PATTERN},
        help or N_("a target id of this effect, or a fixed reference"),
    )


def closed(properties: Mapping[str, dict], required: Iterable[str] = (), help: str = "") -> dict:
    """An object with exactly these keys (the ``required`` ones must be there)."""
    return described(
        {
            "type": "object",
            "properties": dict(properties),
            "required": list(required),
            "additionalProperties": False,
        },
        help,
    )


FILTER = {"$ref": "#/$defs/filter"}


def described(schema: dict, help: str) -> dict:
    if help:
        schema["description"] = help
    return schema


# --- the vocabulary ------------------------------------------------------------------------
@dataclass(frozen=True)
class Variant:
    """One member of a closed family (an action, a cost, a condition) and its parameters."""

    name: str
    help: str = ""
    params: Mapping[str, dict] = field(default_factory=dict)
    required: tuple[str, ...] = ()
    # Changes something over time (a stat bonus, a granted keyword): needs a duration.
    lasting: bool = False


def variant(
    name: str,
    help: str = "",
    *,
    required: Iterable[str] = (),
    lasting: bool = False,
    params: Mapping[str, dict] | None = None,
    **named: dict,
) -> Variant:
    """A variant and its parameters. A parameter named like a Python keyword takes a trailing
    underscore (``from_=...`` declares "from"); ``params`` holds a shared set of them."""
    declared = {**(params or {}), **{key.removesuffix("_"): schema for key, schema in named.items()}}
    return Variant(name, help, declared, tuple(required), lasting)


def targeted(name: str, help: str = "") -> Variant:
    """A variant that only says what it applies to (DESTROY, BANISH, READY...)."""
    return variant(name, help, required=("target",), target=ref())


def counted(name: str, help: str = "") -> Variant:
    """A variant that only says how many (DRAW, SOUL_CHARGE...)."""
    return variant(name, help, required=("count",), count=integer(N_("how many"), minimum=1))


def stat_change(
    stats: Iterable[str], durations: Iterable[str], help: str = N_("a stat bonus or malus")
) -> Variant:
    """MODIFY_STAT: it lasts, so it needs a duration (on the action or the effect: EFFECT_BONUS_NO_DURATION)."""
    return variant(
        "MODIFY_STAT",
        help,
        required=("stat", "amount"),
        lasting=True,
        stat=one_of(stats),
        amount=integer(N_("positive: a bonus, negative: a malus")),
        target=ref(),
        duration=one_of(durations),
    )


@dataclass(frozen=True)
class LimitRule:
    """How a game's "once per turn" limits are keyed.

    ``shared_by_copies`` True: every limit is keyed by player + turn + effectId,
    shared by all copies (Darkrow); None: each effect says whether its copies
    share it (then a per-copy limit is also keyed by the card instance).
    """

    periods: tuple[str, ...] = ("turn",)
    shared_by_copies: bool | None = True


# Phrases, as regular expressions on folded text (rules.text.fold: lower case, no accents, ’ -> ').
ONCE_PER_TURN_FR = (r"\b(?:une|1) (?:seule )?fois par tour\b",)
ONCE_PER_TURN_EN = (r"\bonce per turn\b", r"\b1/turn\b")
ONCE_PER_TURN_RU = (r"\b(?:1|один) раз за ход\b", r"\b1/ход\b")
UNTIL_END_OF_TURN_FR = (r"\bjusqu'?\s?a (?:la )?fin (?:du|de ce) tour\b",)
UNTIL_END_OF_TURN_EN = (r"\buntil (?:the )?end of (?:the )?turn\b",)
UNTIL_END_OF_TURN_RU = (r"\bдо конца хода\b",)
UNTIL_END_OF_BATTLE_EN = (r"\buntil (?:the )?end of (?:the )?battle\b",)
UNTIL_END_OF_BATTLE_RU = (r"\bдо конца боя\b",)


@dataclass(frozen=True)
class TextReading:
    """What the consistency checks look for in a card's text (regexes on folded text)."""

    once_per_turn: tuple[str, ...] = ()
    # duration value -> phrases that state it
    durations: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # kind -> phrases that state it ("rapide" -> quick)
    kinds: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


EffectCheck = Callable[[CardData, Sequence[Mapping[str, Any]]], Iterable[Finding]]


@dataclass(frozen=True)
class EffectVocabulary:
    """Everything a game's effects may say; turned into its JSON Schema by :func:`build_schema`."""

    timings: Mapping[str, str]  # value -> what it means
    durations: Mapping[str, str]
    actions: tuple[Variant, ...]
    costs: tuple[Variant, ...] = ()
    conditions: tuple[Variant, ...] = ()
    kinds: tuple[str, ...] = KINDS
    target_kinds: Mapping[str, str] = field(default_factory=dict)
    # Extra keys of a target, of the "filter" object, of an effect (and which are required).
    target_params: Mapping[str, dict] = field(default_factory=dict)
    filter_params: Mapping[str, dict] = field(default_factory=dict)
    effect_params: Mapping[str, dict] = field(default_factory=dict)
    effect_required: tuple[str, ...] = ()
    # Extra $defs the parameters refer to ("#/$defs/<name>").
    defs: Mapping[str, dict] = field(default_factory=dict)
    # Fixed references an effect may use besides its own target ids.
    references: Mapping[str, str] = field(
        default_factory=lambda: {
            "SELF": N_("this card"),
            "CONTROLLER": N_("its controller"),
            "OPPONENT": N_("the opponent"),
        }
    )
    limit: LimitRule | None = field(default_factory=LimitRule)
    reading: TextReading = field(default_factory=TextReading)
    # The game's own consistency checks (their codes, and the audit list each feeds, are in rules.codes).
    checks: tuple[EffectCheck, ...] = ()

    def action(self, name: str) -> Variant | None:
        return next((v for v in self.actions if v.name == name), None)
