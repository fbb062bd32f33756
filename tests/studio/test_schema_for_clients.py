"""A schema that client generators take (issue 40, item 1): one request content type where only JSON
is meant, a deck by ``sections`` or by ``decklist`` as the two shapes they are (oneOf), every
whole-number parameter with its least value, and binary answers as binary under their media types.

The generated clients themselves are built and run against a live server by
tests/studio/test_generated_clients.py (``make clients``)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

METHODS = {"get", "post", "put", "patch", "delete"}
# The routes that take a form: an upload (multipart), or a card set as a file or as JSON.
FORMS = {
    ("/api/cards/{stableCardId}/artwork/", "post"): ["multipart/form-data"],
    ("/api/card-sets/import/", "post"): ["multipart/form-data", "application/json"],
}
DECK_WRITES = [("/api/decks/validate/", "post"), ("/api/decks/", "post"), ("/api/decks/{id}/", "put")]


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


def component(schema, ref: str) -> dict:
    return schema["components"]["schemas"][ref.rsplit("/", 1)[1]]


def test_a_json_route_takes_one_content_type_json(schema):
    bodies = {
        (path, method): list(op["requestBody"]["content"])
        for path, method, op in operations(schema)
        if "requestBody" in op
    }
    assert {key: types for key, types in bodies.items() if key in FORMS} == FORMS
    several = {
        key: types for key, types in bodies.items() if key not in FORMS and types != ["application/json"]
    }
    assert several == {}
    # Among them the issue's: deck validation, deck create and replace, table create and join.
    for key in [*DECK_WRITES, ("/api/tables/", "post"), ("/api/tables/join/", "post")]:
        assert bodies[key] == ["application/json"]


@pytest.mark.parametrize(("path", "method"), DECK_WRITES)
def test_a_deck_is_sent_by_its_sections_or_by_a_decklist(schema, path, method):
    body = schema["paths"][path][method]["requestBody"]
    assert body["required"] is True
    shapes = component(schema, body["content"]["application/json"]["schema"]["$ref"])
    by_sections, by_decklist = (component(schema, one["$ref"]) for one in shapes["oneOf"])
    assert "sections" in by_sections["required"] and "game" in by_sections["required"]
    assert "decklist" not in by_sections["properties"]
    assert by_decklist["required"] == ["decklist"]  # the game may be the decklist's `game:` line
    assert "sections" not in by_decklist["properties"]


def test_the_server_takes_each_shape_and_refuses_both_at_once(api, playtester, make_card):
    card = make_card("vanguard", stableCardId="VG-TD01-001")
    client = api(playtester)
    by_sections = {"game": "vanguard", "sections": {"main": [{"card": card.stable_id, "count": 4}]}}
    by_decklist = {"game": "vanguard", "decklist": f"main:\n4 {card.name}"}
    for body in (by_sections, by_decklist):
        answer = client.post("/api/decks/validate/", body, format="json")
        assert answer.status_code == 200, answer.content
        assert answer.json()["counts"]["main"] == 4
    both = client.post("/api/decks/validate/", {**by_sections, **by_decklist}, format="json")
    assert both.status_code == 400


def test_every_whole_number_parameter_says_its_least_value(schema):
    loose, found = [], {}
    for path, method, op in operations(schema):
        for p in op.get("parameters", []):
            if p["schema"].get("type") != "integer":
                continue
            if "minimum" not in p["schema"]:
                loose.append((path, method, p["name"]))
            elif p["in"] == "path":
                assert p["schema"]["minimum"] == 1, (path, p["name"])
            found[p["name"]] = (p["schema"]["minimum"], p["schema"].get("maximum"))
    assert loose == []
    assert found["page"] == (1, None) and found["pageSize"] == (1, 500)
    assert found["since"][0] == 0 and found["at"][0] == 0 and found["version"][0] == 1


def test_binary_answers_are_binary_under_their_media_types(schema):
    answers = {
        (path, media): content["schema"]
        for path, method, op in operations(schema)
        for code, answer in op["responses"].items()
        if code.startswith("2")
        for media, content in answer.get("content", {}).items()
        if "json" not in media and not media.startswith("text/")
    }
    expected = {
        ("/api/cards/{stableCardId}/face.png", "image/png"),
        ("/api/cards/{stableCardId}/face.svg", "image/svg+xml"),
        ("/api/cards/sheet.pdf", "application/pdf"),
        ("/api/decks/{id}/sheet.pdf", "application/pdf"),
        ("/api/decks/{id}/tts.zip", "application/zip"),
        ("/api/print-jobs/{id}/sheet.pdf", "application/pdf"),
    }
    assert expected <= set(answers)
    assert all(answer == {"type": "string", "format": "binary"} for answer in answers.values()), answers


def test_a_deck_patch_is_one_of_the_two_shapes_each_key_optional(schema):
    body = schema["paths"]["/api/decks/{id}/"]["patch"]["requestBody"]
    assert list(body["content"]) == ["application/json"]
    shapes = component(schema, body["content"]["application/json"]["schema"]["$ref"])
    by_sections, by_decklist = (component(schema, one["$ref"]) for one in shapes["oneOf"])
    assert "required" not in by_sections  # a name alone, a section alone...
    assert "decklist" not in by_sections["properties"]
    assert by_sections["not"] == {"required": ["decklist"]}  # so that a body is exactly one shape
    assert by_decklist["required"] == ["decklist"]
    assert "sections" not in by_decklist["properties"]


def test_the_server_patches_a_deck_by_either_shape_and_refuses_both(api, playtester, make_card):
    card = make_card("vanguard", stableCardId="VG-TD01-001")
    client = api(playtester)
    created = client.post(
        "/api/decks/",
        {"game": "vanguard", "name": "Patched", "sections": {"main": [{"card": card.stable_id, "count": 1}]}},
        format="json",
    )
    assert created.status_code == 201, created.content
    url = f"/api/decks/{created.json()['id']}/"
    by_decklist = client.patch(url, {"decklist": f"main:\n3 {card.name}"}, format="json")
    assert by_decklist.status_code == 200, by_decklist.content
    assert by_decklist.json()["sections"]["main"] == [{"card": card.name, "count": 3}]  # as written
    by_sections = client.patch(
        url, {"sections": {"main": [{"card": card.stable_id, "count": 2}]}}, format="json"
    )
    assert by_sections.status_code == 200, by_sections.content
    assert by_sections.json()["sections"]["main"] == [{"card": card.stable_id, "count": 2}]
    renamed = client.patch(url, {"name": "Renamed"}, format="json")
    assert renamed.status_code == 200 and renamed.json()["name"] == "Renamed"
    both = client.patch(
        url,
        {"decklist": f"main:\n3 {card.name}", "sections": {"main": [{"card": card.stable_id}]}},
        format="json",
    )
    assert both.status_code == 400
    assert client.get(url).json()["sections"]["main"] == [
        {"card": card.stable_id, "count": 2}
    ]  # nothing lost


@pytest.mark.parametrize("fmt", ["multipart", None])
def test_a_json_route_refuses_a_form_body_with_a_clear_415(api, playtester, make_card, fmt):
    card = make_card("vanguard", stableCardId="VG-TD01-001")
    client = api(playtester)
    body = {"game": "vanguard", "decklist": f"main:\n4 {card.name}"}
    if fmt == "multipart":
        answer = client.post("/api/decks/validate/", body, format="multipart")
        sent = "multipart/form-data"
    else:
        answer = client.post(
            "/api/decks/validate/",
            "game=vanguard&decklist=x",
            content_type="application/x-www-form-urlencoded",
        )
        sent = "application/x-www-form-urlencoded"
    assert answer.status_code == 415
    detail = answer.json()["detail"]
    assert "application/json" in detail and sent in detail  # what the route reads, what it got
    assert "Content-Type: application/json" in detail  # how to send it
    json_answer = client.post("/api/decks/validate/", body, format="json")
    assert json_answer.status_code == 200


def test_the_artwork_upload_reads_a_form_and_its_other_writes_json(api, designer, make_card):
    card = make_card("vanguard", stableCardId="VG-TD01-001")
    client = api(designer)
    answer = client.post(f"/api/cards/{card.stable_id}/artwork/", {"kind": "HD"}, format="json")
    assert answer.status_code == 415
    assert "multipart/form-data" in answer.json()["detail"]


def test_the_415_is_said_in_french_and_russian(api, playtester):
    client = api(playtester)
    for lang, word in (
        ("fr", "cette route ne lit que application/json"),
        ("ru", "читает только application/json"),
    ):
        answer = client.post(
            "/api/decks/validate/", "a=1", content_type="text/plain", HTTP_ACCEPT_LANGUAGE=lang
        )
        assert answer.status_code == 415
        assert word in answer.json()["detail"]
