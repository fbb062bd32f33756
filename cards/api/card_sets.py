"""Card sets through the API: import a file (JSON, CSV, XLSX) or a JSON body, export a game's cards."""

from __future__ import annotations

import json

from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.exceptions import APIException, NotFound, ParseError, ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from common.parsers import JSONParser, MultiPartParser
from rules import registry

from .. import import_jobs
from ..imports import cards_import, cards_import_file
from ..models import CardSetImportJob, ImportJobState
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
    warnings = serializers.ListField(
        child=serializers.DictField(),
        help_text="What reading the file said and the import went past (a spreadsheet's title row taken "
        "above its header, SHEET_HEADER_ROW; columns that are no card key, left out: SHEET_COLUMNS_LEFT_OUT).",
    )
    needsReview = serializers.ListField(
        child=serializers.DictField(),
        help_text="Cards the file says VALIDATED, stored NEEDS_REVIEW: their rules' findings, or an importer "
        "who may not validate.",
    )


class ImportJobErrorDoc(serializers.Serializer):
    status = serializers.IntegerField(
        help_text="The status a request importing the file would have answered."
    )
    detail = serializers.CharField()
    errors = serializers.ListField(child=serializers.DictField(), help_text="Every error, by row and column.")


class ImportJobDoc(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.URLField(help_text="Poll this until state is DONE or FAILED.")
    name = serializers.CharField(help_text="The uploaded file's name.")
    game = serializers.CharField()
    state = serializers.ChoiceField(choices=ImportJobState.values)
    total = serializers.IntegerField(help_text="Cards (rows) in the file.")
    done = serializers.IntegerField(help_text="Cards checked so far.")
    percent = serializers.IntegerField()
    createdAt = serializers.DateTimeField()
    finishedAt = serializers.DateTimeField(allow_null=True)
    report = ImportReportDoc(allow_null=True, help_text="Once DONE: what a request would have answered.")
    error = ImportJobErrorDoc(allow_null=True, help_text="Once FAILED: nothing was imported; why.")


def job_representation(request, job: CardSetImportJob) -> dict:
    url = request.build_absolute_uri(reverse("card-set-import-job", args=[job.pk]))
    return {"id": job.pk, "url": url, **{k: v for k, v in import_jobs.job_payload(job).items() if k != "id"}}


def job_accepted(request, job: CardSetImportJob) -> Response:
    """202: the import is a job; Location (and the body's url) is where to poll it."""
    job.refresh_from_db()
    body = job_representation(request, job)
    return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["url"]})


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
        description="A file (or body) of more than CARDSETS_SYNC_MAX_ROWS cards (README) is imported by a "
        "task: the answer is 202 with the import job (Location: its URL), to poll until DONE (its report) "
        "or FAILED (every error, nothing imported).",
        responses={
            200: ImportReportDoc,
            202: ImportJobDoc,
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
            data = upload.read()
            if import_jobs.is_large(data, upload.name):
                job = import_jobs.import_job_start(data=data, name=upload.name, game=game, user=request.user)
                return job_accepted(request, job)
            try:
                report = cards_import_file(data=data, name=upload.name, game=game, user=request.user)
            except UnusableFile as exc:
                if exc.too_large:
                    raise TooLarge(str(exc)) from None
                raise ParseError(str(exc)) from None
            return Response(report.to_dict())
        payload = request.data
        if isinstance(payload, dict) and game is not None:
            payload = {"game": game, **payload}
        cards = payload.get("cards") if isinstance(payload, dict) else None
        if isinstance(cards, list) and import_jobs.sync_max_rows() < len(cards) <= import_jobs.max_rows():
            data = json.dumps(payload, ensure_ascii=False).encode()
            job = import_jobs.import_job_start(data=data, name="card-set.json", game=game, user=request.user)
            return job_accepted(request, job)
        return Response(cards_import(payload=payload, user=request.user).to_dict())


class CardSetImportJobDetail(APIView):
    """An import job (a card set too large for a request): its progress, then its report or errors."""

    permission_classes = [MayImport]

    @extend_schema(
        summary="An import job's progress, then its report (DONE) or every error (FAILED)",
        responses={
            200: ImportJobDoc,
            **_errors({401: "No credentials.", 403: "Not a designer.", 404: "No such job of yours."}),
        },
    )
    def get(self, request, pk: int):
        job = _job(request, pk)
        headers = {"Retry-After": "2"} if job.state in (ImportJobState.QUEUED, ImportJobState.RUNNING) else {}
        return Response(job_representation(request, job), headers=headers)


class CardSetImportJobRetry(APIView):
    """Run a FAILED import job again (the same file; all or nothing again)."""

    permission_classes = [MayImport]

    @extend_schema(
        summary="Run a failed import job again",
        request=None,
        responses={
            202: ImportJobDoc,
            **_errors(
                {
                    401: "No credentials.",
                    403: "Not a designer.",
                    404: "No such job of yours.",
                    409: "The job is not FAILED.",
                }
            ),
        },
    )
    def post(self, request, pk: int):
        job = _job(request, pk)
        if job.state != ImportJobState.FAILED:
            return Response(
                {
                    "detail": _("import job %(pk)s is %(state)s; only a failed job is run again")
                    % {"pk": pk, "state": job.state}
                },
                status=status.HTTP_409_CONFLICT,
            )
        return job_accepted(request, import_jobs.import_job_retry(pk=pk, user=request.user))


def _job(request, pk: int) -> CardSetImportJob:
    try:
        return import_jobs.import_job_get(pk=pk, user=request.user)
    except CardSetImportJob.DoesNotExist:
        raise NotFound(_("no import job %(pk)s of yours") % {"pk": pk}) from None


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
