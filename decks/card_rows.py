"""A card as the deck checks read it: the columns of one query, and the rules' value made of a row
(the references of a deck being written, decks.services.references, and the revalidation's
batches, decks.validation)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules import CardData

# translated_names: the card's current translations' names (a reference may name it by one).
CARD_COLUMNS = (
    "pk",
    "game",
    "stable_id",
    "name",
    "type",
    "set_code",
    "game_fields",
    "status",
    "version",
    "translated_names",
)


def card_data(row: Sequence[Any]) -> CardData:
    """The card of a row of ``values_list(*CARD_COLUMNS)``."""
    _pk, game, stable_id, name, card_type, set_code, fields, status, version, translated = row
    return CardData(
        game=game,
        name=name,
        type=card_type,
        stable_id=stable_id,
        set=set_code,
        fields=fields or {},
        status=status,
        version=version,
        translated_names=tuple(translated.splitlines()),
    )
