"""FORMATS.md v1.3, "Simulated games": POST /api/simulations/, GET its progress, cancel."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_a_simulation_through_the_api(
    api, playtester, opponent, make_deck, django_capture_on_commit_callbacks
):
    client = api(playtester)
    first, second = make_deck(playtester, "riftbound"), make_deck(playtester, "riftbound", second=True)
    with django_capture_on_commit_callbacks(execute=True):
        created = client.post(
            "/api/simulations/",
            {"deck": first.pk, "opponentDeck": second.pk, "games": 2, "seed": 5},
            format="json",
        )
    assert created.status_code == 202, created.content
    body = created.json()
    assert set(body) == {"id", "status"}
    read = client.get(f"/api/simulations/{body['id']}/")
    assert read.status_code == 200
    data = read.json()
    for key in (
        "id",
        "status",
        "games",
        "finished",
        "wins",
        "draws",
        "unfinished",
        "averageTurns",
        "rulesVersion",
        "seed",
    ):
        assert key in data
    assert data["status"] == "done" and data["finished"] == 2 and data["rulesVersion"] == "riftbound-1"
    assert data["seed"] == 5
    # Another user sees nothing of it.
    assert api(opponent).get(f"/api/simulations/{body['id']}/").status_code == 404
    assert api(opponent).post(f"/api/simulations/{body['id']}/cancel/").status_code == 404
    cancelled = client.post(f"/api/simulations/{body['id']}/cancel/")
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "done"  # finished: nothing to stop
    listed = client.get("/api/simulations/")
    assert [s["id"] for s in listed.json()["results"]] == [body["id"]]


def test_a_bad_body_is_a_400_that_names_its_field(api, playtester, make_deck):
    client = api(playtester)
    deck = make_deck(playtester, "vanguard")
    refused = client.post(
        "/api/simulations/", {"deck": deck.pk, "opponentDeck": deck.pk, "games": "many"}, format="json"
    )
    assert refused.status_code == 400
    assert "games" in refused.content.decode()
    assert client.post("/api/simulations/", [1, 2], format="json").status_code == 400
    assert api().post("/api/simulations/", {}, format="json").status_code in (401, 403)
