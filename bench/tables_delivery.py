"""Benchmark: tables played at once over the real transport, at team scale (several web processes).

    python bench/tables_delivery.py [--tables 20] [--seconds 30] [--interval 1.0] [--workers 2]

Starts its own Redis (redis-server on a free port) and the studio as production serves it
(`scripts/entrypoint web`: Caddy in front of ``--workers`` gunicorn sync workers for HTTP and a
uvicorn worker for the sockets, ``CHANNEL_LAYER_URL`` on that Redis) on a throwaway SQLite file. ``--tables`` tables of two users each; each user's browser is a
WebSocket client (/ws/tables/<id>/, session cookie) and every ``--interval`` seconds one of the two,
in turn, plays a move (a note, which every table accepts at any time) through
``POST /api/tables/{id}/events/`` with the seq it holds. Measured: the delivery time from the
moment the move is sent to the moment the other player's socket gives the event, its median and
p99; events lost (accepted, never delivered to the other socket) and doubled (delivered twice).
A move is served by an HTTP worker and the sockets are held by another process: Redis carries
every announce.
Prints one JSON line. Figures: bench/README.md, "Playtest tables: delivery".
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != BENCH]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_http(url: str, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except (urllib.error.URLError, ConnectionError, OSError):
            time.sleep(0.3)
    raise SystemExit(f"{url} does not answer")


def prepare(tables: int) -> list[dict]:
    """Users, decks, tables and the session cookies and tokens of each player (in this process)."""
    import django

    django.setup()
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.contrib.auth.models import Group
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command
    from rest_framework.authtoken.models import Token

    from tables import services
    from tests.tables.live_kit import deck_for

    call_command("migrate", verbosity=0)
    group = Group.objects.get(name="playtester")
    out = []
    for n in range(tables):
        players = []
        for side in "ab":
            user = get_user_model().objects.create_user(f"p{n}{side}", password="bench-password")
            user.groups.add(group)
            session = SessionStore()
            session[SESSION_KEY] = str(user.pk)
            session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
            session[HASH_SESSION_KEY] = user.get_session_auth_hash()
            session.create()
            players.append(
                {"user": user, "session": session.session_key, "token": Token.objects.create(user=user).key}
            )
        deck_a = deck_for("duel", players[0]["user"], name=f"A{n}")
        deck_b = deck_for("duel", players[1]["user"], name=f"B{n}", which=1)
        table = services.table_create(mode="free", user=players[0]["user"], deck=deck_a)
        services.table_join(user=players[1]["user"], table=table, deck=deck_b)
        out.append({"id": table.pk, "players": [{k: p[k] for k in ("session", "token")} for p in players]})
    return out


def post(base: str, table: int, token: str, body: dict) -> int:
    request = urllib.request.Request(
        f"{base}/api/tables/{table}/events/",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Token {token}"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except (TimeoutError, urllib.error.URLError, ConnectionError):
        return 0  # no answer within 30 s (a saturated server): counted apart, as "0"


async def play(base: str, tables: list[dict], seconds: float, interval: float) -> dict:
    import websockets

    host = base.split("://", 1)[1]
    sent: dict[tuple[int, int], float] = {}  # (table, seq) -> when the move was sent
    delivered: dict[tuple[int, int, int], float] = {}  # (table, seq, receiver) -> delay (s)
    doubled = 0
    statuses: dict[int, int] = {}
    seqs = {t["id"]: 0 for t in tables}
    stop = asyncio.Event()

    reconnects = 0

    async def listen(table: dict, who: int, ready: asyncio.Event):
        """One player's page: its socket, opened again from the last seq it holds when it drops."""
        nonlocal doubled, reconnects
        cookie = f"sessionid={table['players'][who]['session']}"
        last = 0
        while not stop.is_set():
            try:
                async with websockets.connect(
                    f"ws://{host}/ws/tables/{table['id']}/?since={last}",
                    additional_headers={"Cookie": cookie, "Origin": base},
                    open_timeout=60,
                ) as ws:
                    ready.set()
                    while not stop.is_set():
                        try:
                            raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
                        except TimeoutError:
                            continue
                        now = time.perf_counter()
                        data = json.loads(raw)
                        for event in data.get("events", []):
                            key = (table["id"], event["seq"], who)
                            if key in delivered:
                                doubled += 1
                            when = sent.get((table["id"], event["seq"]))
                            delivered[key] = (now - when) if when is not None else -1.0
                            last = max(last, event["seq"])
                            seqs[table["id"]] = max(seqs[table["id"]], event["seq"])
            except (OSError, TimeoutError, websockets.exceptions.WebSocketException):
                if stop.is_set():
                    return
                reconnects += 1
                await asyncio.sleep(0.5)

    async def mover(table: dict, offset: float):
        loop = asyncio.get_running_loop()
        await asyncio.sleep(offset)
        turn = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            begin = time.perf_counter()
            seq = seqs[table["id"]]
            key = (table["id"], seq + 1)
            # A move sent before the last one came back (its seq is old) is refused (409): it must not
            # take over the sending time of the move that holds that seq.
            fresh = key not in sent
            if fresh:
                sent[key] = begin
            body = {"kind": "note", "expectedSeq": seq, "text": f"move {seq + 1}"}
            status = await loop.run_in_executor(
                None, post, base, table["id"], table["players"][turn]["token"], body
            )
            statuses[status] = statuses.get(status, 0) + 1
            if status != 201 and fresh:
                sent.pop(key, None)
            turn = 1 - turn
            await asyncio.sleep(max(0.0, interval - (time.perf_counter() - begin)))

    # One thread per table for the blocking POSTs: the client must not be the bottleneck.
    from concurrent.futures import ThreadPoolExecutor

    asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(max_workers=min(200, len(tables) + 4)))
    readies = []
    listeners = []
    for table in tables:
        for who in (0, 1):
            ready = asyncio.Event()
            readies.append(ready)
            listeners.append(asyncio.create_task(listen(table, who, ready)))
    await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), timeout=300)
    movers = [asyncio.create_task(mover(t, i * interval / len(tables))) for i, t in enumerate(tables)]
    await asyncio.gather(*movers)
    # The last moves arrive: wait until every accepted move has reached both sockets, or 30 s.
    deadline = time.perf_counter() + 30
    while time.perf_counter() < deadline and any(
        (t, s, who) not in delivered for (t, s) in list(sent) for who in (0, 1)
    ):
        await asyncio.sleep(0.5)
    stop.set()
    await asyncio.gather(*listeners, return_exceptions=True)
    # Each accepted move must reach both players' sockets once (the mover's own too: two tabs).
    delays = [d for d in delivered.values() if d >= 0]
    lost = sum(1 for (t, s) in sent for who in (0, 1) if (t, s, who) not in delivered)
    ordered = sorted(delays)
    return {
        "moves": statuses,
        "deliveries": len(delays),
        "deliveryMs": {
            "median": round(statistics.median(ordered) * 1000, 1) if ordered else None,
            "p99": round(ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))] * 1000, 1)
            if ordered
            else None,
            "max": round(ordered[-1] * 1000, 1) if ordered else None,
        },
        "lost": lost,
        "doubled": doubled,
        "reconnects": reconnects,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--interval", type=float, default=1.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--port", type=int, default=0, help="the studio's loopback port (default: a free one)"
    )
    parser.add_argument(
        "--redis-port", type=int, default=0, help="its Redis's loopback port (default: a free one)"
    )
    parser.add_argument(
        "--root",
        type=Path,
        default=ROOT,
        help="the checkout whose `scripts/entrypoint web` serves (default: this one; another worktree "
        "compares serving in turns)",
    )
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_DATABASE_URL"),
        help="PostgreSQL (team scale; made when missing: give a new name each run); default: a SQLite file",
    )
    args = parser.parse_args()
    if not shutil.which("redis-server"):
        raise SystemExit("redis-server is needed (apt-get install redis-server)")
    tmp = tempfile.TemporaryDirectory(prefix="bench-delivery-")
    redis_port, web_port = args.redis_port or free_port(), args.port or free_port()
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("CELERY_BROKER_URL", "DATABASE_URL")},
        "DATABASE_URL": args.database_url or f"sqlite:///{tmp.name}/bench.sqlite3",
        "MEDIA_ROOT": f"{tmp.name}/media",
        "VAR_DIR": tmp.name,
        "STATIC_ROOT": f"{tmp.name}/static",
        "CHANNEL_LAYER_URL": f"redis://127.0.0.1:{redis_port}/0",
        "DEBUG": "0",
        "SECRET_KEY": "bench-delivery-" + "x" * 40,
        "SECURE_SSL_REDIRECT": "0",
        "ALLOWED_HOSTS": "127.0.0.1",
        "BIND": f"127.0.0.1:{web_port}",
        "WEB_CONCURRENCY": str(args.workers),
        "ACCESS_LOG": "0",
        "API_THROTTLE_USER": "1000000/min",
        "PYTHON": sys.executable,
        "DJANGO_SETTINGS_MODULE": "studio.settings",
    }
    os.environ.update(env)
    if args.database_url:
        sys.path.insert(0, str(BENCH))
        from benchkit import create_pg_database

        create_pg_database(args.database_url)
    redis = subprocess.Popen(
        ["redis-server", "--port", str(redis_port), "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    server = None
    try:
        tables = prepare(args.tables)
        server = subprocess.Popen(
            [str(args.root.resolve() / "scripts/entrypoint"), "web"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        base = f"http://127.0.0.1:{web_port}"
        wait_http(base + "/healthz")
        result = asyncio.run(play(base, tables, args.seconds, args.interval))
        result.update(
            tables=args.tables,
            workers=args.workers,
            interval=args.interval,
            seconds=args.seconds,
            database="postgresql" if args.database_url else "sqlite",
            root=str(args.root.resolve()),
            load=round(os.getloadavg()[0], 1),
        )
        print(json.dumps(result))
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
        redis.terminate()
        redis.wait(10)
        tmp.cleanup()


if __name__ == "__main__":
    main()
