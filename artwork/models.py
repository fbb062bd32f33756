"""Artwork of cards: variants, their renditions, their history, and batches of image work."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from cards.models import Card
from common.constraints import one_of
from common.history import AppendOnlyModel


class Kind(models.TextChoices):
    HD = "HD", _("Main HD image")
    REFERENCE = "REFERENCE", _("PK reference")
    FULL_ART = "FULL_ART", _("Full Artwork")
    LEGACY_HD = "LEGACY_HD", _("Older HD, kept after revision")


# The kinds a card's primary image may be; an older HD made primary again becomes the HD.
PRIMARY_KINDS = (Kind.HD, Kind.LEGACY_HD)


class ImageFormat(models.TextChoices):
    JPEG = "JPEG", _("JPEG")
    PNG = "PNG", _("PNG")
    WEBP = "WEBP", _("WebP")


class ArtworkVariantQuerySet(models.QuerySet):
    def live(self):
        """Variants that were not deleted (a deleted variant is kept, with who deleted it and when)."""
        return self.filter(deleted_at__isnull=True)


class ArtworkVariant(models.Model):
    """One image of a card: its main HD image, a PK reference, a Full Artwork or an older HD.

    The file is stored under a name derived from its content (``sha256``), never
    the uploaded name; the studio keeps a re-encoding without metadata (see
    ``artwork.images``). A card has at most one primary variant, always an HD.
    Variants are never removed: deleting one (a reviewer's act) sets
    ``deleted_at`` and keeps the row, the file and the history.
    """

    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="artwork")
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.HD)
    is_primary = models.BooleanField("primary", default=False)
    file = models.FileField(max_length=255)
    sha256 = models.CharField(max_length=64)
    width = models.PositiveIntegerField()
    height = models.PositiveIntegerField()
    format = models.CharField(max_length=8, choices=ImageFormat.choices)
    byte_size = models.PositiveBigIntegerField()
    original_name = models.CharField(
        max_length=255,
        blank=True,
        default="",
        help_text="The uploaded file's name, for people only (never used to store it).",
    )
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    deleted_at = models.DateTimeField(null=True, blank=True)
    deleted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    objects = ArtworkVariantQuerySet.as_manager()

    class Meta:
        ordering = ["card", "-is_primary", "kind", "created_at", "id"]
        indexes = [models.Index(fields=["card", "kind"])]
        constraints = [
            models.CheckConstraint(condition=one_of("kind", Kind), name="artwork_kind_valid"),
            models.CheckConstraint(condition=one_of("format", ImageFormat), name="artwork_format_valid"),
            models.CheckConstraint(condition=Q(width__gte=1, height__gte=1), name="artwork_size_positive"),
            models.CheckConstraint(condition=~Q(sha256=""), name="artwork_sha256_not_empty"),
            # A card's primary artwork is always a live HD: never a PK reference,
            # a Full Artwork, an older HD or a deleted image.
            models.CheckConstraint(
                condition=Q(is_primary=False) | Q(kind=Kind.HD, deleted_at__isnull=True),
                name="artwork_primary_is_live_hd",
            ),
            models.UniqueConstraint(
                fields=["card"], condition=Q(is_primary=True), name="artwork_one_primary_per_card"
            ),
            models.UniqueConstraint(
                fields=["card", "sha256"],
                condition=Q(deleted_at__isnull=True),
                name="artwork_same_image_once_per_card",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} #{self.pk} of {self.card_id}"

    @property
    def is_deleted(self) -> bool:
        return self.deleted_at is not None


class RenditionState(models.TextChoices):
    PENDING = "PENDING", _("Pending")
    READY = "READY", _("Ready")
    FAILED = "FAILED", _("Failed")


class Rendition(models.Model):
    """A smaller WebP of a variant (``spec``: a name of ``artwork.renditions.SPECS``), made once by a task."""

    variant = models.ForeignKey(ArtworkVariant, on_delete=models.CASCADE, related_name="renditions")
    spec = models.CharField(max_length=16)
    state = models.CharField(max_length=8, choices=RenditionState.choices, default=RenditionState.PENDING)
    file = models.FileField(max_length=255, blank=True, default="")
    width = models.PositiveIntegerField(null=True, blank=True)
    height = models.PositiveIntegerField(null=True, blank=True)
    byte_size = models.PositiveBigIntegerField(null=True, blank=True)
    error = models.TextField(blank=True, default="")
    attempts = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["variant", "spec"]
        constraints = [
            models.UniqueConstraint(fields=["variant", "spec"], name="rendition_once_per_variant_and_spec"),
            models.CheckConstraint(condition=one_of("state", RenditionState), name="rendition_state_valid"),
            models.CheckConstraint(
                condition=~Q(state=RenditionState.READY) | ~Q(file=""), name="rendition_ready_has_file"
            ),
        ]
        indexes = [models.Index(fields=["state", "updated_at"])]

    def __str__(self) -> str:
        return f"{self.spec} of variant {self.variant_id} ({self.state})"


class EventAction(models.TextChoices):
    UPLOADED = "UPLOADED", _("Uploaded")
    MADE_PRIMARY = "MADE_PRIMARY", _("Made the primary artwork")
    UNSET_PRIMARY = "UNSET_PRIMARY", _("No longer the primary artwork")
    REPLACED = "REPLACED", _("Replaced as primary, kept as an older HD")
    KIND_CHANGED = "KIND_CHANGED", _("Kind changed")
    DELETED = "DELETED", _("Deleted")


class ArtworkEvent(AppendOnlyModel):
    """One change of a card's artwork: who, when, what. Append-only, like card revisions."""

    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="artwork_events")
    variant = models.ForeignKey(ArtworkVariant, on_delete=models.PROTECT, related_name="events")
    action = models.CharField(max_length=16, choices=EventAction.choices)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    actor_name = models.CharField(max_length=150, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    note = models.TextField(blank=True, default="")
    details = models.JSONField(default=dict, blank=True, help_text="e.g. {kind: {before, after}}")

    class Meta:
        ordering = ["card", "created_at", "id"]
        constraints = [
            models.CheckConstraint(condition=one_of("action", EventAction), name="artwork_event_action_valid")
        ]
        indexes = [models.Index(fields=["card", "-created_at"])]

    def __str__(self) -> str:
        return f"{self.action} variant {self.variant_id}"


class BatchState(models.TextChoices):
    QUEUED = "QUEUED", _("Queued")
    RUNNING = "RUNNING", _("Running")
    DONE = "DONE", _("Done")


class ImageBatch(models.Model):
    """Renditions made for many variants at once, with progress that can be polled while it runs.

    ``done`` and ``failed`` count the batch's items as they finish; an item is
    counted once even if its task runs again (see ``ImageBatchItem``).
    """

    game = models.CharField(max_length=32, blank=True, default="", help_text="Empty: every game.")
    only_missing = models.BooleanField(
        default=True, help_text="Only variants with a rendition not made yet (or failed)."
    )
    state = models.CharField(max_length=8, choices=BatchState.choices, default=BatchState.QUEUED)
    total = models.PositiveIntegerField(default=0)
    done = models.PositiveIntegerField(default=0)
    failed = models.PositiveIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    enqueue_failed_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the broker last could not take some of it (a sweep sends it again).",
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "image batches"
        constraints = [
            models.CheckConstraint(condition=one_of("state", BatchState), name="image_batch_state_valid"),
            models.CheckConstraint(
                condition=Q(done__lte=models.F("total") - models.F("failed")),
                name="image_batch_progress_within_total",
            ),
        ]

    def __str__(self) -> str:
        return f"image batch {self.pk} ({self.game or 'all games'}): {self.done + self.failed}/{self.total}"


class ItemState(models.TextChoices):
    PENDING = "PENDING", _("Pending")
    DONE = "DONE", _("Done")
    FAILED = "FAILED", _("Failed")


class ImageBatchItem(models.Model):  # noqa: DJ008 (rows of a batch, never shown alone)
    batch = models.ForeignKey(ImageBatch, on_delete=models.CASCADE, related_name="items")
    variant = models.ForeignKey(ArtworkVariant, on_delete=models.CASCADE, related_name="+")
    state = models.CharField(max_length=8, choices=ItemState.choices, default=ItemState.PENDING)
    error = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["batch", "id"]
        constraints = [
            models.UniqueConstraint(fields=["batch", "variant"], name="image_batch_item_once"),
            models.CheckConstraint(condition=one_of("state", ItemState), name="image_batch_item_state_valid"),
        ]
        indexes = [models.Index(fields=["batch", "state"])]
