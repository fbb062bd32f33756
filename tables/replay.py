"""A table's state, replayed from its seed, its frozen decks and its stored events, and the states
this process keeps of the tables it served (:class:`StateCache`).

A state is a pure function of the table's seed, decks and first events, and events are never
changed: a state once computed from committed events stays true, and the next read replays only the
events stored since (still one query). Reads (:mod:`tables.selectors`) go through :func:`state_of`,
which keeps what it computes outside a transaction (a test's own aside); the table's writes
(:mod:`tables.services`) read under the table's lock (``committed=True``, in their own transaction)
and :func:`keep` the state a stored event made once its transaction commits: only states of committed
events are kept. The cache is per process (each web worker keeps its own; a worker that
never saw a table replays it once).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from datetime import datetime

from django.db import connection, connections
from django.db.models import QuerySet, TextField
from django.db.models.functions import Cast

from common.errors import InvalidInput
from rules import registry
from rules.findings import error
from rules.i18n import N_
from rules.tables import Event, SeatDeck, TableState, apply, deal_table
from rules.tables.moves import LEGACY_FREE_VERSION

from . import snapshot
from .models import Seat, Table, TableEvent


class StateCache:
    """The latest states of the tables played in this process, a few by table, by seq; and the server's
    times of the table's events read so far (an event's time never changes: the turn timer's clock
    reads those that began a turn on every read of the table, :func:`event_stamps`).

    Keyed by the table's id and its random invitation token: an id a rolled-back table had is never
    mistaken for another table's. Only states and times read from committed events may be put in."""

    def __init__(self, tables: int = 256, states: int = 4):
        self.tables, self.states = tables, states
        self._states: OrderedDict[tuple[int, str], dict[int, TableState]] = OrderedDict()
        self._stamps: dict[tuple[int, str], dict[int, datetime]] = {}
        self._lock = threading.Lock()

    @staticmethod
    def key(table: Table) -> tuple[int, str]:
        return (table.pk, table.invite_token)

    def latest(self, table: Table, at: int | None = None) -> TableState | None:
        """The latest state kept of ``table`` at or before ``at`` (None: the latest) and its seq."""
        key = self.key(table)
        with self._lock:
            states = self._states.get(key)
            if not states:
                return None
            self._states.move_to_end(key)
            usable = [seq for seq in states if (at is None or seq <= at) and seq <= table.seq]
            return states[max(usable)] if usable else None

    def keep(self, table: Table, state: TableState) -> None:
        key = self.key(table)
        with self._lock:
            states = self._states.setdefault(key, {})
            states[state.seq] = state
            for seq in sorted(states)[: -self.states]:
                del states[seq]
            self._touched(key)

    def stamps(self, table: Table, seqs: list[int]) -> dict[int, datetime]:
        """The times kept of these events of ``table`` (those of events up to the table's seq as read)."""
        with self._lock:
            kept = self._stamps.get(self.key(table))
            if not kept:
                return {}
            return {seq: kept[seq] for seq in seqs if seq in kept and seq <= table.seq}

    def keep_stamps(self, table: Table, stamps: dict[int, datetime]) -> None:
        key = self.key(table)
        with self._lock:
            self._stamps.setdefault(key, {}).update(stamps)
            self._states.setdefault(key, {})
            self._touched(key)

    def _touched(self, key: tuple[int, str]) -> None:
        """``key`` used last; the tables used longest ago forgotten beyond ``tables`` (lock held)."""
        self._states.move_to_end(key)
        while len(self._states) > self.tables:
            gone, _ = self._states.popitem(last=False)
            self._stamps.pop(gone, None)

    def clear(self) -> None:
        with self._lock:
            self._states.clear()
            self._stamps.clear()

    def __len__(self) -> int:
        return len(self._states)


# The process's states (a web worker's, a task worker's).
STATES = StateCache()


def kept(table: Table, at: int | None = None) -> TableState | None:
    """The latest state this process keeps of ``table`` at or before ``at``, if any."""
    return STATES.latest(table, at)


def keep(table: Table, state: TableState) -> None:
    """Keep ``state`` (computed from committed events only) for the next reads of ``table``."""
    STATES.keep(table, state)


def event_stamps(table: Table, seqs: list[int]) -> dict[int, datetime]:
    """The server's times (``created_at``) of these events of ``table``, by seq (an event not stored
    has none): those this process keeps, the others read in one query (and kept when read from
    committed events, as :func:`state_of` keeps a state)."""
    found = STATES.stamps(table, seqs)
    missing = [seq for seq in seqs if seq not in found]
    if missing:
        read = dict(
            TableEvent.objects.filter(table_id=table.pk, seq__in=missing)
            .order_by()  # not the events' ordering, which joins their table
            .values_list("seq", "created_at")
        )
        if _reads_committed_events(False):
            STATES.keep_stamps(table, read)
        found.update(read)
    return found


def keep_stamps(table: Table, stamps: dict[int, datetime]) -> None:
    """Keep the times of events of ``table`` (committed ones only) for the next reads of its clock."""
    STATES.keep_stamps(table, stamps)


def forget_all() -> None:
    """Keep no state (a process that never saw any table: the benchmarks' and tests' cold reads)."""
    STATES.clear()


class RulesUnknown(InvalidInput):
    """A table dealt under rules this studio does not know (TABLE_RULES_UNKNOWN, 400): never replayed."""

    def __init__(self, table: Table, expected: str | None):
        finding = error(
            "TABLE_RULES_UNKNOWN",
            params={"table": table.pk, "rulesVersion": table.rules_version, "expected": expected},
            hint=N_("replay it with the version of the studio that knows its rules"),
        )
        super().__init__([finding])


def table_rules_version(game: str, mode: str) -> str | None:
    """The rules version a table of ``game`` in ``mode`` is dealt under now (None: no such mode)."""
    ruleset = registry.get(game)
    if mode == "rules" and not ruleset.has_rules_mode():
        return None
    if mode not in ("rules", "free"):
        return None
    return ruleset.rules_version(mode)


def _replayed(table: Table) -> tuple[str, ...]:
    """The rules versions the game's moves still replay (GameMoves.versions: the same moves, or an
    older version's own; rules mode only)."""
    moves = registry.get(table.game).table_moves
    return moves.versions() if table.mode == "rules" and moves is not None else ()


def deal_for(table: Table, decks: list[SeatDeck]) -> TableState:
    """``table`` dealt for its frozen decks under the rules it records, or :class:`RulesUnknown`."""
    expected = table_rules_version(table.game, table.mode)
    # A free table of before rules.tables.fairness replays as it was played.
    legacy = table.mode == "free" and table.rules_version == LEGACY_FREE_VERSION
    if expected is None or (table.rules_version not in (expected, *_replayed(table)) and not legacy):
        raise RulesUnknown(table, expected)
    # A rules table plays by the moves of the version it was dealt under (GameMoves.for_version).
    version = table.rules_version if table.mode == "rules" else None
    return deal_table(
        registry.get(table.game), table.seed, decks, mode=table.mode, legacy=legacy, rules_version=version
    )


# The attribute a table's seats are read into with it (the one query of tables.selectors.table_get_for):
# :func:`seats_of` reads them there, else those prefetched.
SEATS = "seated"


def seats_of(table: Table) -> list[Seat]:
    """The table's seats with their users (those read with it, or prefetched, serve: no query)."""
    read = _seats_with(table)
    return list(read) if read is not None else list(table.seats.select_related("user"))


def seats_read(table: Table) -> bool:
    """Whether ``table``'s seats were read with it, or prefetched: :func:`seats_of` asks nothing."""
    return _seats_with(table) is not None


def _seats_with(table: Table):
    read = getattr(table, SEATS, None)
    if read is None:
        read = getattr(table, "_prefetched_objects_cache", {}).get("seats")
    return read


def dealt_state(table: Table, seats: list[Seat] | None = None) -> TableState:
    """The table as dealt, before any event (both seats taken); :class:`RulesUnknown` for rules it
    does not know."""
    seats = sorted(seats if seats is not None else seats_of(table), key=lambda s: s.index)
    if len(seats) != 2:
        raise ValueError(f"table {table.pk} waits for its second player: nothing is dealt yet")
    return deal_for(table, [snapshot.thaw(table.game, cards) for cards in frozen_decks(table, seats)])


def frozen_as_text(seats: QuerySet[Seat]) -> QuerySet[Seat]:
    """``seats`` read with their frozen decks (:attr:`Seat.cards`) as the JSON text stored, not decoded:
    :func:`frozen_decks` decodes them when a deal needs them (a read from a kept state never does)."""
    return seats.defer("cards").annotate(frozen_text=Cast("cards", TextField()))


def frozen_decks(table: Table, seats: list[Seat]) -> list[dict]:
    """The frozen decks (:attr:`Seat.cards`) of ``seats`` in their order: as read with them, decoded
    from their text (:func:`frozen_as_text`), or else read for both in one query; kept on the seats."""
    for seat in seats:
        if "cards" in seat.get_deferred_fields() and getattr(seat, "frozen_text", None) is not None:
            seat.cards = _payloads([seat.frozen_text])[0]
    if any("cards" in seat.get_deferred_fields() for seat in seats):
        found = dict(Seat.objects.filter(table_id=table.pk).values_list("index", "cards"))
        for seat in seats:
            seat.cards = found[seat.index]
    return [seat.cards for seat in seats]


# A table's events as the engine reads them, in order: the query built once, each read filters it.
_EVENT_ROWS = TableEvent.objects.order_by("seq").values_list("seq", "seat", "kind", "payload")


def stored_events(table: Table, at: int | None = None, *, after: int = 0) -> list[Event]:
    """The table's events after ``after`` (up to ``at``) as the engine reads them (seats from 0), in
    order: one query.

    The query is the ORM's, its rows read without its per-row converters: the payloads come as the
    JSON text stored (Django has both its PostgreSQL drivers hand jsonb over as text, for JSONField
    to decode) and are decoded in one ``json.loads`` of them all, a third of the time of a
    ``JSONField`` decode per row (bench/README.md, "Playtest tables through the server")."""
    bounds: dict[str, int] = {"table_id": table.pk}
    if after:
        bounds["seq__gt"] = after
    if at is not None:
        bounds["seq__lte"] = at
    found = _raw(_EVENT_ROWS.filter(**bounds))
    payloads = _payloads([row[3] for row in found])
    return [Event(row[0], row[1] - 1, row[2], payload) for row, payload in zip(found, payloads, strict=True)]


def stored_events_of(table_ids: list[int]) -> dict[int, list[Event]]:
    """The events of each of these tables, in order, as :func:`stored_events` reads them: one query
    for them all (a rebuild's chunk of tables)."""
    if not table_ids:
        return {}
    query = (
        TableEvent.objects.filter(table_id__in=table_ids)
        .order_by("table_id", "seq")
        .values_list("table_id", "seq", "seat", "kind", "payload")
    )
    found = _raw(query)
    payloads = _payloads([row[4] for row in found])
    events: dict[int, list[Event]] = {}
    for row, payload in zip(found, payloads, strict=True):
        events.setdefault(row[0], []).append(Event(row[1], row[2] - 1, row[3], payload))
    return events


def _raw(query) -> list[tuple]:
    """A values_list query's rows as the driver gives them (no per-row converter)."""
    sql, params = query.query.sql_with_params()
    with connections[query.db].cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _payloads(texts: list) -> list:
    if all(isinstance(text, str) for text in texts):
        return json.loads("[" + ",".join(texts) + "]") if texts else []
    # a driver that decodes JSON itself
    return [json.loads(text) if isinstance(text, str | bytes) else text for text in texts]


def replayed(state: TableState, events: list[Event]) -> TableState:
    """``state`` after ``events``."""
    for event in events:
        state = apply(state, event).state
    return state


def state_of(
    table: Table, at: int | None = None, *, seats: list[Seat] | None = None, committed: bool = False
) -> TableState:
    """The state after every event (``at``: after event ``at``): from the latest state kept, replaying
    the events stored since (one query; none when the kept state is the table's seq as read).

    Kept for the next reads when read outside a transaction, or ``committed``: the caller knows the
    events it reads are committed (it holds the table's lock, wrote nothing yet, and its transaction
    is the outermost: :func:`_reads_committed_events`)."""
    state = kept(table, at) or dealt_state(table, seats)
    if state.seq < (table.seq if at is None else min(at, table.seq)):
        state = replayed(state, stored_events(table, at, after=state.seq))
    if _reads_committed_events(committed):
        keep(table, state)
    return state


def _reads_committed_events(committed: bool) -> bool:
    """Whether the events a read sees now are committed for good: read outside a transaction, or
    ``committed`` (the caller holds the table's lock and wrote nothing yet) in a transaction of its
    own (the outermost: a caller's transaction around it may have stored events it will roll back).

    A test's transaction (Django's TestCase, pytest-django's ``django_db``: the atomic blocks it
    marks ``_from_testcase``) is not a transaction here: the test sees what it commits, and its
    rollback at the end takes the tables with it, whose keys (their random invitation token) no
    table of another test has."""
    if connection.in_atomic_block and not connection.commit_on_exit:
        return False  # the atomic blocks are inside a transaction begun by hand (autocommit off)
    if not connection.in_atomic_block and not connection.get_autocommit():
        return False  # a transaction begun by hand, without an atomic block
    opened = sum(not getattr(block, "_from_testcase", False) for block in connection.atomic_blocks)
    return opened == 0 or (committed and opened == 1)
