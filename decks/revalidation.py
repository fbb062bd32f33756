"""The revalidation pipeline's machinery: how a run of :mod:`decks.validation`'s batches is scheduled.

:func:`revalidate` validates a queryset of decks batch by batch with one :class:`~decks.validation.Validator`
and Python's cyclic garbage collector paused (:func:`collector_paused`). On PostgreSQL and on a
SQLite file in WAL mode, outside a transaction, two helper threads with their own connections
read the next batch and write the previous one while the rules run (:func:`can_overlap`,
:func:`_revalidate_overlapped`); elsewhere the batches take turns on one connection. Same results,
same queries either way (bench/README.md, "Deck revalidation").
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager

from django.conf import settings
from django.db import connections

from .validation import DEFAULT_BATCH_SIZE, DeckRow, Validator, deck_rows, read_entries, store_outcomes


def revalidate(decks, *, batch_size: int = DEFAULT_BATCH_SIZE, progress=None) -> int:
    """Validate ``decks`` (a queryset) again and store the results; returns how many were validated."""
    with collector_paused():
        return _revalidate(decks, batch_size, progress)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off for a run, back on after it.

    A run makes many small objects and drops them (rows, resolved entries, findings), none in a
    reference cycle: reference counting frees them all, and the collector's passes over them
    were about 15 % of a run (bench/README.md). Whatever cycle a run leaves is collected once
    the collector is back on.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _revalidate(decks, batch_size: int, progress) -> int:
    rows = deck_rows(decks)
    batches = [rows[start : start + batch_size] for start in range(0, len(rows), batch_size)]
    if can_overlap(decks.db, len(batches)):
        return _revalidate_overlapped(pipeline_batches(rows, batch_size), decks.db, progress)
    validator = Validator()
    done = 0
    for batch in batches:
        outcomes = validator.validate(batch)
        store_outcomes(outcomes)
        done += len(outcomes)
        if progress is not None:
            progress(len(outcomes))
    return done


def pipeline_batches(rows: Sequence[DeckRow], batch_size: int) -> list[Sequence[DeckRow]]:
    """Batches of ``batch_size`` rows, the first a quarter of that: the rules wait for the first
    read alone (the others are read while the rules run), so a short one starts them sooner."""
    first = max(1, batch_size // 4)
    return [
        rows[:first],
        *(rows[start : start + batch_size] for start in range(first, len(rows), batch_size)),
    ]


def can_overlap(alias: str, batches: int) -> bool:
    """Whether the database work of a run may go to other connections, in helper threads.

    On PostgreSQL, and on a SQLite file in WAL mode (its readers do not wait for its writer, and
    SQLite's own work runs without Python's lock); not on an in-memory SQLite database (not
    shared between connections). Only outside a transaction: the helpers' connections see
    committed data only, and each of their UPDATEs commits by itself, as the UPDATEs of a run
    outside a transaction do anyway.
    """
    connection = connections[alias]
    if not settings.DECKS_REVALIDATE_OVERLAP or batches < 2 or connection.in_atomic_block:
        return False
    if connection.vendor == "sqlite":
        return not connection.is_in_memory_db() and _sqlite_journal_mode(connection) == "wal"
    return connection.vendor == "postgresql"


def _sqlite_journal_mode(connection) -> str:
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        return cursor.fetchone()[0].lower()


def _revalidate_overlapped(batches: list[Sequence[DeckRow]], alias: str, progress) -> int:
    """The rules run here while helper threads, on their own connections, read the next batch's
    entries and write the previous batch's results: the database's work and the rules overlap
    instead of taking turns (bench/README.md). Same results, same queries, two more connections.
    """
    validator = Validator()
    done = 0
    # Reads and writes on two connections: the database's work on both runs at once, on the
    # core the rules leave free.
    reader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="revalidate-read")
    writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="revalidate-write")
    try:
        reader.submit(_read_in_index_order, alias, True).result()
        reading = reader.submit(read_entries, batches[0])
        writing: list[tuple[Future, int]] = []
        for index, batch in enumerate(batches):
            raw = reading.result()
            if index + 1 < len(batches):
                reading = reader.submit(read_entries, batches[index + 1])
            writing.append((writer.submit(store_outcomes, validator.validate_read(batch, raw)), len(batch)))
            while writing and (writing[0][0].done() or len(writing) > 2):
                done += _written(*writing.pop(0), progress)
        while writing:
            done += _written(*writing.pop(0), progress)
    finally:
        reader.submit(_read_in_index_order, alias, False).result()
        for helper in (reader, writer):
            helper.submit(_close_own_connection, alias).result()
            helper.shutdown()
    return done


def _read_in_index_order(alias: str, on: bool) -> None:
    """PostgreSQL, on the reader's own connection for a run: read the entries through the
    (deck, kind, section, position) unique index, which gives them in the order the grouping
    needs, rather than through the index on deck alone and a sort of each batch by kind and
    section.

    The planner prices the unique index above that sort (it discounts a multi-column index's
    order), but the sort was about 40 % of PostgreSQL's work in a read: 38-55 ms against 26 ms
    for a batch of 1,000 decks (bench/README.md). Turned off again before the connection goes.
    """
    if connections[alias].vendor != "postgresql":
        return
    with connections[alias].cursor() as cursor:
        if on:
            cursor.execute("SET enable_sort = off; SET enable_incremental_sort = off")
        else:
            cursor.execute("RESET enable_sort; RESET enable_incremental_sort")


def _written(future: Future, count: int, progress) -> int:
    future.result()  # a failed write stops the run here (running it again is safe)
    if progress is not None:
        progress(count)
    return count


def _close_own_connection(alias: str) -> None:
    connections[alias].close()  # looked up in the calling thread: the helper thread's own connection
