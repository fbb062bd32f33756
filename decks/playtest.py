"""Test draws and odds of a stored deck: its dealt section as card values, for :mod:`rules.draws`.

Reads nothing itself: the deck comes from :func:`decks.selectors.deck_get`,
its entries and their cards prefetched.
"""

from __future__ import annotations

from dataclasses import dataclass

from cards.interchange import card_data
from rules import CardData
from rules.draws import DrawSetup

from .models import Deck, EntryKind


def card_value(entry, game: str) -> CardData:
    """The card of an entry as the rules see it; an entry naming no card stays in the deck under its reference."""
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


def section_entries(deck: Deck, section: str) -> list:
    """The entries of one section, in deck-list order (from the prefetched entries)."""
    return sorted(
        (e for e in deck.entries.all() if e.kind == EntryKind.CARD and e.section == section),
        key=lambda e: e.position,
    )


def dealt_cards(deck: Deck, setup: DrawSetup) -> list[CardData]:
    """The section the setup deals, one value per copy, in deck-list order."""
    cards: list[CardData] = []
    for entry in section_entries(deck, setup.section):
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
