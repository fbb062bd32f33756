"""What ``scripts/entrypoint web`` refuses before it starts a process, and ``studio.asgi`` at its start.

Apart from studio.serving, which loads Django's request handling: the entrypoint's check reads the
settings alone, in a process of its own (0.2 CPU-seconds less at every start of the web role).
"""

from __future__ import annotations

import os

from django.core.exceptions import ImproperlyConfigured


def refuse_persistent_connections(databases: dict) -> None:
    """Refuse, at start, a ``CONN_MAX_AGE`` other than 0 under ASGI serving (studio/asgi.py).

    ``CONN_MAX_AGE`` keeps a connection open per thread between requests, closed only by the
    request signals of the thread that opened it. An ASGI process runs Django code in threads that
    are not its requests' (the tables' sockets read the database in asgiref's threads), and
    Django's own ASGI handler ran every request in a new thread: each kept its connection until
    PostgreSQL refused more ("too many clients", half of the requests answered 503). Under ASGI
    connections are reused by the pool (``DATABASE_POOL_MAX_SIZE``: one pool a process, shared by
    its threads, bounded), which ``scripts/entrypoint web`` sets on PostgreSQL.
    """
    for alias, database in databases.items():
        age = database.get("CONN_MAX_AGE", 0)
        if age != 0:
            raise ImproperlyConfigured(
                f"CONN_MAX_AGE={age} (database {alias!r}) cannot work when the studio is served through "
                "ASGI (studio.asgi: scripts/entrypoint web, runserver): a persistent connection is kept "
                "per thread, and the threads that run Django code under ASGI are not the requests', so "
                "connections pile up until the database refuses more. Unset CONN_MAX_AGE (or set it to 0); "
                "to reuse connections on PostgreSQL, set DATABASE_POOL_MAX_SIZE (a pool a process; "
                "scripts/entrypoint web sets 4)."
            )


def refuse_a_channel_layer_of_one_process(layers: dict) -> None:
    """Refuse, at start of ``scripts/entrypoint web``, a channel layer that lives in one process.

    The web role serves HTTP and the tables' WebSockets from different processes (studio/gunicorn.py,
    studio/gunicorn_sockets.py): a move sent over HTTP reaches the table's sockets only through a
    layer they share, Redis (``CHANNEL_LAYER_URL``). With the in-memory layer every socket would stay
    open and never hear a move.
    """
    backend = layers.get("default", {}).get("BACKEND", "")
    if backend.endswith("InMemoryChannelLayer"):
        raise ImproperlyConfigured(
            "the tables' channel layer is in memory, in one process; the web role serves HTTP and the "
            "tables' WebSockets from different processes, and a move sent over HTTP reaches the "
            "sockets through Redis only. Set CHANNEL_LAYER_URL (for example redis://127.0.0.1:6379/2), or a Redis "
            "CELERY_BROKER_URL, which is used when CHANNEL_LAYER_URL is unset."
        )


def check_web_role() -> None:
    """``scripts/entrypoint web``, before it starts a process: what cannot work is refused, with
    what to set instead (the message on standard error, exit status 1)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "studio.settings")
    from django.conf import settings

    try:
        refuse_persistent_connections(settings.DATABASES)
        refuse_a_channel_layer_of_one_process(settings.CHANNEL_LAYERS)
    except ImproperlyConfigured as refused:
        raise SystemExit(f"scripts/entrypoint web: {refused}") from None
