"""A decklist without section headers, placed by card type (FORMATS.md v1.2).

Deck sites export lists without headers (blocks split by blank lines) and Tabletop Simulator
writes one line of codes: the cards say where they go. Each entry goes to the section its card
type goes to (``RuleSet.deck_home``); a card whose home is a pick (riftbound's Legend) is that
pick when the deck makes none; a pick chosen among a section's cards (the Chosen Champion,
``RuleSet.deck_pick_choices``) is the first card of its types there that :meth:`RuleSet.pick_fits`
accepts (riftbound: whose tag is the Legend's). Entries whose card is unknown stay where they are
(the validation says why). Pure: cards in, entries out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from .decks import Entry
from .pool import CardPool

if TYPE_CHECKING:
    from .ruleset import RuleSet


def place_by_type(
    ruleset: RuleSet,
    sections: Mapping[str, Sequence[Entry]],
    picks: Mapping[str, str | None],
    pool: CardPool,
    identity: str,
) -> tuple[dict[str, list[Entry]], dict[str, str | None]]:
    """``sections`` and ``picks`` with every entry in the section its card type goes to."""
    placed: dict[str, list[Entry]] = {name: [] for name in sections}
    chosen: dict[str, str | None] = dict(picks)
    cards: dict[str, object] = {}
    for section, entries in sections.items():
        for entry in entries:
            match = pool.find(entry.ref, identity)
            card = match.card or (match.printings[0] if match.printings else None)
            home = ruleset.section_for(card.type) if card is not None else section
            if home in ruleset.deck_picks:
                if not chosen.get(home):
                    chosen[home] = entry.ref
                    cards[home] = card
                    if entry.count == 1:
                        continue
                    entry = Entry(entry.ref, entry.count - 1)
                home = section
            placed.setdefault(home, []).append(entry)
    for pick, (section, types) in ruleset.deck_pick_choices.items():
        if chosen.get(pick):
            continue
        for entry in placed.get(section, []):
            match = pool.find(entry.ref, identity)
            card = match.card or (match.printings[0] if match.printings else None)
            if card is None or (types is not None and card.type not in types):
                continue
            if ruleset.pick_fits(pick, card, cards):
                chosen[pick] = entry.ref
                cards[pick] = card
                break
    return {name: entries for name, entries in placed.items() if entries or name in sections}, chosen
