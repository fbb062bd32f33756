"""Benchmark: how many rows a card-set import finishes within a request (the job threshold).

    python bench/import_threshold.py [--rows 1000,2000,4000] [--rounds 1] [--database-url URL]

For each size and format (JSON, CSV, XLSX), on empty card tables: the whole
``cards.imports.cards_import_file`` a request runs (reading the file, every check, the writes),
then the same file again as an update of every card (each card changed: the slowest path).
Prints one JSON line per size with the seconds of each. ``CARDSETS_SYNC_MAX_ROWS`` is chosen from
these so that the slowest format at that size stays well within ``GUNICORN_TIMEOUT`` (30 s).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from importlib import import_module

from benchkit import django_on  # bench/benchkit.py

_bench = import_module("import")  # bench/import.py
card_file, empty_tables = _bench.card_file, _bench._empty


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default="1000,2000,4000")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--database-url")
    args = parser.parse_args()
    with django_on(args.database_url, prefix="bench-threshold-", secret="bench-threshold-"):
        for n in (int(x) for x in args.rows.split(",")):
            print(json.dumps(run(n, args.rounds)), flush=True)


def run(n: int, rounds: int) -> dict:
    import os

    from django.db import connection

    from cards.imports import cards_import_file
    from cards.spreadsheets import write_card_set

    payload = card_file(n)
    changed = {**payload, "cards": [{**c, "text": c["text"] + " Encore."} for c in payload["cards"]]}
    out: dict = {"database": connection.vendor, "rows": n, "load": round(os.getloadavg()[0], 1)}
    for fmt in ("json", "csv", "xlsx"):
        data, data2 = write_card_set(payload, fmt), write_card_set(changed, fmt)
        create, update = [], []
        for _ in range(rounds):
            empty_tables()
            started = time.perf_counter()
            report = cards_import_file(data=data, name=f"set.{fmt}")
            create.append(time.perf_counter() - started)
            assert len(report.created) == n, report.summary()
            started = time.perf_counter()
            report = cards_import_file(data=data2, name=f"set.{fmt}")
            update.append(time.perf_counter() - started)
            assert len(report.updated) == n, report.summary()
        out[f"{fmt}_create_s"] = round(statistics.median(create), 2)
        out[f"{fmt}_update_s"] = round(statistics.median(update), 2)
    return out


if __name__ == "__main__":
    main()
