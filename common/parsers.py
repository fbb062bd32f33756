"""The API's parsers and OPTIONS metadata: every body is read by the studio's guarded reader (:mod:`common.guards`).

Kept apart from :mod:`common.api`: DRF imports the parser classes while it builds its views, so
this module may import nothing that imports ``rest_framework.views``.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.utils.translation import gettext as _
from rest_framework import parsers, status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.metadata import SimpleMetadata

from . import guards


class JSONParser(parsers.JSONParser):
    """The studio's one JSON reader (:func:`common.guards.loads`): a 400 with a message for a
    document too deep, too large, or with a NUL character."""

    def parse(self, stream, media_type=None, parser_context=None):
        if stream is None:
            return None
        try:
            return guards.loads(stream.read())
        except ValueError as exc:  # BadInput, JSONDecodeError
            raise ParseError(_("JSON parse error - %(error)s") % {"error": exc}) from None


class FormParser(parsers.FormParser):
    def parse(self, stream, media_type=None, parser_context=None):
        data = super().parse(stream, media_type, parser_context)
        _check_form(data, "form field")
        return data


class MultiPartParser(parsers.MultiPartParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            result = super().parse(stream, media_type, parser_context)
        except RequestDataTooBig:
            raise BodyTooLarge() from None
        _check_form(result.data, "form field")
        return result


def _check_form(data, what: str) -> None:
    try:
        guards.check_querydict(data, what=what)
    except guards.BadInput as exc:
        raise ParseError(str(exc)) from None


class BodyTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too_large"

    def __init__(self, limit: int | None = None):
        limit = limit or settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        super().__init__(
            _("the request body is larger than the limit of %(limit)s bytes; send less at once")
            % {"limit": limit}
        )


class Metadata(SimpleMetadata):
    """OPTIONS answers what a route is and what it takes, never a 500.

    DRF's default also describes the fields a write would take by building the view's serializer,
    which some views cannot do without their URL's object; the OpenAPI schema (/api/schema/) has
    every field, so OPTIONS stays with the name, description, media types and allowed methods.
    """

    def determine_metadata(self, request, view):
        return {
            "name": view.get_view_name(),
            "description": view.get_view_description(),
            "renders": [renderer.media_type for renderer in view.renderer_classes],
            "parses": [parser.media_type for parser in view.parser_classes],
            "allowedMethods": view.allowed_methods,
        }
