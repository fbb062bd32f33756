from django.apps import AppConfig


class PlaystatsConfig(AppConfig):
    name = "playstats"
    verbose_name = "Play statistics"
