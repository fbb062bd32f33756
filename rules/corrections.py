"""Declarative corrections of effects, applied on top of imported card data.

A correction names a card and one of its effects and says what to change in
that effect, as a list of JSON Patch operations (RFC 6902: ``add``,
``replace``, ``remove``; paths are JSON Pointers inside the effect, e.g.
``/limit`` or ``/actions/0/amount``). The imported card is never touched: the
*effective* effects are the imported ones with every applicable correction
applied in order, and each corrected value keeps its provenance (which
correction, why, who, when).

Two sources, one mechanism: corrections stored by people (the ``corrections``
app), and the *canonical* corrections a game's rules state (declared by its
rule set, matched by card name and by what the effect does, because the
imported effect ids are not known in advance).

A correction never half-applies: when one of its operations cannot be applied
(the path is gone after a re-import), or the result breaks the effect schema,
that correction is left out and reported with the reason; the others still
apply.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .effects.shape import json_path
from .findings import Finding
from .problems import Problem, problem
from .text import fold

OPS = ("add", "replace", "remove")


class Outcome(StrEnum):
    APPLIED = "APPLIED"
    CONFLICT = "CONFLICT"  # an operation no longer fits the imported effect
    INVALID = "INVALID"  # the corrected effect breaks the schema
    ORPHANED = "ORPHANED"  # the effect is gone from the card
    NO_MATCH = "NO_MATCH"  # a canonical correction found no effect to apply to
    AMBIGUOUS = "AMBIGUOUS"  # a canonical correction matched several effects


@dataclass(frozen=True)
class EffectSelector:
    """Which effect of a card a canonical correction applies to.

    ``kind`` must match; then, when given, the timing must be one of
    ``timings`` OR one of the actions one of ``actions``.
    """

    kind: str | None = None
    timings: tuple[str, ...] = ()
    actions: tuple[str, ...] = ()

    def matches(self, effect: Mapping[str, Any]) -> bool:
        if self.kind is not None and effect.get("kind") != self.kind:
            return False
        if not self.timings and not self.actions:
            return True
        if effect.get("timing") in self.timings:
            return True
        return any(
            isinstance(a, Mapping) and a.get("do") in self.actions for a in effect.get("actions") or []
        )

    def describe(self) -> str:
        parts = [f"a {self.kind} effect" if self.kind else "an effect"]
        alternatives = [f"timing {' or '.join(self.timings)}"] if self.timings else []
        if self.actions:
            alternatives.append(f"action {' or '.join(self.actions)}")
        if alternatives:
            parts.append("with " + " or ".join(alternatives))
        return " ".join(parts)


@dataclass(frozen=True)
class CanonicalCorrection:
    """A correction the game's rules state, for the card of that name when it exists."""

    key: str
    card_name: str
    selector: EffectSelector
    change: tuple[Mapping[str, Any], ...]
    why: str
    source: str

    def names(self, card_name: str) -> bool:
        # The full name: a composite ("Chianti & Korn") is never one of its components.
        return fold(card_name) == fold(self.card_name)


@dataclass(frozen=True)
class Correction:
    """One correction to apply: stored (``effect_id`` given) or canonical (``selector`` given)."""

    ref: str  # how people and provenance name it: "#12", "canonical:<key>"
    change: tuple[Mapping[str, Any], ...]
    why: str
    author: str
    at: str | None = None
    effect_id: str | None = None
    selector: EffectSelector | None = None
    canonical: bool = False

    @classmethod
    def from_canonical(cls, canonical: CanonicalCorrection) -> Correction:
        return cls(
            ref=f"canonical:{canonical.key}",
            change=tuple(canonical.change),
            why=canonical.why,
            author=canonical.source,
            selector=canonical.selector,
            canonical=True,
        )


@dataclass
class Report:
    """What became of one correction on one card."""

    correction: Correction
    outcome: Outcome
    effect_id: str | None = None
    reason: str = ""
    changes: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Effective:
    """A card's effective effects, the provenance of every corrected value, and each correction's outcome."""

    effects: list[dict[str, Any]]
    provenance: list[dict[str, Any]]
    reports: list[Report]


class ChangeConflict(Exception):
    """An operation that does not fit the effect; ``problem`` says why (its path in its values)."""

    def __init__(self, why: Problem):
        self.problem = why
        super().__init__(str(why))


# --- the change: a JSON Patch subset ----------------------------------------------------
def change_problems(change: Any) -> list[tuple[str, Problem]]:
    """(path in the change, problem) for every malformed operation; [] when the change is usable."""
    if not isinstance(change, list) or not change:
        return [("change", problem("CHANGE_LIST"))]
    problems = []
    for index, op in enumerate(change):
        where = f"change[{index}]"
        if not isinstance(op, dict):
            problems.append((where, problem("OPERATION_OBJECT")))
            continue
        allowed = {"op", "path", "value"}
        for key in sorted(set(op) - allowed):
            problems.append((f"{where}.{key}", problem("OPERATION_KEY")))
        if op.get("op") not in OPS:
            problems.append(
                (f"{where}.op", problem("NOT_ALLOWED", value=repr(op.get("op")), expected=list(OPS)))
            )
        path = op.get("path")
        if not isinstance(path, str) or not path.startswith("/"):
            problems.append((f"{where}.path", problem("JSON_POINTER")))
        elif _pointer(path)[0] == "effectId":
            problems.append((f"{where}.path", problem("POINTER_EFFECT_ID")))
        if op.get("op") in ("add", "replace") and "value" not in op:
            problems.append((f"{where}.value", problem("VALUE_REQUIRED", value=op.get("op"))))
        if op.get("op") == "remove" and "value" in op:
            problems.append((f"{where}.value", problem("REMOVE_NO_VALUE")))
    return problems


def _pointer(path: str) -> list[str]:
    return [part.replace("~1", "/").replace("~0", "~") for part in path.split("/")[1:]]


def _step(node: Any, token: str, path: str) -> Any:
    if isinstance(node, dict):
        if token not in node:
            raise ChangeConflict(problem("NO_KEY_HERE", path=path, value=repr(token)))
        return node[token]
    if isinstance(node, list):
        index = _index(token, len(node), path)
        return node[index]
    raise ChangeConflict(problem("NOT_A_CONTAINER", path=path, value=repr(token)))


def _index(token: str, length: int, path: str, *, allow_end: bool = False) -> int:
    if token == "-" and allow_end:
        return length
    if not token.isdigit() or (len(token) > 1 and token.startswith("0")):
        raise ChangeConflict(problem("NOT_AN_INDEX", path=path, value=repr(token)))
    index = int(token)
    if index > length or (index == length and not allow_end):
        raise ChangeConflict(problem("PAST_THE_END", path=path, value=index, observed=length))
    return index


def apply_change(
    effect: Mapping[str, Any], change: Sequence[Mapping[str, Any]]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The effect with ``change`` applied, and each change as {path, before, after}.

    Raises :class:`ChangeConflict` when an operation does not fit the effect.
    """
    result = copy.deepcopy(dict(effect))
    changes = []
    for op in change:
        tokens = _pointer(op["path"])
        parent: Any = result
        for token in tokens[:-1]:
            parent = _step(parent, token, op["path"])
        last = tokens[-1]
        pointer = op["path"]
        before = _MISSING
        if isinstance(parent, dict):
            before = parent.get(last, _MISSING)
            if op["op"] in ("replace", "remove") and last not in parent:
                raise ChangeConflict(problem("NO_KEY_TO", path=op["path"], value=repr(last), op=op["op"]))
            if op["op"] == "remove":
                del parent[last]
            else:
                parent[last] = copy.deepcopy(op["value"])
        elif isinstance(parent, list):
            index = _index(last, len(parent), op["path"], allow_end=op["op"] == "add")
            # Provenance names the item itself ("/actions/-" appends: record its index).
            pointer = "/".join([*op["path"].split("/")[:-1], str(index)])
            if op["op"] == "add":
                parent.insert(index, copy.deepcopy(op["value"]))
            else:
                before = parent[index]
                if op["op"] == "remove":
                    del parent[index]
                else:
                    parent[index] = copy.deepcopy(op["value"])
        else:
            raise ChangeConflict(problem("NOT_A_CONTAINER", path=op["path"], value=repr(last)))
        changes.append(
            {
                "op": op["op"],
                "pointer": pointer,
                "before": None if before is _MISSING else copy.deepcopy(before),
                "after": None if op["op"] == "remove" else copy.deepcopy(op["value"]),
            }
        )
    return result, changes


_MISSING = object()


# --- applying a card's corrections --------------------------------------------------------
def apply_corrections(
    effects: Sequence[Mapping[str, Any]],
    corrections: Iterable[Correction],
    *,
    check: Callable[[list[dict[str, Any]]], list[Finding]] | None = None,
) -> Effective:
    """The effective effects: ``effects`` (left untouched) with ``corrections`` applied in order.

    ``check`` (a rule set's ``effect_errors``) vets each corrected effect; a
    correction whose result it refuses is left out (INVALID).
    """
    current = [copy.deepcopy(dict(e)) for e in effects]
    provenance: list[dict[str, Any]] = []
    reports: list[Report] = []
    for correction in corrections:
        index, report = _locate(current, correction)
        if report is not None:
            reports.append(report)
            continue
        effect_id = current[index].get("effectId")
        try:
            corrected, changes = apply_change(current[index], correction.change)
        except ChangeConflict as exc:
            reports.append(Report(correction, Outcome.CONFLICT, effect_id, str(exc)))
            continue
        if check is not None:
            errors = check([corrected])
            if errors:
                reason = "; ".join(f.message.replace("effects[0]", f"effects[{index}]", 1) for f in errors)
                reports.append(
                    Report(
                        correction,
                        Outcome.INVALID,
                        effect_id,
                        f"the corrected effect breaks the schema: {reason}",
                    )
                )
                continue
        current[index] = corrected
        for change in changes:
            path = json_path([index, *_pointer_parts(change["pointer"])])
            provenance.append(
                {
                    "path": path,
                    "effectId": effect_id,
                    "op": change["op"],
                    "before": change["before"],
                    "after": change["after"],
                    "correction": correction.ref,
                    "canonical": correction.canonical,
                    "why": correction.why,
                    "by": correction.author,
                    "at": correction.at,
                }
            )
        reports.append(Report(correction, Outcome.APPLIED, effect_id, changes=changes))
    return Effective(current, provenance, reports)


def _pointer_parts(pointer: str) -> list[str | int]:
    return [int(t) if t.isdigit() else t for t in _pointer(pointer)]


def _locate(effects: list[dict[str, Any]], correction: Correction) -> tuple[int, Report | None]:
    if correction.effect_id is not None:
        for index, effect in enumerate(effects):
            if effect.get("effectId") == correction.effect_id:
                return index, None
        return -1, Report(
            correction,
            Outcome.ORPHANED,
            correction.effect_id,
            f"the card has no effect {correction.effect_id!r} any more",
        )
    selector = correction.selector or EffectSelector()
    matches = [i for i, e in enumerate(effects) if selector.matches(e)]
    if len(matches) == 1:
        return matches[0], None
    if not matches:
        return -1, Report(
            correction,
            Outcome.NO_MATCH,
            None,
            f"the card has no {selector.describe()} (are its effects structured?)",
        )
    ids = ", ".join(str(effects[i].get("effectId")) for i in matches)
    return -1, Report(
        correction,
        Outcome.AMBIGUOUS,
        None,
        f"several effects match {selector.describe()}: {ids}; store a correction naming the effect",
    )


def canonical_for(card_name: str, canonical: Iterable[CanonicalCorrection]) -> list[Correction]:
    """The canonical corrections that name this card."""
    return [Correction.from_canonical(c) for c in canonical if c.names(card_name)]
