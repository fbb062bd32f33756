from django.apps import AppConfig


class ArtworkConfig(AppConfig):
    name = "artwork"
    verbose_name = "Artwork"
