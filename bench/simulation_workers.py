"""Benchmark: a simulation over real Celery worker processes, 1, 2 then 4 of them.

    python bench/simulation_workers.py --database-url postgres://postgres@127.0.0.1:5432/cs_bench \
        --broker redis://127.0.0.1:6379/9 [--games 400] [--processes 1 2 4]

A TD01 against TD02 simulation (vanguard, the demo decks, random bots) of ``--games`` games for each
number of processes, the same seed: one ``celery -A studio worker --concurrency N`` started on a
queue of its own, the chunks sent to it, the wall time until the last is stored. Prints one JSON line
a run: the games per second, the speed-up over one process, each worker process's memory (RSS, MiB)
after a first half and at the end (flat: a worker keeps nothing of the games it played), whether
the games are the same as with one process, and where the machine's cores went meanwhile
(benchkit.CpuAccount): the CPU seconds of the worker's processes, of PostgreSQL's backends of this
database and its shared processes, of Redis, of this process and of the rest of the machine, their
share of the wall time x the cores (%), and the workers' and PostgreSQL's CPU seconds a game (on a
shared machine, steadier than the wall time).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent))

from benchkit import ROOT, CpuAccount, children_of, django_on


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--broker", required=True)
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 4])
    args = parser.parse_args()
    run(args.database_url, args.broker, games=args.games, processes=args.processes)


def run(database_url: str, broker: str, *, games: int, processes: list[int], policy: str = "random") -> None:
    """The runs, one a number of worker processes (also ``bench/simulations.py --processes``)."""
    with django_on(
        database_url,
        prefix="bench-lab-workers-",
        secret="bench-lab-",
        env={"CELERY_BROKER_URL": broker},
    ):
        from django.contrib.auth import get_user_model
        from django.db import connection

        from cards.demo import card_set
        from cards.imports import cards_import
        from decks.services import deck_create
        from simulations import services
        from simulations.models import SimulatedGame
        from studio.celery import app
        from tests.tables.conftest import deck_data

        app.conf.task_always_eager = False
        cards_import(payload=card_set("vanguard"))
        user, _ = get_user_model().objects.get_or_create(username="bench-lab-workers")
        user.is_superuser = True
        user.save()
        first = deck_create(data=deck_data("vanguard"), user=user)
        second = deck_create(data=deck_data("vanguard", second=True), user=user)
        services.enqueue_on_commit = lambda *a: None  # the chunks go to this run's worker only
        baseline_games, baseline_seconds = None, None
        for count in processes:
            simulation = services.simulation_create(
                user=user, deck=first.pk, opponent_deck=second.pk, games=games, seed=44, policy=policy
            )
            queue, hostname = f"bench-lab-{os.getpid()}-{count}", f"bench-lab-{count}@%h"
            worker = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "celery",
                    "-A",
                    "studio",
                    "worker",
                    "-Q",
                    queue,
                    "--concurrency",
                    str(count),
                    "--hostname",
                    hostname,
                    "--loglevel",
                    "WARNING",
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                cwd=ROOT,  # this checkout's code, whatever the virtualenv's editable install points to
            )
            try:
                for _ in range(60):
                    if app.control.ping(destination=[hostname.replace("%h", os.uname().nodename)], timeout=1):
                        break
                chunks = services.simulation_chunks(simulation_id=simulation.pk)
                account = CpuAccount(tree=worker.pid, database=connection.settings_dict["NAME"])
                account.start()
                started = time.perf_counter()
                results = [
                    app.send_task("simulations.play_chunk", (simulation.pk, a, b), queue=queue)
                    for a, b in chunks
                ]
                half = results[: len(results) // 2]
                for result in half:
                    result.get(timeout=3600)
                memory_half = [rss_mib(pid) for pid in children_of(worker.pid)]
                for result in results:
                    result.get(timeout=3600)
                seconds = time.perf_counter() - started
                cpu = account.stop(games=games)
                memory_end = [rss_mib(pid) for pid in children_of(worker.pid)]
            finally:
                worker.terminate()
                worker.wait(timeout=60)
            played, digest = games_digest(SimulatedGame, simulation)
            if baseline_games is None:
                baseline_games, baseline_seconds = digest, seconds
            print(
                json.dumps(
                    {
                        "processes": count,
                        "games": played,
                        "seconds": round(seconds, 2),
                        "gamesPerSecond": round(played / seconds, 2),
                        "speedUp": round(baseline_seconds / seconds, 2),
                        "rssMiBHalf": memory_half,
                        "rssMiBEnd": memory_end,
                        "sameGamesAsFirst": digest == baseline_games,
                        "loadAverage": round(os.getloadavg()[0], 2),
                        **cpu,
                    }
                ),
                flush=True,
            )


def games_digest(model, simulation) -> tuple[int, str]:
    """How many games ``simulation`` stored, and one SHA-256 of them all in order (seed, winner,
    turns, the bots' moves): 10,000 games compared without holding them in memory."""
    digest = hashlib.sha256()
    played = 0
    rows = (
        model.objects.filter(simulation=simulation)
        .order_by("index")
        .values_list("seed", "winner", "turns", "events")
    )
    for row in rows.iterator(chunk_size=500):
        digest.update(json.dumps(row, sort_keys=True).encode())
        played += 1
    return played, digest.hexdigest()


if __name__ == "__main__":
    main()
