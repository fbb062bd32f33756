"""API plumbing shared by every app: pagination, filtering and error reporting."""

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
from django_filters.rest_framework import DjangoFilterBackend
from rest_framework import serializers, status
from rest_framework.exceptions import ParseError, UnsupportedMediaType
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


class FilterBackend(DjangoFilterBackend):
    """django-filter's backend, that builds no filter set for a list asked without any of its filters.

    A filter set copies its filters deeply and builds a form class and its fields for every
    request (the card list's 12 filters: 400 deep copies, 1.5 ms of CPU a request); with none of
    its parameters in the query, every filter lets the list through as it is, so the list is
    the answer. A parameter that may be one of its filters' (its name, or a longer one: a range's
    ``_min`` and ``_max``), a required filter or a filter set that filters otherwise (its own
    ``qs`` or ``filter_queryset``) goes through django-filter as before."""

    def filter_queryset(self, request, queryset, view):
        filterset_class = self.get_filterset_class(view, queryset)
        if filterset_class is not None and _lets_through(filterset_class, request.query_params):
            return queryset.all()
        return super().filter_queryset(request, queryset, view)


def _lets_through(filterset_class, params) -> bool:
    """True when ``filterset_class`` would answer its queryset unchanged for the query ``params``."""
    from django_filters import FilterSet

    for own in ("__init__", "qs", "form", "filter_queryset"):
        if getattr(filterset_class, own) is not getattr(FilterSet, own):
            return False
    names = filterset_class.base_filters
    if any(f.extra.get("required") for f in names.values()):
        return False
    return not any(key.startswith(name) for key in params for name in names)


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
        body.update(exc.context)
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
    if isinstance(exc, UnsupportedMediaType):
        exc = _unsupported(exc, context)
    if isinstance(exc, PermissionDenied) and not str(exc):
        exc = PermissionDenied(_("You do not have permission to perform this action."))
    return drf_exception_handler(exc, context)


def _unsupported(exc: UnsupportedMediaType, context) -> UnsupportedMediaType:
    """A 415 that says what the route reads and how to send it: most routes read JSON only (the
    schema's one request content type), and a form body is refused rather than read field by field."""
    view = context.get("view")
    request = context.get("request")
    reads = [parser.media_type for parser in getattr(view, "parser_classes", ())]
    if view is not None and hasattr(view, "get_parsers"):
        reads = [parser.media_type for parser in view.get_parsers()]
    sent = (getattr(request, "content_type", "") or "").split(";")[0].strip() or _("no Content-Type")
    return UnsupportedMediaType(
        sent,
        detail=_(
            "this route reads %(reads)s only, and the body was sent as %(sent)s: send it as %(first)s "
            "with the header Content-Type: %(first)s"
        )
        % {"reads": ", ".join(reads), "sent": sent, "first": reads[0] if reads else "application/json"},
    )


# The browsable API's forms (a browser's ``Accept: text/html``) for views whose answers are written by a
# ``BaseSerializer``: one has no fields and no blank state, so DRF cannot build a form from it (it answered 500).
# DRF asks the view for a form's serializer as ``get_serializer()`` (POST) or ``get_serializer(instance=obj)``
# (PUT, PATCH), under the form's method; the views themselves always pass what they write. Those calls get a
# blank serializer of the request body the method takes (``form_serializers``, the one the schema documents);
# every other call, ``get_output_serializer()``. (DRF finds a PATCH form's object on the answer's
# ``data.serializer``, which a ``BaseSerializer``'s plain dict has not: the PATCH form is blank too.)
# No docstring: a view's docstring is its description in the schema and on the browsable page, and a mixin's
# would be inherited by the views that have none.
class BrowsableForms:
    form_serializers: dict[str, type[serializers.Serializer]] = {}

    def get_serializer(self, *args, **kwargs):
        form = self.form_serializers.get(self.request.method)
        if form is not None and not args and set(kwargs) <= {"instance"}:
            return form(context=self.get_serializer_context())
        return self.get_output_serializer(*args, **kwargs)

    def get_output_serializer(self, *args, **kwargs):
        return super().get_serializer(*args, **kwargs)


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
