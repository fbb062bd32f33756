"""``/media/``: every uploaded or drawn file through a permission check (common.media).

The reader is the session's user, or the API's: an ``Authorization: Token ...`` header is read as
the API reads it (``studio.throttling.ThrottledTokenAuthentication``), so the ``url`` an API answer
gives opens with the same token. A wrong token is a 401 (and counts as the API counts it).
"""

from __future__ import annotations

from django.core.files.storage import default_storage
from django.http import Http404, HttpResponse
from django.views.decorators.http import require_safe

from artwork.selectors import media_readable as artwork_readable
from common.media import clean_name, send
from faces.selectors import media_readable as faces_readable

OWNERS = (artwork_readable, faces_readable)


@require_safe
def serve(request, name: str):
    """The file ``name`` for a user who may read it; 404 otherwise, exactly as for a missing file
    (a file of a card you may not see does not exist for you)."""
    name = clean_name(name)
    user, refused = _reader(request)
    if refused is not None:
        return refused
    for readable in OWNERS:
        allowed = readable(user=user, name=name)
        if allowed is not None:
            if allowed:
                return send(default_storage, name)
            break
    raise Http404("no such file")


def _reader(request):
    """(the user who asks, None), or (None, the refusal of a wrong token)."""
    if request.user.is_authenticated or not request.META.get("HTTP_AUTHORIZATION"):
        return request.user, None
    from rest_framework import exceptions
    from rest_framework.request import Request

    from .throttling import ThrottledTokenAuthentication

    authentication = ThrottledTokenAuthentication()
    try:
        found = authentication.authenticate(Request(request))
    except exceptions.Throttled as exc:
        refused = HttpResponse(str(exc.detail), status=429, content_type="text/plain; charset=utf-8")
        if exc.wait:
            refused["Retry-After"] = str(int(exc.wait))
        return None, refused
    except exceptions.AuthenticationFailed as exc:
        refused = HttpResponse(str(exc.detail), status=401, content_type="text/plain; charset=utf-8")
        refused["WWW-Authenticate"] = authentication.authenticate_header(request)
        return None, refused
    return (found[0] if found else request.user), None
