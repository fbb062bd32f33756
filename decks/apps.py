from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = "Decks"

    def ready(self):
        from . import receivers  # noqa: F401  (connects the cards_changed receiver)
