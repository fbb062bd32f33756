"""Pasted decklists through the pages and the API (issue 29): a pasted deck is named in the
player's language or by the paste's first comment line; a list without headers is placed by card
type when stored; bad input (a megabyte, controls, lone surrogates, direction marks) is read or
refused with a clear 400, never a 500."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from decks.models import Deck
from tests import module_data


@pytest.fixture
def playtester(vanguard_td01_built, db):
    return module_data.fresh(vanguard_td01_built["playtester"])


@pytest.fixture
def vanguard_owner(playtester):
    return playtester


@pytest.mark.parametrize(
    ("language", "name"), [("en", "Untitled deck"), ("fr", "Deck sans titre"), ("ru", "Колода без названия")]
)
def test_a_pasted_deck_is_named_in_the_players_language(client_as, vanguard_owner, language, name):
    client = client_as(vanguard_owner)
    response = client.post(
        reverse("decks:import"),
        {"game": "vanguard", "text": "4 Blaster Blade\n"},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 302
    assert Deck.objects.get().name == name


def test_a_pasted_deck_is_named_by_its_first_comment_line(client_as, vanguard_owner):
    text = "// Royal Paladin — Blaster\n# built for the club\nMAIN DECK\n4 Blaster Blade\n"
    response = client_as(vanguard_owner).post(reverse("decks:import"), {"game": "vanguard", "text": text})
    assert response.status_code == 302
    assert Deck.objects.get().name == "Royal Paladin — Blaster"


def test_a_headerless_riftbound_list_is_stored_placed_by_type(client_as, load_cards, playtester):
    load_cards("riftbound")
    text = "1 Example Hero Legend\n\n3 Example Hero Champion\n3 Example Fury Recruit\n\n1 Example Bridge Battlefield\n\n6 Example Fury Rune\n"
    response = client_as(playtester).post(reverse("decks:import"), {"game": "riftbound", "text": text})
    assert response.status_code == 302
    deck = Deck.objects.get()
    entries = {
        (e.kind, e.section, e.card.stable_id if e.card_id else e.ref, e.count) for e in deck.entries.all()
    }
    assert entries == {
        ("PICK", "legend", "RB-EX-001", 1),
        ("PICK", "champion", "RB-EX-002", 1),
        ("CARD", "main", "RB-EX-002", 3),
        ("CARD", "main", "RB-EX-003", 3),
        ("CARD", "battlefields", "RB-EX-019", 1),
        ("CARD", "runes", "RB-EX-017", 6),
    }


@pytest.mark.parametrize(
    "text",
    [
        "1 Blaster Blade\n" * 70_000,  # a megabyte
        "\n" * 100_000 + "1 Blaster Blade",
        "MAIN DECK\n" * 100_000,
        "game: vanguard\nmain:\n4 Blaster\x1b Blade\n",
        "\u202e4 Blaster Blade\u202c\n\u200f4 Wingal\n",
    ],
    ids=["1MB", "100k-lines", "100k-headers", "control", "rtl"],
)
def test_bad_input_through_the_import_page_is_a_clear_answer(client_as, vanguard_owner, text):
    response = client_as(vanguard_owner).post(reverse("decks:import"), {"game": "vanguard", "text": text})
    assert response.status_code in (302, 400)
    if response.status_code == 400:
        assert b"decklist" in response.content or b"line" in response.content


@pytest.mark.parametrize("odd", ["\ud800", "\udfff", "\x00", "\x07"])
def test_a_lone_surrogate_or_control_through_the_api_is_a_400_naming_its_line(api, vanguard_owner, odd):
    body = json.dumps({"game": "vanguard", "decklist": f"main:\n4 Blaster Blade\n4 Win{odd}gal\n"})
    response = api(vanguard_owner).post("/api/decks/validate/", body, content_type="application/json")
    assert response.status_code == 400, response.content
    said = json.dumps(response.json())
    # The JSON reader refuses a lone surrogate or a NUL where it is (common.guards); the decklist
    # reader names the line of any other control.
    assert "decklist" in said and (
        '"line": 3' in said or "surrogate" in said or "NUL" in said or "U+0000" in said
    ), said


def test_a_megabyte_decklist_through_the_api_is_refused_clearly(api, vanguard_owner):
    body = {"game": "vanguard", "decklist": "4 Blaster Blade\n" * 70_000}
    response = api(vanguard_owner).post("/api/decks/validate/", body, format="json")
    assert response.status_code == 400
    assert "characters" in json.dumps(response.json())
