from django.apps import AppConfig
from django.db.models.signals import post_migrate


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = "Decks"

    def ready(self):
        from . import checks, receivers  # noqa: F401  (registers the system checks; connects cards_changed)
        from .defaults import store_default_formats_after_migrate

        post_migrate.connect(
            store_default_formats_after_migrate, sender=self, dispatch_uid="decks.store_default_formats"
        )
