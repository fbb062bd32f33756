"""A move's answer (POST /api/tables/{id}/events/): the mover's event, new view and intents, the
same as the reads the mover's page made after it before (issue 42, item 2), in a fixed number of
queries; the refusals as the studio's error types, with their code and the table's seq."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tables import replay
from tables.models import Table, TableEvent

from .play import fix_seed, post, view, zone

pytestmark = pytest.mark.django_db


@pytest.fixture
def rules_table(api, playtester, opponent, make_deck):
    """A vanguard table of two users in rules mode (its turn timer on, the default), past the setup:
    their clients, its id."""
    mine, theirs = api(playtester), api(opponent)
    body = mine.post("/api/tables/", {"deck": make_deck(playtester, "vanguard").pk}, format="json").json()
    fix_seed(body["id"], 11)
    joined = theirs.post(
        "/api/tables/join/",
        {"token": body["inviteToken"], "deck": make_deck(opponent, "vanguard", second=True).pk},
        format="json",
    )
    assert joined.status_code == 200, joined.content
    clients = {1: mine, 2: theirs}
    for client in clients.values():
        assert (
            post(client, body["id"], "mulligan", view(client, body["id"])["seq"], cards=[]).status_code == 201
        )
    assert view(mine, body["id"])["status"] == "playing"
    return clients, body["id"]


def _intents(client, table_id: int) -> dict:
    response = client.get(f"/api/tables/{table_id}/intents/")
    assert response.status_code == 200, response.content
    return response.json()


def _mover(clients, table_id: int):
    seat = view(clients[1], table_id)["turn"]["seat"]
    return seat, clients[seat], clients[3 - seat]


def _without_clock(data: dict) -> dict:
    # The clock's seconds left run on between two reads.
    return {k: v for k, v in data.items() if k != "clock"}


def test_a_move_answers_with_what_the_movers_page_would_read_next(rules_table):
    clients, table_id = rules_table
    seat, mover, _other = _mover(clients, table_id)
    offered = _intents(mover, table_id)
    intent = next(i for i in offered["intents"] if i["kind"] == "step")
    payload = {k: v for k, v in intent.items() if k not in ("kind", "label")}
    response = post(mover, table_id, "step", offered["seq"], **payload)
    assert response.status_code == 201, response.content
    answer = response.json()
    assert answer["seq"] == offered["seq"] + 1 == answer["view"]["seq"]
    # The same as the page's reads after it (which it no longer makes).
    assert _without_clock(answer["view"]) == _without_clock(view(mover, table_id))
    assert answer["view"]["clock"] is not None and answer["view"]["clock"]["active"] == seat
    since = mover.get(f"/api/tables/{table_id}/events/", {"since": offered["seq"]}).json()["events"]
    assert answer["events"] == since and [e["kind"] for e in since] == ["step"]
    assert answer["intents"] == _intents(mover, table_id)
    assert answer["intents"]["seat"] == seat and answer["intents"]["intents"]


def test_the_answer_hides_what_the_mover_may_not_see(rules_table):
    clients, table_id = rules_table
    seat, mover, _other = _mover(clients, table_id)
    seq = view(mover, table_id)["seq"]
    answer = post(mover, table_id, "step", seq).json()
    theirs = zone(answer["view"]["seats"][2 - seat], "hand")
    assert theirs["count"] == 5 and not any(c.get("stableCardId") or c.get("name") for c in theirs["cards"])
    assert zone(answer["view"]["seats"][seat - 1], "hand")["cards"][0]["stableCardId"]
    assert answer["view"]["viewerSeats"] == [seat]


def test_a_free_table_answers_without_intents(api, playtester, make_deck):
    client = api(playtester)
    first, second = make_deck(playtester, "duel"), make_deck(playtester, "duel", second=True)
    body = client.post(
        "/api/tables/",
        {"mode": "free", "deck": first.pk, "opponentDeck": second.pk, "seed": 3},
        format="json",
    ).json()
    answer = post(client, body["id"], "note", 0, seat=1, text="hello").json()
    assert answer["intents"] is None and answer["events"][0]["kind"] == "note"
    assert answer["view"] == view(client, body["id"])


def _statements(client, table_id: int, *, cold: bool = False) -> list[str]:
    """The SQL statements a move's POST makes (not the transactions' BEGIN and COMMIT, which SQLite
    reports and PostgreSQL does not)."""
    seq = view(client, table_id)["seq"]
    if cold:
        replay.forget_all()  # a process that never saw the table (another web worker)
    with CaptureQueriesContext(connection) as captured:
        response = post(client, table_id, "note", seq, text="counted")
    assert response.status_code == 201, response.content
    statements = [q["sql"] for q in captured.captured_queries]
    return [q for q in statements if q.split()[0].upper() in ("SELECT", "INSERT", "UPDATE", "DELETE")]


@pytest.mark.django_db(transaction=True)
def test_a_move_posts_in_a_fixed_number_of_queries(rules_table):
    """Pinned, as the server runs (no test transaction around the request: a read keeps the state it
    replays, the move's news are worked out once it commits): the table with its seats (1); the
    clock's check: the events since the state kept (1, none when this process kept the table's state
    at its seq) and the times of the turns' first events (1, none when this process kept them: an
    event's time never changes); the table locked, the event stored, the table updated (3); the news
    of the move for each audience: the translated names of the cards they name (1; the clock's times
    were read by the check). The answer is the mover's news: no query. Whatever the number of
    events."""
    clients, table_id = rules_table
    _seat, mover, _ = _mover(clients, table_id)
    cold = _statements(mover, table_id, cold=True)
    warm = _statements(mover, table_id)  # its state kept by the move
    assert len(cold) == COLD, cold
    assert len(warm) == WARM == COLD - 2, warm
    assert (
        sum(
            q.startswith('SELECT "tables_tableevent"."seq" AS "seq", "tables_tableevent"."seat"')
            for q in cold
        )
        == 1
    )
    # Ten more events: the same count.
    for _ in range(10):
        post(mover, table_id, "note", Table.objects.get(pk=table_id).seq, text="more")
    assert len(_statements(mover, table_id)) == WARM
    assert len(_statements(mover, table_id, cold=True)) == COLD


# (8 and 6 before the table was read from its seats in one query.)
COLD, WARM = 7, 5


def test_a_move_post_made_the_readers_queries_of_before_unneeded(
    rules_table, django_capture_on_commit_callbacks
):
    """Before, the mover's page read its view, the events and its intents again after each move: three
    requests, as many queries as a warm move (WARM) that its answer spares: the table with its seats
    for each (3), the translated names of the cards the view names (1), the events (1; the events
    name no card here). (8 before the table was read from its seats in one query, when the test
    asked for more than a warm move's.)"""
    clients, table_id = rules_table
    _, mover, _ = _mover(clients, table_id)
    with CaptureQueriesContext(connection) as reads:
        view(mover, table_id)
        mover.get(f"/api/tables/{table_id}/events/", {"since": 0})
        _intents(mover, table_id)
    assert len(reads) == READS == WARM, [q["sql"][:60] for q in reads.captured_queries]


READS = 5


def test_the_refusals_carry_their_code_and_the_tables_seq(rules_table, api, make_user):
    clients, table_id = rules_table
    _seat, mover, other = _mover(clients, table_id)
    seq = view(mover, table_id)["seq"]
    stale = post(mover, table_id, "step", seq - 1)
    assert stale.status_code == 409
    body = stale.json()
    assert (
        body["code"] == "TABLE_STALE_SEQ"
        and body["seq"] == seq
        and body["errors"][0]["code"] == "TABLE_STALE_SEQ"
    )
    assert body["detail"]
    refused = post(other, table_id, "step", seq)  # not their turn
    assert refused.status_code == 400
    body = refused.json()
    assert body["code"].startswith("TABLE_") and body["seq"] == seq and body["errors"][0]["params"]["rule"]
    Table.objects.filter(pk=table_id).update(public=True)
    watcher = make_user("playtester", username="wendy")
    spectator = api(watcher)
    assert spectator.get(f"/api/tables/{table_id}/").status_code == 200
    forbidden = post(spectator, table_id, "step", seq)
    assert forbidden.status_code == 403 and forbidden.json()["code"] == "TABLE_NOT_SEATED"
    assert TableEvent.objects.filter(table_id=table_id).count() == seq


def test_the_state_cache_keeps_a_few_states_of_a_few_tables():
    class Kept:
        def __init__(self, seq):
            self.seq = seq

    class Row:
        def __init__(self, pk, seq):
            self.pk, self.invite_token, self.seq = pk, f"t{pk}", seq

    cache = replay.StateCache(tables=2, states=2)
    table = Row(1, 5)
    for seq in (1, 3, 5):
        cache.keep(table, Kept(seq))
    assert cache.latest(table).seq == 5 and cache.latest(table, at=4).seq == 3
    assert cache.latest(table, at=2) is None  # seq 1 was dropped: two states a table
    assert cache.latest(Row(1, 3)).seq == 3  # never a state beyond the table's seq as read
    # The events' times, kept by seq: never one beyond the table's seq as read.
    cache.keep_stamps(table, {2: "at 2", 5: "at 5"})
    assert cache.stamps(table, [2, 4, 5]) == {2: "at 2", 5: "at 5"}
    assert cache.stamps(Row(1, 3), [2, 5]) == {2: "at 2"}
    assert cache.stamps(Row(4, 9), [2]) == {}  # another table's
    cache.keep(Row(2, 1), Kept(1))
    cache.keep(Row(3, 1), Kept(1))
    assert len(cache) == 2 and cache.latest(table) is None  # the least recently used table went
    assert cache.stamps(table, [2]) == {}  # with its times
    cache.keep_stamps(Row(2, 1), {1: "at 1"})
    cache.clear()
    assert len(cache) == 0 and cache.stamps(Row(2, 1), [1]) == {}
