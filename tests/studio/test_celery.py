"""The Celery set-up: in-process by default, a real worker at team scale, a broker outage never loses a write."""

import os

import pytest
from django.db import transaction
from kombu.exceptions import OperationalError

from studio.celery import app
from studio.tasks import ping

TASK = app.tasks["studio.ping"]


def test_embedded_default_runs_tasks_in_process():
    result = ping.delay()
    assert result.get(timeout=1)["pid"] == os.getpid()


@pytest.mark.worker
def test_a_real_worker_runs_tasks_in_another_process():
    assert not app.conf.task_always_eager
    answer = ping.delay().get(timeout=30)
    assert answer["pid"] != os.getpid()


@pytest.mark.django_db(transaction=True)
def test_delay_on_commit_waits_for_the_commit(monkeypatch):
    sent = []
    monkeypatch.setattr(TASK, "apply_async", lambda args=None, kwargs=None, **o: sent.append(args))
    with transaction.atomic():
        TASK.delay_on_commit()
        assert sent == []
    assert sent == [()]


@pytest.mark.django_db(transaction=True)
def test_an_unreachable_broker_does_not_fail_the_write(monkeypatch, caplog):
    def broker_down(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(TASK, "apply_async", broker_down)
    with transaction.atomic():
        TASK.delay_on_commit()
    assert "could not enqueue studio.ping" in caplog.text
