"""Vanguard's turn timer (seed 002, section 1: "Таймер: 90 секунд на ход + банк 5 минут; отсутствие 5
минут — поражение"): kept by the server from its stamps, shown to both players, on at a table of
two users and off at a hot seat unless asked for; a seat that spends its turn and its bank loses
(result TIME), on a read, a move or the periodic task. A frozen clock, no sleeping."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from tables import services, tasks
from tables.models import Table, TableEvent

from .bots import create_table
from .play import post, view

pytestmark = pytest.mark.django_db

START = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)


@pytest.fixture
def clock(monkeypatch):
    """The server's clock, frozen: ``clock.now`` moves only when a test moves it."""

    class Frozen:
        now = START

        def __call__(self):
            return self.now

        def forward(self, seconds: float) -> None:
            self.now += timedelta(seconds=seconds)

    frozen = Frozen()
    monkeypatch.setattr(timezone, "now", frozen)
    return frozen


@pytest.fixture
def duel(api, playtester, opponent, make_deck, clock):
    """A vanguard table of two users in rules mode, past the setup; (clients, table id)."""
    clients = {1: api(playtester), 2: api(opponent)}
    decks = {1: make_deck(playtester, "vanguard").pk, 2: make_deck(opponent, "vanguard", second=True).pk}
    table_id = create_table(clients, decks)
    for seat in (1, 2):
        response = post(clients[seat], table_id, "mulligan", view(clients[seat], table_id)["seq"], cards=[])
        assert response.status_code == 201, response.content
    return clients, table_id


def test_the_timer_runs_at_a_table_of_two_users_and_both_players_see_both_clocks(duel, clock):
    clients, table_id = duel
    assert Table.objects.get(pk=table_id).timer
    clock.forward(30)
    seen = [view(clients[seat], table_id)["clock"] for seat in (1, 2)]
    assert seen[0] == seen[1]
    active = view(clients[1], table_id)["turn"]["seat"]
    assert seen[0]["active"] == active and seen[0]["turnSeconds"] == 90 and seen[0]["bankSeconds"] == 300
    assert seen[0]["turnLeft"] == 60.0 and seen[0]["banks"] == [300.0, 300.0]
    began = TableEvent.objects.get(table_id=table_id, seq=2).created_at
    assert seen[0]["deadline"] == (began + timedelta(seconds=390)).isoformat()


def test_the_bank_runs_beyond_90_seconds_and_is_kept_for_the_next_turns(duel, clock):
    clients, table_id = duel
    active = view(clients[1], table_id)["turn"]["seat"]
    clock.forward(150)  # 60 s of the bank
    response = post(clients[active], table_id, "endTurn", view(clients[active], table_id)["seq"])
    assert response.status_code == 201, response.content
    clock.forward(10)
    shown = view(clients[1], table_id)["clock"]
    assert shown["active"] == 3 - active and shown["turnLeft"] == 80.0
    assert shown["banks"][active - 1] == 240.0 and shown["banks"][2 - active] == 300.0


def test_a_seat_that_spends_its_turn_and_its_bank_loses_on_time_when_the_table_is_read(duel, clock):
    clients, table_id = duel
    active = view(clients[1], table_id)["turn"]["seat"]
    clock.forward(90 + 299)
    assert view(clients[1], table_id)["status"] == "playing"
    clock.forward(1)
    data = view(clients[2], table_id)
    assert data["status"] == "finished"
    table = Table.objects.get(pk=table_id)
    assert table.winner == 3 - active and table.result_reason == "TIME"
    last = TableEvent.objects.filter(table_id=table_id).latest("seq")
    assert (last.kind, last.seat, last.by) == ("timeout", active, None)
    events = clients[1].get(f"/api/tables/{table_id}/events/", {"since": last.seq - 1}).json()["events"]
    assert events[-1]["did"] == [{"what": "result", "winner": 3 - active, "reason": "TIME"}]
    # The stored game replays to the same end (the page, ?at=N, replaytable, the statistics).
    from tables.replay import forget_all
    from tables.selectors import table_state

    forget_all()
    assert table_state(table).result == (2 - active, "TIME")
    # Idempotent: once over, nothing more is recorded.
    clock.forward(1000)
    assert services.table_clock_check(table) is None
    assert TableEvent.objects.filter(table_id=table_id).count() == last.seq


def test_a_move_after_the_time_ran_out_is_refused_the_game_being_over(duel, clock):
    clients, table_id = duel
    active = view(clients[1], table_id)["turn"]["seat"]
    seq = view(clients[1], table_id)["seq"]
    clock.forward(391)
    response = post(clients[active], table_id, "endTurn", seq)
    assert response.status_code in (400, 409)
    assert Table.objects.get(pk=table_id).result_reason == "TIME"


def test_the_periodic_task_ends_a_silent_table(duel, clock):
    _clients, table_id = duel
    assert settings.CELERY_BEAT_SCHEDULE["tables-check-clocks"]["task"] == tasks.check_clocks.name
    clock.forward(100)
    assert tasks.check_clocks() == {"timedOut": []}
    clock.forward(300)
    assert tasks.check_clocks([table_id]) == {"timedOut": [table_id]}
    assert tasks.check_clocks() == {"timedOut": []}
    assert Table.objects.get(pk=table_id).result_reason == "TIME"


def test_no_player_may_send_a_timeout(duel):
    clients, table_id = duel
    active = view(clients[1], table_id)["turn"]["seat"]
    for seat in (active, 3 - active):
        response = post(clients[seat], table_id, "timeout", view(clients[1], table_id)["seq"])
        assert response.status_code == 400
        assert response.json()["errors"][0]["code"] == "TABLE_EVENT_INVALID"
    assert Table.objects.get(pk=table_id).status == "playing"


def test_off_at_a_hot_seat_unless_asked_for_and_only_where_the_game_has_one(
    api, playtester, make_deck, clock
):
    client = api(playtester)
    first, second = make_deck(playtester, "vanguard"), make_deck(playtester, "vanguard", second=True)
    body = {"deck": first.pk, "opponentDeck": second.pk}
    created = client.post("/api/tables/", body, format="json").json()
    assert created["timer"] is False
    clock.forward(10_000)
    assert view(client, created["id"])["clock"] is None
    asked = client.post("/api/tables/", {**body, "timer": True}, format="json").json()
    assert asked["timer"] is True and Table.objects.get(pk=asked["id"]).timer
    free = client.post("/api/tables/", {**body, "mode": "free", "timer": True}, format="json")
    assert free.status_code == 400 and free.json()["errors"][0]["field"] == "timer"
    duel_deck = make_deck(playtester, "duel")
    refused = client.post("/api/tables/", {"deck": duel_deck.pk, "timer": True}, format="json")
    assert refused.status_code == 400 and refused.json()["errors"][0]["field"] == "timer"
    odd = client.post("/api/tables/", {**body, "timer": "yes"}, format="json")
    assert odd.status_code == 400 and odd.json()["errors"][0]["field"] == "timer"
