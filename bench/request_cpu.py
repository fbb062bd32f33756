"""Benchmark: the server's CPU milliseconds a request for bench/load.py's routes, in-process.

    python bench/request_cpu.py --database-url postgres://postgres@127.0.0.1:5432/cs_x [--requests 200]
        [--root ../other-worktree] [--dump DIR] [--profile ROUTE]

The routes of bench/load.py (the card list, a deck, deck validation, with the deck
owner's token; the deck's HTML page with its session cookie), served through
Django's own handler in this process (the test client: no socket, no server), on
a database that bench/load.py filled (the demo data; only a token and a session
are written). DEBUG off, a pool of 4 connections, as the web role. Prints one
JSON line a route: CPU milliseconds a request (``time.process_time`` over
``--requests`` requests after 10 not counted: the median of ``--rounds``).
On a shared machine the CPU time is the steadier figure, and two checkouts
compare best run in turns (``--root``: another worktree's code, in a child).

``--dump DIR`` writes each route's answer (status, content type, body; a page
without its nonces and CSRF tokens), and an illegal deck's validation, to DIR
and stops, to compare two checkouts' answers byte for byte (``diff -r``); ``--profile N``
prints cProfile's top functions (CPU time; ``--sort``, ``--lines``) for the N-th route (0-3);
``--queries`` each route's SQL. The pages need the static files collected (``STATIC_ROOT``,
``manage.py collectstatic`` with DEBUG off).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", required=True, help="a PostgreSQL database bench/load.py filled")
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--root", type=Path, default=None, help="another checkout's code (run in a child)")
    parser.add_argument("--dump", type=Path, default=None, help="write each route's answer to this folder")
    parser.add_argument("--profile", type=int, default=None, help="profile this route (0-3)")
    parser.add_argument("--queries", action="store_true", help="print each route's SQL queries and stop")
    parser.add_argument("--sort", default="tottime", help="--profile: pstats' order (tottime, cumulative...)")
    parser.add_argument("--lines", type=int, default=40, help="--profile: how many functions")
    parser.add_argument("--in-process", action="store_true", help=argparse.SUPPRESS)  # --root's child
    args = parser.parse_args()
    if args.root is not None and args.root.resolve() != ROOT and not args.in_process:
        # The other checkout's own copy of this script when it has one, else this one on its code.
        script = args.root / "bench/request_cpu.py"
        own = script if script.exists() else Path(__file__)
        argv = [*sys.argv[1:], "--in-process"]
        raise SystemExit(subprocess.run([sys.executable, str(own), *argv], check=False).returncode)
    root = (args.root or ROOT).resolve()
    sys.path.insert(0, str(root))
    os.chdir(root)
    os.environ.update(
        {
            "DATABASE_URL": args.database_url,
            "DATABASE_POOL_MAX_SIZE": "4",
            "DEBUG": "0",
            "SECRET_KEY": os.environ.get("SECRET_KEY", "bench-load-" + "x" * 40),
            "SECURE_SSL_REDIRECT": "0",
            "ALLOWED_HOSTS": "127.0.0.1",
            "API_THROTTLE_USER": "1000000/min",
        }
    )
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "studio.settings")
    import django

    django.setup()
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore
    from django.test import Client
    from rest_framework.authtoken.models import Token

    from decks.interchange import deck_to_dict
    from decks.models import Deck

    deck = Deck.objects.filter(owner__isnull=False).order_by("pk").first()
    token, _ = Token.objects.get_or_create(user=deck.owner)
    session = SessionStore()
    session[SESSION_KEY] = str(deck.owner.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = deck.owner.get_session_auth_hash()
    session.create()
    body = json.dumps(deck_to_dict(deck))
    api = Client(HTTP_AUTHORIZATION=f"Token {token.key}", HTTP_HOST="127.0.0.1")
    page = Client(HTTP_HOST="127.0.0.1", HTTP_ACCEPT="text/html")
    page.cookies["sessionid"] = session.session_key
    routes = [
        ("cards", lambda: api.get("/api/cards/?pageSize=50")),
        ("deck", lambda: api.get(f"/api/decks/{deck.pk}/")),
        ("validate", lambda: api.post("/api/decks/validate/", body, content_type="application/json")),
        ("page", lambda: page.get(f"/decks/{deck.pk}/")),
    ]
    illegal = json.loads(body)
    illegal["sections"]["main"] = illegal["sections"]["main"][:3]
    illegal = json.dumps(illegal)
    compared = [
        *routes,
        # Compared, not timed: an answer with findings to localize (a deck of 3 entries) and the
        # card list in English.
        (
            "validate-illegal",
            lambda: api.post("/api/decks/validate/", illegal, content_type="application/json"),
        ),
        ("cards-en", lambda: api.get("/api/cards/?pageSize=50", HTTP_ACCEPT_LANGUAGE="en")),
    ]
    for name, hit in compared if args.dump else routes:
        response = hit()
        assert response.status_code == 200, (name, response.status_code, response.content[:300])
        if args.dump:
            args.dump.mkdir(parents=True, exist_ok=True)
            content = response.content
            if name == "page":
                content = _without_nonces(content)
            (args.dump / name).write_bytes(
                f"{response.status_code} {response.get('Content-Type')}\n".encode() + content
            )
    if args.dump:
        return
    if args.queries:
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        for name, hit in routes:
            with CaptureQueriesContext(connection) as queries:
                hit()
            print(f"{name}: {len(queries)} queries")
            for query in queries:
                print("   ", query["sql"][:300])
        return
    if args.profile is not None:
        import cProfile
        import pstats

        hit = routes[args.profile][1]
        profile = cProfile.Profile(time.process_time)
        profile.enable()
        for _ in range(args.requests):
            hit()
        profile.disable()
        pstats.Stats(profile).sort_stats(args.sort).print_stats(args.lines)
        return
    for name, hit in routes:
        for _ in range(10):
            hit()
        samples = []
        for _ in range(args.rounds):
            start = time.process_time()
            for _ in range(args.requests):
                hit()
            samples.append((time.process_time() - start) * 1000 / args.requests)
        print(
            json.dumps(
                {
                    "root": str(root),
                    "route": name,
                    "cpu_ms_per_request": round(statistics.median(samples), 2),
                    "rounds": [round(s, 2) for s in samples],
                    "load": round(os.getloadavg()[0], 1),
                }
            ),
            flush=True,
        )


def _without_nonces(content: bytes) -> bytes:
    """A page without what changes with every request or minute: CSP nonces, CSRF tokens, "5 minutes ago"."""
    import re

    content = re.sub(rb'nonce="[^"]*"', b'nonce=""', content)
    content = re.sub(rb'("inlineStyleNonce": ")[^"]*"', rb'\1"', content)
    content = re.sub(rb'("X-CSRFToken": ")[^"]*"', rb'\1"', content)
    content = re.sub(rb"(<time [^>]*>)[^<]*(</time>)", rb"\1\2", content)
    return re.sub(rb'(name="csrfmiddlewaretoken" value=")[^"]*"', rb'\1"', content)


if __name__ == "__main__":
    main()
