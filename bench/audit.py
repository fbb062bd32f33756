"""Benchmark of review audits: time and peak Python memory against the number of cards.

    .venv/bin/python bench/audit.py [--cards 500 5000 20000] [--batch-size 500]

Runs on a throwaway SQLite database in a temporary directory, or on
BENCH_DATABASE_URL (a database the benchmark may fill: it must hold no darkrow
card), creates the cards in bulk (a third NEEDS_REVIEW, each with an undated
stat change), audits them twice (once timed, once under tracemalloc, which
slows Python down), and prints one line per size. Figures go to
bench/README.md ("Audits").
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--cards", type=int, nargs="+", default=[500, 5000, 20000])
    parser.add_argument("--batch-size", type=int, default=500)
    args = parser.parse_args()

    tmp = tempfile.TemporaryDirectory()
    os.environ["DATABASE_URL"] = os.environ.get("BENCH_DATABASE_URL") or f"sqlite:///{tmp.name}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "studio.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from cards.models import Card
    from reviews import audits as audit_services

    print(f"database: {os.environ['DATABASE_URL'].split('@')[-1]}, batch size {args.batch_size}")
    print(f"{'cards':>8} {'seconds':>8} {'cards/s':>8} {'peak MB':>8} {'entries':>8}")
    made = 0
    for size in sorted(args.cards):
        Card.objects.bulk_create(
            [
                Card(
                    stable_id=f"DR-BENCH{i:07d}",
                    game="darkrow",
                    name=f"Unité {i}",
                    type="UNIT",
                    text="Déployez : +1 ATK.",
                    game_fields={"cost": 1, "atk": 1, "pv": 1},
                    status="NEEDS_REVIEW" if i % 3 == 0 else "VALIDATED",
                    effects=[{"effectId": f"E{i}", "timing": "ON_DEPLOY", "atk": 1}],
                )
                for i in range(made, size)
            ],
            batch_size=1000,
        )
        made = size
        started = time.perf_counter()
        audit(audit_services, args.batch_size)
        elapsed = time.perf_counter() - started
        tracemalloc.start()
        done = audit(audit_services, args.batch_size)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        entries = done.entries.count()
        print(f"{size:>8} {elapsed:>8.2f} {size / elapsed:>8.0f} {peak / 1e6:>8.2f} {entries:>8}")
    tmp.cleanup()


def audit(audits, batch_size: int):
    started = audits.audit_start(game="darkrow", trigger="command", enqueue=False)
    return audits.audit_run(audit_id=started.pk, batch_size=batch_size)


if __name__ == "__main__":
    main()
