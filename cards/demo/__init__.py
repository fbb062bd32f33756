"""The demo card sets that ship with the studio (``manage.py loaddemo``).

- chesscards: the 41 cards of seed 003 with their full French text;
- vanguard: the real Classic pool (BT01, TD01, TD02), see vanguard-SOURCE.md;
- darkrow: only the cards named in seed 000, with only what the seed says
  (see darkrow-NOTES.md);
- riftbound, duel: small example sets, marked by their set name EXAMPLE.
"""

from __future__ import annotations

import json
from pathlib import Path

DEMO_DIR = Path(__file__).resolve().parent
GAMES = ("chesscards", "vanguard", "darkrow", "riftbound", "duel")


def card_set(game: str) -> dict:
    with open(DEMO_DIR / f"{game}.json", encoding="utf-8") as handle:
        return json.load(handle)


def load_demo(stdout) -> None:
    """Import every demo card set (idempotent: a second run changes nothing)."""
    from ..imports import cards_import

    for game in GAMES:
        report = cards_import(payload=card_set(game))
        stdout.write(f"  cards  {report.summary()}")
