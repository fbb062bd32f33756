"""Reads of playtest tables: who may see one, its state replayed, and its view for each viewer.

A table's state is replayed from its seed, its frozen decks and its events (:mod:`tables.replay`,
from the latest state the process keeps): one query for the table read with its seats (their users,
and their decks as text, decoded for a deal only: :func:`table_get_for`) and one for the events,
whatever their number (and one for the translated names of the cards an answer names:
:func:`with_translated_names`). A viewer sees
what the seats they hold may see (:func:`rules.tables.table_view`): both seats at a hot seat, none
for a spectator of a public table, who sees the public zones only.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

from django.db.models import Prefetch, Q, QuerySet
from django.http import Http404
from django.urls import NoReverseMatch, get_script_prefix, get_urlconf, reverse

from cards.translation_selectors import translated_names
from rules import registry
from rules.tables import Event, TableState, apply, event_view, table_view
from rules.tables.clock import Clock

from .models import Seat, Table, TableEvent
from .replay import (  # noqa: F401 (deal_for, RulesUnknown, seats_read, table_rules_version: the readers' names)
    SEATS,
    RulesUnknown,
    deal_for,
    dealt_state,
    event_stamps,
    frozen_as_text,
    kept,
    seats_of,
    seats_read,
    state_of,
    stored_events,
    table_rules_version,
)

# A table's seats with their users: one query for any number of tables. Their frozen decks come as
# the JSON text stored (a chess deck's is 60 KB a seat), decoded only when a deal needs them
# (tables.replay.frozen_decks): a read from a state this process keeps never does.
# In their order at their table (Seat's own ordering, by table first, would join the tables again).
_SEATS = Prefetch("seats", queryset=frozen_as_text(Seat.objects.select_related("user").order_by("index")))
# One table's seats as _SEATS reads them, each with the table and the users it names: the table and
# its seats in one query (:func:`table_get_for`). Unordered: the two rows are sorted here (Django's
# compiler spends a third of this query's time on an ORDER BY over so many columns).
_SEATS_WITH_TABLE = frozen_as_text(
    Seat.objects.select_related("user", "table__created_by", "table__invited").order_by()
)


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


def may_watch(user) -> bool:
    """Whether ``user`` may watch the tables open to spectators (``tables.view_table``): the one rule
    of :func:`public_tables` (the list page's and the API's ``?public=1``) and of :func:`may_see` (a
    table's page, its socket, its comments). A player needs it for no table they sit at."""
    return user.is_authenticated and user.has_perm("tables.view_table")


def public_tables(user) -> QuerySet[Table]:
    """The tables open to spectators that are being played, newest first, when ``user`` may watch
    them (:func:`may_watch`); else none (not even their names, nor who plays them)."""
    if not may_watch(user):
        return Table.objects.none()
    return (
        Table.objects.filter(public=True)
        .exclude(status=Table.Status.WAITING)
        .select_related("created_by", "invited")
        .prefetch_related(_SEATS)
    )


def may_see(user, table: Table) -> bool:
    if not user.is_authenticated:
        return False
    if any(s.user_id == user.pk for s in seats_of(table)):
        return True
    if table.status == Table.Status.WAITING and table.invited_id == user.pk:
        return True
    return table.public and may_watch(user)


def _index(seat: Seat) -> int:
    return seat.index


def table_get_for(user, table_id) -> Table:
    """The table, when ``user`` sits at it, is invited to it, or watches it (public): else 404.
    Read from its seats (a table has one from its creation on): one query for the table, its seats,
    their users and the table's."""
    try:
        seats = sorted(_SEATS_WITH_TABLE.filter(table_id=int(table_id)), key=_index)
        if seats:
            table = seats[0].table
        else:  # no seat: no such table (a table opens with its first seat)
            table = Table.objects.select_related("created_by", "invited").get(pk=int(table_id))
    except (Table.DoesNotExist, TypeError, ValueError, OverflowError):
        raise Http404("no table you may see has this id") from None
    for seat in seats:
        seat.table = table  # each row brought its own copy of the table: the one returned serves all
    setattr(table, SEATS, seats)
    if not may_see(user, table):
        raise Http404("no table you may see has this id")
    return table


def viewer_seats(user, table: Table) -> frozenset[int]:
    """The seats ``user`` holds (0-based): {0, 1} at a hot seat, none for a spectator."""
    if not user.is_authenticated:
        return frozenset()
    return frozenset(s.index - 1 for s in seats_of(table) if s.user_id == user.pk)


def table_events(table: Table, at: int | None = None) -> list[Event]:
    """The table's events as the engine reads them (seats from 0), in order: one query."""
    return stored_events(table, at)


def table_state(
    table: Table, at: int | None = None, *, seats: list[Seat] | None = None, committed: bool = False
) -> TableState:
    """The state after every event (``at``: after event ``at``), replayed from the latest state this
    process keeps (:func:`tables.replay.state_of`): one query for the events at most."""
    return state_of(table, at, seats=seats, committed=committed)


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


@lru_cache(maxsize=4096)
def _face_url(prefix: str, urlconf, table_pk: int, stable_id: str, version: int) -> str | None:
    """A face's address, reversed once for each (every view of a table names the same cards again):
    by the script prefix and the URLconf the request reverses with."""
    try:
        return reverse("tables:face", args=[table_pk, stable_id, version], urlconf=urlconf)
    except NoReverseMatch:
        return None


def _with_faces(table_pk: int, zones: list[dict[str, Any]]) -> None:
    """Each visible card's face: the cached rendition of the version the table was dealt, through the
    table (its players and spectators may see that version, whatever the card became since)."""
    prefix, urlconf = get_script_prefix(), get_urlconf()  # the request's, read once for every card
    for zone in zones:
        for card in zone["cards"]:
            stable_id, version = card.get("stableCardId"), card.get("version")
            if stable_id and version:
                url = _face_url(prefix, urlconf, table_pk, stable_id, version)
                if url is not None:  # None: a stable id the converter does not take (no face)
                    card["face"] = url


def _named_cards(data: Any) -> list[dict[str, Any]]:
    """Every card an answer names: those its viewer may see (a hidden card has no stable id or name).
    A walk with a stack of its own, not a recursive generator (each read of a table walks its view)."""
    found = []
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if item.get("stableCardId") and "name" in item:
                found.append(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


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
            {"seat": s.index, "counters": {}, "pending": [], "turns": 0, "zones": []} for s in seats_of(table)
        ],
        "shared": [],
        "proposal": None,
        "result": None,
        "notes": [],
    }


def table_view_for(user, table: Table, at: int | None = None, *, names: bool = True) -> dict[str, Any]:
    """The body of ``GET /api/tables/{id}/``: the table as ``user`` may see it (``at``: after event ``at``).
    ``names=False``: without the cards' translated names (no query), for a check of what it shows."""
    seats = seats_of(table)
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
    mine = sorted(viewer_seats(user, table))
    seats = seats_of(table)
    if not mine or len(seats) != 2:
        return {"seq": table.seq, "seat": None, "intents": []}
    return _intents(table_state(table, seats=seats), mine, seat)


def _intents(state: TableState, mine: list[int], seat: int | None) -> dict[str, Any]:
    from common.i18n import tr
    from rules.tables import intents

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
    # The intents' labels say the same words again and again (a move's, its zones'): each translated
    # once (the reader's language stays that of the request).
    translate = cache(tr)
    return {
        "seq": state.seq,
        "seat": engine_seat + 1,
        "intents": [
            {
                "kind": move.kind,
                **payload,
                "label": intent_label(state, engine_seat, move, payload, translate=translate),
            }
            for move, payload in intents(state, engine_seat)
        ],
    }


def table_played_for(user, table: Table, played) -> dict[str, Any]:
    """The body of a move's answer (``POST /api/tables/{id}/events/``): what the mover's page shows
    next, from the engine's answer to the move (no replay, no read of the events): the event as the
    mover may read it, their new view and, in rules mode, the intents of the seat to act for them
    (as ``GET intents/`` gives them). ``played``: :class:`tables.services.Played`; ``table`` as the
    move left it."""
    viewers = viewer_seats(user, table)
    state = played.applied.state
    intents = _intents(state, sorted(viewers), None) if table.mode == "rules" else None
    # The news the move's announce carried to the mover's audience, when it was worked out (once the
    # move committed): the same event and view, not computed twice.
    news = played.news.get(audience(viewers))
    if news is not None:
        return {"seq": played.seq, "events": news["events"], "view": news["view"], "intents": intents}
    item = event_view(played.before, played.move, played.applied, viewers)
    item["at"] = played.event.created_at.isoformat()
    answer: dict[str, Any] = {
        "seq": played.seq,
        "events": [item],
        "view": _view(table, seats_of(table), viewers, state),
    }
    with_translated_names(answer)
    return {**answer, "intents": intents}


def intent_label(
    state: TableState,
    seat: int,
    move,
    payload: dict[str, Any],
    *,
    translate: Callable[..., str] | None = None,
) -> str:
    """The words of an intent in the reader's language: its move, the card (its seat sees it) and the
    zones it names. ``translate``: :func:`common.i18n.tr`, or a cache of it (the intents of a seat)."""
    from django.utils.translation import gettext

    from common.i18n import tr as _tr

    tr = translate or _tr

    game = state.start.game
    # A move may word each of its intents (Move.intent_label: duel's options, its summon positions).
    label = move.intent_label(state, seat, payload) if move.intent_label is not None else move.label
    words = [tr(label)]  # the table's word, not a card value's (tables.views._moves)
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
        # The instance, the zones and a card aimed at are already named above.
        if param.key in ("instance", "from", "to") or not isinstance(value, str):
            continue
        if param.key == "target" and value in state.start.instances:
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
        words = [gettext("Keep the hand")] if not count else [tr(move.label), str(count)]
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
                "label": tr(move.label),  # the table's word, not a card value's (tables.views._moves)
                "log": tr(move.log, ruleset.key),
                "leftFree": tr(move.leaves_free, ruleset.key) if move.leaves_free else "",
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
    seats = seats_of(table)
    audiences = [frozenset({0, 1})] if table.hot_seat else [frozenset({0}), frozenset({1})]
    if table.public:
        audiences.append(frozenset())
    clock = clock_view(table, table_clock(table, applied.state))  # both players see both clocks: once
    news = {}
    for viewers in audiences:
        item = event_view(before, event, applied, viewers)
        item["at"] = created_at.isoformat()
        view = _view(table, seats, viewers, applied.state, clock=clock)
        news[audience(viewers)] = {"events": [item], "view": view}
    with_translated_names(news)
    return news


_CLOCK_UNREAD: Any = object()


def _view(
    table: Table,
    seats: list[Seat],
    viewers: frozenset[int],
    state: TableState | None,
    at: int | None = None,
    *,
    clock: dict[str, Any] | None = _CLOCK_UNREAD,
) -> dict[str, Any]:
    view = table_view(state, viewers) if state is not None else _waiting_view(table)
    # The turn timer (the present only; a replayed point shows none). ``clock``: read already.
    if state is None or at is not None:
        view["clock"] = None
    elif clock is _CLOCK_UNREAD:
        view["clock"] = clock_view(table, table_clock(table, state))
    else:
        view["clock"] = None if clock is None else dict(clock, banks=list(clock["banks"]))
    by_index = {s.index: s for s in seats}
    for seat_view in view["seats"]:
        seat = by_index[seat_view["seat"]]
        seat_view["user"] = _user(seat.user)
        # A bot plays this seat (solo play): its policy, "random" or "greedy"; None for a person.
        seat_view["bot"] = seat.bot or None
        seat_view["deck"] = {"id": seat.deck_id, "name": seat.deck_name}
        seat_view["verdict"] = seat.verdict
    zones = [zone for seat_view in view["seats"] for zone in seat_view["zones"]]
    _with_faces(table.pk, zones + view["shared"])
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
    stamps = event_stamps(table, seqs)
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
                "bot": s.bot or None,
                "deck": {"id": s.deck_id, "name": s.deck_name},
                "verdict": s.verdict,
            }
            for s in seats_of(table)
        ],
    }


# The events with their times, in order (the feed): the query built once, each read filters it.
_FEED_ROWS = TableEvent.objects.order_by("seq").values_list("seq", "seat", "kind", "payload", "created_at")


def table_events_for(user, table: Table, since: int = 0) -> list[dict[str, Any]]:
    """The events after ``since``, each as ``user`` may read it (no hidden card), with its time."""
    seats = seats_of(table)
    if len(seats) != 2:
        return []
    viewers = viewer_seats(user, table)
    # From the latest state known at ``since`` (a client catching up reads only the new events).
    state = kept(table, since) or dealt_state(table, seats)
    rows = list(_FEED_ROWS.filter(table_id=table.pk, seq__gt=state.seq))
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
