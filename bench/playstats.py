"""Benchmark: the play statistics (issue 26) rebuilt from the tables' logs, counted after one game,
and read by the statistics page.

    python bench/playstats.py [--games 10000] [--events 100] [--database-url URL]

On a throwaway SQLite database (or BENCH_DATABASE_URL / --database-url): two playtesters, the
vanguard demo decks TD01 and TD02, and ``--games`` finished tables of ``--events`` events each (a
scripted game as bench/table_moves.py plays, ending in a result; 20 seeds, spread over 100 days), stored
in bulk. Measured:

- ``rebuild``: ``playstats_rebuild`` (a task a chunk of tables, in-process here as on the embedded
  default: read the chunk's tables and events, replay, count, add to the day sums), seconds, and
  the peak Python memory of a second rebuild (tracemalloc, which slows what it watches);
- ``pure``: the pure ``rules.tables`` replay of the same events (``replay_recorded``: deal, then
  apply every event; the events read beforehand, the decks thawed once), before and after the
  rebuild in the same run; ``recountOverPure``: a game's recount over its pure replay (the target:
  under 2);
- ``sql``: the baseline, a plain SQL aggregation of the same counts over a table that already holds
  each game's per-card facts (games, wins, seen, played per stableCardId and version), which is
  what a studio storing facts twice would sum; the ratio rebuild / sql;
- ``incremental``: ``playstats_count_table`` of one more finished game;
- ``page``: GET /stats/vanguard/ (two rankings and the matchup grid) with the figures of the games
  above multiplied to stand for ``--page-games`` games (the sums are per day and card version, so
  their rows do not grow with the games: this checks it).

Prints one JSON line, with the load average (1 minute) before and after (the machine is shared).
Figures: bench/README.md, "Play statistics".
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != BENCH] + [str(BENCH)]

from benchkit import django_on  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--events", type=int, default=100)
    parser.add_argument("--page-games", type=int, default=100000)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    url = args.database_url or os.environ.get("BENCH_DATABASE_URL")
    # DEBUG stays on: the page is served without collectstatic (the manifest of DEBUG off).
    with django_on(url, prefix="bench-playstats-"):
        import table_moves as bench_tables  # bench/table_moves.py's scripted game
        from django.contrib.auth import get_user_model
        from django.contrib.auth.models import Group
        from django.db import connection
        from django.test import Client
        from django.utils import timezone

        from playstats import services
        from playstats.models import CardFigure, CountedGame
        from rules import get_ruleset
        from rules.tables import Event, deal_table
        from tables import services as table_services
        from tables.models import Seat, Table, TableEvent
        from tables.snapshot import thaw
        from tests.tables.live_kit import deck_for

        users = []
        for name in ("alice", "bob"):
            user = get_user_model().objects.create_user(name, password="bench-password")
            user.groups.add(Group.objects.get(name="playtester"))
            users.append(user)
        alice, bob = users
        one = deck_for("vanguard", alice, name="TD01")
        two = deck_for("vanguard", bob, name="TD02", which=1)
        model = table_services.table_create(mode="free", user=alice, deck=one)
        Table.objects.filter(pk=model.pk).update(seed=1)  # the server drew it: fixed, to bench one game
        model.refresh_from_db()
        model = table_services.table_join(user=bob, table=model, deck=two)
        seats = sorted(model.seats.all(), key=lambda s: s.index)

        # 20 scripted games of --events events, each ending in a recorded result.
        games = []
        ruleset = get_ruleset("vanguard")
        seat_decks = [thaw("vanguard", s.cards) for s in seats]
        for seed in range(1, 21):
            events = bench_tables.scripted(
                deal_table(ruleset, seed, seat_decks, mode="free"), args.events - 1, seed=seed
            )
            claim = Event(
                len(events) + 1, events[-1].seat, "result", {"winner": 1 + seed % 2, "reason": "RECORDED"}
            )
            # A claimed result is a proposal: the other seat accepts it.
            games.append([*events, claim, Event(len(events) + 2, 1 - events[-1].seat, "acceptResult", {})])
        now = timezone.now()
        began = time.perf_counter()
        tables = Table.objects.bulk_create(
            Table(
                game="vanguard",
                status=Table.Status.FINISHED,
                seed=1 + n % 20,
                created_by=alice,
                seq=len(games[n % 20]),
                started_at=now,
                finished_at=now - dt.timedelta(days=n % 100),
                winner=1 + (1 + n % 20) % 2,
                result_reason="RECORDED",
                # Dealt under today's free rules, as the scripted games were (a claimed result is a
                # proposal the other seat accepts; under "free-1" the claim alone ended the game).
                mode="free",
                rules_version=ruleset.rules_version("free"),
            )
            for n in range(args.games)
        )
        Seat.objects.bulk_create(
            Seat(
                table=t,
                index=s.index,
                user=s.user,
                deck=s.deck,
                deck_name=s.deck_name,
                verdict=s.verdict,
                cards=s.cards,
            )
            for t in tables
            for s in seats
        )
        rows = (
            TableEvent(table=t, seq=e.seq, seat=e.seat + 1, kind=e.kind, payload=dict(e.payload))
            for n, t in enumerate(tables)
            for e in games[n % 20]
        )
        TableEvent.objects.bulk_create(rows, batch_size=5000)
        stored_s = time.perf_counter() - began

        load_before = os.getloadavg()[0]
        table_ids = [t.pk for t in tables]
        pure_before = pure_replay(table_ids, seat_decks)
        began = time.perf_counter()
        counted = services.playstats_rebuild(game="vanguard")  # no transaction around: the chunks run now
        rebuild_s = time.perf_counter() - began
        assert CountedGame.objects.filter(game="vanguard").count() == counted == args.games
        pure_after = pure_replay(table_ids, seat_decks)
        pure_s = (pure_before + pure_after) / 2
        # The memory in a second rebuild: tracemalloc slows every allocation several times over, so
        # the rebuild it watches is not the one timed.
        tracemalloc.start()
        services.playstats_rebuild(game="vanguard")
        _current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()

        # The baseline: the same counts summed by SQL from per-game card facts stored beforehand.
        facts = [
            services.table_game_facts(t) for t in Table.objects.filter(pk__in=[t.pk for t in tables[:20]])
        ]
        with connection.cursor() as cursor:
            cursor.execute(
                "CREATE TABLE bench_facts (game_id integer, stable_id varchar(64), version integer, "
                "won integer, seen integer, played integer)"
            )
            values = []
            for n in range(args.games):
                for seat in facts[n % 20].seats:
                    for (sid, version), f in seat.cards.items():
                        values.append((n, sid, version, int(bool(seat.won)), int(f.seen), int(f.played)))
            cursor.executemany("INSERT INTO bench_facts VALUES (%s, %s, %s, %s, %s, %s)", values)
            sql_runs = []
            for _ in range(3):
                began = time.perf_counter()
                cursor.execute(
                    "SELECT stable_id, version, COUNT(*), SUM(won), SUM(seen), SUM(played), "
                    "SUM(won * seen), SUM(won * played) FROM bench_facts GROUP BY stable_id, version"
                )
                cursor.fetchall()
                sql_runs.append(time.perf_counter() - began)
        sql_s = statistics.median(sql_runs)

        # One more game, counted incrementally.
        extra = Table.objects.create(
            game="vanguard",
            status=Table.Status.FINISHED,
            seed=1,
            created_by=alice,
            seq=len(games[0]),
            started_at=now,
            finished_at=now,
            winner=2,
            result_reason="RECORDED",
            mode="free",
            rules_version=ruleset.rules_version("free"),
        )
        for s in seats:
            Seat.objects.create(
                table=extra,
                index=s.index,
                user=s.user,
                deck=s.deck,
                deck_name=s.deck_name,
                verdict=s.verdict,
                cards=s.cards,
            )
        TableEvent.objects.bulk_create(
            TableEvent(table=extra, seq=e.seq, seat=e.seat + 1, kind=e.kind, payload=dict(e.payload))
            for e in games[0]
        )
        began = time.perf_counter()
        services.playstats_count_table(table_id=extra.pk)
        incremental_ms = (time.perf_counter() - began) * 1000

        # The page, its sums standing for --page-games games (the same rows, bigger numbers).
        scale = max(1, args.page_games // max(1, args.games))
        from django.db.models import F

        CardFigure.objects.update(
            games=F("games") * scale, played=F("played") * scale, seen=F("seen") * scale
        )
        client = Client(HTTP_HOST="127.0.0.1")
        client.force_login(alice)
        page_runs = []
        for _ in range(7):
            began = time.perf_counter()
            response = client.get("/stats/vanguard/")
            page_runs.append((time.perf_counter() - began) * 1000)
            assert response.status_code == 200, response.status_code
        print(
            json.dumps(
                {
                    "games": args.games,
                    "eventsPerGame": args.events,
                    "counted": counted,
                    "storeSeconds": round(stored_s, 1),
                    "rebuildSeconds": round(rebuild_s, 2),
                    "rebuildPeakMiB": round(peak / 2**20, 1),
                    "recountMsPerGame": round(rebuild_s * 1000 / args.games, 2),
                    "pureReplaySeconds": [round(pure_before, 2), round(pure_after, 2)],
                    "pureMsPerGame": round(pure_s * 1000 / args.games, 2),
                    "recountOverPure": round(rebuild_s / pure_s, 2),
                    "loadAverage": [round(load_before, 2), round(os.getloadavg()[0], 2)],
                    "sqlSeconds": round(sql_s, 3),
                    "rebuildOverSql": round(rebuild_s / sql_s, 1),
                    "incrementalMs": round(incremental_ms, 1),
                    "pageGames": scale * args.games,
                    "cardFigureRows": CardFigure.objects.count(),
                    "pageMs": {
                        "median": round(statistics.median(page_runs), 1),
                        "max": round(max(page_runs), 1),
                    },
                }
            )
        )


def pure_replay(table_ids: list[int], decks) -> float:
    """Seconds of the pure rules.tables replay of these tables' events (read beforehand, a chunk of
    500 tables at a time, not timed), each dealt from its seed and ``decks`` (the seats' frozen
    decks, thawed once: every table of this benchmark is dealt from the same two)."""
    from rules import get_ruleset
    from rules.tables import replay_recorded
    from tables.models import Table
    from tables.replay import stored_events_of

    ruleset = get_ruleset("vanguard")
    spent = 0.0
    for start in range(0, len(table_ids), 500):
        part = table_ids[start : start + 500]
        dealt = list(
            Table.objects.filter(pk__in=part)
            .order_by("pk")
            .values_list("pk", "seed", "mode", "rules_version")
        )
        events = stored_events_of(part)
        began = time.perf_counter()
        for pk, seed, mode, rules_version in dealt:
            replay_recorded(ruleset, rules_version, seed, decks, events[pk], mode=mode)
        spent += time.perf_counter() - began
    return spent


if __name__ == "__main__":
    main()
