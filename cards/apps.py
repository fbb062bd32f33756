from django.apps import AppConfig


class CardsConfig(AppConfig):
    name = "cards"
    verbose_name = "Cards"

    def ready(self):
        from rules import registry

        # Fill the rule-set registry at start-up, like admin.autodiscover().
        registry.autodiscover()
