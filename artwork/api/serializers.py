"""Artwork JSON of the API: variants with their renditions' state and URLs, events, batches."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from common.api import Text

from ..models import ArtworkEvent, ImageBatch, Kind, RenditionState
from ..renditions import SPECS
from ..selectors import image_batch_failures


def _url(field_file) -> str | None:
    return field_file.url if field_file else None


def _username(user) -> str | None:
    return user.get_username() if user is not None else None


class RenditionSerializer(serializers.Serializer):
    state = serializers.ChoiceField(choices=RenditionState.choices)
    url = serializers.CharField(allow_null=True, help_text="Set once the rendition is READY.")
    width = serializers.IntegerField(allow_null=True)
    height = serializers.IntegerField(allow_null=True)
    error = serializers.CharField(allow_blank=True)


RenditionsDoc = type(
    "RenditionsDoc",
    (serializers.Serializer,),
    {
        name: RenditionSerializer(help_text=f"{spec.box[0]}×{spec.box[1]} box, WebP")
        for name, spec in SPECS.items()
    },
)


class VariantSerializer(serializers.Serializer):
    """Read-only: a variant, its file, and each rendition's state (a missing row reads as PENDING)."""

    id = serializers.IntegerField()
    card = serializers.CharField(source="card.stable_id", help_text="The card's stableCardId.")
    kind = serializers.ChoiceField(choices=Kind.choices)
    primary = serializers.BooleanField(source="is_primary")
    format = serializers.CharField()
    width = serializers.IntegerField()
    height = serializers.IntegerField()
    byteSize = serializers.IntegerField(source="byte_size")
    sha256 = serializers.CharField()
    url = serializers.SerializerMethodField()
    originalName = serializers.CharField(source="original_name")
    uploadedBy = serializers.SerializerMethodField()
    createdAt = serializers.DateTimeField(source="created_at")
    deletedAt = serializers.DateTimeField(source="deleted_at", allow_null=True)
    deletedBy = serializers.SerializerMethodField()
    renditions = serializers.SerializerMethodField()
    ready = serializers.SerializerMethodField(help_text="Every rendition is READY.")

    def get_url(self, variant) -> str:
        return _url(variant.file)

    def get_uploadedBy(self, variant) -> str | None:
        return _username(variant.uploaded_by)

    def get_deletedBy(self, variant) -> str | None:
        return _username(variant.deleted_by)

    @extend_schema_field(RenditionsDoc)
    def get_renditions(self, variant) -> dict[str, dict]:
        made = {r.spec: r for r in variant.renditions.all()}
        out = {}
        for name in SPECS:
            r = made.get(name)
            state = r.state if r is not None else RenditionState.PENDING
            out[name] = {
                "state": state,
                "url": _url(r.file) if r is not None and state == RenditionState.READY else None,
                "width": r.width if r is not None else None,
                "height": r.height if r is not None else None,
                "error": r.error if r is not None else "",
            }
        return out

    def get_ready(self, variant) -> bool:
        return all(r["state"] == RenditionState.READY for r in self.get_renditions(variant).values())


class _NullableBoolean(serializers.BooleanField):
    # In a multipart form an absent boolean would read as False; here absent means "not said".
    default_empty_html = serializers.empty


class UploadSerializer(serializers.Serializer):
    file = serializers.FileField(help_text="A JPEG, PNG or WebP image; its content decides, not its name.")
    kind = serializers.ChoiceField(choices=Kind.choices, default=Kind.HD)
    primary = _NullableBoolean(
        required=False,
        allow_null=True,
        default=None,
        help_text="Make it the card's main artwork (HD only). Absent: an HD becomes primary when the card has none.",
    )
    note = Text(required=False, allow_blank=True, default="")


class VariantChangeSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=Kind.choices, required=False)
    primary = _NullableBoolean(required=False, allow_null=True, default=None)
    note = Text(required=False, allow_blank=True, default="")


class DeleteSerializer(serializers.Serializer):
    note = Text(required=False, allow_blank=True, default="")


class EventSerializer(serializers.ModelSerializer):
    variant = serializers.IntegerField(source="variant_id")
    actor = serializers.CharField(source="actor_name")
    createdAt = serializers.DateTimeField(source="created_at")

    class Meta:
        model = ArtworkEvent
        fields = ["id", "variant", "action", "actor", "createdAt", "note", "details"]


class BatchStartSerializer(serializers.Serializer):
    game = serializers.CharField(required=False, allow_blank=True, default="", help_text="Empty: every game.")
    missing = serializers.BooleanField(
        required=False,
        default=True,
        help_text="Only variants whose renditions are not all made (false: remake all).",
    )


class BatchSerializer(serializers.ModelSerializer):
    missing = serializers.BooleanField(source="only_missing")
    createdBy = serializers.SerializerMethodField()
    createdAt = serializers.DateTimeField(source="created_at")
    startedAt = serializers.DateTimeField(source="started_at", allow_null=True)
    finishedAt = serializers.DateTimeField(source="finished_at", allow_null=True)
    progress = serializers.SerializerMethodField(help_text="(done + failed) / total, from 0 to 1.")
    failures = serializers.SerializerMethodField(
        help_text="The failed variants (at most 50) and why (lists leave them out: BatchSummary)."
    )

    class Meta:
        model = ImageBatch
        fields = [
            "id",
            "game",
            "missing",
            "state",
            "total",
            "done",
            "failed",
            "progress",
            "createdBy",
            "createdAt",
            "startedAt",
            "finishedAt",
            "failures",
        ]

    def get_createdBy(self, batch) -> str | None:
        return _username(batch.created_by)

    def get_progress(self, batch) -> float:
        return 1.0 if not batch.total else round((batch.done + batch.failed) / batch.total, 4)

    def get_failures(self, batch) -> list[dict]:
        return image_batch_failures(batch) if batch.failed else []


class BatchSummarySerializer(BatchSerializer):
    """A batch in a list: everything but its failures (a list stays one query; the batch's own
    route says what failed)."""

    class Meta(BatchSerializer.Meta):
        fields = [name for name in BatchSerializer.Meta.fields if name != "failures"]
