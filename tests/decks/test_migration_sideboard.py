"""The migration that declares riftbound's sideboard on databases made before it (issue 29)."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.migrating import migrate_to_latest

BEFORE = [("decks", "0006_deck_edit_tab")]
AFTER = [("decks", "0007_riftbound_sideboard")]


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_riftbound_constructed_gets_its_sideboard_and_a_reviewers_bound_is_kept():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    DeckFormat = old.get_model("decks", "DeckFormat")
    constructed = DeckFormat.objects.get(game="riftbound", key="constructed")
    constructed.sections = {k: v for k, v in constructed.sections.items() if k != "sideboard"}
    constructed.save()
    tournament = DeckFormat.objects.create(
        game="riftbound", key="tournament", name="Tournament", sections={"main": {"exact": 40}}
    )

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    DeckFormat = new.get_model("decks", "DeckFormat")
    assert DeckFormat.objects.get(pk=constructed.pk).sections["sideboard"] == {}
    assert "sideboard" not in DeckFormat.objects.get(pk=tournament.pk).sections  # a reviewer's own

    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    assert "sideboard" not in old.get_model("decks", "DeckFormat").objects.get(pk=constructed.pk).sections


@pytest.fixture(autouse=True)
def _back_to_the_latest_migrations():
    yield
    migrate_to_latest()
