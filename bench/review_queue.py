"""Benchmark: the review queue's page with 500 waiting cards, against the same page with 20 (the baseline).

    python bench/review_queue.py [--cards 500] [--small 20] [--rounds 15] [--database-url URL]

Fills a database with waiting darkrow units (one in seven lacks its ATK: an error, so blocked),
each with a first revision, then asks ``GET /review/?game=darkrow`` through Django (a logged-in
reviewer, DEBUG off) ``--rounds`` times for each size, alternating in the same run: before each
baseline round all but the first ``--small`` cards are set aside (VALIDATED: out of the queue), before
each big round they wait again (one UPDATE each, outside the time measured). It prints the medians,
the ratio big/small and the queries of one request of each. The compact queue reads every waiting
card to count its findings and keep the blocked ones apart, then renders one page of 50 lines and
one card's pane: the time should grow far less than the number of cards. Issue 45's target: the
500-card page under 300 ms (exit status 1 when it is not met). Without --database-url it works in a
temporary SQLite file.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from benchkit import django_on, pages_without_manifest  # bench/benchkit.py (puts the project on sys.path)


def fill(start: int, n: int) -> None:
    from cards.models import Card, CardRevision, Status

    cards = Card.objects.bulk_create(
        Card(
            stable_id=f"DR-B{i:05d}",
            game="darkrow",
            name=f"Carte {i:05d}",
            type="UNIT",
            text="Rapide : piochez une carte. " * (i % 3),
            status=Status.NEEDS_REVIEW if i % 2 else Status.DRAFT,
            game_fields={"cost": 1, "pv": 2} if i % 7 == 0 else {"cost": 1, "atk": 1, "pv": 2},
        )
        for i in range(start, start + n)
    )
    CardRevision.objects.bulk_create(
        CardRevision(card=c, version=1, action="CREATE", author_name=f"auteur-{i % 5}", snapshot={})
        for i, c in enumerate(cards, start)
    )


def timed(client) -> tuple[float, int]:
    """One request of the queue's page: its time in ms and its queries."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        began = time.perf_counter()
        response = client.get("/review/", {"game": "darkrow"})
        elapsed = time.perf_counter() - began
    assert response.status_code == 200, response.status_code
    return elapsed * 1000, len(captured.captured_queries)


def alternated(client, rounds: int, small: int) -> tuple[list[float], list[float], int, int]:
    """``rounds`` requests with ``small`` cards waiting and as many with all of them, alternating."""
    from cards.models import Card, Status

    extra = Card.objects.filter(stable_id__startswith="DR-B").order_by("stable_id")[small:]
    ids = list(extra.values_list("pk", "status"))
    by_status = {status: [pk for pk, s in ids if s == status] for status in {s for _, s in ids}}
    few, many = [], []
    few_queries = many_queries = 0
    for _ in range(rounds):
        Card.objects.filter(pk__in=[pk for pk, _ in ids]).update(status=Status.VALIDATED)
        elapsed, few_queries = timed(client)
        few.append(elapsed)
        for status, pks in by_status.items():
            Card.objects.filter(pk__in=pks).update(status=status)
        elapsed, many_queries = timed(client)
        many.append(elapsed)
    return few, many, few_queries, many_queries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=500)
    parser.add_argument("--small", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--database-url", help="a database the benchmark may fill")
    args = parser.parse_args()
    env = {"SECURE_SSL_REDIRECT": "0", "ALLOWED_HOSTS": "testserver"}
    with django_on(args.database_url, prefix="bench-review-", secret="bench-review-", env=env):
        from django.contrib.auth.models import Group
        from django.test import Client

        from cards.models import Card
        from tests.factories import UserFactory

        Card.objects.filter(stable_id__startswith="DR-B").delete()
        user = UserFactory(username="bench-reviewer")
        user.groups.add(Group.objects.get(name="reviewer"))
        pages_without_manifest()
        client = Client()
        client.force_login(user)
        fill(0, args.cards)
        client.get("/review/", {"game": "darkrow"})  # warm: templates, rule set
        few, many, small_queries, big_queries = alternated(client, args.rounds, args.small)
        small, big = statistics.median(few), statistics.median(many)
        if os.environ.get("PROFILE"):
            import cProfile
            import pstats

            profile = cProfile.Profile()
            profile.runcall(client.get, "/review/", {"game": "darkrow"})
            pstats.Stats(profile).sort_stats("cumulative").print_stats(35)
        print(f"{args.small:>5} cards: median {small:7.1f} ms, {small_queries} queries")
        print(f"{args.cards:>5} cards: median {big:7.1f} ms, {big_queries} queries")
        print(f"ratio {args.cards}/{args.small}: {big / small:.2f} (cards ×{args.cards / args.small:.0f})")
        print(f"{args.cards:>5} cards: best {min(many):7.1f} ms; {args.small} cards: best {min(few):7.1f} ms")
        print("target: the 500-card page under 300 ms:", "met" if big < 300 else "NOT met")
    if big >= 300:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
