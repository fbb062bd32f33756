"""An effect vocabulary as a JSON Schema (Draft 2020-12, every object closed), and its
fast validator."""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.protocols import Validator

from .vocabulary import (
    EFFECT_ID_HELP,
    EFFECT_ID_PATTERN,
    FILTER,
    LIMIT_KEY,
    NEW_MECHANIC,
    PER_COPY_LIMIT_KEY,
    TARGET_ID_PATTERN,
    EffectVocabulary,
    LimitRule,
    Variant,
    closed,
    described,
    flag,
    integer,
    one_of,
    text,
    variant,
)


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
                "then": described(
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
        "effectId": described(
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
                "id": described(
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
    variants: Mapping[str, Mapping[str, Validator]]

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
