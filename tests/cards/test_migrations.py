"""The migration that adds Card.last_validated_revision fills it from the existing history."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("cards", "0003_importconflict")]
AFTER = [("cards", "0004_card_last_validated_revision")]


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_each_card_gets_its_latest_validated_revision():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    Card, CardRevision = old.get_model("cards", "Card"), old.get_model("cards", "CardRevision")
    cards = {}
    for stable_id, statuses in {
        "DU-A": ["DRAFT", "VALIDATED", "NEEDS_REVIEW", "VALIDATED", "NEEDS_REVIEW"],
        "DU-B": ["DRAFT", "NEEDS_REVIEW"],
    }.items():
        card = Card.objects.create(game="duel", stable_id=stable_id, name=stable_id, type="MONSTER")
        for version, status in enumerate(statuses, start=1):
            CardRevision.objects.create(
                card=card, version=version, action="UPDATE", snapshot={"status": status}, changes={}
            )
        cards[stable_id] = card.pk

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    Card = new.get_model("cards", "Card")
    a = Card.objects.select_related("last_validated_revision").get(pk=cards["DU-A"])
    assert a.last_validated_revision.version == 4
    assert Card.objects.get(pk=cards["DU-B"]).last_validated_revision_id is None
