"""The same seed gives the same games with 1 worker process and with 3 (issue 44): real Celery worker
processes over the broker (``worker``-marked: CELERY_BROKER_URL set, a PostgreSQL test database the
workers can read). The test starts its own two workers, each on a queue of its own, so that the
number of processes is the one asked (a team's worker would take the chunks otherwise)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid

import pytest
from django.conf import settings as django_settings
from django.db import connection

from simulations import services
from simulations.models import SimulatedGame, Simulation
from studio.celery import app

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def database_url() -> str:
    db = django_settings.DATABASES["default"]
    user = db.get("USER") or "postgres"
    return f"postgres://{user}@{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"


def start_worker(queue: str, processes: int) -> tuple[subprocess.Popen, str]:
    hostname = f"{queue}@lab-test"
    env = os.environ | {"DATABASE_URL": database_url()}
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
            str(processes),
            "--hostname",
            hostname,
            "--loglevel",
            "WARNING",
            "--pool",
            "prefork",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(60):
        if app.control.ping(destination=[hostname], timeout=1):
            return worker, hostname
        assert worker.poll() is None, "the test's Celery worker died"
    pytest.fail(f"the worker {hostname} never answered")


def stop(worker: subprocess.Popen) -> None:
    worker.terminate()
    try:
        worker.wait(timeout=30)
    except subprocess.TimeoutExpired:
        worker.kill()


def play_on(queue: str, simulation: Simulation) -> None:
    chunks = services.simulation_chunks(simulation_id=simulation.pk)
    assert len(chunks) >= 3  # more chunks than processes: the workers share them
    results = [
        app.send_task("simulations.play_chunk", (simulation.pk, start, stop), queue=queue)
        for start, stop in chunks
    ]
    for result in results:
        result.get(timeout=600)


def games(simulation: Simulation) -> list[tuple]:
    return list(
        SimulatedGame.objects.filter(simulation=simulation)
        .order_by("index")
        .values_list("index", "seed", "winner", "reason", "turns", "first", "events")
    )


def test_the_same_seed_gives_the_same_games_with_1_and_with_3_worker_processes(
    playtester, make_deck, monkeypatch
):
    assert connection.vendor == "postgresql", "the workers read the test database: PostgreSQL"
    decks = make_deck(playtester, "vanguard"), make_deck(playtester, "vanguard", second=True)
    # The simulations are played on this test's own workers, never enqueued to the team's.
    monkeypatch.setattr(services, "enqueue_on_commit", lambda *args: None)
    asked = [
        services.simulation_create(
            user=playtester, deck=decks[0].pk, opponent_deck=decks[1].pk, games=45, seed=2026, policy="random"
        )
        for _ in range(2)
    ]
    tag = uuid.uuid4().hex[:8]
    workers = []
    try:
        for n, processes in ((0, 1), (1, 3)):
            queue = f"lab-{tag}-{processes}"
            workers.append(start_worker(queue, processes)[0])
            started = time.monotonic()
            play_on(queue, asked[n])
            assert time.monotonic() - started < 600
    finally:
        for worker in workers:
            stop(worker)
    one, three = games(asked[0]), games(asked[1])
    assert len(one) == len(three) == 45
    assert one == three
    for simulation in asked:
        simulation.refresh_from_db()
        assert simulation.status == Simulation.Status.DONE
