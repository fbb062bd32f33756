"""A table's moves pushed to the browsers seated at it, through the channel layer (Channels).

:func:`announce` is called by ``tables.services.table_event_append`` once a move is committed:
it tells every WebSocket of the table (tables/consumers.py, one group a table) that the table
reached ``seq``, with the news of that move: for each audience (seat 1, seat 2, both seats of a
hot seat, the spectators) the event as it may read it and its new view
(:func:`tables.selectors.table_news`). A connection that has sent every event before ``seq``
sends its audience's news as it is, without reading the database; any other (it missed an
announce, or the news is missing) reads the events it has not sent yet, as its user may see
them. The news never leaves the server but for the audience it is for: each connection picks its
own. A lost or late announce loses nothing (the next one, or the client's own catch-up from its
last seq, brings every event once).

The layer: in memory in one process (the embedded default, runserver), Redis between web
processes when ``CHANNEL_LAYER_URL`` is set (studio/settings.py).
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)

# The message each consumer of a table receives: {"type": EVENT, "seq": N} -> TableConsumer.table_event.
EVENT = "table.event"


def group_name(table_id: int) -> str:
    return f"table.{int(table_id)}"


class _Announcer:
    """One event loop of its own, in a thread of this process, that sends every announce to a Redis
    channel layer. ``async_to_sync`` in a sync worker (gunicorn's, serving HTTP) makes a new event
    loop for each call, and channels_redis a new connection for each loop: a move's announce then
    paid a Redis connection every time. Here the layer's connections live on one loop, kept."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._pid = 0

    def loop(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            # A forked worker does not inherit the thread: each process starts its own.
            if self._loop is None or self._pid != os.getpid():
                loop = asyncio.new_event_loop()
                threading.Thread(target=loop.run_forever, name="table-announcer", daemon=True).start()
                self._loop, self._pid = loop, os.getpid()
            return self._loop

    def send(self, layer, group: str, message: dict) -> None:
        asyncio.run_coroutine_threadsafe(layer.group_send(group, message), self.loop()).result(
            ANNOUNCE_TIMEOUT
        )


_ANNOUNCER = _Announcer()
# Seconds an announce may take before the move's answer goes on without it (the clients catch up).
ANNOUNCE_TIMEOUT = 5


def _redis(layer) -> bool:
    return type(layer).__module__.startswith("channels_redis")


def announce(table_id: int, seq: int, news: dict | None = None) -> None:
    """Tell the table's connections that it is at ``seq`` now (``news``: what each audience
    receives for that move). Never raises: the move is stored."""
    message = {"type": EVENT, "seq": int(seq)}
    if news:
        message["news"] = news
    group_send(group_name(table_id), message, what=f"table {table_id} at seq {seq}")


def group_send(group: str, message: dict, *, what: str) -> None:
    """Send ``message`` to the sockets of ``group`` through the channel layer (none: nothing to do).
    Never raises: a failure is logged ("could not announce ``what``"), the clients catch up."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        if _redis(layer):
            _ANNOUNCER.send(layer, group, message)
            return
        # The in-memory layer (one process): its consumers' loop is the server's, which
        # async_to_sync reaches from a view's thread.
        async_to_sync(layer.group_send)(group, message)
    except RuntimeError:
        # Called from a thread that runs an event loop itself (a test's): send from another thread.
        worker = threading.Thread(target=_send_quietly, args=(layer, group, message, what), daemon=True)
        worker.start()
        worker.join(5)
    except Exception:  # the layer's Redis is down: the clients catch up
        log.warning("could not announce %s", what, exc_info=True)


def _send_quietly(layer, group: str, message: dict, what: str) -> None:
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception:
        log.warning("could not announce %s", what, exc_info=True)
