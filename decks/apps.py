from django.apps import AppConfig
from django.db.models.signals import post_migrate


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = "Decks"

    def ready(self):
        from cards import page_parts

        from . import checks, receivers  # noqa: F401  (registers the system checks; connects cards_changed)
        from .selectors import decks_legal_with, decks_with_card

        # What the card page says of decks: the legal ones disabling it breaks, those an edit affects.
        page_parts.decks_legal_with.fill(decks_legal_with)
        page_parts.decks_with_card.fill(decks_with_card)
        from .defaults import store_default_formats_after_migrate

        post_migrate.connect(
            store_default_formats_after_migrate, sender=self, dispatch_uid="decks.store_default_formats"
        )
