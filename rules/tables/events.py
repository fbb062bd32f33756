"""What an event is, what it makes of a table, or why the table refuses it.

An :class:`Event` (seq, seat, kind, payload) is applied by the engine (:func:`rules.tables.engine.apply`,
its handlers, a game's moves: rules.tables.moves) to an :class:`Applied`, the next state with the cards
it moved (:class:`Moved`) and what the table did by itself, or refused with a :class:`Refusal` (a
finding: a stable code of the catalogue, params, a hint). The readers of a payload's fields
(:func:`only_fields`, :func:`text_param`, :func:`int_param`, :func:`zone_key`) refuse a field the
contract does not describe.

Below the engine, its moves and its fairness, which all make and read these: none of them imports
another to say what an event made or why it was refused. Pure: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..findings import Finding, error
from ..i18n import N_
from .state import TableState


@dataclass(frozen=True, slots=True)
class Event:
    seq: int
    seat: int | None
    kind: str
    payload: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Moved:
    """A card that changed place or side: where from, where to, for the views of each seat."""

    instance: str
    owner: int
    source: str | None
    source_shared: bool
    source_face_down: bool
    source_revealed: bool
    target: str | None
    target_shared: bool
    target_face_down: bool
    target_revealed: bool = False


@dataclass(frozen=True, slots=True)
class Applied:
    state: TableState
    moved: tuple[Moved, ...] = ()
    # What the table did by itself (a step's draw, a burn out, a proposed end): (what, params).
    did: tuple[tuple[str, Mapping[str, Any]], ...] = ()


class Refusal(Exception):
    """An event the table refuses; nothing changed. ``finding`` says what, where and how to fix.

    Made by :func:`refuse` (or ``rule_refusal``), the finding is written when first read: listing
    the intents tries many payloads whose refusals nobody reads (the message's template need not
    be rendered for them)."""

    def __init__(self, finding: Finding | None = None, *, code: str = "", params=None, hint: str = ""):
        super().__init__(code or (finding.code if finding is not None else ""))
        self._finding = finding
        self._lazy = (code, params, hint)

    @property
    def finding(self) -> Finding:
        if self._finding is None:
            code, params, hint = self._lazy
            self._finding = error(code, params=params, hint=hint)
        return self._finding

    def __str__(self) -> str:
        return self.finding.message


def refuse(code: str, *, hint: str = "", **params: Any) -> Refusal:
    """The table refuses an event: ``code`` with ``params`` (its message is the code's template)."""
    return Refusal(code=code, params=params, hint=hint)


# --- the payload's fields ----------------------------------------------------------------------------
def text_param(
    payload: Mapping[str, Any], key: str, kind: str, *, required: bool = True, limit: int = 64
) -> str:
    value = payload.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or not value or len(value) > limit:
        raise refuse(
            "TABLE_EVENT_INVALID",
            kind=kind,
            problem=key,
            hint=N_("send the field as the contract describes it"),
        )
    return value


def int_param(
    payload: Mapping[str, Any], key: str, kind: str, *, low: int, high: int, default: int | None = None
) -> int:
    value = payload.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise refuse(
            "TABLE_EVENT_INVALID",
            kind=kind,
            problem=key,
            hint=N_("send the field as the contract describes it"),
        )
    return value


def only_fields(payload: Mapping[str, Any], kind: str, *keys: str) -> None:
    # Asked of every candidate of the intents: the payload's few keys looked up in the few allowed.
    if all(key in keys for key in payload):
        return
    extra = sorted(set(payload) - set(keys))
    if extra:
        raise refuse(
            "TABLE_EVENT_INVALID",
            kind=kind,
            problem=", ".join(extra)[:80],
            hint=N_("send only the fields the contract lists for this kind"),
        )


def zone_key(state: TableState, key: str, kind: str) -> str:
    if state.spec.zone(key) is None:
        known = [z.key for z in state.spec.zones]
        raise refuse(
            "TABLE_UNKNOWN_ZONE",
            kind=kind,
            zone=key[:40],
            expected=known,
            hint=N_("use one of the table's zones"),
        )
    return key
