"""Fixtures shared by the whole suite: users per role, API clients, cards."""

from __future__ import annotations

import gc
import os

import pytest
from hypothesis import settings as hypothesis_settings

# No per-example deadline: the machine is shared, and a deadline is a timed test (speed is
# measured in bench/). Property tests still fail on any counterexample.
hypothesis_settings.register_profile("studio", deadline=None)
hypothesis_settings.load_profile("studio")

WORKER_MODE = bool(os.environ.get("CELERY_BROKER_URL"))
# Commands speak the language of LANGUAGE/LC_ALL/LANG (common.cli): the suite expects English
# whatever the machine's locale (LANGUAGE only chooses messages, never the encoding).
os.environ["LANGUAGE"] = "en"

# A finding (or a problem) raised with params that fill none of its code's templates fails the
# test that raises it (production shows its code instead: rules.findings.STRICT).
import rules.findings  # noqa: E402

rules.findings.STRICT = True


def pytest_configure(config):
    """A transactional test's migrated data is restored a table at a time (tests/serialized.py).

    Processes of one run (pytest-xdist) keep their tables' channel groups apart: each process has a
    database of its own, so table 1 of one is not table 1 of another; on a shared Redis channel
    layer (.ci/run's PostgreSQL pass) their groups would be the same name.

    The session's live server counts its answers and answers none between tests (tests/live_serving.py).

    The processes of one run ask the studio for its API schema once (tests/api_schema.py)."""
    from django.db.backends.base.creation import BaseDatabaseCreation

    from tests import live_serving, migrated_database, serialized

    BaseDatabaseCreation.deserialize_db_from_string = serialized.restore
    migrated_database.install()
    live_serving.install()
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return
    basetemp = config.getoption("basetemp")
    if basetemp:  # <the run's folder>/popen-gw<n>: the run's processes ask for the API schema once
        from pathlib import Path

        from tests import api_schema

        api_schema.SHARED = Path(basetemp).parent
    from django.conf import settings

    for layer in settings.CHANNEL_LAYERS.values():
        if layer["BACKEND"].startswith("channels_redis."):
            layer.setdefault("CONFIG", {})["prefix"] = f"asgi-{worker}"


def pytest_collection_modifyitems(config, items):
    """Transactional tests restore the migrated data; ``slow`` tests go first; ``worker`` tests
    need a real worker."""
    _restore_migrated_data_in_transactional_tests(items)
    # pytest-xdist gives each process a share of the tests in order, then lets an idle one take
    # from the other's: a long test at the end would run alone while the other process waits.
    # pytest-django's order (plain database tests, transactional, the rest) holds otherwise.
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
    if WORKER_MODE:
        return
    reason = "needs a real Celery worker: set CELERY_BROKER_URL and start one (.ci/run does)"
    for item in items:
        if "worker" in item.keywords:
            if os.environ.get("REQUIRE_WORKER"):
                item.add_marker(pytest.mark.xfail(reason=reason, run=False, strict=True))
            else:
                item.add_marker(pytest.mark.skip(reason=reason))


def _restore_migrated_data_in_transactional_tests(items):
    """Give every ``django_db(transaction=True)`` test ``serialized_rollback=True``.

    A transactional test ends with a flush that deletes what data migrations
    made (the role groups) and re-creates content types and permissions; a
    later test restoring the serialized data then collides with them. When
    every transactional test restores the data, the order of tests no longer matters.
    """
    for item in items:
        marker = item.get_closest_marker("django_db")
        if marker and marker.kwargs.get("transaction") and not marker.kwargs.get("serialized_rollback"):
            item.add_marker(
                pytest.mark.django_db(*marker.args, **{**marker.kwargs, "serialized_rollback": True}),
                append=False,
            )


def _is_transactional(item) -> bool:
    marker = item.get_closest_marker("django_db")
    if marker is not None and marker.kwargs.get("transaction"):
        return True
    return bool({"transactional_db", "live_server"} & set(getattr(item, "fixturenames", ())))


def _uses_database(item) -> bool:
    return item.get_closest_marker("django_db") is not None or bool(
        {"db", "transactional_db", "live_server"} & set(getattr(item, "fixturenames", ()))
    )


# Whether a transactional test's flush has left this process's tables empty.
_FLUSHED = [False]


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """A test in a transaction finds the migrated data (the role groups), whatever ran before it.

    A transactional test ends with a flush, and only the next transactional test restores the data
    at its start. pytest-django runs transactional tests last, but pytest-xdist's ``worksteal`` can
    give a process a plain test after them: the data is restored (and committed) before that test
    opens its transaction."""
    if not _FLUSHED[0] or _is_transactional(item) or not _uses_database(item):
        return
    from django.db import connections
    from pytest_django.plugin import blocking_manager_key

    with item.config.stash[blocking_manager_key].unblock():
        for connection in connections.all(initialized_only=True):
            contents = getattr(connection, "_test_serialized_contents", None)
            if contents:
                connection.creation.deserialize_db_from_string(contents)
                _reset_sequences(connection)
    _FLUSHED[0] = False


def _reset_sequences(connection) -> None:
    """Sequences past the ids just restored: a flush may have restarted them (``call_command("flush")``
    does), and PostgreSQL would then hand out an id the restored rows hold (SQLite takes the largest)."""
    from django.apps import apps
    from django.core.management.color import no_style

    statements = connection.ops.sequence_reset_sql(no_style(), apps.get_models(include_auto_created=True))
    if statements:
        with connection.cursor() as cursor:
            for statement in statements:
                cursor.execute(statement)


def pytest_runtest_teardown(item):
    if _is_transactional(item):
        _FLUSHED[0] = True


@pytest.fixture(scope="session")
def _media_roots(tmp_path_factory):
    """A fresh MEDIA_ROOT for each test: a name under one folder of the session (made by the first
    file written there, as before), not a numbered temporary folder made for each test
    (``tmp_path``: a listing of the session's folder, a folder and a symbolic link, each test)."""
    from itertools import count

    base = tmp_path_factory.mktemp("media")
    return (base / str(n) / "media" for n in count())


@pytest.fixture(autouse=True)
def _suite_settings(request, _media_roots):
    """What every test runs in, set up by one fixture (each autouse fixture costs every test its
    setup and teardown in pytest, about 0.1 ms):

    - the live server answers while a test that uses it runs, and none between tests: the test's end
      (its flush) waits for the answers still being made (tests/live_serving.py). Every test of the
      live server, browser or not: the server is the session's, and one closed by the browser test
      before answered the next test's requests 503 (issue 40);
    - tasks run in-process, eagerly, except in tests marked ``worker``: most tests hold their data in
      a transaction that is rolled back, which a worker in another process cannot see; the tests
      marked ``worker`` commit their data and wait for the real worker instead;
    - the settings, overridden at once (one override, not one a setting): no throttle and no broker
      breaker left open by a test (the suite makes many API requests; the throttling tests turn
      ``API_THROTTLING`` back on, and clear the cache); no face precompute task after card changes
      (on by default when a broker is set: tests count the tasks a change enqueues; the faces tests
      that test the precompute turn ``FACES_PRECOMPUTE`` back on); users' passwords hashed cheaply
      (only in tests); files in a temporary MEDIA_ROOT, never the project's media/: ``tmp_path /
      "media"`` in a test that has a ``tmp_path``, a fresh folder of the session's otherwise. Tests
      marked ``worker`` keep the MEDIA_ROOT of the environment: the real worker is another process
      and must write where the test reads (.ci/run exports one for both);
    - each test starts and ends in the default language and time zone: a request's language
      (LocaleMiddleware, a user's preference) stays active in its thread after the test client returns.
    """
    from django.test import override_settings
    from django.utils import timezone, translation

    from common.enqueue import breaker
    from studio.celery import app

    serves = "live_server" in request.fixturenames
    if serves:
        from tests.live_serving import ANSWERS

        ANSWERS.open()
    worker = "worker" in request.keywords
    overrides = {
        "API_THROTTLING": False,
        "FACES_PRECOMPUTE": False,
        "PASSWORD_HASHERS": ["django.contrib.auth.hashers.MD5PasswordHasher"],
    }
    if not worker:
        if "tmp_path" in request.fixturenames:
            overrides["MEDIA_ROOT"] = str(request.getfixturevalue("tmp_path") / "media")
        else:
            overrides["MEDIA_ROOT"] = str(next(_media_roots))
    eager = app.conf.task_always_eager
    try:
        if not worker:
            app.conf.task_always_eager = True
        breaker.reset()
        with override_settings(**overrides):
            translation.deactivate()
            timezone.deactivate()
            try:
                yield
            finally:
                translation.deactivate()
                timezone.deactivate()
    finally:
        app.conf.task_always_eager = eager
        if serves and not ANSWERS.close_when_idle(timeout=30):
            pytest.fail("the live server was still answering a request 30 s after the test ended")


@pytest.fixture(autouse=True)
def media_root(_suite_settings):
    """The test's MEDIA_ROOT (``_suite_settings``)."""
    from django.conf import settings

    return settings.MEDIA_ROOT


@pytest.fixture
def make_user(db):
    from django.contrib.auth.models import Group

    from tests.factories import UserFactory

    def make(*roles: str, **kwargs):
        user = UserFactory(**kwargs)
        for role in roles:
            user.groups.add(Group.objects.get(name=role))
        return user

    return make


@pytest.fixture
def designer(make_user):
    return make_user("designer", username="dana")


@pytest.fixture
def reviewer(make_user):
    return make_user("reviewer", username="remi")


@pytest.fixture
def playtester(make_user):
    return make_user("playtester", username="paula")


@pytest.fixture
def russian_playtester(playtester):
    """The playtester, who reads Russian (their preference, as the demo's)."""
    from studio.models import Preference

    Preference.objects.create(user=playtester, language="ru")
    return playtester


@pytest.fixture
def client_as(client):
    """The test client, logged in as ``client_as(user)``."""

    def login(user):
        client.force_login(user)
        return client

    return login


@pytest.fixture
def api():
    """An API client: ``api(user)`` is authenticated as ``user``, ``api()`` is anonymous."""
    from rest_framework.test import APIClient

    def client(user=None):
        c = APIClient()
        if user is not None:
            c.force_authenticate(user)
        return c

    return client


@pytest.fixture
def make_card(db):
    """Create a card through the service (so it has its first revision)."""
    from tests.factories import new_card

    return new_card


# The migrated database as a SQLite file, for the tests whose own processes open one (the
# entrypoint, a real worker): the one the suite's test database is copied from (tests/migrated_database.py).
# Where the suite runs on PostgreSQL, a process of its own makes (or finds) it.
_MIGRATED_SQLITE: dict = {}


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database (on SQLite a copy of the migrated one, tests/migrated_database.py)."""
    from tests import migrated_database

    _MIGRATED_SQLITE.update(migrated_database.FILES)
    # Read once a process, at its first permission check (studio.permissions): read here, so that
    # no test counts that query among its own.
    from studio.permissions import triggers_present

    with django_db_blocker.unblock():
        triggers_present()
    return django_db_setup


@pytest.fixture(scope="module")
def migrated_sqlite(request):
    """``migrated_sqlite(path)``: put a migrated SQLite database at ``path``; returns it.
    ``migrated_sqlite(path, pending=True)``: the same but its last migrations (``PENDING`` of
    tests/migrated_database.py), which ``migrate`` applies. Of the module's scope, so that a module's
    fixture may take one (tests/studio/test_serving.py)."""
    import shutil
    from pathlib import Path

    from django.conf import settings

    from tests import migrated_database

    def make(path: Path, *, pending: bool = False) -> Path:
        if not _MIGRATED_SQLITE and settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
            request.getfixturevalue("django_db_setup")
        if not _MIGRATED_SQLITE:  # PostgreSQL, or a test database in a file: made apart
            _MIGRATED_SQLITE.update(migrated_database.made_apart())
        shutil.copyfile(_MIGRATED_SQLITE["pending" if pending else "migrated"], path)
        return path

    return make


# The collector's first threshold: a young generation collected every 10,000 net allocations, not
# Python's 2,000 (a test makes and drops its objects by the thousand: fewer of them survive into the
# older generations, and a full collection comes less often). tests/cards and tests/decks in one
# process: 3.9 -> 2.6 CPU-s of collecting (1,717 -> 384 young collections, 14 -> 4 full ones), the
# same peak memory (240 MB); 50,000 collected less often still but each young collection costs more (2.9 s).
# tests/decks and tests/browser/test_decks.py with -n 2, three runs each: 1.86-1.93 -> 1.50-1.57 CPU-s
# of collecting in the workers (of about 39.5), peak memory unchanged (211 MB).
GC_THRESHOLD = 10_000


@pytest.hookimpl(wrapper=True)
def pytest_collection(session):
    """No garbage collection while the tests are collected; what then exists (Django, the modules,
    the collected tests) lives to the end: collected once and frozen, it is no longer traversed by
    each full garbage collection of the run (a process spends a quarter to a third less time
    collecting garbage, about 2 % of its CPU). Then the young generation's threshold is raised
    (GC_THRESHOLD).

    Collecting creates the objects of the whole run and few of them are garbage: each process's
    collector traversed them all again and again meanwhile (four full collections, a second of
    CPU in each xdist process, each of which collects all 4,000 tests), for 15 MB it then freed.
    The one collection at the end frees that garbage before the freeze."""
    gc.disable()
    try:
        return (yield)
    finally:
        gc.collect()
        gc.freeze()
        gc.set_threshold(GC_THRESHOLD, *gc.get_threshold()[1:])
        gc.enable()


@pytest.fixture
def throwaway_database(db, django_db_blocker):
    """A data migration's test: an empty database of its own (tests/migrating.py), dropped after.
    The test database is left alone; ``db`` only makes it exist (the throwaway one is named after
    it on PostgreSQL), and rolls back whatever would reach it anyway."""
    from django.test import override_settings

    from tests.migrating import ThrowawayDatabase, ToThrowaway

    with django_db_blocker.unblock():
        database = ThrowawayDatabase()
        try:
            with override_settings(DATABASE_ROUTERS=[ToThrowaway()]):
                yield database
        finally:
            database.drop()
