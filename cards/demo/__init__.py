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

from rules import get_ruleset, registry

DEMO_DIR = Path(__file__).resolve().parent


def demo_games() -> list[str]:
    """The games with a demo card set: each rule set names its own (``RuleSet.demo_card_set``)."""
    return [ruleset.key for ruleset in registry if ruleset.demo_card_set]


def card_set(game: str) -> dict:
    with open(DEMO_DIR / get_ruleset(game).demo_card_set, encoding="utf-8") as handle:
        return json.load(handle)


def load_demo(stdout) -> None:
    """Import every demo card set (idempotent: a second run changes nothing)."""
    from ..imports import cards_import

    for game in demo_games():
        report = cards_import(payload=card_set(game))
        stdout.write(f"  cards  {report.summary()}")
