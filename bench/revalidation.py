"""Benchmark: revalidating N decks after a change of the one card they all use.

    python bench/revalidation.py [--decks 10000] [--batch-size 1000] [--rounds 3] [--database-url URL]

Builds N darkrow decks (40 main entries each, plus a Leader candidate and the
active Leader), all using one card; validates them; then, ``--rounds`` times,
changes that card through the cards service (so the decks are marked stale by
the receiver), times the revalidation task and, right after it, a raw SQL read
of the same entries. Prints one line per round on standard error and ONE JSON
line: decks, entries, the medians of seconds, queries, sql_read_seconds (and
their CPU seconds: all of SQLite's work, only Python's on PostgreSQL), the
median of the rounds' ratios, mark_seconds, batch_size, database, load average.

Without --database-url it works in a temporary SQLite file, never in the
studio's own database. Targets (bench/README.md): seconds <= 2 x
sql_read_seconds, queries <= 5 per 1,000 decks.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from contextlib import contextmanager

from benchkit import django_on  # bench/benchkit.py (puts the project on sys.path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=10_000)
    parser.add_argument("--batch-size", type=int, default=1000)
    parser.add_argument(
        "--database-url", help="a database the benchmark may fill (default: a temporary SQLite file)"
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="changes of the card, each timed with its revalidation and a raw read (medians)",
    )
    parser.add_argument(
        "--profile", action="store_true", help="print a cProfile of the revalidation to stderr"
    )
    parser.add_argument(
        "--serial",
        action="store_true",
        help="PostgreSQL: no helper thread for the database work (DECKS_REVALIDATE_OVERLAP=0)",
    )
    args = parser.parse_args()

    env = {"DECKS_REVALIDATE_OVERLAP": "0"} if args.serial else {}
    with django_on(args.database_url, prefix="bench-revalidation-", env=env):
        result = run(args.decks, args.batch_size, args.profile, args.rounds)
        print(json.dumps(result))


# The target card's statuses, round after round, and whether the decks are legal after each.
CYCLE = (("DISABLED", False), ("DRAFT", False), ("VALIDATED", True))


def run(n_decks: int, batch_size: int, profile: bool, rounds: int = 3) -> dict:
    from django.db import connection, transaction

    from cards import services as card_services
    from cards.models import Card
    from decks import selectors, tasks
    from decks.models import Deck, DeckEntry, DeckFormat, EntryKind
    from decks.services import decks_revalidate

    rng = random.Random(7)
    with transaction.atomic():
        Deck.objects.filter(name__startswith="bench ").delete()
        fmt = DeckFormat.objects.get(game="darkrow", key="standard")
        cards = _cards()
        leader, target, pool = cards[0], cards[1], cards[2:]
        decks = Deck.objects.bulk_create(
            [Deck(game="darkrow", format=fmt, name=f"bench {i}", stale=True) for i in range(n_decks)],
            batch_size=2000,
        )
        entries = []
        for deck in decks:
            main = [target, *rng.sample(pool, 39)]
            entries += [
                DeckEntry(
                    deck=deck,
                    section="main",
                    position=i,
                    ref=c.stable_id,
                    ref_key=c.stable_id.lower(),
                    card=c,
                    count=1,
                )
                for i, c in enumerate(main)
            ]
            entries.append(
                DeckEntry(
                    deck=deck, section="leaders", position=0, ref=leader.stable_id, ref_key="", card=leader
                )
            )
            entries.append(
                DeckEntry(
                    deck=deck,
                    kind=EntryKind.PICK,
                    section="activeLeader",
                    position=0,
                    ref=leader.stable_id,
                    ref_key="",
                    card=leader,
                )
            )
        DeckEntry.objects.bulk_create(entries, batch_size=5000)
    bench = Deck.objects.filter(name__startswith="bench ")
    decks_revalidate(decks=bench, batch_size=batch_size)  # the decks start validated (and legal)
    if connection.vendor == "postgresql":
        # The rows of an earlier run on the same database are dead tuples until a vacuum, and
        # fresh statistics are what autovacuum gives a real database: runs stay comparable.
        with connection.cursor() as cursor:
            for model in (Deck, DeckEntry, Card):
                cursor.execute(f"VACUUM ANALYZE {model._meta.db_table}")
    assert not bench.filter(stale=True).exists() and bench.filter(legal=True).count() == n_decks

    # The change: the receiver marks the decks stale in the card's transaction; the
    # enqueued task is captured here and run (timed) below, as a worker would.
    enqueued = []
    tasks.revalidate_decks.apply_async = lambda args=None, kwargs=None, **options: enqueued.append(kwargs)
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group

    reviewer, _ = get_user_model().objects.get_or_create(username="bench-reviewer")
    reviewer.groups.add(Group.objects.get(name="reviewer"))
    table, decks_table = DeckEntry._meta.db_table, Deck._meta.db_table

    def raw_read() -> int:
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT e.deck_id, e.kind, e.section, e.ref, e.card_id, e.count FROM {table} e "
                f"JOIN {decks_table} d ON d.id = e.deck_id WHERE d.name LIKE %s ORDER BY e.deck_id",
                ["bench %"],
            )
            return len(cursor.fetchall())

    measured = []
    # Each round one real change of the card (VALIDATED -> DISABLED -> DRAFT -> VALIDATED...),
    # then its revalidation and the raw read, one after the other under the same load.
    for index in range(rounds):
        status, legal = CYCLE[index % len(CYCLE)]
        enqueued.clear()
        started = time.perf_counter()
        card_services.card_set_status(stable_id=target.stable_id, status=status, user=reviewer)
        mark_seconds = time.perf_counter() - started
        assert len(enqueued) == 1 and bench.filter(stale=True).count() == n_decks

        profiler = None
        if profile and index == 0:
            import cProfile

            profiler = cProfile.Profile()
            profiler.enable()
        with count_queries() as queries:
            started, cpu_started = time.perf_counter(), time.process_time()
            marks = [started]

            def progress(count, marks=marks):  # seconds of each batch, on stderr with --profile
                marks.append(time.perf_counter())
                if profile:
                    print(f"batch of {count}: {marks[-1] - marks[-2]:.3f} s", file=sys.stderr)

            decks = selectors.decks_to_revalidate(**enqueued[0])  # what the task does, with a progress report
            done = decks_revalidate(decks=decks, batch_size=batch_size, progress=progress)
            seconds, cpu = time.perf_counter() - started, time.process_time() - cpu_started
        if profiler is not None:
            import pstats

            profiler.disable()
            pstats.Stats(profiler, stream=sys.stderr).sort_stats("tottime").print_stats(25)
        assert done == n_decks and not bench.filter(stale=True).exists()
        assert bench.filter(legal=True).count() == (n_decks if legal else 0)

        started, cpu_started = time.perf_counter(), time.process_time()
        read = raw_read()
        read_seconds, read_cpu = time.perf_counter() - started, time.process_time() - cpu_started
        measured.append((seconds, read_seconds, cpu, read_cpu, len(queries), mark_seconds))
        print(
            f"# round {index + 1} ({status}): {seconds:.3f} s, raw read {read_seconds:.3f} s, "
            f"ratio {seconds / read_seconds:.2f}; CPU {cpu:.3f} s, raw read {read_cpu:.3f} s, ratio {cpu / read_cpu:.2f}",
            file=sys.stderr,
        )
    seconds, sql_read_seconds, cpu, read_cpu, n_queries, mark_seconds = (
        statistics.median(column) for column in zip(*measured, strict=True)
    )
    return {
        "decks": n_decks,
        "entries": read,
        "seconds": round(seconds, 3),
        "queries": int(n_queries),
        "sql_read_seconds": round(sql_read_seconds, 3),
        "ratio": round(statistics.median(m[0] / m[1] for m in measured), 2),
        "cpu_seconds": round(cpu, 3),
        "sql_read_cpu_seconds": round(read_cpu, 3),
        "rounds": rounds,
        "mark_seconds": round(mark_seconds, 3),
        "batch_size": batch_size,
        "database": connection.vendor,
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


@contextmanager
def count_queries():
    """Every query run inside, on any connection and thread (the revalidation may use a helper
    thread with its own connection on PostgreSQL). Unlike CaptureQueriesContext it does not
    format each query's SQL with its parameters (a 1 MB JSON payload per batch), which the task
    never does in production (DEBUG off)."""
    from django.db.backends.utils import CursorWrapper

    counted = []
    execute, executemany = CursorWrapper.execute, CursorWrapper.executemany

    def counting_execute(self, sql, params=None):
        counted.append(1)
        return execute(self, sql, params)

    def counting_executemany(self, sql, param_list):
        counted.append(1)
        return executemany(self, sql, param_list)

    CursorWrapper.execute, CursorWrapper.executemany = counting_execute, counting_executemany
    try:
        yield counted
    finally:
        CursorWrapper.execute, CursorWrapper.executemany = execute, executemany


def _cards():
    from cards import imports as card_imports
    from cards.models import Card

    wanted = [{"stableCardId": "BENCH-L", "name": "Bench Leader", "type": "LEADER", "status": "VALIDATED"}]
    wanted += [
        {
            "stableCardId": f"BENCH-{i:03d}",
            "name": f"Bench Unit {i}",
            "type": "UNIT",
            "cost": 1,
            "atk": 1,
            "pv": 1,
            "status": "VALIDATED",
        }
        for i in range(121)
    ]
    Card.objects.filter(stable_id__startswith="BENCH-").update(status="VALIDATED")
    card_imports.cards_import(payload={"game": "darkrow", "cards": wanted})
    cards = {card.stable_id: card for card in Card.objects.filter(stable_id__startswith="BENCH-")}
    leader, target = cards.pop("BENCH-L"), cards.pop("BENCH-000")
    return [leader, target, *sorted(cards.values(), key=lambda c: c.stable_id)]


if __name__ == "__main__":
    main()
