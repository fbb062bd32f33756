"""API plumbing shared by every app: pagination and error reporting."""

from __future__ import annotations

from django.core.exceptions import (
    ObjectDoesNotExist,
    PermissionDenied,
    RequestDataTooBig,
    SuspiciousOperation,
)
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import serializers, status
from rest_framework.exceptions import ParseError
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.routers import DefaultRouter
from rest_framework.views import exception_handler as drf_exception_handler

from rules.problems import invalid, problem

from . import guards, outages
from .errors import InvalidInput, StaleVersion, StudioError
from .parsers import BodyTooLarge, JSONParser  # noqa: F401 (JSONParser: the views' import)


class Pagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "pageSize"
    max_page_size = 500


def exception_handler(exc, context):
    """DRF's handler, plus the studio's service errors and Django's own."""
    if isinstance(exc, StudioError):
        body: dict = {"detail": exc.reader_message() if isinstance(exc, InvalidInput) else str(exc.message)}
        if isinstance(exc, InvalidInput):
            body.update(exc.by_field())
        if exc.findings:
            body["errors"] = [f.to_dict() for f in exc.findings]
        if isinstance(exc, StaleVersion):
            body["currentVersion"] = exc.current
        return Response(body, status=exc.status_code)
    if outages.is_database_outage(exc):
        outages.log(exc, context.get("request"))
        response = Response(
            outages.body(), status=status.HTTP_503_SERVICE_UNAVAILABLE, headers=outages.headers()
        )
        response.database_unavailable = True  # an idempotent request is tried again (studio.middleware)
        return response
    if isinstance(exc, DjangoValidationError):
        detail = exc.message_dict if hasattr(exc, "error_dict") else {"non_field_errors": exc.messages}
        return Response(detail, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, RequestDataTooBig):
        exc = BodyTooLarge()
    elif isinstance(exc, SuspiciousOperation | guards.BadInput):  # too many fields, a bad header...
        exc = ParseError(str(exc) or _("the request could not be read"))
    if isinstance(exc, ObjectDoesNotExist):
        exc = Http404(str(exc))
    if isinstance(exc, PermissionDenied) and not str(exc):
        exc = PermissionDenied(_("You do not have permission to perform this action."))
    return drf_exception_handler(exc, context)


class Text(serializers.CharField):
    """A note, comment or free text of a request body: a JSON string and nothing else. DRF's
    CharField reads ``123`` as "123"; here a number, a boolean, a list or an object is a 400
    FIELD_INVALID naming the field (raised at once, as the services' refusals are)."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            raise InvalidInput([invalid(self.field_name, problem("NOT_TEXT"))])
        return super().to_internal_value(data)


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
    params = serializers.DictField(
        required=False,
        help_text="The numbers and names in the message (observed, expected, card, section...).",
    )
    hint = serializers.CharField(required=False, help_text="How to fix it, when the studio knows.")


class Router(DefaultRouter):
    """The routers of the API: no root view, and no ``.json`` format-suffix twins of each route
    (not in the contract, and actions without a ``format`` argument answered them with a 500)."""

    include_root_view = False
    include_format_suffixes = False
