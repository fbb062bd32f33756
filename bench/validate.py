"""Benchmark: validating the TD01 Vanguard deck with the pure rules core against a minimal checker.

    python bench/validate.py [--repeat 2000] [--rounds 5]

Both sides get the same prepared data: the Vanguard demo cards (a CardPool built
once, as revalidation builds it once per run), the TD01 deck and the owner's
collection. The minimal checker is hand-written for the classic format's rules
only (50 main cards, at most 4 copies per nameId, 16 triggers, at most 4 heals
and 4 sentinels, a starting vanguard, the classic sets, owned copies) and must
agree with the core on legality. Prints one JSON line: microseconds per
validation (median of the rounds, and the best round) and the ratio core /
minimal (the median of the rounds' ratios; the two sides alternate round by
round, so each ratio compares them under the same load).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def minimal_checker(deck, by_id, collection) -> bool:
    """The classic format's rules, nothing else: True when the deck is legal."""
    main = deck.sections["main"]
    total = triggers = heals = sentinels = 0
    per_name: dict[str, int] = {}
    starter = False
    for entry in main:
        card = by_id.get(entry.ref)
        if (
            card is None
            or card.set not in ("BT01", "TD01", "TD02")
            or collection.get(entry.ref, 0) < entry.count
        ):
            return False
        total += entry.count
        fields = card.fields
        key = fields.get("nameId") or card.name
        per_name[key] = per_name.get(key, 0) + entry.count
        if card.type == "TRIGGER_UNIT":
            triggers += entry.count
            if fields.get("trigger") == "HEAL":
                heals += entry.count
        elif fields.get("grade") == 0:
            starter = True
        if fields.get("sentinel"):
            sentinels += entry.count
    return (
        total == 50
        and triggers == 16
        and heals <= 4
        and sentinels <= 4
        and starter
        and max(per_name.values()) <= 4
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    from rules import get_ruleset, registry
    from rules.decks import CardPool
    from tests.rules.deckkit import deck_file, deck_from_file, demo_cards

    registry.autodiscover()
    ruleset = get_ruleset("vanguard")
    cards = demo_cards("vanguard")
    pool = CardPool(cards)
    by_id = {c.stable_id: c for c in cards}
    deck = deck_from_file(deck_file(ROOT / "tests" / "data" / "vanguard" / "td01.deck.json"), owner="paula")
    collection = {c.stable_id: 99 for c in cards}
    fmt = ruleset.default_format_data()

    result = ruleset.validate_deck(deck, pool, fmt, collection)
    assert result.legal == minimal_checker(deck, by_id, collection) is True, result.violations

    def per_call(fn) -> float:
        started = time.perf_counter()
        for _ in range(args.repeat):
            fn()
        return (time.perf_counter() - started) / args.repeat

    # Interleaved, round by round: on a shared machine the load changes from second to second,
    # and each round's ratio compares the two sides under the same load.
    core_rounds, minimal_rounds, ratios = [], [], []
    for _ in range(args.rounds):
        core_s = per_call(lambda: ruleset.validate_deck(deck, pool, fmt, collection))
        minimal_s = per_call(lambda: minimal_checker(deck, by_id, collection))
        core_rounds.append(core_s)
        minimal_rounds.append(minimal_s)
        ratios.append(core_s / minimal_s)
    core, minimal = statistics.median(core_rounds), statistics.median(minimal_rounds)
    print(
        json.dumps(
            {
                "deck": "TD01",
                "repeat": args.repeat,
                "rounds": args.rounds,
                "core_us": round(core * 1e6, 1),
                "minimal_us": round(minimal * 1e6, 1),
                "core_vs_minimal": round(statistics.median(ratios), 2),
                "best_core_us": round(min(core_rounds) * 1e6, 1),
                "best_minimal_us": round(min(minimal_rounds) * 1e6, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
