"""Benchmark: the pure core of playtest tables (rules.tables), on a long scripted vanguard game.

    python bench/tables_replay.py [--events 1000] [--at 200] [--rounds 7]

A scripted game (both players drawing, calling, moving, tapping, stepping and ending turns, every
event one the table accepts) of ``--events`` events is built once. Measured, in alternate rounds:
- ``replay``: dealing the table and replaying every event (the target: 1,000 events under 50 ms);
- ``accept``: what the server does for a move on a table ``--at`` events into the game (replay
  the stored events, apply the new one, compute both seats' views) against the pure replay of
  the same events alone (the ratio says what the move and the views add).
Prints one JSON line (milliseconds: median and best of the rounds).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.append(str(Path(__file__).resolve().parent))

from rules import get_ruleset  # noqa: E402
from rules.tables import Event, apply, deal_table, replay, table_view  # noqa: E402
from tests.rules.tables.kit import decks  # noqa: E402


def scripted_game(count: int, seed: int = 1) -> list[Event]:
    """bench/table_moves.py's scripted vanguard game (every event one the table accepts), dealt here."""
    from table_moves import scripted

    return scripted(
        deal_table(get_ruleset("vanguard"), seed, decks("vanguard"), mode="free"), count, seed=seed
    )


def timed(fn) -> float:
    begin = time.perf_counter()
    fn()
    return (time.perf_counter() - begin) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--at", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    ruleset = get_ruleset("vanguard")
    seat_decks = decks("vanguard")
    events = scripted_game(max(args.events, args.at + 1))
    head, move = events[: args.at], events[args.at]

    def full_replay():
        replay(deal_table(ruleset, 1, seat_decks, mode="free"), events[: args.events])

    def pure():
        replay(deal_table(ruleset, 1, seat_decks, mode="free"), head)

    def accept():
        state = replay(deal_table(ruleset, 1, seat_decks, mode="free"), head)
        after = apply(state, move).state
        table_view(after, frozenset({0}))
        table_view(after, frozenset({1}))

    rounds: dict[str, list[float]] = {"replay": [], "pure": [], "accept": []}
    for _ in range(args.rounds):
        rounds["replay"].append(timed(full_replay))
        rounds["pure"].append(timed(pure))
        rounds["accept"].append(timed(accept))
    ratios = [a / p for a, p in zip(rounds["accept"], rounds["pure"])]
    print(
        json.dumps(
            {
                "events": args.events,
                "replayMs": {
                    "median": round(statistics.median(rounds["replay"]), 2),
                    "best": round(min(rounds["replay"]), 2),
                },
                "at": args.at,
                "acceptMs": {
                    "median": round(statistics.median(rounds["accept"]), 2),
                    "best": round(min(rounds["accept"]), 2),
                },
                "pureReplayMs": {
                    "median": round(statistics.median(rounds["pure"]), 2),
                    "best": round(min(rounds["pure"]), 2),
                },
                "acceptOverReplay": round(statistics.median(ratios), 2),
            }
        )
    )


if __name__ == "__main__":
    main()
