"""Benchmark: card search with translations, and what marking translations stale costs (issue 28).

    python bench/translations.py [--cards 100000] [--rounds 3] [--database-url URL]

Fills N darkrow cards as bench/search.py does (their source language is French), times the
search ``q`` runs (the page of pageSize + 1 rows and the bounded COUNT, medians of ``--rounds``)
for bench/search.py's queries without any translation, then gives every card an English and a
Russian translation (VALIDATED, current: 3 languages a card) and times the same queries again;
prints one JSON line a query with the ratio with/without. Then counts the queries of marking
stale: a card edit (one card, its 2 translations) and a 500-card re-import batch
(cards.services.cards_save_changes, 1,000 translations). Without --database-url it works in a
temporary SQLite file, never in the studio's own database.

The query language's terms that read translations (issue 28, item 6: name terms, ``lang:``,
``cites:``) are timed the same way (``query``, cards.search.card_find), labelled "query ...".
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

from benchkit import django_on  # bench/benchkit.py (puts the project on sys.path)
from search import COMMON, QUERIES, RARE, _median, _word, fill  # bench/search.py

PAGE_SIZE = 50
# The query language's terms that read translations (names, languages, citations): label, query.
# The translated names are made of the syllables of bench/search.py's words (``_word``).
QUERY_LANGUAGE = [
    ("query name: rare", f"name:{RARE}"),
    ("query name: syllables", "name:kari"),
    ("query name: short", "n:ka"),
    ("query exact name", '!"karito mola"'),
    ("query lang:fr", "lang:fr"),
    ("query lang:ru", "lang:ru"),
    ("query lang:ru + word", f"lang:ru {COMMON}"),
    ("query cites: rare", f"cites:{RARE}"),
    ("query cites: word", f"cites:{COMMON}"),
]


def translate_all() -> None:
    import random

    from django.db import connection, transaction

    from cards.models import DERIVED_FIELDS, Card, CardTranslation
    from rules.text import search_fold

    rng = random.Random(28)
    started = time.perf_counter()
    # The translation's searchable text (cards.models.CardTranslation.search_body, issue 28 item
    # 6); absent before it, so that the same file times the code before and after.
    with_body = any(f.name == "search_body" for f in CardTranslation._meta.fields)
    with_languages = any(f.name == "translated_languages" for f in Card._meta.fields)
    card_fields = ["translated_names", *(["translated_languages"] if with_languages else [])]
    batch = []
    with transaction.atomic():
        for pk, version in Card.objects.values_list("pk", "version").iterator(chunk_size=5000):
            for language in ("en", "ru"):
                name = f"{_word(rng).capitalize()} {_word(rng).capitalize()}"
                batch.append(
                    CardTranslation(
                        card_id=pk,
                        language=language,
                        name=name,
                        search_name=search_fold(name),
                        **({"search_body": ""} if with_body else {}),
                        text=" ".join(_word(rng) for _ in range(12)),
                        source_version=version,
                        status="VALIDATED",
                    )
                )
            if with_body:
                batch[-1].search_body = search_fold(batch[-1].text)
                batch[-2].search_body = search_fold(batch[-2].text)
            if len(batch) >= 4000:
                CardTranslation.objects.bulk_create(batch)
                batch = []
        CardTranslation.objects.bulk_create(batch)
        # Each card's current translations' names join its search columns (cards.translations).
        names: dict[int, list[str]] = {}
        for card_id, name in CardTranslation.objects.order_by("card_id", "language").values_list(
            "card_id", "name"
        ):
            names.setdefault(card_id, []).append(name)
        cards = []
        for card in Card.objects.all().iterator(chunk_size=5000):
            card.translated_names = "\n".join(names.get(card.pk, []))
            if with_languages:  # Card.translated_languages (issue 28, item 6), absent before it
                card.translated_languages = "|en|ru|" if card.pk in names else ""
            card.refresh_derived()
            cards.append(card)
            if len(cards) >= 2000:
                Card.objects.bulk_update(cards, [*card_fields, *DERIVED_FIELDS])
                cards = []
        Card.objects.bulk_update(cards, [*card_fields, *DERIVED_FIELDS])
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite" and os.environ.get("BENCH_FTS_OPTIMIZE"):
            # The FTS5 index after 100,000 updates through its triggers, merged as after a bulk load.
            cursor.execute("INSERT INTO cards_card_fts(cards_card_fts) VALUES ('optimize')")
        cursor.execute("ANALYZE")
    print(
        f"# {CardTranslation.objects.count()} translations in {time.perf_counter() - started:.1f} s",
        file=sys.stderr,
    )


def time_queries(rounds: int) -> dict[str, float]:
    from cards.api.pagination import MAX_COUNT
    from cards.filters import DEFAULT_ORDER
    from cards.models import DERIVED_FIELDS, Card
    from cards.search import card_find
    from cards.selectors import filter_text

    def search(text):
        qs = filter_text(Card.objects.all().defer(*DERIVED_FIELDS), text).order_by(*DEFAULT_ORDER)
        rows = list(qs[: PAGE_SIZE + 1])
        if len(rows) > PAGE_SIZE:
            qs.order_by()[:MAX_COUNT].count()

    def query(text):
        qs, _ = card_find(Card.objects.all().defer(*DERIVED_FIELDS), text, default_order=DEFAULT_ORDER)
        rows = list(qs[: PAGE_SIZE + 1])
        if len(rows) > PAGE_SIZE:
            qs.order_by()[:MAX_COUNT].count()

    timed = {
        label: _median(lambda text=text: search(text), rounds)[0]
        for param, label, text in QUERIES
        if param == "q"
    }
    for label, text in QUERY_LANGUAGE:
        timed[label] = _median(lambda text=text: query(text), rounds)[0]
    return timed


def stale_costs() -> dict[str, int]:
    from django.db import connection, transaction
    from django.test.utils import CaptureQueriesContext

    from cards.interchange import card_to_dict
    from cards.models import Card, RevisionAction
    from cards.services import cards_save_changes

    def marking(queries) -> int:
        return sum(1 for q in queries.captured_queries if 'UPDATE "cards_cardtranslation"' in q["sql"])

    card = Card.objects.order_by("pk").first()
    before = card_to_dict(card)
    card.text += " (edited)"
    with CaptureQueriesContext(connection) as one, transaction.atomic():
        cards_save_changes([(card, before)], action=RevisionAction.UPDATE, user=None)
    cards = list(Card.objects.order_by("pk")[1:501])
    pairs = []
    for c in cards:
        pairs.append((c, card_to_dict(c)))
        c.text += " (re-imported)"
    with CaptureQueriesContext(connection) as batch, transaction.atomic():
        cards_save_changes(pairs, action=RevisionAction.IMPORT, user=None)
    return {"one card (2 translations)": marking(one), "500 cards (1,000 translations)": marking(batch)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--database-url", help="a database the benchmark may fill (default: a temporary SQLite file)"
    )
    args = parser.parse_args()
    env = {"SECURE_SSL_REDIRECT": "0", "ALLOWED_HOSTS": "testserver"}
    with django_on(args.database_url, prefix="bench-translations-", secret="bench-translations-", env=env):
        from django.db import connection

        from cards.models import CardTranslation

        fill(args.cards)
        CardTranslation.objects.all().delete()
        without = time_queries(args.rounds)
        translate_all()
        with_translations = time_queries(args.rounds)
        for label, seconds in without.items():
            print(
                json.dumps(
                    {
                        "database": connection.vendor,
                        "cards": args.cards,
                        "case": label,
                        "without_ms": round(seconds * 1000, 1),
                        "with_ms": round(with_translations[label] * 1000, 1),
                        "ratio": round(with_translations[label] / seconds, 2),
                        "load_average": round(os.getloadavg()[0], 1),
                    }
                )
            )
        print(json.dumps({"stale_marking_queries": stale_costs()}))


if __name__ == "__main__":
    main()
