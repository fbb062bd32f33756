"""The inbox's count pushed to its user's open pages, through the channel layer (Channels).

Each open page of a signed-in user holds a WebSocket (comments/consumers.py, ``/ws/inbox/``) in the
user's group. :func:`inbox_changed` is called once a notification is stored (or read) and committed:
it tells the user's sockets that their inbox changed, and each socket sends its page the new count
(one query, as the header's count). The message names no notification: what the count counts is
read by the socket for its own user. A page without a socket (a server of HTTP only, the layer
down) reads its count every INBOX_POLL_SECONDS instead (templates/comments/_inbox_link.html).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from tables.realtime import group_send

# The message each consumer of a user's inbox receives: -> InboxConsumer.inbox_changed.
CHANGED = "inbox.changed"


def group_name(user_id: int) -> str:
    return f"inbox.{int(user_id)}"


def inbox_changed(user_ids: Iterable[int]) -> None:
    """Once the transaction commits, tell the open pages of ``user_ids`` that their inbox changed."""
    ids = sorted({int(pk) for pk in user_ids})
    if ids:
        transaction.on_commit(lambda: _send(ids))


def _send(user_ids: list[int]) -> None:
    for pk in user_ids:
        group_send(group_name(pk), {"type": CHANGED}, what=f"the inbox of user {pk}")
