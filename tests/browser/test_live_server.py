"""The browser tests' live servers count the requests they are answering, so that a test's end (its
flush) waits for a poll still being answered (tests/browser/conftest.py). No browser here: a plain
HTTP request to a server whose application holds its answer until told."""

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
