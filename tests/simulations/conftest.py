"""The lab's tests use the tables' fixtures: each game's demo cards and a deck of them for a user."""

from tests.tables.conftest import load_cards, make_deck, opponent  # noqa: F401
