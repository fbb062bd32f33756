from django.apps import AppConfig


class StudioConfig(AppConfig):
    name = "studio"
    verbose_name = "Card Studio"

    def ready(self):
        # Apps enqueue tasks by name (common.enqueue): every process, not only workers, must
        # know every app's tasks, so that a name finds its task (its routes, eager mode in tests).
        from . import (
            preferences,  # noqa: F401 (its user_logged_in receiver)
            task_checks,  # noqa: F401 (registers its system check)
        )
        from .celery import app

        app.autodiscover_tasks(force=True)
