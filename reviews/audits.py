"""Audits: a game's cards sorted into the review lists, run by a worker one at a time per game,
resumable, with progress."""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import uuid
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connection, reset_queries, transaction
from django.db.models import Count, Q
from django.utils import timezone

from artwork.selectors import artwork_counts, artwork_expected_counts, primary_sizes
from cards.interchange import card_data, check_game
from cards.models import Card, CardTranslation, ImportConflict, Status
from common.enqueue import enqueue_on_commit
from common.errors import Conflict, InvalidInput
from common.users import real_user
from faces.adapters import face_card
from faces.render import artwork_findings, text_findings
from faces.selectors import template_current
from rules import get_ruleset
from rules.audit import (
    IMPORT_CONFLICT,
    REVIEW_LISTS,
    Listing,
    audit_card,
    identity_collisions,
    list_for,
)
from rules.findings import error
from rules.translations import stale_finding

from .models import (
    ACTIVE_AUDIT_STATUSES,
    Audit,
    AuditEntry,
    AuditStatus,
    DistinctIdentity,
)

logger = logging.getLogger("reviews")


# --- audits --------------------------------------------------------------------------------------
class AuditRunning(Conflict):
    def __init__(self, audit: Audit):
        self.audit = audit
        super().__init__(
            f"an audit of {audit.game} is already {audit.status.lower()} (#{audit.pk}); follow it at /api/audits/{audit.pk}/"
        )


class AuditSuperseded(Exception):
    """Another run took the audit over (a redelivered task): this one stops."""


def _expire_abandoned(game: str) -> None:
    limit = timezone.now() - timedelta(seconds=settings.REVIEWS_AUDIT_STALE_AFTER)
    stale = Q(heartbeat_at__lt=limit) | Q(heartbeat_at__isnull=True, created_at__lt=limit)
    expired = Audit.objects.filter(stale, game=game, status__in=ACTIVE_AUDIT_STATUSES).update(
        status=AuditStatus.FAILED,
        finished_at=timezone.now(),
        error=f"abandoned: no progress for {settings.REVIEWS_AUDIT_STALE_AFTER} seconds (its worker stopped?)",
    )
    if expired:
        logger.warning("marked %s abandoned audit(s) of %s as FAILED", expired, game)


def audit_start(
    *, game: Any, user=None, trigger: str = "api", enqueue: bool = True, resume: bool = True
) -> Audit:
    """Create a PENDING audit of ``game`` and hand it to a worker (on commit).

    Refused with :class:`AuditRunning` (409) while another audit of the game is
    pending or running: the database enforces one at a time. An audit that is
    pending only because it was never enqueued (the broker was down) does not
    block: it is sent again and answered instead.
    """
    findings = check_game(game)
    if findings:
        raise InvalidInput(findings)
    _expire_abandoned(game)
    try:
        with transaction.atomic():
            audit = Audit.objects.create(game=game, requested_by=real_user(user), trigger=trigger)
    except IntegrityError:
        running = Audit.objects.filter(game=game, status__in=ACTIVE_AUDIT_STATUSES).first()
        if running is None:  # it finished in between: try once more
            return audit_start(game=game, user=user, trigger=trigger, enqueue=enqueue, resume=resume)
        if enqueue and resume and (_never_enqueued(running) or _worker_lost(running)):
            _enqueue(running)
            return running
        raise AuditRunning(running) from None
    if enqueue:
        _enqueue(audit)
    return audit


# An audit still PENDING this long after it was created was probably never enqueued (a web
# process that died between its commit and the publish): the sweep sends it again.
PENDING_AFTER = 300


def _never_enqueued(audit: Audit, *, pending_after: int = PENDING_AFTER) -> bool:
    if audit.status != AuditStatus.PENDING:
        return False
    return audit.enqueue_failed_at is not None or audit.created_at < timezone.now() - timedelta(
        seconds=pending_after
    )


def _worker_lost(audit: Audit) -> bool:
    """A RUNNING audit whose worker stopped beating (killed, its machine lost): take it up again."""
    limit = timezone.now() - timedelta(seconds=settings.WORK_STALE_AFTER)
    return audit.status == AuditStatus.RUNNING and (audit.heartbeat_at or audit.created_at) < limit


def audit_heartbeat(audit_id: int) -> None:
    """The running task's "still alive" (common.heartbeat), between its progress writes."""
    Audit.objects.filter(pk=audit_id, status=AuditStatus.RUNNING).update(heartbeat_at=timezone.now())


def _enqueue(audit: Audit) -> None:
    """Send the audit to a worker after the commit; if the broker cannot take it, record that."""
    if audit.enqueue_failed_at is not None:
        Audit.objects.filter(pk=audit.pk).update(enqueue_failed_at=None)

    def not_enqueued(exc: Exception, pk: int = audit.pk) -> None:
        Audit.objects.filter(pk=pk, status=AuditStatus.PENDING).update(enqueue_failed_at=timezone.now())

    enqueue_on_commit("reviews.audit", audit.pk, on_failure=not_enqueued)


def audits_requeue(*, pending_after: int = PENDING_AFTER) -> list[int]:
    """Send again every audit left PENDING because it was never enqueued, and every RUNNING one whose
    worker stopped beating (the periodic sweep)."""
    limit = timezone.now() - timedelta(seconds=pending_after)
    lost = timezone.now() - timedelta(seconds=settings.WORK_STALE_AFTER)
    waiting = Audit.objects.filter(
        Q(status=AuditStatus.PENDING, enqueue_failed_at__isnull=False)
        | Q(status=AuditStatus.PENDING, created_at__lt=limit)
        # its worker died mid-run: no heartbeat for WORK_STALE_AFTER (the run starts over)
        | Q(status=AuditStatus.RUNNING, heartbeat_at__lt=lost)
    )
    sent = []
    for audit in waiting:
        _enqueue(audit)
        sent.append(audit.pk)
    return sent


def audits_schedule(*, pending_after: int = PENDING_AFTER) -> list[int]:
    """Start an audit of every game (the nightly sweep); send again audits stuck PENDING.

    A game whose audit is still running is skipped; one whose audit was never
    enqueued (broker down) gets that audit sent again; the task is idempotent.
    """
    from rules import registry

    audits_requeue(pending_after=pending_after)
    started = []
    for game in registry.keys():
        with contextlib.suppress(AuditRunning):  # a game being audited is skipped
            started.append(audit_start(game=game, trigger="schedule", resume=False).pk)
    return started


ProgressCallback = Callable[[int, int, str], None]


def audit_run(
    *, audit_id: int, progress: ProgressCallback | None = None, batch_size: int | None = None
) -> Audit:
    """Run an audit: stream the game's cards, store each list's cards and why, then the counts.

    Idempotent: a finished audit is left as it is; a pending or running one
    (a redelivered task) starts over and takes the audit from the earlier run.
    Progress (done/total, step) is written every ``batch_size`` cards.
    """
    batch = batch_size or settings.REVIEWS_AUDIT_BATCH_SIZE
    with transaction.atomic():
        audit = Audit.objects.select_for_update().get(pk=audit_id)
        if audit.status in (AuditStatus.DONE, AuditStatus.FAILED):
            return audit
        cards = Card.objects.filter(game=audit.game)
        conflicts = ImportConflict.objects.filter(game=audit.game, resolution="")
        audit.status = AuditStatus.RUNNING
        audit.run_token = uuid.uuid4().hex
        audit.ran_on = f"{socket.gethostname()}:{os.getpid()}"[:128]
        audit.started_at = audit.heartbeat_at = timezone.now()
        audit.total = cards.count() + conflicts.count() + _colliding_groups(audit.game).count()
        audit.done = 0
        audit.step = "checking cards"
        audit.error = ""
        audit.save()
    run = _AuditRun(audit, batch, progress)
    try:
        run.execute()
    except AuditSuperseded:
        logger.info("audit #%s was taken over by another run", audit_id)
    except Exception as exc:
        Audit.objects.filter(pk=audit.pk, run_token=audit.run_token).update(
            status=AuditStatus.FAILED, finished_at=timezone.now(), error=f"{type(exc).__name__}: {exc}"[:5000]
        )
        raise
    return Audit.objects.get(pk=audit_id)


def _colliding_groups(game: str):
    """(name, type, set) with several cards in play: candidates for identity collisions.

    Names are compared as stored (exactly); see rules.audit.identity_collisions.
    """
    return (
        Card.objects.filter(game=game)
        .exclude(status=Status.DISABLED)
        .values("name", "type", "set_code")
        .annotate(n=Count("pk"))
        .filter(n__gt=1)
        .order_by("type", "set_code", "name")
    )


class _AuditRun:
    """One pass of an audit, holding at most one batch of cards and entries in memory."""

    CARD_FIELDS = (
        "pk",
        "stable_id",
        "game",
        "name",
        "type",
        "source_language",  # the language of its face (faces.adapters.face_card)
        "set_code",
        "text",
        "archetypes",
        "game_fields",
        "effects",
        "status",
        "version",
    )

    def __init__(self, audit: Audit, batch: int, progress: ProgressCallback | None):
        self.audit = audit
        self.token = audit.run_token
        self.batch = batch
        self.progress = progress
        self.ruleset = get_ruleset(audit.game)
        self.buffer: list[AuditEntry] = []
        self.done = 0

    def execute(self) -> None:
        AuditEntry.objects.filter(audit=self.audit).delete()
        self.check_cards()
        self.list_import_conflicts()
        self.list_stale_translations()
        self.list_identity_collisions()
        self.finish()

    # progress: written to the database once per batch, reported to the callback per item
    def advance(self, step: str) -> None:
        self.done += 1
        if self.done % self.batch == 0:
            self.flush(step)
        if self.progress:
            self.progress(self.done, self.audit.total, step)

    def flush(self, step: str) -> None:
        if self.buffer:
            AuditEntry.objects.bulk_create(self.buffer, batch_size=self.batch)
            self.buffer = []
        updated = Audit.objects.filter(pk=self.audit.pk, run_token=self.token).update(
            done=min(self.done, self.audit.total), step=step, heartbeat_at=timezone.now()
        )
        if not updated:
            raise AuditSuperseded
        if settings.DEBUG and not connection.force_debug_cursor:
            # With DEBUG on, Django keeps every query's SQL until the end of a request; an
            # audit is one long unit of work: forget them batch by batch (tests that capture
            # queries force the debug cursor and keep theirs).
            reset_queries()

    def add(
        self,
        list_name: str,
        card_pk,
        stable_id: str,
        name: str,
        code: str,
        reason: str,
        field: str | None = None,
        params=None,
    ) -> None:
        self.buffer.append(
            AuditEntry(
                audit_id=self.audit.pk,
                list=list_name,
                card_id=card_pk,
                stable_id=stable_id,
                name=name[:200],
                code=code[:64],
                reason=reason,
                field=(field or "")[:64],
                params=_json_params(params),
            )
        )

    def check_cards(self) -> None:
        step = "checking cards"
        # Faces: the game's current template, read once; each card's text laid out in it (TEXT_OVERFLOW).
        template = template_current(self.audit.game).data
        cards = Card.objects.filter(game=self.audit.game).order_by("pk").only(*self.CARD_FIELDS)
        # The primary artwork's size per card (one query): an image too small for the art box (ARTWORK_LOW_RESOLUTION).
        sizes = primary_sizes(game=self.audit.game)
        for card in cards.iterator(chunk_size=self.batch):
            data = card_data(card)
            face = ()
            if data.status != Status.DISABLED:
                drawn = face_card(card)
                face = (
                    *text_findings(drawn, template),
                    *artwork_findings(drawn, template, sizes.get(card.pk)),
                )
            for listing in [*audit_card(self.ruleset, data), *self.face_listings(data, face)]:
                self.add(
                    listing.list,
                    card.pk,
                    card.stable_id,
                    card.name,
                    listing.code,
                    listing.reason,
                    listing.field,
                    listing.params,
                )
            self.advance(step)
        self.flush(step)

    def face_listings(self, data, findings) -> list[Listing]:
        """The face's findings (TEXT_OVERFLOW) as listings, in the list the catalogue gives them."""
        listings = []
        for finding in findings:
            target = list_for(finding, self.ruleset)
            if target is not None:
                listings.append(Listing.of(target, finding, data.ref))
        return listings

    def list_import_conflicts(self) -> None:
        step = "import conflicts"
        conflicts = (
            ImportConflict.objects.filter(game=self.audit.game, resolution="")
            .order_by("pk")
            .values_list("pk", "card_id", "card__stable_id", "card__name", "fields")
        )
        for pk, card_pk, stable_id, name, fields in conflicts.iterator(chunk_size=self.batch):
            finding = error(
                IMPORT_CONFLICT,
                card=stable_id,
                params={"card": stable_id, "conflict": pk, "fields": list(fields)},
            )
            self.add(
                list_for(finding, self.ruleset),
                card_pk,
                stable_id,
                name,
                finding.code,
                finding.message,
                params=finding.params,
            )
            self.advance(step)
        self.flush(step)

    def list_stale_translations(self) -> None:
        """Translations behind their card's source text (TRANSLATION_STALE), one entry each."""
        rows = (
            CardTranslation.objects.filter(card__game=self.audit.game, stale=True)
            .order_by("card_id", "language")
            .values_list(
                "card_id", "card__stable_id", "card__name", "card__version", "language", "source_version"
            )
        )
        for card_pk, stable_id, name, version, language, source_version in rows.iterator(
            chunk_size=self.batch
        ):
            finding = stale_finding(
                card=stable_id, language=language, source_version=source_version, version=version
            )
            self.add(
                list_for(finding, self.ruleset),
                card_pk,
                stable_id,
                name,
                finding.code,
                finding.message,
                params=finding.params,
            )
        # Its entries are written with the next step's (one progress write a step, as before).

    def list_identity_collisions(self) -> None:
        step = "identity collisions"
        for group in _colliding_groups(self.audit.game).iterator(chunk_size=self.batch):
            cards = list(
                Card.objects.filter(
                    game=self.audit.game, name=group["name"], type=group["type"], set_code=group["set_code"]
                )
                .exclude(status=Status.DISABLED)
                .only(*self.CARD_FIELDS)
            )
            pks = [c.pk for c in cards]
            declared = {
                frozenset(pair)
                for pair in DistinctIdentity.objects.filter(card_a__in=pks, card_b__in=pks).values_list(
                    "card_a__stable_id", "card_b__stable_id"
                )
            }
            by_ref = {c.stable_id: c for c in cards}
            for finding in identity_collisions([card_data(c) for c in cards], declared):
                card = by_ref[finding.card]
                self.add(
                    list_for(finding, self.ruleset),
                    card.pk,
                    card.stable_id,
                    card.name,
                    finding.code,
                    finding.message,
                    params=finding.params,
                )
            self.advance(step)
        self.flush(step)

    def finish(self) -> None:
        game = self.audit.game
        per_list = dict(
            AuditEntry.objects.filter(audit=self.audit)
            .values_list("list")
            .annotate(n=Count("stable_id", distinct=True))
            .values_list("list", "n")
        )
        list_counts = {name: per_list.get(name, 0) for name in REVIEW_LISTS}
        updated = Audit.objects.filter(pk=self.audit.pk, run_token=self.token).update(
            status=AuditStatus.DONE,
            finished_at=timezone.now(),
            heartbeat_at=timezone.now(),
            done=self.audit.total,
            step="done",
            list_counts=list_counts,
            counts=audit_counts(game),
        )
        if not updated:
            raise AuditSuperseded


def _json_params(params) -> dict[str, Any]:
    """A finding's params as the entry stores them (JSON: tuples as lists, other values as text)."""
    out: dict[str, Any] = {}
    for key, value in (params or {}).items():
        if isinstance(value, (tuple, list, set, frozenset)):
            value = [v if isinstance(v, (str, int, float, bool)) or v is None else str(v) for v in value]
        elif not (isinstance(value, (str, int, float, bool)) or value is None):
            value = str(value)
        out[str(key)] = value
    return out


def audit_counts(game: str) -> dict[str, Any]:
    """The counts the game's source fixes, next to the actual ones (artwork once the artwork app exists)."""
    expected = get_ruleset(game).expected_counts
    cards = Card.objects.filter(game=game)
    tally = cards.aggregate(
        active=Count("pk", filter=~Q(status=Status.DISABLED)),
        validated=Count("pk", filter=Q(status=Status.VALIDATED)),
    )
    identities_expected = expected.get("identities")
    counts: dict[str, Any] = {
        "identities": {
            "expected": identities_expected,
            "actual": tally["active"],
            "validated": tally["validated"],
            "matches": None
            if identities_expected is None
            else tally["validated"] == identities_expected == tally["active"],
        }
    }
    artwork_expected = artwork_expected_counts(game)
    actual = artwork_counts(game)
    counts["artwork"] = {
        "expected": artwork_expected,
        "actual": actual,
        "matches": None
        if artwork_expected is None
        else all(actual.get(k) == v for k, v in artwork_expected.items()),
    }
    return counts
