"""Schemathesis over /api/schema/: whatever a client sends to the card routes, never a 500."""

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error

from cards import services
from studio.wsgi import application

# The examples and fuzzing phases (positive and negative cases); the coverage phase's many hundred
# boundary cases would take minutes (tests/cards/test_api.py sends bad values to every key instead).
CONFIG = schemathesis.Config.from_dict({"phases": {"coverage": {"enabled": False}}})

# The schema the studio serves, read through the WSGI application (the schema view needs no database).
schema = schemathesis.openapi.from_wsgi("/api/schema/", application, config=CONFIG).include(
    path_regex="^/api/(cards|games)/"
)


@pytest.fixture
def keep_connections():
    """Like Django's test client: requests must not close the test's database connection.

    Schemathesis calls the WSGI handler itself, which closes connections when a request ends; the
    test's transaction lives on that connection (PostgreSQL; SQLite's in-memory one ignores it).
    """
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def token(db, keep_connections, make_user, make_card):
    """A reviewer (a designer too, so that every route does real work) and a few cards."""
    user = make_user("designer", "reviewer", username="fuzz")
    make_card(stableCardId="DR-U01")
    card = make_card("vanguard", stableCardId="VG-TD01-001")
    services.card_set_status(stable_id=card.stable_id, status="VALIDATED", user=user)
    return Token.objects.create(user=user).key


@schema.parametrize()
@settings(
    max_examples=20, deadline=None, suppress_health_check=list(HealthCheck), database=None, derandomize=True
)
def test_no_request_gets_a_server_error(case, token):
    if "stableCardId" in (case.path_parameters or {}):
        # Random ids only meet 404s; real cards take the requests through the services.
        case.path_parameters["stableCardId"] = "DR-U01" if case.method != "GET" else "VG-TD01-001"
    response = case.call(headers={"Authorization": f"Token {token}"})
    case.validate_response(response, checks=[not_a_server_error])


def test_the_schema_is_valid_openapi_without_a_warning(tmp_path):
    from django.core.management import call_command

    # drf-spectacular validates against the OpenAPI 3.0 meta-schema; any warning fails the command.
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yaml"))
    assert "/api/cards/{stableCardId}/status/" in (tmp_path / "schema.yaml").read_text()


def test_the_schema_and_its_documentation_are_public(client):
    assert client.get("/api/schema/").status_code == 200
    docs = client.get("/api/docs/")
    assert docs.status_code == 200 and b"swagger-ui" in docs.content
