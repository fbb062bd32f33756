"""A heartbeat on long work: while a task runs in a worker, a thread writes "still alive" every
``WORK_HEARTBEAT_SECONDS`` (an audit's or a print job's ``heartbeat_at``).

A worker killed in the middle (``kill -9``, the machine lost) stops beating; the periodic sweeps
take work whose heartbeat is older than ``WORK_STALE_AFTER`` as abandoned and send it again (the
tasks are safe to run twice). In-process (eager) tasks need none: they end with their request.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable, Iterator

from django.conf import settings
from django.db import connections

from common.enqueue import runs_here

logger = logging.getLogger(__name__)


@contextlib.contextmanager
def beating(touch: Callable[[], object], *, every: float) -> Iterator[None]:
    """Call ``touch()`` every ``every`` seconds, in a thread, while the block runs."""
    stop = threading.Event()

    def loop() -> None:
        try:
            while not stop.wait(every):
                try:
                    touch()
                except Exception:  # a missed beat is not the work's failure
                    logger.warning("heartbeat failed", exc_info=True)
        finally:
            connections.close_all()  # this thread's own connections

    thread = threading.Thread(target=loop, name="heartbeat", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(timeout=every + 5)


def heartbeat(touch: Callable[[], object]):
    """:func:`beating` at ``WORK_HEARTBEAT_SECONDS`` in a worker; nothing for an in-process task.

    Nor on SQLite: a second writer there waits for the work's own writes (one writer at a time) and
    can make them fail with "database is locked"; the work's progress writes are its heartbeat.
    """
    if runs_here() or connections["default"].vendor == "sqlite":
        return contextlib.nullcontext()
    return beating(touch, every=settings.WORK_HEARTBEAT_SECONDS)
