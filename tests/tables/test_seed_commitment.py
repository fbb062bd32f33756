"""Randomness no player chooses (FORMATS.md v1.3): at a table of two users the server draws the seed,
shows its commitment from the deal on and reveals it once the game is over; anyone then checks that
the hash was the seed's and replays every shuffle from it. A hot seat keeps the seed its one user gives.
"""

from __future__ import annotations

import hashlib

import pytest

from rules import registry
from rules.tables import deal_table, replay_table, table_view
from tables.models import Table
from tables.selectors import table_events
from tables.snapshot import thaw

from .play import finish_setup, play, post, view, zone

pytestmark = pytest.mark.django_db


def _cards(seat_view: dict) -> dict[str, list[tuple]]:
    """What a seat's view shows of its zones: each zone's count and the cards it names."""
    return {
        z["key"]: [
            z["count"],
            [(c.get("instance"), c.get("stableCardId"), c.get("faceDown")) for c in z["cards"]],
        ]
        for z in seat_view["zones"]
    }


@pytest.fixture
def two_users(api, playtester, opponent, make_deck):
    """A vanguard table the playtester opened (no seed) and the opponent joined; the clients and id."""
    mine, theirs = api(playtester), api(opponent)
    created = mine.post("/api/tables/", {"deck": make_deck(playtester, "vanguard").pk}, format="json")
    assert created.status_code == 201, created.content
    body = created.json()
    waiting = view(mine, body["id"])
    assert waiting["seedHash"] is None and waiting["seed"] is None  # nothing dealt yet
    joined = theirs.post(
        "/api/tables/join/",
        {"token": body["inviteToken"], "deck": make_deck(opponent, "vanguard", second=True).pk},
        format="json",
    )
    assert joined.status_code == 200, joined.content
    return {1: mine, 2: theirs}, body["id"]


def test_a_client_seed_is_refused_at_a_table_of_two_users(api, playtester, make_deck):
    client = api(playtester)
    refused = client.post(
        "/api/tables/", {"deck": make_deck(playtester, "vanguard").pk, "seed": 777}, format="json"
    )
    assert refused.status_code == 400, refused.content
    finding = refused.json()["errors"][0]
    assert finding["code"] == "FIELD_INVALID" and finding["field"] == "seed"
    assert finding["params"]["problemKey"] == "SEED_SERVER_DRAWN"
    assert Table.objects.count() == 0
    # A hot seat (one user at both seats) keeps the seed it is given: its game can be dealt again.
    hot = client.post(
        "/api/tables/",
        {
            "deck": make_deck(playtester, "vanguard").pk,
            "opponentDeck": make_deck(playtester, "vanguard", second=True).pk,
            "seed": 777,
        },
        format="json",
    )
    assert hot.status_code == 201 and Table.objects.get(pk=hot.json()["id"]).seed == 777


def test_the_commitment_shows_from_the_deal_and_the_seed_once_the_game_is_over(two_users):
    clients, table_id = two_users
    dealt = {seat: view(client, table_id) for seat, client in clients.items()}
    commitment = dealt[1]["seedHash"]
    assert len(commitment) == 64 and int(commitment, 16) >= 0
    for seat, client in clients.items():
        assert dealt[seat]["seedHash"] == commitment and dealt[seat]["seed"] is None
        exported = client.get(f"/api/tables/{table_id}/events/export/").json()["table"]
        assert exported["seedHash"] == commitment and exported["seed"] is None
    finish_setup(clients, table_id)
    data = view(clients[1], table_id)
    active = data["turn"]["seat"]
    play(clients[active], table_id, "step")  # the draw step draws
    play(clients[active], table_id, "roll")
    play(clients[active], table_id, "endTurn")
    during = view(clients[2], table_id)
    assert during["seedHash"] == commitment and during["seed"] is None
    assert str(Table.objects.get(pk=table_id).seed) not in str(during) + str(
        clients[2].get(f"/api/tables/{table_id}/events/").json()
    )
    seq = view(clients[2], table_id)["seq"]
    assert post(clients[2], table_id, "concede", seq).status_code == 201

    # The game is over: the seed is revealed to both seats, in the view and the export.
    revealed = {seat: view(client, table_id) for seat, client in clients.items()}
    seed = revealed[1]["seed"]
    assert isinstance(seed, int) and revealed[2]["seed"] == seed and revealed[1]["status"] == "finished"
    for client in clients.values():
        exported = client.get(f"/api/tables/{table_id}/events/export/").json()["table"]
        assert exported["seed"] == seed and exported["seedHash"] == commitment
    # The check anyone can make: the hash shown at the deal is the revealed seed's ...
    assert hashlib.sha256(str(seed).encode()).hexdigest() == commitment
    # ... and the revealed seed deals, card for card, what each seat was dealt.
    table = Table.objects.get(pk=table_id)
    ruleset = registry.get(table.game)
    decks = [thaw(table.game, s.cards) for s in sorted(table.seats.all(), key=lambda s: s.index)]
    again = deal_table(ruleset, seed, decks)
    for seat in (1, 2):
        shown = table_view(again, frozenset({seat - 1}))
        for index in (0, 1):
            assert _cards(shown["seats"][index]) == _cards(dealt[seat]["seats"][index])
        hand = zone(dealt[seat]["seats"][seat - 1], "hand")
        assert hand["count"] == len(hand["cards"]) > 0  # each seat saw its own hand: the seed deals it
    # Every shuffle of the game too: the replay from the revealed seed is the table's end.
    end = replay_table(ruleset, seed, decks, table_events(table))
    for seat in (1, 2):
        shown = table_view(end, frozenset({seat - 1}))
        for index in (0, 1):
            assert _cards(shown["seats"][index]) == _cards(revealed[seat]["seats"][index])
    # Another seed would not: the commitment binds the deal.
    other = table_view(deal_table(ruleset, seed + 1, decks), frozenset({0}))
    assert _cards(other["seats"][0]) != _cards(dealt[1]["seats"][0])
