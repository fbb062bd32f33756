"""The browser tests' live servers count the requests they are answering, so that a test's end (its
flush) waits for a poll still being answered, and answer none between tests (tests/live_serving.py).
No browser here: a plain HTTP request to a server whose application holds its answer until told."""

import socket
import threading
import urllib.error
import urllib.request

import pytest
from django.core.servers.basehttp import WSGIRequestHandler

from tests.live_serving import ANSWERS, CountedThreadedWSGIServer, SerialWSGIServer, Turn


@pytest.fixture(autouse=True)
def _answering():
    """These servers count in the session's ``ANSWERS``, which the last test of the live server
    closed as it ended: open, as a test of the live server begins."""
    ANSWERS.open()
    yield
    ANSWERS.open()


class QuietHandler(WSGIRequestHandler):
    def log_message(self, *args):
        pass


@pytest.mark.parametrize("server_class", [SerialWSGIServer, CountedThreadedWSGIServer])
def test_a_request_being_answered_is_waited_for_and_none_answered_after(server_class):
    asked, release = threading.Event(), threading.Event()
    called = []

    def application(environ, start_response):
        called.append(environ["PATH_INFO"])
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
        assert not ANSWERS.close_when_idle(timeout=0.2)  # the request is still being answered
        release.set()
        assert ANSWERS.close_when_idle(timeout=10)
        client.join(10)
        assert answers == [b"ok"]
        # A request that reaches the server once the test has ended (a closed page's last poll) is
        # answered without the studio, which the flush is emptying.
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{url}late", timeout=10)
        assert refused.value.code == 503
        assert called == ["/"]
        ANSWERS.open()
        assert urllib.request.urlopen(f"{url}next", timeout=10).read() == b"ok"
        assert called == ["/", "/next"]
    finally:
        ANSWERS.open()
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


def test_on_sqlite_the_tests_thread_and_the_server_use_the_database_in_turns():
    """The test's thread holds the turn while it runs (its own queries) and lends it while it waits for
    the browser: only then is a request answered, and the turn comes back after the answer."""

    class Server(SerialWSGIServer):
        answering = threading.Lock()

    called, answers = [], []

    def application(environ, start_response):
        called.append(environ["PATH_INFO"])
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"ok"]

    server = Server(("127.0.0.1", 0), QuietHandler, allow_reuse_address=False)
    server.set_app(application)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/asked"
    client = threading.Thread(target=lambda: answers.append(urllib.request.urlopen(url, timeout=10).read()))
    turn = Turn(Server.answering)
    turn.take()
    try:
        client.start()
        client.join(0.5)
        assert called == [] and client.is_alive()  # not while the test's thread runs

        def wait_for_the_browser():
            client.join(10)
            return "answered"

        assert turn.lending(wait_for_the_browser)() == "answered"
        assert called == ["/asked"] and answers == [b"ok"]
        assert not Server.answering.acquire(blocking=False)  # the turn is the test's again
    finally:
        turn.give_back()
        server.shutdown()
        server.server_close()
