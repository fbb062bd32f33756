"""A WebSocket is opened from the studio's own pages only: its ``Origin`` is the studio's.

The studio's own origin is the handshake's: the scheme it came in by (``wss``, or ``ws`` with
``SECURE_PROXY_SSL_HEADER`` saying the proxy took HTTPS: ``https``, else ``http``), and the host
and port of its ``Host`` header (``X-Forwarded-Host`` with ``USE_X_FORWARDED_HOST``), which must be
one of ``ALLOWED_HOSTS`` as for any request. The Origin must have that scheme, host and port (a
missing port is the scheme's default), or be one of ``CSRF_TRUSTED_ORIGINS`` (as a form's POST).
Channels' AllowedHostsOriginValidator looked at the host alone: a page served on another port of
the same host (``http://127.0.0.1:9999``, anything a user runs there) could open a table's socket
with the user's cookie.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}

Origin = tuple[str, str, int]


class SameOriginValidator:
    """ASGI middleware for WebSockets: the application for a handshake from the studio's own
    origin, a refusal (403) for any other or none."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            raise ValueError("SameOriginValidator is for WebSocket connections only")
        if same_origin(scope):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)


def same_origin(scope) -> bool:
    headers = _headers(scope)
    origin = parse_origin(headers.get("origin", ""))
    if origin is None:
        return False
    if origin == studio_origin(scope, headers):
        return True
    return origin in {parse_origin(trusted) for trusted in settings.CSRF_TRUSTED_ORIGINS}


def studio_origin(scope, headers: dict[str, str]) -> Origin | None:
    """The origin the handshake was made to, or None for a host the studio does not serve."""
    host = headers.get("host", "")
    if settings.USE_X_FORWARDED_HOST and headers.get("x-forwarded-host"):
        host = headers["x-forwarded-host"].split(",")[0].strip()
    domain, port = split_domain_port(host)
    allowed = settings.ALLOWED_HOSTS
    if settings.DEBUG and not allowed:
        allowed = [".localhost", "127.0.0.1", "[::1]"]
    if not domain or not validate_host(domain, allowed):
        return None
    scheme = "https" if _secure(scope, headers) else "http"
    try:
        number = int(port) if port else DEFAULT_PORTS[scheme]
    except ValueError:
        return None
    return scheme, domain.strip("[]"), number


def parse_origin(value: str) -> Origin | None:
    """``scheme://host[:port]`` as (scheme, host, port); None for anything else (``null``)."""
    try:
        parts = urlsplit(value.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return scheme, parts.hostname.lower(), port if port is not None else DEFAULT_PORTS[scheme]


def _secure(scope, headers: dict[str, str]) -> bool:
    if scope.get("scheme") in ("wss", "https"):
        return True
    proxy = settings.SECURE_PROXY_SSL_HEADER
    if proxy:
        name, value = proxy
        header = name.removeprefix("HTTP_").replace("_", "-").lower()
        return headers.get(header, "").split(",")[0].strip() == value
    return False


def _headers(scope) -> dict[str, str]:
    return {
        name.decode("latin-1").lower(): value.decode("latin-1") for name, value in scope.get("headers", [])
    }
