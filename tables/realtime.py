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

import logging
import threading

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)

# The message each consumer of a table receives: {"type": EVENT, "seq": N} -> TableConsumer.table_event.
EVENT = "table.event"


def group_name(table_id: int) -> str:
    return f"table.{int(table_id)}"


def announce(table_id: int, seq: int, news: dict | None = None) -> None:
    """Tell the table's connections that it is at ``seq`` now (``news``: what each audience
    receives for that move). Never raises: the move is stored."""
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": EVENT, "seq": int(seq)}
    if news:
        message["news"] = news
    try:
        async_to_sync(layer.group_send)(group_name(table_id), message)
    except RuntimeError:
        # Called from a thread that runs an event loop itself (a test's): send from another thread.
        worker = threading.Thread(target=_send_quietly, args=(layer, table_id, seq, message), daemon=True)
        worker.start()
        worker.join(5)
    except Exception:  # the layer's Redis is down: the clients catch up from their last seq
        log.warning("could not announce table %s at seq %s", table_id, seq, exc_info=True)


def _send_quietly(layer, table_id: int, seq: int, message: dict) -> None:
    try:
        async_to_sync(layer.group_send)(group_name(table_id), message)
    except Exception:
        log.warning("could not announce table %s at seq %s", table_id, seq, exc_info=True)
