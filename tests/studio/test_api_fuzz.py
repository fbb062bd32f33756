"""Schemathesis over the whole API (/api/schema/): every operation, as every role, derandomized.

For each operation and role a fixed set of cases (``FUZZ_EXAMPLES`` each, positive and negative
data) is sent through the WSGI application. Each answer must be no server error, have a status
code the schema lists for the operation (common.schema adds the error answers), and a body that
matches the schema of that status code. Path parameters name real objects (a card, a deck, a
format...) so that the requests reach the services instead of meeting 404s only.

Bounded: about ``FUZZ_EXAMPLES`` cases per operation, each sent as each of the 5 roles
(``FUZZ_EXAMPLES=0`` skips; CI runs it on SQLite and on PostgreSQL as part of the suite).
"""

from __future__ import annotations

import importlib.util
import os
import re
import sys

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance, status_code_conformance

from studio.wsgi import application
from tests import api_schema
from tests.module_data import built_once, make_user

# Schemathesis imports Flask on each call it sends (to catch a Flask application's exceptions), and
# an import that failed is searched for again along sys.path each time: 3 % of this module's CPU.
# Flask is not installed: marked absent once, the import fails at once, as it failed each time.
if importlib.util.find_spec("flask") is None:
    sys.modules.setdefault("flask", None)

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "6"))
ROLES = ["anonymous", "playtester", "designer", "reviewer", "admin"]

# Examples (from the schema) and fuzzing, positive and negative; the coverage phase's many hundred
# boundary cases per operation would take far longer (the guards' tests send those on purpose).
CONFIG = schemathesis.Config.from_dict({"phases": {"coverage": {"enabled": False}}})
# The schema as JSON: the same document as the YAML default, read in a tenth of the time (PyYAML
# took half a CPU-second of every process's collection). Loaded as ``from_wsgi`` loads it, the
# studio asked once in a run (tests/api_schema.py), not by each process that collects this module.
SCHEMA_PATH = "/api/schema/?format=json"
schema = schemathesis.openapi.from_file(api_schema.served(application, SCHEMA_PATH), config=CONFIG)
schema.app = application
schema.location = SCHEMA_PATH

pytestmark = pytest.mark.skipif(EXAMPLES <= 0, reason="FUZZ_EXAMPLES=0")


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


@pytest.fixture(scope="module")
def built_world(request, django_db_setup, django_db_blocker, tmp_path_factory):
    """The world, built once for the module (``tests.module_data.built_once``): each test runs in a
    savepoint of the module's transaction, so whatever a test's requests change is undone before the
    next test. (Built for each of the 128 tests, it was a third of the module's CPU.)"""
    with built_once(request, django_db_blocker, tmp_path_factory):
        yield build_world()


@pytest.fixture
def world(built_world, db, keep_connections):
    """The module's world, in this test's savepoint (``db``, after ``built_world``'s transaction)."""
    return built_world


def make_card(game: str = "darkrow", user=None, **data):
    from tests.factories import new_card

    return new_card(game, user, **data)


def build_world():
    """A card of each status, a deck, a card list, an audit, a proposal, a print job; who owns what."""
    from cards import services as card_services
    from decks import services as deck_services
    from decks.models import DeckFormat, NamedCardList
    from faces.models import PrintJob
    from reviews import services as review_services
    from reviews.models import Audit

    users = {
        "playtester": make_user("playtester", username="fuzz-playtester"),
        "designer": make_user("designer", username="fuzz-designer"),
        "reviewer": make_user("reviewer", username="fuzz-reviewer"),
        "admin": make_user(username="fuzz-admin", is_superuser=True, is_staff=True),
    }
    draft = make_card(stableCardId="DR-U01", user=users["designer"])
    shown = make_card("vanguard", stableCardId="VG-TD01-001", user=users["designer"])
    card_services.card_set_status(stable_id=shown.stable_id, status="VALIDATED", user=users["reviewer"])
    deck = deck_services.deck_create(
        data={
            "game": "vanguard",
            "name": "fuzz",
            "sections": {"main": [{"card": shown.stable_id, "count": 4}]},
        },
        user=users["playtester"],
    )
    card_list = NamedCardList.objects.create(game="duel", key="fuzz", name="Fuzz")
    audit = Audit.objects.create(game="duel")
    proposal = review_services.proposal_submit_change(
        stable_id=draft.stable_id, changes={"text": "fuzzed"}, user=users["designer"]
    )
    job = PrintJob.objects.create(game="vanguard", created_by=users["playtester"])
    from tables.services import table_create

    # A hot-seat table of the playtester (the same deck at both seats): its routes reach the services.
    table = table_create(mode="free", user=users["playtester"], deck=deck, opponent_deck=deck, seed=1)
    from comments.services import comment_create

    # A thread on the draft (the designer's): the comment routes reach the services.
    comment = comment_create(user=users["designer"], data={"body": "fuzz @fuzz-reviewer"}, card=draft)
    ids = {
        r"^/api/decks/\{id\}/": deck.pk,
        r"^/api/formats/\{id\}/": DeckFormat.objects.filter(game="vanguard").first().pk,
        r"^/api/card-lists/\{id\}/": card_list.pk,
        r"^/api/audits/\{id\}/": audit.pk,
        r"^/api/proposals/\{id\}/": proposal.pk,
        r"^/api/print-jobs/\{id\}/": job.pk,
        r"^/api/tables/\{id\}/": table.pk,
        r"^/api/comments/\{id\}/": comment.pk,
    }
    tokens = {role: Token.objects.create(user=user).key for role, user in users.items()}
    # Two decks of the admin's, for a paper game of their own (the fuzzed deck is the playtester's).
    decks = [
        deck_services.deck_create(
            data={
                "game": "vanguard",
                "name": f"fuzz {n}",
                "sections": {"main": [{"card": shown.stable_id, "count": 4}]},
            },
            user=users["admin"],
        ).pk
        for n in (1, 2)
    ]
    return {
        "tokens": tokens,
        "ids": ids,
        "draft": draft.stable_id,
        "shown": shown.stable_id,
        "decks": decks,
    }


def real_objects(case, world) -> None:
    """Point the case's path at real objects (its other values stay as generated)."""
    params = case.path_parameters or {}
    for name in ("stableCardId", "stable_id"):
        if name in params:
            params[name] = world["shown"] if case.method == "GET" else world["draft"]
    if "game" in params:
        params["game"] = "vanguard"
    if "id" in params:
        for pattern, pk in world["ids"].items():
            if re.match(pattern, case.path):
                params["id"] = pk


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
    derandomize=True,
)
def test_every_operation_as_every_role(case, world):
    """Each case is sent once per role (anonymous, playtester, designer, reviewer, admin)."""
    real_objects(case, world)
    for role in ROLES:
        headers = {"Authorization": f"Token {world['tokens'][role]}"} if role != "anonymous" else {}
        response = case.call(headers=headers)
        try:
            case.validate_response(
                response, checks=[not_a_server_error, status_code_conformance, response_schema_conformance]
            )
        except Exception as failure:
            failure.add_note(f"as {role}")
            raise


# --- a text field sent as another JSON type (issue 47) ------------------------------------------------
# A body each operation accepts (with the world's objects), so that the wrong type is the one thing
# wrong with it; an operation not named here is sent the field alone.
ACCEPTED = {
    ("POST", "/api/cards/{stableCardId}/status/"): {"status": "NEEDS_REVIEW"},
    ("POST", "/api/cards/{stableCardId}/revert/"): {"version": 1},
    ("PUT", "/api/cards/{stableCardId}/translations/{language}/"): {"name": "Kazuha", "text": ""},
    ("POST", "/api/cards/{stableCardId}/translations/{language}/status/"): {"status": "NEEDS_REVIEW"},
    ("POST", "/api/reviews/transition/"): {"cards": ["DR-U01"], "status": "NEEDS_REVIEW"},
    ("POST", "/api/proposals/"): {"stableCardId": "DR-U01", "changes": {"text": "again"}},
    ("POST", "/api/proposals/{id}/reject/"): {},
    ("POST", "/api/card-lists/"): {"game": "duel", "key": "typed", "name": "Typed", "cards": []},
    ("PATCH", "/api/card-lists/{id}/"): {},
    ("PATCH", "/api/formats/{id}/"): {},
    ("POST", "/api/playstats/paper-games/"): {"decks": ["deck", "other deck"], "winner": 1},
}
# The notes, comments and free texts: a value that is not a text is a 400 FIELD_INVALID naming it.
FREE_TEXT = {"note", "notes", "why", "description"}
NOT_TEXT = [True, 123, ["a note"], {"a": "note"}]


def text_fields(operation) -> list[str]:
    """The JSON body's properties the schema declares as free strings (no enum, no format)."""
    raw = schema.raw_schema
    body = raw["paths"][operation.path][operation.method.lower()].get("requestBody") or {}
    definition = (body.get("content") or {}).get("application/json", {}).get("schema", {})
    if "$ref" in definition:
        definition = raw["components"]["schemas"][definition["$ref"].split("/")[-1]]
    return [
        name
        for name, value in (definition.get("properties") or {}).items()
        if value.get("type") == "string" and "enum" not in value and "format" not in value
    ]


def test_every_text_field_sent_as_another_type_is_a_400_never_a_500(world):
    checked, wrong_answers = set(), []
    for result in schema.get_all_operations():
        operation = result.ok()
        accepted = ACCEPTED.get((operation.method.upper(), operation.path))
        for name in text_fields(operation):
            for wrong in NOT_TEXT:
                body = dict(accepted or {})
                if "decks" in body:
                    body["decks"] = world["decks"]
                body[name] = wrong
                case = operation.Case(body=body, media_type="application/json")
                case.path_parameters = {p.name: "ru" for p in operation.path_parameters}
                real_objects(case, world)
                response = case.call(headers={"Authorization": f"Token {world['tokens']['admin']}"})
                said = f"{operation.method.upper()} {operation.path} {name}={wrong!r}: {response.status_code} {response.text[:200]}"
                if response.status_code >= 500:
                    wrong_answers.append(said)
                elif name in FREE_TEXT and accepted is not None:
                    codes = {(e["code"], e.get("field")) for e in (response.json() or {}).get("errors", [])}
                    if response.status_code != 400 or ("FIELD_INVALID", name) not in codes:
                        wrong_answers.append(said)
                    checked.add((operation.path, name))
    assert not wrong_answers, "\n".join(wrong_answers)
    assert len(checked) >= len(ACCEPTED), sorted(checked)
