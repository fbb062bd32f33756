"""What no player decides alone, through the API at a table of two users (FORMATS.md v1.3):
no result during the setup, a claimed result the other seat accepts or refuses, an undo the other
seat agrees to, one's own deck searched and its top revealed, and no hidden card named by its
instance. Each: the legal case accepted, the illegal one refused with its code and nothing changed."""

from __future__ import annotations

import pytest

from tables.models import Table, TableEvent

from .play import finish_setup, fix_seed, play, post, view, zone

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(api, playtester, opponent, make_deck):
    """A free vanguard table of two users (the setup not done): their clients and its id."""
    mine, theirs = api(playtester), api(opponent)
    body = mine.post(
        "/api/tables/", {"mode": "free", "deck": make_deck(playtester, "vanguard").pk}, format="json"
    ).json()
    fix_seed(body["id"], 9)
    joined = theirs.post(
        "/api/tables/join/",
        {"token": body["inviteToken"], "deck": make_deck(opponent, "vanguard", second=True).pk},
        format="json",
    )
    assert joined.status_code == 200
    return {1: mine, 2: theirs}, body["id"]


def refused(client, table_id: int, kind: str, code: str, **payload) -> None:
    before = Table.objects.get(pk=table_id)
    events = TableEvent.objects.filter(table_id=table_id).count()
    answer = post(client, table_id, kind, before.seq, **payload)
    assert answer.status_code == 400, answer.content
    assert answer.json()["code"] == code
    after = Table.objects.get(pk=table_id)
    assert (after.seq, after.status, after.winner) == (before.seq, before.status, before.winner)
    assert TableEvent.objects.filter(table_id=table_id).count() == events


def test_no_result_during_the_setup_and_a_claim_is_answered_by_the_other_seat(table):
    clients, table_id = table
    refused(clients[1], table_id, "result", "TABLE_SETUP_PENDING", winner=1)
    finish_setup(clients, table_id)
    play(clients[1], table_id, "result", winner=1)
    data = view(clients[2], table_id)
    assert data["status"] == "playing" and data["claim"] == {"seat": 1, "winner": 1, "reason": "RECORDED"}
    refused(clients[1], table_id, "acceptResult", "TABLE_NO_PROPOSAL")  # not one's own claim
    play(clients[2], table_id, "refuseResult")
    assert view(clients[1], table_id)["claim"] is None
    refused(clients[2], table_id, "acceptResult", "TABLE_NO_PROPOSAL")  # nothing claimed now
    play(clients[2], table_id, "result")  # a draw, claimed
    play(clients[1], table_id, "acceptResult")
    finished = Table.objects.get(pk=table_id)
    assert finished.status == Table.Status.FINISHED and finished.winner is None
    assert finished.result_reason == "DRAW"
    events = clients[1].get(f"/api/tables/{table_id}/events/").json()["events"]
    assert [e["kind"] for e in events[-2:]] == ["result", "acceptResult"]
    assert events[-1]["did"] == [{"what": "result", "winner": None, "reason": "DRAW"}]


def test_a_concession_at_any_time(table):
    clients, table_id = table
    play(clients[2], table_id, "concede")  # during the setup
    finished = Table.objects.get(pk=table_id)
    assert finished.status == Table.Status.FINISHED and finished.winner == 1
    assert finished.result_reason == "CONCEDED"


def test_an_undo_when_the_other_seat_agrees(table):
    clients, table_id = table
    finish_setup(clients, table_id)
    data = view(clients[1], table_id)
    seat = data["turn"]["seat"]
    me, other = clients[seat], clients[3 - seat]
    before = view(me, table_id)
    card = zone(before["seats"][seat - 1], "hand")["cards"][0]["instance"]
    play(me, table_id, "move", instance=card, to="rc1")
    play(me, table_id, "undo")
    asked = view(other, table_id)
    assert asked["undoRequest"] == {"seat": seat, "seq": before["seq"] + 1}
    refused(me, table_id, "acceptUndo", "TABLE_NO_PROPOSAL")
    play(other, table_id, "acceptUndo")
    after = view(me, table_id)
    assert after["seats"] == before["seats"] and after["seq"] == before["seq"] + 3
    refused(me, table_id, "undo", "TABLE_NOTHING_TO_UNDO")  # one event at a time
    # Refused: the move stands.
    play(me, table_id, "move", instance=card, to="rc1")
    play(me, table_id, "undo")
    play(other, table_id, "refuseUndo")
    assert zone(view(other, table_id)["seats"][seat - 1], "rc1")["cards"][0]["instance"] == card


def test_a_hidden_card_is_not_named_and_ones_deck_is_searched_and_revealed(table):
    clients, table_id = table
    finish_setup(clients, table_id)
    seat = view(clients[1], table_id)["turn"]["seat"]
    me, other = clients[seat], clients[3 - seat]
    truth = Table.objects.get(pk=table_id)
    from tables.selectors import table_state

    deck = [c.instance for c in table_state(truth).seats[seat - 1].zones["deck"]]
    # The case: an instance of the hidden deck named, a chosen card from its middle taken.
    refused(me, table_id, "move", "TABLE_CARD_HIDDEN", instance=deck[10], to="hand")
    play(me, table_id, "search", zone="deck")
    shown = zone(view(me, table_id)["seats"][seat - 1], "deck")
    assert sorted(c["instance"] for c in shown["cards"]) == sorted(deck)
    theirs = view(other, table_id)
    assert zone(theirs["seats"][seat - 1], "deck")["cards"] == []
    assert theirs["searching"] == [{"seat": seat, "zone": "deck"}]
    told = other.get(f"/api/tables/{table_id}/events/").json()["events"][-1]
    assert told["kind"] == "search" and told["did"] == [
        {"what": "search", "zone": "deck", "count": len(deck)}
    ]
    play(me, table_id, "move", instance=deck[10], to="hand")  # searching: the searcher takes it
    play(me, table_id, "shuffle", zone="deck")
    play(me, table_id, "reveal", zone="deck", count=2)
    for client in (me, other):
        cards = zone(view(client, table_id)["seats"][seat - 1], "deck")["cards"]
        assert len(cards) == 2 and all(c["stableCardId"] for c in cards)
    refused(me, table_id, "reveal", "TABLE_EVENT_INVALID", zone="deck", count=500)
    refused(other, table_id, "search", "TABLE_UNKNOWN_ZONE", zone="hand")


def test_the_rules_offer_the_same_answers_as_intents(api, playtester, opponent, make_deck):
    """In rules mode (vanguard's default) a result, an undo, a search, the top of the deck, a die and
    a coin are offered moves: a claim's answer only to the other seat; a result during the setup and
    a hand card revealed (not the top of the deck) refused with their rule."""
    mine, theirs = api(playtester), api(opponent)
    body = mine.post("/api/tables/", {"deck": make_deck(playtester, "vanguard").pk}, format="json").json()
    joined = theirs.post(
        "/api/tables/join/",
        {"token": body["inviteToken"], "deck": make_deck(opponent, "vanguard", second=True).pk},
        format="json",
    )
    assert joined.status_code == 200
    clients, table_id = {1: mine, 2: theirs}, body["id"]
    assert view(mine, table_id)["mode"] == "rules"

    def offered(seat: int) -> list[dict]:
        answer = clients[seat].get(f"/api/tables/{table_id}/intents/").json()
        return answer["intents"]

    kinds = {i["kind"] for i in offered(1)}
    assert {"roll", "coin"} <= kinds and "result" not in kinds  # the setup: no result
    refusal = post(mine, table_id, "result", 0, winner=1)
    assert refusal.status_code == 400 and refusal.json()["code"] == "TABLE_SETUP_PENDING"
    finish_setup(clients, table_id)
    seat = view(mine, table_id)["turn"]["seat"]
    other = 3 - seat
    kinds = {i["kind"] for i in offered(seat)}
    assert {"result", "undo", "search", "reveal", "roll", "coin"} <= kinds
    assert "acceptResult" not in kinds
    claim = next(i for i in offered(seat) if i["kind"] == "result" and i.get("winner") == seat)
    assert claim["label"]
    play(clients[seat], table_id, "result", winner=seat)
    assert not any(i["kind"] == "acceptResult" for i in offered(seat))
    answers = [i for i in offered(other) if i["kind"] in ("acceptResult", "refuseResult")]
    assert {i["kind"] for i in answers} == {"acceptResult", "refuseResult"}
    hand = zone(view(clients[seat], table_id)["seats"][seat - 1], "hand")["cards"][0]["instance"]
    refusal = post(clients[seat], table_id, "reveal", view(mine, table_id)["seq"], instance=hand)
    assert refusal.status_code == 400 and refusal.json()["errors"][0]["params"]["rule"] == "table.reveal-top"
    play(clients[other], table_id, "acceptResult")
    finished = Table.objects.get(pk=table_id)
    assert finished.status == Table.Status.FINISHED and finished.winner == seat


def test_a_free_table_of_before_replays_as_it_was_played(table):
    """A free table dealt under free-1 (before this): a deck card named by its instance and a result
    recorded during the setup, as its log holds them, replay to the game it was; a new free table
    records free-2."""
    clients, table_id = table
    stored = Table.objects.get(pk=table_id)
    assert stored.rules_version == "free-2"
    from tables.replay import forget_all
    from tables.selectors import table_state

    deck = [c.instance for c in table_state(stored).seats[0].zones["deck"]]
    Table.objects.filter(pk=table_id).update(rules_version="free-1", seq=4, status="finished", winner=2)
    forget_all()
    for seq, seat, kind, payload in (
        (1, 1, "mulligan", {"cards": []}),
        (2, 2, "mulligan", {"cards": []}),
        (3, 1, "move", {"instance": deck[5], "to": "hand"}),
        (4, 1, "result", {"winner": 2}),
    ):
        TableEvent.objects.create(table_id=table_id, seq=seq, seat=seat, kind=kind, payload=payload)
    data = view(clients[1], table_id)
    assert data["status"] == "finished" and data["result"] == {"winner": 2, "reason": "RECORDED"}
    assert deck[5] in [c["instance"] for c in zone(data["seats"][0], "hand")["cards"]]
