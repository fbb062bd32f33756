"""Writes of the review workflow: bulk transitions, reverts, AI proposals, identity decisions, audits.

Card writes go through :mod:`cards.services`, so every change is a revision
with who, when and a note. Audits stream a game's cards and store, for each of
the five review lists of seed 000, the cards in it and why.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import uuid
from collections.abc import Callable, Iterable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connection, reset_queries, transaction
from django.db.models import Count, Q
from django.utils import timezone

from artwork.selectors import artwork_counts, artwork_expected_counts
from cards import services as card_services
from cards.diff import card_diff
from cards.interchange import card_data, card_to_dict, check_game
from cards.models import Card, ImportConflict, RevisionAction, Status
from cards.selectors import card_list
from rules import Finding, get_ruleset
from rules.audit import (
    IMPORT_CONFLICT,
    REVIEW_LISTS,
    audit_card,
    identity_collisions,
    list_for,
    review_lists_of,
)
from rules.findings import error
from studio.errors import Conflict, Forbidden, InvalidInput, StaleVersion, StudioError
from studio.notes import checked_note

from .models import (
    ACTIVE_AUDIT_STATUSES,
    Audit,
    AuditEntry,
    AuditStatus,
    DistinctIdentity,
    Proposal,
    ProposalStatus,
)

logger = logging.getLogger("reviews")

REVIEW = "cards.review_card"
MAX_BULK_CARDS = 500


# --- bulk transitions ----------------------------------------------------------------------
class BulkRefused(InvalidInput):
    """Some cards of a bulk transition cannot move: none moved. One finding per refused card."""

    def __init__(self, findings: list[Finding], status_code: int, total: int):
        self.status_code = status_code
        super().__init__(findings, message=f"nothing changed: {len(findings)} of {total} card(s) cannot move")


_REFUSAL_CODES = {
    Forbidden: ("TRANSITION_FORBIDDEN", 403),
    Conflict: ("TRANSITION_REFUSED", 409),
    StaleVersion: ("STALE_VERSION", 412),
}


def cards_set_status(*, stable_ids: Iterable[str], status: str, user, note: str = "") -> list[Card]:
    """Move several cards to ``status`` at once, with one note: all of them, or none.

    Every card is tried, so the refusal names each card that cannot move and
    why (403 when the role forbids a move, 409 when a card's state does).
    """
    note = checked_note(note)  # once, not once per card
    ids = list(dict.fromkeys(stable_ids))
    if not ids:
        raise InvalidInput([error("FIELD_REQUIRED", "give at least one card (stableCardId)", field="cards")])
    if len(ids) > MAX_BULK_CARDS:
        raise InvalidInput(
            [
                error(
                    "FIELD_INVALID",
                    f"at most {MAX_BULK_CARDS} cards at once; you gave {len(ids)}",
                    field="cards",
                )
            ]
        )
    visible = set(card_list(user=user).filter(stable_id__in=ids).values_list("stable_id", flat=True))
    unknown = [sid for sid in ids if sid not in visible]
    if unknown:
        raise InvalidInput(
            [error("UNKNOWN_CARD", f"no card {sid}", card=sid, field="cards") for sid in unknown]
        )
    moved: list[Card] = []
    refusals: list[tuple[Finding, int]] = []
    with transaction.atomic():
        for sid in ids:
            try:
                moved.append(
                    card_services.card_set_status(stable_id=sid, status=status, user=user, note=note)
                )
            except StudioError as exc:
                code, http = next(
                    ((c, h) for kind, (c, h) in _REFUSAL_CODES.items() if isinstance(exc, kind)),
                    ("TRANSITION_INVALID", 400),
                )
                refusals.append((error(code, f"{sid}: {exc.message}", card=sid, field="cards"), http))
        if refusals:
            # Forbidden first: a user who may not make the move learns that before the cards' states.
            worst = 403 if any(h == 403 for _, h in refusals) else max(h for _, h in refusals)
            raise BulkRefused([f for f, _ in refusals], worst, len(ids))
    return moved


# --- revert ----------------------------------------------------------------------------------
def card_revert(
    *, stable_id: str, version: int, user, note: str = "", expected_version: int | None = None
) -> Card:
    """Give a card the content it had at ``version``, as a new revision (action REVERT).

    Status and provenance follow the rules of any edit: a VALIDATED card goes
    back to NEEDS_REVIEW. The earlier revisions stay as they are.
    """
    if not (user.has_perm("cards.change_card") or user.has_perm(REVIEW)):
        raise Forbidden("only a designer or a reviewer can revert a card")
    card = card_list(user=user).get(stable_id=stable_id)
    revision = card.revisions.filter(version=version).first()
    if revision is None:
        raise InvalidInput(
            [
                error(
                    "FIELD_INVALID",
                    f"{stable_id} has no version {version}; its versions are 1 to {card.version}",
                    field="version",
                )
            ]
        )
    content = {
        k: v for k, v in revision.snapshot.items() if k not in ("stableCardId", *card_services.WORKFLOW_KEYS)
    }
    current = card_to_dict(card)
    if all(current.get(k) == v for k, v in content.items()):
        raise Conflict(f"{stable_id} already has the content of version {version}; nothing to revert")
    text = f"reverted to version {version}" + (f": {note}" if note else "")
    return card_services.card_update(
        stable_id=stable_id,
        data=content,
        user=user,
        expected_version=expected_version,
        note=text,
        action=RevisionAction.REVERT,
    )


# --- AI proposals ----------------------------------------------------------------------------
PROPOSE = "reviews.add_proposal"
PROPOSAL_READ_ONLY = ("stableCardId", "game", *card_services.WORKFLOW_KEYS)


def _may_propose(user) -> None:
    if not user.has_perm(PROPOSE):
        raise Forbidden("you may not submit proposals (permission reviews.add_proposal)")


def proposal_submit_card(*, game: Any, data: dict[str, Any], user, note: str = "") -> Card:
    """A proposed new card: created DRAFT, origin AI, creationMethod AI_GENERATED, waiting for a reviewer."""
    _may_propose(user)
    if not isinstance(data, dict):
        raise InvalidInput(
            [
                error(
                    "FIELD_INVALID",
                    "card must be a JSON object (a card in the interchange format)",
                    field="card",
                )
            ]
        )
    proposed = {
        k: v
        for k, v in data.items()
        if k not in ("status", "origin", "creationMethod", "userModified", "game")
    }
    proposed.update(origin="AI", creationMethod="AI_GENERATED", status=Status.DRAFT)
    return card_services.card_create(game=game, data=proposed, user=user, note=note or "AI proposal")


class _DryRun(Exception):
    pass


def _preview(card: Card, changes: dict[str, Any], user) -> dict[str, Any]:
    """The card as ``changes`` would leave it, computed by the card service itself and rolled back."""
    preview: dict[str, Any] = {}
    try:
        with transaction.atomic():
            updated = card_services.card_update(stable_id=card.stable_id, data=changes, user=user)
            preview.update(card_to_dict(updated))
            raise _DryRun
    except _DryRun:
        pass
    return preview


@transaction.atomic
def proposal_submit_change(*, stable_id: str, changes: Any, user, note: str = "") -> Proposal:
    """A proposed change to an existing card, stored apart (DRAFT) until a reviewer accepts or rejects it."""
    _may_propose(user)
    card = card_list(user=user).select_for_update().get(stable_id=stable_id)
    if not isinstance(changes, dict) or not changes:
        raise InvalidInput(
            [error("FIELD_INVALID", "changes must be a non-empty JSON object of card keys", field="changes")]
        )
    read_only = [k for k in changes if k in PROPOSAL_READ_ONLY]
    if read_only:
        raise InvalidInput(
            [
                error("FIELD_READ_ONLY", f"a proposal changes the card's content, not {key}", field=key)
                for key in read_only
            ]
        )
    before = card_to_dict(card)
    after = _preview(card, changes, user)
    for key in card_services.WORKFLOW_KEYS:
        after[key] = before[key]
    diff = card_diff(before, after, game_fields=card.ruleset.field_names())
    if not diff["changed"]:
        raise InvalidInput(
            [
                error(
                    "NO_CHANGE",
                    "the proposal changes nothing: the card already holds these values",
                    field="changes",
                )
            ]
        )
    return Proposal.objects.create(
        card=card,
        game=card.game,
        changes=changes,
        diff=diff,
        base_version=card.version,
        note=checked_note(note),
        submitted_by=_user(user),
    )


def _reviewable(proposal_id: int, user) -> Proposal:
    if not user.has_perm(REVIEW):
        raise Forbidden("only a reviewer can accept or reject a proposal")
    proposal = Proposal.objects.select_for_update().select_related("card").get(pk=proposal_id)
    if proposal.status != ProposalStatus.DRAFT:
        raise Conflict(f"proposal #{proposal.pk} is already {proposal.status}")
    return proposal


@transaction.atomic
def proposal_accept(
    *, proposal_id: int, user, note: str = "", expected_version: int | None = None
) -> Proposal:
    """Apply a proposal to its card through the card service; the revision says it came from the proposal."""
    proposal = _reviewable(proposal_id, user)
    text = f"applied AI proposal #{proposal.pk} (origin AI, AI_GENERATED)" + (f": {note}" if note else "")
    card = card_services.card_update(
        stable_id=proposal.card.stable_id,
        data=proposal.changes,
        user=user,
        expected_version=expected_version,
        note=text,
    )
    proposal.status = ProposalStatus.ACCEPTED
    proposal.applied_version = card.version
    return _close(proposal, user, note)


@transaction.atomic
def proposal_reject(*, proposal_id: int, user, note: str = "") -> Proposal:
    proposal = _reviewable(proposal_id, user)
    proposal.status = ProposalStatus.REJECTED
    return _close(proposal, user, note)


def _close(proposal: Proposal, user, note: str) -> Proposal:
    proposal.reviewed_by = _user(user)
    proposal.reviewed_at = timezone.now()
    proposal.review_note = checked_note(note)
    proposal.save(update_fields=["status", "applied_version", "reviewed_by", "reviewed_at", "review_note"])
    return proposal


def _user(user):
    return user if user is not None and getattr(user, "is_authenticated", False) else None


# --- identities ------------------------------------------------------------------------------
def distinct_identity_declare(*, stable_ids: list[str], user, note: str = "") -> DistinctIdentity:
    """Declare two cards of one game with the same name and type to be two identities."""
    if not user.has_perm(REVIEW):
        raise Forbidden("only a reviewer can declare distinct identities")
    if not isinstance(stable_ids, list) or len(set(stable_ids)) != 2:
        raise InvalidInput(
            [error("FIELD_INVALID", "give exactly two different cards (stableCardId)", field="cards")]
        )
    cards = list(Card.objects.filter(stable_id__in=stable_ids))
    if len(cards) != 2:
        found = {c.stable_id for c in cards}
        raise InvalidInput(
            [
                error("UNKNOWN_CARD", f"no card {sid}", card=sid, field="cards")
                for sid in stable_ids
                if sid not in found
            ]
        )
    a, b = sorted(cards, key=lambda c: c.pk)
    if a.game != b.game:
        raise InvalidInput(
            [
                error(
                    "FIELD_INVALID",
                    "the two cards belong to different games; they never collide",
                    field="cards",
                )
            ]
        )
    try:
        with transaction.atomic():
            return DistinctIdentity.objects.create(
                card_a=a, card_b=b, note=checked_note(note), created_by=_user(user)
            )
    except IntegrityError:
        raise Conflict(f"{a.stable_id} and {b.stable_id} are already declared distinct identities") from None


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
            audit = Audit.objects.create(game=game, requested_by=_user(user), trigger=trigger)
    except IntegrityError:
        running = Audit.objects.filter(game=game, status__in=ACTIVE_AUDIT_STATUSES).first()
        if running is None:  # it finished in between: try once more
            return audit_start(game=game, user=user, trigger=trigger, enqueue=enqueue, resume=resume)
        if enqueue and resume and _never_enqueued(running):
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


def _enqueue(audit: Audit) -> None:
    """Send the audit to a worker after the commit; if the broker cannot take it, record that."""
    from .tasks import audit as audit_task

    if audit.enqueue_failed_at is not None:
        Audit.objects.filter(pk=audit.pk).update(enqueue_failed_at=None)

    def not_enqueued(exc: Exception, pk: int = audit.pk) -> None:
        Audit.objects.filter(pk=pk, status=AuditStatus.PENDING).update(enqueue_failed_at=timezone.now())

    audit_task.delay_on_commit(audit.pk, on_failure=not_enqueued)


def audits_requeue(*, pending_after: int = PENDING_AFTER) -> list[int]:
    """Send again every audit left PENDING because it was never enqueued (the periodic sweep)."""
    limit = timezone.now() - timedelta(seconds=pending_after)
    waiting = Audit.objects.filter(status=AuditStatus.PENDING).filter(
        Q(enqueue_failed_at__isnull=False) | Q(created_at__lt=limit)
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
        self.review_lists = review_lists_of(self.ruleset)
        self.buffer: list[AuditEntry] = []
        self.done = 0

    def execute(self) -> None:
        AuditEntry.objects.filter(audit=self.audit).delete()
        self.check_cards()
        self.list_import_conflicts()
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
            )
        )

    def check_cards(self) -> None:
        step = "checking cards"
        cards = Card.objects.filter(game=self.audit.game).order_by("pk").only(*self.CARD_FIELDS)
        for card in cards.iterator(chunk_size=self.batch):
            for listing in audit_card(self.ruleset, card_data(card)):
                self.add(
                    listing.list,
                    card.pk,
                    card.stable_id,
                    card.name,
                    listing.code,
                    listing.reason,
                    listing.field,
                )
            self.advance(step)
        self.flush(step)

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
                f"import conflict #{pk}: a re-import differs on {', '.join(fields)} from the studio's version, which was kept; "
                "resolve it (keep the studio's version or take the imported one)",
                card=stable_id,
            )
            self.add(
                list_for(finding, self.review_lists), card_pk, stable_id, name, finding.code, finding.message
            )
            self.advance(step)
        self.flush(step)

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
                    list_for(finding, self.review_lists),
                    card.pk,
                    card.stable_id,
                    card.name,
                    finding.code,
                    finding.message,
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
