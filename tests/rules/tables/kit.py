"""Decks for the table tests, pure: the demo decks of cards/demo (darkrow: one made of its demo cards)."""

from __future__ import annotations

import json
from functools import cache

from rules import CardData, get_ruleset
from rules.tables import SeatDeck, deal_table
from tests.seeds import SEED_GAMES

from .. import deckkit

DEMO = deckkit.DEMO
COMMON = deckkit.COMMON | {"number", "artwork", "printings", "flavor", "collectorNumber"}
# The seeds' games (tests/test_no_hard_coded_games.py: no list of the games written by hand).
GAMES = tuple(sorted(SEED_GAMES))


@cache
def pool(game: str) -> dict[str, CardData]:
    data = json.loads((DEMO / f"{game}.json").read_text(encoding="utf-8"))
    cards = {}
    for n, card in enumerate(data["cards"]):
        cards[card["stableCardId"]] = CardData(
            game=game,
            name=card["name"],
            type=card["type"],
            stable_id=card["stableCardId"],
            set=card.get("set") or "",
            text=card.get("text") or "",
            fields={k: v for k, v in card.items() if k not in COMMON},
            status=card.get("status", "VALIDATED"),
            version=1 + n % 3,
        )
    return cards


def demo_deck(name: str) -> SeatDeck:
    data = json.loads((DEMO / "decks" / f"{name}.deck.json").read_text(encoding="utf-8"))
    cards = pool(data["game"])
    copies = tuple(
        (section, cards[entry["card"]])
        for section, entries in data["sections"].items()
        for entry in entries
        for _ in range(entry["count"])
    )
    picks = tuple(
        (pick, cards[data[pick]]) for pick in ("legend", "champion", "activeLeader") if data.get(pick)
    )
    return SeatDeck(copies, picks)


def darkrow_deck() -> SeatDeck:
    cards = pool("darkrow")
    leader = next(c for c in cards.values() if c.type == "LEADER")
    others = [c for c in cards.values() if c.type not in ("LEADER", "LEGENDARY")]
    main = [("main", others[i % len(others)]) for i in range(40)]
    return SeatDeck(tuple(main), (("activeLeader", leader),))


def decks(game: str) -> tuple[SeatDeck, SeatDeck]:
    if game == "darkrow":
        return darkrow_deck(), darkrow_deck()
    name = {
        "vanguard": ("vanguard-td01", "vanguard-td02"),
        "riftbound": ("riftbound-example", "riftbound-example"),
        "duel": ("duel-example", "duel-example"),
        "chesscards": ("chesscards-default", "chesscards-default"),
    }[game]
    return demo_deck(name[0]), demo_deck(name[1])


def dealt(game: str, seed: int = 7, mode: str = "free"):
    """The game's table dealt for its demo decks (free mode unless told: the sandbox's tests)."""
    return deal_table(get_ruleset(game), seed, decks(game), mode=mode)
