"""The review API: queue with diffs and filters, bulk transitions, reverts, audits, closure, proposals, conflicts."""

from __future__ import annotations

import pytest

from cards.imports import cards_import
from cards.models import Card, CardRevision, ImportConflict
from cards.services import card_set_status, card_update
from reviews import audits, services
from reviews.models import Audit, Proposal
from rules import registry
from tests.reviews.effects import bonus as bonus_effect
from tests.reviews.effects import draw, imported

pytestmark = pytest.mark.django_db


def run_audit(game="darkrow"):
    audit = audits.audit_start(game=game, enqueue=False)
    return audits.audit_run(audit_id=audit.pk)


# --- the queue -----------------------------------------------------------------------------------------
def test_the_queue_lists_waiting_cards_with_their_diff(api, designer, reviewer, validated, make_card):
    edited = validated(name="Toyama Kazuha", text="Rapide.", archetypes=["Lycéenne"])
    card_update(
        stable_id=edited.stable_id,
        data={
            "atk": 5,
            "text": "Rapide, deux fois.",
            "archetypes": ["Lycéenne", "Artiste martial"],
            "effects": [draw(kind="quick", timing="ON_ENTER_FIELD")],
        },
        user=designer,
    )
    new = make_card(name="Sato", user=designer)
    validated(name="Déjà validée")

    response = api(reviewer).get("/api/reviews/queue/", {"game": "darkrow"})
    assert response.status_code == 200
    items = {item["card"]["name"]: item for item in response.json()["results"]}
    assert set(items) == {"Toyama Kazuha", "Sato"}

    assert items["Sato"]["diff"] == {"newCard": True, "changed": True, "fields": [], "since": None}
    diff = items["Toyama Kazuha"]["diff"]
    assert (
        diff["newCard"] is False
        and diff["since"]["version"] == 2
        and diff["since"]["by"] == reviewer.username
    )
    by_key = {entry["key"]: entry for entry in diff["fields"]}
    assert by_key["atk"] == {"key": "atk", "kind": "game", "before": 4, "after": 5}
    assert by_key["text"]["kind"] == "text" and by_key["text"]["ops"]
    assert by_key["archetypes"]["added"] == ["Artiste martial"]
    assert by_key["effects"]["effects"][0]["change"] == "added"
    assert by_key["status"] == {
        "key": "status",
        "kind": "workflow",
        "before": "VALIDATED",
        "after": "NEEDS_REVIEW",
    }
    item = items["Toyama Kazuha"]
    assert item["allowedStatuses"] and "VALIDATED" in item["allowedStatuses"]
    assert item["card"]["findings"] == [] and item["lists"] == [] and item["openProposals"] == []
    assert new.stable_id == items["Sato"]["card"]["stableCardId"]


def test_the_queue_filters_by_provenance(api, reviewer, designer, make_card):
    make_card(name="Manuelle", user=designer)
    services.proposal_submit_card(
        game="darkrow", data={"name": "Proposée", "type": "UNIT", "cost": 1, "atk": 1, "pv": 1}, user=designer
    )
    cards_import(
        payload={
            "game": "darkrow",
            "cards": [{"name": "Importée", "type": "UNIT", "cost": 1, "atk": 1, "pv": 1}],
        }
    )
    imported = Card.objects.get(name="Importée")
    card_update(stable_id=imported.stable_id, data={"atk": 2}, user=designer)
    card_set_status(stable_id=imported.stable_id, status="NEEDS_REVIEW", user=designer)

    def names(**params):
        results = api(reviewer).get("/api/reviews/queue/", params).json()["results"]
        return sorted(item["card"]["name"] for item in results)

    assert names() == ["Importée", "Manuelle", "Proposée"]
    assert names(origin="AI") == ["Proposée"]
    assert names(creationMethod="IMPORTED") == ["Importée"]
    assert names(creationMethod="AI_GENERATED") == ["Proposée"]
    assert names(userModified="true") == ["Importée"]
    assert names(userModified="false") == ["Manuelle", "Proposée"]
    assert names(status="DRAFT") == ["Manuelle", "Proposée"]
    assert names(status="NEEDS_REVIEW", origin="USER") == ["Importée"]
    assert api(reviewer).get("/api/reviews/queue/", {"status": "VALIDATED"}).status_code == 400


def test_the_queue_filters_by_the_latest_audit_list(api, reviewer, make_card, designer):
    effect = bonus_effect()
    bonus = make_card(name="Bonus", effects=[effect])
    make_card(name="Sans ATK", atk=None)
    make_card(name="Propre")
    run_audit()
    response = api(reviewer).get("/api/reviews/queue/", {"list": "BONUS_DURATION_REVIEW"})
    [item] = response.json()["results"]
    assert item["card"]["stableCardId"] == bonus.stable_id
    assert [(entry["list"], entry["code"]) for entry in item["lists"]] == [
        ("BONUS_DURATION_REVIEW", "EFFECT_BONUS_NO_DURATION")
    ]
    names = [
        i["card"]["name"]
        for i in api(reviewer).get("/api/reviews/queue/", {"list": "NEEDS_REVIEW"}).json()["results"]
    ]
    assert names == ["Sans ATK"]
    # The latest audit counts: once fixed and audited again, the card leaves the list.
    card_update(
        stable_id=bonus.stable_id,
        data={"effects": [{**effect, "duration": "UNTIL_END_OF_TURN"}]},
        user=designer,
    )
    run_audit()
    assert api(reviewer).get("/api/reviews/queue/", {"list": "BONUS_DURATION_REVIEW"}).json()["results"] == []
    assert api(reviewer).get("/api/reviews/queue/", {"list": "NOPE"}).status_code == 400


def test_the_queue_has_a_fixed_number_of_queries(
    api, reviewer, designer, validated, make_card, django_assert_max_num_queries
):
    def fill(n):
        for i in range(n):
            card = validated(name=f"Carte {len(Card.objects.all())}")
            card_update(stable_id=card.stable_id, data={"atk": 9}, user=designer)
            make_card(name=f"Neuve {i}")
            services.proposal_submit_change(stable_id=card.stable_id, changes={"pv": 5}, user=designer)

    fill(2)
    run_audit()
    client = api(reviewer)
    with django_assert_max_num_queries(12) as few:
        assert len(client.get("/api/reviews/queue/").json()["results"]) == 4
    fill(10)
    run_audit()
    with django_assert_max_num_queries(len(few.captured_queries)):
        assert len(client.get("/api/reviews/queue/").json()["results"]) == 24


def test_the_queue_is_for_designers_and_reviewers(api, playtester, designer):
    assert api().get("/api/reviews/queue/").status_code == 401
    assert api(playtester).get("/api/reviews/queue/").status_code == 403
    assert api(designer).get("/api/reviews/queue/").status_code == 200


def test_a_card_diff_against_any_revision(api, reviewer, designer, validated):
    card = validated(name="Toyama Kazuha")
    card_update(stable_id=card.stable_id, data={"atk": 5}, user=designer)
    body = api(reviewer).get(f"/api/reviews/diff/{card.stable_id}/").json()
    assert body["diff"]["since"]["version"] == 2 and [e["key"] for e in body["diff"]["fields"]] == [
        "atk",
        "status",
    ]
    body = api(reviewer).get(f"/api/reviews/diff/{card.stable_id}/", {"from": 1}).json()
    assert body["diff"]["since"]["version"] == 1
    assert api(reviewer).get(f"/api/reviews/diff/{card.stable_id}/", {"from": 9}).status_code == 400
    for raw in ("²", "x", "-1"):
        response = api(reviewer).get(f"/api/reviews/diff/{card.stable_id}/", {"from": raw})
        assert response.status_code == 400 and "from must be a version number" in str(response.json())
    assert api(reviewer).get("/api/reviews/diff/DR-NOPE/").status_code == 404


# --- bulk transitions and reverts -------------------------------------------------------------------------
def test_bulk_transition_route(api, reviewer, designer, make_card):
    cards = [make_card(name="A"), make_card(name="B")]
    ids = [c.stable_id for c in cards]
    response = api(designer).post(
        "/api/reviews/transition/", {"cards": ids, "status": "VALIDATED", "note": "go"}, format="json"
    )
    assert response.status_code == 403
    assert "only a reviewer" in response.json()["errors"][0]["message"]
    response = api(reviewer).post(
        "/api/reviews/transition/", {"cards": ids, "status": "VALIDATED", "note": "go"}, format="json"
    )
    assert response.status_code == 200 and response.json()["moved"] == 2
    assert {c["status"] for c in response.json()["cards"]} == {"VALIDATED"}
    assert CardRevision.objects.filter(card__in=cards, note="go", action="STATUS").count() == 2
    response = api(reviewer).post(
        "/api/reviews/transition/", {"cards": ids, "status": "VALIDATED"}, format="json"
    )
    assert response.status_code == 409
    assert "nothing changed: 2 of 2" in response.json()["detail"]
    assert [e["card"] for e in response.json()["errors"]] == ids


def test_bulk_transition_bad_input(api, reviewer):
    client = api(reviewer)
    assert (
        client.post(
            "/api/reviews/transition/", {"cards": [], "status": "VALIDATED"}, format="json"
        ).status_code
        == 400
    )
    assert (
        client.post(
            "/api/reviews/transition/", {"cards": ["DR-X"], "status": "DONE"}, format="json"
        ).status_code
        == 400
    )
    response = client.post(
        "/api/reviews/transition/", {"cards": ["DR-NOPE"], "status": "VALIDATED"}, format="json"
    )
    assert response.status_code == 400 and "no card is DR-NOPE" in response.json()["cards"][0]
    assert client.post("/api/reviews/transition/", ["x"], format="json").status_code == 400


def test_revert_route(api, designer, playtester, make_card):
    card = make_card(user=designer)
    card_update(stable_id=card.stable_id, data={"atk": 9}, user=designer)
    response = api(designer).post(
        f"/api/cards/{card.stable_id}/revert/", {"version": 1, "note": "oops"}, format="json"
    )
    assert response.status_code == 200 and response.json()["atk"] == 4 and response["ETag"] == '"3"'
    assert card.revisions.order_by("-version").first().action == "REVERT"
    assert (
        api(designer).post(f"/api/cards/{card.stable_id}/revert/", {"version": 1}, format="json").status_code
        == 409
    )
    stale = api(designer).post(
        f"/api/cards/{card.stable_id}/revert/", {"version": 2}, format="json", HTTP_IF_MATCH='"2"'
    )
    assert stale.status_code == 412
    assert (
        api(designer).post(f"/api/cards/{card.stable_id}/revert/", {"version": 0}, format="json").status_code
        == 400
    )
    assert (
        api(playtester)
        .post(f"/api/cards/{card.stable_id}/revert/", {"version": 1}, format="json")
        .status_code
        == 403
    )


# --- audits -----------------------------------------------------------------------------------------
def test_start_an_audit_and_follow_it(api, reviewer, make_card, django_capture_on_commit_callbacks):
    make_card(name="Sans ATK", atk=None)
    client = api(reviewer)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/api/audits/", {"game": "darkrow"}, format="json")
    assert response.status_code == 202
    started = response.json()
    assert started["status"] == "PENDING" and response["Location"] == f"/api/audits/{started['id']}/"
    body = client.get(f"/api/audits/{started['id']}/").json()
    assert body["status"] == "DONE" and body["progress"] == {"done": 1, "total": 1, "step": "done"}
    assert body["lists"]["NEEDS_REVIEW"] == 1 and body["counts"]["identities"]["expected"] == 72
    assert body["requestedBy"] == reviewer.username
    entries = client.get(f"/api/audits/{started['id']}/entries/", {"list": "NEEDS_REVIEW"}).json()["results"]
    assert [(e["name"], e["code"], e["field"]) for e in entries] == [("Sans ATK", "FIELD_REQUIRED", "atk")]
    assert (
        client.get(f"/api/audits/{started['id']}/entries/", {"list": "BONUS_DURATION_REVIEW"}).json()[
            "results"
        ]
        == []
    )
    assert client.get(f"/api/audits/{started['id']}/entries/", {"list": "NOPE"}).status_code == 400
    assert [a["id"] for a in client.get("/api/audits/", {"game": "darkrow"}).json()["results"]] == [
        started["id"]
    ]


def test_a_second_audit_answers_409_with_the_running_one(api, reviewer):
    client = api(reviewer)
    first = client.post(
        "/api/audits/", {"game": "darkrow"}, format="json"
    ).json()  # never enqueued: stays PENDING
    response = client.post("/api/audits/", {"game": "darkrow"}, format="json")
    assert response.status_code == 409
    assert response.json()["runningAudit"] == first["id"]
    assert "already pending" in response.json()["detail"]
    assert Audit.objects.count() == 1


def test_audit_routes_refuse_bad_input_and_roles(api, reviewer, playtester):
    assert api(reviewer).post("/api/audits/", {"game": "poker"}, format="json").status_code == 400
    assert api(playtester).post("/api/audits/", {"game": "darkrow"}, format="json").status_code == 403
    assert api(reviewer).get("/api/audits/999/").status_code == 404


def test_closure_route(api, reviewer, playtester, validated):
    imported("Toyama Kazuha", [bonus_effect()])
    run_audit()
    body = api(playtester).get("/api/reviews/closure/", {"game": "darkrow"}).json()
    assert body["closed"] is False and body["blockingLists"] == ["BONUS_DURATION_REVIEW"]
    assert [c["game"] for c in api(reviewer).get("/api/reviews/closure/").json()] == registry.keys()
    assert api(reviewer).get("/api/reviews/closure/", {"game": "poker"}).status_code == 400


# --- proposals -----------------------------------------------------------------------------------------
def test_propose_a_new_card(api, designer, reviewer):
    body = {
        "game": "darkrow",
        "card": {"name": "Ayumi", "type": "UNIT", "cost": 2, "atk": 1, "pv": 2, "status": "VALIDATED"},
    }
    response = api(designer).post("/api/proposals/", body, format="json")
    assert response.status_code == 201
    card = response.json()["card"]
    assert response.json()["kind"] == "NEW"
    assert (card["status"], card["origin"], card["creationMethod"]) == ("DRAFT", "AI", "AI_GENERATED")
    queue = api(reviewer).get("/api/reviews/queue/", {"origin": "AI"}).json()["results"]
    assert [item["card"]["stableCardId"] for item in queue] == [card["stableCardId"]]


def test_propose_a_change_then_accept_it(api, designer, reviewer, validated):
    card = validated(name="Toyama Kazuha")
    response = api(designer).post(
        "/api/proposals/",
        {"stableCardId": card.stable_id, "changes": {"atk": 5}, "note": "stronger"},
        format="json",
    )
    assert response.status_code == 201
    proposal = response.json()
    assert (proposal["status"], proposal["origin"], proposal["creationMethod"]) == (
        "DRAFT",
        "AI",
        "AI_GENERATED",
    )
    assert proposal["currentDiff"]["fields"] == [{"key": "atk", "kind": "game", "before": 4, "after": 5}]
    card.refresh_from_db()
    assert card.status == "VALIDATED" and card.game_fields["atk"] == 4
    queue = api(reviewer).get("/api/reviews/queue/").json()["results"]
    assert queue == []  # the card itself is not waiting: the proposal is
    listed = api(reviewer).get("/api/proposals/", {"status": "DRAFT"}).json()["results"]
    assert [p["id"] for p in listed] == [proposal["id"]]

    assert (
        api(designer).post(f"/api/proposals/{proposal['id']}/accept/", {}, format="json").status_code == 403
    )
    response = api(reviewer).post(f"/api/proposals/{proposal['id']}/accept/", {"note": "ok"}, format="json")
    assert response.status_code == 200 and response.json()["status"] == "ACCEPTED"
    card.refresh_from_db()
    assert card.game_fields["atk"] == 5 and card.status == "NEEDS_REVIEW"
    assert (
        api(reviewer).post(f"/api/proposals/{proposal['id']}/reject/", {}, format="json").status_code == 409
    )


def test_a_proposal_on_a_card_that_moved_on_shows_both_diffs(api, designer, reviewer, make_card):
    card = make_card(name="Toyama Kazuha")
    proposal = services.proposal_submit_change(stable_id=card.stable_id, changes={"atk": 5}, user=designer)
    card_update(stable_id=card.stable_id, data={"atk": 6}, user=designer)
    body = api(reviewer).get(f"/api/proposals/{proposal.pk}/").json()
    assert body["cardMovedOn"] is True
    assert body["diff"]["fields"][0]["before"] == 4 and body["currentDiff"]["fields"][0]["before"] == 6


def test_proposal_bad_input(api, designer, playtester, make_card):
    card = make_card()
    client = api(designer)
    assert client.post("/api/proposals/", {"note": "nothing"}, format="json").status_code == 400
    assert client.post("/api/proposals/", {"card": {"name": "X"}}, format="json").status_code == 400
    both = {
        "game": "darkrow",
        "card": {"name": "X", "type": "UNIT"},
        "stableCardId": card.stable_id,
        "changes": {"atk": 1},
    }
    assert client.post("/api/proposals/", both, format="json").status_code == 400
    bad_type = client.post(
        "/api/proposals/", {"game": "darkrow", "card": {"name": "X", "type": "NOPE"}}, format="json"
    )
    assert bad_type.status_code == 400 and "type" in bad_type.json()
    read_only = client.post(
        "/api/proposals/", {"stableCardId": card.stable_id, "changes": {"status": "VALIDATED"}}, format="json"
    )
    assert read_only.status_code == 400
    assert (
        client.post(
            "/api/proposals/", {"stableCardId": "DR-NOPE", "changes": {"atk": 1}}, format="json"
        ).status_code
        == 404
    )
    assert (
        api(playtester)
        .post("/api/proposals/", {"game": "darkrow", "card": {"name": "X", "type": "UNIT"}}, format="json")
        .status_code
        == 403
    )
    assert not Proposal.objects.exists()


# --- import conflicts and identities ------------------------------------------------------------------------
def test_import_conflict_routes(api, designer, reviewer):
    file = {
        "game": "darkrow",
        "cards": [{"stableCardId": "DR-U01", "name": "Vodka", "type": "UNIT", "cost": 6, "atk": 6, "pv": 6}],
    }
    cards_import(payload=file)
    card_update(stable_id="DR-U01", data={"atk": 5}, user=designer)
    cards_import(payload=file)
    [conflict] = (
        api(reviewer).get("/api/import-conflicts/", {"game": "darkrow", "open": "true"}).json()["results"]
    )
    assert conflict["stableCardId"] == "DR-U01" and conflict["fields"] == ["atk"]
    assert conflict["kept"]["atk"] == 5 and conflict["imported"]["atk"] == 6
    content = [
        (e["key"], e["before"], e["after"]) for e in conflict["diff"]["fields"] if e["kind"] != "workflow"
    ]
    assert content == [("atk", 5, 6)]
    url = f"/api/import-conflicts/{conflict['id']}/resolve/"
    assert api(designer).post(url, {"keep": "USER"}, format="json").status_code == 403
    assert api(reviewer).post(url, {"keep": "NEITHER"}, format="json").status_code == 400
    response = api(reviewer).post(url, {"keep": "IMPORTED", "note": "the file is right"}, format="json")
    assert response.status_code == 200 and response.json()["resolution"] == "TOOK_IMPORTED"
    assert Card.objects.get(stable_id="DR-U01").game_fields["atk"] == 6
    assert api(reviewer).post(url, {"keep": "USER"}, format="json").status_code == 409
    assert api(reviewer).get("/api/import-conflicts/", {"open": "true"}).json()["results"] == []
    assert not ImportConflict.objects.filter(resolution="").exists()


def test_distinct_identity_routes(api, reviewer, designer, make_card):
    a, b = make_card(name="Gin", text="A"), make_card(name="Gin", text="B")
    run_audit()
    assert api(reviewer).get("/api/reviews/queue/", {"list": "VERSION_CONFLICTS"}).json()["count"] == 2
    body = {"cards": [a.stable_id, b.stable_id], "note": "two characters"}
    assert api(designer).post("/api/reviews/distinct-identities/", body, format="json").status_code == 403
    response = api(reviewer).post("/api/reviews/distinct-identities/", body, format="json")
    assert response.status_code == 201 and sorted(response.json()["cards"]) == sorted(
        [a.stable_id, b.stable_id]
    )
    assert api(reviewer).post("/api/reviews/distinct-identities/", body, format="json").status_code == 409
    assert len(api(reviewer).get("/api/reviews/distinct-identities/").json()["results"]) == 1
    run_audit()
    assert api(reviewer).get("/api/reviews/queue/", {"list": "VERSION_CONFLICTS"}).json()["count"] == 0


def test_the_schema_documents_the_review_routes(api, reviewer):
    response = api(reviewer).get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    paths = response.json()["paths"]
    for path in (
        "/api/reviews/queue/",
        "/api/reviews/transition/",
        "/api/cards/{stableCardId}/revert/",
        "/api/audits/",
        "/api/proposals/",
    ):
        assert path in paths
