"""GET /healthz for load balancers: the database, and the broker when one is set, answer.

The cache (``CACHE_URL``) is reported too, but a cache that does not answer is ``degraded``, not
failing (200): the throttles fail open and the studio serves on (``studio.throttling``). The
counters say how often this process found the cache down and how many requests went unthrottled.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import connections
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

logger = logging.getLogger(__name__)
BROKER_TIMEOUT = 2.0


def check_database() -> str | None:
    """None when every configured database answers ``SELECT 1``; else what went wrong."""
    for alias in connections:
        try:
            with connections[alias].cursor() as cursor:
                cursor.execute("SELECT 1")
                cursor.fetchone()
        except Exception as exc:  # any failure is a failed check, reported, never a 500
            return f"{alias}: {type(exc).__name__}: {str(exc).strip()[:200]}"
    return None


def check_broker() -> str | None:
    """None when the Celery broker accepts a connection (or none is set); else what went wrong."""
    if not settings.CELERY_BROKER_URL:
        return None
    from studio.celery import app

    try:
        with app.connection_for_write(settings.CELERY_BROKER_URL) as connection:
            connection.ensure_connection(max_retries=1, timeout=BROKER_TIMEOUT)
    except Exception as exc:
        return f"{type(exc).__name__}: {str(exc).strip()[:200]}"
    return None


def check_cache() -> str | None:
    """None when the cache answers a read; else what went wrong."""
    from django.core.cache import cache

    try:
        cache.get("healthz:probe")
    except Exception as exc:
        return f"{type(exc).__name__}: {str(exc).strip()[:200]}"
    return None


@never_cache
@require_GET
def healthz(request):
    from .throttling import outage

    checks = {"database": check_database()}
    if settings.CELERY_BROKER_URL:
        checks["broker"] = check_broker()
    cache_problem = check_cache()
    failed = sorted(name for name, problem in checks.items() if problem)
    body = {
        "status": "ok" if not failed else "failing",
        "checks": {name: problem or "ok" for name, problem in checks.items()},
        "counters": outage.counters(),
    }
    body["checks"]["cache"] = cache_problem or "ok"
    if cache_problem:
        body["degraded"] = ["cache"]
        logger.warning("health check: the cache is down, the throttles fail open: %s", cache_problem)
    if failed:
        body["failed"] = failed
        logger.error("health check failed: %s", body["checks"])
    return JsonResponse(body, status=503 if failed else 200)
