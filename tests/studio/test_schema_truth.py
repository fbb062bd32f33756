"""The schema tells the truth (issue 24): what it declares is what the server does, and it is as
strict as the server where the server refuses what a looser schema would allow."""

from __future__ import annotations

import io
import re

import pytest

from rules import registry

pytestmark = pytest.mark.django_db

METHODS = {"get", "post", "put", "patch", "delete"}


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    from django.test import Client

    with django_db_blocker.unblock():
        return Client().get("/api/schema/", HTTP_ACCEPT="application/json").json()


def operations(schema):
    for path, ops in schema["paths"].items():
        for method, op in ops.items():
            if method in METHODS:
                yield path, method, op


def test_every_path_parameter_is_one_the_path_has(schema):
    wrong = []
    for path, method, op in operations(schema):
        declared = {p["name"] for p in op.get("parameters", []) if p["in"] == "path"}
        named = set(re.findall(r"\{(\w+)\}", path))
        if declared != named:
            wrong.append((path, method, sorted(declared), sorted(named)))
    assert wrong == []


def test_the_face_routes_are_named_by_stable_card_id(schema, client, designer, make_card):
    assert "/api/cards/{stableCardId}/face.svg" in schema["paths"]
    assert "/api/cards/{stableCardId}/face.png" in schema["paths"]
    card = make_card(stableCardId="DR-U01")
    client.force_login(designer)
    assert client.get(f"/api/cards/{card.stable_id}/face.svg").status_code == 200


def test_every_game_a_client_sends_is_one_of_the_games(schema):
    games = set(registry.keys())
    loose = [
        (path, method)
        for path, method, op in operations(schema)
        for p in op.get("parameters", [])
        if p["name"] == "game" and set(p["schema"].get("enum", [])) - {""} != games
    ]
    assert loose == []
    for name, component in schema["components"]["schemas"].items():
        game = component.get("properties", {}).get("game")
        if name.endswith("Request") and game and "$ref" not in game:
            assert set(game.get("enum", [])) - {""} == games, name
    assert "" in schema["components"]["schemas"]["BatchStartRequest"]["properties"]["game"]["enum"]


def test_numeric_bounds_the_server_checks_are_in_the_schema(schema):
    png = {
        p["name"]: p["schema"]
        for p in schema["paths"]["/api/cards/{stableCardId}/face.png"]["get"]["parameters"]
    }
    assert (png["dpi"]["minimum"], png["dpi"]["maximum"]) == (50, 600)
    assert (png["bleed"]["minimum"], png["bleed"]["maximum"]) == (0, 10)
    pages = [
        p["schema"]
        for _, _, op in operations(schema)
        for p in op.get("parameters", [])
        if p["name"] == "page"
    ]
    assert pages and all(page["minimum"] == 1 for page in pages)


def test_every_operation_may_answer_503_when_the_database_is_down(schema):
    assert all("503" in op["responses"] for _, _, op in operations(schema))


def test_artwork_delete_answers_what_the_schema_says(schema, api, make_card, make_user, designer):
    from artwork import services
    from tests.artwork.pictures import make_image

    reviewer = make_user("reviewer", username="rey")
    declared = schema["paths"]["/api/cards/{stableCardId}/artwork/{id}/"]["delete"]["responses"]
    assert "204" not in declared and "200" in declared
    card = make_card()
    variant = services.artwork_upload(
        card=card, file=io.BytesIO(make_image("PNG", (300, 420))), user=designer
    )
    response = api(reviewer).delete(
        f"/api/cards/{card.stable_id}/artwork/{variant.pk}/", {"note": "x"}, format="json"
    )
    assert response.status_code == 200 and response.json()["id"] == variant.pk


def test_a_list_of_batches_has_the_keys_its_schema_requires(schema, api, designer):
    from artwork.models import ImageBatch

    ImageBatch.objects.create(total=2, failed=1)
    listed = schema["paths"]["/api/artwork/batches/"]["get"]["responses"]["200"]["content"][
        "application/json"
    ]
    page = schema["components"]["schemas"][listed["schema"]["$ref"].rsplit("/", 1)[1]]
    item = schema["components"]["schemas"][page["properties"]["results"]["items"]["$ref"].rsplit("/", 1)[1]]
    (answered,) = api(designer).get("/api/artwork/batches/").json()["results"]
    assert set(item["required"]) <= set(answered) <= set(item["properties"])
    one = schema["components"]["schemas"]["Batch"]
    batch = api(designer).get(f"/api/artwork/batches/{answered['id']}/").json()
    assert set(one["required"]) <= set(batch) <= set(one["properties"])


@pytest.mark.parametrize(
    "path",
    ["/api/nope/", "/api/cards/DR-U01/nope/", "/api/decks/abc/", "/api/cards/%20x/", "/api/print-jobs/x/"],
)
def test_an_api_path_that_matches_no_route_is_a_json_404(api, designer, path):
    response = api(designer).get(path)
    assert response.status_code == 404 and response["Content-Type"] == "application/json"
    assert response.json()["detail"]
