"""The studio's error pages: 400, 403, 404, 405 and 500 in the studio's layout and the reader's language.

Each page says what happened in words, and gives a way back (the page the reader came from, when it
is one of the studio's, and the dashboard). API addresses answer JSON (``{"detail": ...}``) instead.

A GET on an address that only takes POST (a form's target: ``/decks/new/``, ``/decks/import/``) is
sent to the page that holds that form (``FORM_PAGES``) rather than answered with an empty 405.
"""

from __future__ import annotations

import logging
import sys

from django.http import HttpResponse, HttpResponseRedirect, JsonResponse
from django.template.loader import render_to_string
from django.urls import NoReverseMatch, Resolver404, resolve, reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.csrf import requires_csrf_token

from common import outages

logger = logging.getLogger(__name__)


def _same(name: str):
    """The form's page takes the same arguments as its target (a deck's id, a card's stable id, a game)."""
    return lambda kwargs: reverse(name, kwargs=kwargs)


def _plain(name: str):
    return lambda kwargs: reverse(name)


def _card(kwargs):
    return reverse("cards:detail", kwargs={"stable_id": kwargs["stable_id"]})


def _deck(kwargs):
    return reverse("decks:detail", kwargs={"pk": kwargs["pk"]})


# A POST-only address (its view name) -> the address of the page that holds its form.
FORM_PAGES = {
    "decks:create": _plain("decks:list"),
    "decks:import": _plain("decks:list"),
    "decks:add": _deck,
    "decks:entry": _deck,
    "decks:pick": _deck,
    "decks:printing": _deck,
    "decks:settings": _deck,
    "decks:delete": _deck,
    "cards:validate": _plain("cards:new"),
    "cards:sets-import": _plain("cards:sets"),
    "cards:status": _card,
    "artwork:upload": _card,
    "artwork:primary": _card,
    "artwork:delete": _card,
    "reviews:transition": _plain("reviews:queue"),
    "reviews:proposal": _plain("reviews:queue"),
    "reviews:conflict": _plain("reviews:queue"),
    "reviews:audit-start": _plain("reviews:audits"),
    "reviews:batch-start": _plain("reviews:audits"),
    "faces:template-preview": _same("faces:template"),
    "faces:template-restore": _same("faces:template"),
    "faces:print-start": _same("faces:print"),
    "faces:card-preview": _plain("cards:browse"),
    "set_language": _plain("home"),
    "logout": _plain("home"),
}


def form_page(request) -> str | None:
    """The page holding the form that posts to this address, or None when there is none."""
    match = getattr(request, "resolver_match", None)
    if match is None:
        try:
            match = resolve(request.path_info)
        except Resolver404:
            return None
    page = FORM_PAGES.get(match.view_name)
    if page is None:
        return None
    try:
        return page(match.kwargs)
    except (NoReverseMatch, KeyError):
        return None


def _titles() -> dict[int, tuple[str, str]]:
    return {
        400: (
            _("The request could not be read"),
            _("The address or the form sent something the studio cannot read. Go back and try again."),
        ),
        403: (
            _("You may not open this page"),
            _(
                "Your role does not give access to it, or your session has expired. "
                "Log in again, or ask an administrator for the role you need."
            ),
        ),
        404: (
            _("This page does not exist"),
            _("The address is wrong, or what it named was deleted, or you may not see it."),
        ),
        405: (
            _("This address does not take this kind of request"),
            _("It is the target of a form: open the page that holds the form and send it from there."),
        ),
        503: (
            _("The studio's database cannot be reached"),
            _("Nothing of this request was saved. Try again in a few seconds."),
        ),
        500: (
            _("Something went wrong in the studio"),
            _("Nothing was lost that you had saved before. The error is logged; try again in a moment."),
        ),
    }


def _back(request) -> str:
    """The page the reader came from, when it is one of the studio's (never this same address)."""
    referer = request.META.get("HTTP_REFERER", "") if request is not None else ""
    if not referer or not url_has_allowed_host_and_scheme(
        referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return ""
    if referer.endswith(request.get_full_path()):
        return ""
    return referer


def is_api(request) -> bool:
    return request is not None and request.path_info.startswith("/api/")


def _is_media(request) -> bool:
    from django.conf import settings

    return request is not None and request.path_info.startswith(settings.MEDIA_URL)


def error_response(request, status: int, reason: str = "", **headers) -> HttpResponse:
    """The error page of ``status`` (or its JSON body on the API), with ``reason`` when there is one to say."""
    title, explanation = _titles().get(status, _titles()[400])
    if is_api(request):
        response = JsonResponse({"detail": reason or title}, status=status)
    else:
        context = {
            "status": status,
            "title": title,
            "explanation": explanation,
            "reason": reason,
            "back": _back(request),
            "home": reverse("home"),
        }
        try:
            if _is_media(request):  # a file's 404 is the same bytes whether it exists or not: no token
                body = render_to_string("studio/error_bare.html", context)
            else:
                body = render_to_string("studio/error.html", context, request=request)
        except Exception:  # the layout itself failed (the database is down): the page without it
            logger.exception("the error page could not be drawn in the studio's layout")
            body = render_to_string("studio/error_bare.html", context)
        response = HttpResponse(body, status=status)
    for name, value in headers.items():
        response[name] = value
    return response


@requires_csrf_token
def bad_request(request, exception=None):
    return error_response(request, 400)


@requires_csrf_token
def permission_denied(request, exception=None):
    reason = str(exception or "")
    # A view's own reason ("only reviewers may ...") is said; Django's own empty one is not.
    return error_response(request, 403, reason if reason and reason != "Forbidden" else "")


@requires_csrf_token
def page_not_found(request, exception=None):
    return error_response(request, 404)


@requires_csrf_token
def server_error(request):
    failure = sys.exc_info()[1]
    if outages.is_database_outage(failure):  # a lost connection outside a view (a middleware's query)
        outages.log(failure, request)
        if is_api(request):
            return JsonResponse(outages.body(), status=503, headers=outages.headers())
        return error_response(request, 503, **outages.headers())
    return error_response(request, 500)


def csrf_failure(request, reason=""):
    return error_response(
        request,
        403,
        _("The form had expired (its security token is missing or old). Reload the page and send it again."),
    )


def not_allowed(request, response: HttpResponse) -> HttpResponse:
    """A page's empty 405: a GET goes to the form's page, anything else gets the 405 page."""
    if request.method in ("GET", "HEAD"):
        target = form_page(request)
        if target:
            return HttpResponseRedirect(target)
    headers = {"Allow": response["Allow"]} if response.has_header("Allow") else {}
    return error_response(request, 405, **headers)


class ErrorPageMiddleware:
    """A page's empty 405 (``require_POST``, a class view without the method) becomes the 405 page
    or the redirect to the form's page. htmx requests and the API keep their own answers."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (
            response.status_code == 405
            and not is_api(request)
            and not getattr(request, "htmx", False)
            and not getattr(response, "streaming", False)
            and not response.content
        ):
            return not_allowed(request, response)
        return response
