"""HTTP under ASGI as fast as WSGI serves it: Django's synchronous handler on a bounded pool of threads.

Django's own ASGI handler ran each request in a new thread of its own (``ThreadSensitiveContext``)
and went back and forth between the event loop and that thread at every change between a
synchronous and an asynchronous middleware (the studio's are mostly synchronous): about 15 % more
CPU a request than gunicorn's sync workers on ``studio.wsgi`` (bench/README.md, "Load"), and with
``CONN_MAX_AGE`` every request's thread kept a connection of its own until PostgreSQL refused more
("too many clients").

:class:`ThreadPoolHTTP` keeps the event loop (daphne's under runserver, uvicorn's: HTTP and the
tables' WebSockets in one process, behind one address) for reading the request and writing the response,
and runs everything else as WSGI does, synchronously and in one go: ``request_started``, the
middleware chain built for synchronous use, the view, ``request_finished``, in one of
``WEB_THREADS`` threads of the process (4 by default: the size of the process's pool of
PostgreSQL connections that ``scripts/entrypoint web`` sets); a streaming response is read and
sent from that thread too. The threads are entered through asgiref (``sync_to_async`` with an
executor): a view that calls ``async_to_sync`` (a move announced to the
table's sockets, tables/realtime.py) is run on the process's event loop, as under Django's handler,
so the in-memory channel layer of a single process still delivers.

Production serving (``scripts/entrypoint web``) no longer sends HTTP here: gunicorn's uvicorn
workers kept each client's keep-alive connection on the process that accepted it first, however
busy, and the tail of the latencies was twice that of gunicorn's sync workers on ``studio.wsgi``,
which now serve HTTP there behind Caddy (bench/README.md, "Load"). What that role refuses at start
is :mod:`studio.web_role`'s.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing

from asgiref.sync import async_to_sync, sync_to_async
from django.core import signals
from django.core.exceptions import ImproperlyConfigured, RequestAborted
from django.core.handlers import base
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.http import FileResponse
from django.urls import set_script_prefix


def http_threads() -> int:
    """``WEB_THREADS``: the threads of a web process that run HTTP requests (at least 1; default 4)."""
    raw = os.environ.get("WEB_THREADS") or "4"
    try:
        threads = int(raw)
    except ValueError:
        threads = 0
    if threads < 1:
        raise ImproperlyConfigured(f"WEB_THREADS must be a whole number of threads, 1 or more (not {raw!r})")
    return threads


class ThreadPoolHTTP(ASGIHandler):
    """An ASGI application for HTTP: Django's synchronous request handling, one hop to a thread."""

    def __init__(self, threads: int | None = None):
        base.BaseHandler.__init__(self)
        # The chain as WSGI builds it: no hop between middlewares.
        self.load_middleware(is_async=False)
        self.threads = threads or http_threads()
        self.executor = ThreadPoolExecutor(max_workers=self.threads, thread_name_prefix="http")

    def in_pool(self, func):
        return sync_to_async(func, thread_sensitive=False, executor=self.executor)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            raise ValueError(f"ThreadPoolHTTP serves HTTP only, not {scope['type']}")
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        with closing(body_file):
            response = await self.in_pool(self.respond)(scope, body_file, send)
            if response is not None:  # whole and closed already (request_finished sent)
                await self.send_response(response, send)

    def respond(self, scope, body_file, send):
        """In a pool thread, what WSGIHandler.__call__ does: the response, closed, to be sent from the
        loop; or a streaming response sent from here, part by part, and closed (None)."""
        set_script_prefix(get_script_prefix(scope))
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, response = self.create_request(scope, body_file)
        if request is not None:
            response = self.get_response(request)
            response._handler_class = self.__class__
            if isinstance(response, FileResponse):
                response.block_size = self.chunk_size
        if not response.streaming:
            response.close()
            return response
        try:
            self.stream(response, async_to_sync(send))
        finally:
            response.close()
        return None

    def stream(self, response, send) -> None:
        """A streaming response, read in the thread that ran its view (a generator may hold that
        thread's database connection; a file is never read whole), each part sent through the loop
        before the next is read."""
        send(
            {"type": "http.response.start", "status": response.status_code, "headers": self.headers(response)}
        )
        for part in response:
            for chunk, _ in self.chunk_bytes(part):
                send({"type": "http.response.body", "body": chunk, "more_body": True})
        send({"type": "http.response.body"})

    @staticmethod
    def headers(response) -> list[tuple[bytes, bytes]]:
        headers = []
        for header, value in response.items():
            if isinstance(header, str):
                header = header.encode("ascii")
            if isinstance(value, str):
                value = value.encode("latin1")
            headers.append((bytes(header), bytes(value)))
        for cookie in response.cookies.values():
            headers.append((b"Set-Cookie", cookie.OutputString().encode("ascii")))
        return headers
