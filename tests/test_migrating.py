"""After the cards app is migrated back and forth as ``manage.py migrate`` does, its search index is
whole again: on SQLite, 0009 backwards rebuilds cards_card, which drops the index's triggers, and the
cards app puts them back on ``post_migrate``. On a database of its own (``throwaway_database``,
tests/migrating.py): the test database moved so cost 8 CPU-seconds."""


def test_a_card_made_after_migrating_back_and_forth_is_found_by_search(throwaway_database):
    db = throwaway_database
    db.migrate_to_latest("cards")
    db.migrate([("cards", "0008_cardset_import_jobs")])
    db.migrate_to_latest("cards")
    from cards.models import Card
    from cards.search import card_search

    cards = Card.objects.using(db.alias)
    for number in range(40):  # "blade" rare enough to be searched through the index, not by a scan
        cards.create(game="vanguard", stable_id=f"VG-M{number}", name=f"Unit {number}", type="NORMAL_UNIT")
    cards.create(game="vanguard", stable_id="VG-BB", name="Blaster Blade", type="NORMAL_UNIT")
    assert list(card_search(cards.all(), "blade").values_list("stable_id", flat=True)) == ["VG-BB"]
