"""Data built once a module (issue 42 item 5): for the modules whose tests each start from the same
data, built for each test it was most of their CPU.

``built_once`` opens a transaction of the module's own, in which the module's fixture builds its
data; each test then runs in a savepoint inside it (pytest-django's ``db``), rolled back at the
test's end, so a test that writes still starts from the data as built, never from another test's
changes; the module's transaction is rolled back at its end, leaving the database as it found it.
The suite's per-test settings that building depends on are the module's here (cheap passwords,
tasks in-process, no face precompute, a MEDIA_ROOT of its own), as in tests/studio/test_api_fuzz.py.

Only for modules without transactional tests (``transaction=True``, ``live_server``): those commit,
and would commit the module's data with them. ``built_once`` refuses to start in such a module.

A module's fixture returns what its tests look up (primary keys, stable ids) or objects read
again for each test (``fresh``): an object kept from the build would carry a test's changes in
memory to the next test."""

from __future__ import annotations

import copy
from contextlib import contextmanager

from tests.factories import UserFactory


@contextmanager
def built_once(request, django_db_blocker, tmp_path_factory):
    """The context of a module's data: ``with built_once(...): yield build()`` in a fixture of
    the module's scope that asks for ``django_db_setup`` (the test database made first); or of a
    class's scope, for a module whose other tests must not find the data (the class's tests only)."""
    from django.db import transaction
    from django.test import override_settings
    from django.utils import translation

    from studio.celery import app

    for item in request.session.items:
        if request.node in item.listchain() and _commits(item):
            raise RuntimeError(f"{item.nodeid} is transactional: its module's data cannot be built once")
    with (
        django_db_blocker.unblock(),
        override_settings(
            PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
            FACES_PRECOMPUTE=False,
            API_THROTTLING=False,
            MEDIA_ROOT=str(tmp_path_factory.mktemp("module-media")),
        ),
    ):
        eager, app.conf.task_always_eager = app.conf.task_always_eager, True
        try:
            with transaction.atomic():
                try:
                    yield
                finally:
                    transaction.set_rollback(True)
        finally:
            app.conf.task_always_eager = eager
            translation.deactivate()


def _commits(item) -> bool:
    marker = item.get_closest_marker("django_db")
    if marker is not None and marker.kwargs.get("transaction"):
        return True
    return bool({"transactional_db", "live_server"} & set(getattr(item, "fixturenames", ())))


def on_commit_run():
    """The build's on_commit callbacks, run as the block ends (as ``django_capture_on_commit_callbacks``
    with ``execute=True`` does in a test)."""
    from django.test import TestCase

    return TestCase.captureOnCommitCallbacks(execute=True)


def make_user(*roles: str, **kwargs):
    """A user of ``roles`` (the suite's ``make_user``, outside a test)."""
    from django.contrib.auth.models import Group

    user = UserFactory(**kwargs)
    for role in roles:
        user.groups.add(Group.objects.get(name=role))
    return user


def fresh(obj):
    """``obj`` as the database holds it now (a new instance: the build's is never changed)."""
    return type(obj)._default_manager.get(pk=obj.pk)


def copied(obj):
    """A copy of ``obj`` for one test (no query)."""
    return copy.deepcopy(obj)
