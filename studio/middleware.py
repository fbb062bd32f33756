"""Request guards that hold for every route, and the Permissions-Policy header.

* A NUL character in the path or the query string is refused with 400 before any view runs:
  PostgreSQL cannot take one, so it would surface as a 500. API bodies are checked by the API's
  parsers (common.parsers), which read them; the pages' forms refuse NUL in each field (Django's
  form fields do), with the form's own error.
* An API body over the limit gets a JSON 413 from its Content-Length, before it is read.
* An idempotent API request whose database connection was lost is tried once more
  (:class:`DatabaseRetryMiddleware`); what still fails is a JSON 503 with ``Retry-After``.
* An API route answers 405 with ``Allow`` for a method it does not have, before authentication
  and permissions (DRF checks those first, so a playtester got 403 for a method nobody may use).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse, HttpResponseBadRequest, JsonResponse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from common import guards, outages


def is_api(request) -> bool:
    return request.path_info.startswith("/api/")


def refuse(request, status: int, message: str, field: str | None = None, **headers) -> HttpResponse:
    if is_api(request):
        body = {"detail": message}
        if field:
            body[field] = [message]
        response = JsonResponse(body, status=status)
    elif status == 400:
        response = HttpResponseBadRequest(message, content_type="text/plain; charset=utf-8")
    else:
        response = HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")
    for name, value in headers.items():
        response[name] = value
    return response


def body_limit(request) -> int:
    """The largest body an API request may send: uploads may carry a whole artwork file."""
    if request.content_type == "multipart/form-data":
        return settings.ARTWORK_MAX_BYTES + settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    return settings.DATA_UPLOAD_MAX_MEMORY_SIZE


class ImmutableResponseMiddleware:
    """A response marked ``Cache-Control: immutable`` varies on nothing: its address names all it
    depends on (the JavaScript catalog's language and version, studio.jsi18n). The ``Vary: Cookie,
    Accept-Language`` the session and language middleware add would have browsers fetch it again
    each time a cookie changes. Placed before them, so that it sees their headers."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if "immutable" in response.get("Cache-Control", ""):
            del response["Vary"]
        return response


class RequestGuardMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        # Most requests are not refused: whether one is needs no language (reading the browser's
        # for every request was half of what this middleware cost itself).
        if self.refusal(request) is None:
            return self.get_response(request)
        # Before LocaleMiddleware: a refusal here speaks the browser's language (cookie, Accept-Language).
        with translation.override(translation.get_language_from_request(request)):
            return self.refusal(request)

    def refusal(self, request) -> HttpResponse | None:
        if "\x00" in request.path:
            return refuse(request, 400, _("the address contains a NUL character"))
        try:
            guards.check_querydict(request.GET, what="query parameter")
        except guards.BadInput as exc:
            return refuse(request, 400, str(exc), field=exc.field)
        if is_api(request):
            try:
                length = int(request.META.get("CONTENT_LENGTH") or 0)
            except ValueError:
                return refuse(request, 400, _("Content-Length is not a number"))
            limit = body_limit(request)
            if length > limit:
                return refuse(
                    request,
                    413,
                    _("the request body is %(size)s bytes, over the limit of %(limit)s; send less at once")
                    % {"size": length, "limit": limit},
                )
        return None

    def process_view(self, request, view_func, view_args, view_kwargs):
        allowed = allowed_methods(view_func)
        if allowed is None or request.method.lower() in allowed:
            return None
        return refuse(
            request,
            405,
            _('method "%(method)s" not allowed here') % {"method": request.method},
            Allow=", ".join(sorted(m.upper() for m in allowed)),
        )


def allowed_methods(view_func) -> set[str] | None:
    """The methods a DRF view (or viewset route) answers; None for other views (they say it themselves)."""
    cls = getattr(view_func, "cls", None)
    if cls is None or not hasattr(cls, "permission_classes"):
        return None
    actions = getattr(view_func, "actions", None)
    if actions:
        methods = set(actions)
    else:
        methods = {m for m in cls.http_method_names if hasattr(cls, m) and m not in ("options", "head")}
    methods.add("options")
    if "get" in methods:
        methods.add("head")
    return methods


class PermissionsPolicyMiddleware:
    """Say which browser features the studio's pages use (none of the sensors, camera or payment)."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.value = ", ".join(
            f"{feature}=({' '.join(origins)})" for feature, origins in settings.PERMISSIONS_POLICY.items()
        )

    def __call__(self, request):
        response = self.get_response(request)
        if self.value and "Permissions-Policy" not in response:
            response["Permissions-Policy"] = self.value
        return response


class UserPreferenceMiddleware:
    """A signed-in user's own language and time zone, over the cookie and Accept-Language.

    After ``AuthenticationMiddleware`` (it reads ``request.user``) and ``LocaleMiddleware`` (which
    chose the browser's language first, and says the language of the answer in Content-Language).
    """

    def __init__(self, get_response):
        from .permissions import STAMP_ATTRIBUTE
        from .preferences import apply

        self.get_response = get_response
        self.stamp_attribute = STAMP_ATTRIBUTE
        self.apply = apply

    def __call__(self, request):
        timezone.deactivate()  # the studio's TIME_ZONE unless the user chose theirs
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            request._session_user = True
            # The permissions stamp read with the session (studio.sessions): the user's kept
            # permissions serve this request when it is still the one they were read under.
            stamp = getattr(getattr(request, "session", None), "permissions_stamp", None)
            if stamp is not None and not hasattr(user, "_perm_cache"):
                setattr(user, self.stamp_attribute, stamp)
            self.apply(request, user)
        return self.get_response(request)


class DatabaseRetryMiddleware:
    """An idempotent API request (GET, HEAD, OPTIONS) whose database connection was lost is tried
    once more on a new connection; a second failure, or any other request, is answered 503 with
    ``Retry-After`` (``common.outages``). Last of the middleware: it calls the view itself, after
    every other middleware's ``process_view``."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        if not is_api(request) or request.method not in outages.IDEMPOTENT_METHODS:
            return None
        try:
            response = view_func(request, *view_args, **view_kwargs)
        except outages.DATABASE_ERRORS as exc:
            outages.log(exc, request)
        else:
            if not getattr(response, "database_unavailable", False):
                return response
        outages.forget_broken_connections()
        return view_func(request, *view_args, **view_kwargs)

    def process_exception(self, request, exception):
        if is_api(request) and outages.is_database_outage(exception):
            outages.log(exception, request)
            return JsonResponse(outages.body(), status=503, headers=outages.headers())
        return None
