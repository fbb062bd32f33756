"""Deck, format, card-list and collection routes: thin views over selectors and services."""

from __future__ import annotations

from django.db.models import prefetch_related_objects
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import mixins, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.response import Response
from rest_framework.views import APIView

from common.errors import InvalidInput
from common.versions import requested_version, with_etag
from rules.problems import invalid, problem

from .. import selectors, services
from ..models import Deck, DeckFormat
from ..validation import fresh_results
from .filters import DeckFilter
from .serializers import (
    DECK_IN,
    CollectionEntrySerializer,
    DeckDoc,
    DeckFormatSerializer,
    NamedCardListSerializer,
    ValidationDoc,
    deck_representation,
)


class ActionPermission(permissions.IsAuthenticated):
    """Each action needs one model permission (``view.action_permissions``)."""

    def has_permission(self, request, view):
        if not super().has_permission(request, view):
            return False
        perm = view.action_permissions.get(view.action)
        return perm is not None and request.user.has_perm(perm)


def _body(request) -> dict:
    if not isinstance(request.data, dict):
        raise InvalidInput([invalid(None, problem("BODY_NOT_OBJECT"))])
    return dict(request.data)


def _represent(decks: list[Deck]) -> list[dict]:
    """Decks as JSON; a stale deck's result is computed now (reads only), never taken from its old result."""
    fresh = fresh_results([d for d in decks if d.stale or d.legal is None])
    prefetch_related_objects(decks, "validated_against")  # their cardVersions, one query for all
    return [deck_representation(d, fresh.get(d.pk)) for d in decks]


class FormatIsAFilter(DefaultContentNegotiation):
    """``?format=`` filters decks by format (FORMATS.md); it does not choose a renderer here."""

    class settings:
        URL_FORMAT_OVERRIDE = None


DECK_ID = OpenApiParameter("id", OpenApiTypes.INT, OpenApiParameter.PATH)


@extend_schema_view(
    list=extend_schema(
        summary="Decks you may see (yours; every deck for reviewers)", responses=DeckDoc(many=True)
    ),
    retrieve=extend_schema(
        summary="One deck with its validation result", parameters=[DECK_ID], responses=DeckDoc
    ),
    create=extend_schema(
        summary="Store a deck (validated at once)", request=DECK_IN, responses={201: DeckDoc}
    ),
    update=extend_schema(summary="Replace a deck", parameters=[DECK_ID], request=DECK_IN, responses=DeckDoc),
    partial_update=extend_schema(
        summary="Change some keys of a deck (a section given is replaced whole)",
        parameters=[DECK_ID],
        request=DECK_IN,  # oneOf, each shape's keys optional (PatchedDeckIn)
        responses=DeckDoc,
    ),
    destroy=extend_schema(summary="Delete a deck", parameters=[DECK_ID]),
)
class DeckViewSet(viewsets.GenericViewSet):
    permission_classes = [ActionPermission]
    content_negotiation_class = FormatIsAFilter
    serializer_class = DeckDoc  # the schema's description of a deck; representation is deck_representation()
    filterset_class = DeckFilter
    action_permissions = {
        "list": "decks.view_deck",
        "retrieve": "decks.view_deck",
        "create": "decks.add_deck",
        "update": "decks.change_deck",
        "partial_update": "decks.change_deck",
        "destroy": "decks.delete_deck",
        "validate": "decks.view_deck",
    }

    def get_queryset(self):
        return selectors.deck_list(user=self.request.user)

    def list(self, request, *args, **kwargs):
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response(_represent(list(page)))

    def _answer(self, deck: Deck, **kwargs) -> Response:
        """The deck as JSON, with its version as the ETag (sent back in If-Match to change it)."""
        return with_etag(Response(_represent([deck])[0], **kwargs), deck.version)

    def retrieve(self, request, *args, **kwargs):
        return self._answer(self.get_object())

    def create(self, request, *args, **kwargs):
        deck = services.deck_create(data=_body(request), user=request.user)
        return self._answer(self.get_queryset().get(pk=deck.pk), status=status.HTTP_201_CREATED)

    def _update(self, request, partial: bool):
        body = _body(request)
        deck = services.deck_update(
            deck=self.get_object(),
            data=body,
            user=request.user,
            partial=partial,
            expected_version=requested_version(request, body),
        )
        return self._answer(self.get_queryset().get(pk=deck.pk))

    def update(self, request, *args, **kwargs):
        return self._update(request, partial=False)

    def partial_update(self, request, *args, **kwargs):
        return self._update(request, partial=True)

    def destroy(self, request, *args, **kwargs):
        body = request.data if isinstance(request.data, dict) else {}
        services.deck_delete(
            deck=self.get_object(), user=request.user, expected_version=requested_version(request, body)
        )
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(summary="Validate a deck; nothing is stored", request=DECK_IN, responses=ValidationDoc)
    @action(detail=False, methods=["post"])
    def validate(self, request, *args, **kwargs):
        return Response(services.deck_check(data=_body(request), user=request.user).to_dict())


@extend_schema_view(
    list=extend_schema(summary="Deck formats (filter: game)"),
    create=extend_schema(summary="Create a format (reviewers)"),
    update=extend_schema(summary="Replace a format (reviewers); its decks are validated again"),
    partial_update=extend_schema(summary="Edit a format (reviewers); its decks are validated again"),
)
class DeckFormatViewSet(mixins.CreateModelMixin, mixins.UpdateModelMixin, viewsets.ReadOnlyModelViewSet):
    permission_classes = [ActionPermission]
    serializer_class = DeckFormatSerializer
    filterset_fields = ["game", "key"]
    action_permissions = {
        "list": "decks.view_deckformat",
        "retrieve": "decks.view_deckformat",
        "create": "decks.add_deckformat",
        "update": "decks.change_deckformat",
        "partial_update": "decks.change_deckformat",
    }

    def get_queryset(self):
        return selectors.format_list()

    def perform_create(self, serializer):
        data = dict(serializer.validated_data)
        fmt = DeckFormat(game=data.pop("game"), key=data.pop("key"))
        if DeckFormat.objects.filter(game=fmt.game, key=fmt.key).exists():
            raise InvalidInput([invalid("key", problem("FORMAT_TAKEN", game=fmt.game, value=fmt.key))])
        serializer.instance = services.deck_format_save(fmt=fmt, data=data)

    def perform_update(self, serializer):
        data = dict(serializer.validated_data)
        for key in ("game", "key"):
            if key in data and data.pop(key) != getattr(serializer.instance, key):
                raise InvalidInput([invalid(key, problem("FORMAT_KEY_FIXED"), code="FIELD_READ_ONLY")])
        serializer.instance = services.deck_format_save(fmt=serializer.instance, data=data)


class NamedCardListViewSet(mixins.CreateModelMixin, mixins.UpdateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Named card lists kept by reviewers, such as the duel "Cour des Damnés" (provisional)."""

    permission_classes = [ActionPermission]
    serializer_class = NamedCardListSerializer
    filterset_fields = ["game", "key", "provisional"]
    action_permissions = {
        "list": "decks.view_namedcardlist",
        "retrieve": "decks.view_namedcardlist",
        "create": "decks.add_namedcardlist",
        "update": "decks.change_namedcardlist",
        "partial_update": "decks.change_namedcardlist",
    }

    def get_queryset(self):
        return selectors.card_list_list()


def _counts(body) -> dict:
    cards = body.get("cards", body)
    if isinstance(cards, list):
        try:
            return {item["card"]: item.get("count", 1) for item in cards}
        except (TypeError, KeyError):
            pass
    elif isinstance(cards, dict):
        return cards
    raise InvalidInput([invalid("cards", problem("COUNTS_SHAPE"))])


class MyCollection(APIView):
    """Your collection: the cards you own and how many copies (no copy limit)."""

    permission_classes = [ActionPermission]
    action_permissions = {
        "get": "decks.view_ownedcard",
        "put": "decks.change_ownedcard",
        "patch": "decks.change_ownedcard",
    }

    def initial(self, request, *args, **kwargs):
        self.action = request.method.lower()
        super().initial(request, *args, **kwargs)

    def _answer(self, request):
        entries = selectors.collection(owner=request.user)
        return Response(
            {
                "owner": request.user.get_username(),
                "cards": CollectionEntrySerializer(entries, many=True).data,
            }
        )

    @extend_schema(summary="Your collection", responses=OpenApiTypes.OBJECT)
    def get(self, request):
        return self._answer(request)

    @extend_schema(
        summary="Replace your collection", request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT
    )
    def put(self, request):
        services.collection_set(owner=request.user, counts=_counts(_body(request)), replace=True)
        return self._answer(request)

    @extend_schema(
        summary="Set the copies of some cards (0 removes a card)",
        request=OpenApiTypes.OBJECT,
        responses=OpenApiTypes.OBJECT,
    )
    def patch(self, request):
        services.collection_set(owner=request.user, counts=_counts(_body(request)))
        return self._answer(request)


class MyCollectionImport(APIView):
    """Add a card list to your collection: a deck JSON object, or {"decklist": "game: vanguard\\nmain:\\n4 Blaster Blade"}."""

    permission_classes = [ActionPermission]
    action_permissions = {"post": "decks.add_ownedcard"}

    def initial(self, request, *args, **kwargs):
        self.action = request.method.lower()
        super().initial(request, *args, **kwargs)

    @extend_schema(
        summary="Import a card list into your collection",
        parameters=[
            OpenApiParameter("replace", OpenApiTypes.BOOL, description="Make the list your whole collection.")
        ],
        request=OpenApiTypes.OBJECT,
        responses=OpenApiTypes.OBJECT,
    )
    def post(self, request):
        body = _body(request)
        replace = request.query_params.get("replace", "").lower() in ("1", "true", "yes")
        services.collection_import(owner=request.user, data=body, replace=replace)
        entries = selectors.collection(owner=request.user)
        return Response(
            {
                "owner": request.user.get_username(),
                "cards": CollectionEntrySerializer(entries, many=True).data,
            }
        )
