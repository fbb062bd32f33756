"""Helpers for the data migrations' tests.

``ThrowawayDatabase``: a database of its own for a data migration's test (the ``throwaway_database``
fixture, tests/conftest.py), migrated forward from empty to the migration before the one tested,
then on. The test database is never migrated: undoing a few migrations of it re-renders every
model of every app at each step (8 CPU-seconds a test), and its serialized rollback reloads it.

On SQLite, a throwaway database's first migration (from empty to the targets a test names) is saved
beside the migrated test database (tests/migrated_database.py, under the same key: made again when
a migration or source changes) and copied by the next test or run that names the same targets; the
migrations a test then applies (the ones it tests) run as they would on any database."""

from __future__ import annotations

import copy
import hashlib
from pathlib import Path

from django.core.management.sql import emit_post_migrate_signal
from django.db import connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.state import StateApps

from tests import migrated_database

ALIAS = "migrations"


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
        self.empty = True

    def migrate(self, targets: list[tuple[str, str]]) -> StateApps:
        """Migrate to ``targets`` as ``manage.py migrate`` would (its ``post_migrate`` included: the
        decks app stores the rule sets' formats then); the historical models there. From empty, a
        copy of the database migrated so before, if any (SQLite)."""
        connection = connections[ALIAS]
        saved = self.empty and _saved(connection, targets)
        self.empty = False
        if saved and saved.exists():
            migrated_database._load(connection, saved)
            return MigrationExecutor(connection).loader.project_state(targets).apps
        executor = MigrationExecutor(connection)
        plan = executor.migration_plan(targets)
        executor.migrate(targets, plan=plan)
        historical = executor.loader.project_state(targets).apps
        emit_post_migrate_signal(0, False, ALIAS, apps=historical, plan=plan)
        if saved:
            migrated_database._save(connection, saved)
        return historical

    def migrate_to_latest(self, *app_labels: str) -> StateApps:
        """To the latest migrations of ``app_labels`` and what they depend on, or of every app.
        An app's own latest migration is enough for its current models to read their tables: every
        app's costs a data migration's test its other apps' migrations from empty (7 CPU-seconds)."""
        leaves = MigrationExecutor(connections[ALIAS]).loader.graph.leaf_nodes()
        return self.migrate([leaf for leaf in leaves if not app_labels or leaf[0] in app_labels])

    def migrate_to_latest_before(self, node: tuple[str, str], *app_labels: str) -> StateApps:
        """Every app, or ``node``'s and ``app_labels`` (and what they depend on), to its latest
        migration but ``node`` and the migrations that depend on it."""
        graph = MigrationExecutor(connections[ALIAS]).loader.graph
        kept = set(graph.nodes) - set(graph.backwards_plan(node))
        if not app_labels:
            return self.migrate(
                sorted(n for n in kept if not any(child.key in kept for child in graph.node_map[n].children))
            )
        apps = {node[0], *app_labels}
        return self.migrate(
            sorted(
                n
                for n in kept
                if n[0] in apps
                and not any(c.key in kept and c.key[0] == n[0] for c in graph.node_map[n].children)
            )
        )

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


def _saved(connection, targets: list[tuple[str, str]]) -> Path | None:
    """Where a throwaway database migrated from empty to ``targets`` is kept: beside this process's
    migrated test database (its key's folder), on SQLite only."""
    migrated = migrated_database.FILES.get("migrated")
    if migrated is None or connection.vendor != "sqlite":
        return None
    name = hashlib.sha256(repr(sorted(targets)).encode()).hexdigest()[:16]
    return migrated.parent / f"throwaway-{name}.sqlite3"
