"""Card sets through the API: import a file (JSON, CSV, XLSX) or a JSON body, export a game's cards."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions, serializers
from rest_framework.exceptions import APIException, ParseError, ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from common.parsers import JSONParser, MultiPartParser
from rules import registry

from ..imports import cards_import, cards_import_file
from ..selectors import card_export
from ..spreadsheets import CONTENT_TYPES, FORMATS, UnusableFile, max_bytes, write_card_set
from .serializers import ErrorDoc


class TooLarge(APIException):
    status_code = 413
    default_code = "too_large"


class MayImport(permissions.IsAuthenticated):
    def has_permission(self, request, view):
        return super().has_permission(request, view) and request.user.has_perms(
            ["cards.add_card", "cards.change_card"]
        )


class MayExport(permissions.IsAuthenticated):
    def has_permission(self, request, view):
        # An export holds every card of the game, VALIDATED or not.
        return super().has_permission(request, view) and request.user.has_perm("cards.view_unvalidated_card")


class ImportUploadDoc(serializers.Serializer):
    file = serializers.FileField(
        help_text="A card-set file: .json, .csv (UTF-8, comma or semicolon) or .xlsx."
    )
    game = serializers.CharField(
        required=False, help_text="The game of a spreadsheet without a 'game' column."
    )


class ImportReportDoc(serializers.Serializer):
    game = serializers.CharField()
    summary = serializers.CharField()
    created = serializers.ListField(child=serializers.CharField())
    updated = serializers.ListField(child=serializers.CharField())
    unchanged = serializers.ListField(child=serializers.CharField())
    conflicts = serializers.ListField(
        child=serializers.DictField(), help_text="Cards changed in the studio since their last import: kept."
    )
    needsReview = serializers.ListField(
        child=serializers.DictField(),
        help_text="Cards the file says VALIDATED, stored NEEDS_REVIEW: their rules' findings, or an importer "
        "who may not validate.",
    )


def _errors(described: dict[int, str]) -> dict[int, OpenApiResponse]:
    return {code: OpenApiResponse(ErrorDoc, description=text) for code, text in described.items()}


def _game(value) -> str | None:
    if value in (None, ""):
        return None
    if value not in registry:
        raise ValidationError(
            {
                "game": [
                    _("unknown game %(game)s; the games are: %(games)s")
                    % {"game": value, "games": ", ".join(registry.keys())}
                ]
            }
        )
    return value


class CardSetImport(APIView):
    """Import a card set, all or nothing (FORMATS.md): a file upload (JSON, CSV or XLSX) or a card-set JSON body."""

    permission_classes = [MayImport]
    parser_classes = [MultiPartParser, JSONParser]

    @extend_schema(
        summary="Import a card set (JSON, CSV or XLSX)",
        parameters=[
            OpenApiParameter("game", OpenApiTypes.STR, description="The game, when the file names none.")
        ],
        request={"multipart/form-data": ImportUploadDoc, "application/json": OpenApiTypes.OBJECT},
        responses={
            200: ImportReportDoc,
            **_errors(
                {
                    400: "Nothing imported: every error with its card (row and column in a spreadsheet), "
                    "or a file that is no card set.",
                    401: "No credentials.",
                    403: "Not a designer (or a designer disabling cards).",
                    413: "The file is too large (or an XLSX unpacks too large, or holds too many rows).",
                }
            ),
        },
    )
    def post(self, request):
        game = _game(
            request.query_params.get("game")
            or (request.data.get("game") if hasattr(request.data, "get") else None)
        )
        upload = request.FILES.get("file") if hasattr(request, "FILES") else None
        if upload is None and request.content_type.startswith("multipart/"):
            raise ValidationError({"file": [_("send the card-set file in the 'file' field")]})
        if upload is not None:
            if upload.size > max_bytes():
                raise TooLarge(_("the file is larger than %(limit)s bytes") % {"limit": max_bytes()})
            try:
                report = cards_import_file(data=upload.read(), name=upload.name, game=game, user=request.user)
            except UnusableFile as exc:
                if exc.too_large:
                    raise TooLarge(str(exc)) from None
                raise ParseError(str(exc)) from None
            return Response(report.to_dict())
        payload = request.data
        if isinstance(payload, dict) and game is not None:
            payload = {"game": game, **payload}
        return Response(cards_import(payload=payload, user=request.user).to_dict())


class CardSetExport(APIView):
    """A game's cards as a card-set file: JSON, CSV or XLSX; importing it back changes nothing."""

    permission_classes = [MayExport]

    def perform_content_negotiation(self, request, force=False):
        # ?format= names the file's format here, not a renderer: errors are JSON.
        renderer = self.get_renderers()[0]
        return renderer, renderer.media_type

    @extend_schema(
        summary="Export a game's card set (JSON, CSV or XLSX)",
        parameters=[
            OpenApiParameter("game", OpenApiTypes.STR, required=True, enum=list(registry.keys())),
            OpenApiParameter(
                "format", OpenApiTypes.STR, enum=list(FORMATS), description="json (default), csv or xlsx"
            ),
        ],
        responses={
            (200, "application/json"): OpenApiTypes.OBJECT,
            (200, "text/csv"): OpenApiTypes.BINARY,
            (200, CONTENT_TYPES["xlsx"]): OpenApiTypes.BINARY,
            **_errors(
                {400: "Unknown game or format.", 401: "No credentials.", 403: "Not a designer or reviewer."}
            ),
        },
    )
    def get(self, request):
        game = _game(request.query_params.get("game"))
        if game is None:
            raise ValidationError({"game": [_("give the game, e.g. ?game=vanguard")]})
        fmt = request.query_params.get("format") or "json"
        if fmt not in FORMATS:
            raise ValidationError({"format": [_("use json, csv or xlsx")]})
        try:
            data = write_card_set(card_export(game=game), fmt)
        except UnusableFile as exc:
            raise ValidationError({"format": [str(exc)]}) from None
        response = HttpResponse(data, content_type=CONTENT_TYPES[fmt])
        response["Content-Disposition"] = f'attachment; filename="{game}-cards.{fmt}"'
        return response
