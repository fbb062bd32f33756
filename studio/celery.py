"""The Celery app of Card Studio.

Tasks are enqueued with ``task.delay_on_commit(...)`` so a worker never sees
data that was rolled back. Unlike Celery's own ``DjangoTask``, a broker or a
result backend that cannot be reached does not turn a successful write into an
error, nor make it slow: any failure to enqueue is logged, the caller's
``on_failure`` records the work as not enqueued, and the periodic sweeps send
it again. After one failure, enqueues are not even tried for
``CELERY_ENQUEUE_BACKOFF_SECONDS``, so a write that enqueues many tasks (an
image batch) stays as fast as one that enqueues none.
"""

from __future__ import annotations

import functools
import logging
import os
import time
from collections.abc import Callable

from celery import Celery
from celery.contrib.django.task import DjangoTask
from django.db import transaction

logger = logging.getLogger("studio.tasks")

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "studio.settings")


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


class StudioTask(DjangoTask):
    def delay_on_commit(self, *args, on_failure: Callable[[Exception], None] | None = None, **kwargs) -> None:
        transaction.on_commit(
            functools.partial(self.enqueue, args, kwargs, on_failure=on_failure), robust=True
        )

    def enqueue(self, args, kwargs, *, on_failure: Callable[[Exception], None] | None = None, **options):
        """Send the task now; on any failure log it, call ``on_failure`` and answer None (never raise)."""
        eager = self.app.conf.task_always_eager
        try:
            if not eager and breaker.is_open():
                raise NotEnqueued("the broker could not be reached moments ago")
            return self.apply_async(args, kwargs, **options)
        except Exception as exc:
            # Kombu's OperationalError, a socket error, the Redis result backend's RuntimeError
            # ("Retry limit exceeded"), a timeout: whatever it is, the write already committed.
            from django.conf import settings

            if not eager:  # in-process, the task itself failed: the broker is not the cause
                breaker.trip(getattr(settings, "CELERY_ENQUEUE_BACKOFF_SECONDS", 10))
            logger.warning(
                "could not enqueue %s%r: %s; a later sweep will catch up", self.name, tuple(args), exc
            )
            if on_failure is not None:
                try:
                    on_failure(exc)
                except Exception:
                    logger.exception("could not record that %s was not enqueued", self.name)
            return None

    # The old name, kept for callers outside the studio's own code.
    _enqueue = enqueue


app = Celery("studio", task_cls=StudioTask)
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
