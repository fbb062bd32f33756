"""Benchmark: a card's page and the review queue with 50 threads of 20 comments each on the card,
against the same pages with none, in the same run.

    python bench/comments.py [--threads 50] [--replies 19] [--rounds 15] [--database-url URL]

One waiting darkrow unit (NEEDS_REVIEW) among 20, a designer and a reviewer; ``--threads`` threads
of one comment and ``--replies`` replies each (a mention and a link in every body) are made once on
a second card, then moved onto the measured card and back between requests (one UPDATE, outside the
time measured), so that both sides are asked alternately, round by round. Measured through Django
(DEBUG off, logged in): ``GET /cards/<id>/`` as the designer and ``GET /review/?game=darkrow&card=<id>``
(the queue with the card's pane) as the reviewer; prints the medians, their ratio and the queries of
one request. Issue 41's target: each page within 1.5x of the same page without comments.
"""

from __future__ import annotations

import argparse
import statistics
import time

from benchkit import django_on, pages_without_manifest  # bench/benchkit.py (puts the project on sys.path)

TARGET = 1.5


def timed(client, path: str, params: dict) -> tuple[float, int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        began = time.perf_counter()
        response = client.get(path, params)
        elapsed = time.perf_counter() - began
    assert response.status_code == 200, (path, response.status_code)
    return elapsed * 1000, len(captured.captured_queries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=50)
    parser.add_argument("--replies", type=int, default=19)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--database-url", help="a database the benchmark may fill")
    args = parser.parse_args()
    env = {"SECURE_SSL_REDIRECT": "0", "ALLOWED_HOSTS": "testserver"}
    with django_on(args.database_url, prefix="bench-comments-", secret="bench-comments-", env=env):
        from django.contrib.auth.models import Group
        from django.test import Client

        from cards.models import Card, CardRevision, Status
        from comments.models import Comment
        from tests.factories import UserFactory

        Card.objects.filter(stable_id__startswith="DR-K").delete()
        designer = UserFactory(username="bench-designer")
        designer.groups.add(Group.objects.get(name="designer"))
        reviewer = UserFactory(username="bench-reviewer")
        reviewer.groups.add(Group.objects.get(name="reviewer"))
        cards = Card.objects.bulk_create(
            Card(
                stable_id=f"DR-K{i:04d}",
                game="darkrow",
                name=f"Carte {i:04d}",
                type="UNIT",
                text="Rapide : piochez une carte.",
                status=Status.NEEDS_REVIEW,
                game_fields={"cost": 1, "atk": 1, "pv": 2},
            )
            for i in range(21)
        )
        CardRevision.objects.bulk_create(
            CardRevision(card=c, version=1, action="CREATE", author_name="bench-designer", snapshot={})
            for c in cards
        )
        measured, parked = cards[0], cards[20]
        Card.objects.filter(pk=parked.pk).update(status=Status.DISABLED)  # out of the queue
        users = [designer, reviewer]
        roots = Comment.objects.bulk_create(
            Comment(card=parked, author=users[i % 2], body=f"@{reviewer.username} thread {i}", card_version=1)
            for i in range(args.threads)
        )
        Comment.objects.bulk_create(
            Comment(
                card=parked,
                parent=root,
                author=users[j % 2],
                body=f"reply {j} https://example.org",
                card_version=1,
            )
            for root in roots
            for j in range(args.replies)
        )
        ids = list(Comment.objects.filter(card=parked).values_list("pk", flat=True))
        pages_without_manifest()
        as_designer, as_reviewer = Client(), Client()
        as_designer.force_login(designer)
        as_reviewer.force_login(reviewer)
        pages = {
            "card page": (as_designer, f"/cards/{measured.stable_id}/", {}),
            "review queue": (as_reviewer, "/review/", {"game": "darkrow", "card": measured.stable_id}),
        }
        for client, path, params in pages.values():
            client.get(path, params)  # warm: templates, rule set
        times = {(name, side): [] for name in pages for side in ("without", "with")}
        queries = {}
        for _ in range(args.rounds):
            for side, card in (("without", parked), ("with", measured)):
                Comment.objects.filter(pk__in=ids).update(card=card)
                for name, (client, path, params) in pages.items():
                    elapsed, queries[name, side] = timed(client, path, params)
                    times[name, side].append(elapsed)
        missed = False
        for name in pages:
            without = statistics.median(times[name, "without"])
            with_them = statistics.median(times[name, "with"])
            ratio = with_them / without
            missed = missed or ratio > TARGET
            print(
                f"{name}: without {without:7.1f} ms ({queries[name, 'without']} queries), "
                f"with {args.threads} threads of {args.replies + 1} {with_them:7.1f} ms "
                f"({queries[name, 'with']} queries), ratio {ratio:.2f} (target {TARGET})"
            )
    if missed:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
