"""Review routes: thin views over the review selectors (reads) and services (writes)."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import generics, mixins, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.api.serializers import CardSerializer
from cards.imports import import_conflict_resolve
from cards.interchange import check_game
from cards.selectors import card_get
from common.api import BrowsableForms
from common.errors import InvalidInput
from common.versions import if_match_version, with_etag
from rules.problems import invalid, problem, refusal

from .. import audits, selectors, services
from ..filters import ReviewQueueFilter
from .serializers import (
    AuditEntryFilterSerializer,
    AuditEntrySerializer,
    AuditSerializer,
    AuditStartSerializer,
    BulkTransitionSerializer,
    DecisionSerializer,
    DistinctIdentitySerializer,
    ImportConflictSerializer,
    ProposalCreateSerializer,
    ProposalSerializer,
    ResolveSerializer,
    RevertSerializer,
    ReviewItemSerializer,
)

VIEW_UNVALIDATED = "cards.view_unvalidated_card"
# A game's review closure (reviews.selectors.review_closure).
CLOSURE = {
    "type": "object",
    "properties": {"game": {"type": "string"}, "closed": {"type": "boolean"}},
    "required": ["game", "closed"],
    "additionalProperties": True,
}


def needs(*perms: str) -> type[permissions.BasePermission]:
    """A permission class: authenticated, and holding one of ``perms``."""

    class Needs(permissions.IsAuthenticated):
        def has_permission(self, request, view):
            return super().has_permission(request, view) and any(request.user.has_perm(p) for p in perms)

    return Needs


class MayAudit(permissions.IsAuthenticated):
    """The audits API's permission: :func:`reviews.selectors.may_audit`, as for the audits pages."""

    def has_permission(self, request, view):
        return super().has_permission(request, view) and selectors.may_audit(request.user)


def _valid(serializer_class, data, **kwargs):
    serializer = serializer_class(data=data, **kwargs)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


# The review JSON is built by plain to_representation serializers: documented as objects.
def reads(name: str, retrieve: bool = True):
    views = {"list": extend_schema(operation_id=f"{name}_list", responses=OpenApiTypes.OBJECT)}
    if retrieve:
        views["retrieve"] = extend_schema(operation_id=f"{name}_retrieve", responses=OpenApiTypes.OBJECT)
    return extend_schema_view(**views)


CARD_ID = OpenApiParameter(
    "stableCardId", OpenApiTypes.STR, OpenApiParameter.PATH, description="The card's stable id."
)


# --- queue, transitions, reverts, diffs --------------------------------------------------------
class ReviewQueue(generics.ListAPIView):
    """Cards waiting for review (DRAFT, NEEDS_REVIEW), each with its diff since its last VALIDATED revision."""

    permission_classes = [needs(VIEW_UNVALIDATED)]
    filterset_class = ReviewQueueFilter

    def get_queryset(self):
        return selectors.review_queue(user=self.request.user)

    @extend_schema(summary="The review queue", responses=OpenApiTypes.OBJECT)
    def get(self, request, *args, **kwargs):
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        items = selectors.review_items(cards=page, user=request.user)
        return self.get_paginated_response(ReviewItemSerializer(items, many=True).data)


class BulkTransition(APIView):
    """Move several cards at once, with one note: all of them, or none (403 role, 409 state)."""

    permission_classes = [needs("cards.view_card")]

    @extend_schema(
        summary="Bulk review transition", request=BulkTransitionSerializer, responses=OpenApiTypes.OBJECT
    )
    def post(self, request):
        data = _valid(BulkTransitionSerializer, request.data)
        cards = services.cards_set_status(
            stable_ids=data["cards"], status=data["status"], user=request.user, note=data["note"]
        )
        return Response(
            {"moved": len(cards), "status": data["status"], "cards": CardSerializer(cards, many=True).data}
        )


class CardRevert(APIView):
    """Give a card the content of an earlier revision, as a new revision (action REVERT)."""

    permission_classes = [needs("cards.change_card", "cards.review_card")]

    @extend_schema(
        summary="Revert a card to an earlier revision",
        parameters=[CARD_ID, OpenApiParameter("If-Match", OpenApiTypes.STR, OpenApiParameter.HEADER)],
        request=RevertSerializer,
        responses={
            200: OpenApiTypes.OBJECT,
            412: OpenApiResponse(description="Stale version: nothing changed."),
        },
    )
    def post(self, request, stableCardId):
        card = card_get(user=request.user, stable_id=stableCardId)
        data = _valid(RevertSerializer, request.data)
        card = services.card_revert(
            stable_id=card.stable_id,
            version=data["version"],
            user=request.user,
            note=data["note"],
            expected_version=if_match_version(request),
        )
        return with_etag(Response(CardSerializer(card, with_findings=True).data), card.version)


class CardReviewDiff(APIView):
    """A card's diff since its last VALIDATED revision, or since ``?from=VERSION``."""

    permission_classes = [needs(VIEW_UNVALIDATED)]

    @extend_schema(
        summary="A card's review diff",
        parameters=[
            CARD_ID,
            OpenApiParameter(
                "from", OpenApiTypes.INT, description="A revision (default: the last VALIDATED one)."
            ),
        ],
        responses=OpenApiTypes.OBJECT,
    )
    def get(self, request, stableCardId):
        card = card_get(user=request.user, stable_id=stableCardId)
        raw = request.query_params.get("from")
        if raw is None:
            revision = card.last_validated_revision
        else:
            if not (raw.isascii() and raw.isdigit()):
                raise InvalidInput([invalid("from", problem("VERSION_NUMBER"))])
            revision = card.revisions.filter(version=int(raw)).first()
            if revision is None:
                why = problem("NO_SUCH_VERSION", card=card.stable_id, value=raw)
                raise InvalidInput([refusal(why, field="from")])
        return Response(
            {
                "stableCardId": card.stable_id,
                "version": card.version,
                "diff": selectors.diff_against(card, revision),
            }
        )


class ReviewClosure(APIView):
    """Per game: closed only when the latest audit's five lists are empty and no card waits for review."""

    permission_classes = [needs("cards.view_card")]

    @extend_schema(
        summary="Review closure",
        parameters=[
            OpenApiParameter("game", OpenApiTypes.STR, description="One game (default: every game).")
        ],
        responses={
            200: OpenApiResponse(
                {"oneOf": [CLOSURE, {"type": "array", "items": CLOSURE}]},
                description="One game's closure (with `game`), else a list of every game's.",
            )
        },
    )
    def get(self, request):
        game = request.query_params.get("game")
        if game is None:
            return Response(selectors.review_closures())
        findings = check_game(game)
        if findings:
            raise InvalidInput(findings)
        return Response(selectors.review_closure(game=game))


# --- audits ------------------------------------------------------------------------------------------
@reads("audits")
class AuditViewSet(BrowsableForms, mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Audits: start one (POST, 202), follow its progress (GET), read its lists (GET entries/)."""

    permission_classes = [MayAudit]
    serializer_class = AuditSerializer
    form_serializers = {"POST": AuditStartSerializer}
    filterset_fields = ["game", "status"]

    def get_queryset(self):
        return selectors.audit_list().select_related("requested_by")

    @extend_schema(
        summary="Start an audit of a game",
        request=AuditStartSerializer,
        responses={202: OpenApiTypes.OBJECT, 409: OpenApiTypes.OBJECT},
    )
    def create(self, request):
        data = _valid(AuditStartSerializer, request.data)
        try:
            audit = audits.audit_start(game=data["game"], user=request.user)
        except audits.AuditRunning as exc:
            return Response(
                {
                    "detail": exc.message,
                    "runningAudit": exc.audit.pk,
                    "audit": AuditSerializer(exc.audit).data,
                },
                status=status.HTTP_409_CONFLICT,
            )
        response = Response(AuditSerializer(audit).data, status=status.HTTP_202_ACCEPTED)
        response["Location"] = f"/api/audits/{audit.pk}/"
        return response

    @extend_schema(
        summary="An audit's lists: each card and why",
        parameters=[AuditEntryFilterSerializer],
        responses=OpenApiTypes.OBJECT,
    )
    @action(detail=True, methods=["get"])
    def entries(self, request, pk=None):
        audit = self.get_object()
        params = _valid(AuditEntryFilterSerializer, request.query_params)
        page = self.paginate_queryset(selectors.audit_entries(audit=audit, list_name=params.get("list")))
        return self.get_paginated_response(AuditEntrySerializer(page, many=True).data)


# --- proposals ----------------------------------------------------------------------------------------
@reads("proposals")
class ProposalViewSet(
    BrowsableForms, mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet
):
    """AI proposals: a new card (created DRAFT) or a change kept apart until a reviewer accepts or rejects it."""

    permission_classes = [needs(VIEW_UNVALIDATED, "reviews.add_proposal")]
    filterset_fields = ["game", "status"]
    form_serializers = {"POST": ProposalCreateSerializer}

    def get_queryset(self):
        qs = selectors.proposal_list(user=self.request.user)
        card = self.request.query_params.get("stableCardId")
        return qs.filter(card__stable_id=card) if card else qs

    def get_output_serializer(self, *args, **kwargs):
        kwargs.setdefault("detail", self.action != "list")
        return ProposalSerializer(*args, **kwargs)

    @extend_schema(
        summary="Submit an AI proposal",
        request=ProposalCreateSerializer,
        responses={201: OpenApiTypes.OBJECT},
    )
    def create(self, request):
        data = _valid(ProposalCreateSerializer, request.data)
        if "card" in data:
            card = services.proposal_submit_card(
                game=data["game"], data=data["card"], user=request.user, note=data["note"]
            )
            body = {"kind": "NEW", "card": CardSerializer(card, with_findings=True).data}
            return Response(body, status=status.HTTP_201_CREATED)
        proposal = services.proposal_submit_change(
            stable_id=data["stableCardId"], changes=data["changes"], user=request.user, note=data["note"]
        )
        return Response(ProposalSerializer(proposal, detail=True).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        summary="Accept a proposal (applies it to the card)",
        request=DecisionSerializer,
        responses=OpenApiTypes.OBJECT,
    )
    @action(detail=True, methods=["post"])
    def accept(self, request, pk=None):
        proposal = self.get_object()
        data = _valid(DecisionSerializer, request.data)
        proposal = services.proposal_accept(
            proposal_id=proposal.pk,
            user=request.user,
            note=data["note"],
            expected_version=data.get("version"),
        )
        return Response(ProposalSerializer(proposal, detail=True).data)

    @extend_schema(
        summary="Reject a proposal (the card is left as it is)",
        request=DecisionSerializer,
        responses=OpenApiTypes.OBJECT,
    )
    @action(detail=True, methods=["post"])
    def reject(self, request, pk=None):
        proposal = self.get_object()
        data = _valid(DecisionSerializer, request.data)
        proposal = services.proposal_reject(proposal_id=proposal.pk, user=request.user, note=data["note"])
        return Response(ProposalSerializer(proposal, detail=True).data)


# --- import conflicts, identities -------------------------------------------------------------------------
@reads("import_conflicts")
class ImportConflictViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Re-imports that kept a user's version: both versions, until a reviewer resolves them."""

    permission_classes = [needs(VIEW_UNVALIDATED)]
    serializer_class = ImportConflictSerializer

    def get_queryset(self):
        raw = self.request.query_params.get("open")
        open_only = {"true": True, "1": True, "false": False, "0": False}.get((raw or "").lower())
        return selectors.import_conflict_list(
            user=self.request.user, game=self.request.query_params.get("game"), open_only=open_only
        )

    @extend_schema(
        summary="Resolve an import conflict", request=ResolveSerializer, responses=OpenApiTypes.OBJECT
    )
    @action(detail=True, methods=["post"])
    def resolve(self, request, pk=None):
        conflict = self.get_object()
        data = _valid(ResolveSerializer, request.data)
        conflict = import_conflict_resolve(
            conflict_id=conflict.pk, keep=data["keep"], user=request.user, note=data["note"]
        )
        return Response(ImportConflictSerializer(conflict).data)


@reads("distinct_identities", retrieve=False)
class DistinctIdentityViewSet(mixins.ListModelMixin, mixins.CreateModelMixin, viewsets.GenericViewSet):
    """Cards with the same name and type declared to be distinct identities (never a version conflict)."""

    permission_classes = [needs(VIEW_UNVALIDATED)]
    serializer_class = DistinctIdentitySerializer

    def get_queryset(self):
        return selectors.distinct_identity_list(user=self.request.user)

    def create(self, request):
        data = _valid(DistinctIdentitySerializer, request.data)
        decision = services.distinct_identity_declare(
            stable_ids=data["cards"], user=request.user, note=data["note"]
        )
        return Response(DistinctIdentitySerializer(decision).data, status=status.HTTP_201_CREATED)
