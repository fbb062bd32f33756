"""Deck services: storing, validating, replacing; validation never touches the entries."""

import pytest

from cards import services as card_services
from common.errors import Forbidden, InvalidInput
from decks import services
from decks.models import Deck, DeckEntry, DeckFormat, OwnedCard
from rules import registry

from .conftest import own_everything


def entries_of(deck):
    return list(
        DeckEntry.objects.filter(deck=deck)
        .order_by("kind", "section", "position")
        .values_list("section", "ref", "card__stable_id", "count")
    )


@pytest.mark.parametrize("ruleset", list(registry), ids=lambda rs: rs.key)
def test_the_default_formats_are_the_rule_sets_defaults(db, ruleset):
    stored = DeckFormat.objects.get(game=ruleset.key, is_default=True)
    assert stored.data() == ruleset.default_format_data()
    assert set(DeckFormat.objects.filter(game=ruleset.key).values_list("key", flat=True)) >= {
        fmt.key for fmt in ruleset.default_formats
    }


def test_the_cour_des_damnes_is_a_provisional_empty_list(db):
    from decks.models import NamedCardList

    cour = NamedCardList.objects.get(game="duel", key="cour-des-damnes")
    assert cour.provisional and cour.name == "Cour des Damnés" and cour.cards.count() == 0


def test_create_resolves_names_and_keeps_unknown_entries(load_cards, playtester, demo_deck):
    load_cards("duel")
    data = demo_deck("duel-example")
    data["sections"]["main"][0] = {"card": "Example Light Squire", "count": 4}
    data["sections"]["main"].append({"card": "No Such Monster", "count": 2})
    deck = services.deck_create(data=data, user=playtester)
    assert deck.owner == playtester
    rows = entries_of(deck)
    assert rows[0] == ("main", "Example Light Squire", "DU-EX-001", 4)
    assert rows[-1] == ("main", "No Such Monster", None, 2)
    assert deck.legal is False and deck.stale is False
    assert [v["code"] for v in deck.violations] == ["UNKNOWN_CARD", "DECK_SIZE"]
    assert deck.counts == {"main": 42}
    assert deck.card_versions["DU-EX-001"] == 1


def test_validation_never_deletes_entries_of_disabled_or_unknown_cards(load_cards, reviewer, demo_deck):
    load_cards("duel")
    data = demo_deck("duel-example")
    data["sections"]["main"].append({"card": "DU-NOPE", "count": 1})
    deck = services.deck_create(data=data, user=reviewer)
    before = entries_of(deck)
    card_services.card_set_status(stable_id="DU-EX-001", status="DISABLED", user=reviewer)
    services.deck_validate(deck=deck)
    deck.refresh_from_db()
    assert entries_of(deck) == before
    assert {v["code"] for v in deck.violations} == {"UNKNOWN_CARD", "CARD_NOT_VALIDATED", "DECK_SIZE"}


def test_bad_input_is_refused_with_every_problem(load_cards, playtester):
    load_cards("duel")
    with pytest.raises(InvalidInput) as caught:
        services.deck_create(
            data={
                "game": "duel",
                "legend": "x",
                "colour": 1,
                "sections": {"main": [{"card": ""}, {"card": "A", "count": 0}, "B"]},
            },
            user=playtester,
        )
    messages = " | ".join(f.message for f in caught.value.findings)
    assert "legend is no pick of duel decks" in messages
    assert "colour is not a key of duel decks" in messages
    assert (
        "sections.main[0].card must be a stableCardId" in messages
        and "sections.main[1].count must be a whole number from 1 to 1000" in messages
        and "sections.main[2] must be an object" in messages
    )
    assert Deck.objects.count() == 0


def test_unknown_format_is_refused(load_cards, playtester):
    with pytest.raises(InvalidInput, match="duel has no format nope; use one of standard"):
        services.deck_create(data={"game": "duel", "format": "nope", "sections": {}}, user=playtester)


def test_a_playtester_cannot_give_a_deck_to_someone_else(playtester, reviewer):
    with pytest.raises(Forbidden):
        services.deck_create(
            data={"game": "duel", "owner": reviewer.username, "sections": {}}, user=playtester
        )


def test_patch_replaces_only_given_sections_and_picks(load_cards, playtester, demo_deck):
    load_cards("riftbound")
    deck = services.deck_create(data=demo_deck("riftbound-example"), user=playtester)
    assert deck.legal
    services.deck_update(
        deck=deck, data={"champion": None, "sections": {"battlefields": []}}, user=playtester, partial=True
    )
    deck.refresh_from_db()
    codes = sorted(v["code"] for v in deck.violations)
    assert codes == ["CHAMPION", "DECK_SIZE"]
    assert deck.counts == {"main": 40, "runes": 12, "battlefields": 0}


def test_put_replaces_the_whole_deck(load_cards, playtester, demo_deck):
    load_cards("duel")
    deck = services.deck_create(data=demo_deck("duel-example"), user=playtester)
    services.deck_update(
        deck=deck,
        data={"game": "duel", "name": "Small", "sections": {"main": [{"card": "DU-EX-001"}]}},
        user=playtester,
    )
    deck.refresh_from_db()
    assert deck.name == "Small" and deck.owner == playtester
    assert entries_of(deck) == [("main", "DU-EX-001", "DU-EX-001", 1)]


def test_only_the_owner_changes_a_deck(load_cards, playtester, reviewer, demo_deck):
    load_cards("duel")
    deck = services.deck_create(data=demo_deck("duel-example"), user=playtester)
    with pytest.raises(Forbidden):
        services.deck_update(deck=deck, data={"name": "Mine"}, user=reviewer, partial=True)
    with pytest.raises(Forbidden):
        services.deck_delete(deck=deck, user=reviewer)


def test_owned_only_format_checks_the_owners_collection(
    load_cards, playtester, td01, django_capture_on_commit_callbacks
):
    load_cards("vanguard")
    deck = services.deck_create(data=td01, user=playtester)
    assert [v["code"] for v in deck.violations].count("NOT_OWNED") == 16
    with django_capture_on_commit_callbacks(execute=True):
        own_everything(playtester, td01)
    deck.refresh_from_db()
    assert deck.legal and deck.ready_to_play and deck.violations == []  # the collection change revalidated it
    with django_capture_on_commit_callbacks(execute=True):
        services.collection_set(owner=playtester, counts={"TD01-001": 3})
    deck.refresh_from_db()
    assert [v["code"] for v in deck.violations] == ["NOT_OWNED"]


def test_a_deck_without_owner_says_ownership_was_not_checked(load_cards, td01):
    load_cards("vanguard")
    deck = services.deck_create(data=td01)
    assert deck.owner is None and deck.legal
    assert [v["code"] for v in deck.violations] == ["OWNERSHIP_NOT_CHECKED"]
    assert deck.ready_to_play is False


def test_collection_set_refuses_unknown_cards_and_changes_nothing(load_cards, playtester):
    load_cards("vanguard")
    with pytest.raises(InvalidInput) as caught:
        services.collection_set(owner=playtester, counts={"TD01-001": 4, "XX-1": 1, "TD01-002": -1})
    assert len(caught.value.findings) == 2
    assert not OwnedCard.objects.exists()


def test_collection_import_adds_and_replaces(load_cards, playtester):
    load_cards("vanguard")
    # Blaster Blade is printed in BT01 and TD01: one nameId, so the name adds the first printing.
    data = {"game": "vanguard", "sections": {"main": [{"card": "Blaster Blade", "count": 2}]}}
    assert services.collection_import(owner=playtester, data=data) == {"BT01-002": 2}
    data["sections"]["main"] = [{"card": "TD01-005", "count": 2}, {"card": "stardust trumpeter", "count": 1}]
    assert services.collection_import(owner=playtester, data=data, replace=True) == {
        "TD01-005": 2,
        "TD01-012": 1,
    }
    assert services.collection_import(owner=playtester, data=data) == {"TD01-005": 4, "TD01-012": 2}
    data["sections"]["main"] = [{"card": "TD01-001", "count": 1}]
    assert services.collection_import(owner=playtester, data=data, replace=True) == {"TD01-001": 1}


def test_deck_check_stores_nothing(load_cards, td01):
    load_cards("vanguard")
    result = services.deck_check(data=td01)
    assert result.legal
    assert Deck.objects.count() == 0


# --- the builder's small changes ----------------------------------------------------------------------
def test_adding_a_card_adds_to_its_entry_even_one_written_by_name(load_cards, playtester):
    load_cards("duel")
    deck = services.deck_create(
        data={"game": "duel", "sections": {"main": [{"card": "Example Light Squire", "count": 2}]}},
        user=playtester,
    )
    services.deck_card_add(deck=deck, stable_id="DU-EX-001", user=playtester)
    services.deck_card_add(deck=deck, stable_id="DU-EX-002", count=3, user=playtester)
    assert entries_of(deck) == [
        ("main", "Example Light Squire", "DU-EX-001", 3),
        ("main", "DU-EX-002", "DU-EX-002", 3),
    ]
    deck.refresh_from_db()
    assert deck.counts == {"main": 6} and not deck.stale


def test_adding_goes_to_the_home_section_or_pick_unless_told(load_cards, playtester):
    load_cards("riftbound")
    deck = services.deck_create(data={"game": "riftbound", "name": "R"}, user=playtester)
    services.deck_card_add(deck=deck, stable_id="RB-EX-017", user=playtester)
    services.deck_card_add(deck=deck, stable_id="RB-EX-001", user=playtester)
    services.deck_card_add(
        deck=deck, stable_id="RB-EX-019", section="main", user=playtester
    )  # where the user says
    assert set(DeckEntry.objects.filter(deck=deck).values_list("kind", "section", "ref")) == {
        ("CARD", "runes", "RB-EX-017"),
        ("PICK", "legend", "RB-EX-001"),
        ("CARD", "main", "RB-EX-019"),
    }
    deck.refresh_from_db()
    assert any(v["code"] == "WRONG_SECTION" and v["card"] == "RB-EX-019" for v in deck.violations)


@pytest.mark.parametrize(
    "kwargs, error",
    [
        ({"stable_id": "DU-NOPE"}, "is no duel card"),
        (
            {"stable_id": "DU-EX-001", "section": "sideboard"},
            "section is sideboard, a section duel decks do not have; they have main",
        ),
        ({"stable_id": "DU-EX-001", "count": -1}, "count must be a whole number from 0"),
        ({"stable_id": "DU-EX-001", "count": 1000}, "at most 1000 copies"),
    ],
)
def test_adding_refuses_what_cannot_be_added_and_changes_nothing(load_cards, playtester, kwargs, error):
    load_cards("duel")
    deck = services.deck_create(
        data={"game": "duel", "sections": {"main": [{"card": "DU-EX-001", "count": 2}]}}, user=playtester
    )
    with pytest.raises(InvalidInput, match=error):
        services.deck_card_add(deck=deck, user=playtester, **kwargs)
    assert entries_of(deck) == [("main", "DU-EX-001", "DU-EX-001", 2)]


def test_changing_an_entry_by_count_or_delta(load_cards, playtester):
    from common.errors import Conflict

    load_cards("duel")
    deck = services.deck_create(
        data={
            "game": "duel",
            "sections": {"main": [{"card": "DU-EX-001", "count": 2}, {"card": "Nope", "count": 1}]},
        },
        user=playtester,
    )
    services.deck_entry_change(
        deck=deck, section="main", position=0, ref="DU-EX-001", delta=2, user=playtester
    )
    services.deck_entry_change(deck=deck, section="main", position=1, ref="Nope", count=5, user=playtester)
    assert entries_of(deck) == [("main", "DU-EX-001", "DU-EX-001", 4), ("main", "Nope", None, 5)]
    services.deck_entry_change(
        deck=deck, section="main", position=0, ref="DU-EX-001", delta=-10, user=playtester
    )
    assert entries_of(deck) == [("main", "Nope", None, 5)]
    with pytest.raises(Conflict, match="changed since this page was shown"):
        services.deck_entry_change(
            deck=deck, section="main", position=0, ref="DU-EX-001", count=1, user=playtester
        )
    with pytest.raises(InvalidInput, match="give count"):
        services.deck_entry_change(deck=deck, section="main", position=0, ref="Nope", user=playtester)
    assert entries_of(deck) == [("main", "Nope", None, 5)]


def test_only_the_owner_changes_a_deck_entry_by_entry(load_cards, playtester, reviewer):
    load_cards("duel")
    deck = services.deck_create(
        data={"game": "duel", "sections": {"main": [{"card": "DU-EX-001", "count": 2}]}}, user=playtester
    )
    with pytest.raises(Forbidden):
        services.deck_card_add(deck=deck, stable_id="DU-EX-002", user=reviewer)
    with pytest.raises(Forbidden):
        services.deck_entry_change(
            deck=deck, section="main", position=0, ref="DU-EX-001", count=0, user=reviewer
        )
    with pytest.raises(Forbidden):
        services.deck_pick_set(deck=deck, pick="legend", stable_id=None, user=reviewer)
    assert entries_of(deck) == [("main", "DU-EX-001", "DU-EX-001", 2)]


def test_picks_are_set_and_cleared(load_cards, playtester):
    load_cards("darkrow")
    deck = services.deck_create(
        data={"game": "darkrow", "sections": {"leaders": [{"card": "DR-L01"}]}}, user=playtester
    )
    services.deck_pick_set(deck=deck, pick="activeLeader", stable_id="DR-L01", user=playtester)
    deck.refresh_from_db()
    assert not any(v["code"] == "ACTIVE_LEADER" for v in deck.violations)
    services.deck_pick_set(deck=deck, pick="activeLeader", stable_id=None, user=playtester)
    deck.refresh_from_db()
    assert any(v["code"] == "ACTIVE_LEADER" for v in deck.violations) and not deck.ready_to_play
    with pytest.raises(InvalidInput, match="legend is no pick of darkrow decks; their picks: activeLeader"):
        services.deck_pick_set(deck=deck, pick="legend", stable_id="DR-L01", user=playtester)
    with pytest.raises(InvalidInput, match="is no darkrow card"):
        services.deck_pick_set(deck=deck, pick="activeLeader", stable_id="DR-ZZZ", user=playtester)
