"""The OpenAPI schema: valid, public, and listing every status code (the fuzzing of every operation as
every role is tests/studio/test_api_fuzz.py)."""


def test_the_schema_is_valid_openapi_without_a_warning(tmp_path):
    from django.core.management import call_command

    # drf-spectacular validates against the OpenAPI 3.0 meta-schema; any warning fails the command.
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yaml"))
    assert "/api/cards/{stableCardId}/status/" in (tmp_path / "schema.yaml").read_text()


def test_the_schema_and_its_documentation_are_public(client):
    assert client.get("/api/schema/").status_code == 200
    docs = client.get("/api/docs/")
    assert docs.status_code == 200 and b"swagger-ui" in docs.content


def test_every_operation_lists_the_error_answers_it_can_give(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    assert schema["components"]["schemas"]["Error"]["additionalProperties"] is True
    operations = [
        (path, method, op)
        for path, ops in schema["paths"].items()
        for method, op in ops.items()
        if method in {"get", "post", "put", "patch", "delete"}
    ]
    assert len(operations) >= 70
    for path, method, op in operations:
        codes = set(op["responses"])
        assert {"400", "401", "403", "404", "405", "429"} <= codes, (method, path)
        if "requestBody" in op:
            assert {"413", "415"} <= codes, (method, path)
        if method != "get":
            assert "409" in codes, (method, path)
        for code in codes - {"200", "201", "202", "204", "304"}:
            assert "application/json" in op["responses"][code].get("content", {}), (method, path, code)
    versioned = {(p, m) for p, m, op in operations if "412" in op["responses"]}
    assert {
        ("/api/cards/{stableCardId}/", "patch"),
        ("/api/cards/{stableCardId}/status/", "post"),
        ("/api/decks/{id}/", "put"),
        ("/api/decks/{id}/", "patch"),
        ("/api/decks/{id}/", "delete"),
        ("/api/proposals/{id}/accept/", "post"),
    } <= versioned
    assert ("/api/decks/", "get") not in versioned
