"""Benchmark: importing a card-set file against a plain bulk_create of the same cards and revisions.

    python bench/import.py [--cards 10000] [--rounds 3] [--status DRAFT] [--database-url URL]

Each round, on empty card tables, in the same run (alternating, medians):

- ``bulk_create``: the same rows built straight from the file (Card objects with
  their derived search columns, one CardRevision each with its snapshot), then
  ``bulk_create`` of the cards and of the revisions in one transaction;
- ``import``: ``cards.imports.cards_import`` of the file (parsing and checking
  every card, effect ids, the batched writes, the announcement);
- ``reimport``: the same file again (nothing changes: the idempotent path).

Prints one JSON line with the seconds of each and the ratio import / bulk_create.
Without --database-url it works in a temporary SQLite file.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from benchkit import django_on  # bench/benchkit.py


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--status", default="DRAFT", choices=["DRAFT", "VALIDATED"], help="the cards' status in the file"
    )
    parser.add_argument(
        "--database-url", help="a database the benchmark may fill (default: a temporary SQLite file)"
    )
    args = parser.parse_args()
    with django_on(args.database_url, prefix="bench-import-", secret="bench-import-"):
        print(json.dumps(run(args.cards, args.rounds, args.status)))


def card_file(n: int, status: str = "DRAFT") -> dict:
    return {
        "game": "darkrow",
        "cards": [
            {
                "stableCardId": f"DR-I{i:06d}",
                "name": f"Carte {i}",
                "type": "UNIT",
                "set": f"S{i % 7}",
                "text": f"Déployez une unité citant Carte {i + 1}, une fois par tour.",
                "archetypes": ["Lycéenne"] if i % 3 else ["Gadgets"],
                "cost": i % 8,
                "atk": i % 9,
                "pv": 1 + i % 7,
                "status": status,
            }
            for i in range(n)
        ],
    }


def _empty() -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "TRUNCATE cards_importconflict, cards_cardrevision, cards_card RESTART IDENTITY CASCADE"
            )
        else:
            cursor.execute("UPDATE cards_card SET last_validated_revision_id = NULL")
            for table in ("cards_importconflict", "cards_cardrevision", "cards_card"):
                cursor.execute(f"DELETE FROM {table}")
            cursor.execute("INSERT INTO cards_card_fts(cards_card_fts) VALUES ('rebuild')")


def plain_bulk_create(payload: dict) -> None:
    from django.db import transaction

    from cards.interchange import card_to_dict
    from cards.models import Card, CardRevision

    fields = {"stableCardId", "name", "type", "set", "text", "archetypes", "status"}
    with transaction.atomic():
        cards = []
        for raw in payload["cards"]:
            card = Card(
                game=payload["game"],
                stable_id=raw["stableCardId"],
                name=raw["name"],
                type=raw["type"],
                set_code=raw["set"],
                text=raw["text"],
                archetypes=raw["archetypes"],
                status=raw["status"],
                creation_method="IMPORTED",
                game_fields={k: v for k, v in raw.items() if k not in fields},
            )
            card.refresh_derived()
            cards.append(card)
        Card.objects.bulk_create(cards, batch_size=500)
        CardRevision.objects.bulk_create(
            [
                CardRevision(
                    card=c, version=1, action="IMPORT", note="imported", changes={}, snapshot=card_to_dict(c)
                )
                for c in cards
            ],
            batch_size=500,
        )


def run(n: int, rounds: int, status: str = "DRAFT") -> dict:
    from django.db import connection

    from cards.imports import cards_import
    from cards.models import Card, CardRevision

    payload = card_file(n, status)
    times = {"bulk_create": [], "import": [], "reimport": []}
    for _ in range(rounds):
        _empty()
        started = time.perf_counter()
        plain_bulk_create(payload)
        times["bulk_create"].append(time.perf_counter() - started)
        assert Card.objects.count() == n and CardRevision.objects.count() == n
        _empty()
        started = time.perf_counter()
        report = cards_import(payload=payload)
        times["import"].append(time.perf_counter() - started)
        assert len(report.created) == n and CardRevision.objects.count() == n
        started = time.perf_counter()
        report = cards_import(payload=payload)
        times["reimport"].append(time.perf_counter() - started)
        assert len(report.unchanged) == n
    median = {k: statistics.median(v) for k, v in times.items()}
    return {
        "database": connection.vendor,
        "cards": n,
        "status": status,
        "rounds": rounds,
        "bulk_create_s": round(median["bulk_create"], 3),
        "import_s": round(median["import"], 3),
        "reimport_s": round(median["reimport"], 3),
        "import_vs_bulk_create": round(median["import"] / median["bulk_create"], 2),
        "cards_per_s": round(n / median["import"]),
    }


if __name__ == "__main__":
    main()
