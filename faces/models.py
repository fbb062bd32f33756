"""Stored face templates (with their append-only history), cached renditions and print jobs."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from cards.models import Card
from common.constraints import one_of
from common.history import AppendOnlyModel


class FaceTemplate(models.Model):
    """A game's current face template: ``data`` is the latest of its versions (``FaceTemplateVersion``).

    A game without a row uses its rule set's default template (version 0).
    ``version`` grows with every change and guards concurrent edits.
    """

    game = models.CharField(max_length=32, unique=True)
    version = models.PositiveIntegerField(default=1)
    data = models.JSONField()
    digest = models.CharField(max_length=64, help_text="sha256 of the data and the renderer's revision.")
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["game"]
        constraints = [
            models.CheckConstraint(condition=Q(version__gte=1), name="face_template_version_positive")
        ]

    def __str__(self) -> str:
        return f"face template of {self.game} v{self.version}"


class FaceTemplateVersion(AppendOnlyModel):
    """One version of a game's face template: who, when, the whole data. Append-only, like card revisions."""

    template = models.ForeignKey(FaceTemplate, on_delete=models.PROTECT, related_name="versions")
    version = models.PositiveIntegerField()
    data = models.JSONField()
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    author_name = models.CharField(max_length=150, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    note = models.TextField(blank=True, default="")
    restored_from = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="The older version this one brought back (0: the rule set's default).",
    )

    class Meta:
        ordering = ["template", "-version"]
        constraints = [
            models.UniqueConstraint(fields=["template", "version"], name="face_template_version_once"),
        ]

    def __str__(self) -> str:
        return f"{self.template.game} template v{self.version}"


class FaceRendition(models.Model):
    """A face drawn to a file once, for one key: the card's version, the template, the artwork and the size.

    The key holds every input of the drawing, so a face made for an older card,
    template or artwork is never taken for the current one: a change makes a new key.
    """

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="face_renditions")
    card_version = models.PositiveIntegerField()
    template_digest = models.CharField(max_length=64)
    template_version = models.PositiveIntegerField(help_text="For people: 0 is the rule set's default.")
    art_sha256 = models.CharField(max_length=64, blank=True, default="", help_text="Empty: no artwork.")
    format = models.CharField(max_length=8, default="png")
    # The face's language (its labels, its texts or the source's marked) and the version of the
    # translation its texts come from (0: the source's): a French and a Russian face never collide,
    # and a translation's edit or validation makes a new key.
    lang = models.CharField(max_length=8, blank=True, default="")
    translation_version = models.PositiveIntegerField(default=0)
    dpi = models.PositiveSmallIntegerField()
    bleed_tenths_mm = models.PositiveSmallIntegerField(default=0)
    file = models.FileField(max_length=255)
    width = models.PositiveIntegerField()
    height = models.PositiveIntegerField()
    byte_size = models.PositiveBigIntegerField()
    findings = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["card", "-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=[
                    "card",
                    "card_version",
                    "template_digest",
                    "art_sha256",
                    "format",
                    "lang",
                    "translation_version",
                    "dpi",
                    "bleed_tenths_mm",
                ],
                name="face_rendition_once_per_key_and_language",
            ),
        ]

    def __str__(self) -> str:
        return f"face of {self.card_id} v{self.card_version} ({self.dpi} dpi)"


class JobState(models.TextChoices):
    QUEUED = "QUEUED", _("Queued")
    RUNNING = "RUNNING", _("Running")
    DONE = "DONE", _("Done")
    FAILED = "FAILED", _("Failed")


class PrintJob(models.Model):
    """A print sheet (PDF) too big for a request: made by a task, with progress, then downloaded."""

    game = models.CharField(max_length=32)
    set_code = models.CharField(max_length=64, blank=True, default="")
    card_ids = models.JSONField(
        default=list, blank=True, help_text="stableCardIds; empty: the game (or set)."
    )
    paper = models.CharField(max_length=40, default="a4")  # the sheet layout's name (faces.layouts)
    bleed_mm = models.FloatField(default=0)
    backs = models.BooleanField(default=False)
    cmyk = models.BooleanField(default=False)  # a print shop's layout: its PDF/X-1a in CMYK
    output = models.CharField(max_length=4, default="pdf")  # "pdf", or "zip": a print shop's card images
    # The language of the faces ("": each card's own).
    lang = models.CharField(max_length=8, blank=True, default="")
    state = models.CharField(max_length=8, choices=JobState.choices, default=JobState.QUEUED)
    total = models.PositiveIntegerField(default=0)
    done = models.PositiveIntegerField(default=0)
    file = models.FileField(max_length=255, blank=True, default="")
    error = models.TextField(blank=True, default="")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The broker could not take the job when it was made: the sweep sends it again.
    enqueue_failed_at = models.DateTimeField(null=True, blank=True)
    # Written while a worker makes the sheet (common.heartbeat): none for WORK_STALE_AFTER, the
    # worker died and the sweep sends the job again.
    heartbeat_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=one_of("state", JobState), name="print_job_state_valid")
        ]

    def __str__(self) -> str:
        return f"print job {self.pk} ({self.game}): {self.done}/{self.total}"

    @property
    def percent(self) -> int:
        return (
            int(100 * self.done / self.total) if self.total else (100 if self.state == JobState.DONE else 0)
        )

    @property
    def layout_label(self) -> str:
        """The sheet layout's label in the reader's language (its name if the layout is gone)."""
        from .layouts import layout_named

        layout = layout_named(self.paper)
        return layout.label_in() if layout is not None else self.paper
