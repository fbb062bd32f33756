"""Production serving: /healthz, the entrypoint (migrate; web: Caddy in front of gunicorn's sync
workers and its uvicorn worker) without Docker, make help."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from studio import health
from tests.tables.script_modules import ENTRY, graph, imports, resolved

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


def _channel_layer_url() -> str:
    """A Redis for the web role's channel layer, which it requires: the suite's (CHANNEL_LAYER_URL,
    or a Redis broker: .ci/run's), else the machine's own on 127.0.0.1:6379. Skipped without one,
    unless REQUIRE_REDIS is set (.ci/run), where it fails."""
    from django.conf import settings

    url = settings.CHANNEL_LAYER_URL or "redis://127.0.0.1:6379/14"
    try:
        import redis

        redis.Redis.from_url(url, socket_timeout=2).ping()
    except Exception as error:  # any failure to reach it means: no Redis here
        reason = f"the web role needs a Redis channel layer; none answers at {url} ({error})"
        if os.environ.get("REQUIRE_REDIS"):
            pytest.fail(f"{reason} (REQUIRE_REDIS is set)")
        pytest.skip(reason)
    return url


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


def test_production_settings_use_the_studios_static_storage(monkeypatch, tmp_path):
    """The settings module evaluated afresh with DEBUG off, in this process (as tests/studio/
    test_settings.py's settings_with): a Python process of its own to read one setting cost 0.3
    CPU-seconds more."""
    import runpy

    monkeypatch.setenv("DEBUG", "0")
    monkeypatch.setenv("SECRET_KEY", "test-serving-" + "x" * 40)
    monkeypatch.setenv("VAR_DIR", str(tmp_path))
    monkeypatch.delenv("STATIC_ROOT", raising=False)
    production = runpy.run_path(str(ROOT / "studio" / "settings.py"))
    assert production["DEBUG"] is False
    assert production["STORAGES"]["staticfiles"]["BACKEND"] == "studio.staticfiles.StaticFilesStorage"


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
        "CHANNEL_LAYER_URL": _channel_layer_url(),
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


# --- HTTP under ASGI (studio/serving.py) ---------------------------------------------------------


def _in_a_loop(scenario):
    """Run an async scenario on an event loop of its own in a thread of its own (a browser test
    leaves Playwright's loop marked running in the test thread)."""
    import asyncio
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, scenario()).result()


async def _http(app, method: str, path: str, body: bytes = b"") -> tuple[int, dict, bytes]:
    """One HTTP request through an ASGI application: status, headers, body."""
    from asgiref.testing import ApplicationCommunicator

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"testserver"), (b"content-length", str(len(body)).encode())],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }
    communicator = ApplicationCommunicator(app, scope)
    await communicator.send_input({"type": "http.request", "body": body})
    start = await communicator.receive_output(20)
    chunks = []
    while True:
        message = await communicator.receive_output(20)
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            break
    await communicator.wait(20)
    return start["status"], dict(start["headers"]), b"".join(chunks)


@pytest.fixture
def serving_urls(settings):
    from tests.studio import serving_urls

    settings.ROOT_URLCONF = "tests.studio.serving_urls"
    serving_urls.SEEN.clear()
    serving_urls.LOOPS.clear()
    return serving_urls


def test_http_under_asgi_runs_in_a_bounded_pool_of_threads(serving_urls):
    """studio.asgi serves HTTP in WEB_THREADS threads (4) a process, the same threads request after
    request. Django's own ASGI handler started a new thread for every request (its thread-sensitive
    context), and with CONN_MAX_AGE each of them kept a PostgreSQL connection: "too many clients"."""
    import asyncio

    from studio.asgi import application

    async def twenty_at_once():
        return await asyncio.gather(*(_http(application, "GET", "/plain/") for _ in range(20)))

    answers = _in_a_loop(twenty_at_once)
    assert [(status, body) for status, _, body in answers] == [(200, b"plain")] * 20
    assert len(serving_urls.SEEN) == 20
    assert all(name.startswith("http") for name in serving_urls.SEEN), set(serving_urls.SEEN)
    assert 1 <= len(set(serving_urls.SEEN)) <= 4


def test_http_under_asgi_serves_bodies_streams_and_files_as_wsgi_does(serving_urls):
    from studio.serving import ThreadPoolHTTP

    app = ThreadPoolHTTP(threads=2)

    async def scenario():
        return (
            await _http(app, "POST", "/echo/", b"0123456789" * 10_000),
            await _http(app, "GET", "/streamed/"),
            await _http(app, "GET", "/file/"),
            await _http(app, "GET", "/no-such-route/"),
        )

    echo, streamed, file, missing = _in_a_loop(scenario)
    assert echo[0] == 200 and echo[2] == (b"0123456789" * 10_000)[::-1]
    assert streamed[0] == 200 and streamed[2] == b"part 0;part 1;part 2;"
    # A stream's parts are read in the pool thread that ran its view, as WSGI would (a generator may
    # hold that thread's database connection; a file is never read whole).
    echoed, view, *parts = serving_urls.SEEN
    assert echoed.startswith("http") and view.startswith("http") and parts == [view] * 3
    assert file[0] == 200 and file[2] == Path(serving_urls.__file__).read_bytes()
    assert missing[0] == 404


def test_a_view_that_calls_async_code_runs_it_on_the_serving_loop(serving_urls):
    """A move is announced to the table's sockets with async_to_sync (tables/realtime.py): it must
    run on the process's own event loop, where the in-memory channel layer's sockets wait."""
    import asyncio

    from studio.serving import ThreadPoolHTTP

    app = ThreadPoolHTTP(threads=2)

    async def scenario():
        answer = await _http(app, "GET", "/loop/")
        return answer, asyncio.get_running_loop()

    (status, _, _), serving_loop = _in_a_loop(scenario)
    assert status == 200 and serving_urls.LOOPS[0] is serving_loop and len(serving_urls.LOOPS) == 1


@pytest.mark.parametrize("raw", ["0", "-1", "many"])
def test_web_threads_must_be_one_or_more(monkeypatch, raw):
    from django.core.exceptions import ImproperlyConfigured

    from studio.serving import http_threads

    monkeypatch.setenv("WEB_THREADS", raw)
    with pytest.raises(ImproperlyConfigured, match="WEB_THREADS"):
        http_threads()
    monkeypatch.setenv("WEB_THREADS", "3")
    assert http_threads() == 3


@pytest.mark.parametrize("age", [60, None])
def test_a_persistent_connection_setting_is_refused_under_asgi(age):
    from django.core.exceptions import ImproperlyConfigured

    from studio.web_role import refuse_persistent_connections

    with pytest.raises(ImproperlyConfigured, match=r"CONN_MAX_AGE=.*DATABASE_POOL_MAX_SIZE"):
        refuse_persistent_connections({"default": {"CONN_MAX_AGE": age}})
    refuse_persistent_connections({"default": {"CONN_MAX_AGE": 0}, "other": {}})


def test_the_web_role_refuses_conn_max_age_at_start_with_a_message(tmp_path):
    """`CONN_MAX_AGE=60 scripts/entrypoint web`, which bench/load.py set: the server does not start
    (it used to, and answered half of a load's requests 503 "too many clients" on PostgreSQL)."""
    port = _free_port()
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("CELERY_BROKER_URL", "DATABASE_URL")},
        "PYTHON": sys.executable,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'refused.sqlite3'}",
        "VAR_DIR": str(tmp_path),
        "DEBUG": "0",
        "SECRET_KEY": "test-serving-" + "x" * 40,
        "BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "1",
        "CONN_MAX_AGE": "60",
    }
    entrypoint = str(ROOT / "scripts/entrypoint")
    try:
        result = subprocess.run([entrypoint, "web"], env=env, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired as stopped:  # it served: stop it, and fail
        pytest.fail(f"the web role started with CONN_MAX_AGE=60: {stopped.output}")
    assert result.returncode != 0
    assert "CONN_MAX_AGE=60 (database 'default') cannot work" in result.stdout + result.stderr


def test_the_web_role_refuses_a_channel_layer_of_one_process_at_start(tmp_path):
    """Without a Redis channel layer the web role does not start: its HTTP processes could not tell
    the tables' sockets, in another process, of a move (they would stay open and hear nothing)."""
    env = {
        **{
            k: v
            for k, v in os.environ.items()
            if k not in ("CELERY_BROKER_URL", "DATABASE_URL", "CONN_MAX_AGE")
        },
        "PYTHON": sys.executable,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'refused.sqlite3'}",
        "VAR_DIR": str(tmp_path),
        "DEBUG": "0",
        "SECRET_KEY": "test-serving-" + "x" * 40,
        "BIND": f"127.0.0.1:{_free_port()}",
        "CHANNEL_LAYER_URL": "",
    }
    try:
        result = subprocess.run(
            [str(ROOT / "scripts/entrypoint"), "web"], env=env, capture_output=True, text=True, timeout=120
        )
    except subprocess.TimeoutExpired as stopped:
        pytest.fail(f"the web role started with an in-memory channel layer: {stopped.output}")
    assert result.returncode == 1
    assert "the tables' channel layer is in memory" in result.stderr
    assert "Set CHANNEL_LAYER_URL" in result.stderr
    assert "Booting worker" not in result.stdout + result.stderr  # refused before anything started


def test_a_channel_layer_of_one_process_is_refused_for_the_web_role():
    from django.core.exceptions import ImproperlyConfigured

    from studio.web_role import refuse_a_channel_layer_of_one_process

    with pytest.raises(ImproperlyConfigured, match="CHANNEL_LAYER_URL"):
        refuse_a_channel_layer_of_one_process(
            {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
        )
    refuse_a_channel_layer_of_one_process({"default": {"BACKEND": "channels_redis.core.RedisChannelLayer"}})


_SEAT_TWO_PLAYERS = """
import json
import django

django.setup()
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.auth.models import Group
from django.contrib.sessions.backends.db import SessionStore
from rest_framework.authtoken.models import Token

from tables import services
from tests.tables.live_kit import deck_for

players = []
for name in ("ana", "ben"):
    # No password: a session and a token sign them in (a production hash is 0.5 CPU-seconds each).
    user = get_user_model().objects.create_user(name)
    user.groups.add(Group.objects.get(name="playtester"))
    players.append(user)
table = services.table_create(user=players[0], deck=deck_for("duel", players[0], name="A"))
services.table_join(user=players[1], table=table, deck=deck_for("duel", players[1], name="B", which=1))
session = SessionStore()
session[SESSION_KEY] = str(players[0].pk)
session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
session[HASH_SESSION_KEY] = players[0].get_session_auth_hash()
session.create()
token = Token.objects.create(user=players[1]).key
print(json.dumps({"table": table.pk, "session": session.session_key, "token": token}))
"""


def _applied_migrations(database: Path) -> set[tuple[str, str]]:
    import sqlite3
    from contextlib import closing

    with closing(sqlite3.connect(database)) as db:
        return set(db.execute("SELECT app, name FROM django_migrations"))


class WebRole:
    """``scripts/entrypoint web`` running on ``base``, and what it has written so far; ``migrations``:
    those applied before and after ``scripts/entrypoint migrate``, and what it said."""

    migrations: tuple[set, set, str]

    def __init__(self, base: str, folder: Path, seats: dict, server: subprocess.Popen):
        self.base, self.folder, self.seats, self.server = base, folder, seats, server
        self.lines: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        for line in self.server.stdout:
            self.lines.append(line.decode(errors="replace"))

    def output(self) -> str:
        return "".join(self.lines)

    def output_once(self, *parts: str | tuple[str, ...], timeout: float = 30) -> str:
        """The output once it holds every one of ``parts`` (a line may still be on its way through
        the pipe), or as it is after ``timeout`` seconds. A tuple among ``parts`` is held when any
        one of its strings is: wait for what the test asserts, no more (the entrypoint test waited
        out its 30 s on every run for a line it did not require)."""

        def held(part: str | tuple[str, ...], output: str) -> bool:
            return any(one in output for one in part) if isinstance(part, tuple) else part in output

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not all(held(part, self.output()) for part in parts):
            time.sleep(0.1)
        return self.output()


@pytest.fixture(scope="module")
def web_role(tmp_path_factory, migrated_sqlite):
    """scripts/entrypoint migrate, then web, as production runs them: Caddy in front of gunicorn
    (a sync worker, studio.wsgi) and its uvicorn worker (studio.asgi), on one loopback address; two
    players seated at a duel table in between. One web role for this module's tests (each start of
    it loads the studio in three processes): it is stopped after them. One sync worker: its tests
    send a request at a time, and a second worker only loaded its pages again (0.7 to 1.3
    CPU-seconds); WEB_CONCURRENCY=2 is the PostgreSQL pool's test, above.

    The database comes migrated but for the last migrations (``PENDING``) of the plan migrate
    applies from empty (tests/migrated_database.py): the entrypoint's migrate applies them and sends
    post_migrate (content types, permissions, the formats), then collectstatic runs. Every
    migration's run from empty is the suite's own setup, a second run here cost 8 CPU-seconds."""
    folder = tmp_path_factory.mktemp("web-role")
    database = migrated_sqlite(folder / "serve.sqlite3", pending=True)
    applied_before = _applied_migrations(database)
    port = _free_port()
    env = {
        **{
            k: v
            for k, v in os.environ.items()
            if k not in ("CELERY_BROKER_URL", "DATABASE_URL", "CONN_MAX_AGE")
        },
        "PYTHON": sys.executable,
        "DATABASE_URL": f"sqlite:///{folder / 'serve.sqlite3'}",
        "CHANNEL_LAYER_URL": _channel_layer_url(),
        "MEDIA_ROOT": str(folder / "media"),
        "VAR_DIR": str(folder),
        "STATIC_ROOT": str(folder / "static"),
        "DEBUG": "0",
        "SECRET_KEY": "test-serving-" + "x" * 40,
        "SECURE_SSL_REDIRECT": "0",
        "ALLOWED_HOSTS": "127.0.0.1",
        "BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "1",
        "LOG_FORMAT": "json",
        "DJANGO_SETTINGS_MODULE": "studio.settings",
    }
    entrypoint = str(ROOT / "scripts/entrypoint")
    migrated = subprocess.run([entrypoint, "migrate"], env=env, capture_output=True, text=True, timeout=300)
    assert migrated.returncode == 0, migrated.stderr
    migrations = (applied_before, _applied_migrations(database), migrated.stdout)
    seated = subprocess.run(
        [sys.executable, "-c", _SEAT_TWO_PLAYERS],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert seated.returncode == 0, seated.stderr
    seats = json.loads(seated.stdout.strip().splitlines()[-1])
    server = subprocess.Popen([entrypoint, "web"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    role = WebRole(f"http://127.0.0.1:{port}", folder, seats, server)
    role.migrations = migrations
    try:
        answered, deadline = False, time.monotonic() + 90
        while not answered and time.monotonic() < deadline and server.poll() is None:
            try:
                with urllib.request.urlopen(f"{role.base}/healthz", timeout=30):
                    answered = True
            except OSError:  # not listening yet
                time.sleep(0.5)
        assert answered, role.output() if server.poll() is not None else "no answer"
        yield role
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        role.reader.join(10)


@pytest.mark.slow
def test_the_entrypoint_migrates_and_serves_healthz_with_gunicorn(web_role):
    """scripts/entrypoint migrate, then web (Caddy in front of gunicorn's sync worker) on loopback:
    the migrations the database lacked applied, /healthz, the static files by their hashed names,
    compressed (the web_role fixture)."""
    from django.db.migrations.loader import MigrationLoader

    from tests.migrated_database import PENDING

    base, static = web_role.base, web_role.folder / "static"
    before, after, said = web_role.migrations
    every = set(MigrationLoader(None, ignore_no_migrations=True).graph.nodes)
    assert len(every - before) == PENDING and after == every
    assert all(f"Applying {app}.{name}... OK" in said for app, name in every - before), said
    with urllib.request.urlopen(f"{base}/healthz", timeout=30) as response:
        body = (response.status, response.read().decode(), response.headers.get("Via"))
    assert body[0] == 200 and '"database": "ok"' in body[1]
    assert body[2] == "1.1 Caddy"  # the front answered on BIND, a gunicorn behind it
    # The static files are served by the names the pages link to (the hashed ones, the only
    # ones collectstatic keeps), compressed, but for the source maps (developer tools only).
    login = urllib.request.urlopen(f"{base}/accounts/login/", timeout=5).read().decode()
    stylesheet = re.search(r'href="(/static/studio/studio\.[0-9a-f]{12}\.css)"', login).group(1)
    with urllib.request.urlopen(f"{base}{stylesheet}", timeout=5) as response:
        assert response.status == 200 and b"--ink" in response.read()
    brotli_asked = urllib.request.Request(f"{base}{stylesheet}", headers={"Accept-Encoding": "br"})
    with urllib.request.urlopen(brotli_asked, timeout=5) as response:
        assert response.headers["Content-Encoding"] == "br"
    # Brotli for a browser that reads it; every file the page links served (htmx's among them); the
    # files no page links not collected (studio.staticfiles.AppDirectoriesFinder).
    linked = set(re.findall(r'"(/static/[^"]+)"', login))
    assert any("/django_htmx/htmx-2.min." in name for name in linked), linked
    for name in linked:
        assert urllib.request.urlopen(f"{base}{name}", timeout=5).status == 200
    assert not (static / "drf_spectacular_sidecar/redoc").exists()
    assert not list(static.glob("django_htmx/htmx-4*"))
    docs = urllib.request.urlopen(f"{base}/api/docs/", timeout=5).read().decode()
    bundles = re.findall(r'"(/static/drf_spectacular_sidecar/[^"]+)"', docs)
    assert any("swagger-ui-bundle" in bundle for bundle in bundles), docs
    for bundle in bundles:
        assert urllib.request.urlopen(f"{base}{bundle}", timeout=5).status == 200
    # The table's script, native ES modules: the entry and every module it imports, by the hashed
    # names collectstatic rewrote the imports to (the unhashed ones are not kept).
    manifest = json.loads((static / "staticfiles.json").read_text())["paths"]
    todo, served = [manifest[ENTRY]], set()
    while todo:
        name = todo.pop()
        if name in served:
            continue
        with urllib.request.urlopen(f"{base}/static/{name}", timeout=5) as response:
            assert response.status == 200 and response.headers["Content-Type"].startswith("text/javascript")
            served.add(name)
            todo += [resolved(name, path) for _names, path in imports(response.read().decode())]
    assert len(served) == len(graph())
    assert (static / "studio/favicon.svg").exists() is False and list(static.glob("studio/studio.*.css.br"))
    assert list(static.rglob("*.map")) and not list(static.rglob("*.map.br")) + list(static.rglob("*.map.gz"))
    logged = ('"level": "INFO"', '"level": "WARNING"', "GET /healthz")
    output = web_role.output_once("Booting worker", "Using worker: sync", logged)
    assert "Booting worker" in output and "Using worker: sync" in output  # gunicorn's sync worker served it
    assert '"level": "INFO"' in output or '"level": "WARNING"' in output or "GET /healthz" in output


@pytest.mark.slow
def test_the_web_role_serves_a_tables_socket_and_a_move_sent_over_http_reaches_it(web_role):
    """scripts/entrypoint web as production runs it, a live process on one address (the web_role
    fixture): a player's socket opens through the front (/ws/tables/<id>/, session cookie; Caddy hands
    it to the uvicorn worker of studio.asgi) and gets the table; the other player's move, POSTed to
    the API on the same address (served by a sync worker of studio.wsgi, another process), reaches
    the socket through the Redis channel layer."""
    import asyncio

    import websockets

    base, seats = web_role.base, web_role.seats

    def move() -> tuple[int, str | None]:
        request = urllib.request.Request(
            f"{base}/api/tables/{seats['table']}/events/",
            data=json.dumps({"kind": "note", "expectedSeq": first["seq"], "text": "over http"}).encode(),
            headers={"Content-Type": "application/json", "Authorization": f"Token {seats['token']}"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.headers.get("Via")

    async def play() -> tuple[dict, tuple[int, str | None], dict]:
        nonlocal first
        async with websockets.connect(
            f"ws{base.removeprefix('http')}/ws/tables/{seats['table']}/?since=0",
            additional_headers={"Cookie": f"sessionid={seats['session']}", "Origin": base},
            open_timeout=30,
        ) as ws:
            first = json.loads(await asyncio.wait_for(ws.recv(), 30))
            status = await asyncio.get_running_loop().run_in_executor(None, move)
            pushed = json.loads(await asyncio.wait_for(ws.recv(), 30))
            return first, status, pushed

    first: dict = {}
    first, (status, http_via), pushed = _in_a_loop(play)
    assert first["type"] == "update" and first["view"], first
    assert status == 201
    # One address, the front's: only Caddy listens on BIND (the gunicorns on private Unix sockets).
    assert http_via == "1.1 Caddy"
    output = web_role.output_once('"msg":"server running"', "Using worker: sync", "UvicornWorker")
    assert '"msg":"server running"' in output
    assert [event["seq"] for event in pushed["events"]] == [first["seq"] + 1], pushed
    assert pushed["events"][0]["kind"] == "note"
    # HTTP by gunicorn's sync worker, the socket by its uvicorn worker: two processes, one Redis.
    assert "Using worker: sync" in output and "Using worker: uvicorn_worker.UvicornWorker" in output
