"""Benchmark: a vanguard table in rules mode (rules.tables.moves), pure core.

    python bench/tables_rules.py [--events 1000] [--at 200] [--rounds 7]

A game of ``--events`` events is played once by picking offered intents (seeded, never
conceding). Measured, in alternate rounds (milliseconds, median and best):
- ``replay``: dealing the table and replaying every event, each checked by its rule (target:
  1,000 events under 50 ms, as the free table's);
- ``intents``: listing both seats' intents ``--at`` events into the game;
- ``accept``: applying one offered move there (its condition, its reducer) and both seats' views;
against ``pure``: the replay of the ``--at`` first events alone.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules import get_ruleset  # noqa: E402
from rules.tables import Event, apply, deal_table, intents, replay, table_view  # noqa: E402
from tests.rules.tables.kit import decks  # noqa: E402


def played(count: int, seed: int = 1) -> list[Event]:
    """A rules-mode vanguard game of ``count`` events, each an offered intent (never a concession)."""
    rng = random.Random(seed)
    state = deal_table(get_ruleset("vanguard"), seed, decks("vanguard"), mode="rules")
    events: list[Event] = []
    while len(events) < count and state.phase != "finished":
        seat = state.active if state.active is not None else next(s for s in (0, 1) if state.seats[s].pending)
        offered = [(m, p) for m, p in intents(state, seat) if m.kind != "concede"]
        # A long game: the moves within a step (ride, call, moveUnit) four times out of five.
        within = [(m, p) for m, p in offered if m.kind not in ("step", "endTurn")]
        move, payload = rng.choice(within if within and rng.random() < 0.8 else offered)
        event = Event(state.seq + 1, seat, move.kind, payload)
        state = apply(state, event).state
        events.append(event)
    return events


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
    events = played(max(args.events, args.at + 1))
    head, move = events[: args.at], events[args.at]
    at_state = replay(deal_table(ruleset, 1, seat_decks, mode="rules"), head)

    def full_replay():
        replay(deal_table(ruleset, 1, seat_decks, mode="rules"), events[: args.events])

    def pure():
        replay(deal_table(ruleset, 1, seat_decks, mode="rules"), head)

    def listing():
        intents(at_state, 0)
        intents(at_state, 1)

    def accept():
        after = apply(at_state, move).state
        table_view(after, frozenset({0}))
        table_view(after, frozenset({1}))

    rounds: dict[str, list[float]] = {"replay": [], "pure": [], "intents": [], "accept": []}
    for _ in range(args.rounds):
        rounds["replay"].append(timed(full_replay))
        rounds["pure"].append(timed(pure))
        rounds["intents"].append(timed(listing))
        rounds["accept"].append(timed(accept))
    print(
        json.dumps(
            {
                "events": len(events[: args.events]),
                "at": args.at,
                **{
                    f"{name}Ms": {"median": round(statistics.median(v), 2), "best": round(min(v), 2)}
                    for name, v in rounds.items()
                },
            }
        )
    )


if __name__ == "__main__":
    main()
