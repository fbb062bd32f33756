"""Declarative effects: the shared shape, each game's vocabulary, shape errors and text checks.

Effects are data, not code: the studio keeps them exact, checks their shape and
flags what a human must look at; it never plays them. Every game declares its
vocabulary (:class:`EffectVocabulary`: timings, durations, actions, costs,
conditions, targets...) in its rule-set module; :func:`build_schema` turns it
into a JSON Schema (Draft 2020-12) where every object is closed
(``additionalProperties: false``), so an unknown key or value is an error,
never silently ignored.

The shared shape of one effect::

    {
      "effectId": "DR-U02.arrival",        # unique in the game, never changes
      "kind": "quick",                     # passive | activated | quick | triggered
      "timing": "ON_ENTER_FIELD",          # from the game's timings
      "text": "Rapide une fois par tour à l’arrivée : ...",  # optional excerpt of the card text
      "limit": {"per": "turn", "count": 1, "scope": "player",
                "key": ["player", "turn", "effectId"], "sharedByCopies": true},
      "costs": [...], "conditions": [...], "targets": [{"id": "unit", ...}],
      "actions": [{"do": "DEPLOY", ...}],  # at least one, from the game's actions
      "duration": "UNTIL_END_OF_TURN",     # where the effect changes something over time
      "implemented": false,                # only says whether the engine runs it
      "notes": "..."                       # for people
    }

Two levels of checks, like the card fields (:mod:`rules.fields`):

* **shape** (:func:`effect_errors`, code ``EFFECT_SCHEMA``...): what can never
  be stored; every error names its JSON path (``effects[2].actions[0].stat``);
* **consistency** (:func:`consistency_findings`): text and structure that
  disagree. Checks that read the text are heuristics and give warnings; a
  contradiction inside the structure itself is an error (the card can be saved,
  not VALIDATED). :data:`REVIEW_LISTS` says which audit list each code feeds.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from jsonschema import Draft202012Validator

from .cards import CardData
from .findings import Finding, error, warning
from .text import fold

KINDS = ("passive", "activated", "quick", "triggered")
EFFECT_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,79}$"
EFFECT_ID_HELP = "1 to 80 letters, digits, '.', '_', ':' or '-', starting with a letter or digit"
TARGET_ID_PATTERN = r"^[a-z][A-Za-z0-9_]{0,31}$"
# A reference names a target of the same effect (lower camelCase) or one of the
# game's fixed references (upper case: SELF, CONTROLLER...).
REF_PATTERN = r"^(?:[a-z][A-Za-z0-9_]{0,31}|[A-Z][A-Z0-9_]{0,31})$"
# Parameter names that hold references, in every vocabulary (and only those).
REF_KEYS = frozenset({"target", "of", "with", "by", "toward", "source"})
LIMIT_KEY = ["player", "turn", "effectId"]
PER_COPY_LIMIT_KEY = ["player", "turn", "effectId", "cardInstance"]
NEW_MECHANIC = "NEW_MECHANIC"

# Which audit list (issue 4) each finding code feeds. Codes of a game's own
# checks are declared by its vocabulary (EffectVocabulary.review_lists).
REVIEW_LISTS: dict[str, str] = {
    "EFFECT_SCHEMA": "NEEDS_REVIEW",
    "EFFECT_ID_DUPLICATE": "NEEDS_REVIEW",
    "EFFECT_BONUS_NO_DURATION": "BONUS_DURATION_REVIEW",
    "EFFECT_DURATION_MISSING": "BONUS_DURATION_REVIEW",
    "EFFECT_LIMIT_MISSING": "NEEDS_REVIEW",
    "EFFECT_LIMIT_UNSTATED": "NEEDS_REVIEW",
    "EFFECT_KIND_MISMATCH": "NEEDS_REVIEW",
    "EFFECT_TEXT_NOT_ON_CARD": "NEEDS_REVIEW",
    "EFFECT_NEW_MECHANIC": "NEW_MECHANIC_REQUIRED",
}


# --- schema fragments, for the vocabularies --------------------------------------------
def integer(help: str = "", *, minimum: int | None = None, maximum: int | None = None) -> dict:
    schema: dict[str, Any] = {"type": "integer"}
    if minimum is not None:
        schema["minimum"] = minimum
    if maximum is not None:
        schema["maximum"] = maximum
    return _described(schema, help)


def flag(help: str = "") -> dict:
    return _described({"type": "boolean"}, help)


def text(help: str = "") -> dict:
    return _described({"type": "string", "minLength": 1}, help)


def texts(help: str = "") -> dict:
    return _described({"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 1}}, help)


def one_of(values: Iterable[str], help: str = "") -> dict:
    return _described({"enum": list(values)}, help)


def some_of(values: Iterable[str], help: str = "") -> dict:
    return _described(
        {"type": "array", "minItems": 1, "uniqueItems": True, "items": {"enum": list(values)}}, help
    )


def ref(help: str = "") -> dict:
    return _described(
        {"type": "string", "pattern": REF_PATTERN}, help or "a target id of this effect, or a fixed reference"
    )


def closed(properties: Mapping[str, dict], required: Iterable[str] = (), help: str = "") -> dict:
    """An object with exactly these keys (the ``required`` ones must be there)."""
    return _described(
        {
            "type": "object",
            "properties": dict(properties),
            "required": list(required),
            "additionalProperties": False,
        },
        help,
    )


FILTER = {"$ref": "#/$defs/filter"}


def _described(schema: dict, help: str) -> dict:
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
    name: str, help: str = "", *, required: Iterable[str] = (), lasting: bool = False, **params: dict
) -> Variant:
    return Variant(name, help, params, tuple(required), lasting)


def targeted(name: str, help: str = "") -> Variant:
    """A variant that only says what it applies to (DESTROY, BANISH, READY...)."""
    return variant(name, help, required=("target",), target=ref())


def counted(name: str, help: str = "") -> Variant:
    """A variant that only says how many (DRAW, SOUL_CHARGE...)."""
    return variant(name, help, required=("count",), count=integer("how many", minimum=1))


def stat_change(
    stats: Iterable[str], durations: Iterable[str], help: str = "a stat bonus or malus"
) -> Variant:
    """MODIFY_STAT: it lasts, so it needs a duration (on the action or the effect: EFFECT_BONUS_NO_DURATION)."""
    return variant(
        "MODIFY_STAT",
        help,
        required=("stat", "amount"),
        lasting=True,
        stat=one_of(stats),
        amount=integer("positive: a bonus, negative: a malus"),
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
            "SELF": "this card",
            "CONTROLLER": "its controller",
            "OPPONENT": "the opponent",
        }
    )
    limit: LimitRule | None = field(default_factory=LimitRule)
    reading: TextReading = field(default_factory=TextReading)
    # The game's own consistency checks, and the audit list each of their codes feeds.
    checks: tuple[EffectCheck, ...] = ()
    review_lists: Mapping[str, str] = field(default_factory=dict)

    def action(self, name: str) -> Variant | None:
        return next((v for v in self.actions if v.name == name), None)


def _new_mechanic(family: str) -> Variant:
    return variant(
        NEW_MECHANIC,
        f"a {family} the vocabulary cannot say yet: describe it; the card is listed NEW_MECHANIC_REQUIRED",
        required=("description",),
        description=text("what the mechanic does, in words"),
    )


def _union(discriminator: str, variants: Sequence[Variant], help: str) -> dict:
    """A closed family of objects told apart by ``discriminator``; each member is closed."""
    return {
        "type": "object",
        "description": help,
        "required": [discriminator],
        "properties": {discriminator: {"enum": [v.name for v in variants]}},
        "allOf": [
            {
                "if": {"properties": {discriminator: {"const": v.name}}, "required": [discriminator]},
                "then": _described(
                    {
                        "properties": {discriminator: {"const": v.name}, **v.params},
                        "required": list(v.required),
                        "additionalProperties": False,
                    },
                    v.help,
                ),
            }
            for v in variants
        ],
    }


def _limit_schema(rule: LimitRule) -> dict:
    properties = {
        "per": one_of(rule.periods, "the period the limit counts in"),
        "count": integer("uses per period (default 1)", minimum=1),
        "scope": one_of(("player",), "limits are counted per player"),
    }
    required = ["per", "scope", "key", "sharedByCopies"]
    if rule.shared_by_copies:
        properties["key"] = {"const": LIMIT_KEY, "description": "player + turn + effectId"}
        properties["sharedByCopies"] = {"const": True, "description": "all copies share the limit"}
        return closed(
            properties, required, "a use limit, keyed by player + turn + effectId, shared by all copies"
        )
    properties["key"] = {"enum": [LIMIT_KEY, PER_COPY_LIMIT_KEY]}
    properties["sharedByCopies"] = flag("whether all copies share the limit")
    schema = closed(properties, required, "a use limit (per player and turn)")
    # A limit shared by copies has no card instance in its key, a per-copy one has.
    schema["if"] = {"properties": {"sharedByCopies": {"const": False}}, "required": ["sharedByCopies"]}
    schema["then"] = {"properties": {"key": {"const": PER_COPY_LIMIT_KEY}}}
    schema["else"] = {"properties": {"key": {"const": LIMIT_KEY}}}
    return schema


def build_schema(vocabulary: EffectVocabulary, *, game: str, title: str) -> dict:
    """The JSON Schema (Draft 2020-12) of a card's ``effects`` list in ``game``."""
    v = vocabulary
    effect_properties: dict[str, dict] = {
        "effectId": _described(
            {"type": "string", "pattern": EFFECT_ID_PATTERN},
            f"unique in the game, never changes ({EFFECT_ID_HELP})",
        ),
        "kind": one_of(v.kinds, "passive, activated, quick or triggered (as the game has them)"),
        "timing": one_of(v.timings, "; ".join(f"{k}: {d}" for k, d in v.timings.items())),
        "text": text("the excerpt of the card text this effect structures (optional)"),
        "targets": {"type": "array", "items": {"$ref": "#/$defs/target"}},
        "actions": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/action"}},
        "duration": one_of(v.durations, "; ".join(f"{k}: {d}" for k, d in v.durations.items())),
        "implemented": flag(
            "whether the engine runs this effect (NOT_IMPLEMENTED reopens no ambiguity); default false"
        ),
        "notes": {"type": "string", "description": "for people"},
    }
    defs: dict[str, dict] = {
        "action": _union("do", (*v.actions, _new_mechanic("action")), "what the effect does"),
        "target": closed(
            {
                "id": _described(
                    {"type": "string", "pattern": TARGET_ID_PATTERN}, "lower camelCase, unique in the effect"
                ),
                "what": one_of(v.target_kinds, "; ".join(f"{k}: {d}" for k, d in v.target_kinds.items())),
                "side": one_of(("ALLY", "OPPONENT", "ANY")),
                "count": integer("how many (default 1)", minimum=1),
                "upTo": flag("up to count (as many as possible)"),
                "filter": FILTER,
                **v.target_params,
            },
            ("id", "what"),
            "what the effect chooses; actions refer to it by its id",
        ),
        "filter": closed(v.filter_params, (), "which cards, pieces or squares qualify"),
        **v.defs,
    }
    if v.costs:
        effect_properties["costs"] = {"type": "array", "items": {"$ref": "#/$defs/cost"}}
        defs["cost"] = _union(
            "pay", (*v.costs, _new_mechanic("cost")), "what is paid before the effect resolves"
        )
    if v.conditions:
        effect_properties["conditions"] = {"type": "array", "items": {"$ref": "#/$defs/condition"}}
        defs["condition"] = _union(
            "check", (*v.conditions, _new_mechanic("condition")), "when the effect is available or applies"
        )
    if v.limit is not None:
        effect_properties["limit"] = {"$ref": "#/$defs/limit"}
        defs["limit"] = _limit_schema(v.limit)
    effect_properties.update(v.effect_params)
    defs["effect"] = closed(
        effect_properties, ("effectId", "kind", "timing", "actions", *v.effect_required), "one effect"
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"urn:card-studio:effects:{game}",
        "title": title,
        "description": "A card's structured effects. References: "
        + ", ".join(f"{k} ({d})" for k, d in v.references.items())
        + "; or a target id of the same effect.",
        "type": "array",
        "items": {"$ref": "#/$defs/effect"},
        "$defs": defs,
    }


_UNIONS = (("action", "actions", "do"), ("cost", "costs", "pay"), ("condition", "conditions", "check"))


@dataclass(frozen=True)
class EffectValidator:
    """A compiled schema that dispatches each action, cost and condition to its own variant.

    The exported schema (:func:`build_schema`) says the same with ``if``/``then``
    branches, one per variant, which a validator tries one by one; dispatching
    on the discriminator first gives the same errors several times faster.
    """

    base: Draft202012Validator
    variants: Mapping[str, Mapping[str, Draft202012Validator]]

    def iter_errors(self, effects: Any) -> Iterator[Any]:
        yield from self.base.iter_errors(effects)
        if not isinstance(effects, list):
            return
        for index, effect in enumerate(effects):
            if not isinstance(effect, dict):
                continue
            for def_name, key, discriminator in _UNIONS:
                items = effect.get(key)
                for item_index, item in enumerate(items if isinstance(items, list) else []):
                    name = item.get(discriminator) if isinstance(item, dict) else None
                    branch = self.variants.get(def_name, {}).get(name) if isinstance(name, str) else None
                    if branch is None:
                        continue
                    for err in branch.iter_errors(item):
                        err.path.extendleft(reversed([index, key, item_index]))
                        yield err


def compile_schema(schema: dict) -> EffectValidator:
    """The validator of a schema from :func:`build_schema` (the tests check the schemas against the metaschema)."""
    fast = copy.deepcopy(schema)
    branches: dict[str, dict[str, dict]] = {}
    for def_name, _, discriminator in _UNIONS:
        union = fast["$defs"].get(def_name)
        if union is None:
            continue
        branches[def_name] = {
            b["if"]["properties"][discriminator]["const"]: b["then"] for b in union.pop("allOf")
        }
    base = Draft202012Validator(fast)
    variants = {
        name: {value: base.evolve(schema=then) for value, then in found.items()}
        for name, found in branches.items()
    }
    return EffectValidator(base, variants)


# --- shape: what can never be stored ----------------------------------------------------
def json_path(parts: Iterable[str | int], root: str = "effects") -> str:
    """``effects[2].actions[0].stat`` for the parts (2, "actions", 0, "stat")."""
    path = root
    for part in parts:
        if isinstance(part, int):
            path += f"[{part}]"
        elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", part):
            path += f".{part}"
        else:
            path += f"[{json.dumps(part, ensure_ascii=False)}]"
    return path


_TYPE_NAMES = {
    "object": "an object",
    "array": "a list",
    "string": "a string",
    "integer": "a whole number",
    "boolean": "true or false",
    "null": "null",
}


def _kind_of(value: Any) -> str:
    return {
        bool: "a boolean",
        int: "a number",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "an object",
        type(None): "null",
    }.get(type(value), type(value).__name__)


def _schema_problems(validator: EffectValidator, effects: Any) -> Iterator[tuple[list, str]]:
    for err in validator.iter_errors(effects):
        base = list(err.path)
        match err.validator:
            case "additionalProperties":
                allowed = sorted((err.schema.get("properties") or {}).keys())
                for key in sorted(set(err.instance) - set(allowed)):
                    yield base + [key], f"unknown key {key!r}; the keys here are: {', '.join(allowed)}"
            case "required":
                for key in err.validator_value:
                    if isinstance(err.instance, dict) and key not in err.instance:
                        yield base + [key], "required"
            case "enum":
                values = ", ".join(json.dumps(x, ensure_ascii=False) for x in err.validator_value)
                yield (
                    base,
                    f"{json.dumps(err.instance, ensure_ascii=False)} is not allowed; use one of: {values}",
                )
            case "const":
                yield base, f"must be {json.dumps(err.validator_value, ensure_ascii=False)}"
            case "type":
                wanted = (
                    err.validator_value if isinstance(err.validator_value, list) else [err.validator_value]
                )
                yield (
                    base,
                    f"must be {' or '.join(_TYPE_NAMES.get(t, t) for t in wanted)}, not {_kind_of(err.instance)}",
                )
            case "pattern":
                hint = err.schema.get("description") or f"the pattern {err.validator_value}"
                yield base, f"{json.dumps(err.instance, ensure_ascii=False)} is not valid: {hint}"
            case "minItems":
                yield base, f"needs at least {err.validator_value} item(s)"
            case "uniqueItems":
                yield base, "lists a value twice"
            case _:
                yield base, err.message


def effect_errors(
    validator: EffectValidator, vocabulary: EffectVocabulary, effects: Any, *, card_ref: str | None = None
) -> list[Finding]:
    """Every shape error of a card's ``effects`` list, each naming its JSON path."""
    found: dict[tuple[str, str], tuple[tuple, str, str]] = {}

    def add(code: str, parts: Iterable, message: str) -> None:
        parts = tuple(parts)
        path = json_path(parts)
        found.setdefault((path, message), (parts, code, path))

    for parts, message in _schema_problems(validator, effects):
        add("EFFECT_SCHEMA", parts, message)
    if isinstance(effects, list):
        ids: dict[str, int] = {}
        for index, effect in enumerate(effects):
            if not isinstance(effect, dict):
                continue
            effect_id = effect.get("effectId")
            if isinstance(effect_id, str):
                if effect_id in ids:
                    add(
                        "EFFECT_ID_DUPLICATE",
                        [index, "effectId"],
                        f"{effect_id!r} is already the id of effects[{ids[effect_id]}]; an effectId is unique",
                    )
                else:
                    ids[effect_id] = index
            for parts, message in _reference_problems(effect, vocabulary):
                add("EFFECT_SCHEMA", [index, *parts], message)
    # In document order: by path, integers before keys.
    ordered = sorted(
        found.items(), key=lambda item: [(0, p, "") if isinstance(p, int) else (1, 0, p) for p in item[1][0]]
    )
    return [
        error(code, f"{path}: {message}", card=card_ref, field=path)
        for (path, message), (_, code, _) in ordered
    ]


def _reference_problems(effect: dict, vocabulary: EffectVocabulary) -> Iterator[tuple[list, str]]:
    declared: dict[str, int] = {}
    targets = effect.get("targets")
    for t_index, target in enumerate(targets if isinstance(targets, list) else []):
        target_id = target.get("id") if isinstance(target, dict) else None
        if isinstance(target_id, str):
            if target_id in declared:
                yield (
                    ["targets", t_index, "id"],
                    f"{target_id!r} is already the id of targets[{declared[target_id]}]",
                )
            declared.setdefault(target_id, t_index)
    known = [*declared, *vocabulary.references]
    for parts, value in _references(effect, []):
        if value in declared or value in vocabulary.references:
            continue
        if re.fullmatch(REF_PATTERN, value):
            yield (
                parts,
                f"{value!r} names no target of this effect; use one of: {', '.join(known) or 'none'} (declare targets in 'targets')",
            )


def _references(node: Any, parts: list) -> Iterator[tuple[list, str]]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("text", "notes", "description", "filter"):
                continue
            if key in REF_KEYS and isinstance(value, str):
                yield [*parts, key], value
            elif key in REF_KEYS and isinstance(value, list) and all(isinstance(v, str) for v in value):
                for i, item in enumerate(value):
                    yield [*parts, key, i], item
            else:
                yield from _references(value, [*parts, key])
    elif isinstance(node, list):
        for i, item in enumerate(node):
            yield from _references(item, [*parts, i])


def effect_id_changes(before: Any, after: Any, *, card_ref: str | None = None) -> list[Finding]:
    """Errors for effects that an edit renamed: effect ids never change.

    An effect that disappears while an effect with exactly the same content
    appears under another id was renamed, which would silently detach its
    corrections and its use limits. Removing an effect, adding one, or editing
    the content of an effect under its id are ordinary edits.
    """
    old = {
        e["effectId"]: e
        for e in (before or [])
        if isinstance(e, Mapping) and isinstance(e.get("effectId"), str)
    }
    new_ids = {e.get("effectId") for e in (after or []) if isinstance(e, Mapping)}
    removed = {eid: _without_id(e) for eid, e in old.items() if eid not in new_ids}
    findings = []
    for index, effect in enumerate(after or []):
        if not isinstance(effect, Mapping) or effect.get("effectId") in old:
            continue
        body = _without_id(effect)
        for old_id, old_body in removed.items():
            if old_body == body:
                path = json_path([index, "effectId"])
                findings.append(
                    error(
                        "EFFECT_ID_CHANGED",
                        f"{path}: this is effect {old_id!r} under a new id {effect.get('effectId')!r}; "
                        f"effect ids never change (corrections and use limits refer to them): keep {old_id!r}",
                        card=card_ref,
                        field=path,
                    )
                )
                break
    return findings


def _without_id(effect: Mapping) -> dict:
    return {k: v for k, v in effect.items() if k != "effectId"}


# --- consistency: text and structure -------------------------------------------------------
@dataclass(frozen=True)
class _Scope:
    """A stretch of card text and the effects that structure it."""

    text: str
    indexes: tuple[int, ...]
    excerpt: bool  # the text is one effect's own excerpt


def _count(patterns: Iterable[str], text: str) -> int:
    return sum(len(re.findall(p, text)) for p in patterns)


def _found(patterns: Iterable[str], text: str) -> str | None:
    for pattern in patterns:
        match = re.search(pattern, text)
        if match:
            return match.group(0)
    return None


def _durations_of(effect: Mapping) -> set[str]:
    found = {effect.get("duration")}
    for action in effect.get("actions") or []:
        if isinstance(action, Mapping):
            found.add(action.get("duration"))
    return {d for d in found if isinstance(d, str)}


def consistency_findings(card: CardData, vocabulary: EffectVocabulary) -> list[Finding]:
    """Where a card's text and its structured effects disagree: flags for a human.

    Cards without structured effects have nothing to compare. An effect with a
    ``text`` excerpt is compared with its excerpt alone; the other effects with
    what remains of the card text.
    """
    effects = [e if isinstance(e, Mapping) else {} for e in card.effects]
    if not effects:
        return []
    ref = card.ref
    findings: list[Finding] = []

    def report(severity: Callable[..., Finding], code: str, field: str, message: str) -> None:
        findings.append(severity(code, message, card=ref, field=field))

    card_text = fold(card.text)
    remaining = card_text
    scopes: list[_Scope] = []
    for index, effect in enumerate(effects):
        # A lasting change (a stat bonus...) needs a duration: on the action or the effect.
        for a_index, action in enumerate(effect.get("actions") or []):
            if not isinstance(action, Mapping):
                continue
            spec = vocabulary.action(action.get("do"))
            if spec and spec.lasting and not action.get("duration") and not effect.get("duration"):
                path = json_path([index, "actions", a_index, "duration"])
                report(
                    error,
                    "EFFECT_BONUS_NO_DURATION",
                    path,
                    f"{path}: {action.get('do')} changes something over time but has no duration "
                    f"(on the action or the effect); use one of: {', '.join(vocabulary.durations)}",
                )
        for parts, family in _new_mechanics(effect):
            path = json_path([index, *parts])
            report(
                error,
                "EFFECT_NEW_MECHANIC",
                path,
                f"{path}: a {family} the vocabulary lacks ({_describe(effect, parts)}); a new mechanic is required",
            )
        excerpt = effect.get("text")
        if isinstance(excerpt, str) and excerpt.strip():
            folded = fold(excerpt)
            if folded not in card_text:
                path = json_path([index, "text"])
                report(
                    warning,
                    "EFFECT_TEXT_NOT_ON_CARD",
                    path,
                    f"{path}: this excerpt is not in the card text (any more); check the effect against the text",
                )
            remaining = remaining.replace(folded, " ")
            scopes.append(_Scope(folded, (index,), True))
    rest = tuple(
        i for i, e in enumerate(effects) if not (isinstance(e.get("text"), str) and e.get("text").strip())
    )
    scopes.append(_Scope(remaining, rest, False))

    reading = vocabulary.reading
    for scope in scopes:
        where = (
            "its excerpt"
            if scope.excerpt
            else (
                "the card text"
                if len(scope.indexes) == len(effects)
                else "the card text outside the excerpts"
            )
        )
        single = scope.indexes[0] if len(scope.indexes) == 1 else None
        scoped = [(i, effects[i]) for i in scope.indexes]
        # once per turn
        phrases = _count(reading.once_per_turn, scope.text)
        limited = [i for i, e in scoped if e.get("limit")]
        if phrases > len(limited):
            field = json_path([single, "limit"]) if single is not None else "effects"
            report(
                warning,
                "EFFECT_LIMIT_MISSING",
                field,
                f"{field}: {where} says once per turn"
                + (f" {phrases} time(s)" if phrases > 1 else "")
                + f" but {len(limited) or 'no'} effect(s) there have a limit",
            )
        elif len(limited) > phrases:
            if phrases == 0:
                for i in limited:
                    field = json_path([i, "limit"])
                    report(
                        warning,
                        "EFFECT_LIMIT_UNSTATED",
                        field,
                        f"{field}: the effect has a use limit but {where} never says once per turn",
                    )
            else:
                report(
                    warning,
                    "EFFECT_LIMIT_UNSTATED",
                    "effects",
                    f"effects: {len(limited)} effects have a use limit but {where} says once per turn {phrases} time(s)",
                )
        # durations stated in the text
        present: set[str] = set()
        for _, effect in scoped:
            present |= _durations_of(effect)
        for duration, patterns in reading.durations.items():
            said = _found(patterns, scope.text)
            if said and duration not in present:
                field = json_path([single, "duration"]) if single is not None else "effects"
                report(
                    warning,
                    "EFFECT_DURATION_MISSING",
                    field,
                    f"{field}: {where} says « {said} » but no effect there has the duration {duration}",
                )
        # kinds stated in the text
        for kind, patterns in reading.kinds.items():
            said = _found(patterns, scope.text)
            if said and not any(e.get("kind") == kind for _, e in scoped):
                if single is not None:
                    field = json_path([single, "kind"])
                    message = f"{field}: {where} says « {said} » ({kind}) but the effect is {effects[single].get('kind')}"
                else:
                    field = "effects"
                    message = f"effects: {where} says « {said} » ({kind}) but no effect there is {kind}"
                report(warning, "EFFECT_KIND_MISMATCH", field, message)
    for check in vocabulary.checks:
        findings.extend(check(card, effects))
    return findings


def _new_mechanics(effect: Mapping) -> Iterator[tuple[list, str]]:
    for key, family, discriminator in (
        ("actions", "action", "do"),
        ("costs", "cost", "pay"),
        ("conditions", "condition", "check"),
    ):
        for i, item in enumerate(effect.get(key) or []):
            if isinstance(item, Mapping) and item.get(discriminator) == NEW_MECHANIC:
                yield [key, i], family


def _describe(effect: Mapping, parts: list) -> str:
    node: Any = effect
    for part in parts:
        node = node[part]
    return str(node.get("description") or "no description")


def review_list(code: str, vocabulary: EffectVocabulary | None = None) -> str | None:
    """The audit list a finding code feeds (None: not an effect finding)."""
    if vocabulary is not None and code in vocabulary.review_lists:
        return vocabulary.review_lists[code]
    return REVIEW_LISTS.get(code)
