"""tests/serialized.py: a transactional test's migrated data, restored a table at a time."""

import json

import pytest
from django.contrib.auth.models import Group, Permission
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests import serialized

pytestmark = pytest.mark.django_db(transaction=True)


def _stored(data: str) -> dict:
    """What ``data`` holds, as the database now holds it: each serialized row by model and pk."""
    from django.apps import apps

    rows = {}
    for item in json.loads(data):
        model = apps.get_model(item["model"])
        stored = model._base_manager.filter(pk=item["pk"]).values().first()
        rows[(item["model"], item["pk"])] = stored
    return rows


def _role_permissions() -> dict[str, set[int]]:
    return {group.name: set(group.permissions.values_list("pk", flat=True)) for group in Group.objects.all()}


def test_the_migrated_data_comes_back_whole_in_a_few_queries():
    data = connection._test_serialized_contents
    before = _stored(data)
    role_permissions = _role_permissions()
    assert None not in before.values() and any(role_permissions.values())

    # As a transactional test ends (TransactionTestCase._fixture_teardown): sequences kept.
    call_command("flush", interactive=False, inhibit_post_migrate=True, reset_sequences=False, verbosity=0)
    assert not Permission.objects.exists() and not Group.objects.exists()
    with CaptureQueriesContext(connection) as queries:
        serialized.restore(connection.creation, data)

    assert _stored(data) == before
    assert _role_permissions() == role_permissions
    # Django's own restore makes an UPDATE and an INSERT per row (about 500 here).
    assert len(queries) < 30, len(queries)


def test_tables_not_empty_are_restored_by_djangos_own_way():
    data = connection._test_serialized_contents
    before = _stored(data)
    Group.objects.create(name="extra")
    with CaptureQueriesContext(connection) as queries:
        serialized.restore(connection.creation, data)  # over the rows already there: no duplicate
    assert _stored(data) == before
    assert Group.objects.filter(name="extra").exists()
    assert len(queries) > len(before)
