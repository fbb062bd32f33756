"""A table's moves pushed to the browsers seated at it, through the channel layer (Channels).

:func:`announce` is called by ``tables.services.table_event_append`` once a move is committed:
it tells every WebSocket of the table (tables/consumers.py, one group a table) that the table
reached ``seq``; each connection then reads the events it has not sent yet, as its user may see
them, from the database. The group message carries no card: a lost or late announce loses
nothing (the next one, or the client's own catch-up from its last seq, brings every event once).

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


def announce(table_id: int, seq: int) -> None:
    """Tell the table's connections that it is at ``seq`` now. Never raises: the move is stored."""
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": EVENT, "seq": int(seq)}
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
