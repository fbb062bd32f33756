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


@pytest.fixture
def a_card_of_each_type(db):
    """The first demo card of each of darkrow's types (leader, unit, legendary, object): what a print
    shop's sheet must be (its size, boxes, colours) holds whatever the card, and four cards show it as
    well as the thirteen, each drawn, converted and compressed at 300 dpi."""
    from cards.demo import card_set
    from cards.imports import cards_import

    payload = card_set("darkrow")
    firsts = {}
    for card in payload["cards"]:
        firsts.setdefault(card["type"], card)
    assert len(firsts) == 4
    cards_import(payload={**payload, "cards": list(firsts.values())})
