"""Test draws and odds of a stored deck: its dealt section as card values, for :mod:`rules.draws`.

The deck comes from :func:`decks.selectors.deck_get`, its entries and their cards prefetched; its
entries are read with the cards they play (:func:`decks.selectors.played_entries`: a name of
several printings of one identity plays the printing its validation picked).
"""

from __future__ import annotations

from dataclasses import dataclass

from cards.interchange import card_data
from rules import CardData
from rules.draws import DrawSetup

from .models import Deck, EntryKind
from .selectors import Played, deck_played


def card_value(entry: Played, game: str) -> CardData:
    """The card an entry plays as the rules see it; an entry naming no card stays in the deck under its reference."""
    if entry.card is None:
        return CardData(game=game, name=entry.ref, type="")
    return card_data(entry.card)


@dataclass(frozen=True)
class Choice:
    """A card of the dealt section the odds can be asked about."""

    key: str
    name: str
    copies: int


def key_of(card: CardData) -> str:
    return card.stable_id or f"ref:{card.name}"


def section_entries(deck: Deck, section: str, resolved: dict | None = None) -> list[Played]:
    """The entries of one section with the cards they play, in deck-list order (``resolved``: the
    deck's verdict's map, when at hand)."""
    return [
        e for e in deck_played(deck, resolved=resolved) if e.kind == EntryKind.CARD and e.section == section
    ]


def dealt_cards(deck: Deck, setup: DrawSetup, resolved: dict | None = None) -> list[CardData]:
    """The section the setup deals, one value per copy, in deck-list order."""
    cards: list[CardData] = []
    for entry in section_entries(deck, setup.section, resolved):
        value = card_value(entry, deck.game)
        cards.extend([value] * entry.count)
    return cards


def choices(cards: list[CardData]) -> list[Choice]:
    """Each distinct card of ``cards`` with its copies, by name."""
    counted: dict[str, Choice] = {}
    for card in cards:
        key = key_of(card)
        found = counted.get(key)
        counted[key] = Choice(key, card.name, (found.copies if found else 0) + 1)
    return sorted(counted.values(), key=lambda c: (c.name.casefold(), c.key))
