"""Tables that play by the rules (FORMATS.md v1.3): the mode, the intents, a refused move changes
nothing, the game's declared moves, the pinned rules version (API and commands)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tables import replay
from tables.models import Table, TableEvent

from .play import post, view, zone

pytestmark = pytest.mark.django_db


@pytest.fixture
def vanguard_table(api, playtester, make_deck):
    """A hot-seat vanguard table in its default mode; (client, table id)."""
    client = api(playtester)
    first, second = make_deck(playtester, "vanguard"), make_deck(playtester, "vanguard", second=True)
    response = client.post(
        "/api/tables/", {"deck": first.pk, "opponentDeck": second.pk, "seed": 11}, format="json"
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["mode"] == "rules" and body["rulesVersion"] == "vanguard-3"
    return client, body["id"]


def intents(client, table_id: int, seat: int | None = None) -> dict:
    response = client.get(f"/api/tables/{table_id}/intents/", {} if seat is None else {"seat": seat})
    assert response.status_code == 200, response.content
    return response.json()


def play_intent(client, table_id: int, intent: dict, seat: int) -> None:
    seq = view(client, table_id)["seq"]
    payload = {k: v for k, v in intent.items() if k not in ("kind", "label")}
    response = post(client, table_id, intent["kind"], seq, seat, **payload)
    assert response.status_code == 201, response.content


def past_setup(client, table_id: int) -> None:
    for seat in (1, 2):
        keep = next(
            i
            for i in intents(client, table_id, seat)["intents"]
            if i["kind"] == "mulligan" and not i["cards"]
        )
        play_intent(client, table_id, keep, seat)


def test_vanguard_defaults_to_rules_and_the_view_says_so(vanguard_table):
    client, table_id = vanguard_table
    data = view(client, table_id)
    assert data["mode"] == "rules" and data["rulesVersion"] == "vanguard-3"
    assert Table.objects.get(pk=table_id).rules_version == "vanguard-3"


def test_the_intents_are_offered_and_each_is_postable_as_is(vanguard_table):
    client, table_id = vanguard_table
    setup = intents(client, table_id, 1)
    assert setup["seat"] == 1 and setup["seq"] == 0
    kinds = {i["kind"] for i in setup["intents"]}
    assert kinds == {"mulligan", "concede", "roll", "coin"}  # the luck is the table's, at any time
    assert all(i["label"] for i in setup["intents"])
    past_setup(client, table_id)
    active = view(client, table_id)["turn"]["seat"]
    offered = intents(client, table_id, active)
    assert offered["seat"] == active
    step = next(i for i in offered["intents"] if i["kind"] == "step")
    play_intent(client, table_id, step, active)  # the Draw step draws once
    data = view(client, table_id)
    assert zone(data["seats"][active - 1], "hand")["count"] == 6
    assert not any(i["kind"] == "draw" for i in intents(client, table_id, active)["intents"])


def test_a_move_not_among_the_intents_is_refused_with_its_rule_and_nothing_changes(vanguard_table):
    client, table_id = vanguard_table
    past_setup(client, table_id)
    data = view(client, table_id)
    active = data["turn"]["seat"]
    before = (data["seq"], TableEvent.objects.filter(table_id=table_id).count())
    response = post(client, table_id, "draw", data["seq"], active, count=1)
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["code"] == "TABLE_MOVE_NOT_ALLOWED" and error["params"]["rule"] == "vanguard.moves"
    # A ride before the ride step: its own rule.
    hand = zone(data["seats"][active - 1], "hand")["cards"]
    response = post(client, table_id, "ride", data["seq"], active, instance=hand[0]["instance"])
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["code"] == "TABLE_WRONG_STEP" and error["params"]["rule"] == "vanguard.ride-step"
    after = view(client, table_id)
    assert (after["seq"], TableEvent.objects.filter(table_id=table_id).count()) == before
    assert after["seats"] == data["seats"]


def test_free_mode_is_a_choice_at_creation(api, playtester, make_deck):
    client = api(playtester)
    deck, other = make_deck(playtester, "vanguard"), make_deck(playtester, "vanguard", second=True)
    body = client.post(
        "/api/tables/", {"deck": deck.pk, "opponentDeck": other.pk, "mode": "free"}, format="json"
    ).json()
    assert body["mode"] == "free" and body["rulesVersion"] == "free-2"
    assert view(client, body["id"])["mode"] == "free"


def _without_rules() -> str | None:
    """A game of the seeds that has no rules mode yet (None: every game has one)."""
    from rules import registry

    from .conftest import GAMES

    return next((game for game in GAMES if not registry.get(game).has_rules_mode()), None)


@pytest.mark.parametrize(("game", "mode"), [(None, "rules"), ("vanguard", "chaos"), ("vanguard", 3)])
def test_a_mode_the_game_has_not_is_refused(api, playtester, make_deck, game, mode):
    game = game or _without_rules()
    if game is None:
        pytest.skip("every game has its rules mode")
    client = api(playtester)
    response = client.post(
        "/api/tables/", {"deck": make_deck(playtester, game).pk, "mode": mode}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "mode"
    assert not Table.objects.exists()


def test_a_game_without_moves_keeps_the_free_table(api, playtester, make_deck):
    game = _without_rules()
    if game is None:
        pytest.skip("every game has its rules mode")
    client = api(playtester)
    body = client.post("/api/tables/", {"deck": make_deck(playtester, game).pk}, format="json").json()
    assert body["mode"] == "free" and body["rulesVersion"] == "free-2"


def test_the_rules_of_a_game(api, playtester):
    client = api(playtester)
    data = client.get("/api/tables/rules/vanguard/").json()
    assert data["game"] == "vanguard" and data["rulesVersion"] == "vanguard-3"
    kinds = [m["kind"] for m in data["moves"]]
    assert {"ride", "call", "moveUnit", "step", "endTurn", "mulligan", "concede"} <= set(kinds)
    assert {"attack", "guard", "intercept", "endGuard", "driveCheck", "trigger", "damageCheck"} <= set(kinds)
    assert "counterBlast" in kinds and "draw" not in kinds
    ride = next(m for m in data["moves"] if m["kind"] == "ride")
    assert ride["label"] and ride["params"][0]["key"] == "instance"
    duel = client.get("/api/tables/rules/duel/").json()
    assert duel["rulesVersion"] == "duel-1"
    kinds = {m["kind"] for m in duel["moves"]}
    assert {"summon", "flipSummon", "position", "attack", "resolveAttack", "setTrap", "option"} <= kinds
    assert "draw" not in kinds and "move" not in kinds
    game = _without_rules()
    if game is not None:
        assert client.get(f"/api/tables/rules/{game}/").json() == {
            "game": game,
            "moves": [],
            "rulesVersion": "free-2",
        }
    assert client.get("/api/tables/rules/nogame/").status_code == 404


def test_the_intents_of_a_spectator_or_a_waiting_table_are_empty(api, playtester, opponent, make_deck):
    mine = api(playtester)
    body = mine.post("/api/tables/", {"deck": make_deck(playtester, "vanguard").pk}, format="json").json()
    assert intents(mine, body["id"]) == {"seq": 0, "seat": None, "intents": []}


def test_a_table_dealt_under_unknown_rules_is_never_replayed(vanguard_table):
    client, table_id = vanguard_table
    past_setup(client, table_id)
    Table.objects.filter(pk=table_id).update(rules_version="vanguard-0")

    replay.forget_all()
    for query in ({}, {"at": 1}):
        response = client.get(f"/api/tables/{table_id}/", query)
        assert response.status_code == 400
        error = response.json()["errors"][0]
        assert error["code"] == "TABLE_RULES_UNKNOWN" and error["params"]["rulesVersion"] == "vanguard-0"
    with pytest.raises(CommandError, match="TABLE_RULES_UNKNOWN"):
        call_command("replaytable", str(table_id), stdout=StringIO())
    Table.objects.filter(pk=table_id).update(status="finished")
    with pytest.raises(CommandError, match="TABLE_RULES_UNKNOWN"):
        call_command("playstats", "--game", "vanguard", "--rebuild", stdout=StringIO())


def test_a_vanguard_2_table_is_replayed_and_played_on_under_vanguard_2_s_own_moves(vanguard_table):
    """vanguard-3 changed the intercept: a table dealt under vanguard-2 keeps vanguard-2's moves
    (GameMoves.previous), in its replay and its next moves; a new table is dealt under vanguard-3."""
    from rules.games.vanguard.moves import MOVES, MOVES_V2
    from tables import selectors

    client, table_id = vanguard_table
    past_setup(client, table_id)
    assert selectors.table_state(Table.objects.get(pk=table_id)).start.moves is MOVES
    Table.objects.filter(pk=table_id).update(rules_version="vanguard-2")
    replay.forget_all()
    table = Table.objects.get(pk=table_id)
    assert selectors.table_state(table).start.moves is MOVES_V2
    assert view(client, table_id)["rulesVersion"] == "vanguard-2"
    intents = client.get(f"/api/tables/{table_id}/intents/").json()["intents"]
    assert intents, "a vanguard-2 table is still played"
    call_command("replaytable", str(table_id), stdout=StringIO())


def test_a_vanguard_1_table_still_replays_under_vanguard_2(vanguard_table):
    """vanguard-2 only adds the Battle's moves: a vanguard-1 log replays the same (GameMoves.replays)."""
    client, table_id = vanguard_table
    past_setup(client, table_id)
    before = view(client, table_id)
    Table.objects.filter(pk=table_id).update(rules_version="vanguard-1")

    replay.forget_all()
    after = view(client, table_id)
    assert after["rulesVersion"] == "vanguard-1" and after["seats"] == before["seats"]
    assert view(client, table_id, at=1)["seq"] == 1
    call_command("replaytable", str(table_id), stdout=StringIO())


PRIORITY = ("trigger", "damageCheck", "driveCheck", "attack", "guard", "endGuard", "ride", "call", "step")


def test_two_users_play_a_battle_through_the_api(api, playtester, opponent, make_deck):
    """Two users, each at their own seat, play the offered intents: an attack, a guard, the drive
    check, the damage check; the damage card is public, the stats are on the cards."""
    mine, theirs = api(playtester), api(opponent)
    body = mine.post("/api/tables/", {"deck": make_deck(playtester, "vanguard").pk}, format="json").json()
    joined = theirs.post(
        "/api/tables/join/",
        {"token": body["inviteToken"], "deck": make_deck(opponent, "vanguard", second=True).pk},
        format="json",
    )
    assert joined.status_code == 200, joined.content
    table_id, clients = body["id"], {1: mine, 2: theirs}
    for seat in (1, 2):
        keep = next(
            i
            for i in intents(clients[seat], table_id)["intents"]
            if i["kind"] == "mulligan" and not i["cards"]
        )
        play_intent(clients[seat], table_id, keep, seat)
    played: list[str] = []
    guarded = False
    for _ in range(400):
        data = view(mine, table_id)
        if {"attack", "guard", "driveCheck", "damageCheck"} <= set(played) and "battle" not in data[
            "turnState"
        ]:
            break
        offered = {seat: intents(clients[seat], table_id)["intents"] for seat in (1, 2)}
        for seat in (1, 2):  # a seat's intents name only the cards its own view shows
            seen = {
                c.get("instance")
                for s in view(clients[seat], table_id)["seats"]
                for z in s["zones"]
                for c in z["cards"]
            }
            for intent in offered[seat]:
                named = {intent.get(k) for k in ("instance", "discard", "heal")} | set(
                    intent.get("cards", [])
                )
                assert named - {None} <= seen, intent
        choice = None
        for kind in PRIORITY:
            for seat in (1, 2):
                found = [i for i in offered[seat] if i["kind"] == kind]
                if kind == "guard" and guarded:
                    found = []
                if kind == "endGuard" and not guarded and any(i["kind"] == "guard" for i in offered[seat]):
                    found = []
                if kind == "call":  # one unit to the front row, the rest of the hand kept to guard
                    found = [
                        i
                        for i in found
                        if i["to"] == "rc3" and not zone(data["seats"][seat - 1], "rc3")["count"]
                    ]
                if found:
                    choice = (seat, found[0])
                    break
            if choice:
                break
        if choice is None:
            active = data["turn"]["seat"]
            choice = (active, next(i for i in offered[active] if i["kind"] == "endTurn"))
        seat, intent = choice
        if intent["kind"] == "attack":  # its label names the attacker's circle and the target
            assert intent["label"].startswith("Attack ") and "· target: " in intent["label"]
        guarded = guarded or intent["kind"] == "guard"
        play_intent(clients[seat], table_id, intent, seat)
        played.append(intent["kind"])
    assert {"attack", "guard", "driveCheck", "damageCheck"} <= set(played), " ".join(played)
    for client in (mine, theirs):
        data = view(client, table_id)
        damaged = next(s for s in data["seats"] if zone(s, "damage")["count"])
        card = zone(damaged, "damage")["cards"][0]
        assert card["instance"] and not card["faceDown"]  # "Урон входит лицом вверх", seen by both
        vc = zone(data["seats"][0], "vc")["cards"][-1]
        assert set(vc["stats"]) == {"power", "critical", "shield"}
    events = mine.get(f"/api/tables/{table_id}/events/").json()
    kinds = [e["kind"] for e in (events["events"] if isinstance(events, dict) else events)]
    assert "attack" in kinds and "damageCheck" in kinds


def test_listing_the_intents_reads_the_table_in_a_fixed_number_of_queries(
    vanguard_table, django_assert_num_queries
):
    client, table_id = vanguard_table
    past_setup(client, table_id)

    replay.forget_all()  # a cold cache: the events are read and replayed
    with django_assert_num_queries(QUERIES):
        intents(client, table_id)
    with django_assert_num_queries(QUERIES - 1):  # the state the first read kept: no event read
        intents(client, table_id)


# The user (token auth), the table with its seats (one query), its events: whatever the number of
# events. (3 before the table was read from its seats.)
QUERIES = 2
