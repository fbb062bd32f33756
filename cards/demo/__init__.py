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
    stdout.write(f"  translations  {load_translations()} written")


def translations() -> dict:
    """The demo translations (``translations/demo.json``): game -> stableCardId -> language -> texts."""
    with open(DEMO_DIR / "translations" / "demo.json", encoding="utf-8") as handle:
        data = json.load(handle)
    return {game: cards for game, cards in data.items() if not game.startswith("_")}


def load_translations() -> int:
    """Import the demo translations, VALIDATED, onto the demo cards that exist (idempotent)."""
    from ..imports import read_translations
    from ..interchange import card_to_dict, parse_card
    from ..models import Card
    from ..translations import translations_import_many

    given_to = []
    for game, cards in translations().items():
        for card in Card.objects.filter(game=game, stable_id__in=list(cards)).order_by("stable_id"):
            given = {lang: {**texts, "status": "VALIDATED"} for lang, texts in cards[card.stable_id].items()}
            card_input, _ = parse_card(card_to_dict(card), game=game)
            raw = {"translations": given}
            problems = read_translations(raw, card_input, card.stable_id)
            if problems:
                raise ValueError("; ".join(f.message for f in problems))
            given_to.append((card, card_input.translations))
    return translations_import_many(given_to, user=None, may_validate=True)
