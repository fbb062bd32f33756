"""Background work is enqueued by task name, once the transaction commits.

By name, so that services never import their app's ``tasks`` module (which imports
the services): no import cycle. On commit, so a worker never sees data that was
rolled back. A broker or result backend that cannot be reached does not turn a
successful write into an error, nor make it slow: any failure to enqueue is logged,
the caller's ``on_failure`` records the work as not enqueued, and the periodic
sweeps send it again (every task is idempotent and passed ids). After one failure,
enqueues are not even tried for ``CELERY_ENQUEUE_BACKOFF_SECONDS``, so a write that
enqueues many tasks (an image batch) stays as fast as one that enqueues none.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable

from celery import current_app
from django.conf import settings
from django.db import transaction

logger = logging.getLogger("studio.tasks")

OnFailure = Callable[[Exception], None]


class BrokerBreaker:
    """Remembers, for a few seconds, that the broker could not be reached (per process)."""

    def __init__(self) -> None:
        self.down_until = 0.0

    def is_open(self) -> bool:
        return time.monotonic() < self.down_until

    def trip(self, seconds: float) -> None:
        self.down_until = time.monotonic() + seconds

    def reset(self) -> None:
        self.down_until = 0.0


breaker = BrokerBreaker()


class NotEnqueued(Exception):
    """The broker was taken as down (a recent failure): the task was not tried."""


def runs_here() -> bool:
    """Whether a task sent now runs in this process (the embedded default's eager tasks) rather than
    on a worker: the Celery app's own setting, which tests and commands may change after start."""
    return bool(current_app.conf.task_always_eager)


def enqueue_on_commit(name: str, *args, on_failure: OnFailure | None = None, **kwargs) -> None:
    """Send the task ``name`` with these arguments once the current transaction commits."""
    transaction.on_commit(functools.partial(send, name, args, kwargs, on_failure=on_failure), robust=True)


def send(name: str, args: tuple = (), kwargs: dict | None = None, *, on_failure: OnFailure | None = None):
    """Send the task ``name`` now (run in-process when tasks are eager); on any failure log it, call
    ``on_failure`` and answer None: never raise."""
    eager = runs_here()
    try:
        if not eager and breaker.is_open():
            raise NotEnqueued("the broker could not be reached moments ago")
        # A signature by name runs the registered task's own apply_async (routes, eager mode).
        return current_app.signature(name, args=tuple(args), kwargs=kwargs or {}).apply_async()
    except Exception as exc:
        # Kombu's OperationalError, a socket error, the Redis result backend's RuntimeError
        # ("Retry limit exceeded"), a timeout: whatever it is, the write already committed.
        if not eager:  # in-process, the task itself failed: the broker is not the cause
            breaker.trip(settings.CELERY_ENQUEUE_BACKOFF_SECONDS)
        logger.warning("could not enqueue %s%r: %s; a later sweep will catch up", name, tuple(args), exc)
        if on_failure is not None:
            try:
                on_failure(exc)
            except Exception:
                logger.exception("could not record that %s was not enqueued", name)
        return None
