"""Fixtures of the face tests: demo cards and decks in the database."""

from __future__ import annotations

import pytest

from tests.decks.conftest import load_cards  # noqa: F401 (the demo cards, as the deck tests load them)


@pytest.fixture
def duel_deck(load_cards, playtester):  # noqa: F811 (the fixture imported above)
    """The demo duel deck (40 cards), owned by the playtester."""
    import json

    from cards.demo import DEMO_DIR
    from decks import services

    load_cards("duel")
    with open(DEMO_DIR / "decks" / "duel-example.deck.json", encoding="utf-8") as handle:
        return services.deck_create(data=json.load(handle), user=playtester)


def load_a_card_of_each_type(game: str) -> list[str]:
    """Import the first demo card of each of ``game``'s types; their stable ids, in the file's order."""
    from cards.demo import card_set
    from cards.imports import cards_import

    payload = card_set(game)
    firsts = {}
    for card in payload["cards"]:
        firsts.setdefault(card["type"], card)
    cards_import(payload={**payload, "cards": list(firsts.values())})
    return [card["stableCardId"] for card in firsts.values()]


@pytest.fixture
def a_card_of_each_type(db):
    """The first demo card of each of darkrow's types (leader, unit, legendary, object): what a print
    shop's sheet must be (its size, boxes, colours) holds whatever the card, and four cards show it as
    well as the thirteen, each drawn, converted and compressed at 300 dpi."""
    assert len(load_a_card_of_each_type("darkrow")) == 4


@pytest.fixture
def small_duel_deck(db, playtester):
    """A duel deck of three cards, one in three copies and one in two, owned by the playtester: a print
    shop's files of a deck (a page or an image a copy) as the 40 cards' show them, for a quarter of the
    drawing (each card drawn, converted and compressed at 300 dpi)."""
    from decks import services

    first, second, third, *_ = load_a_card_of_each_type("duel")
    sections = {
        "main": [{"card": first, "count": 3}, {"card": second, "count": 1}, {"card": third, "count": 2}]
    }
    return services.deck_create(
        data={"game": "duel", "format": "standard", "name": "Small duel deck", "sections": sections},
        user=playtester,
    )


@pytest.fixture
def a_duel_card_of_each_type(db):
    """The first demo card of each of duel's six types (a print job of the game draws six cards, not
    the thirteen)."""
    assert len(load_a_card_of_each_type("duel")) == 6
