"""The live server of the tests that use one (``live_server``: the browser tests, the generated
clients' tour): it counts the requests it is answering, so that a test's end (its flush) waits for
them, and answers none between tests; on SQLite it answers one at a time, in turns with the test's
own thread (``Turn``, the browser tests).

Every test that uses the live server opens it as it begins and closes it as it ends (tests/conftest.py,
``_live_server_answers``), wherever it lives: the server is one for the whole session, and a test
outside tests/browser/ that ran after a browser test found it closed (issue 40: the generated
client's first request answered "503 The live server answers no request between tests." within a
whole run, where the test passed alone).
"""

from __future__ import annotations

import threading

from django.conf import settings
from django.core.servers.basehttp import ThreadedWSGIServer
from django.test.testcases import LiveServerThread


class Answers:
    """The requests the live server is answering, and whether it answers at all: a test's end waits
    for none, then closes the studio until the next test begins.

    A page's poll, sent just before its browser closed, is still being answered when the test's
    flush empties the tables: on SQLite it reads the one connection the flush uses ("database table
    is locked"); on PostgreSQL its reads and the flush's TRUNCATE can lock each other ("couldn't be
    flushed", a deadlock PostgreSQL breaks by failing the flush). Waiting is not enough: a request
    Chromium sent before its page closed can reach the server after the wait saw none (CI: "database
    table is locked: auth_user" at a flush). Between tests such a request gets a 503, the studio
    never called.
    """

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._count = 0
        self._open = True

    def begin(self) -> bool:
        """Count a request the studio is to answer; False while it is closed (between tests)."""
        with self._changed:
            if not self._open:
                return False
            self._count += 1
            return True

    def end(self) -> None:
        with self._changed:
            self._count -= 1
            self._changed.notify_all()

    def open(self) -> None:
        with self._changed:
            self._open = True

    def close_when_idle(self, timeout: float) -> bool:
        """Wait until no request is being answered, then answer none until ``open``; False if a
        request was still being answered after ``timeout`` seconds (the studio stays open)."""
        with self._changed:
            if not self._changed.wait_for(lambda: self._count == 0, timeout):
                return False
            self._open = False
            return True


ANSWERS = Answers()

CLOSED = b"The live server answers no request between tests."


class _Counted:
    """An answer's body, counted in ``ANSWERS`` until the server closes it (Django's request_finished,
    which closes the request's database connection, runs in that close)."""

    def __init__(self, body, done):
        self.body = body
        self.done = done

    def __iter__(self):
        return iter(self.body)

    def close(self):
        try:
            if hasattr(self.body, "close"):
                self.body.close()
        finally:
            self.done()


class CountedThreadedWSGIServer(ThreadedWSGIServer):
    """Django's live server, a thread per connection, each request counted from its application's
    call to its body's close: per request, not per connection (a page kept open, the reused
    contexts' ``keeper``, keeps its connection alive). Between tests it answers 503 itself."""

    def set_app(self, application):
        def counted(environ, start_response):
            if not self.begin():
                start_response("503 Service Unavailable", [("Content-Type", "text/plain")])
                return [CLOSED]
            try:
                return _Counted(application(environ, start_response), self.end)
            except BaseException:
                self.end()
                raise

        super().set_app(counted)

    def begin(self) -> bool:
        return ANSWERS.begin()

    def end(self) -> None:
        ANSWERS.end()


class SerialWSGIServer(CountedThreadedWSGIServer):
    """The live server answering one request at a time, each connection in a thread of its own: an
    idle connection (a preconnect, a socket kept alive) never holds the others up."""

    # One answer at a time: the in-memory SQLite connection is shared by every thread.
    answering = threading.Lock()

    def begin(self) -> bool:
        self.answering.acquire()
        if super().begin():
            return True
        self.answering.release()
        return False

    def end(self) -> None:
        super().end()
        self.answering.release()


class Turn:
    """The serial live server's turn to use the database, taken by the test's own thread while it
    runs and lent while it waits for the browser (a Playwright call), when the pages' requests are
    answered.

    On SQLite the test's thread shares the one connection with the live server: a query of its own
    (an assertion, a change made "elsewhere") beside a request's would fail one of them ("database
    table is locked: decks_deck"), and the page would show "the studio failed to answer" (CI: a deck
    builder's search, then its refresh, lost that way)."""

    def __init__(self, lock: threading.Lock) -> None:
        self.lock = lock
        self.holder: int | None = None
        self.lent = False

    def take(self) -> None:
        self.lock.acquire()
        self.holder = threading.get_ident()

    def give_back(self) -> None:
        self.holder = None
        self.lock.release()

    def lending(self, wait):
        """``wait`` (Playwright's wait for a call's answer), the turn lent to the live server meanwhile.
        A handler Playwright calls during the wait (``page.on``) runs in this thread, turn lent."""

        def wait_lending_the_turn(*args, **kwargs):
            if self.holder != threading.get_ident() or self.lent:
                return wait(*args, **kwargs)
            self.lent = True
            self.lock.release()
            try:
                return wait(*args, **kwargs)
            finally:
                self.lock.acquire()
                self.lent = False

        return wait_lending_the_turn


# On SQLite the test database lives in memory and the live server shares the test's one
# connection with its request threads: two requests at once (a builder polling its panel while
# another person's page loads) would use that connection together ("bad parameter or other API
# misuse"), and so would the test's thread beside a request (``Turn``). PostgreSQL gives each thread
# its own connection and answers requests at once.
SERIAL = settings.DATABASES["default"]["ENGINE"].endswith("sqlite3")
TURN = Turn(SerialWSGIServer.answering)


def install() -> None:
    """Make the session's live server one of these (before it starts)."""
    LiveServerThread.server_class = SerialWSGIServer if SERIAL else CountedThreadedWSGIServer
