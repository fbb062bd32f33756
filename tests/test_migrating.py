"""``migrate_to_latest`` leaves the database as ``manage.py migrate`` would, search index included."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.migrating import migrate_to_latest


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_card_made_after_migrating_back_and_forth_is_found_by_search():
    # On SQLite, 0009 backwards rebuilds cards_card, which drops the search index's triggers.
    MigrationExecutor(connection).migrate([("cards", "0008_cardset_import_jobs")])
    migrate_to_latest()
    from cards.models import Card
    from cards.search import card_search

    for number in range(40):  # "blade" rare enough to be searched through the index, not by a scan
        Card.objects.create(
            game="vanguard", stable_id=f"VG-M{number}", name=f"Unit {number}", type="NORMAL_UNIT"
        )
    Card.objects.create(game="vanguard", stable_id="VG-BB", name="Blaster Blade", type="NORMAL_UNIT")
    assert list(card_search(Card.objects.all(), "blade").values_list("stable_id", flat=True)) == ["VG-BB"]
