"""Production serving: /healthz, the entrypoint (migrate, gunicorn) without Docker, make help."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from studio import health

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_healthz_answers_200_when_the_database_answers(client, settings):
    settings.CELERY_BROKER_URL = ""
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "checks": {"database": "ok", "cache": "ok"},
        "counters": {"cacheFailures": 0, "unthrottledRequests": 0},
    }
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_healthz_answers_503_naming_the_database(client, settings, monkeypatch):
    settings.CELERY_BROKER_URL = ""
    monkeypatch.setattr(health, "check_database", lambda: "default: OperationalError: gone")
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["failed"] == ["database"]
    assert "gone" in response.json()["checks"]["database"]


@pytest.mark.django_db
def test_healthz_checks_the_broker_when_one_is_set(client, settings):
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{_free_port()}/0"  # nobody listens there
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["failed"] == ["broker"] and body["checks"]["database"] == "ok"


@pytest.mark.django_db
def test_a_real_database_failure_is_reported_not_raised(monkeypatch):
    from django.db import connections

    def broken(*args, **kwargs):
        raise RuntimeError("connection refused")

    monkeypatch.setattr(connections["default"], "cursor", broken)
    assert health.check_database() == "default: RuntimeError: connection refused"


def test_make_help_lists_every_target():
    makefile = (ROOT / "Makefile").read_text()
    targets = set(re.findall(r"^([a-z][a-z-]*):", makefile, re.M))
    shown = subprocess.run(
        ["make", "-s", "help"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    listed = set(re.findall(r"^make (\S+)", shown, re.M))
    assert {"serve", "run", "test", "worker", "beat", "help"} <= targets
    assert listed == targets


def test_the_entrypoint_refuses_an_unknown_role():
    result = subprocess.run([str(ROOT / "scripts/entrypoint"), "dance"], capture_output=True, text=True)
    assert result.returncode == 2 and "usage: scripts/entrypoint web|worker|beat|migrate" in result.stderr


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_production_static_files_compress_large_files_at_an_affordable_brotli_quality(tmp_path):
    """collectstatic compressed 4 MB of fonts and the API docs' bundles at Brotli's quality 11 (a
    minute of CPU, five under load, in the entrypoint test below); large files now get quality 9."""
    import brotli

    from studio.staticfiles import LARGE, AffordableCompressor, StaticFilesStorage

    assert StaticFilesStorage().create_compressor(quiet=True).__class__ is AffordableCompressor
    font = (ROOT / "faces/fonts/DejaVuSans.ttf").read_bytes()
    assert len(font) >= LARGE
    assert AffordableCompressor.compress_brotli(font) == brotli.compress(font, quality=9)
    small = font[: LARGE // 2]
    assert AffordableCompressor.compress_brotli(small) == brotli.compress(small, quality=11)
    assert brotli.decompress(AffordableCompressor.compress_brotli(font)) == font


def test_production_settings_use_the_studios_static_storage():
    env = {**os.environ, "DEBUG": "0", "SECRET_KEY": "test-serving-" + "x" * 40}
    shown = subprocess.run(
        [
            sys.executable,
            "-c",
            "from django.conf import settings as s; print(s.STORAGES['staticfiles']['BACKEND'])",
        ],
        env={**env, "DJANGO_SETTINGS_MODULE": "studio.settings"},
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert shown == "studio.staticfiles.StaticFilesStorage"


@pytest.mark.slow
def test_the_entrypoint_migrates_and_serves_healthz_with_gunicorn(tmp_path, migrated_sqlite):
    """scripts/entrypoint migrate, then web (gunicorn, 2 workers) on loopback; /healthz; stop.

    The database comes migrated (a copy of the suite's, tests/conftest.py): every migration's run
    from an empty database is the suite's own setup, so here migrate checks it and collectstatic runs."""
    migrated_sqlite(tmp_path / "serve.sqlite3")
    port = _free_port()
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("CELERY_BROKER_URL", "DATABASE_URL")},
        "PYTHON": sys.executable,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'serve.sqlite3'}",
        "VAR_DIR": str(tmp_path),
        "STATIC_ROOT": str(tmp_path / "static"),
        "DEBUG": "0",
        "SECRET_KEY": "test-serving-" + "x" * 40,
        "SECURE_SSL_REDIRECT": "0",
        "BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "2",
        "LOG_FORMAT": "json",
    }
    entrypoint = str(ROOT / "scripts/entrypoint")
    migrated = subprocess.run([entrypoint, "migrate"], env=env, capture_output=True, text=True, timeout=300)
    assert migrated.returncode == 0, migrated.stderr
    server = subprocess.Popen([entrypoint, "web"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        body, deadline = None, time.monotonic() + 60
        while time.monotonic() < deadline and server.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as response:
                    body = (response.status, response.read().decode())
                break
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.5)
        assert body is not None, server.stdout.read().decode() if server.poll() is not None else "no answer"
        assert body[0] == 200 and '"database": "ok"' in body[1]
        # The static files are served by the names the pages link to (the hashed ones, the only
        # ones collectstatic keeps), compressed, but for the source maps (developer tools only).
        login = urllib.request.urlopen(f"http://127.0.0.1:{port}/accounts/login/", timeout=5).read().decode()
        stylesheet = re.search(r'href="(/static/studio/studio\.[0-9a-f]{12}\.css)"', login).group(1)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{stylesheet}", timeout=5) as response:
            assert response.status == 200 and b"--ink" in response.read()
        docs = urllib.request.urlopen(f"http://127.0.0.1:{port}/api/docs/", timeout=5).read().decode()
        bundles = re.findall(r'"(/static/drf_spectacular_sidecar/[^"]+)"', docs)
        assert any("swagger-ui-bundle" in bundle for bundle in bundles), docs
        for bundle in bundles:
            assert urllib.request.urlopen(f"http://127.0.0.1:{port}{bundle}", timeout=5).status == 200
    finally:
        server.terminate()
        try:
            output = server.communicate(timeout=30)[0].decode()
        except subprocess.TimeoutExpired:
            server.kill()
            output = server.communicate()[0].decode()
    static = tmp_path / "static"
    assert (static / "studio/favicon.svg").exists() is False and list(static.glob("studio/studio.*.css.br"))
    assert list(static.rglob("*.map")) and not list(static.rglob("*.map.br")) + list(static.rglob("*.map.gz"))
    assert "Booting worker" in output  # gunicorn served it
    assert '"level": "INFO"' in output or '"level": "WARNING"' in output or "GET /healthz" in output


@pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="PostgreSQL only (the second pass of .ci/run): the pool of connections is PostgreSQL's",
)
def test_the_web_role_keeps_a_pool_of_postgres_connections(tmp_path):
    """On PostgreSQL, scripts/entrypoint web pools each process's connections (studio/settings.py):
    after twenty requests the connections are still open, idle, and no more than the pool's size."""
    import uuid

    import psycopg

    base = os.environ["DATABASE_URL"].rsplit("/", 1)[0]
    name = f"serve_pool_{uuid.uuid4().hex[:8]}"
    admin = psycopg.connect(f"{base}/postgres", autocommit=True)
    admin.execute(f'CREATE DATABASE "{name}"')
    port = _free_port()
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("CELERY_BROKER_URL", "CONN_MAX_AGE")},
        "PYTHON": sys.executable,
        "DATABASE_URL": f"{base}/{name}",
        "VAR_DIR": str(tmp_path),
        "STATIC_ROOT": str(tmp_path / "static"),
        "DEBUG": "0",
        "SECRET_KEY": "test-serving-" + "x" * 40,
        "SECURE_SSL_REDIRECT": "0",
        "BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "2",
    }
    env.pop("DATABASE_POOL_MAX_SIZE", None)
    entrypoint = str(ROOT / "scripts/entrypoint")
    server = None
    try:
        migrated = subprocess.run(
            [entrypoint, "migrate"], env=env, capture_output=True, text=True, timeout=300
        )
        assert migrated.returncode == 0, migrated.stderr
        server = subprocess.Popen(
            [entrypoint, "web"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
        )
        answers, deadline = [], time.monotonic() + 60
        while len(answers) < 20 and time.monotonic() < deadline and server.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as response:
                    answers.append((response.status, '"database": "ok"' in response.read().decode()))
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.5)
        assert answers == [(200, True)] * 20
        kept = admin.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND state = 'idle'", [name]
        ).fetchone()[0]
        # Without the pool each request closes its connection: none would be left.
        assert 1 <= kept <= 2 * 4
    finally:
        if server is not None:
            server.terminate()
            try:
                server.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.communicate()
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


def test_every_environment_variable_is_in_the_docs():
    # The README and the docs it links to (operations.md holds the table), the benchmarks' own README.
    readme = "".join(
        p.read_text()
        for p in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "bench" / "README.md"]
    )
    code = ""
    for folder in (
        "studio",
        "cards",
        "decks",
        "rules",
        "common",
        "artwork",
        "reviews",
        "corrections",
        "faces",
        "tables",
        "playstats",
        "bench",
    ):
        code += "".join(p.read_text() for p in (ROOT / folder).rglob("*.py"))
    names = set(
        re.findall(
            r'(?:environ(?:\.get|\.setdefault|\.pop)?\(?|env_(?:bool|int|list)\()\[?"([A-Z][A-Z0-9_]+)"', code
        )
    )
    names |= set(re.findall(r"\$\{([A-Z][A-Z0-9_]+)", (ROOT / "scripts/entrypoint").read_text()))
    assert len(names) > 20
    missing = sorted(name for name in names if f"`{name}`" not in readme)
    assert not missing, f"not in the README nor docs/ (operations.md's table): {missing}"
