"""Benchmark: the simulation lab's games per second against the pure engine's for the same games,
and over real Celery worker processes.

    python bench/simulations.py [--games 40] [--database-url URL] [--policy random]
    python bench/simulations.py --processes 1 2 4 --games 400 \
        --database-url postgres://postgres@127.0.0.1:5432/cs_bench --broker redis://127.0.0.1:6379/9
    python bench/simulations.py --processes 2 --games 10000 --database-url ... --broker ...

A TD01 against TD02 simulation (vanguard, the demo decks) of ``--games`` games (at most 10,000).
In-process (no ``--processes``), played twice:
- ``pure``: the same games (the same seeds) played by rules.tables.bots.play_out alone;
- ``lab``: simulations.services.simulation_play_chunk, one process: the engine, plus storing each
  game, its facts counted in the play statistics, the cancel check.
Prints one JSON line: games per second of each and the ratio (the lab's overhead over the engine).

With ``--processes N [N ...]`` (and ``--broker``, a PostgreSQL ``--database-url``): the simulation
on one ``celery -A studio worker --concurrency N`` for each N in turn, the same seed
(bench/simulation_workers.py): one JSON line a run, with its seconds, the speed-up over the first
run, each worker process's memory after half the chunks and at the end, whether the games are the
same as the first run's, and the load average. ``--processes 2 --games 10000``: the issue's 10,000
games on two worker processes; ``--processes 1 2 4``: how the time falls with the processes.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent))

from benchkit import django_on


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--database-url")
    parser.add_argument("--policy", default="random", choices=["random", "greedy"])
    parser.add_argument(
        "--processes", type=int, nargs="+", help="worker processes of each run (real Celery workers)"
    )
    parser.add_argument("--broker", help="the workers' broker, e.g. redis://127.0.0.1:6379/9")
    args = parser.parse_args()
    if not 1 <= args.games <= 10_000:
        parser.error("--games: 1 to 10,000 (a simulation's most)")
    if args.processes:
        if not args.broker or not (args.database_url or "").startswith(("postgres://", "postgresql://")):
            parser.error("--processes needs --broker and a PostgreSQL --database-url (the workers share it)")
        if min(args.processes) < 1:
            parser.error("--processes: 1 or more")
        from simulation_workers import run

        run(args.database_url, args.broker, games=args.games, processes=args.processes, policy=args.policy)
        return
    with django_on(args.database_url, prefix="bench-lab-", secret="bench-lab-"):
        from django.contrib.auth import get_user_model

        from cards.demo import card_set
        from cards.imports import cards_import
        from decks.services import deck_create
        from rules import get_ruleset
        from rules.tables import deal_table
        from rules.tables.bots import play_out
        from simulations import services
        from tables import snapshot
        from tests.tables.conftest import deck_data

        cards_import(payload=card_set("vanguard"))
        user = get_user_model().objects.create_user("bench-lab")
        user.is_superuser = True
        user.save()
        first = deck_create(data=deck_data("vanguard"), user=user)
        second = deck_create(data=deck_data("vanguard", second=True), user=user)
        # The lab: the simulation asked and played in-process (the embedded default: tasks eager).
        ruleset = get_ruleset("vanguard")
        seeds_of = services.game_seed
        started = time.perf_counter()
        simulation = services.simulation_create(
            user=user, deck=first.pk, opponent_deck=second.pk, games=args.games, seed=1, policy=args.policy
        )
        lab = time.perf_counter() - started
        assert simulation.played.count() == args.games
        decks = [
            snapshot.thaw("vanguard", simulation.cards),
            snapshot.thaw("vanguard", simulation.opponent_cards),
        ]
        started = time.perf_counter()
        for index in range(args.games):
            seed = seeds_of(simulation.seed, index)
            play_out(
                deal_table(ruleset, seed, decks, mode="rules"),
                policies=(args.policy, args.policy),
                seed=seed,
                evaluate=ruleset.bot_evaluate,
                max_events=services.MAX_EVENTS,
            )
        pure = time.perf_counter() - started
        print(
            json.dumps(
                {
                    "games": args.games,
                    "policy": args.policy,
                    "pureGamesPerSecond": round(args.games / pure, 2),
                    "labGamesPerSecond": round(args.games / lab, 2),
                    "overhead": round(lab / pure, 3),
                }
            )
        )


if __name__ == "__main__":
    main()
