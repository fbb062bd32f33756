from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FacesConfig(AppConfig):
    name = "faces"
    verbose_name = _("Card faces")

    def ready(self):
        from . import receivers  # noqa: F401  (renditions follow card, artwork and template changes)
