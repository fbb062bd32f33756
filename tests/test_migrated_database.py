"""tests/migrated_database.py: the test database is a copy of the migrated one, made again whenever
what it is made from changes."""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
import types
from pathlib import Path

import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader

from rules.ruleset import RuleSet
from tests import migrated_database
from tests.migrated_database import FILES, PENDING, key


def _schema(db) -> list[tuple]:
    return db.execute("SELECT type, name, sql FROM sqlite_master ORDER BY type, name").fetchall()


@pytest.mark.django_db
def test_the_test_database_is_the_migrated_database_and_pending_lacks_only_the_last_migrations():
    if connection.vendor != "sqlite":
        pytest.skip("the test database is copied on SQLite only")
    every = set(MigrationLoader(None, ignore_no_migrations=True).graph.nodes)
    with connection.cursor() as cursor:
        cursor.execute("SELECT app, name FROM django_migrations")
        assert set(cursor.fetchall()) == every
        cursor.execute("SELECT type, name, sql FROM sqlite_master ORDER BY type, name")
        here = cursor.fetchall()
    with contextlib.closing(sqlite3.connect(FILES["migrated"])) as migrated:
        assert _schema(migrated) == here
    with contextlib.closing(sqlite3.connect(FILES["pending"])) as pending:
        applied = set(pending.execute("SELECT app, name FROM django_migrations"))
    assert applied < every and len(every - applied) == PENDING


def test_a_changed_migration_makes_another_key(tmp_path, monkeypatch):
    """The key is read from the migration files themselves: a copy gives the same key, an edit another."""
    import importlib.util

    real = importlib.util.find_spec("cards.migrations")
    copy = tmp_path / "migrations"
    shutil.copytree(Path(next(iter(real.submodule_search_locations))), copy)
    find_spec = importlib.util.find_spec

    def cards_from_the_copy(name, *args):
        if name == "cards.migrations":
            return types.SimpleNamespace(submodule_search_locations=[str(copy)])
        return find_spec(name, *args)

    before = key()
    monkeypatch.setattr(migrated_database.importlib.util, "find_spec", cards_from_the_copy)
    assert key() == before
    first = sorted(copy.glob("0001_*.py"))[0]
    first.write_text(first.read_text() + "\n# changed\n")
    assert key() != before


def test_a_changed_source_or_another_game_makes_another_key(tmp_path, monkeypatch):
    from rules import registry

    (tmp_path / "common").mkdir()
    (tmp_path / "common" / "roles.py").write_text("ROLES = ('designer',)\n")
    (tmp_path / "tests").mkdir()
    monkeypatch.setattr(migrated_database, "ROOT", tmp_path)
    first = key()
    (tmp_path / "tests" / "test_anything.py").write_text("x = 1\n")  # the tests are not its sources
    assert key() == first
    (tmp_path / "common" / "roles.py").write_text("ROLES = ('designer', 'reviewer')\n")
    second = key()
    assert second != first

    class Pumice(RuleSet):
        key = "pumice"
        name = "Pumice"
        card_types = ("STONE",)
        id_prefix = "PU"

    with registry.registered(Pumice):
        assert key() != second
    assert key() == second
