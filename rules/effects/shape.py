"""Shape: what can never be stored. Every error names its JSON path
(``effects[2].actions[0].stat``)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from ..findings import HINT, Finding, error
from ..i18n import N_
from ..problems import Problem, problem
from .schema import EffectValidator
from .vocabulary import REF_KEYS, REF_PATTERN, EffectVocabulary


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


def _schema_problems(validator: EffectValidator, effects: Any) -> Iterator[tuple[list, Problem]]:
    for err in validator.iter_errors(effects):
        base = list(err.path)
        match err.validator:
            case "additionalProperties":
                allowed = sorted((err.schema.get("properties") or {}).keys())
                for key in sorted(set(err.instance) - set(allowed)):
                    yield (
                        base + [key],
                        problem(
                            "UNKNOWN_KEY",
                            value=json.dumps(key, ensure_ascii=False),
                            expected=allowed,
                        ),
                    )
            case "required":
                for key in err.validator_value:
                    if isinstance(err.instance, dict) and key not in err.instance:
                        yield base + [key], problem("REQUIRED")
            case "enum":
                values = [json.dumps(x, ensure_ascii=False) for x in err.validator_value]
                value = json.dumps(err.instance, ensure_ascii=False)
                yield (
                    base,
                    problem(
                        "NOT_ALLOWED",
                        value=value,
                        expected=values,
                    ),
                )
            case "const":
                expected = json.dumps(err.validator_value, ensure_ascii=False)
                yield base, problem("MUST_BE", expected=expected)
            case "type":
                wanted = (
                    err.validator_value if isinstance(err.validator_value, list) else [err.validator_value]
                )
                yield (
                    base,
                    problem(
                        "WRONG_TYPE",
                        expected=[str(t) for t in wanted],
                    ),
                )
            case "pattern":
                value = json.dumps(err.instance, ensure_ascii=False)
                expected = err.schema.get("description") or str(err.validator_value)
                yield base, problem("NOT_VALID", value=value, expected=expected)
            case "minItems":
                yield (
                    base,
                    problem(
                        "TOO_FEW_ITEMS",
                        minimum=err.validator_value,
                    ),
                )
            case "uniqueItems":
                yield base, problem("DUPLICATE_ITEMS")
            case _:
                yield base, problem("SCHEMA", detail=err.message)


def effect_errors(
    validator: EffectValidator, vocabulary: EffectVocabulary, effects: Any, *, card_ref: str | None = None
) -> list[Finding]:
    """Every shape error of a card's ``effects`` list, each naming its JSON path."""
    found: dict[tuple[str, str], tuple[tuple, str, dict]] = {}

    def add(code: str, parts: Iterable, message: Problem | str, **params) -> None:
        parts = tuple(parts)
        path = json_path(parts)
        if isinstance(message, Problem):
            params = {"path": path, **message.params()}
        found.setdefault((path, str(message)), (parts, code, params))

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
                        f"{effect_id} {index}",  # only tells findings apart: its words are the code's
                        effectId=effect_id,
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
        error(
            code,
            card=card_ref,
            field=path,
            params=params,
            hint=N_("the game's effect schema says what is allowed (GET /api/games/{game}/effect-schema/)"),
        )
        for (path, message), (_, code, params) in ordered
    ]


def _reference_problems(effect: dict, vocabulary: EffectVocabulary) -> Iterator[tuple[list, Problem]]:
    declared: dict[str, int] = {}
    targets = effect.get("targets")
    for t_index, target in enumerate(targets if isinstance(targets, list) else []):
        target_id = target.get("id") if isinstance(target, dict) else None
        if isinstance(target_id, str):
            if target_id in declared:
                yield (
                    ["targets", t_index, "id"],
                    problem(
                        "TARGET_ID_TAKEN",
                        value=json.dumps(target_id, ensure_ascii=False),
                        index=declared[target_id],
                    ),
                )
            declared.setdefault(target_id, t_index)
    known = [*declared, *vocabulary.references]
    for parts, value in _references(effect, []):
        if value in declared or value in vocabulary.references:
            continue
        if re.fullmatch(REF_PATTERN, value):
            yield (
                parts,
                problem(
                    "UNKNOWN_TARGET",
                    value=json.dumps(value, ensure_ascii=False),
                    expected=known,
                ),
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
                        card=card_ref,
                        field=path,
                        params={"observed": effect.get("effectId"), "expected": old_id},
                        hint=HINT,
                    )
                )
                break
    return findings


def _without_id(effect: Mapping) -> dict:
    return {k: v for k, v in effect.items() if k != "effectId"}
