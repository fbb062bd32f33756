"""The suite's own machinery (tests/conftest.py): a plain test after a transactional one, in any order."""

import os
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command

from decks.models import NamedCardList
from tests import conftest


@pytest.mark.django_db(transaction=True)
def test_a_plain_test_after_a_transactional_flush_finds_the_migrated_data_again(request):
    """pytest-xdist's worksteal can run a plain test right after a transactional one in a process."""
    roles = set(Group.objects.values_list("name", flat=True))
    assert {"designer", "reviewer", "playtester"} <= roles
    # What a transactional test's teardown does: flush, without re-creating anything.
    call_command("flush", interactive=False, inhibit_post_migrate=True, verbosity=0)
    conftest.pytest_runtest_teardown(request.node)
    assert not Group.objects.exists()

    plain = SimpleNamespace(
        get_closest_marker=lambda name: pytest.mark.django_db.mark if name == "django_db" else None,
        fixturenames=["db"],
        config=request.config,
    )
    conftest.pytest_runtest_setup(plain)
    assert set(Group.objects.values_list("name", flat=True)) == roles
    # The flush above restarted the sequences (PostgreSQL): a new row still gets an id of its own.
    NamedCardList.objects.create(game="duel", key="after-the-flush", name="After the flush")
    Group.objects.create(name="after-the-flush")
    conftest.pytest_runtest_setup(plain)  # once restored, not again
    assert Group.objects.count() == len(roles) + 1


def test_every_test_runs_with_the_suites_settings_and_a_fresh_media_root(media_root):
    from django.conf import settings

    assert settings.API_THROTTLING is False and settings.FACES_PRECOMPUTE is False
    assert settings.PASSWORD_HASHERS == ["django.contrib.auth.hashers.MD5PasswordHasher"]
    assert media_root == settings.MEDIA_ROOT
    assert not os.path.exists(media_root), "a MEDIA_ROOT another test may have written to"
    assert not os.path.realpath(media_root).startswith(os.path.realpath(settings.BASE_DIR))


def test_a_test_with_a_tmp_path_has_its_media_root_in_it(tmp_path, media_root):
    assert media_root == str(tmp_path / "media")


def test_what_exists_before_the_first_test_is_frozen_and_the_young_generation_collected_less_often():
    """tests/conftest.py's pytest_collection_finish: Django, the modules and the collected tests are
    out of the collector's sight, and the young generation's threshold is raised (GC_THRESHOLD)."""
    import gc

    assert gc.get_freeze_count() > 10_000
    assert gc.get_threshold()[0] == conftest.GC_THRESHOLD > 2_000
