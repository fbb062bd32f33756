"""The table fixtures (demo cards in the database, decks of them) serve the statistics' tests too."""

from tests.tables.conftest import deck_data, load_cards, make_deck, opponent  # noqa: F401
