"""Benchmark: a table in rules mode (rules.tables.moves), pure core (issue 46, Performance).

    python bench/tables_rules.py [--game vanguard] [--events 1000] [--at 200] [--rounds 101]

A game of ``--events`` events is played once by picking offered intents (seeded, never
conceding; the moves within a step 49 times out of 50, so that a vanguard game nears 1,000 events
before a deck out; ``--within 0.8``: a game heavy in turn changes, the dearest events).
Measured, in alternate rounds (milliseconds: median, p99, best):
- ``replay``: dealing the table and replaying ``--events`` events, each checked by its rule (target:
  1,000 events under 50 ms), in wall time and in the process's CPU time (``replayCpuMs``: the
  machine's load hides it least);
- ``pure``: the replay of the ``--at`` first events alone (the baseline of the ratios);
- ``intents``: what a server that kept no state does to list the intents of the seat to act
  ``--at`` events in (the replay, then the intents), and ``intentsOnly`` the listing alone;
- ``accept``: the same for accepting one offered move there (the replay, its condition and reducer,
  both seats' views), and ``acceptOnly`` the move and the views alone.
The ratios (``intents`` and ``accept`` over ``pure``) are medians of each round's own ratio, so
that the machine's load, shared by all, weighs alike on both sides.
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


def played(game: str, count: int, seed: int = 1, within: float = 0.98) -> list[Event]:
    """A rules-mode game of ``count`` events (or to its end), each an offered intent (never a concession)."""
    return played_from(deal_table(get_ruleset(game), seed, decks(game), mode="rules"), count, seed, within)


def played_from(state, count: int, seed: int = 1, within: float = 0.98) -> list[Event]:
    """From ``state`` (a table in rules mode), ``count`` events (or to the end) picked among the intents."""
    rng = random.Random(seed)
    events: list[Event] = []
    while len(events) < count and state.phase != "finished":
        # Never a concession nor a result claimed: the game ends by its rules.
        offers = {
            s: [(m, p) for m, p in intents(state, s) if m.kind not in ("concede", "result")] for s in (0, 1)
        }
        ready = [s for s in (0, 1) if offers[s]]
        if not ready:
            break
        # The seat to act (the other when it must answer: a guard, an undo); during the setup, a seat
        # with a decision to make (a die and a coin are offered to both at any time).
        deciding = [s for s in ready if state.seats[s].pending]
        answering = [s for s in ready if s != state.active and not _luck_only(offers[s])]
        if state.active is None:
            seat = (deciding or ready)[0]
        else:
            seat = answering[0] if answering else (state.active if state.active in ready else ready[0])

        # The game's moves (not the die, the coin, a look at one's deck or an undo, offered at any time).
        offered = [(m, p) for m, p in offers[seat] if m.kind not in ASIDE] or offers[seat]
        inside = [(m, p) for m, p in offered if m.kind not in ("step", "endTurn")]
        move, payload = rng.choice(inside if inside and rng.random() < within else offered)
        event = Event(state.seq + 1, seat, move.kind, payload)
        state = apply(state, event).state
        events.append(event)
    return events


ASIDE = frozenset({"roll", "coin", "search", "reveal", "undo", "counterBlast"})


def _luck_only(offered) -> bool:
    """Only what is offered to any seat at any time (a die, a coin, one's deck, an undo): nothing the
    seat must answer."""
    return all(m.kind in ASIDE for m, _p in offered)


def timed(fn) -> float:
    begin = time.perf_counter()
    fn()
    return (time.perf_counter() - begin) * 1000


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="vanguard")
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--at", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=101)
    parser.add_argument("--within", type=float, default=0.98)
    args = parser.parse_args()
    ruleset = get_ruleset(args.game)
    seat_decks = decks(args.game)
    events = played(args.game, max(args.events, args.at + 1), within=args.within)
    head, move = events[: args.at], events[args.at]
    at_state = replay(deal_table(ruleset, 1, seat_decks, mode="rules"), head)
    seat = move.seat
    assert seat is not None

    def full_replay():
        replay(deal_table(ruleset, 1, seat_decks, mode="rules"), events[: args.events])

    def pure():
        return replay(deal_table(ruleset, 1, seat_decks, mode="rules"), head)

    def listing_only(state=at_state):
        intents(state, seat)

    def listing():
        listing_only(pure())

    def accept_only(state=at_state):
        after = apply(state, move).state
        table_view(after, frozenset({0}))
        table_view(after, frozenset({1}))

    def accept():
        accept_only(pure())

    measures = {
        "replay": full_replay,
        "pure": pure,
        "intents": listing,
        "intentsOnly": listing_only,
        "accept": accept,
        "acceptOnly": accept_only,
    }
    rounds: dict[str, list[float]] = {name: [] for name in measures}
    cpu: list[float] = []
    for n in range(args.rounds):
        for name, fn in measures.items():
            if name == "replay":
                if n % 5:  # the long replay: one round in five
                    continue
                began = time.process_time()
                rounds[name].append(timed(fn))
                cpu.append((time.process_time() - began) * 1000)
                continue
            rounds[name].append(timed(fn))
    ratios = {
        f"{name}OverPure": round(statistics.median(a / p for a, p in zip(rounds[name], rounds["pure"])), 2)
        for name in ("intents", "accept")
    }
    print(
        json.dumps(
            {
                "game": args.game,
                "events": len(events[: args.events]),
                "at": args.at,
                **{
                    f"{name}Ms": {
                        "median": round(statistics.median(v), 3),
                        "p99": round(p99(v), 3),
                        "best": round(min(v), 3),
                    }
                    for name, v in rounds.items()
                },
                # The process's own CPU time for the long replay: what the machine's load hides least.
                "replayCpuMs": {"median": round(statistics.median(cpu), 3), "best": round(min(cpu), 3)},
                **ratios,
            }
        )
    )


if __name__ == "__main__":
    main()
