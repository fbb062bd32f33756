"""The migration that moved each deck's card versions to shared rows keeps what every deck was validated against.

The test has a database of its own, migrated from empty (``throwaway_database``, tests/migrating.py)."""

BEFORE = [("decks", "0002_defaults_and_roles")]
AFTER = [("decks", "0003_card_versions_read_once")]


def test_existing_decks_keep_the_card_versions_they_were_validated_against(throwaway_database):
    db = throwaway_database
    old = db.migrate(BEFORE)
    fmt = old.get_model("decks", "DeckFormat").objects.using(db.alias).get(game="duel", key="standard")
    Deck = old.get_model("decks", "Deck").objects.using(db.alias)
    a = Deck.create(game="duel", format=fmt, name="a", card_versions={"DU-EX-001": 3, "DU-EX-002": 1})
    b = Deck.create(game="duel", format=fmt, name="b", card_versions={"DU-EX-002": 1, "DU-EX-001": 3})
    c = Deck.create(game="duel", format=fmt, name="c", card_versions={})

    new = db.migrate(AFTER)
    Deck = new.get_model("decks", "Deck").objects.using(db.alias)
    rows = {d.name: d.validated_against for d in Deck.select_related("validated_against")}
    assert rows["a"].versions == {"DU-EX-001": 3, "DU-EX-002": 1}
    assert rows["a"].pk == rows["b"].pk  # the same versions share one row
    assert rows["c"] is None
    assert {a.pk, b.pk, c.pk} == set(Deck.values_list("pk", flat=True))
