from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SimulationsConfig(AppConfig):
    name = "simulations"
    verbose_name = _("Simulation lab")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from playstats import page_parts

        from .selectors import lab_summary

        # The statistics page's block of the lab's games: how many, the first player's win rate.
        page_parts.lab_summary.fill(lab_summary)
