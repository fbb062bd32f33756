"""One WebSocket per open page of a signed-in user: ``/ws/inbox/``, the header's inbox count live.

On connect the user is read from the session (AuthMiddlewareStack); an anonymous socket is refused
(4403). The socket joins its user's group (comments/realtime.py) and sends the count at once; each
``inbox.changed`` of the group sends it again. Server -> client: ``{"type": "count", "unread": N}``.
A client may send ``{"type": "ping"}``: the count comes back. When the channel layer fails the socket
closes with 4503 and the page reads its count by polls (comments/static/comments/inbox.js).
"""

from __future__ import annotations

import json
import logging

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.contrib.auth import get_user_model

from . import realtime

log = logging.getLogger(__name__)

CLOSE_REFUSED = 4403
CLOSE_LAYER_DOWN = 4503


class InboxConsumer(AsyncWebsocketConsumer):
    group: str | None = None
    user_id: int

    async def connect(self):
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_REFUSED)
            return
        self.user_id = user.pk
        await self.accept()
        try:
            await self.channel_layer.group_add(realtime.group_name(self.user_id), self.channel_name)
        except Exception:
            log.warning("the channel layer failed: the inbox of user %s polls", self.user_id, exc_info=True)
            await self.close(code=CLOSE_LAYER_DOWN)
            return
        self.group = realtime.group_name(self.user_id)
        await self._send_count()

    async def disconnect(self, code):
        group, self.group = self.group, None
        if group is not None:
            try:
                await self.channel_layer.group_discard(group, self.channel_name)
            except Exception:
                log.debug("could not leave %s", group, exc_info=True)

    async def receive(self, text_data=None, bytes_data=None):
        try:
            message = json.loads(text_data or "")
        except ValueError:
            return
        if isinstance(message, dict) and message.get("type") == "ping":
            await self._send_count()

    async def inbox_changed(self, message):
        await self._send_count()

    async def _send_count(self) -> None:
        unread = await self._count()
        if unread is None:  # the user is gone, or no longer active
            await self.close(code=CLOSE_REFUSED)
            return
        await self.send(text_data=json.dumps({"type": "count", "unread": unread}))

    @database_sync_to_async
    def _count(self) -> int | None:
        from .selectors import unread_count

        # Read again each time: the permissions that decide what the count may count are the user's
        # now, not those of when the page opened.
        user = get_user_model().objects.filter(pk=self.user_id, is_active=True).first()
        return None if user is None else unread_count(user=user)
