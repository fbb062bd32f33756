"""The header's inbox count over the studio's WebSocket layer (comments/consumers.py through
studio.asgi): an anonymous socket is refused, a signed-in one gets its count at once and the new
count as soon as a notice reaches its user (and only its user), never a count of what they may not
read."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from comments import realtime, services
from studio.asgi import application
from tests.tables.test_consumers import cookie_of, run

# The consumer's reads and the services run in the test's thread; transaction=True lets on_commit push.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _fresh_layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def inbox(cookie: bytes | None):
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    if cookie:
        headers.append((b"cookie", cookie))
    return WebsocketCommunicator(application, "/ws/inbox/", headers=headers)


async def receive(ws) -> dict:
    return json.loads(await ws.receive_from(timeout=5))


def test_an_anonymous_socket_is_refused():
    async def scenario():
        ws = inbox(None)
        connected, code = await ws.connect()
        return connected, code

    connected, code = run(scenario)
    assert not connected and code == 4403


def test_a_mention_pushes_the_new_count_to_its_user_only(designer, reviewer, playtester, make_card):
    card = make_card(user=designer, stableCardId="DR-L01", name="Live Draft")
    # A client each: a second login on one client would end the first one's session.
    dana, paula = cookie_of(Client(), designer), cookie_of(Client(), playtester)

    async def scenario():
        mine, theirs = inbox(dana), inbox(paula)
        assert (await mine.connect())[0] and (await theirs.connect())[0]
        first = await receive(mine), await receive(theirs)
        # paula may not read the draft: mentioned, she is told nothing, and her socket hears nothing.
        await database_sync_to_async(services.comment_create)(
            user=reviewer, data={"body": "@dana @paula is the cost right?"}, card=card
        )
        pushed = await receive(mine)
        quiet = await theirs.receive_nothing(timeout=0.5)
        await mine.send_to(text_data=json.dumps({"type": "ping"}))
        again = await receive(mine)
        await database_sync_to_async(services.notifications_read)(user=designer, everything=True)
        read = await receive(mine)
        await mine.disconnect()
        await theirs.disconnect()
        return first, pushed, quiet, again, read

    first, pushed, quiet, again, read = run(scenario)
    assert first == ({"type": "count", "unread": 0}, {"type": "count", "unread": 0})
    assert pushed == {"type": "count", "unread": 1}
    assert quiet is True
    assert again == {"type": "count", "unread": 1}
    assert read == {"type": "count", "unread": 0}


def test_the_push_names_nothing_and_waits_for_the_commit(monkeypatch, designer):
    sent = []
    monkeypatch.setattr(realtime, "group_send", lambda group, message, what: sent.append((group, message)))
    from django.db import transaction

    with transaction.atomic():
        realtime.inbox_changed([designer.pk, designer.pk])
        assert sent == []  # nothing before the commit
    assert sent == [(f"inbox.{designer.pk}", {"type": "inbox.changed"})]


def test_a_failing_layer_never_fails_the_write(monkeypatch, caplog, designer):
    from tables import realtime as table_realtime

    class Broken:
        async def group_send(self, group, message):
            raise ConnectionError("redis is down")

    monkeypatch.setattr(table_realtime, "get_channel_layer", lambda: Broken())
    realtime._send([designer.pk])
    assert f"could not announce the inbox of user {designer.pk}" in caplog.text
