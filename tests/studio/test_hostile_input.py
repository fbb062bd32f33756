"""Hostile input is a 400 that says what and where, never a 500 (issue 24): lone surrogates in JSON
bodies, queries nested past the grammar's stack, control characters in card text, and a database
connection lost in the middle of an API request (a JSON 503 with Retry-After)."""

from __future__ import annotations

import html
import re
from unittest import mock

import pytest
from django.db import OperationalError
from django.utils import translation

from cards.models import Card
from cards.query import MAX_NESTING, QueryError, parse
from common import guards
from tests.decks.pages import small_duel

pytestmark = pytest.mark.django_db

SURROGATE = '"\\udc80"'  # JSON's escape of half a surrogate pair: json.loads accepts it


def body(**raw: str) -> str:
    """A JSON object whose values are JSON text as given (so an escape stays an escape)."""
    return "{" + ", ".join(f'"{key}": {value}' for key, value in raw.items()) + "}"


# --- lone surrogates -----------------------------------------------------------------------------------
def test_the_reader_refuses_a_lone_surrogate_and_names_the_field():
    with pytest.raises(guards.BadInput) as refused:
        guards.loads(body(name=SURROGATE))
    assert refused.value.field == "name" and "\\udc80" in str(refused.value)
    with pytest.raises(guards.BadInput, match="key"):
        guards.loads('{"\\ud800x": 1}')
    assert guards.loads('"\\ud83d\\ude00"') == "\U0001f600"  # a whole pair is a character


@pytest.mark.parametrize(
    "method, path, raw",
    [
        ("post", "/api/cards/", body(game='"darkrow"', name=SURROGATE, type='"UNIT"')),
        ("post", "/api/decks/validate/", body(game='"darkrow"', name=SURROGATE)),
        ("post", "/api/decks/", body(game='"darkrow"', name=SURROGATE, sections="{}")),
        ("patch", "/api/cards/DR-U01/", body(text=SURROGATE)),
    ],
)
def test_a_lone_surrogate_in_a_body_is_a_400_naming_the_field(api, designer, make_card, method, path, raw):
    make_card(stableCardId="DR-U01")
    response = getattr(api(designer), method)(path, data=raw, content_type="application/json")
    assert response.status_code == 400, response.content
    detail = response.json()["detail"]
    assert "\\udc80" in detail and ("['name']" in detail or "['text']" in detail), detail


def test_an_answer_holding_a_surrogate_is_written_as_escapes():
    from common.renderers import JSONRenderer

    assert JSONRenderer().render({"name": "a\udc80"}) == b'{"name":"a\\udc80"}'


# --- queries nested too deeply ------------------------------------------------------------------------
DEEP = ["(" * 200 + "kazuha" + ")" * 200, "-" * 900 + "kazuha", "-(" * 40 + "x" + ")" * 40]


@pytest.mark.parametrize("text", DEEP)
def test_a_query_nested_too_deeply_is_an_error_with_a_hint(text):
    with pytest.raises(QueryError) as refused:
        parse(text)
    assert f"more than {MAX_NESTING} levels" in str(refused.value)
    assert refused.value.hint and refused.value.column <= MAX_NESTING * 2 + 1


def test_a_query_nested_to_the_limit_is_read():
    assert parse("(" * MAX_NESTING + "kazuha" + ")" * MAX_NESTING).terms()[0].value == "kazuha"
    assert parse("-" * MAX_NESTING + "kazuha").terms()[0].value == "kazuha"
    # '-' inside words, values and quotes is no nesting
    assert len(parse('a-b cost:-3 "---((("' + " -x" * 40).terms()) == 43


def test_the_nesting_error_is_translated():
    said = {}
    for language in ("en", "fr", "ru"):
        with translation.override(language), pytest.raises(QueryError) as refused:
            parse(DEEP[1])
        said[language] = str(refused.value)
    assert len(set(said.values())) == 3, said


@pytest.mark.parametrize("text", DEEP[:2])
def test_the_card_browser_the_api_and_the_builder_explain_a_deep_query(
    client_as, api, designer, playtester, text
):
    from cards.demo import card_set
    from cards.imports import cards_import

    page = client_as(designer).get("/cards/", {"q": text})
    assert page.status_code == 200
    assert f"more than {MAX_NESTING} levels" in html.unescape(page.content.decode())
    answer = api(designer).get("/api/cards/", {"query": text})
    assert answer.status_code == 400 and f"more than {MAX_NESTING} levels" in answer.json()["reason"]
    cards_import(payload=card_set("duel"))
    deck = small_duel(playtester)
    builder = client_as(playtester).get(f"/decks/{deck.pk}/cards/", {"q": text})
    assert builder.status_code == 200
    assert f"more than {MAX_NESTING} levels" in html.unescape(builder.content.decode())


# --- control characters in card text ------------------------------------------------------------------
@pytest.mark.parametrize(
    "field, value, code",
    [
        ("text", "Pioche\x0bune carte", "U+000B"),
        ("text", "\x0c", "U+000C"),
        ("name", "Kazuha\x1b[31m", "U+001B"),
        ("name", "Kazuha\nbis", "U+000A"),
        ("set", "BT\t01", "U+0009"),
        ("archetypes", '["gad\\u0007get"]', "U+0007"),
    ],
)
def test_a_control_character_in_card_text_is_refused_naming_field_and_character(
    api, designer, field, value, code
):
    data = {"game": "darkrow", "name": "Toyama Kazuha", "type": "UNIT", "cost": 3, "atk": 4, "pv": 3}
    data[field] = __import__("json").loads(value) if value.startswith("[") else value
    response = api(designer).post("/api/cards/", data, format="json")
    assert response.status_code == 400, response.content
    (found,) = response.json()["errors"]
    assert found["code"] == "FIELD_INVALID" and found["field"] == field
    assert code in found["message"], found
    assert not Card.objects.exists()


def test_tab_and_line_breaks_stay_in_a_cards_text(api, designer):
    text = "Quand elle arrive :\n\tpiochez une carte.\r\nPuis défaussez-en une."
    data = {"game": "darkrow", "name": "Kazuha", "type": "UNIT", "cost": 3, "atk": 4, "pv": 3, "text": text}
    response = api(designer).post("/api/cards/", data, format="json")
    assert response.status_code == 201, response.content
    assert Card.objects.get().text == text


def test_a_control_character_is_named_in_french(api, designer):
    data = {"game": "darkrow", "name": "Kazuha\x1b", "type": "UNIT", "cost": 3, "atk": 4, "pv": 3}
    response = api(designer).post("/api/cards/", data, format="json", HTTP_ACCEPT_LANGUAGE="fr")
    (found,) = response.json()["errors"]
    assert "U+001B" in found["message"] and "caractère" in found["message"], found


def test_a_patch_with_a_control_character_is_refused(api, designer, make_card):
    card = make_card(stableCardId="DR-U01")
    response = api(designer).patch("/api/cards/DR-U01/", {"text": "a\x1bb"}, format="json")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "text"
    card.refresh_from_db()
    assert card.text == ""


# --- the database connection lost ---------------------------------------------------------------------
LOST = OperationalError("server closed the connection unexpectedly")


def test_a_read_whose_connection_was_lost_is_tried_once_more(api, designer, make_card):
    make_card(stableCardId="DR-U01")
    from cards.api import views

    real = views.card_list
    with mock.patch.object(views, "card_list", side_effect=[LOST, real(user=designer)]) as reads:
        response = api(designer).get("/api/cards/")
    assert response.status_code == 200 and response.json()["count"] == 1
    assert reads.call_count == 2


def test_a_read_that_keeps_failing_is_a_json_503_with_retry_after(api, designer):
    from cards.api import views

    with mock.patch.object(views, "card_list", side_effect=LOST) as reads:
        response = api(designer).get("/api/cards/")
    assert response.status_code == 503
    assert response["Content-Type"] == "application/json"
    assert int(response["Retry-After"]) > 0
    assert response.json()["code"] == "database_unavailable"
    assert reads.call_count == 2


def test_a_write_whose_connection_was_lost_is_a_503_sent_once(api, designer):
    from cards.api import views

    data = {"game": "darkrow", "name": "Kazuha", "type": "UNIT", "cost": 3, "atk": 4, "pv": 3}
    with mock.patch.object(views.services, "card_create", side_effect=LOST) as writes:
        response = api(designer).post("/api/cards/", data, format="json")
    assert response.status_code == 503 and response["Retry-After"]
    assert re.search("database", response.json()["detail"])
    assert writes.call_count == 1 and not Card.objects.exists()


def test_a_connection_lost_outside_a_view_is_a_json_503(designer):
    from django.test import Client
    from rest_framework.authtoken.models import Token

    client = Client(raise_request_exception=False)
    token = Token.objects.create(user=designer)
    with mock.patch("studio.middleware.UserPreferenceMiddleware.__call__", side_effect=LOST):
        response = client.get("/api/cards/", HTTP_AUTHORIZATION=f"Token {token.key}")
    assert response.status_code == 503 and response.json()["code"] == "database_unavailable"
    assert response["Retry-After"]
