"""Consistency: where a card's text and its structured effects disagree. Checks that read
the text are heuristics and give warnings; a contradiction inside the structure is an
error (the card can be saved, not VALIDATED)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ..cards import CardData
from ..findings import HINT, Finding, error, warning
from ..i18n import N_
from ..problems import problem
from ..text import fold
from .shape import json_path
from .vocabulary import NEW_MECHANIC, EffectVocabulary


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

    def report(severity: Callable[..., Finding], code: str, field: str, hint: Any = "", **params) -> None:
        # The field is the finding's JSON path; params add the names and values of the message.
        findings.append(severity(code, card=ref, field=field, params={"path": field, **params}, hint=hint))

    card_text = fold(card.text)
    remaining = card_text
    scopes: list[_Scope] = []
    for index, effect in enumerate(effects):
        # A lasting change (a stat bonus...) needs a duration: on the action or the effect.
        for a_index, action in enumerate(effect.get("actions") or []):
            if not isinstance(action, Mapping):
                continue
            do = action.get("do")
            spec = vocabulary.action(do) if isinstance(do, str) else None
            if spec and spec.lasting and not action.get("duration") and not effect.get("duration"):
                path = json_path([index, "actions", a_index, "duration"])
                report(
                    error,
                    "EFFECT_BONUS_NO_DURATION",
                    path,
                    hint=HINT,
                    expected=list(vocabulary.durations),
                    stat=action.get("stat"),
                )
        for parts, family in _new_mechanics(effect):
            path = json_path([index, *parts])
            report(
                error,
                "EFFECT_NEW_MECHANIC",
                path,
                hint=N_("a person extends the game's effect vocabulary, then the effect is written with it"),
                family=family,
                description=_describe(effect, parts),
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
                    hint=N_("check the effect against the card text, and its excerpt"),
                    text=excerpt,
                )
            remaining = remaining.replace(folded, " ")
            scopes.append(_Scope(folded, (index,), True))
    rest = tuple(i for i, e in enumerate(effects) if not (isinstance(t := e.get("text"), str) and t.strip()))
    scopes.append(_Scope(remaining, rest, False))

    reading = vocabulary.reading
    for scope in scopes:
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
                hint=N_("give the effect its limit, or check the text"),
            )
        elif len(limited) > phrases:
            if phrases == 0:
                for i in limited:
                    field = json_path([i, "limit"])
                    report(
                        warning,
                        "EFFECT_LIMIT_UNSTATED",
                        field,
                        hint=N_("check the limit against the text"),
                        **problem("LIMIT_UNSTATED").params(),
                    )
            else:
                report(
                    warning,
                    "EFFECT_LIMIT_UNSTATED",
                    "effects",
                    hint=N_("check the limits against the text"),
                    **problem("MORE_LIMITS", observed=len(limited)).params(),
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
                    hint=HINT,
                    expected=duration,
                )
        # kinds stated in the text
        for kind, patterns in reading.kinds.items():
            said = _found(patterns, scope.text)
            if said and not any(e.get("kind") == kind for _, e in scoped):
                field = json_path([single, "kind"]) if single is not None else "effects"
                # observed: the effect's kind, or the kinds of the effects the text covers
                observed = (
                    effects[single].get("kind")
                    if single is not None
                    else sorted({str(e.get("kind")) for _, e in scoped if e.get("kind")}) or "—"
                )
                report(
                    warning,
                    "EFFECT_KIND_MISMATCH",
                    field,
                    hint=HINT,
                    observed=observed,
                    expected=kind,
                )
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
