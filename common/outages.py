"""A database that cannot be reached: the answer says so (503, ``Retry-After``), never a 500.

A connection lost in the middle of a request (the server restarted, a failover, a network cut)
raises ``OperationalError`` or ``InterfaceError``; nothing of the request was committed (each write
is one transaction). The API answers JSON 503 with ``Retry-After`` (``common.api``'s handler,
``studio.errors.server_error`` for what fails outside a view); an idempotent API request (GET,
HEAD, OPTIONS) is tried once more on a fresh connection first (``studio.middleware``).
"""

from __future__ import annotations

import logging

from django.db import InterfaceError, OperationalError, connections
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)

DATABASE_ERRORS = (OperationalError, InterfaceError)
# Seconds a client waits before it tries again: a restart or a failover takes a few.
RETRY_AFTER_SECONDS = 5
IDEMPOTENT_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def is_database_outage(exc: BaseException | None) -> bool:
    return isinstance(exc, DATABASE_ERRORS)


def message() -> str:
    return _(
        "the database cannot be reached at the moment; nothing of this request was saved. "
        "Try again in a few seconds"
    )


def body() -> dict:
    return {"detail": message(), "code": "database_unavailable", "retryAfter": RETRY_AFTER_SECONDS}


def headers() -> dict[str, str]:
    return {"Retry-After": str(RETRY_AFTER_SECONDS)}


def forget_broken_connections() -> None:
    """Close the connections that failed (outside a transaction), so the next query opens a new one."""
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close_if_unusable_or_obsolete()


def log(exc: BaseException, request=None) -> None:
    path = getattr(request, "path", "")
    logger.warning("database unavailable during %s %s: %s", getattr(request, "method", ""), path, exc)
