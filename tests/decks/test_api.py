"""The deck, format, card-list and collection routes."""

import pytest

from cards import services as card_services
from decks import services
from decks.models import Deck, DeckFormat

from .conftest import own_everything


@pytest.fixture
def duel(load_cards):
    load_cards("duel")


def test_anonymous_gets_401(api, db):
    assert api().get("/api/decks/").status_code == 401
    assert api().post("/api/decks/validate/", {}, format="json").status_code == 401


def test_create_read_patch_put_delete(api, playtester, duel, demo_deck):
    client = api(playtester)
    response = client.post("/api/decks/", demo_deck("duel-example"), format="json")
    assert response.status_code == 201, response.data
    body = response.json()
    assert body["owner"] == playtester.username and body["format"] == "standard"
    assert body["validation"]["legal"] is True and body["validation"]["stale"] is False
    assert body["validation"]["counts"] == {"main": 40}
    assert body["sections"]["main"][0] == {"card": "DU-EX-001", "count": 4}
    url = f"/api/decks/{body['id']}/"

    response = client.patch(
        url, {"sections": {"main": [{"card": "Example Light Squire", "count": 41}]}}, format="json"
    )
    assert response.status_code == 200
    assert [v["code"] for v in response.json()["validation"]["violations"]] == ["DECK_SIZE"]
    assert response.json()["sections"]["main"] == [{"card": "DU-EX-001", "count": 41}]

    data = client.get(url).json()
    data["name"] = "Renamed"
    data["sections"] = demo_deck("duel-example")["sections"]
    response = client.put(url, data, format="json")  # what was read can be written back
    assert response.status_code == 200, response.data
    assert response.json()["name"] == "Renamed" and response.json()["validation"]["legal"] is True

    assert client.delete(url).status_code == 204
    assert not Deck.objects.exists()


def test_bad_input_is_a_400_with_every_problem(api, playtester, duel):
    response = api(playtester).post(
        "/api/decks/",
        {"game": "duel", "sections": {"main": [{"card": "X", "count": "many"}], "side": 3}},
        format="json",
    )
    assert response.status_code == 400
    assert len(response.json()["errors"]) == 2
    assert api(playtester).post("/api/decks/", ["not", "an", "object"], format="json").status_code == 400
    assert api(playtester).post("/api/decks/", {"game": "poker"}, format="json").status_code == 400


def test_playtesters_see_and_change_only_their_decks_reviewers_see_all(
    api, make_user, reviewer, duel, demo_deck
):
    alice, bob = make_user("playtester", username="alice"), make_user("playtester", username="bob")
    deck = services.deck_create(data=demo_deck("duel-example"), user=alice)
    url = f"/api/decks/{deck.pk}/"
    assert api(bob).get(url).status_code == 404
    assert api(bob).patch(url, {"name": "mine"}, format="json").status_code == 404
    assert api(bob).get("/api/decks/").json()["count"] == 0
    assert api(reviewer).get(url).status_code == 200
    assert api(reviewer).get("/api/decks/").json()["count"] == 1
    assert api(reviewer).patch(url, {"name": "mine"}, format="json").status_code == 403
    assert api(alice).get(url).status_code == 200


def test_filters(api, reviewer, make_user, load_cards, demo_deck, td01):
    load_cards("duel", "vanguard")
    alice = make_user("playtester", username="alice")
    services.deck_create(data=demo_deck("duel-example"), user=alice)
    services.deck_create(data=td01, user=alice)  # not owned: not legal
    client = api(reviewer)

    def names(**params):
        return sorted(d["game"] for d in client.get("/api/decks/", params).json()["results"])

    assert names(game="duel") == ["duel"]
    assert names(format="classic") == ["vanguard"]
    assert names(owner="alice") == ["duel", "vanguard"]
    assert names(owner="nobody") == []
    assert names(legal="true") == ["duel"]
    assert names(legal="false") == ["vanguard"]


def test_a_stale_deck_is_never_reported_legal_from_its_old_result(
    api, playtester, reviewer, duel, demo_deck, django_capture_on_commit_callbacks
):
    deck = services.deck_create(data=demo_deck("duel-example"), user=playtester)
    with django_capture_on_commit_callbacks(execute=False):  # the revalidation has not run yet
        card_services.card_set_status(stable_id="DU-EX-001", status="DISABLED", user=reviewer)
    stored = Deck.objects.get(pk=deck.pk)
    assert stored.stale and stored.legal is True  # the old result is still stored...
    body = api(playtester).get(f"/api/decks/{deck.pk}/").json()
    assert body["stale"] is True and body["validation"]["stale"] is True
    assert body["validation"]["legal"] is False  # ...but the answer is computed now
    assert [v["code"] for v in body["validation"]["violations"]] == ["CARD_NOT_VALIDATED"]
    listed = api(playtester).get("/api/decks/").json()["results"][0]
    assert listed["validation"]["legal"] is False
    assert api(playtester).get("/api/decks/", {"legal": "true"}).json()["count"] == 0
    assert api(playtester).get("/api/decks/", {"stale": "true"}).json()["count"] == 1


def test_in_the_embedded_default_the_result_is_there_after_the_request(
    api, playtester, reviewer, duel, demo_deck, django_capture_on_commit_callbacks
):
    deck = services.deck_create(data=demo_deck("duel-example"), user=playtester)
    with django_capture_on_commit_callbacks(execute=True):
        response = api(reviewer).post("/api/cards/DU-EX-001/status/", {"status": "DISABLED"}, format="json")
    assert response.status_code == 200
    deck.refresh_from_db()
    assert not deck.stale and deck.legal is False


def test_validate_stores_nothing(api, playtester, load_cards, td01):
    load_cards("vanguard")
    response = api(playtester).post(
        "/api/decks/validate/", {**td01, "owner": playtester.username}, format="json"
    )
    assert response.status_code == 200
    assert set(response.json()) == {
        "legal",
        "game",
        "format",
        "counts",
        "violations",
        "readyToPlay",
        "resolved",
        "suggestions",
    }
    assert [v["code"] for v in response.json()["violations"]].count("NOT_OWNED") == 16
    not_owned = next(v for v in response.json()["violations"] if v["code"] == "NOT_OWNED")
    # The contract's keys, and the optional params and hint of the studio.
    assert set(not_owned) == {"code", "severity", "section", "card", "message", "params", "hint"}
    assert not_owned["params"] == {
        "section": "main",
        "card": not_owned["card"],
        "observed": 0,
        "expected": not_owned["params"]["expected"],
        "owner": playtester.username,
    }
    assert f"uses {not_owned['params']['expected']} cop" in not_owned["message"] and not_owned["hint"]
    own_everything(playtester, td01)
    assert (
        api(playtester)
        .post("/api/decks/validate/", {**td01, "owner": playtester.username}, format="json")
        .json()["legal"]
        is True
    )
    assert not Deck.objects.exists()


def test_deck_list_queries_do_not_grow_with_decks(
    api,
    playtester,
    reviewer,
    duel,
    demo_deck,
    django_assert_max_num_queries,
    django_capture_on_commit_callbacks,
):
    for i in range(15):
        services.deck_create(data={**demo_deck("duel-example"), "name": f"d{i}"}, user=playtester)
    with django_capture_on_commit_callbacks(execute=False):
        card_services.card_set_status(stable_id="DU-EX-001", status="DISABLED", user=reviewer)  # all stale
    client = api(playtester)
    # session/user + count + decks + entries + cards, then the fresh validation of the stale page: 4 more.
    with django_assert_max_num_queries(12):
        response = client.get("/api/decks/", {"pageSize": 50})
    assert response.json()["count"] == 15
    assert all(d["validation"]["legal"] is False for d in response.json()["results"])


def test_validating_ones_own_deck_reads_the_collection_without_reading_the_user_again(
    client, playtester, load_cards, td01, django_assert_num_queries
):
    from rest_framework.authtoken.models import Token

    load_cards("vanguard")
    own_everything(playtester, td01)
    headers = {"HTTP_AUTHORIZATION": f"Token {Token.objects.create(user=playtester).key}"}

    def validate():
        return client.post("/api/decks/validate/", td01, content_type="application/json", **headers).json()

    assert validate()["legal"] is True  # the permissions read once, then kept (studio.permissions)
    # the token (and permissions stamp), the format, the cards, the caller's collection
    with django_assert_num_queries(4):
        assert validate()["legal"] is True


# --- formats -----------------------------------------------------------------------------------------
def test_reviewers_create_and_edit_formats_playtesters_read_them(
    api, reviewer, playtester, duel, demo_deck, django_capture_on_commit_callbacks
):
    assert api(playtester).get("/api/formats/", {"game": "vanguard"}).json()["results"][0]["allowedSets"] == [
        "BT01",
        "TD01",
        "TD02",
    ]
    new = {
        "game": "darkrow",
        "key": "highlander",
        "name": "One copy",
        "sections": {"main": {"exact": 40}},
        "copyLimit": 1,
    }
    assert api(playtester).post("/api/formats/", new, format="json").status_code == 403
    response = api(reviewer).post("/api/formats/", new, format="json")
    assert response.status_code == 201, response.data
    assert DeckFormat.objects.get(game="darkrow", key="highlander").copy_limit == 1
    assert api(reviewer).post("/api/formats/", new, format="json").status_code == 400  # the key is taken

    deck = services.deck_create(data=demo_deck("duel-example"), user=playtester)
    standard = DeckFormat.objects.get(game="duel", key="standard")
    with django_capture_on_commit_callbacks(execute=True):
        response = api(reviewer).patch(
            f"/api/formats/{standard.pk}/", {"banlist": {"Example Light Squire": 1}}, format="json"
        )
    assert response.status_code == 200, response.data
    deck.refresh_from_db()
    assert [v["code"] for v in deck.violations] == ["BANLIST"]
    bad = api(reviewer).patch(
        f"/api/formats/{standard.pk}/",
        {"banlist": {"DU-EX-001": 5}, "sections": {"main": {"exact": -1}}},
        format="json",
    )
    assert bad.status_code == 400 and {"banlist", "sections"} <= set(bad.json())
    assert (
        api(reviewer).patch(f"/api/formats/{standard.pk}/", {"key": "other"}, format="json").status_code
        == 400
    )
    assert (
        api(playtester).patch(f"/api/formats/{standard.pk}/", {"copyLimit": 1}, format="json").status_code
        == 403
    )


def test_the_cour_des_damnes_is_editable_by_reviewers(api, reviewer, playtester, duel):
    lists = api(playtester).get("/api/card-lists/", {"game": "duel"}).json()["results"]
    assert [(x["name"], x["provisional"], x["cards"]) for x in lists] == [("Cour des Damnés", True, [])]
    url = f"/api/card-lists/{lists[0]['id']}/"
    assert api(playtester).patch(url, {"cards": ["DU-EX-007"]}, format="json").status_code == 403
    assert api(reviewer).patch(url, {"cards": ["DU-EX-007"]}, format="json").json()["cards"] == ["DU-EX-007"]
    assert api(reviewer).patch(url, {"cards": ["DU-NOPE"]}, format="json").status_code == 400


# --- collections -------------------------------------------------------------------------------------
def test_my_collection(api, playtester, load_cards):
    load_cards("vanguard")
    client = api(playtester)
    assert client.get("/api/me/collection/").json() == {"owner": playtester.username, "cards": []}
    assert (
        client.patch("/api/me/collection/", {"TD01-005": 4, "TD01-012": 1}, format="json").status_code == 200
    )
    assert client.patch("/api/me/collection/", {"TD01-012": 0}, format="json").json()["cards"] == [
        {"card": "TD01-005", "game": "vanguard", "name": "Blaster Blade", "count": 4}
    ]
    response = client.post(
        "/api/me/collection/import/",
        {"decklist": "game: vanguard\nmain:\n2 TD01-001\n1 Stardust Trumpeter\n"},
        format="json",
    )
    assert response.status_code == 200, response.data
    assert {c["card"]: c["count"] for c in response.json()["cards"]} == {
        "TD01-005": 4,
        "TD01-001": 2,
        "TD01-012": 1,
    }
    assert (
        client.put(
            "/api/me/collection/", {"cards": [{"card": "TD01-001", "count": 1}]}, format="json"
        ).json()["cards"][0]["count"]
        == 1
    )
    assert client.patch("/api/me/collection/", {"NOPE": 1}, format="json").status_code == 400
    assert api().get("/api/me/collection/").status_code == 401


def test_the_schema_describes_the_deck_routes(api, db):
    schema = api().get("/api/schema/", {"format": "json"}).json()
    assert {
        "/api/decks/",
        "/api/decks/{id}/",
        "/api/decks/validate/",
        "/api/formats/",
        "/api/me/collection/",
    } <= set(schema["paths"])
