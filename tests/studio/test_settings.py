"""Settings from the environment: embedded default, team scale, production checks."""

import os
import runpy
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = ROOT / "studio" / "settings.py"
VARIABLES = (
    "DATABASE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "SECRET_KEY", "DEBUG", "ALLOWED_HOSTS",
    "MEDIA_ROOT", "VAR_DIR", "TEST_DATABASE_NAME", "SECURE_SSL_REDIRECT", "BEHIND_PROXY",
    "DATABASE_POOL_MAX_SIZE", "DATABASE_POOL_TIMEOUT", "CONN_MAX_AGE",
    "FACES_PRECOMPUTE", "FACES_MAX_COPIES",
)  # fmt: skip


@pytest.fixture
def settings_with(monkeypatch, tmp_path):
    """The settings module evaluated afresh with ``env`` (and nothing else of ours) in the environment."""

    def load(**env) -> dict:
        for name in VARIABLES:
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv("VAR_DIR", str(tmp_path / "var"))
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        return runpy.run_path(str(SETTINGS))

    return load


def production_env(tmp_path) -> dict:
    # DJANGO_ALLOW_ASYNC_UNSAFE is the browser tests' own (Playwright); never in production.
    env = {k: v for k, v in os.environ.items() if k not in VARIABLES and k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    return {
        **env,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50)[:50],
        "ALLOWED_HOSTS": "studio.example.com",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'prod.sqlite3'}",
    }


def test_the_embedded_default(settings_with, tmp_path):
    settings = settings_with()
    database = settings["DATABASES"]["default"]
    assert database["ENGINE"] == "django.db.backends.sqlite3"
    assert Path(database["NAME"]) == tmp_path / "var" / "studio.sqlite3"
    assert settings["CELERY_TASK_ALWAYS_EAGER"] is True
    assert settings["DEBUG"] is True
    assert settings["MEDIA_ROOT"] == ROOT / "media"


def test_the_default_database_file_is_ignored_by_git():
    ignored = subprocess.run(["git", "check-ignore", "-q", "var/studio.sqlite3"], cwd=ROOT)
    assert ignored.returncode == 0


def test_a_postgres_url_uses_psycopg_3(settings_with):
    from django.db.backends.postgresql.psycopg_any import is_psycopg3

    settings = settings_with(
        DATABASE_URL="postgres://studio:pw@db.example.com:5433/cards", TEST_DATABASE_NAME="test_cards"
    )
    database = settings["DATABASES"]["default"]
    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert (database["HOST"], database["PORT"], database["NAME"], database["USER"]) == (
        "db.example.com",
        5433,
        "cards",
        "studio",
    )
    assert database["TEST"] == {"NAME": "test_cards"}
    assert is_psycopg3


def test_a_pool_of_postgres_connections_when_asked(settings_with):
    url = "postgres://studio@db.example.com:5432/cards"
    assert "pool" not in settings_with(DATABASE_URL=url)["DATABASES"]["default"].get("OPTIONS", {})
    pooled = settings_with(DATABASE_URL=url, DATABASE_POOL_MAX_SIZE="4")["DATABASES"]["default"]
    assert pooled["OPTIONS"]["pool"] == {"min_size": 1, "max_size": 4, "timeout": 10}
    assert pooled["CONN_MAX_AGE"] == 0
    # SQLite has no pool: the variable is for PostgreSQL only.
    assert "pool" not in settings_with(DATABASE_POOL_MAX_SIZE="4")["DATABASES"]["default"]["OPTIONS"]
    with pytest.raises(ImproperlyConfigured, match="exclude each other"):
        settings_with(DATABASE_URL=url, DATABASE_POOL_MAX_SIZE="4", CONN_MAX_AGE="60")


def test_the_web_role_pools_postgres_connections_unless_told_otherwise():
    entrypoint = (ROOT / "scripts" / "entrypoint").read_text(encoding="utf-8")

    def pool_size(**env) -> str:
        # The web case up to the start of its processes (web(), scripts/entrypoint).
        script = entrypoint.split("  web)", 1)[1].split('    web "$@"', 1)[0]
        run = subprocess.run(
            ["bash", "-c", f'{script}\necho "${{DATABASE_POOL_MAX_SIZE:-unset}}"'],
            env={"PATH": os.environ["PATH"], **env},
            capture_output=True,
            text=True,
            check=True,
        )
        return run.stdout.strip()

    assert pool_size(DATABASE_URL="postgres://studio@db/studio") == "4"
    assert pool_size(DATABASE_URL="postgres://studio@db/studio", DATABASE_POOL_MAX_SIZE="0") == "0"
    assert pool_size(DATABASE_URL="postgres://studio@db/studio", CONN_MAX_AGE="60") == "unset"
    assert pool_size(DATABASE_URL="sqlite:///var/studio.sqlite3") == "unset"


def test_a_broker_url_sends_tasks_to_workers(settings_with):
    settings = settings_with(CELERY_BROKER_URL="redis://cache:6379/0")
    assert settings["CELERY_TASK_ALWAYS_EAGER"] is False
    assert settings["CELERY_RESULT_BACKEND"] == "redis://cache:6379/0"


def test_media_root_and_hosts_come_from_the_environment(settings_with, tmp_path):
    settings = settings_with(MEDIA_ROOT=str(tmp_path / "media"), ALLOWED_HOSTS="a.example.com, b.example.com")
    assert settings["MEDIA_ROOT"] == tmp_path / "media"
    assert settings["ALLOWED_HOSTS"] == ["a.example.com", "b.example.com"]


def test_debug_off_without_a_secret_key_fails_with_a_clear_message(settings_with):
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY must be set when DEBUG is off"):
        settings_with(DEBUG="0")


def test_a_boolean_that_is_not_one_says_what_is_accepted(settings_with):
    with pytest.raises(ImproperlyConfigured, match="DEBUG='maybe': use 1/0, true/false, yes/no or on/off"):
        settings_with(DEBUG="maybe")


def test_the_faces_settings_are_read_like_every_other(settings_with):
    """FACES_* go through env_bool and env_int: a wrong value says what is accepted, none is taken
    silently as off or left to crash later."""
    assert settings_with()["FACES_PRECOMPUTE"] is False
    assert settings_with(CELERY_BROKER_URL="redis://cache:6379/0")["FACES_PRECOMPUTE"] is True
    assert settings_with(FACES_PRECOMPUTE="yes", FACES_MAX_COPIES="500")["FACES_MAX_COPIES"] == 500
    with pytest.raises(ImproperlyConfigured, match="FACES_PRECOMPUTE='maybe': use 1/0"):
        settings_with(FACES_PRECOMPUTE="maybe")
    with pytest.raises(ImproperlyConfigured, match="FACES_MAX_COPIES='many' is not a whole number"):
        settings_with(FACES_MAX_COPIES="many")


def test_production_settings_pass_the_deploy_checks_without_a_warning(tmp_path):
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=production_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues" in done.stdout


def test_manage_py_without_a_secret_key_in_production_says_why(tmp_path):
    env = production_env(tmp_path)
    del env["SECRET_KEY"]
    done = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in done.stderr
