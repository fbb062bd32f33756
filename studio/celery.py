"""The Celery app of Card Studio.

Tasks are enqueued with ``task.delay_on_commit(...)`` so a worker never sees
data that was rolled back. Unlike Celery's own ``DjangoTask``, a broker that
cannot be reached does not turn a successful write into an error: the failure
is logged and the work is left for the catch-up commands and periodic sweeps.
"""

import functools
import logging
import os

from celery import Celery
from celery.contrib.django.task import DjangoTask
from django.db import transaction
from kombu.exceptions import OperationalError

logger = logging.getLogger("studio.tasks")

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "studio.settings")


class StudioTask(DjangoTask):
    def delay_on_commit(self, *args, **kwargs) -> None:
        transaction.on_commit(functools.partial(self._enqueue, args, kwargs), robust=True)

    def _enqueue(self, args, kwargs, **options):
        try:
            return self.apply_async(args, kwargs, **options)
        except (OperationalError, OSError) as exc:
            logger.warning(
                "could not enqueue %s%r: %s; a later sweep will catch up", self.name, tuple(args), exc
            )
            return None


app = Celery("studio", task_cls=StudioTask)
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
