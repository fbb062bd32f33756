"""Fixtures of the table tests: each game's demo cards in the database and a deck of it for a user."""

from __future__ import annotations

import copy
import json

import pytest

from cards.demo import DEMO_DIR, card_set
from tests.seeds import SEED_GAMES

# The seeds' games: each has its demo cards and a demo deck (darkrow: one built below).
GAMES = tuple(sorted(SEED_GAMES))
DECK_FILES = {
    "vanguard": ("vanguard-td01", "vanguard-td02"),
    "riftbound": ("riftbound-example", "riftbound-example"),
    "duel": ("duel-example", "duel-example"),
    "chesscards": ("chesscards-default", "chesscards-default"),
}


def deck_data(game: str, second: bool = False) -> dict:
    """A deck file of ``game`` (darkrow has none among the demo decks: one of its demo cards)."""
    if game == "darkrow":
        cards = card_set("darkrow")["cards"]
        leader = next(c for c in cards if c["type"] == "LEADER")
        # The cards a playtester may read (VALIDATED): the others would stay references in the deck.
        others = [
            c for c in cards if c["type"] not in ("LEADER", "LEGENDARY") and c.get("status") == "VALIDATED"
        ]
        counts: dict[str, int] = {}
        for i in range(40):
            sid = others[i % len(others)]["stableCardId"]
            counts[sid] = counts.get(sid, 0) + 1
        return {
            "game": "darkrow",
            "name": "Darkrow test" + (" 2" if second else ""),
            "sections": {"main": [{"card": sid, "count": n} for sid, n in counts.items()]},
            "activeLeader": leader["stableCardId"],
        }
    name = DECK_FILES[game][1 if second else 0]
    with open(DEMO_DIR / "decks" / f"{name}.deck.json", encoding="utf-8") as handle:
        return copy.deepcopy(json.load(handle))


@pytest.fixture
def load_cards(db):
    from cards.imports import cards_import

    loaded: set[str] = set()

    def load(*games: str):
        for game in games:
            if game not in loaded:
                cards_import(payload=card_set(game))
                loaded.add(game)

    return load


@pytest.fixture
def make_deck(load_cards):
    """``make_deck(user, game, second=False)``: a deck of ``game``'s demo cards owned by ``user``."""
    from decks.services import deck_create

    def make(user, game: str, second: bool = False):
        load_cards(game)
        return deck_create(data=deck_data(game, second), user=user)

    return make


@pytest.fixture
def opponent(make_user):
    return make_user("playtester", username="olga")
