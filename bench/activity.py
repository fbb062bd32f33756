"""Benchmark: the change feed (/activity/) with many lines, keyset pages against OFFSET pages.

    python bench/activity.py [--lines 100000] [--rounds 5] [--database-url URL]

Fills a database with N feed lines over 2,000 darkrow cards (a third of them VALIDATED), then, in the
same run, medians of ``--rounds`` for a designer (every line) and a playtester (the lines of
VALIDATED cards only, a join on the card's status):

- ``offset``: the same filtered query paged the usual way (COUNT, then OFFSET/LIMIT), the baseline;
- ``feed``: what the page runs (``comments.selectors.feed``: the page of 51 rows before an id);

at the first page, the middle and the last. Prints one line per case (ms, and feed / offset) and
the plan of the feed's deepest page. Goal (issue 41): a page under 100 ms on PostgreSQL, whatever
its depth. Without --database-url it works in a temporary SQLite file.
"""

from __future__ import annotations

import argparse
import statistics
import time

from benchkit import django_on  # bench/benchkit.py (puts the project on sys.path)


def median_ms(run, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--database-url")
    args = parser.parse_args()
    with django_on(args.database_url, prefix="bench-activity-", secret="bench-activity-"):
        run(args)


def run(args) -> None:
    from django.contrib.auth.models import Group
    from django.db import connection

    from cards.models import Card, Status
    from comments.models import Activity
    from comments.selectors import FEED_PAGE, _feed_visible, feed
    from tests.factories import UserFactory

    designer, playtester = UserFactory(username="bench-dana"), UserFactory(username="bench-paula")
    designer.groups.add(Group.objects.get(name="designer"))
    playtester.groups.add(Group.objects.get(name="playtester"))
    Activity.objects.all().delete()
    Card.objects.filter(stable_id__startswith="BENCH-").delete()
    cards = Card.objects.bulk_create(
        [
            Card(
                stable_id=f"BENCH-{n:05d}",
                game="darkrow",
                name=f"Bench {n}",
                type="UNIT",
                status=Status.VALIDATED if n % 3 == 0 else Status.DRAFT,
            )
            for n in range(2000)
        ]
    )
    kinds = ["edit", "status", "translation", "comment"]
    batch = []
    for n in range(args.lines):
        card = cards[n % len(cards)]
        batch.append(
            Activity(kind=kinds[n % 4], card=card, game="darkrow", actor=designer, version=n // 2000 + 1)
        )
        if len(batch) == 5000:
            Activity.objects.bulk_create(batch)
            batch = []
    Activity.objects.bulk_create(batch)
    connection.cursor().execute("ANALYZE")  # fresh statistics for the planner (both databases)

    print(f"{args.lines} lines, {connection.vendor}; median of {args.rounds} rounds")
    print("| reader | page | offset ms | feed ms | feed / offset |")
    print("|---|---|---|---|---|")
    for user in (designer, playtester):
        user = type(user).objects.get(pk=user.pk)
        visible = Activity.objects.filter(_feed_visible(user))
        total = visible.count()
        pages = max(1, (total + FEED_PAGE - 1) // FEED_PAGE)
        ids = list(visible.order_by("-pk").values_list("pk", flat=True))
        for label, page in (("first", 1), ("middle", pages // 2), ("last", pages)):
            offset = (page - 1) * FEED_PAGE
            before = ids[offset - 1] if offset else None

            def by_offset(offset=offset, visible=visible):
                visible.count()
                list(
                    visible.select_related("actor", "card", "deck").order_by("-pk")[
                        offset : offset + FEED_PAGE
                    ]
                )

            def by_keyset(before=before, user=user):
                feed(user=user, before=before)

            slow, fast = median_ms(by_offset, args.rounds), median_ms(by_keyset, args.rounds)
            print(f"| {user.username} | {label} ({page}) | {slow:.1f} | {fast:.1f} | **{fast / slow:.2f}** |")
        if connection.vendor == "postgresql":
            deepest = (
                visible.filter(pk__lt=ids[-2])
                .select_related("actor", "card", "deck")
                .order_by("-pk")[: FEED_PAGE + 1]
            )
            print("plan:", " / ".join(line.strip() for line in deepest.explain().splitlines()[:6]))


if __name__ == "__main__":
    main()
