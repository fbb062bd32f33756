"""The Celery app of Card Studio.

Apps never import it: they enqueue their tasks by name, on commit, through
:func:`common.enqueue.enqueue_on_commit`.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "studio.settings")

app = Celery("studio")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
