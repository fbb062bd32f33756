"""Benchmark: a bounded load against gunicorn on loopback (card list, a deck, deck validation).

    python bench/load.py --database-url postgres://postgres@127.0.0.1:5432/cs_load [--clients 20] [--seconds 60]

Migrates the database and loads the demo data, starts ``scripts/entrypoint web``
(gunicorn, WEB_CONCURRENCY workers, default 2 a core) on a free 127.0.0.1 port,
then runs ``--clients`` threads, each with its own keep-alive connection, for
``--seconds`` (and at most ``--max-requests`` requests in all), cycling through
GET /api/cards/, GET /api/decks/{id}/ and POST /api/decks/validate/ with a
token. Only loopback is ever targeted. Prints one JSON line per route
(requests, rps, p50_ms, p99_ms, errors) and stops the server.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
HOST = "127.0.0.1"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", required=True, help="a PostgreSQL database the benchmark may fill")
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--max-requests", type=int, default=200_000)
    parser.add_argument("--workers", type=int, default=0, help="gunicorn workers (default: WEB_CONCURRENCY)")
    args = parser.parse_args()

    from benchkit import create_pg_database  # bench/benchkit.py

    create_pg_database(args.database_url)
    env = {
        **{k: v for k, v in os.environ.items() if k != "CELERY_BROKER_URL"},
        "DATABASE_URL": args.database_url,
        "DEBUG": "0",
        "SECRET_KEY": os.environ.get("SECRET_KEY", "bench-load-" + "x" * 40),
        "SECURE_SSL_REDIRECT": "0",
        "ALLOWED_HOSTS": HOST,
        "ACCESS_LOG": "0",
        "CONN_MAX_AGE": "60",
        "PYTHON": sys.executable,
        # One token makes every request: the per-user rate limit (600/min) would answer most of them
        # 429 on a quiet machine. The benchmark measures serving, not the limit (unless one is set).
        "API_THROTTLE_USER": os.environ.get("API_THROTTLE_USER", "1000000/min"),
    }
    if args.workers:
        env["WEB_CONCURRENCY"] = str(args.workers)
    subprocess.run([str(ROOT / "scripts/entrypoint"), "migrate"], env=env, check=True)
    subprocess.run(
        [sys.executable, "manage.py", "loaddemo"], env=env, cwd=ROOT, check=True, capture_output=True
    )
    token, deck_id, deck_body = _fixtures(env)
    port = _free_port()
    env["BIND"] = f"{HOST}:{port}"
    server = subprocess.Popen([str(ROOT / "scripts/entrypoint"), "web"], env=env, cwd=ROOT)
    try:
        _wait(port)
        routes = [
            ("GET", "/api/cards/?pageSize=50", None),
            ("GET", f"/api/decks/{deck_id}/", None),
            ("POST", "/api/decks/validate/", deck_body),
        ]
        results = run_load(port, token, routes, args.clients, args.seconds, args.max_requests)
    finally:
        server.terminate()
        server.wait(timeout=30)
    for line in results:
        print(json.dumps(line))


def _fixtures(env) -> tuple[str, int, bytes]:
    """A token of a deck's owner, that deck's id, and its JSON to validate."""
    code = (
        "import django, json; django.setup()\n"
        "from rest_framework.authtoken.models import Token\n"
        "from decks.models import Deck\n"
        "from decks.interchange import deck_to_dict\n"
        "deck = Deck.objects.filter(owner__isnull=False).order_by('pk').first()\n"
        "token, _ = Token.objects.get_or_create(user=deck.owner)\n"
        "print(json.dumps({'token': token.key, 'deck': deck.pk, 'body': deck_to_dict(deck)}))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        env={**env, "DJANGO_SETTINGS_MODULE": "studio.settings"},
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    data = json.loads(out.strip().splitlines()[-1])
    return data["token"], data["deck"], json.dumps(data["body"]).encode()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def _wait(port: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection(HOST, port, timeout=5)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.5)
    raise SystemExit("gunicorn did not answer /healthz within 60 s")


def run_load(port, token, routes, clients, seconds, max_requests) -> list[dict]:
    samples: dict[str, list[float]] = {path: [] for _, path, _ in routes}
    errors: dict[str, int] = {path: 0 for _, path, _ in routes}
    lock = threading.Lock()
    budget = [max_requests]
    stop_at = time.monotonic() + seconds
    headers = {"Authorization": f"Token {token}", "Content-Type": "application/json", "Host": HOST}

    def client(offset: int) -> None:
        conn = http.client.HTTPConnection(HOST, port, timeout=30)
        i = offset
        while time.monotonic() < stop_at:
            with lock:
                if budget[0] <= 0:
                    return
                budget[0] -= 1
            method, path, body = routes[i % len(routes)]
            i += 1
            started = time.perf_counter()
            try:
                conn.request(method, path, body=body, headers=headers)
                response = conn.getresponse()
                response.read()
                ok = response.status == 200
            except (OSError, http.client.HTTPException):
                ok = False
                conn.close()
                conn = http.client.HTTPConnection(HOST, port, timeout=30)
            elapsed = time.perf_counter() - started
            with lock:
                samples[path].append(elapsed)
                if not ok:
                    errors[path] += 1
        conn.close()

    started = time.monotonic()
    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.monotonic() - started
    results = []
    for method, path, _ in routes:
        times = sorted(samples[path])
        results.append(
            {
                "route": f"{method} {path}",
                "clients": clients,
                "seconds": round(wall, 1),
                "requests": len(times),
                "rps": round(len(times) / wall, 1),
                "p50_ms": round(statistics.median(times) * 1000, 1) if times else None,
                "p99_ms": round(times[int(len(times) * 0.99) - 1] * 1000, 1) if times else None,
                "errors": errors[path],
            }
        )
    return results


if __name__ == "__main__":
    main()
