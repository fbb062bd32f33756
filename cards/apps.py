from django.apps import AppConfig
from django.db.models.signals import post_migrate


class CardsConfig(AppConfig):
    name = "cards"
    verbose_name = "Cards"

    def ready(self):
        from rules import registry

        # Fill the rule-set registry at start-up, like admin.autodiscover().
        registry.autodiscover()
        post_migrate.connect(_check_search_index, sender=self)


def _check_search_index(sender, using, **kwargs):
    """SQLite drops a table's triggers when a migration rebuilds it: put the search index back."""
    from django.db import connections
    from django.db.migrations.recorder import MigrationRecorder

    from . import search_index

    connection = connections[using]
    if connection.vendor != "sqlite":
        return
    applied = MigrationRecorder(connection).applied_migrations()
    if ("cards", "0005_search_columns") in applied:
        search_index.ensure_sqlite(connection)
    if ("cards", "0009_search_translated_names_and_texts") in applied:
        search_index.ensure_sqlite_translations(connection)
