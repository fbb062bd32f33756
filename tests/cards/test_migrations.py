"""The migration that adds Card.last_validated_revision fills it from the existing history."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.migrating import migrate_to_latest

BEFORE = [("cards", "0003_importconflict")]
AFTER = [("cards", "0004_card_last_validated_revision")]


@pytest.fixture(autouse=True)
def _back_to_the_latest_migrations():
    """Leave the database as the other tests expect it: every migration applied."""
    yield
    migrate_to_latest()


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


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_the_search_columns_are_filled_for_existing_cards_and_indexed():
    before = [("cards", "0004_card_last_validated_revision")]
    after = [("cards", "0005_search_columns")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    Card = executor.loader.project_state(before).apps.get_model("cards", "Card")
    Card.objects.create(
        game="darkrow", stable_id="DR-M1", name="Chianti & Korn", type="LEADER", text="Recherche Sniper."
    )
    executor = MigrationExecutor(connection)
    executor.migrate(after)
    # The current model reads the columns later migrations add (0006: source_language).
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    from cards.models import Card as CurrentCard
    from cards.search import card_search

    card = CurrentCard.objects.get(stable_id="DR-M1")
    assert (card.search_name, card.search_body) == (" chianti&korn ", " recherche sniper . ")
    found = card_search(CurrentCard.objects.all(), 'o:sniper cites:"Chianti & Korn"')
    assert list(found.values_list("stable_id", flat=True)) == ["DR-M1"]


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_the_translated_search_columns_are_filled_from_what_is_stored():
    """0009: a card's current translated names (kept since 0007) and its translations' texts get
    their searchable forms, so that name terms and cites: find them without a save."""
    before = [("cards", "0008_cardset_import_jobs")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    Card, CardTranslation = old.get_model("cards", "Card"), old.get_model("cards", "CardTranslation")
    card = Card.objects.create(
        game="chesscards", stable_id="CC-M1", name="Marche arrière", type="CARD", translated_names="Шаг назад"
    )
    CardTranslation.objects.create(
        card=card,
        language="ru",
        name="Шаг назад",
        text="Сыграйте «Мур».",
        source_version=1,
        status="VALIDATED",
    )
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    from cards.models import Card as CurrentCard
    from cards.models import CardTranslation as CurrentTranslation

    card = CurrentCard.objects.get(stable_id="CC-M1")
    assert (card.search_translated, card.translated_languages) == ("\n шаг назад \n", "|ru|")
    assert CurrentTranslation.objects.get(card__stable_id="CC-M1").search_body == " сыграйте « мур » . "
