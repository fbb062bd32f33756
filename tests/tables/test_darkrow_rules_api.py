"""Darkrow in rules mode through the API, two users at one table (seed 000; rules/games/darkrow/moves.py):
each plays only the intents it is offered, every intent names only cards its user sees, a Leader
attack takes a Life into its owner's hand, and a move the rules refuse changes nothing."""

from __future__ import annotations

import pytest

from tables.models import Table

from .play import post, view, zone

pytestmark = pytest.mark.django_db


def intents(client, table_id: int) -> list[dict]:
    response = client.get(f"/api/tables/{table_id}/intents/")
    assert response.status_code == 200, response.content
    return response.json()["intents"]


def send(client, table_id: int, intent: dict) -> None:
    seq = view(client, table_id)["seq"]
    payload = {k: v for k, v in intent.items() if k not in ("kind", "label")}
    response = post(client, table_id, intent["kind"], seq, **payload)
    assert response.status_code == 201, response.content


def seen_by(data: dict, seat: int) -> set[str]:
    """The instances the view of ``seat`` names: its hand and the field's public cards."""
    names = set()
    for index, seat_view in enumerate(data["seats"], start=1):
        for key in ("leader", "units", "place", *(["hand"] if index == seat else [])):
            names |= {c["instance"] for c in zone(seat_view, key)["cards"]}
    return names


@pytest.fixture
def darkrow_table(api, playtester, opponent, make_deck):
    mine, theirs = api(playtester), api(opponent)
    created = mine.post("/api/tables/", {"deck": make_deck(playtester, "darkrow").pk}, format="json")
    assert created.status_code == 201, created.content
    body = created.json()
    assert body["mode"] == "rules" and body["rulesVersion"] == "darkrow-2"
    joined = theirs.post(
        "/api/tables/join/",
        {"token": body["inviteToken"], "deck": make_deck(opponent, "darkrow", second=True).pk},
        format="json",
    )
    assert joined.status_code == 200, joined.content
    return {1: mine, 2: theirs}, body["id"]


def test_two_users_play_darkrow_by_the_rules_until_a_leader_attack_takes_a_life(darkrow_table):
    clients, table_id = darkrow_table
    attacked = None
    for _ in range(400):
        data = {seat: view(client, table_id) for seat, client in clients.items()}
        if attacked is not None and data[attacked]["seats"][attacked - 1] is not None:
            life = zone(data[attacked]["seats"][attacked - 1], "life")["count"]
            if life < 5:
                break
        offered = {seat: intents(client, table_id) for seat, client in clients.items()}
        for seat in (1, 2):
            seen = seen_by(data[seat], seat)
            for intent in offered[seat]:
                named = {intent[k] for k in ("instance", "target") if k in intent} | set(
                    intent.get("cards", [])
                )
                assert named <= seen, (intent, "names a card its user does not see")
        # Who acts: the defender answering an attack, else a seat with a setup decision, else the active one.
        pick = None
        for seat in (1, 2):
            for wanted in ("noBlock", "first", "mulligan", "attack", "deploy"):
                choices = [i for i in offered[seat] if i["kind"] == wanted]
                if wanted == "mulligan":
                    choices = [i for i in choices if not i["cards"]]
                if wanted == "first":
                    choices = choices[:1]
                if choices:
                    pick = pick or (seat, choices[0])
        if pick is None:
            active = data[1]["turn"]["seat"]
            kinds = {i["kind"]: i for i in offered[active]}
            pick = (active, kinds.get("step") or kinds.get("endTurn") or kinds["discard"])
        seat, intent = pick
        if intent["kind"] == "attack":
            attacked = 3 - seat
            assert intent["label"].startswith("Attack") and "→" in intent["label"]
        send(clients[seat], table_id, intent)
    else:
        pytest.fail("no Leader attack took a Life")
    defender = view(clients[attacked], table_id)["seats"][attacked - 1]
    assert zone(defender, "life")["count"] == 4 and zone(defender, "hand")["count"] >= 6
    events = clients[3 - attacked].get(f"/api/tables/{table_id}/events/").json()
    kinds = [e["kind"] for e in events["events"]] if isinstance(events, dict) else [e["kind"] for e in events]
    assert "attack" in kinds and "deploy" in kinds
    # The attacker's view shows its units' ATK/PV (Toyama Kazuha 4/3, Vodka 6/6).
    attacker_view = view(clients[3 - attacked], table_id)
    units = zone(attacker_view["seats"][2 - attacked], "units")["cards"]
    assert units and all({"atk", "pv", "damage"} <= set(c) for c in units)
    assert Table.objects.get(pk=table_id).mode == "rules"


def test_a_refused_move_names_its_rule_and_changes_nothing(darkrow_table):
    clients, table_id = darkrow_table
    data = view(clients[1], table_id)
    winner = data["coinWinner"]
    send(
        clients[winner], table_id, next(i for i in intents(clients[winner], table_id) if i["kind"] == "first")
    )
    for seat in (1, 2):
        keep = next(i for i in intents(clients[seat], table_id) if i["kind"] == "mulligan" and not i["cards"])
        send(clients[seat], table_id, keep)
    data = view(clients[1], table_id)
    active = data["turn"]["seat"]
    client = clients[active]
    mine = view(client, table_id)
    leader = zone(mine["seats"][2 - active], "leader")["cards"][0]["instance"]
    hand = zone(mine["seats"][active - 1], "hand")["cards"][0]["instance"]
    response = post(client, table_id, "attack", mine["seq"], instance=hand, target=leader)
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["code"] == "TABLE_WRONG_STEP" and error["params"]["rule"] == "darkrow.free-play"
    response = post(client, table_id, "counter", mine["seq"], key="indicesReady", value=10)
    error = response.json()["errors"][0]
    assert error["code"] == "TABLE_MOVE_NOT_ALLOWED" and error["params"]["rule"] == "darkrow.moves"
    assert view(client, table_id) == mine
