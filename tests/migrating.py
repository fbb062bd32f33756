"""Helpers for the data migrations' tests.

``ThrowawayDatabase``: a database of its own for a data migration's test (the ``throwaway_database``
fixture, tests/conftest.py), migrated forward from empty to the migration before the one tested,
then on. The test database is never migrated backwards: undoing a dozen migrations of many apps
re-renders every model at each step, which cost most of these tests' minute of CPU (issue 42).

``migrate_to_latest`` leaves the test database as ``manage.py migrate`` would (tests/test_migrating.py
moves the test database itself: it tests the search index there)."""

from __future__ import annotations

import copy

from django.apps import apps
from django.core.management.sql import emit_post_migrate_signal
from django.db import connection, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.state import StateApps
from django.db.models.signals import post_migrate

ALIAS = "migrations"


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


class ToThrowaway:
    """While a test has a throwaway database, every model's queries go to it: the data migrations
    that use ``objects`` without naming their database (the router decides) fill it, not the test
    database."""

    def db_for_read(self, model, **hints):
        return ALIAS

    def db_for_write(self, model, **hints):
        return ALIAS


class ThrowawayDatabase:
    """An empty database under the alias ``migrations``, of the default database's vendor: in memory
    on SQLite, ``<test database>_migrations`` on PostgreSQL. ``drop`` forgets it."""

    alias = ALIAS

    def __init__(self) -> None:
        settings = copy.deepcopy(connections.settings["default"])
        settings["TEST"] = {**settings.get("TEST", {}), "NAME": None}
        if connections["default"].vendor != "sqlite":
            settings["TEST"]["NAME"] = f"{settings['NAME']}_{ALIAS}"
        settings["OPTIONS"].pop("pool", None)
        connections.settings[ALIAS] = settings
        creation = connections[ALIAS].creation
        # On SQLite, "file:memorydb_migrations?mode=memory&cache=shared": it lives while the
        # connection does. On PostgreSQL, a database made (or made again) now.
        name = creation._create_test_db(verbosity=0, autoclobber=True, keepdb=False)
        connections[ALIAS].close()
        settings["NAME"] = name
        connections[ALIAS].settings_dict["NAME"] = name

    def migrate(self, targets: list[tuple[str, str]]) -> StateApps:
        """Migrate to ``targets`` as ``manage.py migrate`` would (its ``post_migrate`` included: the
        decks app stores the rule sets' formats then); the historical models there."""
        executor = MigrationExecutor(connections[ALIAS])
        plan = executor.migration_plan(targets)
        executor.migrate(targets, plan=plan)
        historical = executor.loader.project_state(targets).apps
        emit_post_migrate_signal(0, False, ALIAS, apps=historical, plan=plan)
        return historical

    def migrate_to_latest(self, *app_labels: str) -> StateApps:
        """To the latest migrations of ``app_labels`` and what they depend on, or of every app.
        An app's own latest migration is enough for its current models to read their tables: every
        app's costs a data migration's test its other apps' migrations from empty (7 CPU-seconds)."""
        leaves = MigrationExecutor(connections[ALIAS]).loader.graph.leaf_nodes()
        return self.migrate([leaf for leaf in leaves if not app_labels or leaf[0] in app_labels])

    def drop(self) -> None:
        connection = connections[ALIAS]
        name = connection.settings_dict["NAME"]
        if connection.vendor == "sqlite":
            # Django's close() leaves an in-memory database open (closing it would lose it): the next
            # test's throwaway database was this one, its migrations applied and its rows kept.
            BaseDatabaseWrapper.close(connection)
        else:
            connection.close()
            connection.creation._destroy_test_db(name, verbosity=0)
        del connections[ALIAS]
        del connections.settings[ALIAS]
