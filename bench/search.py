"""Benchmark: card search at scale, the studio's indexed search against a plain LIKE/ILIKE scan.

    python bench/search.py [--cards 100000] [--rounds 3] [--database-url URL]

Fills a database with N darkrow cards (synthetic French-like names and texts;
one word in about 30 % of the texts, one in about 0.1 %), then, for each
query, in the same run, medians of ``--rounds``:

- ``plain``: a plain scan of the same table, ``(name || ' ' || text) ILIKE '%w%'``
  (PostgreSQL; ``LIKE`` on SQLite) for every word, COUNT plus the first page;
- ``search``: what ``GET /api/cards/`` runs for the same ``q`` or ``query``
  (the filtered page of pageSize + 1 rows, and the bounded COUNT when the page is full);
- ``api``: the whole request through Django (auth, filters, serialization of 50 cards).

Prints one line per query (ratios search/plain and api/plain) and the EXPLAIN
lines of the search's page query showing the index. Without --database-url it
works in a temporary SQLite file, never in the studio's own database; with a
PostgreSQL URL it creates that database when missing and fills it.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time

from benchkit import django_on  # bench/benchkit.py (puts the project on sys.path)

COMMON, RARE = "deployez", "zephyrine"
QUERIES = [
    ("q", "one-word common", COMMON),
    ("q", "one-word rare", RARE),
    ("q", "two-word common", f"{COMMON} indice"),
    ("q", "two-word rare", f"{RARE} {COMMON}"),
    ("query", "one-word common", COMMON),
    ("query", "one-word rare", RARE),
    ("query", "two-word rare", f"{RARE} {COMMON}"),
    ("query", "keyed rare", f"o:{RARE} t:unit cost<=5"),
    ("query", "short word", "ka"),
]
SYLLABLES = ["ka", "ri", "to", "mo", "la", "ne", "shi", "ra", "vo", "gu", "pe", "ti", "do", "mi", "sa", "ru"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--database-url", help="a database the benchmark may fill (default: a temporary SQLite file)"
    )
    args = parser.parse_args()

    env = {"SECURE_SSL_REDIRECT": "0", "ALLOWED_HOSTS": "testserver"}
    with django_on(args.database_url, prefix="bench-search-", secret="bench-search-", env=env):
        fill(args.cards)
        results = measure(args.rounds)
        for line in results:
            print(json.dumps(line, ensure_ascii=False))


def _word(rng: random.Random) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4)))


def fill(n: int) -> None:
    from django.db import connection, transaction

    from cards import search_index
    from cards.models import Card

    if Card.objects.count() == n:
        return
    Card.objects.all().delete()
    rng = random.Random(16)
    # Indexes are built once after the load, as a bulk load would do (PostgreSQL); SQLite's triggers stay.
    if connection.vendor == "postgresql":
        search_index.drop(connection)
    started = time.perf_counter()
    batch = []
    with transaction.atomic():
        for i in range(n):
            words = [_word(rng) for _ in range(rng.randint(8, 20))]
            if rng.random() < 0.3:
                words.insert(rng.randrange(len(words)), COMMON)
            if rng.random() < 0.2:
                words.insert(rng.randrange(len(words)), "indice")
            if rng.random() < 0.001:
                words.insert(rng.randrange(len(words)), RARE)
            card = Card(
                game="darkrow",
                stable_id=f"DR-B{i:07d}",
                name=f"{_word(rng).capitalize()} {_word(rng).capitalize()}",
                type=rng.choice(["UNIT", "UNIT", "UNIT", "OBJECT", "LEADER"]),
                set_code=f"S{rng.randint(1, 9)}",
                text=" ".join(words).capitalize() + ".",
                archetypes=[rng.choice(["Lycéenne", "Gadgets", "Sniper", "Artiste martial"])],
                game_fields={"cost": rng.randint(0, 9), "atk": rng.randint(0, 9), "pv": rng.randint(1, 9)},
            )
            card.refresh_derived()
            batch.append(card)
            if len(batch) == 2000:
                Card.objects.bulk_create(batch)
                batch = []
        Card.objects.bulk_create(batch)
    if connection.vendor == "postgresql":
        search_index.create(connection)
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE cards_card")
    else:
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    print(
        f"# filled {n} cards in {time.perf_counter() - started:.1f} s ({connection.vendor})", file=sys.stderr
    )


def _median(fn, rounds: int) -> tuple[float, float]:
    """Median wall-clock and CPU seconds (the CPU of this process: all of SQLite's work)."""
    fn()  # warm-up: caches and plans, on both sides alike
    times, cpu = [], []
    for _ in range(rounds):
        started, cpu_started = time.perf_counter(), time.process_time()
        fn()
        times.append(time.perf_counter() - started)
        cpu.append(time.process_time() - cpu_started)
    return statistics.median(times), statistics.median(cpu)


def measure(rounds: int) -> list[dict]:
    from django.contrib.auth.models import Permission, User
    from django.db import connection
    from django.test import Client

    from cards.api.pagination import MAX_COUNT
    from cards.filters import DEFAULT_ORDER
    from cards.models import DERIVED_FIELDS, Card
    from cards.search import card_find
    from cards.selectors import filter_text

    user, _ = User.objects.get_or_create(username="bench-search")
    user.user_permissions.set(
        Permission.objects.filter(
            codename__in=["view_card", "view_unvalidated_card"], content_type__app_label="cards"
        )
    )
    client = Client()
    client.force_login(user)
    like = "ILIKE" if connection.vendor == "postgresql" else "LIKE"
    page_size = 50

    def plain(words):
        where = " AND ".join([f"(name || ' ' || text) {like} %s"] * len(words))
        params = [f"%{w}%" for w in words]
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT COUNT(*) FROM cards_card WHERE {where}", params)
            cursor.fetchone()
            cursor.execute(
                f"SELECT id, stable_id, name, text FROM cards_card WHERE {where} "
                f"ORDER BY game, name, stable_id LIMIT {page_size + 1}",
                params,
            )
            cursor.fetchall()

    def searched(param, text):
        base = Card.objects.all().defer(*DERIVED_FIELDS)
        if param == "q":
            qs = filter_text(base, text).order_by(*DEFAULT_ORDER)
        else:
            qs, _ = card_find(base, text, default_order=DEFAULT_ORDER)
        return qs

    def search(param, text):
        qs = searched(param, text)
        rows = list(qs[: page_size + 1])
        if len(rows) > page_size:
            qs.order_by()[:MAX_COUNT].count()

    def api(param, text):
        response = client.get("/api/cards/", {param: text, "pageSize": page_size})
        assert response.status_code == 200, response.content[:300]
        return response.json()

    results = []
    for param, label, text in QUERIES:
        words = text.replace("o:", "").split()[:2] if param == "query" else text.split()
        words = [w for w in words if ":" not in w and "<" not in w]
        t_plain, cpu_plain = _median(lambda words=words: plain(words), rounds)
        t_search, cpu_search = _median(lambda param=param, text=text: search(param, text), rounds)
        t_api, _ = _median(lambda param=param, text=text: api(param, text), rounds)
        count = api(param, text)["count"]
        plan = searched(param, text)[: page_size + 1].explain()
        index_lines = [
            line.strip()
            for line in plan.splitlines()
            if any(
                k in line
                for k in ("Bitmap Index", "Index Scan", "VIRTUAL TABLE", "USING INDEX", "Seq Scan", "SCAN")
            )
        ]
        results.append(
            {
                "database": connection.vendor,
                "param": param,
                "query": text,
                "case": label,
                "count": count,
                "plain_ms": round(t_plain * 1000, 2),
                "search_ms": round(t_search * 1000, 2),
                "api_ms": round(t_api * 1000, 2),
                "search_vs_plain": round(t_search / t_plain, 3),
                "api_vs_plain": round(t_api / t_plain, 3),
                "search_cpu_vs_plain": round(cpu_search / cpu_plain, 3) if cpu_plain else None,
                "load_average": round(os.getloadavg()[0], 1),
                "explain": index_lines[:4],
            }
        )
    return results


if __name__ == "__main__":
    main()
