"""Review audits and their lists, AI proposals, and identity decisions."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from cards.models import Card
from common.finding_messages import message as finding_message
from rules.audit import REVIEW_LISTS


class AuditStatus(models.TextChoices):
    PENDING = "PENDING", _("Waiting for a worker")
    RUNNING = "RUNNING", _("Running")
    DONE = "DONE", _("Done")
    FAILED = "FAILED", _("Failed")


ACTIVE_AUDIT_STATUSES = (AuditStatus.PENDING, AuditStatus.RUNNING)
ReviewList = models.TextChoices("ReviewList", [(name, name) for name in REVIEW_LISTS])


class Audit(models.Model):
    """One audit of one game: its progress while it runs, its five lists once done.

    At most one audit per game is PENDING or RUNNING (a constraint in the
    database, so two web processes starting one at once cannot both succeed).
    """

    game = models.CharField(max_length=32)
    status = models.CharField(max_length=16, choices=AuditStatus.choices, default=AuditStatus.PENDING)
    trigger = models.CharField(max_length=16, default="api", help_text="api, command or schedule")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True, help_text="Last progress written.")
    total = models.PositiveIntegerField(default=0)
    done = models.PositiveIntegerField(default=0)
    step = models.CharField(max_length=64, default="waiting for a worker")
    # The run that owns the audit: a redelivered task takes over, the stale run stops.
    run_token = models.CharField(max_length=32, blank=True, default="")
    ran_on = models.CharField(
        max_length=128, blank=True, default="", help_text="host:pid of the process that ran it"
    )
    list_counts = models.JSONField(default=dict, blank=True, help_text="{list: number of cards}")
    counts = models.JSONField(
        default=dict, blank=True, help_text="Counts the game's source fixes, next to the actual ones."
    )
    error = models.TextField(blank=True, default="")
    enqueue_failed_at = models.DateTimeField(
        null=True, blank=True, help_text="When the broker last could not take it (a sweep sends it again)."
    )

    class Meta:
        ordering = ["-created_at", "-pk"]
        get_latest_by = "finished_at"
        indexes = [models.Index(fields=["game", "status", "-finished_at"])]
        constraints = [
            models.UniqueConstraint(
                fields=["game"],
                condition=Q(status__in=ACTIVE_AUDIT_STATUSES),
                name="reviews_one_active_audit_per_game",
            ),
            models.CheckConstraint(
                condition=Q(status__in=AuditStatus.values), name="reviews_audit_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"audit #{self.pk} of {self.game} ({self.status})"

    @property
    def is_active(self) -> bool:
        return self.status in ACTIVE_AUDIT_STATUSES


class AuditEntry(models.Model):
    """One reason for one card to be in one review list of an audit."""

    audit = models.ForeignKey(Audit, on_delete=models.CASCADE, related_name="entries")
    list = models.CharField(max_length=32, choices=ReviewList.choices)
    card = models.ForeignKey(Card, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    stable_id = models.CharField(max_length=64)
    name = models.CharField(max_length=200)
    code = models.CharField(max_length=64)
    # The English reason, as the rules core wrote it; pages, the API and the commands show
    # ``message``: the code's template in the reader's language, filled with ``params``.
    reason = models.TextField()
    field = models.CharField(max_length=64, blank=True, default="")
    params = models.JSONField(default=dict, blank=True, help_text="The finding's params (rules.codes).")

    class Meta:
        ordering = ["audit", "list", "name", "stable_id", "pk"]
        indexes = [models.Index(fields=["audit", "list"]), models.Index(fields=["audit", "card"])]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.list}: {self.stable_id} ({self.code})"

    @property
    def message(self) -> str:
        """Why the card is listed, in the reader's language; an entry stored without params (before
        they were kept) reads as its English reason unless its code's template needs none."""
        message = {"code": self.code, "params": self.params or {}, "message": self.reason}
        # The audit's game names its fields and card types (« Objet », not OBJECT).
        return finding_message(message, game=self.audit.game)


class ProposalStatus(models.TextChoices):
    DRAFT = "DRAFT", _("Draft, waiting for a reviewer")
    ACCEPTED = "ACCEPTED", _("Accepted")
    REJECTED = "REJECTED", _("Rejected")


class Proposal(models.Model):
    """A change to an existing card proposed by an AI, kept apart until a reviewer decides.

    It never touches the card by itself: accepting applies ``changes`` through
    the card service (a revision notes the proposal); rejecting leaves the card
    as it is. ``diff`` is the difference with the card when it was submitted.
    """

    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="proposals")
    game = models.CharField(max_length=32)
    changes = models.JSONField(help_text="The proposed values, as interchange keys.")
    diff = models.JSONField(default=dict, help_text="Field-by-field difference with the card at submission.")
    base_version = models.PositiveIntegerField(help_text="The card's version the proposal was made against.")
    origin = models.CharField(max_length=8, default="AI", editable=False)
    creation_method = models.CharField(max_length=16, default="AI_GENERATED", editable=False)
    status = models.CharField(max_length=16, choices=ProposalStatus.choices, default=ProposalStatus.DRAFT)
    note = models.TextField(blank=True, default="", help_text="Why the change is proposed.")
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reviewed_at = models.DateTimeField(null=True, blank=True)
    review_note = models.TextField(blank=True, default="")
    applied_version = models.PositiveIntegerField(
        null=True, blank=True, help_text="The card's version after acceptance."
    )

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["game", "status"]), models.Index(fields=["card", "status"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=ProposalStatus.values), name="reviews_proposal_status_valid"
            ),
            models.CheckConstraint(
                condition=Q(origin="AI", creation_method="AI_GENERATED"), name="reviews_proposal_is_ai"
            ),
        ]

    def __str__(self) -> str:
        return f"proposal #{self.pk} for {self.card_id} ({self.status})"


class DistinctIdentity(models.Model):
    """Two cards with the same name and type declared to be two identities (never a version conflict)."""

    card_a = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="+")
    card_b = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="+")
    note = models.TextField(blank=True, default="")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name_plural = "distinct identities"
        constraints = [
            models.UniqueConstraint(fields=["card_a", "card_b"], name="reviews_distinct_identity_unique"),
            # One row per pair: the smaller primary key first.
            models.CheckConstraint(
                condition=Q(card_a__lt=F("card_b")), name="reviews_distinct_identity_ordered"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.card_a_id} ≠ {self.card_b_id}"
