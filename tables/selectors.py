"""Reads of playtest tables: who may see one, its state replayed, and its view for each viewer.

A table's state is replayed from its seed, its frozen decks and its events: one query for the
seats (with their users and decks) and one for the events, whatever their number (and one for the
translated names of the cards an answer names: :func:`with_translated_names`). A viewer sees
what the seats they hold may see (:func:`rules.tables.table_view`): both seats at a hot seat, none
for a spectator of a public table, who sees the public zones only.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import suppress
from typing import Any

from django.db import connection
from django.db.models import Prefetch, Q, QuerySet
from django.http import Http404
from django.urls import NoReverseMatch, reverse

from cards.translation_selectors import translated_names
from common.errors import InvalidInput
from rules import Finding, registry
from rules.findings import error
from rules.i18n import N_
from rules.tables import Event, SeatDeck, TableState, apply, deal_table, event_view, table_view
from rules.tables.clock import Clock
from rules.tables.moves import LEGACY_FREE_VERSION

from . import snapshot
from .models import Seat, Table, TableEvent

# A table's seats with their users: one query for any number of tables.
_SEATS = Prefetch("seats", queryset=Seat.objects.select_related("user"))


def _seats(table: Table) -> list[Seat]:
    cache = getattr(table, "_prefetched_objects_cache", {})
    if "seats" in cache:
        return list(cache["seats"])
    return list(table.seats.select_related("user"))


def tables_for(user) -> QuerySet[Table]:
    """The tables ``user`` sits at or is invited to, newest first, their seats prefetched."""
    if not user.is_authenticated:
        return Table.objects.none()
    return (
        Table.objects.filter(Q(seats__user=user) | Q(invited=user, status=Table.Status.WAITING))
        .distinct()
        .select_related("created_by", "invited")
        .prefetch_related(_SEATS)
    )


def public_tables() -> QuerySet[Table]:
    """The tables open to spectators that are being played, newest first."""
    return (
        Table.objects.filter(public=True)
        .exclude(status=Table.Status.WAITING)
        .select_related("created_by", "invited")
        .prefetch_related(_SEATS)
    )


def may_see(user, table: Table) -> bool:
    if not user.is_authenticated:
        return False
    if any(s.user_id == user.pk for s in _seats(table)):
        return True
    if table.status == Table.Status.WAITING and table.invited_id == user.pk:
        return True
    return table.public and user.has_perm("tables.view_table")


def table_get_for(user, table_id) -> Table:
    """The table, when ``user`` sits at it, is invited to it, or watches it (public): else 404."""
    try:
        table = (
            Table.objects.select_related("created_by", "invited")
            .prefetch_related(_SEATS)
            .get(pk=int(table_id))
        )
    except (Table.DoesNotExist, TypeError, ValueError, OverflowError):
        raise Http404("no table you may see has this id") from None
    if not may_see(user, table):
        raise Http404("no table you may see has this id")
    return table


def viewer_seats(user, table: Table) -> frozenset[int]:
    """The seats ``user`` holds (0-based): {0, 1} at a hot seat, none for a spectator."""
    if not user.is_authenticated:
        return frozenset()
    return frozenset(s.index - 1 for s in _seats(table) if s.user_id == user.pk)


def _events(table: Table, at: int | None = None, *, after: int = 0) -> list[Event]:
    rows = TableEvent.objects.filter(table_id=table.pk).order_by("seq")
    if after:
        rows = rows.filter(seq__gt=after)
    if at is not None:
        rows = rows.filter(seq__lte=at)
    return [
        Event(seq, seat - 1, kind, payload)
        for seq, seat, kind, payload in rows.values_list("seq", "seat", "kind", "payload")
    ]


def table_events(table: Table, at: int | None = None) -> list[Event]:
    """The table's events as the engine reads them (seats from 0), in order: one query."""
    return _events(table, at)


class RulesUnknown(InvalidInput):
    """A table dealt under rules this studio does not know (TABLE_RULES_UNKNOWN, 400): never replayed."""

    def __init__(self, table: Table, expected: str | None):
        self.finding: Finding = error(
            "TABLE_RULES_UNKNOWN",
            params={"table": table.pk, "rulesVersion": table.rules_version, "expected": expected},
            hint=N_("replay it with the version of the studio that knows its rules"),
        )
        super().__init__([self.finding])


def table_rules_version(game: str, mode: str) -> str | None:
    """The rules version a table of ``game`` in ``mode`` is dealt under now (None: no such mode)."""
    ruleset = registry.get(game)
    if mode == "rules" and not ruleset.has_rules_mode():
        return None
    if mode not in ("rules", "free"):
        return None
    return ruleset.rules_version(mode)


def _replayed(table: Table) -> tuple[str, ...]:
    """The older rules versions the game's moves still replay (GameMoves.replays; rules mode only)."""
    moves = registry.get(table.game).table_moves
    return moves.replays if table.mode == "rules" and moves is not None else ()


def deal_for(table: Table, decks: list[SeatDeck]) -> TableState:
    """``table`` dealt for its frozen decks under the rules it records, or :class:`RulesUnknown`."""
    expected = table_rules_version(table.game, table.mode)
    # A free table of before rules.tables.fairness replays as it was played.
    legacy = table.mode == "free" and table.rules_version == LEGACY_FREE_VERSION
    if expected is None or (table.rules_version not in (expected, *_replayed(table)) and not legacy):
        raise RulesUnknown(table, expected)
    return deal_table(registry.get(table.game), table.seed, decks, mode=table.mode, legacy=legacy)


def dealt_state(table: Table, seats: list[Seat] | None = None) -> TableState:
    """The table as dealt, before any event (both seats taken); :class:`RulesUnknown` for rules it
    does not know."""
    seats = sorted(seats if seats is not None else _seats(table), key=lambda s: s.index)
    if len(seats) != 2:
        raise ValueError(f"table {table.pk} waits for its second player: nothing is dealt yet")
    return deal_for(table, [snapshot.thaw(table.game, s.cards) for s in seats])


# The latest states of the tables played in this process, by seq: a state is a pure function of
# the table's seed, decks and first events, and events are never changed, so a state once computed
# from stored events stays true; the next read only replays the events stored since (still one
# query). Keyed by the table's random invitation token too: an id a rolled-back table had is
# never mistaken for another table's. Only states read from committed events are kept (outside a
# transaction, under the table's lock, or once the transaction that stored an event commits).
_STATES: OrderedDict[tuple[int, str], dict[int, TableState]] = OrderedDict()
_STATES_LOCK = threading.Lock()
CACHED_TABLES, CACHED_STATES = 256, 4


def _key(table: Table) -> tuple[int, str]:
    return (table.pk, table.invite_token)


def _cached(table: Table, at: int | None) -> TableState | None:
    with _STATES_LOCK:
        states = _STATES.get(_key(table))
        if not states:
            return None
        _STATES.move_to_end(_key(table))
        usable = [seq for seq in states if (at is None or seq <= at) and seq <= table.seq]
        return states[max(usable)] if usable else None


def remember(table: Table, state: TableState) -> None:
    """Keep ``state`` (computed from committed events only) for the next reads of ``table``."""
    with _STATES_LOCK:
        states = _STATES.setdefault(_key(table), {})
        states[state.seq] = state
        for seq in sorted(states)[:-CACHED_STATES]:
            del states[seq]
        _STATES.move_to_end(_key(table))
        while len(_STATES) > CACHED_TABLES:
            _STATES.popitem(last=False)


def forget_states() -> None:
    with _STATES_LOCK:
        _STATES.clear()


def table_state(
    table: Table, at: int | None = None, *, seats: list[Seat] | None = None, committed: bool = False
) -> TableState:
    """The state after every event (``at``: after event ``at``), replayed: one query for the events.

    ``committed``: the caller knows the events it reads are committed (it holds the table's lock
    and wrote nothing yet): the state is kept for the next reads, as outside a transaction."""
    state = _cached(table, at) or dealt_state(table, seats)
    # A kept state at the table's seq (as read) has nothing to replay: no query.
    if state.seq < (table.seq if at is None else min(at, table.seq)):
        for event in _events(table, at, after=state.seq):
            state = apply(state, event).state
    if committed or not connection.in_atomic_block:
        remember(table, state)
    return state


def seed_hash(seed: int) -> str:
    """The commitment to a table's seed: hex SHA-256 of its decimal digits (FORMATS.md v1.3)."""
    return hashlib.sha256(str(seed).encode("ascii")).hexdigest()


def seed_fields(table: Table) -> dict[str, Any]:
    """What a reader of ``table`` learns of its seed: its commitment ``seedHash`` from the deal on, the
    ``seed`` itself once the game is over (then anyone replays every shuffle and checks the hash)."""
    if table.status == Table.Status.WAITING:
        return {"seedHash": None, "seed": None}
    finished = table.status == Table.Status.FINISHED
    return {"seedHash": seed_hash(table.seed), "seed": table.seed if finished else None}


def _user(user) -> str | None:
    return user.get_username() if user is not None else None


def _face(table_pk: int, card: dict[str, Any]) -> None:
    """A visible card's face: the cached rendition of the version the table was dealt, through the
    table (its players and spectators may see that version, whatever the card became since)."""
    stable_id, version = card.get("stableCardId"), card.get("version")
    if stable_id and version:
        with suppress(NoReverseMatch):  # a stable id the converter does not take: no face
            card["face"] = reverse("tables:face", args=[table_pk, stable_id, version])


def _with_faces(table_pk: int, zones: list[dict[str, Any]]) -> None:
    for zone in zones:
        for card in zone["cards"]:
            _face(table_pk, card)


def _named_cards(data: Any) -> Iterator[dict[str, Any]]:
    """Every card an answer names: those its viewer may see (a hidden card has no stable id or name)."""
    if isinstance(data, dict):
        if data.get("stableCardId") and "name" in data:
            yield data
        for value in data.values():
            yield from _named_cards(value)
    elif isinstance(data, list):
        for value in data:
            yield from _named_cards(value)


def with_translated_names(*answers: Any) -> None:
    """Each card ``answers`` name gets, when it has current (VALIDATED, not stale) translations, its
    source ``language`` and its ``names`` by language: each page shows its reader's (an answer may go
    to readers of several languages: a table's news to every page of a seat). Only the cards an answer
    already names, which its viewer may see, are looked up: hidden information stays on the server.
    One query for all of them."""
    cards = [card for answer in answers for card in _named_cards(answer)]
    named = translated_names(card["stableCardId"] for card in cards)
    for card in cards:
        found = named.get(card["stableCardId"])
        if found is not None:
            card["language"] = found["language"]
            card["names"] = dict(found["names"])


def shows_card(view: dict[str, Any], stable_id: str, version: int) -> bool:
    """Whether a viewer's view shows this card version face up somewhere (its face may then be served)."""
    zones = [z for seat in view["seats"] for z in seat["zones"]] + list(view["shared"])
    return any(
        c.get("stableCardId") == stable_id and c.get("version") == version for z in zones for c in z["cards"]
    )


def _waiting_view(table: Table) -> dict[str, Any]:
    return {
        "status": table.status,
        "seq": 0,
        "turn": {"number": 0, "seat": None, "step": None, "stepIndex": 0},
        "first": None,
        "coinWinner": None,
        "seats": [
            {"seat": s.index, "counters": {}, "pending": [], "turns": 0, "zones": []} for s in _seats(table)
        ],
        "shared": [],
        "proposal": None,
        "result": None,
        "notes": [],
    }


def table_view_for(user, table: Table, at: int | None = None, *, names: bool = True) -> dict[str, Any]:
    """The body of ``GET /api/tables/{id}/``: the table as ``user`` may see it (``at``: after event ``at``).
    ``names=False``: without the cards' translated names (no query), for a check of what it shows."""
    seats = _seats(table)
    state = table_state(table, at, seats=seats) if len(seats) == 2 else None
    view = _view(table, seats, viewer_seats(user, table), state, at)
    if names:
        with_translated_names(view)
    if table.status == Table.Status.WAITING and table.created_by_id == user.pk:
        view["invite"] = {
            "token": table.invite_token if table.invite_open else None,
            "user": _user(table.invited),
        }
    return view


def table_intents_for(user, table: Table, seat: int | None = None) -> dict[str, Any]:
    """The body of ``GET /api/tables/{id}/intents/``: every move the rules allow the user's seat now
    (``seat``: 1 or 2, at a hot seat; default the seat to act), each postable as is, with its label."""
    from rules.tables import intents

    mine = sorted(viewer_seats(user, table))
    seats = _seats(table)
    if not mine or len(seats) != 2:
        return {"seq": table.seq, "seat": None, "intents": []}
    state = table_state(table, seats=seats)
    if seat is None or seat - 1 not in mine:
        if len(mine) == 1:
            engine_seat = mine[0]
        elif state.active is not None:
            engine_seat = state.active
        else:
            waiting = [i for i in (0, 1) if state.seats[i].pending]
            engine_seat = waiting[0] if waiting else 0
    else:
        engine_seat = seat - 1
    return {
        "seq": state.seq,
        "seat": engine_seat + 1,
        "intents": [
            {"kind": move.kind, **payload, "label": intent_label(state, engine_seat, move, payload)}
            for move, payload in intents(state, engine_seat)
        ],
    }


def intent_label(state: TableState, seat: int, move, payload: dict[str, Any]) -> str:
    """The words of an intent in the reader's language: its move, the card (its seat sees it) and the
    zones it names."""
    from django.utils.translation import gettext

    from common.i18n import tr

    game = state.start.game
    words = [tr(move.label, game)]
    instance = payload.get("instance")
    if isinstance(instance, str) and instance in state.start.instances:
        words.append(state.card(instance).name)
    target = payload.get("target")
    if isinstance(target, str) and target in state.start.instances:
        # What a move aims at (darkrow's attack: the opposing Leader or a unit), a card of the field.
        words.append("→ " + state.card(target).name)
    for key in ("from", "to"):
        zone = state.spec.zone(payload[key]) if isinstance(payload.get(key), str) else None
        if zone is not None:
            words.append(("→ " if key == "to" else "") + tr(zone.label, game))
    # The move's other choices (vanguard's attack target, booster, a trigger's units, a discard):
    # "<its label>: <the zone, or the card>".
    for param in move.params:
        value = payload.get(param.key)
        if move.kind == "mulligan":
            break
        if param.type == "instances":
            chosen = value if isinstance(value, list) else []
            words.extend(
                f"· {state.card(i).name}" for i in chosen if isinstance(i, str) and i in state.start.instances
            )
            continue
        if param.key in ("instance", "from", "to") or not isinstance(value, str):
            continue
        if param.type == "zone" and state.spec.zone(value) is not None:
            named = tr(state.spec.zone(value).label, game)
        elif param.type == "instance" and value in state.start.instances:
            named = state.card(value).name
        else:
            continue
        words.append(f"· {tr(param.label, game)}: {named}")
    if move.kind == "mulligan":
        count = len(payload.get("cards") or [])
        words = [gettext("Keep the hand")] if not count else [tr(move.label, game), str(count)]
    if move.kind == "result":  # a claim: who wins, or a draw
        winner = payload.get("winner")
        words.append(gettext("seat %(seat)s wins") % {"seat": winner} if winner else gettext("a draw"))
    if move.kind == "reveal" and isinstance(payload.get("count"), int):
        words.append(str(payload["count"]))
    return " ".join(words)


def rules_for(game: str) -> dict[str, Any]:
    """The body of ``GET /api/tables/rules/{game}/``: the game's declared moves and rules version."""
    from common.i18n import tr

    ruleset = registry.get(game)
    moves = ruleset.table_moves
    declared = moves.declared("rules") if moves is not None and moves.rules else ()
    return {
        "game": ruleset.key,
        "moves": [
            {
                **move.to_dict(),
                "label": tr(move.label, ruleset.key),
                "log": tr(move.log, ruleset.key),
                "params": [{**p, "label": tr(p["label"], ruleset.key)} for p in move.to_dict()["params"]],
            }
            for move in declared
        ],
        "rulesVersion": ruleset.rules_version("rules" if declared else "free"),
    }


def audience(viewers: frozenset[int]) -> str:
    """The key of what a set of seats may see: "1", "2", "12" (a hot seat) or "" (a spectator)."""
    return "".join(str(i + 1) for i in sorted(viewers))


def table_news(table: Table, before: TableState, event: Event, applied, created_at) -> dict[str, Any]:
    """What each audience of ``table`` receives for ``event`` (just stored after ``before``): the
    event as it may read it and its new view (``applied``: the engine's answer to the event), keyed
    by :func:`audience`. Sent with the move's
    announce, so that an open socket one event behind sends it without reading the database."""
    seats = _seats(table)
    audiences = [frozenset({0, 1})] if table.hot_seat else [frozenset({0}), frozenset({1})]
    if table.public:
        audiences.append(frozenset())
    news = {}
    for viewers in audiences:
        item = event_view(before, event, applied, viewers)
        item["at"] = created_at.isoformat()
        news[audience(viewers)] = {"events": [item], "view": _view(table, seats, viewers, applied.state)}
    with_translated_names(news)
    return news


def _view(
    table: Table, seats: list[Seat], viewers: frozenset[int], state: TableState | None, at: int | None = None
) -> dict[str, Any]:
    view = table_view(state, viewers) if state is not None else _waiting_view(table)
    # The turn timer (the present only; a replayed point shows none).
    view["clock"] = clock_view(table, table_clock(table, state)) if state is not None and at is None else None
    by_index = {s.index: s for s in seats}
    for seat_view in view["seats"]:
        seat = by_index[seat_view["seat"]]
        seat_view["user"] = _user(seat.user)
        seat_view["deck"] = {"id": seat.deck_id, "name": seat.deck_name}
        seat_view["verdict"] = seat.verdict
        _with_faces(table.pk, seat_view["zones"])
    _with_faces(table.pk, view["shared"])
    spec = registry.get(table.game).table_spec()
    view.update(
        id=table.pk,
        game=table.game,
        # The stored status says "waiting" (one seat) and stays "finished" at a replayed point.
        tableStatus=table.status,
        status=view["status"] if state is not None else table.status,
        currentSeq=table.seq,
        at=at,
        hotSeat=table.hot_seat,
        public=table.public,
        mode=table.mode,
        rulesVersion=table.rules_version,
        viewerSeats=sorted(i + 1 for i in viewers),
        createdBy=_user(table.created_by),
        createdAt=table.created_at.isoformat(),
        startedAt=table.started_at.isoformat() if table.started_at else None,
        finishedAt=table.finished_at.isoformat() if table.finished_at else None,
        **seed_fields(table),
        steps=[{"key": s.key, "label": s.label, "note": s.note} for s in spec.steps],
        counters=[
            {"key": c.key, "label": c.label, "minimum": c.minimum, "maximum": c.maximum}
            for c in spec.counters
        ],
    )
    return view


def table_clock(table: Table, state: TableState, now=None) -> Clock | None:
    """The turn timer's clocks of ``table`` at ``now`` (default: the present), from the server's stamps
    of the events that began each turn; None when the table has no timer or is not being played."""
    from django.utils import timezone

    from rules.tables.clock import clock

    timer = registry.get(table.game).table_timer
    if not table.timer or timer is None or state.phase != "playing" or not state.turns_began:
        return None
    seqs = [seq for _seat, seq in state.turns_began if seq]
    stamps = dict(TableEvent.objects.filter(table_id=table.pk, seq__in=seqs).values_list("seq", "created_at"))
    if table.started_at is not None:
        stamps[0] = table.started_at
    turns = [(seat, stamps[seq].timestamp()) for seat, seq in state.turns_began if seq in stamps]
    return clock(timer, turns, (now or timezone.now()).timestamp())


def clock_view(table: Table, found: Clock | None) -> dict[str, Any] | None:
    """The clocks as the page shows them (both players see both): seconds left, and when the seat to
    act runs out (the page counts down from the answer's ``now``)."""
    if found is None:
        return None
    from datetime import UTC, datetime

    timer = registry.get(table.game).table_timer
    assert timer is not None
    return {
        "turnSeconds": timer.turn,
        "bankSeconds": timer.bank,
        "active": None if found.active is None else found.active + 1,
        "turnLeft": round(found.turn_left, 1),
        "banks": [round(b, 1) for b in found.banks],
        "deadline": None
        if found.deadline is None
        else datetime.fromtimestamp(found.deadline, UTC).isoformat(),
    }


def table_summary(table: Table, user) -> dict[str, Any]:
    """A table in a list: who sits where with which deck, its status and seq (no state replayed)."""
    return {
        "id": table.pk,
        "game": table.game,
        "status": table.status,
        "seq": table.seq,
        "hotSeat": table.hot_seat,
        "public": table.public,
        "createdBy": _user(table.created_by),
        "createdAt": table.created_at.isoformat(),
        "finishedAt": table.finished_at.isoformat() if table.finished_at else None,
        "result": (
            {"winner": table.winner, "reason": table.result_reason}
            if table.status == Table.Status.FINISHED
            else None
        ),
        "viewerSeats": sorted(i + 1 for i in viewer_seats(user, table)),
        "seats": [
            {
                "seat": s.index,
                "user": _user(s.user),
                "deck": {"id": s.deck_id, "name": s.deck_name},
                "verdict": s.verdict,
            }
            for s in _seats(table)
        ],
    }


def table_events_for(user, table: Table, since: int = 0) -> list[dict[str, Any]]:
    """The events after ``since``, each as ``user`` may read it (no hidden card), with its time."""
    seats = _seats(table)
    if len(seats) != 2:
        return []
    viewers = viewer_seats(user, table)
    # From the latest state known at ``since`` (a client catching up reads only the new events).
    state = _cached(table, since) or dealt_state(table, seats)
    rows = list(
        TableEvent.objects.filter(table_id=table.pk, seq__gt=state.seq)
        .order_by("seq")
        .values_list("seq", "seat", "kind", "payload", "created_at")
    )
    out: list[dict[str, Any]] = []
    for seq, seat, kind, payload, created_at in rows:
        event = Event(seq, seat - 1, kind, payload)
        applied = apply(state, event)
        if seq > since:
            item = event_view(state, event, applied, viewers)
            item["at"] = created_at.isoformat()
            out.append(item)
        state = applied.state
    with_translated_names(out)
    return out
