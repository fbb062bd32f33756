"""Benchmark: a bounded load against the studio's web role on loopback (card list, a deck, deck validation).

    python bench/load.py --database-url postgres://postgres@127.0.0.1:5432/cs_load [--clients 20] [--seconds 60]

Migrates the database and loads the demo data, starts ``scripts/entrypoint web``
(what production runs: Caddy on the address, in front of gunicorn's sync workers
serving HTTP, WEB_CONCURRENCY of them, each with its pool of PostgreSQL
connections, and of its uvicorn worker holding the tables' WebSockets; the
channel layer on Redis, ``--channel-layer-url``) on a 127.0.0.1 port
(``--port``, else a free one), then runs ``--clients`` threads, each with its own
keep-alive connection, for ``--warmup`` seconds not counted and then
``--seconds`` (and at most ``--max-requests`` requests in all), cycling through
GET /api/cards/, GET /api/decks/{id}/ and POST /api/decks/validate/ with a
token. Only loopback is ever targeted. Prints one JSON line per route
(requests, rps, p50_ms, p99_ms, errors), one for all routes, and a summary (the
server, the load average before and after, the server's CPU milliseconds a
request: every process of it, Caddy's included), and stops the server.

``--server wsgi-sync`` serves the same code with gunicorn's sync workers on
``studio.wsgi`` alone, listening on the port itself (no front, no WebSockets:
the reference for HTTP); ``--root`` serves another checkout's code (a worktree
of the code before a change), to compare serving in turns on one machine.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.append(str(Path(__file__).resolve().parent))

from benchkit import tree_cpu_seconds  # noqa: E402

HOST = "127.0.0.1"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", required=True, help="a PostgreSQL database the benchmark may fill")
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--max-requests", type=int, default=200_000)
    parser.add_argument(
        "--warmup",
        type=float,
        default=5,
        help="seconds of the same load first, not counted: every worker has served each route once "
        "(its first request loads templates and caches; a production worker serves thousands)",
    )
    parser.add_argument("--workers", type=int, default=0, help="gunicorn workers (default: WEB_CONCURRENCY)")
    parser.add_argument(
        "--port", type=int, default=0, help="the loopback port to serve on (default: a free one)"
    )
    parser.add_argument(
        "--server",
        choices=("entrypoint", "wsgi-sync"),
        default="entrypoint",
        help="entrypoint: `scripts/entrypoint web`, what production runs (default); wsgi-sync: gunicorn's "
        "sync workers on studio.wsgi alone, the reference HTTP serving (no front, no WebSockets)",
    )
    parser.add_argument(
        "--channel-layer-url",
        default=os.environ.get("CHANNEL_LAYER_URL") or "redis://127.0.0.1:6379/13",
        help="the Redis of the tables' channel layer, which the web role requires (the load sends no "
        "WebSocket message: nothing is written there)",
    )
    parser.add_argument(
        "--root",
        type=Path,
        default=ROOT,
        help="the checkout whose serving runs (default: this one; another worktree compares serving in turns)",
    )
    parser.add_argument(
        "--pages",
        action="store_true",
        help="also the deck's HTML page (GET /decks/{id}/, signed in by the session cookie)",
    )
    parser.add_argument(
        "--no-setup", action="store_true", help="the database is already migrated with the demo data"
    )
    args = parser.parse_args()
    root = args.root.resolve()

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
        "PYTHON": sys.executable,
        # One token makes every request: the per-user rate limit (600/min) would answer most of them
        # 429 on a quiet machine. The benchmark measures serving, not the limit (unless one is set).
        "API_THROTTLE_USER": os.environ.get("API_THROTTLE_USER", "1000000/min"),
        "CHANNEL_LAYER_URL": args.channel_layer_url,
    }
    if args.workers:
        env["WEB_CONCURRENCY"] = str(args.workers)
    if not args.no_setup:
        subprocess.run([str(root / "scripts/entrypoint"), "migrate"], env=env, check=True)
        subprocess.run(
            [sys.executable, "manage.py", "loaddemo"], env=env, cwd=root, check=True, capture_output=True
        )
    token, session, deck_id, deck_body = _fixtures(env, root)
    port = args.port or _free_port()
    env["BIND"] = f"{HOST}:{port}"
    if args.server == "entrypoint":
        command = [str(root / "scripts/entrypoint"), "web"]
    else:
        # What the studio served before its WebSockets: gunicorn's sync workers on the port itself, a
        # pool of 4 connections a process as `scripts/entrypoint web` keeps, no WebSockets.
        env.setdefault("DATABASE_POOL_MAX_SIZE", "4")
        command = [
            sys.executable,
            "-m",
            "gunicorn",
            "studio.wsgi:application",
            "--config",
            "python:studio.gunicorn",
        ]
        command += ["--worker-class", "sync"]
    # A group of its own: the web role's processes (the front, both gunicorns) stop with it.
    server = subprocess.Popen(command, env=env, cwd=root, start_new_session=True)
    try:
        _wait(port)
        routes = [
            ("GET", "/api/cards/?pageSize=50", None),
            ("GET", f"/api/decks/{deck_id}/", None),
            ("POST", "/api/decks/validate/", deck_body),
        ]
        if args.pages:
            routes.append(("PAGE", f"/decks/{deck_id}/", None))
        if args.warmup > 0:
            run_load(port, token, routes, args.clients, args.warmup, args.max_requests, session)
        load_before, cpu_before = os.getloadavg()[0], tree_cpu_seconds(server.pid)
        results = run_load(port, token, routes, args.clients, args.seconds, args.max_requests, session)
        load_after, cpu = os.getloadavg()[0], tree_cpu_seconds(server.pid) - cpu_before
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=60)
    for line in results:
        print(json.dumps(line))
    total = results[-1]
    print(
        json.dumps(
            {
                "server": args.server,
                "root": str(root),
                "load": [round(load_before, 1), round(load_after, 1)],
                **{k: total[k] for k in ("route", "requests", "rps", "p50_ms", "p99_ms", "errors")},
                # The server's own CPU (every process of it) a request: steadier than the wall clock
                # on a machine shared with other work.
                "server_cpu_ms_per_request": round(cpu * 1000 / total["requests"], 2)
                if total["requests"]
                else None,
            }
        )
    )


def _fixtures(env, root: Path) -> tuple[str, str, int, bytes]:
    """A token and a session of a deck's owner, that deck's id, and its JSON to validate."""
    code = (
        "import django, json; django.setup()\n"
        "from rest_framework.authtoken.models import Token\n"
        "from decks.models import Deck\n"
        "from decks.interchange import deck_to_dict\n"
        "deck = Deck.objects.filter(owner__isnull=False).order_by('pk').first()\n"
        "token, _ = Token.objects.get_or_create(user=deck.owner)\n"
        "from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY\n"
        "from django.contrib.sessions.backends.db import SessionStore\n"
        "session = SessionStore()\n"
        "session[SESSION_KEY] = str(deck.owner.pk)\n"
        "session[BACKEND_SESSION_KEY] = 'django.contrib.auth.backends.ModelBackend'\n"
        "session[HASH_SESSION_KEY] = deck.owner.get_session_auth_hash()\n"
        "session.create()\n"
        "print(json.dumps({'token': token.key, 'session': session.session_key, 'deck': deck.pk,"
        " 'body': deck_to_dict(deck)}))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        env={**env, "DJANGO_SETTINGS_MODULE": "studio.settings"},
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    data = json.loads(out.strip().splitlines()[-1])
    return data["token"], data["session"], data["deck"], json.dumps(data["body"]).encode()


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
    raise SystemExit("the server did not answer /healthz within 60 s")


def run_load(port, token, routes, clients, seconds, max_requests, session=None) -> list[dict]:
    samples: dict[str, list[float]] = {path: [] for _, path, _ in routes}
    errors: dict[str, int] = {path: 0 for _, path, _ in routes}
    lock = threading.Lock()
    budget = [max_requests]
    stop_at = time.monotonic() + seconds
    headers = {"Authorization": f"Token {token}", "Content-Type": "application/json", "Host": HOST}
    # A page ("PAGE": a GET) as a signed-in browser asks for it: the session cookie, HTML.
    page_headers = {"Cookie": f"sessionid={session}", "Accept": "text/html", "Host": HOST}

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
                if method == "PAGE":
                    conn.request("GET", path, headers=page_headers)
                else:
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
    samples["all"] = [t for _, path, _ in routes for t in samples[path]]
    errors["all"] = sum(errors[path] for _, path, _ in routes)
    for method, path, _ in [*routes, ("ALL", "all", None)]:
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
