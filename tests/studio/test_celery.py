"""The Celery set-up: in-process by default, a real worker at team scale (enqueueing: tests/common/test_enqueue.py)."""

import os

import pytest

from studio.celery import app
from studio.tasks import ping


def test_embedded_default_runs_tasks_in_process():
    result = ping.delay()
    assert result.get(timeout=1)["pid"] == os.getpid()


@pytest.mark.worker
def test_a_real_worker_runs_tasks_in_another_process():
    assert not app.conf.task_always_eager
    answer = ping.delay().get(timeout=30)
    assert answer["pid"] != os.getpid()
