"""A WebSocket handshake is let through from the studio's own origin only (studio/websocket_origin.py):
the scheme, host and port of the handshake, or one of CSRF_TRUSTED_ORIGINS."""

from __future__ import annotations

import asyncio
import concurrent.futures

import pytest

from studio.websocket_origin import SameOriginValidator, parse_origin, same_origin


def scope(origin: str | None, host: str = "127.0.0.1:8000", scheme: str = "ws", **headers: str) -> dict:
    pairs = [(b"host", host.encode())] if host else []
    if origin is not None:
        pairs.append((b"origin", origin.encode()))
    pairs += [(name.replace("_", "-").encode(), value.encode()) for name, value in headers.items()]
    return {"type": "websocket", "scheme": scheme, "path": "/ws/tables/1/", "headers": pairs}


@pytest.mark.parametrize(
    ("origin", "host", "scheme", "allowed"),
    [
        ("http://127.0.0.1:8000", "127.0.0.1:8000", "ws", True),
        ("http://127.0.0.1:9999", "127.0.0.1:8000", "ws", False),  # another port of the host
        ("http://127.0.0.1", "127.0.0.1:8000", "ws", False),
        ("https://127.0.0.1:8000", "127.0.0.1:8000", "ws", False),  # another scheme
        ("http://localhost:8000", "127.0.0.1:8000", "ws", False),  # another host
        ("http://LOCALHOST", "localhost", "ws", True),  # no port: the scheme's
        ("http://localhost:80", "localhost", "ws", True),
        ("https://localhost", "localhost", "wss", True),
        ("https://localhost:443", "localhost:443", "wss", True),
        ("http://localhost", "localhost", "wss", False),
        ("http://[::1]:8000", "[::1]:8000", "ws", True),
        ("http://evil.example", "evil.example", "ws", False),  # a host the studio does not serve
        ("null", "localhost", "ws", False),
        ("", "localhost", "ws", False),
        (None, "localhost", "ws", False),
        ("http://localhost:notaport", "localhost", "ws", False),
        ("ftp://localhost", "localhost", "ws", False),
        ("http://localhost", "", "ws", False),  # no Host
        ("http://localhost:99999", "localhost:99999", "ws", False),
    ],
)
def test_the_origin_must_be_the_handshakes_scheme_host_and_port(settings, origin, host, scheme, allowed):
    settings.ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
    assert same_origin(scope(origin, host, scheme)) is allowed


def test_a_trusted_origin_and_a_proxy_that_took_https(settings):
    settings.ALLOWED_HOSTS = ["studio.example"]
    settings.CSRF_TRUSTED_ORIGINS = ["https://play.example:8443"]
    assert same_origin(scope("https://play.example:8443", "studio.example"))
    assert not same_origin(scope("https://play.example", "studio.example"))
    # TLS ended at the proxy: the handshake came in as ws, the proxy says https.
    assert not same_origin(scope("https://studio.example", "studio.example", x_forwarded_proto="https"))
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    assert same_origin(scope("https://studio.example", "studio.example", x_forwarded_proto="https"))
    assert not same_origin(scope("http://studio.example", "studio.example", x_forwarded_proto="https"))
    settings.USE_X_FORWARDED_HOST = True
    assert same_origin(scope("http://studio.example", "internal:8000", x_forwarded_host="studio.example"))


def test_parse_origin():
    assert parse_origin("HTTPS://Studio.Example") == ("https", "studio.example", 443)
    assert parse_origin("http://studio.example:8000") == ("http", "studio.example", 8000)
    assert parse_origin("null") is None and parse_origin("http://") is None


@pytest.mark.django_db  # channels' consumers close the old database connections on each message
def test_another_origin_is_refused_before_the_application(settings):
    settings.ALLOWED_HOSTS = ["localhost"]
    reached = []

    async def app(scope, receive, send):
        reached.append(scope)

    async def handshake(origin: str):
        sent = []
        messages = iter([{"type": "websocket.connect"}, {"type": "websocket.disconnect", "code": 1000}])

        async def receive():
            return next(messages)

        async def send(message):
            sent.append(message)

        await SameOriginValidator(app)(scope(origin, "localhost:8000"), receive, send)
        return sent

    assert in_a_thread(handshake("http://localhost:9999")) == [{"type": "websocket.close"}]
    assert not reached
    assert in_a_thread(handshake("http://localhost:8000")) == [] and len(reached) == 1


def in_a_thread(coroutine):
    """Run ``coroutine`` on an event loop of its own, in a thread of its own: once the browser tests
    have run in this process, Playwright's loop is marked running in the test thread, where
    async_to_sync refuses to start another (the suite failed so when xdist gave this test such a
    process)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
