"""API plumbing shared by every app: pagination and error reporting."""

from __future__ import annotations

from django.core.exceptions import ObjectDoesNotExist, PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from rest_framework import parsers, serializers, status
from rest_framework.exceptions import ParseError
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from .errors import InvalidInput, StaleVersion, StudioError


class Pagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "pageSize"
    max_page_size = 500


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, with a 400 (not a 500) for a document nested too deep to read."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError("JSON parse error - the document is nested too deeply") from None


def exception_handler(exc, context):
    """DRF's handler, plus the studio's service errors and Django's own."""
    if isinstance(exc, StudioError):
        body: dict = {"detail": exc.message}
        if isinstance(exc, InvalidInput):
            body.update(exc.by_field())
        if exc.findings:
            body["errors"] = [f.to_dict() for f in exc.findings]
        if isinstance(exc, StaleVersion):
            body["currentVersion"] = exc.current
        return Response(body, status=exc.status_code)
    if isinstance(exc, DjangoValidationError):
        detail = exc.message_dict if hasattr(exc, "error_dict") else {"non_field_errors": exc.messages}
        return Response(detail, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, ObjectDoesNotExist):
        exc = Http404(str(exc))
    if isinstance(exc, PermissionDenied) and not str(exc):
        exc = PermissionDenied("You do not have permission to perform this action.")
    return drf_exception_handler(exc, context)


class FindingDoc(serializers.Serializer):
    """A finding (rules.findings.Finding) as the API shows it: in card findings, errors and deck violations."""

    code = serializers.CharField()
    severity = serializers.ChoiceField(choices=["error", "warning"])
    section = serializers.CharField(allow_null=True)
    card = serializers.CharField(allow_null=True)
    field = serializers.CharField(
        required=False, help_text="The field or JSON path, when the finding has one."
    )
    message = serializers.CharField()
