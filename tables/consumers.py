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
way), then ``{"type": "pong", "seq": N}``.
"""

from __future__ import annotations

import json
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.core.exceptions import ObjectDoesNotExist, PermissionDenied
from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404

from common.numbers import ascii_whole

from . import realtime

# Close codes (4000-4999 are the application's): refused, bad input.
CLOSE_REFUSED = 4403
CLOSE_BAD_INPUT = 4400
MAX_SINCE = 10**9


class TableConsumer(AsyncWebsocketConsumer):
    table_id: int
    sent: int
    group: str | None = None
    # The key of the news this connection sends (tables.selectors.audience): what its user's
    # seats may see, known from the first read of the dealt table (seats never change hands).
    audience: str | None = None

    async def connect(self):
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        user = self.scope.get("user")
        if user is None or not user.is_authenticated or not await self._may_see(user):
            await self.close(code=CLOSE_REFUSED)
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
            await self.close(code=CLOSE_BAD_INPUT)
            return
        self.sent = since
        # Join the group first: an event stored while the first read runs is announced after it
        # and sent then (messages are handled one at a time), never lost and never sent twice.
        self.group = realtime.group_name(self.table_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self._send_news(always=True)

    async def disconnect(self, code):
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        try:
            message = json.loads(text_data or "")
        except ValueError:
            return
        if isinstance(message, dict) and message.get("type") == "ping":
            # A ping also looks at the table: a move whose announce was lost (a layer that does not
            # reach every web process) arrives by the next ping at the latest.
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
            await self.close(code=CLOSE_REFUSED)
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
