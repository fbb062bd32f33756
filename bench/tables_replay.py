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
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules import get_ruleset  # noqa: E402
from rules.tables import Event, Refusal, apply, deal_table, replay, table_view  # noqa: E402
from tests.rules.tables.kit import decks  # noqa: E402


def scripted_game(count: int, seed: int = 1) -> list[Event]:
    ruleset = get_ruleset("vanguard")
    state = deal_table(ruleset, seed, decks("vanguard"))
    rng = random.Random(seed)
    events: list[Event] = []
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
            payload = {"instance": rng.choice(hand).instance, "to": rng.choice(zones)}
            kind = "move"
        elif roll < 0.4:
            kind, payload = "step", {}
        elif roll < 0.5:
            kind, payload = "endTurn", {}
        elif roll < 0.65:
            board = [c for z in zones[:5] for c in state.seats[seat].zones[z]]
            kind, payload = ("tap", {"instance": rng.choice(board).instance}) if board else ("untapAll", {})
        elif roll < 0.75 and len(state.seats[seat].zones["damage"]) < 5:
            kind, payload = "move", {"from": "deck", "to": "damage"}
        elif roll < 0.85:
            pile = state.seats[seat].zones["discard"]
            kind, payload = (
                ("move", {"instance": pile[-1].instance, "to": "deck", "bottom": True})
                if pile
                else ("draw", {"count": 1})
            )
        else:
            kind, payload = "draw", {"count": 1}
        event = Event(state.seq + 1, seat, kind, payload)
        try:
            state = apply(state, event).state
        except Refusal:
            continue
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
    events = scripted_game(max(args.events, args.at + 1))
    head, move = events[: args.at], events[args.at]

    def full_replay():
        replay(deal_table(ruleset, 1, seat_decks), events[: args.events])

    def pure():
        replay(deal_table(ruleset, 1, seat_decks), head)

    def accept():
        state = replay(deal_table(ruleset, 1, seat_decks), head)
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
