"""One WebSocket per open table page: ``/ws/tables/<id>/?since=N``.

On connect the user is read from the session (AuthMiddlewareStack); a user who may not see the
table (not seated, and the table not public) is refused before the handshake completes. The
connection then sends every event after ``since`` as that user may read it, and their view of
the table; each :func:`tables.realtime.announce` of the table sends the events after the last one
this connection sent, and the new view. Events go out in order, each once: a client that lost
its connection opens a new one with ``since`` = the last seq it holds.

Server -> client messages (JSON):
``{"type": "update", "seq": N, "events": [...], "view": {...}}`` and, for a bad ``since``,
``{"type": "error", "code": "TABLE_SINCE_INVALID", "message": ...}`` before the socket closes (4400).
A client may send ``{"type": "ping"}``: any event not sent yet goes first (an announce lost on the
way), then ``{"type": "pong", "seq": N}``. A ping looks at the table once in PING_READ_EVERY at most
(a page pings every 10 s and after its own moves); the others are answered at once: a burst of
pings costs no database read each, and never holds the socket's keepalive up.

The channel layer (Redis between web processes) may fail: a socket that cannot join its table's
group, or whose wait for the next announce fails, sends the table as it is and closes with 4503
(the page reads the events API at once and opens a socket again later); the failure is logged, once
a minute at most in a process, never raised to the server. A socket leaves its group however it
ends, and renews its membership while it lives, so the layer's expiry of groups
(``group_expiry``, studio/settings.py) drops a member that could not leave (its process killed, the
layer down at the time).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.core.exceptions import ObjectDoesNotExist, PermissionDenied
from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404

from common.numbers import ascii_whole

from . import realtime

log = logging.getLogger(__name__)

# Close codes (4000-4999 are the application's): refused, bad input, the channel layer failed (the
# page polls the events API and comes back later: tables/static/tables/table/transport.js).
CLOSE_REFUSED = 4403
CLOSE_BAD_INPUT = 4400
CLOSE_LAYER_DOWN = 4503
MAX_SINCE = 10**9
# A layer failure is logged with its traceback once in this many seconds in a process (a Redis down
# fails every socket of the process at once); the others at DEBUG.
LAYER_WARNING_EVERY = 60.0
# Seconds between two pings that read the table.
PING_READ_EVERY = 0.25
_last_layer_warning = [float("-inf")]


class TableConsumer(AsyncWebsocketConsumer):
    table_id: int
    sent: int
    group: str | None = None
    # The key of the news this connection sends (tables.selectors.audience): what its user's
    # seats may see, known from the first read of the dealt table (seats never change hands).
    audience: str | None = None
    accepted = False
    closed = False
    last_ping_read = float("-inf")
    layer_down = False
    _renewing: asyncio.Task | None = None
    # How often the socket renews its membership: this share of the layer's group expiry.
    RENEW_SHARE = 1 / 3

    # channels' AsyncConsumer.__call__ stores the layer's receive for this socket's channel here
    # and waits on it beside the client's messages: an error of the layer there (Redis down) ended
    # the consumer, the handshake's socket closed with 1006 and its group kept it. It keeps the
    # layer's receive and waits on a guarded one: a failure becomes a message (layer_failed).
    @property
    def channel_receive(self):
        return self._receive_from_layer

    @channel_receive.setter
    def channel_receive(self, receive):
        self._layer_receive = receive

    async def _receive_from_layer(self):
        if not self.layer_down:
            try:
                return await self._layer_receive()
            except Exception:
                self._layer_failed("receive")
                return {"type": "layer.failed"}
        # Nothing more comes from a failed layer: wait for the client's close (this is cancelled then).
        await asyncio.Event().wait()

    async def __call__(self, scope, receive, send):
        try:
            await super().__call__(scope, receive, send)
        finally:
            # However the socket ends (a close, an error in a handler, the server stopping).
            await self._leave()

    async def connect(self):
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        user = self.scope.get("user")
        if user is None or not user.is_authenticated or not await self._may_see(user):
            await self._close(CLOSE_REFUSED)
            return
        since = _since(self.scope.get("query_string", b""))
        await self.accept()
        if since is None:
            await self._send_json(
                {
                    "type": "error",
                    "code": "TABLE_SINCE_INVALID",
                    "message": f"since must be a whole number from 0 to {MAX_SINCE}",
                }
            )
            await self._close(CLOSE_BAD_INPUT)
            return
        self.sent = since
        # Join the group first: an event stored while the first read runs is announced after it
        # and sent then (messages are handled one at a time), never lost and never sent twice.
        group = realtime.group_name(self.table_id)
        if not self.layer_down:  # its wait for announces may have failed already
            try:
                await self.channel_layer.group_add(group, self.channel_name)
            except Exception:
                self._layer_failed("join")
            else:
                self.group = group
        self.accepted = True
        if self.layer_down:
            # The table as it is, then the page polls: no move would come on this socket.
            await self._send_news(always=True)
            await self._leave()
            await self._close(CLOSE_LAYER_DOWN)
            return
        self._renewing = asyncio.ensure_future(self._renew_membership())
        await self._send_news(always=True)

    async def disconnect(self, code):
        await self._leave()

    async def layer_failed(self, message):
        """The wait for the next announce failed (_receive_from_layer): no move would come. Before
        the handshake is answered, connect sees it (layer_down) and sends the table first."""
        if not self.accepted:
            return
        await self._leave()
        await self._close(CLOSE_LAYER_DOWN)

    async def _renew_membership(self) -> None:
        """Join the group again now and then: a membership older than the layer's group expiry is
        dropped (an announce would no longer reach a socket open that long)."""
        every = getattr(self.channel_layer, "group_expiry", 86400) * self.RENEW_SHARE
        while True:
            await asyncio.sleep(every)
            try:
                await self.channel_layer.group_add(self.group, self.channel_name)
            except Exception:
                self._layer_failed("renew")
                self._renewing = None  # this task ends here: _leave must not cancel it
                await self.layer_failed({})
                return

    async def _leave(self) -> None:
        """Leave the table's group (once). A layer that fails here leaves the membership to its
        expiry."""
        if self._renewing is not None:
            self._renewing.cancel()
            self._renewing = None
        group, self.group = self.group, None
        if group is None:
            return
        try:
            await self.channel_layer.group_discard(group, self.channel_name)
        except Exception:
            self._layer_failed("leave")

    def _layer_failed(self, action: str) -> None:
        """Log the channel layer's failure (within an ``except``): with its traceback once a
        minute in a process, else at DEBUG."""
        self.layer_down = True
        table = self.scope.get("url_route", {}).get("kwargs", {}).get("table_id")
        now = time.monotonic()
        if now - _last_layer_warning[0] >= LAYER_WARNING_EVERY:
            _last_layer_warning[0] = now
            log.warning(
                "the channel layer failed (%s, table %s): the table's sockets close with %s and their "
                "pages poll",
                action,
                table,
                CLOSE_LAYER_DOWN,
                exc_info=True,
            )
        else:
            log.debug(
                "the channel layer failed (%s, table %s)",
                action,
                table,
                exc_info=True,
            )

    async def _close(self, code: int) -> None:
        if not self.closed:
            self.closed = True
            await self.close(code=code)

    async def receive(self, text_data=None, bytes_data=None):
        try:
            message = json.loads(text_data or "")
        except ValueError:
            return
        if isinstance(message, dict) and message.get("type") == "ping":
            # A ping also looks at the table: a move whose announce was lost (a layer that does not
            # reach every web process) arrives by the next ping at the latest.
            now = time.monotonic()
            if now - self.last_ping_read >= PING_READ_EVERY:
                self.last_ping_read = now
                await self._send_news()
            await self._send_json({"type": "pong", "seq": self.sent})

    async def table_event(self, message):
        """realtime.announce: the table is at message["seq"]; send what this connection has not.

        The next event after the last one sent goes out as the announce brought it (no read);
        after a gap, or without news for this audience, the events are read from the database.
        Seq 0 is the second player sitting down (the setup dealt): no event, a new view."""
        seq = int(message.get("seq", 0))
        news = (message.get("news") or {}).get(self.audience) if self.audience is not None else None
        if seq == self.sent + 1 and news:
            self.sent = seq
            await self._send_json({"type": "update", "seq": seq, **news})
        elif seq > self.sent or seq == 0:
            await self._send_news(always=seq == 0)

    async def _send_news(self, *, always: bool = False) -> None:
        found = await self._read(self.sent)
        if found is None:  # the user lost their seat's right to see it (the table is gone)
            await self._close(CLOSE_REFUSED)
            return
        events, view = found
        events = [e for e in events if e["seq"] > self.sent]
        if not events and not always:
            return
        if events:
            self.sent = events[-1]["seq"]
        await self._send_json(
            {"type": "update", "seq": view.get("seq", self.sent), "events": events, "view": view}
        )

    async def _send_json(self, data) -> None:
        if not self.closed:
            await self.send(text_data=json.dumps(data, cls=DjangoJSONEncoder))

    @database_sync_to_async
    def _may_see(self, user) -> bool:
        from . import selectors

        try:
            selectors.table_get_for(user, self.table_id)
        except (Http404, ObjectDoesNotExist, PermissionDenied):
            return False
        return True

    @database_sync_to_async
    def _read(self, since: int):
        from . import selectors

        user = self.scope["user"]
        try:
            table = selectors.table_get_for(user, self.table_id)
        except (Http404, ObjectDoesNotExist, PermissionDenied):
            return None
        if table.status != table.Status.WAITING:
            self.audience = selectors.audience(selectors.viewer_seats(user, table))
        # The view first, then the events up to its seq: an update's events always lead to its view
        # (an event stored in between is sent with the next announce).
        view = selectors.table_view_for(user, table)
        events = selectors.table_events_for(user, table, since=since)
        return [e for e in events if e["seq"] <= view.get("seq", 0)], view


def _since(query_string: bytes) -> int | None:
    values = parse_qs(query_string.decode("latin-1")).get("since", ["0"])
    since = ascii_whole(values[-1])  # ASCII digits only: int() reads "１２", " 12" and "1_2" too
    return since if since is not None and since <= MAX_SINCE else None
