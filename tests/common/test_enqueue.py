"""Tasks enqueued by name on commit: nothing is sent before the commit, nothing after a rollback,
and a broker outage never loses the write."""

import os
import subprocess
import sys

import pytest
from django.db import transaction
from kombu.exceptions import OperationalError

from common.enqueue import enqueue_on_commit, send
from studio.tasks import ping

TASK = ping


def test_a_task_sent_by_name_runs_in_process_by_default():
    assert send("studio.ping").get(timeout=1)["pid"] == os.getpid()


@pytest.mark.django_db(transaction=True)
def test_enqueue_waits_for_the_commit_and_forgets_a_rollback(monkeypatch):
    sent = []
    monkeypatch.setattr(TASK, "apply_async", lambda args=None, kwargs=None, **o: sent.append((args, kwargs)))
    with transaction.atomic():
        enqueue_on_commit("studio.ping", 7, force=True)
        assert sent == []
    assert sent == [((7,), {"force": True})]
    with pytest.raises(RuntimeError), transaction.atomic():
        enqueue_on_commit("studio.ping", 8)
        raise RuntimeError("rolled back")
    assert len(sent) == 1


@pytest.mark.django_db(transaction=True)
def test_an_unreachable_broker_does_not_fail_the_write(monkeypatch, caplog):
    def broker_down(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(TASK, "apply_async", broker_down)
    with transaction.atomic():
        enqueue_on_commit("studio.ping", 3)
    assert "could not enqueue studio.ping(3,)" in caplog.text


def test_every_process_knows_every_task_by_name():
    # A fresh process, as a web server starts: nothing imported the apps' tasks modules.
    code = (
        "import django; django.setup(); import sys; from studio.celery import app; "
        "print(sorted(n for n in app.tasks if not n.startswith('celery.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    for name in ("reviews.audit", "decks.revalidate", "artwork.render", "studio.ping"):
        assert name in out
