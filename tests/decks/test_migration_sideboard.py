"""The migration that declares riftbound's sideboard on databases made before it (issue 29).

The test has a database of its own, migrated from empty (``throwaway_database``, tests/migrating.py)."""

BEFORE = [("decks", "0006_deck_edit_tab")]
AFTER = [("decks", "0007_riftbound_sideboard")]


def test_riftbound_constructed_gets_its_sideboard_and_a_reviewers_bound_is_kept(throwaway_database):
    db = throwaway_database
    old = db.migrate(BEFORE)
    DeckFormat = old.get_model("decks", "DeckFormat").objects.using(db.alias)
    constructed = DeckFormat.get(game="riftbound", key="constructed")
    constructed.sections = {k: v for k, v in constructed.sections.items() if k != "sideboard"}
    constructed.save(using=db.alias)
    tournament = DeckFormat.create(
        game="riftbound", key="tournament", name="Tournament", sections={"main": {"exact": 40}}
    )

    new = db.migrate(AFTER)
    DeckFormat = new.get_model("decks", "DeckFormat").objects.using(db.alias)
    assert DeckFormat.get(pk=constructed.pk).sections["sideboard"] == {}
    assert "sideboard" not in DeckFormat.get(pk=tournament.pk).sections  # a reviewer's own

    old = db.migrate(BEFORE)
    assert (
        "sideboard"
        not in old.get_model("decks", "DeckFormat").objects.using(db.alias).get(pk=constructed.pk).sections
    )
