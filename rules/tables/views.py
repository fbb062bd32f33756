"""What each seat (or a spectator) may see of a table, and of each event.

A zone or card the viewer may not see gives its count and no identity: no instance, stable id,
name or version. ``viewers`` is the set of seats the viewer holds (both in a hot-seat game, none
for a spectator, who sees the public zones only). Seats are numbered 1 and 2 here, as in the API.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .engine import Applied, Event, Moved
from .spec import HIDDEN, OWNER, PUBLIC, TableSpec
from .state import Card, TableState


def visible(
    spec: TableSpec, zone: str | None, owner: int, card: Card | None, viewers: frozenset[int]
) -> bool:
    """Whether ``viewers`` may know who ``card`` (of ``owner``, in ``zone``) is."""
    if zone is None:
        return False
    zone_spec = spec.zone(zone)
    if zone_spec is None:
        return False
    if card is not None and card.revealed:
        return True
    if zone_spec.visibility == HIDDEN:
        return False
    if zone_spec.visibility == OWNER:
        return owner in viewers
    face_down = card.face_down if card is not None else False
    return zone_spec.visibility == PUBLIC and (not face_down or owner in viewers)


def plain(value: Any) -> Any:
    """A game's state as JSON values (its frozen mappings as dicts, its tuples as lists)."""
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    return value


def card_view(
    state: TableState, card: Card, owner: int, zone: str, viewers: frozenset[int], *, shown: bool = False
) -> dict[str, Any]:
    if not shown and not visible(state.spec, zone, owner, card, viewers):
        return {"faceDown": True, "tapped": card.tapped}
    data = state.card(card.instance)
    moves = state.start.moves
    extra = moves.card_view(state, card.instance, zone) if moves is not None and moves.card_view else {}
    return {
        **extra,
        "instance": card.instance,
        "stableCardId": data.stable_id,
        "name": data.name,
        "type": data.type,
        "version": data.version,
        "faceDown": card.face_down,
        "tapped": card.tapped,
        "revealed": card.revealed,
        "owner": owner + 1,
    }


def zone_view(state: TableState, key: str, owner: int | None, viewers: frozenset[int]) -> dict[str, Any]:
    spec = state.spec.zone(key)
    assert spec is not None
    if owner is None:
        pairs = state.shared.get(key, ())
    else:
        pairs = tuple((owner, c) for c in state.seats[owner].zones.get(key, ()))
    cards: list[dict[str, Any]] = []
    # A zone its owner is searching: open to its owner (rules.tables.fairness), its count to the others.
    searched = owner is not None and owner in viewers and (owner, key) in state.searching
    for card_owner, card in pairs:
        if searched or spec.visibility == PUBLIC or visible(state.spec, key, card_owner, card, viewers):
            cards.append(card_view(state, card, card_owner, key, viewers, shown=searched))
    return {
        "key": key,
        "label": spec.label,
        "count": len(pairs),
        "visibility": spec.visibility,
        "capacity": spec.capacity,
        "layout": spec.layout,
        "cards": cards,
    }


def table_view(state: TableState, viewers: frozenset[int] = frozenset()) -> dict[str, Any]:
    """The state as ``viewers`` see it (the body of GET /api/tables/{id}/, less who sits where)."""
    spec = state.spec
    step = spec.steps[state.step] if state.phase != "setup" else None
    seats = []
    for index, seat in enumerate(state.seats):
        seats.append(
            {
                "seat": index + 1,
                "counters": dict(seat.counters),
                "pending": sorted(seat.pending),
                "turns": seat.turns,
                "zones": [zone_view(state, z.key, index, viewers) for z in spec.own_zones],
            }
        )
    data: dict[str, Any] = {
        "status": state.phase,
        "seq": state.seq,
        "turn": {
            "number": state.turn,
            "seat": None if state.active is None else state.active + 1,
            "step": step.key if step else None,
            "stepIndex": state.step,
        },
        "first": None if state.first is None else state.first + 1,
        "coinWinner": None if state.start.coin_winner is None else state.start.coin_winner + 1,
        "seats": seats,
        "shared": [zone_view(state, z.key, None, viewers) for z in spec.shared_zones],
        "proposal": _proposal(state),
        "result": _result(state),
        "notes": [{"seat": seat + 1, "text": text} for seat, text in state.notes[-50:]],
        # "rules": only the game's declared moves (GET intents/); "free": the sandbox.
        "mode": state.start.mode if state.start.moves is not None else "free",
        # The game's own per-turn state, public (vanguard: "rode").
        "turnState": plain(state.turn_state),
        # What waits for the other seat's answer, and the zones being searched (both seats read them).
        "claim": _claim(state),
        "undoRequest": (
            None
            if state.undo_request is None
            else {"seat": state.undo_request[0] + 1, "seq": state.undo_request[1]}
        ),
        "canUndo": state.undo_point is not None,
        "searching": [{"seat": seat + 1, "zone": zone} for seat, zone in sorted(state.searching)],
    }
    moves = state.start.moves
    if moves is not None and moves.view is not None and state.start.mode == "rules":
        data["gameView"] = plain(moves.view(state))
    if spec.board is not None:
        data["board"] = {
            "size": spec.board.size,
            "pieces": [{"square": sq, "colour": c, "piece": p} for sq, (c, p) in sorted(state.board.items())],
            "captured": [{"colour": c, "piece": p} for c, p in state.captured],
        }
        moves = state.start.moves
        if moves is not None and moves.board_view is not None and state.start.mode == "rules":
            data["board"].update(moves.board_view(state, viewers))
    return data


def _proposal(state: TableState) -> dict[str, Any] | None:
    if state.proposal is None:
        return None
    seat, reason, wins = state.proposal
    winner = seat if wins else 1 - seat
    return {"winner": winner + 1, "seat": seat + 1, "reason": reason}


def _claim(state: TableState) -> dict[str, Any] | None:
    if state.claim is None:
        return None
    seat, winner, reason = state.claim
    return {"seat": seat + 1, "winner": None if winner is None else winner + 1, "reason": reason}


def _result(state: TableState) -> dict[str, Any] | None:
    if state.result is None:
        return None
    winner, reason = state.result
    return {"winner": None if winner is None else winner + 1, "reason": reason}


def moved_view(state: TableState, moved: Moved, viewers: frozenset[int]) -> dict[str, Any]:
    spec = state.spec
    before = Card(moved.instance, face_down=moved.source_face_down, revealed=moved.source_revealed)
    after = Card(moved.instance, face_down=moved.target_face_down, revealed=moved.target_revealed)
    item: dict[str, Any] = {
        "owner": moved.owner + 1,
        "from": moved.source,
        "to": moved.target,
        "faceDown": moved.target_face_down,
    }
    if visible(spec, moved.source, moved.owner, before, viewers) or visible(
        spec, moved.target, moved.owner, after, viewers
    ):
        card = state.card(moved.instance)
        item.update(
            instance=moved.instance, stableCardId=card.stable_id, name=card.name, version=card.version
        )
    return item


# Payload keys every viewer may read (the rest name cards and are given only through "moved").
_PUBLIC_KEYS = frozenset(
    {"to", "from", "faceDown", "bottom", "count", "zone", "key", "value", "text", "first"}
)
_PUBLIC_KEYS |= {"promote", "winner", "reason", "sides"}
# darkrow: a cost change recorded for an effect, an ATK/PV change, and an attack's target (a card of
# the field, always public).
_PUBLIC_KEYS |= {"amount", "factor", "atk", "pv", "target"}


_CARD_FLAGS = ("tap", "flip", "reveal")


def event_view(
    state: TableState, event: Event, applied: Applied | None, viewers: frozenset[int]
) -> dict[str, Any]:
    """One event as ``viewers`` may read it: no identity of a card they may not see."""
    payload: Mapping[str, Any] = event.payload
    shown = {k: v for k, v in payload.items() if k in _PUBLIC_KEYS}
    if event.kind == "mulligan":
        shown["count"] = len(payload.get("cards") or [])
    data: dict[str, Any] = {
        "seq": event.seq,
        "seat": None if event.seat is None else event.seat + 1,
        "kind": event.kind,
        "payload": shown,
    }
    if applied is not None:
        data["moved"] = [moved_view(applied.state, m, viewers) for m in applied.moved]
        data["did"] = [{"what": what, **dict(params)} for what, params in applied.did]
        instance = payload.get("instance")
        if isinstance(instance, str) and event.kind in _CARD_FLAGS and applied.moved:
            m = applied.moved[0]
            if visible(
                state.spec,
                m.target,
                m.owner,
                Card(m.instance, m.target_face_down, False, m.target_revealed),
                viewers,
            ) or visible(
                state.spec,
                m.source,
                m.owner,
                Card(m.instance, m.source_face_down, False, m.source_revealed),
                viewers,
            ):
                card = applied.state.card(instance)
                data["card"] = {"instance": instance, "stableCardId": card.stable_id, "name": card.name}
        elif (
            isinstance(instance, str) and instance in state.start.instances and event.kind not in _CARD_FLAGS
        ):
            # A game's move naming a card (darkrow's attack, block, damage): named when the viewer sees it.
            where = applied.state.locate(instance)
            if where is not None:
                at_seat, zone, position = where
                if at_seat is None:
                    owner, lying = applied.state.shared[zone][position]
                else:
                    owner, lying = at_seat, applied.state.seats[at_seat].zones[zone][position]
                if visible(state.spec, zone, owner, lying, viewers):
                    card = applied.state.card(instance)
                    data["card"] = {"instance": instance, "stableCardId": card.stable_id, "name": card.name}
    return data
