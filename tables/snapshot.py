"""A deck frozen for a table: its copies and picks as plain JSON, and back as a :class:`SeatDeck`.

A seat keeps the cards it was dealt from (their data and version when the player sat down), so
a card edited or a deck changed later never changes a game in progress or its replay. The deck's
entries are read with the cards they play, as :mod:`decks.playtest` reads them
(:func:`decks.selectors.deck_played`: a name of several printings of one identity is dealt as the
printing the deck's validation picked; entries prefetched: no query per entry).

The stored form: ``{"pool": [card...], "cards": [[section, i]...], "picks": [[pick, i]...]}``,
each distinct card once in ``pool`` (``stableCardId``, ``version``, its data) and each copy an
index into it, in deck-list order.
"""

from __future__ import annotations

from typing import Any

from decks.models import Deck, EntryKind
from decks.playtest import card_value
from decks.selectors import deck_played
from rules import CardData, registry
from rules.tables import SeatDeck


def card_json(card: CardData, pk: int | None) -> dict[str, Any]:
    return {
        "stableCardId": card.stable_id,
        "version": card.version,
        "name": card.name,
        "type": card.type,
        "set": card.set,
        "text": card.text,
        "archetypes": list(card.archetypes),
        "fields": dict(card.fields),
        "effects": list(card.effects),
        "status": card.status,
        "pk": pk,
    }


def freeze(deck: Deck) -> dict[str, Any]:
    """The deck as a seat keeps it (reads its entries: prefetch ``entries__card``)."""
    ruleset = registry.get(deck.game)
    order = {section: n for n, section in enumerate(ruleset.deck_sections)}
    entries = sorted(
        deck_played(deck), key=lambda e: (order.get(e.section, len(order)), e.section, e.position)
    )
    pool: list[dict[str, Any]] = []
    index: dict[object, int] = {}

    def at(entry) -> int:
        key = entry.card_id if entry.card_id is not None else ("ref", entry.ref)
        if key not in index:
            index[key] = len(pool)
            pool.append(card_json(card_value(entry, deck.game), entry.card_id))
        return index[key]

    cards = [[e.section, at(e)] for e in entries if e.kind == EntryKind.CARD for _ in range(e.count)]
    picks = [[e.section, at(e)] for e in entries if e.kind == EntryKind.PICK]
    return {"pool": pool, "cards": cards, "picks": picks}


def _card(game: str, data: dict[str, Any]) -> CardData:
    return CardData(
        game=game,
        name=data["name"],
        type=data["type"],
        stable_id=data.get("stableCardId"),
        set=data.get("set") or "",
        text=data.get("text") or "",
        archetypes=tuple(data.get("archetypes") or ()),
        fields=data.get("fields") or {},
        effects=tuple(data.get("effects") or ()),
        status=data.get("status") or "DRAFT",
        version=data.get("version") or 0,
    )


def thaw_card(game: str, data: dict[str, Any]) -> CardData:
    """One card of a frozen deck's pool as the rules see it."""
    return _card(game, data)


def thaw(game: str, frozen: dict[str, Any]) -> SeatDeck:
    """The :class:`SeatDeck` a seat was dealt from."""
    pool = [_card(game, data) for data in frozen["pool"]]
    return SeatDeck(
        tuple((section, pool[i]) for section, i in frozen["cards"]),
        tuple((pick, pool[i]) for pick, i in frozen["picks"]),
    )


def card_versions(frozen: dict[str, Any]) -> dict[str, int]:
    """``{stableCardId: version}`` of the cards a seat was dealt from."""
    return {c["stableCardId"]: c["version"] for c in frozen["pool"] if c.get("stableCardId")}
