"""Artwork routes: thin views over the selectors (reads) and services (writes)."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, permissions, status, viewsets
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.interchange import check_game
from cards.selectors import can_see_unvalidated, card_get
from common.errors import InvalidInput
from common.parsers import MultiPartParser
from rules import registry

from .. import services
from ..selectors import (
    artwork_counts,
    artwork_events,
    artwork_expected_counts,
    image_batch_list,
    variant_get,
    variant_list,
)
from .serializers import (
    BatchSerializer,
    BatchStartSerializer,
    BatchSummarySerializer,
    DeleteSerializer,
    EventSerializer,
    UploadSerializer,
    VariantChangeSerializer,
    VariantSerializer,
)

ACTION_PERMISSIONS = {
    "list": "artwork.view_artworkvariant",
    "retrieve": "artwork.view_artworkvariant",
    "history": "artwork.view_artworkvariant",
    "create": "artwork.add_artworkvariant",
    "partial_update": "artwork.change_artworkvariant",
    "destroy": "artwork.delete_artworkvariant",
}
BATCH_PERMISSIONS = {
    "list": "artwork.view_imagebatch",
    "retrieve": "artwork.view_imagebatch",
    "create": "artwork.add_imagebatch",
}


class _ActionPermission(permissions.IsAuthenticated):
    required: dict[str, str] = {}

    def has_permission(self, request, view):
        if not super().has_permission(request, view):
            return False
        perm = self.required.get(view.action)
        return perm is not None and request.user.has_perm(perm)


class ArtworkPermission(_ActionPermission):
    required = ACTION_PERMISSIONS


class BatchPermission(_ActionPermission):
    required = BATCH_PERMISSIONS


CARD_ID = OpenApiParameter(
    "stableCardId", OpenApiTypes.STR, OpenApiParameter.PATH, description="The card's stable id."
)
VARIANT_ID = OpenApiParameter("id", OpenApiTypes.INT, OpenApiParameter.PATH, description="The variant's id.")
DELETED = OpenApiParameter(
    "deleted", OpenApiTypes.BOOL, description="Include deleted variants (kept in history)."
)


def _flag(request, name: str) -> bool:
    return request.query_params.get(name, "").lower() in {"1", "true", "yes"}


@extend_schema(tags=["artwork"])
class CardArtworkViewSet(viewsets.ViewSet):
    """A card's artwork variants: list, upload (multipart), choose the primary HD, change the kind, delete."""

    permission_classes = [ArtworkPermission]

    def get_parsers(self):
        # The upload is a multipart form (the image file); every other write is JSON, as elsewhere.
        # Asked before DRF sets ``self.action``: the action is the method's.
        request = getattr(self, "request", None)
        if request is not None and getattr(self, "action_map", {}).get(request.method.lower()) == "create":
            return [MultiPartParser()]
        return super().get_parsers()

    def _card(self):
        return card_get(user=self.request.user, stable_id=self.kwargs["stableCardId"])

    def _variant(self, *, include_deleted: bool):
        return variant_get(card=self._card(), pk=self.kwargs["pk"], include_deleted=include_deleted)

    @extend_schema(
        summary="The card's artwork variants",
        parameters=[CARD_ID, DELETED],
        responses=VariantSerializer(many=True),
    )
    def list(self, request, stableCardId):
        variants = variant_list(card=self._card(), include_deleted=_flag(request, "deleted"))
        return Response(VariantSerializer(variants, many=True).data)

    @extend_schema(
        summary="Upload an image (multipart)",
        parameters=[CARD_ID],
        request={"multipart/form-data": UploadSerializer},
        responses={
            201: VariantSerializer,
            400: OpenApiResponse(description="Not a JPEG/PNG/WebP, corrupt or truncated, or a bad field."),
            409: OpenApiResponse(description="The same image is already on the card."),
            413: OpenApiResponse(description="Over the byte or pixel limit (e.g. a decompression bomb)."),
        },
    )
    def create(self, request, stableCardId):
        services.artwork_check_request_length(request.META.get("CONTENT_LENGTH"))
        card = self._card()
        payload = UploadSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        upload = payload.validated_data["file"]
        variant = services.artwork_upload(
            card=card,
            file=upload,
            size=upload.size,
            original_name=upload.name or "",
            kind=payload.validated_data["kind"],
            primary=payload.validated_data["primary"],
            note=payload.validated_data["note"],
            user=request.user,
        )
        variant = variant_get(card=card, pk=variant.pk)
        return Response(VariantSerializer(variant).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        summary="One variant (deleted ones too)",
        parameters=[CARD_ID, VARIANT_ID],
        responses=VariantSerializer,
    )
    def retrieve(self, request, stableCardId, pk):
        return Response(VariantSerializer(self._variant(include_deleted=True)).data)

    @extend_schema(
        summary="Make it the primary HD, or change its kind",
        description="`primary: true` makes this HD (or older HD) the card's main artwork; the current one is kept "
        "as LEGACY_HD. A PK reference or a Full Artwork is never primary.",
        parameters=[CARD_ID, VARIANT_ID],
        request=VariantChangeSerializer,
        responses=VariantSerializer,
    )
    def partial_update(self, request, stableCardId, pk):
        variant = self._variant(include_deleted=True)
        payload = VariantChangeSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        services.artwork_update(
            variant=variant,
            user=request.user,
            kind=payload.validated_data.get("kind"),
            primary=payload.validated_data.get("primary"),
            note=payload.validated_data["note"],
        )
        return Response(VariantSerializer(self._variant(include_deleted=True)).data)

    @extend_schema(
        summary="Delete a variant (reviewers); it is kept in history",
        parameters=[CARD_ID, VARIANT_ID],
        request=DeleteSerializer,
        # 200 with the deleted variant (kept in history), not drf-spectacular's default 204 for a DELETE.
        responses={200: VariantSerializer},
    )
    def destroy(self, request, stableCardId, pk):
        variant = self._variant(include_deleted=True)
        payload = DeleteSerializer(data=request.data if isinstance(request.data, dict) else {})
        payload.is_valid(raise_exception=True)
        services.artwork_delete(variant=variant, user=request.user, note=payload.validated_data["note"])
        return Response(VariantSerializer(self._variant(include_deleted=True)).data)

    @extend_schema(
        summary="The card's artwork history, newest first",
        parameters=[CARD_ID],
        responses=EventSerializer(many=True),
    )
    def history(self, request, stableCardId):
        return Response(EventSerializer(artwork_events(card=self._card()), many=True).data)


# [{"game": "darkrow", "counts": {"HD": 72, ...}, "expected": {...} or null}, ...]
ARTWORK_COUNTS = {
    "type": "array",
    "items": {
        "type": "object",
        "properties": {
            "game": {"type": "string"},
            "counts": {"type": "object", "additionalProperties": {"type": "integer"}},
            "expected": {"type": "object", "nullable": True, "additionalProperties": {"type": "integer"}},
        },
        "required": ["game", "counts", "expected"],
    },
}


class ArtworkCounts(APIView):
    """Per game, the live variants of each kind, next to the counts its seed fixes (for the audit)."""

    @extend_schema(
        summary="Artwork counts per game and kind",
        parameters=[OpenApiParameter("game", OpenApiTypes.STR, description="One game; absent: every game.")],
        responses={200: OpenApiResponse(ARTWORK_COUNTS, description="One item per game.")},
    )
    def get(self, request):
        user = request.user
        if not (user.has_perm("artwork.view_artworkvariant") and can_see_unvalidated(user)):
            self.permission_denied(request, message="counts cover every card: designers and reviewers only")
        game = request.query_params.get("game")
        if game is not None and (findings := check_game(game)):
            raise InvalidInput(findings)
        games = [game] if game else registry.keys()
        return Response(
            [
                {"game": key, "counts": artwork_counts(key), "expected": artwork_expected_counts(key)}
                for key in games
            ]
        )


class ImageBatchViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Batches of rendition work: start one, and poll its progress while it runs."""

    permission_classes = [BatchPermission]
    serializer_class = BatchSerializer

    def get_queryset(self):
        return image_batch_list()

    def get_serializer_class(self):
        # A list is one query: its items are batches without their failures (the schema says so).
        return BatchSummarySerializer if self.action == "list" else BatchSerializer

    @extend_schema(
        summary="Start a batch of renditions", request=BatchStartSerializer, responses={202: BatchSerializer}
    )
    def create(self, request):
        payload = BatchStartSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        batch = services.image_batch_start(
            game=payload.validated_data["game"] or None,
            only_missing=payload.validated_data["missing"],
            user=request.user,
        )
        batch.refresh_from_db()  # in-process tasks may already have run it
        return Response(BatchSerializer(batch).data, status=status.HTTP_202_ACCEPTED)
