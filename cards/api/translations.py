"""Card translation routes (FORMATS.md v1.2, "Card translations"): thin views over
cards.translation_selectors (reads) and cards.translations (writes).

- ``GET /api/cards/{stableCardId}/translations/``: the card's source language and the translations
  the user may read (playtesters: VALIDATED and current ones only).
- ``GET, PUT /api/cards/{stableCardId}/translations/{language}/``: one translation; a PUT writes it
  (the printed texts only), with ``If-Match`` or ``version`` the translation's version read.
- ``POST /api/cards/{stableCardId}/translations/{language}/status/``: a review move.
- ``GET /api/translations/queue/``: translations waiting for review, the source beside each.
"""

from __future__ import annotations

from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions, serializers
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api import FindingDoc, JSONParser, Text
from common.versions import requested_version, with_etag

from .. import translations as services
from ..interchange import card_to_dict
from ..models import Card, CardTranslation, TranslationStatus
from ..selectors import card_list
from ..translation_selectors import (
    may_see_unvalidated,
    source_diff,
    translation_findings,
    translation_history,
    translation_queue,
    visible_translations,
)
from .serializers import ErrorDoc
from .views import CARD_ID, IF_MATCH, _body

LANGUAGE = OpenApiParameter(
    "language", OpenApiTypes.STR, OpenApiParameter.PATH, description="A language of the studio: en, fr, ru."
)


class TranslationDoc(serializers.Serializer):
    language = serializers.CharField()
    name = serializers.CharField()
    text = serializers.CharField()
    flavour = serializers.CharField(required=False)
    archetypes = serializers.ListField(child=serializers.CharField())
    effects = serializers.DictField(child=serializers.CharField(), required=False)
    sourceVersion = serializers.IntegerField(help_text="The card version it translates.")
    status = serializers.ChoiceField(choices=TranslationStatus.choices)
    stale = serializers.BooleanField(help_text="Its source text changed since sourceVersion.")
    version = serializers.IntegerField(help_text="The translation's own version (If-Match).")
    updatedBy = serializers.CharField()
    updatedAt = serializers.DateTimeField()
    findings = FindingDoc(many=True, required=False)
    sourceDiff = serializers.DictField(required=False, help_text="Stale only: the source's changes since.")


class TranslationWriteDoc(serializers.Serializer):
    name = serializers.CharField()
    text = serializers.CharField(required=False, allow_blank=True)
    flavour = serializers.CharField(required=False, allow_blank=True)
    archetypes = serializers.ListField(child=serializers.CharField(), required=False)
    effects = serializers.DictField(child=serializers.CharField(), required=False)
    status = serializers.ChoiceField(choices=TranslationStatus.choices, required=False)
    note = Text(required=False, allow_blank=True)
    version = serializers.IntegerField(required=False, min_value=0)


class TranslationListDoc(serializers.Serializer):
    stableCardId = serializers.CharField()
    sourceLanguage = serializers.CharField()
    version = serializers.IntegerField()
    translations = TranslationDoc(many=True)


class TranslationStatusDoc(serializers.Serializer):
    status = serializers.ChoiceField(choices=TranslationStatus.choices)
    note = Text(required=False, allow_blank=True, default="", max_length=5000)
    version = serializers.IntegerField(required=False, min_value=1)


class QueueItemDoc(serializers.Serializer):
    stableCardId = serializers.CharField()
    game = serializers.CharField()
    source = serializers.DictField()
    translation = TranslationDoc()


def _errors(*codes: int) -> dict[int, OpenApiResponse]:
    described = {
        400: "Bad input: a message per field (and every finding in `errors`).",
        401: "No credentials.",
        403: "The user's role may not do this.",
        404: "No such card or translation (or not visible to this user).",
        409: "The translation's state forbids this move (a STALE one is saved before it is validated).",
        412: "Stale version: the translation changed since it was read; nothing changed.",
    }
    return {code: OpenApiResponse(ErrorDoc, description=described[code]) for code in codes}


class CanReadCards(permissions.IsAuthenticated):
    def has_permission(self, request, view):
        return super().has_permission(request, view) and request.user.has_perm("cards.view_card")


def translation_dict(translation: CardTranslation, *, card: Card, detail: bool = True) -> dict:
    data = {"language": translation.language, **services.translation_to_dict(translation)}
    data["stale"] = translation.stale
    data["version"] = translation.version
    data["updatedBy"] = translation.updated_by_name
    data["updatedAt"] = translation.updated_at.isoformat() if translation.updated_at else None
    if detail:
        data["findings"] = [f.to_dict() for f in translation_findings(card, [translation])]
        if translation.stale:
            data["sourceDiff"] = source_diff(translation)
    return data


def _card(request, stable_id: str) -> Card:
    card = card_list(user=request.user).filter(stable_id=stable_id).first()
    if card is None:
        raise NotFound(gettext("no card %(card)s") % {"card": stable_id})
    return card


def _visible(request, card: Card, language: str) -> CardTranslation:
    for translation in visible_translations(card, request.user):
        if translation.language == language:
            return translation
    raise NotFound(
        gettext("%(card)s has no %(language)s translation you may read")
        % {"card": card.stable_id, "language": language}
    )


class TranslationList(APIView):
    permission_classes = [CanReadCards]

    @extend_schema(
        summary="A card's translations",
        operation_id="card_translations_list",
        parameters=[CARD_ID],
        responses={200: TranslationListDoc, **_errors(401, 403, 404)},
    )
    def get(self, request, stableCardId: str):
        card = _card(request, stableCardId)
        return Response(
            {
                "stableCardId": card.stable_id,
                "sourceLanguage": card.language,
                "version": card.version,
                "translations": [
                    translation_dict(t, card=card) for t in visible_translations(card, request.user)
                ],
            }
        )


class TranslationDetail(APIView):
    permission_classes = [CanReadCards]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="One translation of a card",
        operation_id="card_translation_retrieve",
        parameters=[CARD_ID, LANGUAGE],
        responses={200: TranslationDoc, **_errors(401, 403, 404)},
    )
    def get(self, request, stableCardId: str, language: str):
        card = _card(request, stableCardId)
        translation = _visible(request, card, language)
        return with_etag(Response(translation_dict(translation, card=card)), translation.version)

    @extend_schema(
        summary="Write a translation (its printed texts; a person's save makes it current)",
        operation_id="card_translation_update",
        parameters=[CARD_ID, LANGUAGE, IF_MATCH],
        request=TranslationWriteDoc,
        responses={200: TranslationDoc, **_errors(400, 401, 403, 404, 409, 412)},
    )
    def put(self, request, stableCardId: str, language: str):
        card = _card(request, stableCardId)
        if not may_see_unvalidated(request.user):
            raise PermissionDenied(gettext("only the team (designers, reviewers) writes translations"))
        data = _body(request)
        expected = requested_version(request, data)
        data.pop("version", None)
        note = data.pop("note", "")
        translation = services.translation_save(
            stable_id=card.stable_id,
            language=language,
            data=data,
            user=request.user,
            expected_version=expected,
            note=note,
        )
        card.refresh_from_db()
        return with_etag(Response(translation_dict(translation, card=card)), translation.version)


class TranslationStatusMove(APIView):
    permission_classes = [CanReadCards]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="Review transition of a translation",
        operation_id="card_translation_status",
        parameters=[CARD_ID, LANGUAGE, IF_MATCH],
        request=TranslationStatusDoc,
        responses={200: TranslationDoc, **_errors(400, 401, 403, 404, 409, 412)},
    )
    def post(self, request, stableCardId: str, language: str):
        card = _card(request, stableCardId)
        if not may_see_unvalidated(request.user):
            raise PermissionDenied(gettext("only the team (designers, reviewers) moves translations"))
        payload = TranslationStatusDoc(data=_body(request))
        payload.is_valid(raise_exception=True)
        expected = requested_version(request, {"version": payload.validated_data.get("version")})
        _visible(request, card, language)
        translation = services.translation_set_status(
            stable_id=card.stable_id,
            language=language,
            status=payload.validated_data["status"],
            user=request.user,
            note=payload.validated_data["note"],
            expected_version=expected,
        )
        return with_etag(Response(translation_dict(translation, card=card)), translation.version)


class TranslationRevisions(APIView):
    permission_classes = [CanReadCards]

    @extend_schema(
        summary="A translation's history in the card's history, newest first",
        operation_id="card_translation_revisions",
        parameters=[CARD_ID, LANGUAGE],
        responses={200: serializers.ListSerializer(child=serializers.DictField()), **_errors(401, 403, 404)},
    )
    def get(self, request, stableCardId: str, language: str):
        card = _card(request, stableCardId)
        if not may_see_unvalidated(request.user):
            raise PermissionDenied(gettext("the history holds translations that were not VALIDATED"))
        return Response(
            [
                {
                    "version": r.version,
                    "sourceVersion": r.source_version,
                    "action": r.action,
                    "status": r.status,
                    "author": r.author_name,
                    "createdAt": r.created_at.isoformat(),
                    "note": r.note,
                    "snapshot": r.snapshot,
                }
                for r in translation_history(card=card, language=language)[:200]
            ]
        )


class TranslationQueue(APIView):
    permission_classes = [CanReadCards]

    @extend_schema(
        summary="Translations waiting for review (DRAFT, NEEDS_REVIEW or STALE), the source beside each",
        operation_id="translation_queue",
        parameters=[
            OpenApiParameter("game", OpenApiTypes.STR, description="Only this game's cards."),
            OpenApiParameter("language", OpenApiTypes.STR, description="Only this language."),
        ],
        responses={200: QueueItemDoc(many=True), **_errors(401, 403)},
    )
    def get(self, request):
        if not may_see_unvalidated(request.user):
            raise PermissionDenied(gettext("the review queue is the team's"))
        queue = translation_queue(
            game=request.query_params.get("game"), language=request.query_params.get("language")
        )
        return Response(
            [
                {
                    "stableCardId": t.card.stable_id,
                    "game": t.card.game,
                    "source": {"language": t.card.language, **card_to_dict(t.card)},
                    "translation": translation_dict(t, card=t.card),
                }
                for t in queue[:200]
            ]
        )
