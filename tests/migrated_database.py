"""The migrated test database, made once and copied: each xdist process, and every test that gives a
process of its own a SQLite file (the entrypoint, a real worker), starts from a copy.

Migrating from empty costs 8 CPU-seconds (Django renders the models' states migration after
migration); copying the result costs nothing. The first process of a run that needs it migrates its
in-memory test database as Django does (``create_test_db``: the ``migrate`` command) and saves it
to ``var/test-databases/<key>/``; every other process, and the next runs, copy it (SQLite's backup).

- The key hashes whatever a migrated database is made from: every installed app's migration files,
  the project's Python sources (migrations import them; ``post_migrate`` stores the rule sets'
  formats), the games registered in this process (a plugin of the suite may add one:
  tests/sixth_game.py), the settings migrations read, the versions of Python, Django and SQLite.
  A change to any of them makes another key: the database is made again.
- Processes of one run do not race: the first takes the key's lock (``flock``) and makes the files
  under temporary names, renamed when complete; the others wait for the lock, then copy.
- ``pending.sqlite3`` is the same migration run saved before its last ``PENDING`` migrations (in the
  order ``migrate`` applies them, so the database is the one ``migrate`` makes in one go): the
  entrypoint test's database, which ``scripts/entrypoint migrate`` must finish
  (tests/studio/test_serving.py).

On PostgreSQL (.ci/run's second pass) the test database is made as Django makes it; the SQLite files
are made by ``python -m tests.migrated_database`` in a process of its own, with the same cache.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import importlib.util
import os
import shutil
import sqlite3
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / "var" / "test-databases"
# The migrations the entrypoint test's database leaves to scripts/entrypoint migrate: the last of
# the plan, as many as hold a table made, a data migration and triggers (studio.0001 and 0002, then
# tables.0006 today). Twelve cost that migrate 2.7 CPU-seconds more than these three, which cost it
# hardly more than nothing to apply (migrate renders every model's state once either way).
PENDING = 3
MIGRATED, PENDING_NAME = "migrated.sqlite3", "pending.sqlite3"
# Kept: the databases of this many keys (the newest), for a checkout that goes back and forth.
KEEP = 3
# What the project's sources are: every .py file outside these folders.
NOT_SOURCES = {".git", ".venv", "tests", "var", "media", "node_modules", "test-output", "__pycache__", "docs"}

_ORIGINAL_CREATE = None
# This process's files, once its test database is made or copied: {"migrated": path, "pending": path}.
FILES: dict[str, Path] = {}


def key() -> str:
    import django
    from django.apps import apps
    from django.conf import settings
    from django.db.migrations.loader import MigrationLoader

    from rules import registry

    digest = hashlib.sha256()

    def add(*parts) -> None:
        for part in parts:
            digest.update(part if isinstance(part, bytes) else repr(part).encode())
            digest.update(b"\0")

    add(sys.version_info[:2], django.__version__, sqlite3.sqlite_version, PENDING, "layout 1")
    add(
        settings.INSTALLED_APPS,
        settings.AUTH_USER_MODEL,
        settings.MIGRATION_MODULES,
        settings.DEFAULT_AUTO_FIELD,
        settings.CACHES,
    )
    for app in apps.get_app_configs():
        name, _explicit = MigrationLoader.migrations_module(app.label)
        try:
            spec = importlib.util.find_spec(name) if name else None
        except ImportError:
            spec = None
        add(app.label, name)
        for location in (spec.submodule_search_locations or []) if spec else []:
            for path in sorted(Path(location).glob("*.py")):
                add(path.name, path.read_bytes())
    for folder, subfolders, files in os.walk(ROOT):
        subfolders[:] = sorted(d for d in subfolders if d not in NOT_SOURCES and not d.startswith("."))
        for file in sorted(f for f in files if f.endswith(".py")):
            path = Path(folder, file)
            add(str(path.relative_to(ROOT)), path.read_bytes())
    for ruleset in registry:
        module = sys.modules[type(ruleset).__module__]
        add(ruleset.key, type(ruleset).__qualname__, Path(module.__file__).read_bytes())
    return digest.hexdigest()[:20]


@contextlib.contextmanager
def _locked(folder: Path):
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / f"{folder.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another process of this run may be making them
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _ready(folder: Path) -> dict[str, Path] | None:
    files = {"migrated": folder / MIGRATED, "pending": folder / PENDING_NAME}
    if all(path.exists() for path in files.values()):
        os.utime(folder)  # used: kept by _prune
        return files
    return None


def _save(connection, path: Path) -> None:
    """``connection``'s database into ``path``, whole or not at all."""
    partial = path.with_name(f".{path.name}.{os.getpid()}")
    with contextlib.closing(sqlite3.connect(partial)) as target:
        connection.connection.backup(target)
    partial.replace(path)


def _prune() -> None:
    """The databases of older keys, but the newest KEEP, if none used for an hour."""
    folders = sorted((p for p in CACHE.iterdir() if p.is_dir()), key=lambda p: p.stat().st_mtime)
    for folder in folders[:-KEEP]:
        if time.time() - folder.stat().st_mtime > 3600:
            shutil.rmtree(folder, ignore_errors=True)
            (CACHE / f"{folder.name}.lock").unlink(missing_ok=True)


def _migrate_all_but_the_last(connection, count: int) -> None:
    """Apply what ``migrate`` would, but its last ``count`` migrations, in ``migrate``'s order and
    with its ``pre_migrate`` (``post_migrate`` comes once, after the rest, as in one ``migrate``)."""
    from django.core.management.sql import emit_pre_migrate_signal
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    targets = executor.loader.graph.leaf_nodes()
    plan = executor.migration_plan(targets)
    first = plan[:-count]
    state = executor._create_project_state(with_applied_migrations=True)
    emit_pre_migrate_signal(0, False, connection.alias, apps=state.apps, plan=first)
    executor.migrate(targets, plan=first, state=state)


def _load(connection, path: Path) -> None:
    connection.ensure_connection()
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as source:
        source.backup(connection.connection)


def _usable(connection) -> bool:
    return connection.vendor == "sqlite" and connection.creation.is_in_memory_db(
        connection.creation._get_test_db_name()
    )


def create_test_db(self, verbosity=1, autoclobber=False, serialize=None, keepdb=False):
    """Django's ``create_test_db`` for SQLite's in-memory test database: a copy of the migrated
    database when this key's is made, else made (and saved) as Django makes it."""
    connection = self.connection
    if not _usable(connection) or serialize is not None:
        return _ORIGINAL_CREATE(self, verbosity, autoclobber, serialize=serialize, keepdb=keepdb)
    from django.conf import settings
    from django.core.management import call_command

    folder = CACHE / key()
    with _locked(folder):
        files = _ready(folder)
        if files is None:
            # Made as Django makes it, saved before its last migrations and after all of them.
            name = self._create_test_db(verbosity, autoclobber, keepdb)
            settings.DATABASES[connection.alias]["NAME"] = name
            connection.settings_dict["NAME"] = name
            _migrate_all_but_the_last(connection, PENDING)
            folder.mkdir(parents=True, exist_ok=True)
            _save(connection, folder / PENDING_NAME)
            name = _ORIGINAL_CREATE(self, verbosity, autoclobber, keepdb=keepdb)
            _save(connection, folder / MIGRATED)
            FILES.update(_ready(folder))
            _prune()
            return name
    if verbosity >= 1:
        self.log(f"Copying the migrated test database for alias '{connection.alias}' from {folder}...")
    name = self._create_test_db(verbosity, autoclobber, keepdb)
    settings.DATABASES[connection.alias]["NAME"] = name
    connection.settings_dict["NAME"] = name
    _load(connection, files["migrated"])
    call_command("createcachetable", database=connection.alias)
    FILES.update(files)
    return name


def install() -> None:
    """SQLite's test database is made through this module (tests/conftest.py, pytest_configure)."""
    global _ORIGINAL_CREATE
    from django.db.backends.sqlite3.creation import DatabaseCreation

    if _ORIGINAL_CREATE is None:
        _ORIGINAL_CREATE = DatabaseCreation.create_test_db
        DatabaseCreation.create_test_db = create_test_db


def made_apart() -> dict[str, Path]:
    """The files, made (or found) by ``python -m tests.migrated_database`` in a process of its own on
    SQLite: where the suite's own database is not SQLite's (PostgreSQL)."""
    import subprocess

    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "CELERY_", "TEST_"))}
    done = subprocess.run(
        [sys.executable, "-m", "tests.migrated_database"],
        cwd=ROOT,
        env={**env, "DATABASE_URL": "sqlite:///:memory:", "DJANGO_SETTINGS_MODULE": "studio.settings"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    if done.returncode:
        raise RuntimeError(f"python -m tests.migrated_database failed:\n{done.stderr[-4000:]}")
    folder = Path(done.stdout.strip().splitlines()[-1])
    return {"migrated": folder / MIGRATED, "pending": folder / PENDING_NAME}


def main() -> None:
    import django

    django.setup()
    from django.db import connection

    install()
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    print(FILES["migrated"].parent)


if __name__ == "__main__":
    main()
