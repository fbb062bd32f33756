"""Writes to decks, formats and collections, by concern.

Every write is one transaction. Validation stores a result and never touches
a deck's entries: an entry naming an unknown or disabled card stays as the
player wrote it. Whatever can change a verdict (a card, a format, a
collection) marks the affected decks stale in the same transaction and
enqueues their revalidation on commit.

- :mod:`.formats`: deck formats (a changed format marks its decks stale);
- :mod:`.staleness`: decks marked stale, validated again, one deck's result stored;
- :mod:`.references`: the cards a deck may name, their pool, a deck input parsed and placed,
  its entries written;
- :mod:`.decks`: a deck created, replaced, deleted, or checked without being stored;
- :mod:`.entries`: one entry or pick changed (the deck builder's edits);
- :mod:`.collections`: the copies a player owns.

Callers import these names from ``decks.services``.
"""

from .collections import collection_import, collection_set
from .decks import (
    can_manage_all_decks,
    check_can_change,
    check_input,
    deck_check,
    deck_create,
    deck_delete,
    deck_update,
)
from .entries import (
    deck_card_add,
    deck_entry_change,
    deck_entry_move,
    deck_entry_printing,
    deck_entry_replace,
    deck_pick_set,
)
from .formats import FORMAT_FIELDS, deck_format_save, format_for
from .references import check_section_sizes, visible_card, visible_cards
from .staleness import card_versions_prune, deck_validate, decks_mark_stale, decks_revalidate

__all__ = [
    "FORMAT_FIELDS",
    "can_manage_all_decks",
    "card_versions_prune",
    "check_can_change",
    "check_input",
    "check_section_sizes",
    "collection_import",
    "collection_set",
    "deck_card_add",
    "deck_check",
    "deck_create",
    "deck_delete",
    "deck_entry_change",
    "deck_entry_move",
    "deck_entry_printing",
    "deck_entry_replace",
    "deck_format_save",
    "deck_pick_set",
    "deck_update",
    "deck_validate",
    "decks_mark_stale",
    "decks_revalidate",
    "format_for",
    "visible_card",
    "visible_cards",
]
