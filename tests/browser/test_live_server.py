"""The browser tests' live servers count the requests they are answering, so that a test's end (its
flush) waits for a poll still being answered (tests/browser/conftest.py). No browser here: a plain
HTTP request to a server whose application holds its answer until told."""

import socket
import threading
import urllib.request

import pytest
from django.core.servers.basehttp import WSGIRequestHandler

from .conftest import ANSWERS, CountedThreadedWSGIServer, SerialWSGIServer


class QuietHandler(WSGIRequestHandler):
    def log_message(self, *args):
        pass


@pytest.mark.parametrize("server_class", [SerialWSGIServer, CountedThreadedWSGIServer])
def test_a_request_being_answered_is_waited_for(server_class):
    asked, release = threading.Event(), threading.Event()

    def application(environ, start_response):
        asked.set()
        release.wait(10)
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"ok"]

    server = server_class(("127.0.0.1", 0), QuietHandler, allow_reuse_address=False)
    server.set_app(application)
    serving = threading.Thread(target=server.serve_forever, daemon=True)
    serving.start()
    answers: list[bytes] = []
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    client = threading.Thread(target=lambda: answers.append(urllib.request.urlopen(url, timeout=10).read()))
    try:
        client.start()
        assert asked.wait(10)
        assert not ANSWERS.wait_for_none(timeout=0.2)  # the request is still being answered
        release.set()
        assert ANSWERS.wait_for_none(timeout=10)
        client.join(10)
        assert answers == [b"ok"]
    finally:
        release.set()
        server.shutdown()
        server.server_close()


def test_the_sqlite_server_answers_one_request_at_a_time_and_an_idle_connection_holds_nothing_up():
    """On SQLite the live server shares one database connection with every request: it answers
    one at a time. A connection opened and left idle (Chromium's preconnects) still holds no
    other request up."""
    inside, release = [], threading.Event()

    def application(environ, start_response):
        inside.append(environ["PATH_INFO"])
        if environ["PATH_INFO"] == "/slow":
            release.wait(10)
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [environ["PATH_INFO"].encode()]

    server = SerialWSGIServer(("127.0.0.1", 0), QuietHandler, allow_reuse_address=False)
    server.set_app(application)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    idle = socket.create_connection(server.server_address)  # opened, nothing sent
    try:
        assert urllib.request.urlopen(f"{base}/quick", timeout=5).read() == b"/quick"
        slow = threading.Thread(target=lambda: urllib.request.urlopen(f"{base}/slow", timeout=10).read())
        slow.start()
        while "/slow" not in inside:
            threading.Event().wait(0.01)
        second = threading.Thread(target=lambda: urllib.request.urlopen(f"{base}/after", timeout=10).read())
        second.start()
        second.join(0.3)
        assert inside == ["/quick", "/slow"]  # the second waits for the first's answer
        release.set()
        slow.join(10)
        second.join(10)
        assert inside == ["/quick", "/slow", "/after"]
    finally:
        release.set()
        idle.close()
        server.shutdown()
        server.server_close()
