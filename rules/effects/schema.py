"""An effect vocabulary as a JSON Schema (Draft 2020-12, every object closed), and its
fast validator."""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.protocols import Validator

from ..i18n import N_
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

# Each family's NEW_MECHANIC help, written whole so that a catalogue can translate it.
_NEW_MECHANIC_HELP = {
    "action": N_(
        "a action the vocabulary cannot say yet: describe it; the card is listed NEW_MECHANIC_REQUIRED"
    ),
    "cost": N_("a cost the vocabulary cannot say yet: describe it; the card is listed NEW_MECHANIC_REQUIRED"),
    "condition": N_(
        "a condition the vocabulary cannot say yet: describe it; the card is listed NEW_MECHANIC_REQUIRED"
    ),
}


def _new_mechanic(family: str) -> Variant:
    return variant(
        NEW_MECHANIC,
        _NEW_MECHANIC_HELP[family],
        required=("description",),
        description=text(N_("what the mechanic does, in words")),
    )


def meanings_line(meanings: Mapping[str, str]) -> str:
    """The help line of a choice of codes, each with its meaning: "KEY: meaning; OTHER: meaning".

    Each meaning is marked N_ where the game declares it; the web layer writes the line again in the
    reader's language from the same mapping (common.effect_words), and the editor splits it per value."""
    return "; ".join(f"{key}: {meaning}" for key, meaning in meanings.items())


def references_line(references: Mapping[str, str]) -> str:
    """The schema's own help line: the game's fixed references, each with its meaning (marked N_)."""
    listed = ", ".join(f"{key} ({meaning})" for key, meaning in references.items())
    return f"A card's structured effects. References: {listed}; or a target id of the same effect."


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
        "per": one_of(rule.periods, N_("the period the limit counts in")),
        "count": integer(N_("uses per period (default 1)"), minimum=1),
        "scope": one_of(("player",), N_("limits are counted per player")),
    }
    required = ["per", "scope", "key", "sharedByCopies"]
    if rule.shared_by_copies:
        properties["key"] = {"const": LIMIT_KEY, "description": N_("player + turn + effectId")}
        properties["sharedByCopies"] = {"const": True, "description": N_("all copies share the limit")}
        return closed(
            properties, required, N_("a use limit, keyed by player + turn + effectId, shared by all copies")
        )
    properties["key"] = {"enum": [LIMIT_KEY, PER_COPY_LIMIT_KEY]}
    properties["sharedByCopies"] = flag(N_("whether all copies share the limit"))
    schema = closed(properties, required, N_("a use limit (per player and turn)"))
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
            EFFECT_ID_HELP,
        ),
        "kind": one_of(v.kinds, N_("passive, activated, quick or triggered (as the game has them)")),
        "timing": one_of(v.timings, meanings_line(v.timings)),
        "text": text(N_("the excerpt of the card text this effect structures (optional)")),
        "targets": {"type": "array", "items": {"$ref": "#/$defs/target"}},
        "actions": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/action"}},
        "duration": one_of(v.durations, meanings_line(v.durations)),
        "implemented": flag(
            N_("whether the engine runs this effect (NOT_IMPLEMENTED reopens no ambiguity); default false")
        ),
        "notes": {"type": "string", "description": N_("for people")},
    }
    defs: dict[str, dict] = {
        "action": _union("do", (*v.actions, _new_mechanic("action")), N_("what the effect does")),
        "target": closed(
            {
                "id": described(
                    {"type": "string", "pattern": TARGET_ID_PATTERN},
                    N_("lower camelCase, unique in the effect"),
                ),
                "what": one_of(v.target_kinds, meanings_line(v.target_kinds)),
                "side": one_of(("ALLY", "OPPONENT", "ANY")),
                "count": integer(N_("how many (default 1)"), minimum=1),
                "upTo": flag(N_("up to count (as many as possible)")),
                "filter": FILTER,
                **v.target_params,
            },
            ("id", "what"),
            N_("what the effect chooses; actions refer to it by its id"),
        ),
        "filter": closed(v.filter_params, (), N_("which cards, pieces or squares qualify")),
        **v.defs,
    }
    if v.costs:
        effect_properties["costs"] = {"type": "array", "items": {"$ref": "#/$defs/cost"}}
        defs["cost"] = _union(
            "pay", (*v.costs, _new_mechanic("cost")), N_("what is paid before the effect resolves")
        )
    if v.conditions:
        effect_properties["conditions"] = {"type": "array", "items": {"$ref": "#/$defs/condition"}}
        defs["condition"] = _union(
            "check",
            (*v.conditions, _new_mechanic("condition")),
            N_("when the effect is available or applies"),
        )
    if v.limit is not None:
        effect_properties["limit"] = {"$ref": "#/$defs/limit"}
        defs["limit"] = _limit_schema(v.limit)
    effect_properties.update(v.effect_params)
    defs["effect"] = closed(
        effect_properties, ("effectId", "kind", "timing", "actions", *v.effect_required), N_("one effect")
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"urn:card-studio:effects:{game}",
        "title": title,
        "description": references_line(v.references),
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
