"""Card-set imports too large for a request are import jobs: 202 with the job to poll, the file kept,
a task (in-process here) that imports it all or nothing, a report or every error on the job, a
failed job run again, the sweep sending again a job the broker never took or whose worker died."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from cards import import_jobs
from cards.models import Card, CardRevision, CardSetImportJob, ImportJobState
from cards.spreadsheets import write_card_set
from tests.studio.test_outages import dead_broker  # noqa: F401 (a fixture: a broker on a dead port)

pytestmark = pytest.mark.django_db
IMPORT = "/api/card-sets/import/"


def card_set(n: int, *, bad_row: int | None = None) -> dict:
    return {
        "game": "darkrow",
        "cards": [
            {
                "name": f"Carte {i}",
                "type": "UNIT",
                "cost": "six" if i == bad_row else i % 8,
                "atk": 1,
                "pv": 2,
            }
            for i in range(n)
        ],
    }


@pytest.fixture
def small_threshold(settings):
    settings.CARDSETS_SYNC_MAX_ROWS = 3
    return 3


def post_file(client, name: str, data: bytes, **extra):
    return client.post(IMPORT, {"file": SimpleUploadedFile(name, data), **extra}, format="multipart")


@pytest.mark.parametrize("fmt", ["csv", "json", "xlsx"])
def test_rows_are_counted_without_importing(fmt):
    assert import_jobs.count_rows(write_card_set(card_set(7), fmt), f"set.{fmt}") == 7


def test_a_file_that_cannot_be_counted_is_left_to_the_request():
    assert import_jobs.count_rows(b"PK\x03\x04broken", "set.xlsx") is None
    assert import_jobs.count_rows(b"{not json", "set.json") is None
    assert not import_jobs.is_large(b"{not json", "set.json")


@pytest.mark.parametrize("fmt", ["csv", "json", "xlsx"])
def test_a_large_file_is_a_job_answered_202_then_polled_to_its_report(
    api, designer, small_threshold, django_capture_on_commit_callbacks, fmt
):
    client, data = api(designer), write_card_set(card_set(5), fmt)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        answer = post_file(client, f"set.{fmt}", data)
    assert answer.status_code == 202, answer.content
    body = answer.json()
    assert answer["Location"] == body["url"] and body["url"].endswith(
        f"/api/card-sets/import-jobs/{body['id']}/"
    )
    assert body["state"] == "QUEUED" and body["total"] == 5 and body["report"] is None
    assert not Card.objects.exists()  # nothing imported within the request
    job = CardSetImportJob.objects.get(pk=body["id"])
    assert job.file.read() == data  # the upload is kept
    assert len(callbacks) == 1
    callbacks[0]()  # the commit: the task runs (in-process here)
    polled = client.get(body["url"])
    assert polled.status_code == 200
    done = polled.json()
    assert done["state"] == "DONE" and done["percent"] == 100 and done["done"] == 5
    assert len(done["report"]["created"]) == 5 and done["report"]["game"] == "darkrow"
    assert Card.objects.count() == 5


def test_a_file_at_the_threshold_is_still_imported_within_the_request(api, designer, small_threshold):
    answer = post_file(api(designer), "set.csv", write_card_set(card_set(3), "csv"))
    assert answer.status_code == 200 and len(answer.json()["created"]) == 3
    assert not CardSetImportJob.objects.exists()


def test_a_large_json_body_is_a_job(api, designer, small_threshold, django_capture_on_commit_callbacks):
    client = api(designer)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(IMPORT, card_set(4), format="json")
    assert answer.status_code == 202
    assert client.get(answer["Location"]).json()["state"] == "DONE"
    assert Card.objects.count() == 4


def test_a_refused_large_file_fails_with_every_error_and_imports_nothing(
    api, designer, small_threshold, django_capture_on_commit_callbacks
):
    client = api(designer)
    with django_capture_on_commit_callbacks(execute=True):
        answer = post_file(client, "set.csv", write_card_set(card_set(6, bad_row=4), "csv"))
    body = client.get(answer["Location"]).json()
    assert body["state"] == "FAILED" and body["report"] is None
    assert body["error"]["status"] == 400
    [finding] = body["error"]["errors"]
    assert finding["message"].startswith("row 6 (Carte 4), column cost")
    assert not Card.objects.exists()


def test_a_job_that_crashed_is_run_again_and_imports_once(
    api, designer, small_threshold, django_capture_on_commit_callbacks, monkeypatch
):
    client = api(designer)
    real = import_jobs.cards_import_file

    def broken(**kwargs):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(import_jobs, "cards_import_file", broken)
    with django_capture_on_commit_callbacks(execute=True):
        answer = post_file(client, "set.csv", write_card_set(card_set(5), "csv"))
    failed = client.get(answer["Location"]).json()
    assert failed["state"] == "FAILED" and failed["error"]["status"] == 500
    monkeypatch.setattr(import_jobs, "cards_import_file", real)
    retry = f"{answer['Location']}retry/"
    with django_capture_on_commit_callbacks(execute=True):
        again = client.post(retry)
    assert again.status_code == 202 and again["Location"] == answer["Location"]
    assert client.get(answer["Location"]).json()["state"] == "DONE"
    assert Card.objects.count() == 5
    # A DONE job is not run again: neither by the route nor by its task sent twice.
    assert client.post(retry).status_code == 409
    assert import_jobs.import_job_run(failed["id"]) == ImportJobState.DONE
    assert CardRevision.objects.count() == 5


def test_the_sweep_sends_again_a_job_the_broker_never_took(
    api, designer, small_threshold, django_capture_on_commit_callbacks, monkeypatch
):
    from common import enqueue

    def broker_down(name, args=(), kwargs=None, *, on_failure=None):
        on_failure(ConnectionError("broker down"))

    monkeypatch.setattr(enqueue, "send", broker_down)
    client = api(designer)
    with django_capture_on_commit_callbacks(execute=True):
        answer = post_file(client, "set.csv", write_card_set(card_set(5), "csv"))
    job = CardSetImportJob.objects.get(pk=answer.json()["id"])
    assert job.state == ImportJobState.QUEUED and job.enqueue_failed_at is not None
    monkeypatch.undo()
    with django_capture_on_commit_callbacks(execute=True):
        assert import_jobs.import_jobs_requeue() == [job.pk]
    job.refresh_from_db()
    assert job.state == ImportJobState.DONE and Card.objects.count() == 5


def test_the_sweep_takes_up_a_job_whose_worker_died(api, designer, small_threshold, settings):
    client = api(designer)
    answer = post_file(client, "set.csv", write_card_set(card_set(5), "csv"))  # never committed: not sent
    job = CardSetImportJob.objects.get(pk=answer.json()["id"])
    long_ago = timezone.now() - timedelta(seconds=settings.WORK_STALE_AFTER + 1)
    CardSetImportJob.objects.filter(pk=job.pk).update(state=ImportJobState.RUNNING, heartbeat_at=long_ago)
    beating = CardSetImportJob.objects.create(name="other.csv", state=ImportJobState.RUNNING)
    CardSetImportJob.objects.filter(pk=beating.pk).update(heartbeat_at=timezone.now())
    assert import_jobs.import_jobs_requeue() == [job.pk]  # a job still beating is left alone
    assert import_jobs.import_job_run(job.pk) == ImportJobState.DONE  # the task the sweep sent
    assert Card.objects.count() == 5


def test_a_job_is_its_creators(api, designer, make_user, small_threshold):
    answer = post_file(api(designer), "set.csv", write_card_set(card_set(5), "csv"))
    other = make_user("designer", username="other")
    assert api(other).get(answer["Location"]).status_code == 404
    assert api(other).post(f"{answer['Location']}retry/").status_code == 404
    assert api().get(answer["Location"]).status_code == 401


# --- the card-sets page -------------------------------------------------------------------------
HTMX = {"HTTP_HX_REQUEST": "true"}


def test_the_page_starts_a_job_for_a_large_file_and_shows_its_progress_then_its_report(
    client_as, designer, small_threshold, django_capture_on_commit_callbacks
):
    client = client_as(designer)
    upload = SimpleUploadedFile("big.csv", write_card_set(card_set(5), "csv"))
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        answer = client.post("/cards/sets/import/", {"file": upload}, **HTMX)
    assert answer.status_code == 202
    html = answer.content.decode()
    job = CardSetImportJob.objects.get()
    poll = f'hx-get="/cards/sets/jobs/{job.pk}/" hx-trigger="every 1s"'
    assert 'id="set-report"' in html and poll in html and "<progress" in html
    assert "Queued: 0 of 5 cards checked" in html and not Card.objects.exists()
    callbacks[0]()
    done = client.get(f"/cards/sets/jobs/{job.pk}/", **HTMX).content.decode()
    assert "Darkrow: 5 created, 0 updated, 0 unchanged." in done and "hx-trigger" not in done
    page = client.get("/cards/sets/").content.decode()
    assert f'href="/cards/sets/jobs/{job.pk}/">big.csv</a> · Done' in page


def test_the_page_shows_a_failed_jobs_errors_and_runs_it_again(
    client_as, designer, small_threshold, django_capture_on_commit_callbacks
):
    client = client_as(designer)
    upload = SimpleUploadedFile("bad.csv", write_card_set(card_set(5, bad_row=1), "csv"))
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/cards/sets/import/", {"file": upload}, **HTMX)
    job = CardSetImportJob.objects.get()
    html = client.get(f"/cards/sets/jobs/{job.pk}/").content.decode()  # the whole page
    assert "Nothing was imported" in html and "row 3 (Carte 1), column cost" in html
    assert f'action="/cards/sets/jobs/{job.pk}/retry/"' in html
    with django_capture_on_commit_callbacks(execute=True):
        again = client.post(f"/cards/sets/jobs/{job.pk}/retry/", **HTMX)
    assert again.status_code == 202 and "Queued: 0 of 5 cards checked" in again.content.decode()
    assert (
        "row 3 (Carte 1), column cost" in client.get(f"/cards/sets/jobs/{job.pk}/", **HTMX).content.decode()
    )
    job.refresh_from_db()
    assert job.state == ImportJobState.FAILED and job.attempts == 2 and not Card.objects.exists()


def test_the_sweep_runs_beside_the_other_sweeps(settings):
    from celery import current_app

    entry = settings.CELERY_BEAT_SCHEDULE["cards-requeue-import-jobs"]
    assert entry["task"] == "cards.requeue_imports" and "cards.requeue_imports" in current_app.tasks
    assert entry["schedule"] == settings.CELERY_BEAT_SCHEDULE["faces-requeue-print-jobs"]["schedule"]
    assert "cards.import_job" in current_app.tasks


def test_a_run_whose_job_was_taken_up_by_another_rolls_back(api, designer, small_threshold, monkeypatch):
    answer = post_file(api(designer), "set.csv", write_card_set(card_set(5), "csv"))  # not sent: no commit
    job_id = answer.json()["id"]
    real = import_jobs.cards_import_file

    def meanwhile_the_sweep_sends_it_again(**kwargs):
        report = real(**kwargs)
        CardSetImportJob.objects.filter(pk=job_id).update(attempts=99)  # a later run took the job
        return report

    monkeypatch.setattr(import_jobs, "cards_import_file", meanwhile_the_sweep_sends_it_again)
    assert import_jobs.import_job_run(job_id) == "TAKEN_OVER"
    assert not Card.objects.exists()  # rolled back: the later run imports it


def test_a_job_whose_user_is_gone_is_never_run_with_every_right(api, designer, small_threshold):
    answer = post_file(api(designer), "set.csv", write_card_set(card_set(5), "csv"))
    designer.delete()
    assert import_jobs.import_job_run(answer.json()["id"]) == ImportJobState.FAILED
    assert not Card.objects.exists()


def test_with_the_broker_down_a_large_import_answers_at_once_and_the_sweep_sends_it(
    dead_broker,  # noqa: F811 (the fixture imported above)
    api,
    designer,
    small_threshold,
    django_capture_on_commit_callbacks,
):
    import time

    from cards import tasks
    from common.enqueue import breaker
    from studio.celery import app

    started = time.monotonic()
    with django_capture_on_commit_callbacks(execute=True):
        answer = post_file(api(designer), "set.csv", write_card_set(card_set(5), "csv"))
    assert answer.status_code == 202 and time.monotonic() - started < 5
    job = CardSetImportJob.objects.get(pk=answer.json()["id"])
    assert job.state == ImportJobState.QUEUED and job.enqueue_failed_at is not None
    app.conf.task_always_eager = True  # the broker is back (in-process here)
    breaker.reset()
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.requeue_imports() == {"requeued": [job.pk]}
    job.refresh_from_db()
    assert job.state == ImportJobState.DONE and Card.objects.count() == 5
