"""Decks for the tables' page and real-time tests: the demo cards imported, decks owned by a user."""

from __future__ import annotations

import json

from cards.demo import DEMO_DIR, card_set

DECK_FILES = {
    "vanguard": ("vanguard-td01", "vanguard-td02"),
    "riftbound": ("riftbound-example", "riftbound-example"),
    "duel": ("duel-example", "duel-example"),
    "chesscards": ("chesscards-default", "chesscards-default"),
}


def import_cards(game: str) -> None:
    from cards.imports import cards_import

    cards_import(payload=card_set(game))


def deck_for(game: str, owner, name: str | None = None, which: int = 0, *, imported: bool = False):
    """One of ``owner``'s decks of ``game`` (the demo deck; darkrow: 40 of its demo cards and a Leader).

    The game's demo cards are imported first, unless ``imported`` (the test imported them already,
    for its first deck: a second import changes nothing and cost a tenth of a second)."""
    from decks.services import deck_create

    if not imported:
        import_cards(game)
    if game == "darkrow":
        cards = card_set("darkrow")["cards"]
        leader = next(c for c in cards if c["type"] == "LEADER")
        others = [c for c in cards if c["type"] not in ("LEADER", "LEGENDARY")]
        counts: dict[str, int] = {}
        for i in range(40):
            stable = others[i % len(others)]["stableCardId"]
            counts[stable] = counts.get(stable, 0) + 1
        data = {
            "game": "darkrow",
            "name": name or f"Darkrow {which + 1}",
            "sections": {"main": [{"card": k, "count": v} for k, v in counts.items()]},
            "activeLeader": leader["stableCardId"],
        }
    else:
        path = DEMO_DIR / "decks" / f"{DECK_FILES[game][which % 2]}.deck.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        if name:
            data["name"] = name
        elif which:
            data["name"] = f"{data['name']} ({which + 1})"
    data["owner"] = owner.get_username()
    return deck_create(data=data)
