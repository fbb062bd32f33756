"""Card routes: thin views over the selectors (reads) and services (writes)."""

from __future__ import annotations

from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import mixins, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.metadata import SimpleMetadata
from rest_framework.response import Response
from rest_framework.views import APIView

from common import i18n
from common.api import BrowsableForms, JSONParser
from common.errors import InvalidInput
from common.i18n import tr
from common.versions import requested_version, with_etag
from rules import registry
from rules.codes import catalogue, game_codes
from rules.problems import problem, refusal

from .. import services
from ..filters import CardFilter
from ..interchange import STABLE_ID_RE
from ..models import DERIVED_FIELDS
from ..selectors import card_list, card_revisions
from .pagination import CardPagination
from .serializers import (
    CardCreateDoc,
    CardDoc,
    CardPatchDoc,
    CardSerializer,
    CodeDoc,
    ErrorDoc,
    GameDoc,
    RevisionSerializer,
    StatusChangeSerializer,
)

ACTION_PERMISSIONS = {
    "list": "cards.view_card",
    "retrieve": "cards.view_card",
    "revisions": "cards.view_unvalidated_card",  # history holds states that were not VALIDATED
    "metadata": "cards.view_card",
    "status": "cards.view_card",  # the workflow decides which moves the user may make
    "create": "cards.add_card",
    "partial_update": "cards.change_card",
}


class CardPermission(permissions.IsAuthenticated):
    def has_permission(self, request, view):
        if not super().has_permission(request, view):
            return False
        if view.action is None:
            return True  # a method the route does not have: the view answers 405
        perm = ACTION_PERMISSIONS.get(view.action)
        return perm is not None and request.user.has_perm(perm)


class CardMetadata(SimpleMetadata):
    """OPTIONS: the route's description; the card format is in /api/schema/ and /api/games/."""

    def determine_actions(self, request, view):
        return {}


def _body(request) -> dict:
    if not isinstance(request.data, dict):
        raise InvalidInput(
            [refusal(problem("BODY_NOT_OBJECT", example='{"name": "..."}'), field="non_field_errors")]
        )
    return dict(request.data)


CARD_ID = OpenApiParameter(
    "stableCardId", OpenApiTypes.STR, OpenApiParameter.PATH, description="The card's stable id."
)
IF_MATCH = OpenApiParameter(
    "If-Match",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description='The version read (the ETag), e.g. "3".',
)


def _errors(*codes: int) -> dict[int, OpenApiResponse]:
    described = {
        400: "Bad input: a message per field (and every finding in `errors`).",
        401: "No credentials.",
        403: "The user's role may not do this.",
        404: "No such card (or not visible to this user).",
        409: "The card's state forbids this move.",
        412: "Stale version: the card changed since it was read; nothing changed.",
    }
    return {code: OpenApiResponse(ErrorDoc, description=described[code]) for code in codes}


@extend_schema_view(
    list=extend_schema(
        summary="List and search cards", responses={200: CardDoc(many=True), **_errors(400, 401, 403, 404)}
    ),
    retrieve=extend_schema(
        summary="One card, with its rule-set findings",
        parameters=[CARD_ID],
        responses={200: CardDoc, **_errors(401, 403, 404)},
    ),
    create=extend_schema(
        summary="Create a card",
        request=CardCreateDoc,
        responses={201: CardDoc, **_errors(400, 401, 403, 409)},
    ),
    partial_update=extend_schema(
        summary="Edit a card (optimistic concurrency)",
        parameters=[CARD_ID, IF_MATCH],
        request=CardPatchDoc,
        responses={200: CardDoc, **_errors(400, 401, 403, 404, 412)},
    ),
)
class CardViewSet(BrowsableForms, mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    permission_classes = [CardPermission]
    parser_classes = [JSONParser]
    metadata_class = CardMetadata
    filterset_class = CardFilter
    pagination_class = CardPagination
    lookup_field = "stable_id"
    lookup_url_kwarg = "stableCardId"
    lookup_value_regex = STABLE_ID_RE.pattern.strip("^$")
    http_method_names = ["get", "post", "patch", "head", "options"]
    form_serializers = {"POST": CardCreateDoc, "PATCH": CardPatchDoc}

    def get_queryset(self):
        cards = card_list(user=self.request.user)
        # The list never shows the search columns: they stay in the database.
        return cards.defer(*DERIVED_FIELDS) if self.action == "list" else cards

    def filter_queryset(self, queryset):
        # The filters are the list's; a card's own routes find it by its id alone.
        return super().filter_queryset(queryset) if self.action == "list" else queryset

    def get_output_serializer(self, *args, **kwargs):
        kwargs.setdefault("with_findings", self.action != "list")
        return CardSerializer(*args, **kwargs)

    def retrieve(self, request, *args, **kwargs):
        card = self.get_object()
        return with_etag(Response(self.get_serializer(card).data), card.version)

    def create(self, request, *args, **kwargs):
        data = _body(request)
        card = services.card_create(game=data.pop("game", None), data=data, user=request.user)
        return with_etag(
            Response(self.get_serializer(card).data, status=status.HTTP_201_CREATED), card.version
        )

    def partial_update(self, request, *args, **kwargs):
        card = self.get_object()
        data = _body(request)
        expected = requested_version(request, data)
        data.pop("version", None)
        card = services.card_update(
            stable_id=card.stable_id, data=data, user=request.user, expected_version=expected
        )
        return with_etag(Response(self.get_serializer(card).data), card.version)

    @extend_schema(
        summary="Review transition",
        parameters=[CARD_ID, IF_MATCH],
        request=StatusChangeSerializer,
        responses={200: CardDoc, **_errors(400, 401, 403, 404, 409, 412)},
    )
    @action(detail=True, methods=["post"])
    def status(self, request, *args, **kwargs):
        card = self.get_object()
        payload = StatusChangeSerializer(data=_body(request))
        payload.is_valid(raise_exception=True)
        expected = requested_version(request, {"version": payload.validated_data.get("version")})
        card = services.card_set_status(
            stable_id=card.stable_id,
            status=payload.validated_data["status"],
            user=request.user,
            note=payload.validated_data["note"],
            expected_version=expected,
        )
        return with_etag(Response(self.get_serializer(card).data), card.version)

    @extend_schema(
        summary="The card's history, newest first",
        parameters=[CARD_ID],
        filters=False,
        responses={200: RevisionSerializer(many=True), **_errors(401, 403, 404)},
    )
    @action(detail=True, methods=["get"])
    def revisions(self, request, *args, **kwargs):
        card = self.get_object()
        page = self.paginate_queryset(card_revisions(card=card))
        return self.get_paginated_response(RevisionSerializer(page, many=True).data)


class GameList(APIView):
    """The games served, with their card types and fields (what a card of each may hold)."""

    @extend_schema(summary="Games and their rule sets", responses={200: GameDoc(many=True), **_errors(401)})
    def get(self, request):
        return Response(
            [
                {
                    "key": rs.key,
                    "name": rs.name,
                    "language": rs.language,
                    "cardTypes": list(rs.card_types),
                    "cardTypeLabels": {t: i18n.type_label(rs, t) for t in rs.card_types},
                    "defaultFormat": rs.default_format,
                    "setRequired": rs.set_required,
                    "fields": [
                        {
                            "name": spec.name,
                            "label": tr(spec.label) or spec.name,
                            "kind": spec.kind.name.lower(),
                            "accepts": spec.describe(),
                            "types": sorted(spec.types) if spec.types is not None else list(rs.card_types),
                            "requiredFor": sorted(spec.required_for),
                            "choices": list(spec.choices),
                            "choiceLabels": {c: i18n.value_label(rs, spec.name, c) for c in spec.choices},
                            "minimum": spec.minimum,
                            "maximum": spec.maximum,
                            "help": tr(spec.help),
                        }
                        for spec in rs.fields
                    ],
                    "archetypeAliases": dict(rs.archetype_aliases),
                    # The finding codes a card or deck of this game may get (rules.codes).
                    "codes": sorted(code.key for code in game_codes(rs)),
                }
                for rs in registry
            ]
        )


class CodeList(APIView):
    """Every finding code (rules.codes): severity, whether it blocks "ready to play", its review list, help, params.

    Messages are for people; tools and translations rely on the code and its params.
    """

    @extend_schema(
        summary="The catalogue of finding codes", responses={200: CodeDoc(many=True), **_errors(401)}
    )
    def get(self, request):
        # The help line in the reader's language (marked N_ in rules/codes/); the rest as it is.
        return Response([{**code.to_dict(), "help": tr(code.help)} for code in catalogue(registry).values()])


class GameEffectSchema(APIView):
    """A game's effect schema (JSON Schema, Draft 2020-12): what a card's ``effects`` may hold.

    The API, the import and the admin refuse effects that break it; an editor
    can validate against it before saving.
    """

    @extend_schema(summary="A game's effect schema (JSON Schema 2020-12)", responses=OpenApiTypes.OBJECT)
    def get(self, request, game: str):
        if game not in registry:
            raise NotFound(
                gettext("unknown game %(game)s; the games are: %(items)s")
                % {"game": repr(game), "items": ", ".join(registry.keys())}
            )
        return Response(registry.get(game).effect_schema)
