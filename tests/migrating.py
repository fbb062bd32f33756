"""The data migrations' tests move the test database back and forth; ``migrate_to_latest`` leaves it as
``manage.py migrate`` would."""

from django.apps import apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.models.signals import post_migrate


def migrate_to_latest() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    # The executor sends no post_migrate (the command does). On SQLite a migration that rebuilds
    # cards_card drops the search index's triggers, and the cards app puts them back on that signal:
    # without it, every card made later in this process is missing from search. Only the cards app
    # hears it here: the other receivers would write rows the next test does not expect.
    cards = apps.get_app_config("cards")
    post_migrate.send(
        sender=cards,
        app_config=cards,
        verbosity=0,
        interactive=False,
        using=connection.alias,
        apps=apps,
        plan=[],
    )
