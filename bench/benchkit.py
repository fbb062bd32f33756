"""What the database benchmarks share: a database to fill, Django set up on it, migrated.

    from benchkit import django_on   # bench/benchkit.py (the scripts run from bench/)

    with django_on(args.database_url, prefix="bench-search-", secret="bench-search-"):
        ...  # Django is set up and the database migrated

Without a URL the benchmark works in a temporary SQLite file (removed at the
end), never in the studio's own database, and with a temporary MEDIA_ROOT; with a PostgreSQL URL the database
is created when missing. Tasks run in-process (no broker), DEBUG is off.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def create_pg_database(url: str) -> None:
    """Create the PostgreSQL database ``url`` names, when it does not exist (nothing for SQLite)."""
    if not url.startswith(("postgres://", "postgresql://")):
        return
    import dj_database_url
    import psycopg

    config = dj_database_url.parse(url)
    admin = f"host={config['HOST']} port={config['PORT'] or 5432} user={config['USER']} dbname=postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [config["NAME"]]).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{config["NAME"]}"')


@contextmanager
def django_on(
    database_url: str | None, *, prefix: str, secret: str | None = None, env: dict[str, str] | None = None
) -> Iterator[str]:
    """Django set up on ``database_url`` (else a temporary SQLite file) and migrated; yields the URL."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        url = database_url or f"sqlite:///{tmp}/bench.sqlite3"
        if database_url:
            create_pg_database(database_url)
        os.environ["DATABASE_URL"] = url
        os.environ["MEDIA_ROOT"] = f"{tmp}/media"  # uploads and renditions never go to the studio's media/
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "studio.settings")
        os.environ.pop("CELERY_BROKER_URL", None)
        if secret is not None:
            os.environ["DEBUG"] = "0"
            os.environ.setdefault("SECRET_KEY", secret + "x" * 40)
        os.environ.update(env or {})

        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        yield url
