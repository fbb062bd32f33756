"""decks.selectors.played_entries: the cards a stored deck's entries play, for every reader.

An entry plays the card it holds; a name that printings of one identity share holds none and
plays the printing its validation picked (rules.decks.played_id). Query counts are flat: the
cards named without being held are read in one query for any number of decks and entries.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from cards.models import Card
from decks.models import Deck
from decks.selectors import deck_get, deck_list, deck_played, played_entries
from decks.services import collection_set, deck_create, deck_validate

pytestmark = pytest.mark.django_db

# The TD02 names printed in BT01 too (cards/demo/vanguard.json): entries of an identity.
SHARED = {
    "TD02-001",
    "TD02-004",
    "TD02-006",
    "TD02-007",
    "TD02-008",
    "TD02-011",
    "TD02-013",
    "TD02-014",
    "TD02-015",
}


@pytest.fixture
def by_names(load_cards, demo_deck, playtester):
    """``by_names(name=...)``: TD02 written by card names, owned by the playtester, who owns TD02."""
    load_cards("vanguard")
    names = dict(Card.objects.filter(game="vanguard").values_list("stable_id", "name"))
    data = demo_deck("vanguard-td02")
    collection_set(owner=playtester, counts={e["card"]: e["count"] for e in data["sections"]["main"]})

    def make(name: str = "TD02 by names", by_id: bool = False) -> Deck:
        deck = demo_deck("vanguard-td02")
        deck["name"] = name
        if not by_id:
            for entry in deck["sections"]["main"]:
                entry["card"] = names[entry["card"]]
        return deck_create(data=deck, user=playtester)

    return make


def test_a_name_of_several_printings_plays_the_printing_its_validation_picked(by_names, playtester):
    deck = deck_get(user=playtester, pk=by_names().pk)
    played = deck_played(deck)
    assert sum(p.count for p in played if p.card is not None) == 50
    named = [p for p in played if not p.held]
    assert {p.card.stable_id for p in named} == SHARED  # the printings the owner owns
    overlord = next(p for p in named if p.ref == "Dragonic Overlord")
    assert (overlord.kind, overlord.section, overlord.position, overlord.count) == ("CARD", "main", 0, 2)
    assert overlord.card_id == Card.objects.get(stable_id="TD02-001").pk and overlord.entry.card_id is None
    # In deck-list order, as the entries are.
    assert [p.position for p in played] == list(range(16))


def test_the_owner_s_printing_is_played(by_names, playtester):
    deck = by_names()
    owned = {e.card.stable_id: e.count for e in deck_played(deck_get(user=playtester, pk=deck.pk))}
    owned.pop("TD02-001")
    collection_set(owner=playtester, counts={**owned, "BT01-004": 2}, replace=True)  # revalidates
    overlord = next(
        p for p in deck_played(deck_get(user=playtester, pk=deck.pk)) if p.ref == "Dragonic Overlord"
    )
    assert overlord.card.stable_id == "BT01-004"


def test_a_reference_that_names_no_card_plays_none(by_names, playtester):
    deck = by_names()
    deck.entries.filter(ref="Dragon Monk, Goku").update(ref="Dragon Monk, Gokuu", card=None)
    Deck.objects.filter(pk=deck.pk).update(stale=True)
    played = {p.ref: p for p in deck_played(deck_get(user=playtester, pk=deck.pk))}
    assert played["Dragon Monk, Gokuu"].card is None and played["Dragon Monk, Gokuu"].card_id is None
    assert played["Dragonic Overlord"].card.stable_id == "TD02-001"


def test_the_queries_are_flat(by_names, playtester, django_assert_num_queries):
    by_id = deck_get(user=playtester, pk=by_names("by id", by_id=True).pk)
    with django_assert_num_queries(0):  # every entry holds its card: nothing to read
        assert sum(p.count for p in deck_played(by_id)) == 50
    one = deck_get(user=playtester, pk=by_names("one").pk)
    with django_assert_num_queries(1):  # the nine named printings, at once
        assert sum(p.count for p in deck_played(one) if p.card) == 50
    decks = list(deck_list(user=playtester).filter(pk__in=[by_names(f"deck {n}").pk for n in range(4)]))
    with django_assert_num_queries(1):  # four decks: still one
        played = played_entries(decks)
    assert [sum(p.count for p in played[d.pk] if p.card) for d in decks] == [50] * 4


def test_a_page_s_verdict_is_used_as_it_is(by_names, playtester, django_assert_num_queries):
    """A page that has the deck's verdict hands its map: no second validation of a stale deck."""
    deck = by_names()
    Deck.objects.filter(pk=deck.pk).update(stale=True)
    deck = deck_get(user=playtester, pk=deck.pk)
    resolved = deck.resolved
    with django_assert_num_queries(1):
        played = deck_played(deck, resolved=resolved)
    assert sum(p.count for p in played if p.card) == 50
    with django_assert_num_queries(1):  # a map that says otherwise is what the page read
        played = deck_played(deck, resolved={"main": {**resolved["main"], "Dragonic Overlord": "BT01-004"}})
    assert next(p for p in played if p.ref == "Dragonic Overlord").card.stable_id == "BT01-004"


def test_the_builder_s_search_counts_the_printing_a_name_plays(by_names, playtester, client_as):
    """A search result says how many copies the deck has of it: 2 of TD02's Dragonic Overlord,
    which the entry "Dragonic Overlord" plays, none of BT01's."""
    deck = by_names()
    page = client_as(playtester).get(reverse("decks:search", args=[deck.pk]), {"q": "Dragonic Overlord"})
    in_deck = {item["card"].stable_id: item["in_deck"] for item in page.context["results"]}
    assert in_deck == {"TD02-001": 2, "BT01-004": 0}
    board = client_as(playtester).get(reverse("decks:detail", args=[deck.pk])).context["board"]
    assert board.copies[Card.objects.get(stable_id="TD02-001").pk] == 2
    assert sum(board.copies.values()) == 50


def test_a_pick_by_a_name_of_several_printings_shows_the_printing_it_plays(
    db, demo_deck, playtester, client_as
):
    """Riftbound's Legend written by its name, printed twice (an alternate art): the builder's pick
    shows the printing the deck plays, as every other reader reads it."""
    from cards.demo import card_set
    from cards.imports import cards_import

    payload = card_set("riftbound")
    legend = next(c for c in payload["cards"] if c["stableCardId"] == "RB-EX-001")
    payload["cards"].append({**legend, "stableCardId": "RB-EX-001a"})
    cards_import(payload=payload)
    data = demo_deck("riftbound-example")
    data["legend"] = legend["name"]
    deck = deck_create(data=data, user=playtester)
    assert deck.entries.get(kind="PICK", section="legend").card_id is None
    board = client_as(playtester).get(reverse("decks:detail", args=[deck.pk])).context["board"]
    pick = next(p for p in board.picks if p.name == "legend")
    assert pick.card is not None and pick.card.stable_id == "RB-EX-001"
    assert next(p for p in deck_played(deck) if p.section == "legend").card.stable_id == "RB-EX-001"


def test_an_id_written_before_its_card_could_be_seen_is_played_once_it_can(
    load_cards, demo_deck, playtester, reviewer, client_as
):
    """An entry by stableCardId of a card its owner could not see when it was written holds no card;
    once the card is validated, the deck's validation finds it (legal), and so does every reader."""
    from cards.services import card_set_status

    load_cards("vanguard")
    Card.objects.filter(stable_id="TD02-002").update(status="NEEDS_REVIEW")  # hidden from a playtester
    data = demo_deck("vanguard-td02")
    owned = {e["card"]: e["count"] for e in data["sections"]["main"]}
    collection_set(owner=playtester, counts={k: n for k, n in owned.items() if k != "TD02-002"})
    deck = deck_create(data=data, user=playtester)
    assert not deck.legal and not deck.stale and deck.entries.get(ref="TD02-002").card_id is None
    card_set_status(stable_id="TD02-002", status="VALIDATED", user=reviewer)
    assert Deck.objects.get(pk=deck.pk).stale  # the card it names is now one its owner may see
    collection_set(owner=playtester, counts=owned)
    deck_validate(deck=deck)  # as the revalidation does
    deck = deck_get(user=playtester, pk=deck.pk)
    assert deck.legal and not deck.stale, deck.violations
    goku = next(p for p in deck_played(deck) if p.ref == "TD02-002")
    assert goku.card is not None and goku.card.stable_id == "TD02-002" and not goku.held
    board = client_as(playtester).get(reverse("decks:detail", args=[deck.pk])).context["board"]
    row = next(r for s in board.sections for r in s.rows if r.ref == "TD02-002")
    assert row.shown is not None and row.shown.stable_id == "TD02-002"
