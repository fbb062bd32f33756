"""The playtest table routes (FORMATS.md v1.2, "Playtest tables"): every game, the errors, the query counts."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tables import replay
from tables.models import Table, TableEvent

from .conftest import GAMES
from .play import finish_setup, fix_seed, play, post, view, zone

pytestmark = pytest.mark.django_db


@pytest.fixture
def hot_seat(api, playtester, make_deck):
    """``hot_seat(game)``: a table where the playtester plays both seats; (client, table id)."""

    def open_table(game: str, seed: int = 11):
        client = api(playtester)
        first, second = make_deck(playtester, game), make_deck(playtester, game, second=True)
        response = client.post(
            "/api/tables/",
            {"mode": "free", "deck": first.pk, "opponentDeck": second.pk, "seed": seed},
            format="json",
        )
        assert response.status_code == 201, response.content
        return client, response.json()["id"]

    return open_table


@pytest.fixture
def two_players(api, playtester, opponent, make_deck):
    """``two_players(game)``: a table the playtester opened and the opponent joined by its link."""

    def open_table(game: str, seed: int = 5):
        mine, theirs = api(playtester), api(opponent)
        created = mine.post(
            "/api/tables/", {"mode": "free", "deck": make_deck(playtester, game).pk}, format="json"
        )
        assert created.status_code == 201, created.content
        body = created.json()
        fix_seed(body["id"], seed)
        assert body["status"] == "waiting" and body["seq"] == 0 and body["inviteToken"]
        joined = theirs.post(
            "/api/tables/join/",
            {"token": body["inviteToken"], "deck": make_deck(opponent, game, second=True).pk},
            format="json",
        )
        assert joined.status_code == 200, joined.content
        return {1: mine, 2: theirs}, body["id"]

    return open_table


@pytest.mark.parametrize("game", GAMES)
def test_a_hot_seat_table_of_every_game_is_dealt_and_played(game, hot_seat):
    client, table_id = hot_seat(game)
    data = view(client, table_id)
    assert data["game"] == game and data["hotSeat"] and data["viewerSeats"] == [1, 2]
    assert data["status"] in ("setup", "playing") and data["seq"] == 0
    for seat in data["seats"]:
        assert {"deck", "hand", "discard"} <= {z["key"] for z in seat["zones"]}
        assert seat["user"] == "paula" and seat["deck"]["name"] and "legal" in seat["verdict"]
        # The viewer holds both seats: both hands are shown, card by card, with their faces.
        hand = zone(seat, "hand")
        assert len(hand["cards"]) == hand["count"]
        assert all(
            c["stableCardId"] and c["face"].endswith(f"/faces/{c['stableCardId']}/v{c['version']}.png")
            for c in hand["cards"]
        )
        # A deck's order is nobody's: its count only.
        assert zone(seat, "deck")["count"] > 0 and zone(seat, "deck")["cards"] == []
    finish_setup({1: client, 2: client}, table_id)
    data = view(client, table_id)
    active = data["turn"]["seat"]
    hand = zone(data["seats"][active - 1], "hand")
    before = hand["count"]
    play(client, table_id, "draw", count=1)
    play(client, table_id, "note", text="Привет, « table » ✓\nsecond line 🂡")
    play(client, table_id, "shuffle", zone="deck")
    card = zone(view(client, table_id)["seats"][active - 1], "hand")["cards"][0]
    play(client, table_id, "move", instance=card["instance"], to="discard")
    after = view(client, table_id)
    assert zone(after["seats"][active - 1], "hand")["count"] == before
    assert card["instance"] in [c["instance"] for c in zone(after["seats"][active - 1], "discard")["cards"]]
    play(client, table_id, "endTurn")
    after = view(client, table_id)
    assert after["turn"]["seat"] == 3 - active and after["turn"]["number"] == data["turn"]["number"] + 1
    events = client.get(f"/api/tables/{table_id}/events/", {"since": 0}).json()["events"]
    assert [e["seq"] for e in events] == list(range(1, after["seq"] + 1))
    assert all(e["at"] and e["kind"] for e in events)
    assert (
        client.get(f"/api/tables/{table_id}/events/", {"since": after["seq"] - 1}).json()["events"][0]["kind"]
        == "endTurn"
    )
    exported = client.get(f"/api/tables/{table_id}/events/export/")
    assert exported.status_code == 200 and "attachment" in exported["Content-Disposition"]
    assert exported.json()["events"] == client.get(f"/api/tables/{table_id}/events/").json()["events"]
    # The seats in their order (the table is read from them, unordered: tables.selectors.table_get_for).
    assert [s["seat"] for s in exported.json()["table"]["seats"]] == [1, 2]
    # Any point of the game, replayed.
    at_zero = view(client, table_id, at=0)
    assert at_zero["seq"] == 0 and at_zero["currentSeq"] == after["seq"] and at_zero["at"] == 0
    assert view(client, table_id, at=after["seq"]) | {"at": None} == after


def test_a_table_waits_then_the_invited_player_joins_by_link(
    api, playtester, opponent, make_deck, two_players
):
    clients, table_id = two_players("vanguard")
    data = view(clients[2], table_id)
    assert data["status"] == "setup" and data["viewerSeats"] == [2]
    assert [s["user"] for s in data["seats"]] == ["paula", "olga"]
    listed = clients[2].get("/api/tables/").json()["results"]
    assert [t["id"] for t in listed] == [table_id] and listed[0]["viewerSeats"] == [2]


def test_a_waiting_table_shows_its_invitation_to_its_creator_only(api, playtester, opponent, make_deck):
    mine = api(playtester)
    body = mine.post(
        "/api/tables/", {"mode": "free", "deck": make_deck(playtester, "duel").pk}, format="json"
    ).json()
    data = view(mine, body["id"])
    assert data["status"] == "waiting" and data["invite"]["token"] == body["inviteToken"]
    assert data["seats"][0]["zones"] == [] and len(data["seats"]) == 1
    # Not invited by name, not public: the table is not the opponent's to see or join by its id.
    theirs = api(opponent)
    assert theirs.get(f"/api/tables/{body['id']}/").status_code == 404
    deck = make_deck(opponent, "duel").pk
    assert theirs.post(f"/api/tables/{body['id']}/join/", {"deck": deck}, format="json").status_code == 404
    # With the link's token, they may.
    joined = theirs.post(
        f"/api/tables/{body['id']}/join/", {"deck": deck, "token": body["inviteToken"]}, format="json"
    )
    assert joined.status_code == 200 and joined.json()["status"] == "playing"
    assert "invite" not in view(mine, body["id"])


def test_the_creator_revokes_and_reissues_the_invitation_link(
    api, playtester, opponent, make_deck, make_user
):
    """Issue 47: a link sent to the wrong person is revoked (it leads nowhere) and a new one issued."""
    mine = api(playtester)
    body = mine.post("/api/tables/", {"deck": make_deck(playtester, "duel").pk}, format="json").json()
    first, url = body["inviteToken"], f"/api/tables/{body['id']}/invitation/"
    revoked = mine.delete(url)
    assert revoked.status_code == 200 and revoked.json() == {"id": body["id"], "inviteToken": None}
    assert view(mine, body["id"])["invite"]["token"] is None
    theirs, deck = api(opponent), make_deck(opponent, "duel").pk
    assert theirs.post("/api/tables/join/", {"token": first, "deck": deck}, format="json").status_code == 404
    by_id = theirs.post(f"/api/tables/{body['id']}/join/", {"token": first, "deck": deck}, format="json")
    assert by_id.status_code == 404
    reissued = mine.post(url)
    second = reissued.json()["inviteToken"]
    assert reissued.status_code == 200 and second and second != first
    assert view(mine, body["id"])["invite"]["token"] == second
    assert theirs.post("/api/tables/join/", {"token": first, "deck": deck}, format="json").status_code == 404
    # Only the creator: a user invited by name sees the table, and may not touch its link.
    table = Table.objects.get(pk=body["id"])
    table.invited = make_user("playtester", username="ivan")
    table.save()
    assert api(table.invited).delete(url).status_code == 403
    assert api(opponent).delete(url).status_code == 404  # not theirs to see
    joined = theirs.post("/api/tables/join/", {"token": second, "deck": deck}, format="json")
    assert joined.status_code == 200
    # Once the two players sit, there is no link to revoke or issue.
    late = mine.post(url)
    assert late.status_code == 409 and late.json()["code"] == "TABLE_NOT_WAITING"
    assert Table.objects.get(pk=body["id"]).invite_token == second


def test_a_user_invited_by_name_sees_and_joins_the_table(api, playtester, opponent, make_deck):
    body = (
        api(playtester)
        .post(
            "/api/tables/",
            {"mode": "free", "deck": make_deck(playtester, "duel").pk, "invite": "olga"},
            format="json",
        )
        .json()
    )
    theirs = api(opponent)
    assert [t["id"] for t in theirs.get("/api/tables/").json()["results"]] == [body["id"]]
    joined = theirs.post(
        f"/api/tables/{body['id']}/join/", {"deck": make_deck(opponent, "duel").pk}, format="json"
    )
    assert joined.status_code == 200
    unknown = api(playtester).post(
        "/api/tables/",
        {"mode": "free", "deck": make_deck(playtester, "duel").pk, "invite": "nobody"},
        format="json",
    )
    assert unknown.status_code == 400 and unknown.json()["errors"][0]["code"] == "UNKNOWN_USER"


def test_joining_with_a_deck_of_another_game_is_refused(api, playtester, opponent, make_deck):
    body = (
        api(playtester)
        .post("/api/tables/", {"mode": "free", "deck": make_deck(playtester, "duel").pk}, format="json")
        .json()
    )
    refused = api(opponent).post(
        "/api/tables/join/",
        {"token": body["inviteToken"], "deck": make_deck(opponent, "vanguard").pk},
        format="json",
    )
    assert refused.status_code == 400
    assert refused.json()["code"] == "TABLE_WRONG_GAME"
    assert Table.objects.get(pk=body["id"]).status == "waiting"
    # Opening a hot seat with decks of two games too.
    hot = api(playtester).post(
        "/api/tables/",
        {
            "mode": "free",
            "deck": make_deck(playtester, "duel").pk,
            "opponentDeck": make_deck(playtester, "chesscards").pk,
        },
        format="json",
    )
    assert hot.status_code == 400 and hot.json()["code"] == "TABLE_WRONG_GAME"


def test_a_player_sits_only_with_their_own_decks(api, playtester, opponent, reviewer, make_deck):
    theirs = make_deck(opponent, "duel")
    for user in (playtester, reviewer):  # the reviewer sees every deck, but plays their own only
        refused = api(user).post("/api/tables/", {"mode": "free", "deck": theirs.pk}, format="json")
        assert refused.status_code == 400 and refused.json()["code"] == "TABLE_DECK_NOT_YOURS"
    for bad in ("12", None, True, -1, 10**30, [1]):
        refused = api(playtester).post("/api/tables/", {"mode": "free", "deck": bad}, format="json")
        assert refused.status_code == 400, bad
    assert Table.objects.count() == 0


def test_a_user_without_a_role_may_not_open_a_table(api, make_user, make_deck, playtester):
    nobody = make_user(username="nemo")
    deck = make_deck(playtester, "duel")
    deck.owner = nobody
    deck.save(update_fields=["owner"])
    assert (
        api(nobody).post("/api/tables/", {"mode": "free", "deck": deck.pk}, format="json").status_code == 403
    )
    assert api().get("/api/tables/").status_code in (401, 403)


def test_a_user_who_is_not_seated_gets_404_everywhere(api, make_user, two_players):
    _clients, table_id = two_players("duel")
    stranger = api(make_user("playtester", username="sam"))
    for url in (
        f"/api/tables/{table_id}/",
        f"/api/tables/{table_id}/events/",
        f"/api/tables/{table_id}/events/export/",
    ):
        assert stranger.get(url).status_code == 404, url
    assert post(stranger, table_id, "draw", 0).status_code == 404
    assert stranger.get("/api/tables/999999/").status_code == 404
    assert stranger.get("/api/tables/").json()["results"] == []


def test_a_move_against_an_old_seq_is_refused_with_the_current_seq(hot_seat):
    client, table_id = hot_seat("duel")
    play(client, table_id, "draw", count=1)
    stale = post(client, table_id, "draw", 0, count=1)
    assert stale.status_code == 409
    body = stale.json()
    assert body["code"] == "TABLE_STALE_SEQ" and body["seq"] == 1 and body["detail"]
    assert TableEvent.objects.filter(table_id=table_id).count() == 1


def test_refused_moves_say_their_code_and_change_nothing(hot_seat):
    client, table_id = hot_seat("vanguard")
    finish_setup({1: client, 2: client}, table_id)
    data = view(client, table_id)
    seq, active = data["seq"], data["turn"]["seat"]
    other = 3 - active
    other_card = zone(data["seats"][other - 1], "hand")["cards"][0]["instance"]
    cases = [
        ({"kind": "move", "instance": other_card, "to": "discard", "seat": active}, "TABLE_NOT_YOUR_CARD"),
        ({"kind": "move", "from": "deck", "to": "nowhere"}, "TABLE_UNKNOWN_ZONE"),
        ({"kind": "move", "from": "deck", "to": "vc", "nested": {"a": [[[]]]}}, "TABLE_EVENT_INVALID"),
        ({"kind": "step", "seat": other}, "TABLE_NOT_YOUR_TURN"),
        ({"kind": "mulligan", "cards": []}, "TABLE_SETUP_DONE"),
        ({"kind": "counter", "key": "nothing", "value": 1}, "TABLE_UNKNOWN_COUNTER"),
        ({"kind": "fly"}, "TABLE_EVENT_INVALID"),
        ({"kind": "draw", "count": 10**6}, "TABLE_EVENT_INVALID"),
        ({"kind": "note", "text": "x" * 20_000}, "TABLE_EVENT_INVALID"),
        ({"kind": "note", "text": "bell \u0007"}, "TABLE_EVENT_INVALID"),
        ({"kind": "note", "text": "\u202egnirts desrever"}, "TABLE_EVENT_INVALID"),
        ({"kind": "draw", "seat": 3}, "TABLE_NOT_YOUR_SEAT"),
        ({"kind": ["draw"]}, "TABLE_EVENT_INVALID"),
    ]
    for body, code in cases:
        answer = client.post(f"/api/tables/{table_id}/events/", {"expectedSeq": seq, **body}, format="json")
        assert answer.status_code == 400, (body, answer.content)
        assert answer.json()["code"] == code, (body, answer.json())
        assert answer.json()["errors"][0]["code"] == code
    # The starting vanguard holds the VC; a second unit there would be a full zone: refused the same way.
    assert view(client, table_id)["seq"] == seq
    assert TableEvent.objects.filter(table_id=table_id).count() == seq
    assert client.post(f"/api/tables/{table_id}/events/", [1, 2], format="json").status_code == 400


def test_a_refusal_is_said_in_the_readers_language(hot_seat):
    client, table_id = hot_seat("duel")
    answer = client.post(
        f"/api/tables/{table_id}/events/",
        {"kind": "move", "from": "deck", "to": "nowhere", "expectedSeq": 0},
        format="json",
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert answer.status_code == 400
    assert "n’est pas une zone de cette table" in answer.json()["detail"]


def test_a_finished_game_refuses_every_move(hot_seat):
    client, table_id = hot_seat("duel")
    play(client, table_id, "concede")
    data = view(client, table_id)
    assert data["status"] == "finished" and data["result"]["reason"] == "CONCEDED" and data["finishedAt"]
    table = Table.objects.get(pk=table_id)
    assert table.status == "finished" and table.winner in (1, 2) and table.result_reason == "CONCEDED"
    refused = post(client, table_id, "draw", data["seq"], count=1)
    assert refused.status_code == 400 and refused.json()["code"] == "TABLE_FINISHED"
    # Still readable and replayable step by step.
    assert view(client, table_id, at=0)["status"] == "playing"


def test_a_waiting_table_takes_no_move(api, playtester, make_deck):
    client = api(playtester)
    body = client.post(
        "/api/tables/", {"mode": "free", "deck": make_deck(playtester, "duel").pk}, format="json"
    ).json()
    refused = post(client, body["id"], "draw", 0)
    assert refused.status_code == 409 and refused.json()["code"] == "TABLE_WAITING"


def test_a_spectator_of_a_public_table_sees_public_zones_and_may_not_play(
    api, make_user, playtester, make_deck
):
    client = api(playtester)
    created = client.post(
        "/api/tables/",
        {
            "mode": "free",
            "deck": make_deck(playtester, "duel").pk,
            "opponentDeck": make_deck(playtester, "duel", second=True).pk,
            "public": True,
        },
        format="json",
    ).json()
    watcher = api(make_user("playtester", username="wanda"))
    assert watcher.get("/api/tables/").json()["results"] == []
    listed = watcher.get("/api/tables/", {"mode": "free", "public": "1"}).json()["results"]
    assert [t["id"] for t in listed] == [created["id"]] and listed[0]["viewerSeats"] == []
    data = view(watcher, created["id"])
    assert data["viewerSeats"] == []
    assert all(zone(s, "hand")["cards"] == [] and zone(s, "hand")["count"] == 5 for s in data["seats"])
    refused = post(watcher, created["id"], "draw", 0)
    assert refused.status_code == 403 and refused.json()["code"] == "TABLE_NOT_SEATED"
    bad = client.post(
        "/api/tables/",
        {"mode": "free", "deck": make_deck(playtester, "duel").pk, "public": "yes"},
        format="json",
    )
    assert bad.status_code == 400


def test_bad_query_parameters_are_refused(hot_seat):
    client, table_id = hot_seat("duel")
    for query in ({"at": 5}, {"at": -1}, {"at": "x"}, {"at": "9" * 40}):
        assert client.get(f"/api/tables/{table_id}/", query).status_code == 400, query
    assert client.get(f"/api/tables/{table_id}/events/", {"since": "x"}).status_code == 400
    # ASCII digits only (issue 47): "０" (fullwidth) and "٠" (Arabic-Indic) are no query numbers
    for written in ("\uff10", "\u0660", "\uff11\uff12", "1_0", "+1"):
        assert client.get(f"/api/tables/{table_id}/", {"at": written}).status_code == 400, written
        answer = client.get(f"/api/tables/{table_id}/events/", {"since": written})
        assert answer.status_code == 400 and answer.json()["errors"][0]["field"] == "since", written
    assert client.get(f"/api/tables/{table_id}/events/", {"since": "0"}).status_code == 200


def _moves(client, table_id: int, count: int) -> None:
    for n in range(count):
        play(client, table_id, "note", text=f"move {n}")


def test_query_counts_do_not_grow_with_the_events(hot_seat, django_capture_on_commit_callbacks):
    """A move, the view and the feed: one query for the events whatever their number (no N+1), in a
    process that never saw the table (cold: another web worker) and in one that keeps its state."""
    client, table_id = hot_seat("duel")
    counts = []
    for total in (2, 12):
        _moves(client, table_id, total - view(client, table_id)["seq"])
        found = {}
        for warmth in ("cold", "warm"):
            cold = warmth == "cold"
            seq = view(client, table_id)["seq"]
            # The move's commit keeps the state it made, as the server does (a test never commits).
            with django_capture_on_commit_callbacks(execute=True):
                move = _queries(cold, 201, post, client, table_id, "note", seq, text="counted")
            found[warmth] = (
                move,
                _queries(cold, None, view, client, table_id),  # view() asks for a 200
                _queries(cold, 200, client.get, f"/api/tables/{table_id}/events/"),
            )
        counts.append(found)
    assert counts[0] == counts[1], counts
    # Pinned: the table and its seats with their users, the events; a move also locks the table,
    # stores the event and updates the table (in a savepoint here; the seats read with the table serve),
    # and answers with the mover's view (+ the translated names of the cards it names: one query).
    # The view and the feed, + the translated names of the cards they name (one query; none for none).
    assert counts[0]["cold"] == (MOVE_QUERIES, VIEW_QUERIES, FEED_QUERIES), counts
    # A process that keeps the table's state at its seq reads no event for a move or a view (the move
    # left its state kept, the view's read keeps it); the feed reads the events it sends.
    assert counts[0]["warm"] == (MOVE_QUERIES - 1, VIEW_QUERIES - 1, FEED_QUERIES), counts


def _queries(cold: bool, status: int | None, request, *args, **kwargs) -> int:
    """The queries ``request(*args, **kwargs)`` makes (every kept state forgotten before, when ``cold``);
    its answer's ``status``."""
    if cold:
        replay.forget_all()
    with CaptureQueriesContext(connection) as captured:
        response = request(*args, **kwargs)
    if status is not None:
        assert response.status_code == status, response.content
    return len(captured)


# (9, 4 and 3 before the table was read from its seats in one query.)
MOVE_QUERIES, VIEW_QUERIES, FEED_QUERIES = 8, 3, 2


def _counts(seat: dict) -> dict[str, int]:
    return {z["key"]: z["count"] for z in seat["zones"]}


def test_the_setup_is_dealt_as_the_contract_says(api, playtester, opponent, two_players):
    """FORMATS.md v1.2: darkrow 5 in hand and 5 face-down Life; vanguard the starting vanguard face
    down and 5 in hand; riftbound 4 in hand, Legend and Champion in play; duel 5; chesscards its board."""
    clients, table_id = two_players("darkrow")
    finish_setup(clients, table_id)
    for seat in view(clients[1], table_id)["seats"]:
        counts = _counts(seat)
        assert counts["life"] == 5 and counts["leader"] == 1
        assert counts["hand"] == 5  # the first player draws nothing on their first turn
    clients, table_id = two_players("vanguard")
    data = view(clients[1], table_id)
    mine, theirs = data["seats"]
    assert _counts(mine)["hand"] == 5 and _counts(mine)["vc"] == 1
    assert zone(mine, "vc")["cards"][0]["faceDown"] is True and zone(mine, "vc")["cards"][0]["name"]
    assert zone(theirs, "vc")["count"] == 1 and "name" not in zone(theirs, "vc")["cards"][0]
    finish_setup(clients, table_id)
    assert zone(view(clients[1], table_id)["seats"][1], "vc")["cards"][0]["faceDown"] is False
    clients, table_id = two_players("riftbound")
    for seat in view(clients[1], table_id)["seats"]:
        counts = _counts(seat)
        assert counts["hand"] == 4 and counts["legend"] == 1 and counts["champion"] == 1
    clients, table_id = two_players("duel")
    assert [_counts(s)["hand"] for s in view(clients[1], table_id)["seats"]] == [5, 5]  # no draw on turn 1
    clients, table_id = two_players("chesscards")
    board = view(clients[1], table_id)["board"]
    assert len(board["pieces"]) == 32 and {"square": "e1", "colour": "white", "piece": "K"} in board["pieces"]


def test_the_list_of_tables_reads_a_fixed_number_of_queries(api, playtester, opponent, make_deck):
    client = api(playtester)
    counts = []
    for total in (1, 6):
        while Table.objects.count() < total:
            client.post(
                "/api/tables/",
                {"mode": "free", "deck": make_deck(playtester, "duel").pk, "invite": "olga"},
                format="json",
            )
        with CaptureQueriesContext(connection) as listed:
            assert len(client.get("/api/tables/").json()["results"]) == total
        counts.append(len(listed))
    # The count (pagination), the tables with their creator and invited user, their seats with their users.
    assert counts == [3, 3], counts


def test_a_die_and_a_coin_are_the_tables_and_both_seats_read_them(two_players):
    """Either player asks for a roll or a toss (the setup too); the table draws it from its seed and
    the event's seq; both seats read the same value; a die the player fixes is refused unchanged."""
    clients, table_id = two_players("vanguard")
    play(clients[2], table_id, "roll", sides=20)
    play(clients[1], table_id, "coin")
    seen = [c.get(f"/api/tables/{table_id}/events/").json()["events"] for c in clients.values()]
    assert seen[0] == seen[1]
    roll, coin = seen[0]
    assert roll["kind"] == "roll" and roll["seat"] == 2 and roll["payload"] == {"sides": 20}
    assert roll["did"][0]["what"] == "roll" and 1 <= roll["did"][0]["value"] <= 20
    assert coin["kind"] == "coin" and coin["did"][0]["side"] in ("heads", "tails")
    refused = post(clients[1], table_id, "roll", 2, value=6)
    assert refused.status_code == 400 and refused.json()["code"] == "TABLE_EVENT_INVALID"
    assert TableEvent.objects.filter(table_id=table_id).count() == 2
