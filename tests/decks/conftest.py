"""Fixtures of the deck tests: the demo cards in the database, demo deck files."""

from __future__ import annotations

import copy
import json

import pytest

from cards.demo import DEMO_DIR, card_set

DECKS = DEMO_DIR / "decks"


@pytest.fixture
def load_cards(db):
    """Import the demo card set of each game given (through the cards service)."""
    from cards.imports import cards_import

    def load(*games: str):
        for game in games:
            cards_import(payload=card_set(game))

    return load


@pytest.fixture
def demo_deck():
    """A demo deck file as a JSON object (a fresh copy each time)."""

    def read(name: str) -> dict:
        with open(DECKS / f"{name}.deck.json", encoding="utf-8") as handle:
            return copy.deepcopy(json.load(handle))

    return read


@pytest.fixture
def td01(demo_deck):
    return demo_deck("vanguard-td01")


def own_everything(user, deck: dict):
    from decks.services import collection_set

    counts: dict[str, int] = {}
    for entries in deck["sections"].values():
        for entry in entries:
            counts[entry["card"]] = counts.get(entry["card"], 0) + entry.get("count", 1)
    collection_set(owner=user, counts=counts)


@pytest.fixture(scope="module")
def vanguard_td01_built(request, django_db_setup, django_db_blocker, tmp_path_factory):
    """The Vanguard demo cards and a playtester (paula) who owns TD01's, built once for the module
    that asks (tests/module_data.py: each test starts from them in a savepoint of its own; imported
    for each test that read them, the cards were most of such a module's setup)."""
    from tests import module_data

    with module_data.built_once(request, django_db_blocker, tmp_path_factory):
        from cards.imports import cards_import

        cards_import(payload=card_set("vanguard"))
        playtester = module_data.make_user("playtester", username="paula")
        own_everything(
            playtester, json.loads((DECKS / "vanguard-td01.deck.json").read_text(encoding="utf-8"))
        )
        yield {"playtester": playtester}


@pytest.fixture
def duel(load_cards):
    load_cards("duel")


@pytest.fixture
def duel_deck(duel, demo_deck, playtester):
    """The demo duel deck (40 cards, legal), owned by the playtester."""
    from decks.services import deck_create

    return deck_create(data=demo_deck("duel-example"), user=playtester)
