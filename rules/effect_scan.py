"""Structural scans of a card's declarative effects, for the review audits.

A stop-gap, deliberately small and honest: it reads the effects JSON as a tree
of objects and lists, knows no effect schema, and reports two things the seed
asks reviewers to settle (seed 000, review lists):

``EFFECT_STAT_WITHOUT_DURATION`` (warning, list BONUS_DURATION_REVIEW)
    An object changes a statistic without a stated duration: it has a stat key
    (``atk``, ``pv``, ``power``, ``might``...) holding a number (``{"atk": 2}``,
    ``{"pv": "+2"}``), or ``"stat": "ATK"`` with an ``amount`` (``value``,
    ``delta``, ``modifier``), and neither it nor an object above it has a
    non-empty ``duration``. Sub-trees under ``condition``, ``filter``,
    ``target``, ``cost``... describe rather than change, and are skipped.
    A permanent change states it: ``"duration": "PERMANENT"``.

``EFFECT_UNKNOWN_TIMING`` / ``EFFECT_UNKNOWN_ACTION`` / ``EFFECT_UNKNOWN_KEYWORD`` (warning, list NEW_MECHANIC_REQUIRED)
    A ``timing``, ``action`` or ``keyword``/``keywords`` value, anywhere in an
    effect, outside the vocabulary the game's module declares
    (``RuleSet.effect_timings``, ``effect_actions``, ``effect_keywords``). A
    vocabulary left empty is not declared and not checked. A keyword's numeric
    parameter is ignored ("SHIELD 2" is SHIELD).

When the declarative-effects work brings a schema and its own consistency
findings, map its codes to the lists in ``rules.audit.REVIEW_LISTS_BY_CODE``
(or a rule set's ``review_lists``) and drop these scans from
``rules.audit.AUDIT_CHECKS``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from .cards import CardData
from .findings import Finding, warning

STAT_WITHOUT_DURATION = "EFFECT_STAT_WITHOUT_DURATION"
UNKNOWN_TIMING = "EFFECT_UNKNOWN_TIMING"
UNKNOWN_ACTION = "EFFECT_UNKNOWN_ACTION"
UNKNOWN_KEYWORD = "EFFECT_UNKNOWN_KEYWORD"

STAT_KEYS = frozenset({"atk", "attack", "pv", "hp", "health", "def", "defense", "power", "might", "shield", "critical"})
AMOUNT_KEYS = ("amount", "value", "delta", "modifier", "by")
# Sub-trees that describe what an effect looks at or pays, not what it changes.
DESCRIPTIVE_KEYS = frozenset(
    {"condition", "conditions", "if", "when", "unless", "filter", "filters", "target", "targets", "requires", "requirement", "cost", "costs"}
)
_SIGNED_NUMBER = re.compile(r"^\s*[+-]?\d+(\.\d+)?\s*$")
_PARAMETER = re.compile(r"\s+(\d+|n|x)$", re.IGNORECASE)


def effect_label(effect: Mapping[str, Any], index: int) -> str:
    """How messages name an effect: its effectId (or id), else its position."""
    for key in ("effectId", "id"):
        value = effect.get(key)
        if isinstance(value, (str, int)) and not isinstance(value, bool) and str(value):
            return f"effect {value}"
    return f"effect #{index + 1}"


def _is_amount(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        return True
    return isinstance(value, str) and bool(_SIGNED_NUMBER.match(value))


def _has_duration(node: Mapping[str, Any]) -> bool:
    return node.get("duration") not in (None, "", [], {})


def _changes_a_stat(node: Mapping[str, Any]) -> str | None:
    """The statistic ``node`` changes, or None."""
    for key, value in node.items():
        if isinstance(key, str) and key.lower() in STAT_KEYS and _is_amount(value):
            return key
    named = node.get("stat", node.get("stats"))
    names = [named] if isinstance(named, str) else named if isinstance(named, list) else []
    stats = [n for n in names if isinstance(n, str) and n.lower() in STAT_KEYS]
    if stats and any(_is_amount(node.get(k)) for k in AMOUNT_KEYS):
        return "/".join(stats)
    return None


def _undated_stat_changes(node: Any, path: str, dated: bool) -> Iterator[tuple[str, str]]:
    if isinstance(node, list):
        for i, item in enumerate(node):
            yield from _undated_stat_changes(item, f"{path}[{i}]", dated)
        return
    if not isinstance(node, Mapping):
        return
    dated = dated or _has_duration(node)
    stat = _changes_a_stat(node)
    if stat and not dated:
        yield path, stat
    for key, value in node.items():
        if isinstance(key, str) and key.lower() in DESCRIPTIVE_KEYS:
            continue
        if isinstance(value, (list, Mapping)):
            yield from _undated_stat_changes(value, f"{path}.{key}", dated)


def stat_changes_without_duration(card: CardData) -> list[Finding]:
    findings = []
    for index, effect in enumerate(card.effects):
        if not isinstance(effect, Mapping):
            continue
        label = effect_label(effect, index)
        for path, stat in _undated_stat_changes(effect, f"effects[{index}]", dated=False):
            findings.append(
                warning(
                    STAT_WITHOUT_DURATION,
                    f"{label} changes {stat} without a stated duration (at {path}); "
                    'state it, e.g. "duration": "END_OF_TURN" or "PERMANENT"',
                    card=card.ref,
                    field="effects",
                )
            )
    return findings


def _vocabulary_values(node: Any, path: str) -> Iterator[tuple[str, str, str]]:
    """Every (key, value, path) of a timing, action or keyword value in ``node``."""
    if isinstance(node, list):
        for i, item in enumerate(node):
            yield from _vocabulary_values(item, f"{path}[{i}]")
        return
    if not isinstance(node, Mapping):
        return
    for key, value in node.items():
        if key in ("timing", "action", "keyword", "keywords"):
            values = value if isinstance(value, list) else [value]
            for item in values:
                if isinstance(item, str):
                    yield ("keyword" if key == "keywords" else key), item, f"{path}.{key}"
        if isinstance(value, (list, Mapping)):
            yield from _vocabulary_values(value, f"{path}.{key}")


def _keyword_name(value: str) -> str:
    return _PARAMETER.sub("", value.strip()).upper()


def unknown_vocabulary(card: CardData, *, timings=(), actions=(), keywords=()) -> list[Finding]:
    """Timing, action and keyword values outside the declared vocabularies (empty: not declared)."""
    known = {
        "timing": (UNKNOWN_TIMING, frozenset(timings), str.strip),
        "action": (UNKNOWN_ACTION, frozenset(actions), str.strip),
        "keyword": (UNKNOWN_KEYWORD, frozenset(_keyword_name(k) for k in keywords), _keyword_name),
    }
    findings = []
    for index, effect in enumerate(card.effects):
        if not isinstance(effect, Mapping):
            continue
        label = effect_label(effect, index)
        for key, value, path in _vocabulary_values(effect, f"effects[{index}]"):
            code, vocabulary, normalize = known[key]
            if vocabulary and normalize(value) not in vocabulary:
                findings.append(
                    warning(
                        code,
                        f"{label} uses the {key} {value!r} (at {path}), which the {card.game} vocabulary does not know; "
                        f"known: {', '.join(sorted(vocabulary))}",
                        card=card.ref,
                        field="effects",
                    )
                )
    return findings
