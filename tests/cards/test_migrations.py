"""The migration that adds Card.last_validated_revision fills it from the existing history.

Each test has a database of its own, migrated from empty (``throwaway_database``, tests/migrating.py),
to the cards app's latest migration at most: its current models read the database then."""

BEFORE = [("cards", "0003_importconflict")]
AFTER = [("cards", "0004_card_last_validated_revision")]


def test_each_card_gets_its_latest_validated_revision(throwaway_database):
    db = throwaway_database
    old = db.migrate(BEFORE)
    Card, CardRevision = old.get_model("cards", "Card"), old.get_model("cards", "CardRevision")
    cards = {}
    for stable_id, statuses in {
        "DU-A": ["DRAFT", "VALIDATED", "NEEDS_REVIEW", "VALIDATED", "NEEDS_REVIEW"],
        "DU-B": ["DRAFT", "NEEDS_REVIEW"],
    }.items():
        card = Card.objects.using(db.alias).create(
            game="duel", stable_id=stable_id, name=stable_id, type="MONSTER"
        )
        for version, status in enumerate(statuses, start=1):
            CardRevision.objects.using(db.alias).create(
                card=card, version=version, action="UPDATE", snapshot={"status": status}, changes={}
            )
        cards[stable_id] = card.pk

    new = db.migrate(AFTER)
    Card = new.get_model("cards", "Card").objects.using(db.alias)
    a = Card.select_related("last_validated_revision").get(pk=cards["DU-A"])
    assert a.last_validated_revision.version == 4
    assert Card.get(pk=cards["DU-B"]).last_validated_revision_id is None


def test_the_search_columns_are_filled_for_existing_cards_and_indexed(throwaway_database):
    db = throwaway_database
    old = db.migrate([("cards", "0004_card_last_validated_revision")])
    old.get_model("cards", "Card").objects.using(db.alias).create(
        game="darkrow", stable_id="DR-M1", name="Chianti & Korn", type="LEADER", text="Recherche Sniper."
    )
    db.migrate([("cards", "0005_search_columns")])
    # The current model reads the columns the cards app's later migrations add (0006: source_language).
    db.migrate_to_latest("cards")
    from cards.models import Card
    from cards.search import card_search

    card = Card.objects.using(db.alias).get(stable_id="DR-M1")
    assert (card.search_name, card.search_body) == (" chianti&korn ", " recherche sniper . ")
    found = card_search(Card.objects.using(db.alias).all(), 'o:sniper cites:"Chianti & Korn"')
    assert list(found.values_list("stable_id", flat=True)) == ["DR-M1"]


def test_the_translated_search_columns_are_filled_from_what_is_stored(throwaway_database):
    """0009: a card's current translated names (kept since 0007) and its translations' texts get
    their searchable forms, so that name terms and cites: find them without a save."""
    db = throwaway_database
    old = db.migrate([("cards", "0008_cardset_import_jobs")])
    Card, CardTranslation = old.get_model("cards", "Card"), old.get_model("cards", "CardTranslation")
    card = Card.objects.using(db.alias).create(
        game="chesscards", stable_id="CC-M1", name="Marche arrière", type="CARD", translated_names="Шаг назад"
    )
    CardTranslation.objects.using(db.alias).create(
        card=card,
        language="ru",
        name="Шаг назад",
        text="Сыграйте «Мур».",
        source_version=1,
        status="VALIDATED",
    )
    db.migrate_to_latest("cards")
    from cards.models import Card as CurrentCard
    from cards.models import CardTranslation as CurrentTranslation

    card = CurrentCard.objects.using(db.alias).get(stable_id="CC-M1")
    assert (card.search_translated, card.translated_languages) == ("\n шаг назад \n", "|ru|")
    translation = CurrentTranslation.objects.using(db.alias).get(card__stable_id="CC-M1")
    assert translation.search_body == " сыграйте « мур » . "
