"""Hidden information stays on the server: through GET view, GET events and the export, for every
zone of every game, a seat never receives a card it may not see (no instance, stable id, name,
version or face URL): the opponent's hand, both decks' order, face-down cards, Life.

Two players play a few turns of each game through the API, putting cards into every zone of
the table face up and face down. The truth (the whole state, replayed from the stored events)
then says which instances each seat may know: a card in a hidden zone, in the other player's
private zone, or face down on the other side, unless revealed. The rule is written out here,
independently of rules.tables.views.
"""

from __future__ import annotations

from typing import Any

import pytest

from cards import demo
from rules import registry
from rules.tables import apply
from tables.models import Table, TableEvent
from tables.selectors import dealt_state, table_state
from tests.rules.tables.hidden import assert_no_leak, known_to

from .conftest import GAMES
from .play import finish_setup, fix_seed, post, view, zone

pytestmark = pytest.mark.django_db


class Mover:
    """A seat that plays from the answers to its moves (the table's seq, its view), as the table page
    does: no read of the table before each move."""

    def __init__(self, client, table_id: int, seat: int):
        self.client, self.table_id, self.seat = client, table_id, seat
        self.view = view(client, table_id)
        self.seq = self.view["seq"]

    def __call__(self, kind: str, **body):
        answer = post(self.client, self.table_id, kind, self.seq, **body)
        if answer.status_code == 201:
            self.seq, self.view = answer.json()["seq"], answer.json()["view"]
        return answer

    def hand(self) -> list[dict[str, Any]]:
        return zone(self.view["seats"][self.seat - 1], "hand")["cards"]


def populate(clients: dict[int, Any], table_id: int, game: str) -> None:
    """Each seat, on its turn, puts cards into every zone: from its deck face up and face down, from its hand."""
    spec = registry.get(game).table_spec()
    targets = [z.key for z in spec.zones if z.key not in ("deck", "hand")]
    for _turn in range(2):
        seat = view(clients[1], table_id)["turn"]["seat"]
        client = clients[seat]
        move = Mover(client, table_id, seat)
        hand = move.hand
        for target in targets:
            for extra in ({"from": "deck"}, {"from": "deck", "faceDown": True}, {"from": "hand"}):
                body = dict(extra, to=target)
                if body["from"] == "hand":
                    cards = hand()
                    if not cards:
                        continue
                    body = {"instance": cards[0]["instance"], "to": target}
                answer = move("move", **body)
                assert answer.status_code in (201, 400), answer.content
        # The deck searched (open to its owner only), its top two revealed to both, then shuffled once the
        # view is read (the test reads every state: the search's and the reveal's are among them).
        for kind, extra in (("search", {"zone": "deck"}), ("reveal", {"zone": "deck", "count": 2})):
            answer = move(kind, **extra)
            assert answer.status_code == 201, answer.content
        mine = view(client, table_id)["seats"][seat - 1]
        assert len(zone(mine, "deck")["cards"]) == zone(mine, "deck")["count"]  # searching: all of it
        other = view(clients[3 - seat], table_id)["seats"][seat - 1]
        assert len(zone(other, "deck")["cards"]) == 2  # the other seat: the two revealed only
        assert move("shuffle", zone="deck").status_code == 201
        # Cards drawn into the hand (the other seat sees their count), one of them shown to the other player.
        assert move("draw", count=3).status_code == 201
        answer = move("reveal", instance=hand()[-1]["instance"])
        assert answer.status_code == 201, answer.content
        answer = move("endTurn")
        if answer.status_code == 400:  # darkrow's hand of 10: discard down to it first
            for card in hand()[10:]:
                move("move", instance=card["instance"], to="discard")
            answer = move("endTurn")
        assert answer.status_code == 201, answer.content


@pytest.fixture
def played(api, playtester, opponent, make_deck):
    def play_game(game: str):
        mine, theirs = api(playtester), api(opponent)
        body = mine.post(
            "/api/tables/", {"mode": "free", "deck": make_deck(playtester, game).pk}, format="json"
        ).json()
        fix_seed(body["id"], 3)
        joined = theirs.post(
            "/api/tables/join/",
            {"token": body["inviteToken"], "deck": make_deck(opponent, game, second=True).pk},
            format="json",
        )
        assert joined.status_code == 200
        # The demo translations too: a card's translated names go only with the cards a seat may see.
        demo.load_translations()
        clients = {1: mine, 2: theirs}
        finish_setup(clients, body["id"])
        populate(clients, body["id"], game)
        return clients, Table.objects.get(pk=body["id"])

    return play_game


@pytest.mark.parametrize("game", GAMES)
def test_no_seat_receives_a_card_it_may_not_see(game, played):
    clients, table = played(game)
    state = table_state(table)
    every = set(state.start.instances)
    # Every zone of the game held cards during the game (so that each zone's rule was tried).
    events = list(
        TableEvent.objects.filter(table=table).order_by("seq").values_list("seq", "seat", "kind", "payload")
    )
    from rules.tables import Event

    step = dealt_state(table)
    states = [step]
    for seq, seat, kind, payload in events:
        step = apply(step, Event(seq, seat - 1, kind, payload)).state
        states.append(step)
    held = {key for s in states for current in s.seats for key, cards in current.zones.items() if cards}
    held |= {key for s in states for key, pairs in s.shared.items() if pairs}
    assert held == {z.key for z in state.spec.zones}, sorted({z.key for z in state.spec.zones} - held)
    hidden_somewhere = False
    for seat, client in clients.items():
        known_now = known_to(state, seat - 1)
        known_ever = set().union(*(known_to(s, seat - 1) for s in states))
        hidden_somewhere |= bool(every - known_now)
        assert_no_leak(view(client, table.pk), known_now, every, f"seat {seat} view")
        middle = len(states) // 2
        assert_no_leak(
            view(client, table.pk, at=middle), known_to(states[middle], seat - 1), every, f"seat {seat} at"
        )
        feed = client.get(f"/api/tables/{table.pk}/events/").json()
        assert_no_leak(feed, known_ever, every, f"seat {seat} events")
        assert_no_leak(
            client.get(f"/api/tables/{table.pk}/events/export/").json(), known_ever, every, "export"
        )
        # The other seat's hand: its count, never its cards (but for the one revealed).
        other = view(client, table.pk)["seats"][2 - seat]
        hand = zone(other, "hand")
        assert hand["count"] > 0 and len(hand["cards"]) <= 1
    assert hidden_somewhere


def test_a_spectator_sees_only_public_zones(api, make_user, playtester, make_deck):
    client = api(playtester)
    created = client.post(
        "/api/tables/",
        {
            "mode": "free",
            "deck": make_deck(playtester, "darkrow").pk,
            "opponentDeck": make_deck(playtester, "darkrow", second=True).pk,
            "public": True,
            "seed": 1,
        },
        format="json",
    ).json()
    finish_setup({1: client, 2: client}, created["id"])
    watcher = api(make_user("playtester", username="wanda"))
    table = Table.objects.get(pk=created["id"])
    state = table_state(table)
    every = set(state.start.instances)
    known = known_to(state, -1)
    assert_no_leak(view(watcher, table.pk), known, every, "spectator view")
    assert_no_leak(watcher.get(f"/api/tables/{table.pk}/events/").json(), known, every, "spectator events")
    data = view(watcher, table.pk)
    for seat in data["seats"]:
        assert zone(seat, "life")["count"] == 5 and zone(seat, "life")["cards"] == []
        assert zone(seat, "leader")["cards"][0]["stableCardId"]  # the active Leader is public
