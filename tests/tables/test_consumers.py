"""The table's WebSocket (tables/consumers.py) through studio.asgi: refused to who may not see
the table, every event after ``since`` and the viewer's view on connect, each new move pushed as
it is stored, as the viewer may read it, and nothing lost or doubled when a client comes back."""

from __future__ import annotations

import asyncio
import concurrent.futures
import copy
import json
import logging
import os
import uuid

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.db import connections
from django.test import Client

from studio.asgi import application
from tables import consumers, realtime, services
from tables.models import Table

from .live_kit import deck_for

# The consumer's reads and the services run in the test's own thread (thread-sensitive), so the
# test database needs no second connection; transaction=True lets on_commit announce the moves.
pytestmark = pytest.mark.django_db(transaction=True)

# The layer the settings configure (before _fresh_layer below replaces it): a Redis one when
# CHANNEL_LAYER_URL, or a Redis CELERY_BROKER_URL, is set (.ci/run's PostgreSQL pass).
CONFIGURED_LAYER = copy.deepcopy(settings.CHANNEL_LAYERS["default"])
# Nothing listens there (the layer cannot be reached).
UNREACHABLE_REDIS = "redis://127.0.0.1:1/0"


def run(scenario):
    """Run an async scenario on an event loop of its own, in a thread of its own: once the browser
    tests have run, Playwright's loop is marked running in the test thread, where async_to_sync
    refuses to start another. The tests are transactional, so that thread sees their data."""

    def in_thread():
        try:
            return async_to_sync(scenario)()
        finally:
            connections.close_all()

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(in_thread).result()


@pytest.fixture(autouse=True)
def _fresh_layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@pytest.fixture
def redis_layer(settings, _fresh_layer):
    """The tables' sockets on the configured Redis channel layer, its keys apart from any other test's.
    Skipped without one, unless REQUIRE_REDIS is set (.ci/run), where it fails."""
    if not CONFIGURED_LAYER["BACKEND"].startswith("channels_redis."):
        reason = (
            "needs a Redis channel layer: set CHANNEL_LAYER_URL or a Redis CELERY_BROKER_URL (.ci/run does)"
        )
        if os.environ.get("REQUIRE_REDIS"):
            pytest.fail(f"{reason} (REQUIRE_REDIS is set)")
        pytest.skip(reason)
    layer = copy.deepcopy(CONFIGURED_LAYER)
    config = layer["CONFIG"]
    config["prefix"] = f"{config.get('prefix', 'asgi')}-test-{uuid.uuid4().hex[:8]}"
    settings.CHANNEL_LAYERS = {"default": layer}
    return layer


@pytest.fixture
def alice(make_user):
    return make_user("playtester", username="alice")


@pytest.fixture
def bob(make_user):
    return make_user("playtester", username="bob")


@pytest.fixture
def table(alice, bob):
    table = services.table_create(mode="free", user=alice, deck=deck_for("vanguard", alice))
    return services.table_join(user=bob, table=table, deck=deck_for("vanguard", bob, which=1))


def cookie_of(client, user) -> bytes:
    client.force_login(user)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}".encode()


def socket(table_id: int, cookie: bytes | None, since: str = "0", origin: bytes = b"http://localhost"):
    headers = [(b"origin", origin), (b"host", b"localhost")]
    if cookie:
        headers.append((b"cookie", cookie))
    return WebsocketCommunicator(application, f"/ws/tables/{table_id}/?since={since}", headers=headers)


def play(user, table_id: int, kind: str, **payload):
    table = Table.objects.get(pk=table_id)
    return services.table_event_append(
        user=user, table=table, kind=kind, expected_seq=table.seq, payload=payload
    ).seq


async def receive(communicator) -> dict:
    return json.loads(await communicator.receive_from(timeout=5))


def hidden_ids(view: dict, seat: int) -> list:
    """The identities of a seat's hand and deck in a view (none for the other seat's viewer)."""
    zones = next(s for s in view["seats"] if s["seat"] == seat)["zones"]
    return [c.get("stableCardId") for z in zones if z["key"] in ("hand", "deck") for c in z["cards"]]


def test_on_connect_every_event_since_and_the_viewers_view(client, alice, bob, table):
    for n in range(3):
        play(alice, table.pk, "note", text=f"note {n + 1}")
    cookie = cookie_of(client, alice)

    async def scenario():
        ws = socket(table.pk, cookie, since="1")
        connected, _ = await ws.connect()
        assert connected
        first = await receive(ws)
        await ws.disconnect()
        return first

    first = run(scenario)
    assert first["type"] == "update"
    assert [e["seq"] for e in first["events"]] == [2, 3]
    assert first["events"][0]["payload"]["text"] == "note 2"
    assert first["view"]["seq"] == 3 == first["seq"]
    # Alice's view: her own hand's cards, bob's hand as a count only.
    assert any(hidden_ids(first["view"], 1)) and not any(hidden_ids(first["view"], 2))
    assert next(z for z in first["view"]["seats"][1]["zones"] if z["key"] == "hand")["count"] == 5


def test_each_move_arrives_once_as_the_viewer_may_read_it(client, alice, bob, table):
    cookie = cookie_of(client, alice)

    async def scenario():
        ws = socket(table.pk, cookie)
        assert (await ws.connect())[0]
        hello = await receive(ws)
        seqs = [e["seq"] for e in hello["events"]]
        got = []
        # Both keep their hands; the first player's turn begins.
        await database_sync_to_async(play)(alice, table.pk, "mulligan", cards=[])
        got.append(await receive(ws))
        await database_sync_to_async(play)(bob, table.pk, "mulligan", cards=[])
        got.append(await receive(ws))
        assert await ws.receive_nothing(timeout=0.3)
        await ws.disconnect()
        return seqs, got

    seqs, got = run(scenario)
    assert seqs == []
    assert [[e["seq"] for e in u["events"]] for u in got] == [[1], [2]]
    assert [u["view"]["seq"] for u in got] == [1, 2]
    bob_mulligan = got[1]["events"][0]
    assert bob_mulligan["seat"] == 2 and bob_mulligan["kind"] == "mulligan"
    assert got[1]["view"]["status"] == "playing"
    # Nothing of bob's hand reached alice, in the event or the view.
    text = json.dumps(got[1])
    bob_hand = [c["stableCardId"] for c in _hand(bob, table.pk)]
    alice_hand = {c["stableCardId"] for c in _hand(alice, table.pk)}
    assert not any(hidden_ids(got[1]["view"], 2))
    assert all(f'"instance": "{i}"' not in text for i in _instances(bob, table.pk))
    assert bob_hand and alice_hand


def _hand(user, table_id):
    from tables import selectors

    table = Table.objects.get(pk=table_id)
    seat = 1 if table.seats.get(index=1).user_id == user.pk else 2
    view = selectors.table_view_for(user, table)
    return next(z for z in view["seats"][seat - 1]["zones"] if z["key"] == "hand")["cards"]


def _instances(user, table_id):
    return [c["instance"] for c in _hand(user, table_id)]


def test_a_client_that_lost_its_connection_resumes_from_its_last_seq(client, alice, bob, table):
    cookie = cookie_of(client, bob)

    async def scenario():
        ws = socket(table.pk, cookie)
        assert (await ws.connect())[0]
        await receive(ws)
        await database_sync_to_async(play)(alice, table.pk, "note", text="one")
        last = (await receive(ws))["events"][-1]["seq"]
        await ws.disconnect()
        # Moves while bob is away.
        await database_sync_to_async(play)(alice, table.pk, "note", text="two")
        await database_sync_to_async(play)(alice, table.pk, "note", text="three")
        again = socket(table.pk, cookie, since=str(last))
        assert (await again.connect())[0]
        caught = await receive(again)
        await database_sync_to_async(play)(alice, table.pk, "note", text="four")
        live = await receive(again)
        assert await again.receive_nothing(timeout=0.3)
        await again.disconnect()
        return last, caught, live

    last, caught, live = run(scenario)
    assert last == 1
    assert [(e["seq"], e["payload"]["text"]) for e in caught["events"]] == [(2, "two"), (3, "three")]
    assert [e["seq"] for e in live["events"]] == [4] and live["view"]["seq"] == 4


def test_two_tabs_of_one_player_stay_in_step(client, alice, bob, table):
    cookie = cookie_of(client, alice)

    async def scenario():
        one, two = socket(table.pk, cookie), socket(table.pk, cookie)
        assert (await one.connect())[0] and (await two.connect())[0]
        await receive(one), await receive(two)
        await database_sync_to_async(play)(alice, table.pk, "note", text="from tab one")
        a, b = await receive(one), await receive(two)
        await one.disconnect(), await two.disconnect()
        return a, b

    a, b = run(scenario)
    assert a["events"] == b["events"] and a["view"]["seq"] == b["view"]["seq"] == 1


@pytest.mark.parametrize("who", ["stranger", "anonymous"])
def test_a_user_who_may_not_see_the_table_is_refused(client, make_user, table, who):
    cookie = cookie_of(client, make_user("playtester", username="eve")) if who == "stranger" else None

    async def scenario():
        ws = socket(table.pk, cookie)
        connected, code = await ws.connect()
        await ws.disconnect()
        return connected, code

    connected, code = run(scenario)
    assert not connected and code == 4403


def test_another_origin_and_an_unknown_table_are_refused(client, alice, table):
    cookie = cookie_of(client, alice)

    async def scenario():
        results = []
        sockets = [
            socket(table.pk, cookie, origin=b"http://evil.example"),
            # The studio's host on another port, or by another scheme: another origin.
            socket(table.pk, cookie, origin=b"http://localhost:9999"),
            socket(table.pk, cookie, origin=b"https://localhost"),
            socket(table.pk + 99, cookie),
            socket(table.pk, cookie, origin=b"http://localhost:80"),  # the studio's own
        ]
        for ws in sockets:
            connected, _ = await ws.connect()
            results.append(connected)
            await ws.disconnect()
        return results

    assert run(scenario) == [False, False, False, False, True]


# ASCII digits only (issue 47): int() reads the fullwidth "１" (%EF%BC%91), "+1", " 1" and "1_0"
@pytest.mark.parametrize("since", ["soon", "-1", "9" * 12, "%EF%BC%91", "%2B1", "%201", "1_0"])
def test_a_bad_since_is_said_and_the_socket_closed(client, alice, table, since):
    cookie = cookie_of(client, alice)

    async def scenario():
        ws = socket(table.pk, cookie, since=since)
        assert (await ws.connect())[0]
        said = await receive(ws)
        closed = await ws.receive_output(timeout=5)
        await ws.disconnect()
        return said, closed

    said, closed = run(scenario)
    assert (
        said["type"] == "error"
        and said["code"] == "TABLE_SINCE_INVALID"
        and "whole number" in said["message"]
    )
    assert closed == {"type": "websocket.close", "code": 4400}


def test_ping_answers_the_last_seq_sent(client, alice, table):
    cookie = cookie_of(client, alice)
    play(alice, table.pk, "note", text="hello")

    async def scenario():
        ws = socket(table.pk, cookie)
        assert (await ws.connect())[0]
        await receive(ws)
        await ws.send_to(text_data=json.dumps({"type": "ping"}))
        pong = await receive(ws)
        await ws.send_to(text_data="not json")
        assert await ws.receive_nothing(timeout=0.2)
        await ws.disconnect()
        return pong

    assert run(scenario) == {"type": "pong", "seq": 1}


def test_a_burst_of_pings_is_answered_with_a_read_now_and_then(client, alice, table, monkeypatch):
    from tables import selectors

    cookie = cookie_of(client, alice)
    reads = []
    real_read = selectors.table_events_for

    def counted(user, table, since=0):
        reads.append(since)
        return real_read(user, table, since=since)

    # The socket's database read (tables/consumers.py, _read) is the one caller of this selector here.
    monkeypatch.setattr(selectors, "table_events_for", counted)

    async def scenario():
        ws = socket(table.pk, cookie)
        assert (await ws.connect())[0]
        await receive(ws)
        for _ in range(200):
            await ws.send_to(text_data=json.dumps({"type": "ping"}))
        pongs = [await receive(ws) for _ in range(200)]
        await ws.disconnect()
        return pongs

    pongs = run(scenario)
    assert pongs == [{"type": "pong", "seq": 0}] * 200
    # The first read on connect, the first ping's, then one a quarter of a second at most.
    assert 2 <= len(reads) < 20


def test_announce_never_raises_when_the_layer_fails(monkeypatch, caplog):
    class Broken:
        async def group_send(self, group, message):
            raise ConnectionError("redis is down")

    monkeypatch.setattr(realtime, "get_channel_layer", lambda: Broken())
    realtime.announce(1, 2)  # the move is stored: the clients catch up from their last seq
    assert "could not announce table 1 at seq 2" in caplog.text


def test_the_redis_layer_when_channel_layer_url_or_a_redis_broker_is_set(monkeypatch):
    import importlib

    import studio.settings as studio_settings

    def layer(**env):
        for name in ("CHANNEL_LAYER_URL", "CELERY_BROKER_URL"):
            monkeypatch.delenv(name, raising=False)
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        return importlib.reload(studio_settings).CHANNEL_LAYERS["default"]

    try:
        assert layer(CHANNEL_LAYER_URL="redis://cache:6379/3") == {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                "hosts": [{"address": "redis://cache:6379/3", "socket_timeout": 15}],
                "group_expiry": 900,
            },
        }
        assert layer(CELERY_BROKER_URL="redis://redis:6379/0")["CONFIG"]["hosts"] == [
            {"address": "redis://redis:6379/0", "socket_timeout": 15}
        ]
        assert layer(CELERY_BROKER_URL="amqp://rabbit//")["BACKEND"] == "channels.layers.InMemoryChannelLayer"
        assert layer()["BACKEND"] == "channels.layers.InMemoryChannelLayer"
    finally:
        monkeypatch.undo()
        importlib.reload(studio_settings)


def test_a_ping_sends_a_move_whose_announce_was_lost(client, alice, table, monkeypatch):
    cookie = cookie_of(client, alice)

    async def scenario():
        ws = socket(table.pk, cookie)
        assert (await ws.connect())[0]
        await receive(ws)
        # Stored by another web process whose layer does not reach this one: no announce here.
        monkeypatch.setattr(realtime, "announce", lambda table_id, seq, news=None: None)
        await database_sync_to_async(play)(alice, table.pk, "note", text="elsewhere")
        assert await ws.receive_nothing(timeout=0.3)
        await ws.send_to(text_data=json.dumps({"type": "ping"}))
        news, pong = await receive(ws), await receive(ws)
        await ws.disconnect()
        return news, pong

    news, pong = run(scenario)
    assert [e["payload"]["text"] for e in news["events"]] == ["elsewhere"] and pong == {
        "type": "pong",
        "seq": 1,
    }


def test_the_second_player_sitting_down_sends_the_dealt_table(client, alice, bob):
    table = services.table_create(mode="free", user=alice, deck=deck_for("vanguard", alice))
    cookie = cookie_of(client, alice)
    theirs = deck_for("vanguard", bob, which=1)

    async def scenario():
        ws = socket(table.pk, cookie)
        assert (await ws.connect())[0]
        waiting = await receive(ws)
        await database_sync_to_async(services.table_join)(user=bob, table=table, deck=theirs)
        dealt = await receive(ws)
        await ws.disconnect()
        return waiting, dealt

    waiting, dealt = run(scenario)
    assert waiting["view"]["status"] == "waiting" and len(waiting["view"]["seats"]) == 1
    assert dealt["events"] == [] and dealt["view"]["status"] == "setup"
    assert [s["user"] for s in dealt["view"]["seats"]] == ["alice", "bob"]


@pytest.mark.parametrize("kind", ["two players", "hot seat", "spectator"])
def test_an_announce_brings_each_audience_what_it_would_read(make_user, alice, bob, monkeypatch, kind):
    """The news of a move, per audience, is what the database read gives that audience: the same
    event and view, so a socket sending it hides what the read hides (tests/tables/test_hidden_information.py)."""
    from tables import selectors

    if kind == "hot seat":
        table = services.table_create(
            mode="free",
            user=alice,
            deck=deck_for("vanguard", alice),
            opponent_deck=deck_for("vanguard", alice, which=1),
        )
    else:
        table = services.table_create(
            mode="free", user=alice, deck=deck_for("vanguard", alice), public=kind == "spectator"
        )
        table = services.table_join(user=bob, table=table, deck=deck_for("vanguard", bob, which=1))
    announced = []
    monkeypatch.setattr(realtime, "announce", lambda table_id, seq, news=None: announced.append((seq, news)))
    expected_audiences = {"hot seat": {"12"}, "two players": {"1", "2"}, "spectator": {"1", "2", ""}}[kind]
    viewers = {"1": alice, "2": bob, "12": alice, "": make_user("reviewer", username="watcher")}
    moves = [("mulligan", {"cards": []}, alice, 1), ("mulligan", {"cards": []}, bob, 2)]
    moves += [("note", {"text": "hello"}, alice, None), ("note", {"text": "again"}, bob, None)]
    for n, (move, payload, mover, seat) in enumerate(moves, start=1):
        current = selectors.table_get_for(alice, table.pk)
        services.table_event_append(
            user=alice if table.hot_seat else mover,
            table=current,
            kind=move,
            expected_seq=current.seq,
            payload=payload,
            seat=seat if table.hot_seat else None,
        )
        seq, news = announced[-1]
        assert seq == n and set(news) == expected_audiences
        for key, item in news.items():
            user, stored = viewers[key], Table.objects.get(pk=table.pk)
            read_view = selectors.table_view_for(user, stored)
            assert json.loads(json.dumps(item["view"])) == json.loads(json.dumps(read_view)), key
            assert item["events"] == selectors.table_events_for(user, stored, since=seq - 1), key
    assert len(announced) == len(moves)


def test_a_socket_one_event_behind_sends_the_news_without_reading(client, alice, bob, table, monkeypatch):
    from tables import selectors

    cookie = cookie_of(client, bob)
    reads = []
    real_read = selectors.table_events_for

    def counted(user, table, since=0):
        reads.append(since)
        return real_read(user, table, since=since)

    # The socket's database read (tables/consumers.py, _read) is the one caller of this selector here.
    monkeypatch.setattr(selectors, "table_events_for", counted)

    async def scenario():
        ws = socket(table.pk, cookie)
        assert (await ws.connect())[0]
        await receive(ws)
        await database_sync_to_async(play)(alice, table.pk, "note", text="one")
        one = await receive(ws)
        await database_sync_to_async(play)(alice, table.pk, "note", text="two")
        two = await receive(ws)
        await ws.disconnect()
        return one, two

    one, two = run(scenario)
    assert reads == [0]  # the first read on connect only: both moves came with their news
    assert [e["payload"]["text"] for e in one["events"] + two["events"]] == ["one", "two"]
    assert (one["seq"], two["seq"]) == (1, 2) and two["view"]["seq"] == 2
    assert two["view"]["viewerSeats"] == [2] and not any(hidden_ids(two["view"], 1))


def test_a_socket_that_missed_an_announce_reads_what_it_missed(client, alice, bob, table, monkeypatch):
    cookie = cookie_of(client, bob)
    real_announce = realtime.announce

    async def scenario():
        ws = socket(table.pk, cookie)
        assert (await ws.connect())[0]
        await receive(ws)
        monkeypatch.setattr(realtime, "announce", lambda table_id, seq, news=None: None)
        await database_sync_to_async(play)(alice, table.pk, "note", text="lost")
        monkeypatch.setattr(realtime, "announce", real_announce)
        await database_sync_to_async(play)(alice, table.pk, "note", text="then this")
        caught = await receive(ws)
        assert await ws.receive_nothing(timeout=0.3)
        await ws.disconnect()
        return caught

    caught = run(scenario)
    assert [(e["seq"], e["payload"]["text"]) for e in caught["events"]] == [(1, "lost"), (2, "then this")]
    assert caught["view"]["seq"] == 2


# --- the channel layer: Redis's waits, its failures, the groups' members ------------------------


def test_the_redis_layers_reads_outlast_its_wait_for_a_message():
    """channels-redis waits for a socket's next message with a blocking read of brpop_timeout (5 s);
    redis-py's default read timeout was as long, so an idle socket died at 5 s."""
    from channels_redis.core import RedisChannelLayer
    from redis._defaults import DEFAULT_SOCKET_TIMEOUT

    import studio.settings as studio_settings

    layer = RedisChannelLayer(
        hosts=[studio_settings.CHANNEL_LAYER_HOST | {"address": "redis://cache:6379/3"}]
    )
    timeout = layer.create_pool(0).connection_kwargs.get("socket_timeout", DEFAULT_SOCKET_TIMEOUT)
    assert timeout is not None and timeout > RedisChannelLayer.brpop_timeout


@pytest.mark.slow
def test_on_redis_idle_sockets_outlive_the_layers_wait_receive_a_move_and_leave_the_group(
    redis_layer, client, alice, bob, table
):
    from channels_redis.core import RedisChannelLayer

    # Past one whole blocking wait of the layer: the read that ended it failed at 5 s, and the
    # socket died (its membership of the group left behind).
    idle = RedisChannelLayer.brpop_timeout + 1
    cookies = cookie_of(client, alice), cookie_of(Client(), bob)

    async def scenario():
        layer = get_channel_layer()
        group = realtime.group_name(table.pk)
        redis, key = layer.connection(layer.consistent_hash(group)), layer._group_key(group)
        sockets = [socket(table.pk, cookie) for cookie in cookies]
        for ws in sockets:
            assert (await ws.connect())[0]
            await receive(ws)
        quiet = await asyncio.gather(*(ws.receive_nothing(timeout=idle, interval=0.1) for ws in sockets))
        await database_sync_to_async(play)(alice, table.pk, "note", text="after the quiet")
        moved = [await receive(ws) for ws in sockets]
        members = await redis.zcard(key)
        await asyncio.gather(*(ws.disconnect() for ws in sockets))
        return quiet, moved, members, await redis.zcard(key)

    quiet, moved, members, left = run(scenario)
    assert quiet == [True, True]  # neither a close nor anything else
    assert [[e["payload"]["text"] for e in m["events"]] for m in moved] == [["after the quiet"]] * 2
    assert (members, left) == (2, 0)


def failing_receive(layer, fail: asyncio.Event):
    """The layer's receive, until ``fail`` is set: then it fails as Redis's did."""
    from redis.exceptions import TimeoutError as RedisTimeout

    real = layer.receive

    async def receive(channel):
        message = asyncio.ensure_future(real(channel))
        failing = asyncio.ensure_future(fail.wait())
        done, pending = await asyncio.wait({message, failing}, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        if message in done:
            return message.result()
        raise RedisTimeout("Timeout reading from 127.0.0.1:6379")

    return receive


def test_a_failing_layer_closes_the_socket_with_4503_leaves_the_group_and_logs_once(
    client, alice, table, caplog, monkeypatch
):
    monkeypatch.setattr(consumers, "_last_layer_warning", [float("-inf")])
    cookie = cookie_of(client, alice)

    async def scenario():
        layer = get_channel_layer()
        fail = asyncio.Event()
        layer.receive = failing_receive(layer, fail)
        group = realtime.group_name(table.pk)
        one, two = socket(table.pk, cookie), socket(table.pk, cookie)
        for ws in (one, two):
            assert (await ws.connect())[0]
            await receive(ws)
        members = len(layer.groups.get(group, {}))
        fail.set()
        closed = [await one.receive_output(timeout=5), await two.receive_output(timeout=5)]
        left = len(layer.groups.get(group, {}))
        await one.disconnect(), await two.disconnect()
        return members, closed, left

    with caplog.at_level(logging.DEBUG, logger="tables.consumers"):
        members, closed, left = run(scenario)
    assert members == 2 and left == 0
    assert closed == [{"type": "websocket.close", "code": 4503}] * 2
    warnings = [r for r in caplog.records if r.name == "tables.consumers" and r.levelno == logging.WARNING]
    assert len(warnings) == 1 and "the channel layer failed (receive" in warnings[0].getMessage()
    assert warnings[0].exc_info and "Timeout reading" in str(warnings[0].exc_info[1])


def test_an_unreachable_layer_sends_the_table_then_closes_with_4503(client, alice, table, settings, caplog):
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [UNREACHABLE_REDIS]},
        }
    }
    play(alice, table.pk, "note", text="before")
    cookie = cookie_of(client, alice)

    async def scenario():
        ws = socket(table.pk, cookie)
        connected, _ = await ws.connect()
        first = await receive(ws)
        closed = await ws.receive_output(timeout=5)
        await ws.disconnect()
        return connected, first, closed

    connected, first, closed = run(scenario)
    assert connected and first["type"] == "update" and first["view"]["seq"] == 1
    assert [e["payload"]["text"] for e in first["events"]] == ["before"]
    assert closed == {"type": "websocket.close", "code": 4503}


def test_a_socket_that_ends_in_an_error_leaves_its_group(client, alice, table, monkeypatch):
    cookie = cookie_of(client, alice)

    async def scenario():
        layer = get_channel_layer()
        ws = socket(table.pk, cookie)
        assert (await ws.connect())[0]
        await receive(ws)
        joined = len(layer.groups.get(realtime.group_name(table.pk), {}))

        async def broken(self, since):
            raise RuntimeError("the database went away")

        monkeypatch.setattr(consumers.TableConsumer, "_read", broken)
        await ws.send_to(text_data=json.dumps({"type": "ping"}))
        # The application ends in the error, and says nothing before it (receive_output raised it
        # only once its 5 s were out: the error does not wake a wait for a message).
        with pytest.raises(RuntimeError):
            await asyncio.wait_for(ws.future, 5)
        assert ws.output_queue.empty()
        return joined, len(layer.groups.get(realtime.group_name(table.pk), {}))

    assert run(scenario) == (1, 0)


def test_a_socket_renews_its_membership_before_the_group_expires(client, alice, table, settings):
    settings.CHANNEL_LAYERS = {
        "default": {"BACKEND": "channels.layers.InMemoryChannelLayer", "CONFIG": {"group_expiry": 1}}
    }
    cookie = cookie_of(client, alice)

    async def scenario():
        ws = socket(table.pk, cookie)
        assert (await ws.connect())[0]
        await receive(ws)
        await asyncio.sleep(1.5)  # longer than the group's expiry: a member that never renewed is gone
        await database_sync_to_async(play)(alice, table.pk, "note", text="still there")
        moved = await receive(ws)
        await ws.disconnect()
        return moved

    assert [e["payload"]["text"] for e in run(scenario)["events"]] == ["still there"]
