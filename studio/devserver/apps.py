from django.apps import AppConfig


class DevserverConfig(AppConfig):
    name = "studio.devserver"
    label = "devserver"
    verbose_name = "Development server"
