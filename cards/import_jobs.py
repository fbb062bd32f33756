"""Card-set imports too large for a request, made by a task: an import job.

A request imports a file of at most ``CARDSETS_SYNC_MAX_ROWS`` rows itself, as it always did
(:func:`cards.imports.cards_import_file`). A larger file would run past the server's timeout
(``GUNICORN_TIMEOUT``; bench/README.md, "Import jobs"), so it is kept (default storage) and a
named task (``cards.import_job``), passed the job's id and enqueued on commit, imports it: all or
nothing, as a request would, with the report (or every error) stored on the job. The import and
the job's DONE commit together, so a job run twice (a re-sent task, a worker killed in the
middle) imports once. A FAILED job may be run again (:func:`import_job_retry`). The sweep
(``cards.requeue_imports``) sends again the jobs the broker could not take, those left QUEUED and
those whose worker stopped beating (``WORK_STALE_AFTER``).
"""

from __future__ import annotations

import csv
import io
import json
import logging
import zipfile
from datetime import timedelta

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from common.enqueue import enqueue_on_commit, runs_here
from common.errors import StudioError
from common.heartbeat import beating
from common.media import private_token

from .imports import cards_import_file
from .models import CardSetImportJob, ImportJobState
from .spreadsheets import UnusableFile, max_rows, max_unpacked_bytes, sniff

logger = logging.getLogger("cards")

# A job still QUEUED this long after it was made was probably never enqueued (a web process that
# died between its commit and the publish): the sweep sends it again, as it does print jobs.
PENDING_AFTER = 300
# How often a running job writes its progress (and heartbeat), from a thread of its own.
PROGRESS_SECONDS = 2


def sync_max_rows() -> int:
    return settings.CARDSETS_SYNC_MAX_ROWS


# --- how large ---------------------------------------------------------------------------------
def count_rows(data: bytes, name: str | None) -> int | None:
    """The number of cards a card-set file holds, cheaply (no card is checked); None when the file
    cannot be counted (it is then imported within the request, which says what is wrong with it)."""
    try:
        fmt = sniff(name, data[:64])
        if fmt == "json":
            payload = json.loads(data.decode("utf-8-sig"))
            cards = payload.get("cards") if isinstance(payload, dict) else None
            return len(cards) if isinstance(cards, list) else None
        if fmt == "csv":
            text = data.decode("utf-8-sig")
            first = text.split("\n", 1)[0]
            delimiter = ";" if first.count(";") > first.count(",") else ","
            rows = sum(
                1 for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter) if any(row)
            )
            return max(rows - 1, 0)  # the header
        return _xlsx_rows(data)
    except (UnusableFile, ValueError, csv.Error, zipfile.BadZipFile, OSError, RecursionError):
        return None


def _xlsx_rows(data: bytes) -> int | None:
    """Rows of the first sheet with a value (``<c>`` cells), read as a stream from the archive."""
    archive = zipfile.ZipFile(io.BytesIO(data))
    if sum(info.file_size for info in archive.infolist()) > max_unpacked_bytes():
        return None  # refused within the request, as before
    sheets = sorted(
        n for n in archive.namelist() if n.startswith("xl/worksheets/sheet") and n.endswith(".xml")
    )
    if not sheets:
        return None
    rows, carry = 0, b""
    with archive.open(sheets[0]) as stream:
        while chunk := stream.read(1 << 20):
            text = carry + chunk
            # A row with cells ends with </row>; an empty row is <row .../> (not counted).
            rows += text.count(b"</row>") - carry.count(b"</row>")
            carry = text[-8:]
    return max(rows - 1, 0) if rows else None


def is_large(data: bytes, name: str | None) -> bool:
    """Whether a request should leave this file to a job (more rows than ``CARDSETS_SYNC_MAX_ROWS``)."""
    rows = count_rows(data, name)
    # Above CARDSETS_MAX_ROWS the request refuses the file at once (413), as before.
    return rows is not None and sync_max_rows() < rows <= max_rows()


# --- starting, reading -------------------------------------------------------------------------
def import_job_start(*, data: bytes, name: str, game: str | None, user) -> CardSetImportJob:
    """Keep the file and make its job; the task is sent once this commits."""
    suffix = (name or "").rsplit(".", 1)[-1].lower() if "." in (name or "") else "bin"
    with transaction.atomic():
        job = CardSetImportJob.objects.create(
            name=(name or "")[:255],
            game=game or "",
            total=count_rows(data, name) or 0,
            created_by=user if getattr(user, "is_authenticated", False) else None,
        )
        stored = default_storage.save(
            f"cards/imports/{private_token('import-job', job.pk, job.created_at.isoformat())}.{suffix[:8]}",
            ContentFile(data),
        )
        CardSetImportJob.objects.filter(pk=job.pk).update(file=stored)
        job.file.name = stored
        _enqueue(job.pk)
    return job


def import_job_get(*, pk: int, user) -> CardSetImportJob:
    """A job of ``user``'s (or any, for a superuser); DoesNotExist otherwise."""
    jobs = CardSetImportJob.objects.all()
    if not user.is_superuser:
        jobs = jobs.filter(created_by=user)
    return jobs.get(pk=pk)


def import_jobs_of(user, *, limit: int = 10) -> list[CardSetImportJob]:
    return list(CardSetImportJob.objects.filter(created_by=user).defer("report", "errors")[:limit])


def import_job_retry(*, pk: int, user) -> CardSetImportJob:
    """Run a FAILED job again (the same file, all or nothing again); any other state is left alone."""
    job = import_job_get(pk=pk, user=user)
    with transaction.atomic():
        if CardSetImportJob.objects.filter(pk=job.pk, state=ImportJobState.FAILED).update(
            state=ImportJobState.QUEUED,
            done=0,
            error="",
            errors=[],
            status_code=None,
            finished_at=None,
            enqueue_failed_at=None,
            created_at=timezone.now(),
        ):
            _enqueue(job.pk)
    job.refresh_from_db()
    return job


def _enqueue(job_id: int) -> None:
    def not_enqueued(exc: Exception) -> None:
        CardSetImportJob.objects.filter(pk=job_id, state=ImportJobState.QUEUED).update(
            enqueue_failed_at=timezone.now()
        )

    enqueue_on_commit("cards.import_job", job_id, on_failure=not_enqueued)


def import_jobs_requeue(*, pending_after: int = PENDING_AFTER) -> list[int]:
    """Send again the jobs the broker could not take, those QUEUED for long and RUNNING ones whose
    worker stopped beating for ``WORK_STALE_AFTER`` (killed): the sweep (``cards.requeue_imports``)."""
    now = timezone.now()
    lost = now - timedelta(seconds=settings.WORK_STALE_AFTER)
    waiting = CardSetImportJob.objects.filter(
        Q(state=ImportJobState.QUEUED, enqueue_failed_at__isnull=False)
        | Q(state=ImportJobState.QUEUED, created_at__lt=now - timedelta(seconds=pending_after))
        | Q(state=ImportJobState.RUNNING, heartbeat_at__lt=lost)
        | Q(state=ImportJobState.RUNNING, heartbeat_at__isnull=True, created_at__lt=lost)
    )
    sent = list(waiting.values_list("pk", flat=True))
    CardSetImportJob.objects.filter(pk__in=sent).update(enqueue_failed_at=None)
    for job_id in sent:
        _enqueue(job_id)
    return sent


# --- running -------------------------------------------------------------------------------------
class TakenOver(Exception):
    """This run's job was given to a later run (its heartbeat looked dead): its import rolls back."""


def import_job_run(job_id: int) -> str:
    """Import a job's file, all or nothing; the job's state at the end. Safe to run twice: a DONE
    job is left alone, and the import and the job's DONE commit together."""
    job = CardSetImportJob.objects.select_related("created_by").filter(pk=job_id).first()
    if job is None:
        return "MISSING"
    if job.state not in (ImportJobState.QUEUED, ImportJobState.RUNNING):
        return job.state  # DONE, or FAILED until someone runs it again
    if job.created_by is None:  # never run with no user: that is the commands' (every right)
        CardSetImportJob.objects.filter(pk=job.pk).update(
            state=ImportJobState.FAILED,
            status_code=403,
            error="the user who started this import no longer exists",
            finished_at=timezone.now(),
        )
        return ImportJobState.FAILED
    attempt = job.attempts + 1
    CardSetImportJob.objects.filter(pk=job.pk).update(
        state=ImportJobState.RUNNING,
        attempts=attempt,
        done=0,
        started_at=timezone.now(),
        heartbeat_at=timezone.now(),
        enqueue_failed_at=None,
    )
    mine = CardSetImportJob.objects.filter(pk=job.pk, state=ImportJobState.RUNNING, attempts=attempt)
    checked = [0]

    def progress(n: int) -> None:
        checked[0] += n

    def beat() -> None:  # another connection: the import's own transaction shows nothing until it commits
        mine.update(done=min(checked[0], job.total or checked[0]), heartbeat_at=timezone.now())

    try:
        with job.file.open("rb") as handle:
            data = handle.read()
        with _beating(beat), transaction.atomic():
            report = cards_import_file(
                data=data, name=job.name, game=job.game or None, user=job.created_by, progress=progress
            )
            if not mine.update(
                state=ImportJobState.DONE,
                report=report.to_dict(),
                done=F("total") if job.total else len(report.created + report.updated + report.unchanged),
                finished_at=timezone.now(),
            ):
                raise TakenOver  # the sweep gave the job to another run meanwhile: this one rolls back
    except TakenOver:
        logger.warning("import job %s was taken up by another run; attempt %s rolled back", job.pk, attempt)
        return "TAKEN_OVER"
    except (StudioError, UnusableFile) as exc:  # the file's own refusal: what the request would answer
        status_code = 413 if getattr(exc, "too_large", False) else getattr(exc, "status_code", 400)
        findings = getattr(exc, "findings", [])
        message = (
            exc.reader_message() if hasattr(exc, "reader_message") else str(getattr(exc, "message", exc))
        )
        mine.update(
            state=ImportJobState.FAILED,
            status_code=status_code,
            error=message[:2000],
            errors=[f.to_dict() for f in findings],
            finished_at=timezone.now(),
        )
        return ImportJobState.FAILED
    except Exception as exc:  # recorded on the job; running it again starts over
        logger.exception("import job %s failed", job.pk)
        mine.update(
            state=ImportJobState.FAILED,
            status_code=500,
            error=str(exc)[:2000],
            finished_at=timezone.now(),
        )
        return ImportJobState.FAILED
    return ImportJobState.DONE


def _beating(beat):
    """Progress and heartbeat every PROGRESS_SECONDS from a thread, in a worker on a database with
    more than one writer (common.heartbeat: on SQLite, or in-process, none)."""
    import contextlib

    from django.db import connections

    if runs_here() or connections["default"].vendor == "sqlite":
        return contextlib.nullcontext()
    return beating(beat, every=min(PROGRESS_SECONDS, settings.WORK_HEARTBEAT_SECONDS))


def job_payload(job: CardSetImportJob) -> dict:
    """What the API and the page show of a job."""
    body = {
        "id": job.pk,
        "name": job.name,
        "game": job.game,
        "state": job.state,
        "total": job.total,
        "done": job.done,
        "percent": job.percent,
        "createdAt": job.created_at.isoformat() if job.created_at else None,
        "finishedAt": job.finished_at.isoformat() if job.finished_at else None,
        "report": job.report if job.state == ImportJobState.DONE else None,
        "error": None,
    }
    if job.state == ImportJobState.FAILED:
        body["error"] = {"status": job.status_code, "detail": job.error, "errors": job.errors}
    return body
