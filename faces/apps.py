from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FacesConfig(AppConfig):
    name = "faces"
    verbose_name = _("Card faces")

    def ready(self):
        from . import checks, receivers  # noqa: F401  (system checks; renditions follow card, artwork and template changes)
