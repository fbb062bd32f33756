"""A real worker killed with SIGKILL in the middle of an audit: the audit is taken up again and
finished, within WORK_STALE_AFTER plus one sweep (issue 24; the README says five minutes with the
defaults, here the timings are shortened to seconds).

Everything runs in its own processes: a Redis on a free port, a SQLite file, a Celery worker (solo
pool: the task runs in the process that is killed); skipped where there is no redis-server.
"""

from __future__ import annotations

import os
import queue
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Enough cards that the audit is still running when the kill lands, even on a quiet machine (with
# 800 it once finished between the first progress write and the kill: 800 of 800 done).
CARDS = 3000
STALE_AFTER = 2

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server"),
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(what, check, timeout: float):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"{what}: not within {timeout} s")


def test_an_audit_whose_worker_is_killed_is_finished_by_another(tmp_path, migrated_sqlite):
    port = free_port()
    database = migrated_sqlite(tmp_path / "studio.sqlite3")
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("CELERY_", "DATABASE_", "CACHE_"))},
        "DJANGO_SETTINGS_MODULE": "studio.settings",
        "DATABASE_URL": f"sqlite:///{database}",
        "CELERY_BROKER_URL": f"redis://127.0.0.1:{port}/0",
        "VAR_DIR": str(tmp_path),
        "MEDIA_ROOT": str(tmp_path / "media"),
        "WORK_HEARTBEAT_SECONDS": "1",
        "WORK_STALE_AFTER": str(STALE_AFTER),
        "REVIEWS_AUDIT_BATCH_SIZE": "50",
        "FACES_PRECOMPUTE": "0",
        # Celery runs Django's system checks as each worker starts (2 CPU-seconds here); the suite
        # runs them itself (tests/studio/test_settings.py), and this test is about the work, not them.
        "CELERY_SKIP_CHECKS": "1",
    }
    redis = subprocess.Popen(
        ["redis-server", "--port", str(port), "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    workers: list[subprocess.Popen] = []
    processes: list[subprocess.Popen] = []
    lines: dict[int, queue.Queue] = {}

    def django(code: str) -> subprocess.Popen:
        """A Django process running ``code``; it reads the test's lines on its standard input, and
        the lines it prints are read as they come (``said``), then None when it ends."""
        errors = open(tmp_path / f"django-{len(lines)}.log", "w")  # noqa: SIM115 (the process holds it)
        process = subprocess.Popen(
            [sys.executable, "-c", f"import django; django.setup()\n{code}"],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
        )
        process.errors = Path(errors.name)
        lines[process.pid] = queue.Queue()

        def read() -> None:
            for printed in process.stdout:
                lines[process.pid].put(printed.strip())
            lines[process.pid].put(None)

        threading.Thread(target=read, daemon=True).start()
        return process

    def said(process: subprocess.Popen, line: str = "", timeout: float = 300) -> str:
        """What ``process`` prints next once told ``line``, or fail with its error."""
        if line:
            process.stdin.write(line + "\n")
            process.stdin.flush()
        try:
            answer = lines[process.pid].get(timeout=timeout)
        except queue.Empty:
            answer = None
        if answer is None:  # it ended, or said nothing in time: why
            process.kill()
            process.wait(30)
            raise AssertionError(f"no answer: {process.errors.read_text()[-3000:]}")
        return answer

    def worker() -> subprocess.Popen:
        log = open(tmp_path / f"worker-{len(workers)}.log", "wb")  # noqa: SIM115 (the process holds it)
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "studio",
                "worker",
                "--pool=solo",
                "-Q",
                "celery",
                "-l",
                "INFO",
            ],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        workers.append(process)
        return process

    def audit() -> tuple:
        with sqlite3.connect(database, timeout=10) as db:
            return db.execute("SELECT status, done, total, ran_on FROM reviews_audit").fetchone()

    try:
        # The first worker starts while the cards are made, and the audit enqueued, in a Django
        # process that later runs the sweep, when the test says so (a Django started once, not
        # twice: 1.5 CPU-seconds each): the first worker takes the audit from the queue.
        first = worker()
        sweeper = django(
            "from cards.models import Card\n"
            "Card.objects.bulk_create([Card(stable_id=f'DR-K{i:05d}', game='darkrow', name=f'Unité {i}',"
            " type='UNIT', text='Déployez : +1 ATK.', game_fields={'cost': 1, 'atk': 1, 'pv': 1})"
            f" for i in range({CARDS})], batch_size=500)\n"
            "from reviews.audits import audit_start\nprint(audit_start(game='darkrow').pk, flush=True)\n"
            "import sys, time\nfrom datetime import timedelta\nfrom django.utils import timezone\n"
            "from reviews.models import Audit\nfrom reviews.audits import audits_requeue\n"
            "sys.stdin.readline()\n"
            f"stale = Audit.objects.get().heartbeat_at + timedelta(seconds={STALE_AFTER})\n"
            "time.sleep(max(0.0, (stale - timezone.now()).total_seconds()) + 0.2)\n"
            "print(audits_requeue(), flush=True)"
        )
        processes.append(sweeper)
        said(sweeper)
        wait_for(
            "the first worker runs the audit",
            lambda: (a := audit()) and a[0] == "RUNNING" and 0 < a[1] < a[2] // 3,
            120,
        )
        os.kill(first.pid, signal.SIGKILL)
        first.wait(10)
        killed = audit()
        assert killed[0] == "RUNNING" and killed[1] < killed[2], killed

        worker()
        # The sweep (beat runs it every REQUEUE_SWEEP_SECONDS) takes it up once the dead worker's
        # heartbeat is older than WORK_STALE_AFTER (one still beating is left alone: test_worker_loss).
        # It runs then, in the process that made the cards: the second worker's start overlaps the wait.
        assert said(sweeper, "sweep") == "[1]"
        try:
            done = wait_for(
                "the second worker finishes it", lambda: (a := audit()) and a[0] == "DONE" and a, 300
            )
        except AssertionError:
            logs = "\n".join(path.read_text()[-2000:] for path in sorted(tmp_path.glob("worker-*.log")))
            raise AssertionError(f"not finished: {audit()}\n{logs}") from None
        assert done[1] == done[2] == CARDS and done[3] != killed[3]
    finally:
        for process in workers + processes:  # what the test proves is proved: no warm shutdown to wait for
            process.kill()
            process.wait(20)
        redis.terminate()
        redis.wait(10)
