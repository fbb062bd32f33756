"""Refused htmx requests answer with a partial, whatever DEBUG says.

A view that renders the region it refuses in (a gallery with its message, the
review queue with the refused cards marked) marks its answer with
:func:`in_place`: the page's ``studio/refusals.js`` swaps it like a success.
Every other 4xx answer to an htmx request (a ``PermissionDenied``, an
``Http404``, a stale CSRF token, a page with a form's errors) is turned here
into a small message (``X-Refusal: message``) that the script shows where the
user acted, keeping the page and its unsaved input. A full error page (Django's
debug page with ``DEBUG=1``) never replaces the page.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

HEADER = "X-Refusal"
_MESSAGE = "_studio_refusal_message"


def in_place(response: HttpResponse) -> HttpResponse:
    """Mark a refused (4xx) answer as the region to swap in, as htmx does with a success."""
    response[HEADER] = "swap"
    return response


def default_message(status: int) -> str:
    if status == 403:
        return _(
            "Not done: you may not do this, or your session has expired. Reload the page (your input is kept here) and try again."
        )
    if status == 404:
        return _("Not done: what you acted on no longer exists, or you may not see it. Reload the page.")
    if status == 413:
        return _("Not done: what you sent is too big.")
    if status == 412 or status == 409:
        return _("Not done: this changed since you opened the page. Reload it and decide again.")
    return _("Not done: the studio refused the request (%(status)s).") % {"status": status}


def message_response(request, message: str, status: int) -> HttpResponse:
    body = render_to_string("studio/_refusal.html", {"message": message}, request=request)
    response = HttpResponse(body, status=status)
    response[HEADER] = "message"
    return response


class HtmxRefusalMiddleware:
    """After django_htmx's middleware (it reads ``request.htmx``)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if not getattr(request, "htmx", False) or not 400 <= response.status_code < 500:
            return response
        if response.has_header(HEADER):
            return response
        message = getattr(request, _MESSAGE, "") or default_message(response.status_code)
        refused = message_response(request, message, response.status_code)
        for header in ("Retry-After", "Allow"):
            if response.has_header(header):
                refused[header] = response[header]
        return refused

    def process_exception(self, request, exception):
        # The reason a view gave (``PermissionDenied("only reviewers ...")``) is what the person reads.
        if getattr(request, "htmx", False) and isinstance(exception, PermissionDenied | Http404):
            reason = str(exception)
            if reason:
                setattr(request, _MESSAGE, _("Not done: %(reason)s.") % {"reason": reason.rstrip(".")})
        return None
