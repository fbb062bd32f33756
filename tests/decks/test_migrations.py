"""The migration that moved each deck's card versions to shared rows keeps what every deck was validated against."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.migrating import migrate_to_latest

BEFORE = [("decks", "0002_defaults_and_roles")]
AFTER = [("decks", "0003_card_versions_read_once")]


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_existing_decks_keep_the_card_versions_they_were_validated_against():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    fmt = old.get_model("decks", "DeckFormat").objects.get(game="duel", key="standard")
    Deck = old.get_model("decks", "Deck")
    a = Deck.objects.create(game="duel", format=fmt, name="a", card_versions={"DU-EX-001": 3, "DU-EX-002": 1})
    b = Deck.objects.create(game="duel", format=fmt, name="b", card_versions={"DU-EX-002": 1, "DU-EX-001": 3})
    c = Deck.objects.create(game="duel", format=fmt, name="c", card_versions={})

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    Deck = new.get_model("decks", "Deck")
    rows = {d.name: d.validated_against for d in Deck.objects.select_related("validated_against")}
    assert rows["a"].versions == {"DU-EX-001": 3, "DU-EX-002": 1}
    assert rows["a"].pk == rows["b"].pk  # the same versions share one row
    assert rows["c"] is None
    assert {a.pk, b.pk, c.pk} == set(Deck.objects.values_list("pk", flat=True))


@pytest.fixture(autouse=True)
def _back_to_the_latest_migrations():
    """Leave the database migrated to the end (later migrations of decks exist), whatever happened."""
    yield
    migrate_to_latest()
