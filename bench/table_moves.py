"""Benchmark: a playtest table through the server (tables.services, tables.selectors), not the pure core.

    python bench/table_moves.py [--at 200] [--events 1000] [--rounds 9] [--database-url URL] [--mode rules]

On a throwaway SQLite database (or BENCH_DATABASE_URL / --database-url), two users sit at a vanguard
table with the demo decks TD01 and TD02; a scripted game (draws, calls, taps, damage, steps, turns:
every event one the table accepts) is stored as the table's events. Measured, in alternate rounds:

- ``accept``: what the server does for one move on a table ``--at`` events into the game
  (``acceptCold``: in a process that kept no state of the table, tables.replay.forget_all):
  ``table_event_append`` (lock the table, read and replay its events, apply the move, store it)
  and both seats' views (``table_view_for``, as the two players' sockets then read them), rolled back
  after each round so that every round meets the same table;
- ``pure``: the pure replay of the same ``--at`` events (rules.tables, no database), the floor;
- ``replay``: ``table_state`` of a table of ``--events`` stored events, no state kept (read them,
  thaw the decks, replay): the target is under 50 ms for 1,000; ``pureLong``: the pure core's deal
  and replay of the same events (its floor), and their ratio;
- ``append`` alone, and ``socket``: what each open socket of the table then reads (the viewer's
  view and the events since its last seq);
- ``announce``: ``tables.realtime.announce`` on the in-memory layer (what each move adds after commit).
- ``intents`` (and ``intentsCold``): ``GET intents/`` of the seat to move ``--at`` events in
  (``table_intents_for``); with ``--mode rules`` the table is in rules mode and its game is played by
  offered intents (bench/tables_rules.py's picker; the long table holds the whole game, to its end).

Prints one JSON line (milliseconds: median, p99 and best of the rounds). Figures: bench/README.md,
"Playtest tables through the server".
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != BENCH] + [str(BENCH)]

from benchkit import django_on  # noqa: E402


def scripted(state, count: int, seed: int = 1):
    """Events a client could send, each one the table accepts (as bench/tables_replay.py plays)."""
    from rules.tables import Event, Refusal, apply

    rng = random.Random(seed)
    events = []
    for seat in (0, 1):
        event = Event(state.seq + 1, seat, "mulligan", {"cards": []})
        state = apply(state, event).state
        events.append(event)
    zones = ["rc0", "rc1", "rc2", "rc3", "rc4", "gc", "discard", "damage", "soul"]
    while len(events) < count:
        seat = state.active
        hand = state.seats[seat].zones["hand"]
        roll = rng.random()
        if roll < 0.25 and hand:
            kind, payload = "move", {"instance": rng.choice(hand).instance, "to": rng.choice(zones)}
        elif roll < 0.4:
            kind, payload = "step", {}
        elif roll < 0.5:
            kind, payload = "endTurn", {}
        elif roll < 0.65:
            board = [c for z in zones[:5] for c in state.seats[seat].zones.get(z, ())]
            kind, payload = ("tap", {"instance": rng.choice(board).instance}) if board else ("untapAll", {})
        elif roll < 0.75 and len(state.seats[seat].zones["damage"]) < 5:
            kind, payload = "move", {"from": "deck", "to": "damage"}
        elif roll < 0.85 and state.seats[seat].zones["discard"]:
            kind, payload = (
                "move",
                {"instance": state.seats[seat].zones["discard"][-1].instance, "to": "deck", "bottom": True},
            )
        else:
            kind, payload = "draw", {"count": 1}
        event = Event(state.seq + 1, seat, kind, payload)
        try:
            state = apply(state, event).state
        except Refusal:
            continue
        if state.phase == "finished" or (state.proposal is not None and state.proposal[1] == "DECK_OUT"):
            break
        events.append(event)
    return events


def timed(fn) -> float:
    begin = time.perf_counter()
    fn()
    return (time.perf_counter() - begin) * 1000


def summary(values: list[float]) -> dict:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return {"median": round(statistics.median(values), 2), "p99": round(p99, 2), "best": round(ordered[0], 2)}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--at", type=int, default=200)
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--profile", action="store_true", help="print where the stored replay's time goes")
    parser.add_argument(
        "--mode",
        choices=["free", "rules"],
        default="free",
        help="free: the scripted sandbox game; rules: a game of offered intents (bench/tables_rules.py), "
        "and the intents of the seat to act measured too",
    )
    args = parser.parse_args()
    import os

    url = args.database_url or os.environ.get("BENCH_DATABASE_URL")
    with django_on(url, prefix="bench-tables-", secret="bench-tables-"):
        from django.contrib.auth import get_user_model
        from django.contrib.auth.models import Group
        from django.db import transaction

        from rules import get_ruleset
        from rules.tables import deal_table, replay
        from tables import realtime, selectors, services, snapshot
        from tables.models import Table, TableEvent

        try:
            from tables.replay import forget_all
        except ImportError:  # the code of before tables/replay.py (a before/after comparison)
            from tables.selectors import forget_states as forget_all
        from tests.tables.live_kit import deck_for

        users = []
        for name in ("alice", "bob"):
            user = get_user_model().objects.create_user(name, password="bench-password")
            user.groups.add(Group.objects.get(name="playtester"))
            users.append(user)
        alice, bob = users

        def table_with(count: int) -> tuple[Table, list]:
            table = services.table_create(
                mode=args.mode, user=alice, deck=deck_for("vanguard", alice, name=f"A{count}")
            )
            Table.objects.filter(pk=table.pk).update(seed=1)  # the server drew it: fixed, to bench one game
            table.refresh_from_db()
            table = services.table_join(
                user=bob, table=table, deck=deck_for("vanguard", bob, name=f"B{count}", which=1)
            )
            if args.mode == "rules":
                from tables_rules import played_from

                events = played_from(selectors.table_state(table), count + 1)
                # A rules game ends (a deck out): the long table holds the whole game.
                count = min(count, len(events) - 1)
            else:
                events = scripted(selectors.table_state(table), count + 1)
            if len(events) <= count:
                raise SystemExit(f"the scripted game ended after {len(events)} events; ask for fewer")
            TableEvent.objects.bulk_create(
                TableEvent(table=table, seq=e.seq, seat=e.seat + 1, kind=e.kind, payload=dict(e.payload))
                for e in events[:count]
            )
            Table.objects.filter(pk=table.pk).update(seq=count, status=Table.Status.PLAYING)
            table.refresh_from_db()
            return table, events

        table, events = table_with(args.at)
        move = events[args.at]
        mover = alice if move.seat == 0 else bob
        seats = sorted(table.seats.all(), key=lambda s: s.index)
        ruleset = get_ruleset("vanguard")
        decks = [snapshot.thaw("vanguard", s.cards) for s in seats]

        def accept():
            with transaction.atomic():
                services.table_event_append(
                    user=mover, table=table, kind=move.kind, expected_seq=args.at, payload=dict(move.payload)
                )
                fresh = Table.objects.get(pk=table.pk)
                selectors.table_view_for(alice, selectors.table_get_for(alice, fresh.pk))
                selectors.table_view_for(bob, selectors.table_get_for(bob, fresh.pk))
                transaction.set_rollback(True)

        def append_only():
            with transaction.atomic():
                services.table_event_append(
                    user=mover, table=table, kind=move.kind, expected_seq=args.at, payload=dict(move.payload)
                )
                transaction.set_rollback(True)

        def socket_read():
            # What each open socket of the table reads after the announce (tables/consumers.py).
            fresh = selectors.table_get_for(bob, table.pk)
            selectors.table_view_for(bob, fresh)
            selectors.table_events_for(bob, fresh, since=args.at - 1)

        def intents():
            # What the seat to act's page reads to draw its moves (GET intents/).
            selectors.table_intents_for(mover, selectors.table_get_for(mover, table.pk))

        def pure():
            replay(deal_table(ruleset, table.seed, decks, mode=args.mode), events[: args.at])

        long_table, long_script = table_with(args.events)
        long_events = long_table.seq
        long_decks = [
            snapshot.thaw("vanguard", s.cards) for s in sorted(long_table.seats.all(), key=lambda s: s.index)
        ]

        def full():
            selectors.table_state(Table.objects.get(pk=long_table.pk))

        def pure_long():
            # The floor of ``full``: deal and replay the same stored events in the pure core.
            replay(
                deal_table(ruleset, long_table.seed, long_decks, mode=args.mode), long_script[:long_events]
            )

        accept()  # warm the caches (rule sets, URL resolvers) once
        if args.profile:
            import cProfile
            import pstats

            for name, fn in (
                ("stored replay", full),
                ("pure replay", pure_long),
                ("socket read", socket_read),
            ):
                forget_all()
                profiler = cProfile.Profile()
                profiler.runcall(fn)
                print(f"--- {name}", file=sys.stderr)
                pstats.Stats(profiler, stream=sys.stderr).sort_stats("cumulative").print_stats(30)

        def cold(fn):
            # A process that never saw the table (another web worker): no state of it kept.
            def run():
                forget_all()
                return timed(fn)

            return run

        rounds: dict[str, list[float]] = {
            "intents": [],
            "intentsCold": [],
            "acceptCold": [],
            "accept": [],
            "append": [],
            "socket": [],
            "pure": [],
            "replay": [],
            "pureLong": [],
            # CPU time of the process (all of SQLite's work, which runs in it; only Python's on
            # PostgreSQL): steadier than the wall time on a shared machine.
            "replayCpu": [],
            "pureLongCpu": [],
            "announce": [],
        }
        for _ in range(args.rounds):
            rounds["intentsCold"].append(cold(intents)())
            rounds["intents"].append(timed(intents))
            rounds["acceptCold"].append(cold(accept)())
            accept()  # the table's state is kept again, as after any move this process served
            rounds["accept"].append(timed(accept))
            rounds["append"].append(timed(append_only))
            rounds["socket"].append(timed(socket_read))
            rounds["pure"].append(timed(pure))
            forget_all()
            cpu = time.process_time()
            rounds["replay"].append(timed(full))
            rounds["replayCpu"].append((time.process_time() - cpu) * 1000)
            cpu = time.process_time()
            rounds["pureLong"].append(timed(pure_long))
            rounds["pureLongCpu"].append((time.process_time() - cpu) * 1000)
            rounds["announce"].append(timed(lambda: realtime.announce(table.pk, args.at)))
        ratios = [a / p for a, p in zip(rounds["accept"], rounds["pure"], strict=True)]
        replay_ratios = [a / p for a, p in zip(rounds["replay"], rounds["pureLong"], strict=True)]
        intents_ratios = [a / p for a, p in zip(rounds["intents"], rounds["pure"], strict=True)]
        print(
            json.dumps(
                {
                    "database": os.environ["DATABASE_URL"].split("@")[-1].split("://")[0],
                    "mode": args.mode,
                    "at": args.at,
                    "intentsMs": summary(rounds["intents"]),
                    "intentsColdMs": summary(rounds["intentsCold"]),
                    "intentsOverPureReplay": round(statistics.median(intents_ratios), 2),
                    "acceptAndBothViewsMs": summary(rounds["accept"]),
                    "acceptAndBothViewsColdMs": summary(rounds["acceptCold"]),
                    "appendOnlyMs": summary(rounds["append"]),
                    "eachSocketReadMs": summary(rounds["socket"]),
                    "pureReplayMs": summary(rounds["pure"]),
                    "acceptOverPureReplay": round(statistics.median(ratios), 2),
                    "events": long_events,
                    "storedReplayMs": summary(rounds["replay"]),
                    "pureLongReplayMs": summary(rounds["pureLong"]),
                    "storedReplayOverPure": round(statistics.median(replay_ratios), 2),
                    "storedReplayCpuMs": summary(rounds["replayCpu"]),
                    "pureLongReplayCpuMs": summary(rounds["pureLongCpu"]),
                    "loadAverage": os.getloadavg()[0],
                    "announceMs": summary(rounds["announce"]),
                }
            )
        )


if __name__ == "__main__":
    main()
