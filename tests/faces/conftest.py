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
