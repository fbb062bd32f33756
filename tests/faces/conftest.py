"""Fixtures of the face tests: demo cards and decks in the database."""

from __future__ import annotations

import pytest


@pytest.fixture
def load_cards(db):
    """Import the demo card set of each game given (through the cards service)."""
    from cards.demo import card_set
    from cards.imports import cards_import

    def load(*games: str):
        for game in games:
            cards_import(payload=card_set(game))

    return load


@pytest.fixture
def duel_deck(load_cards, playtester):
    """The demo duel deck (40 cards), owned by the playtester."""
    import json

    from cards.demo import DEMO_DIR
    from decks import services

    load_cards("duel")
    with open(DEMO_DIR / "decks" / "duel-example.deck.json", encoding="utf-8") as handle:
        return services.deck_create(data=json.load(handle), user=playtester)
