"""Background work is enqueued by task name, once the transaction commits.

By name, so that services never import their app's ``tasks`` module (which imports
the services): no import cycle. On commit, so a worker never sees data that was
rolled back. A broker that cannot be reached does not turn a successful write into
an error: the failure is logged and the work is left for the catch-up commands and
periodic sweeps (every task is idempotent and passed ids).
"""

from __future__ import annotations

import functools
import logging

from celery import current_app
from django.db import transaction
from kombu.exceptions import OperationalError

logger = logging.getLogger("studio.tasks")


def enqueue_on_commit(name: str, *args, **kwargs) -> None:
    """Send the task ``name`` with these arguments once the current transaction commits."""
    transaction.on_commit(functools.partial(send, name, args, kwargs), robust=True)


def send(name: str, args: tuple = (), kwargs: dict | None = None):
    """Send the task ``name`` now (run in-process when tasks are eager); None if the broker is down."""
    try:
        # A signature by name runs the registered task's own apply_async (routes, eager mode).
        return current_app.signature(name, args=tuple(args), kwargs=kwargs or {}).apply_async()
    except (OperationalError, OSError) as exc:
        logger.warning("could not enqueue %s%r: %s; a later sweep will catch up", name, tuple(args), exc)
        return None
