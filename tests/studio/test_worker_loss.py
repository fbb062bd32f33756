"""A killed worker loses no work for long, and an outage of the broker loses no print job (issue 24).

A worker killed with SIGKILL stops writing its heartbeat; here that is an audit or a print job left
RUNNING with a heartbeat older than WORK_STALE_AFTER (what the dead worker leaves in the database).
The sweeps (every REQUEUE_SWEEP_SECONDS) and a new request take such work up again; the broker's
visibility timeout then delivers the dead worker's message again, which finds the work done.
"""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.utils import timezone

from common.enqueue import breaker
from faces.models import JobState, PrintJob
from faces.printing import SheetOptions, print_job_start, print_jobs_requeue
from reviews.audits import audits_requeue
from reviews.models import Audit, AuditStatus
from studio.celery import app
from tests.decks.conftest import load_cards  # noqa: F401 (the demo cards)
from tests.studio.test_outages import dead_broker  # noqa: F401 (a broker nobody listens to)

pytestmark = pytest.mark.django_db


def long_ago(settings):
    return timezone.now() - timedelta(seconds=settings.WORK_STALE_AFTER + 60)


def broker_back():
    """The broker answers again (here: tasks in-process), and the breaker forgets the outage."""
    app.conf.task_always_eager = True
    breaker.reset()


# --- print jobs ------------------------------------------------------------------------------------------
def test_a_print_job_made_while_the_broker_is_down_is_recorded_and_sent_by_the_sweep(
    dead_broker,  # noqa: F811
    load_cards,  # noqa: F811
    designer,
    django_capture_on_commit_callbacks,
):
    load_cards("duel")
    with django_capture_on_commit_callbacks(execute=True):
        job = print_job_start(user=designer, game="duel", set_code="EXAMPLE", options=SheetOptions())
    job.refresh_from_db()
    assert job.state == JobState.QUEUED and job.enqueue_failed_at is not None
    broker_back()
    with django_capture_on_commit_callbacks(execute=True):
        assert app.tasks["faces.requeue"].apply().get() == {"requeued": [job.pk]}
    job.refresh_from_db()
    assert job.state == JobState.DONE and job.enqueue_failed_at is None and job.file


def test_a_print_job_whose_worker_died_is_made_again_by_the_sweep(
    load_cards,  # noqa: F811
    designer,
    settings,
    django_capture_on_commit_callbacks,
):
    load_cards("duel")
    job = PrintJob.objects.create(game="duel", set_code="EXAMPLE", total=3, created_by=designer)
    PrintJob.objects.filter(pk=job.pk).update(state=JobState.RUNNING, done=1, heartbeat_at=long_ago(settings))
    alive = PrintJob.objects.create(game="duel", total=3, created_by=designer)
    PrintJob.objects.filter(pk=alive.pk).update(state=JobState.RUNNING, heartbeat_at=timezone.now())
    with django_capture_on_commit_callbacks(execute=True):
        assert print_jobs_requeue() == [job.pk]  # the one still beating is left to its worker
    job.refresh_from_db()
    assert job.state == JobState.DONE and job.done == job.total
    assert PrintJob.objects.get(pk=alive.pk).state == JobState.RUNNING


# --- audits ------------------------------------------------------------------------------------------------
def stale_audit(settings, game="darkrow") -> Audit:
    audit = Audit.objects.create(game=game, trigger="api")
    Audit.objects.filter(pk=audit.pk).update(
        status=AuditStatus.RUNNING, run_token="dead", ran_on="worker-1:4242", heartbeat_at=long_ago(settings)
    )
    return audit


def test_an_audit_whose_worker_died_is_taken_up_again_by_the_sweep(
    settings, django_capture_on_commit_callbacks
):
    audit = stale_audit(settings)
    with django_capture_on_commit_callbacks(execute=True):
        assert audits_requeue() == [audit.pk]
    audit.refresh_from_db()
    assert audit.status == AuditStatus.DONE and audit.run_token != "dead"


def test_an_audit_still_beating_is_left_to_its_worker(settings):
    audit = stale_audit(settings)
    Audit.objects.filter(pk=audit.pk).update(heartbeat_at=timezone.now())
    assert audits_requeue() == []
    assert Audit.objects.get(pk=audit.pk).status == AuditStatus.RUNNING


def test_a_new_audit_of_the_game_takes_the_dead_one_up_instead_of_a_409(
    settings, api, reviewer, django_capture_on_commit_callbacks
):
    audit = stale_audit(settings)
    with django_capture_on_commit_callbacks(execute=True):
        response = api(reviewer).post("/api/audits/", {"game": "darkrow"}, format="json")
    assert response.status_code == 202, response.content
    assert response.json()["id"] == audit.pk
    assert Audit.objects.get(pk=audit.pk).status == AuditStatus.DONE


def test_an_audit_recently_beating_still_answers_409(settings, api, reviewer):
    audit = stale_audit(settings)
    Audit.objects.filter(pk=audit.pk).update(heartbeat_at=timezone.now())
    assert api(reviewer).post("/api/audits/", {"game": "darkrow"}, format="json").status_code == 409


# --- the heartbeat and the timings --------------------------------------------------------------------------
def test_the_heartbeat_beats_while_the_work_runs_and_stops_after():
    from common.heartbeat import beating

    beats = []
    twice = threading.Event()

    def touch():
        beats.append(1)
        if len(beats) >= 2:
            twice.set()

    with beating(touch, every=0.01):
        assert twice.wait(5)
    after = len(beats)
    threading.Event().wait(0.05)
    assert len(beats) == after


def test_in_process_tasks_have_no_heartbeat_thread():
    from common.heartbeat import heartbeat

    before = threading.active_count()
    with heartbeat(lambda: None):
        assert threading.active_count() == before


def test_the_timings_take_dead_work_up_within_minutes_and_never_run_live_work_twice(settings):
    options = settings.CELERY_BROKER_TRANSPORT_OPTIONS
    sweep = settings.CELERY_BEAT_SCHEDULE["faces-requeue-print-jobs"]["schedule"]
    assert settings.CELERY_BEAT_SCHEDULE["reviews-requeue-audits"]["schedule"] == sweep
    # a beat is missed a few times before work is taken as dead
    assert settings.WORK_STALE_AFTER >= 3 * settings.WORK_HEARTBEAT_SECONDS
    # dead work is taken up within five minutes (the README says so)
    assert settings.WORK_STALE_AFTER + sweep <= 5 * 60
    # the dead worker's own message comes back later than that, and not within an hour
    assert settings.WORK_STALE_AFTER + sweep < options["visibility_timeout"] < 3600
    assert settings.CELERY_TASK_ACKS_LATE and settings.CELERY_TASK_REJECT_ON_WORKER_LOST
