"""Decklists as other tools write them (issue 40, item 3): a Cockatrice ``.cod`` file, an MTG
Arena-style list, deckstats, Untap, Vanguard's printed codes, a name followed by its bare code, a
JSON array of Tabletop Simulator codes and a Pixelborn deck code. Each sample in ``shapes/`` was
written for these tests in the shape its tool writes (not copied from the tool), and each must
resolve to the same cards as the plain list beside it: the 50 cards of the Royal Paladin trial deck
(vanguard), and a riftbound deck for the Pixelborn code (riftbound's own).

Pure: read by decks.interchange, placed and validated by rules as the services do.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from decks.interchange import parse_decklist

from .test_deck_sites import EVERY_RB, EVERY_VG, RB, RB_CARDS, VG, VG_CARDS, legal, read

SHAPES = Path(__file__).parent / "shapes"
VG_SHAPES = [
    "cockatrice.cod",
    "arena.txt",
    "deckstats.txt",
    "untap.txt",
    "printed.txt",
    "name-code.txt",
    "tts.json",
]
NAMES = {c.stable_id: c.name for c in [*VG_CARDS, *RB_CARDS]}


def sample(name: str) -> str:
    return (SHAPES / name).read_text(encoding="utf-8")


def cards_of(data, result) -> Counter:
    """The deck's cards by name and count, every section and pick together, as the validation resolved them."""
    counted: Counter = Counter()
    for section, entries in data.sections.items():
        for entry in entries:
            stable_id = result.resolved.get(section, {}).get(entry.ref, entry.ref)
            counted[(section, NAMES.get(stable_id, f"unresolved {entry.ref}"))] += entry.count
    for pick, ref in data.picks.items():
        if ref:
            stable_id = result.resolved.get(pick, {}).get(ref, ref)
            counted[(pick, NAMES.get(stable_id, f"unresolved {ref}"))] += 1
    return counted


def vanguard(text: str):
    _raw, data, result = read(text, game=VG, collection=EVERY_VG)
    return cards_of(data, legal(result)), result


def test_the_plain_vanguard_list_is_the_50_cards_of_the_trial_deck():
    cards, result = vanguard(sample("plain.txt"))
    assert result.counts == {"main": 50}
    assert sum(cards.values()) == 50 and len(cards) == 16


@pytest.mark.parametrize("shape", VG_SHAPES)
def test_every_shape_resolves_to_the_same_50_cards_as_the_plain_list(shape):
    plain, _ = vanguard(sample("plain.txt"))
    cards, result = vanguard(sample(shape))
    assert result.counts["main"] == 50 and sum(result.counts.values()) == 50
    assert cards == plain


@pytest.mark.parametrize("shape", ["untap.txt", "printed.txt", "deckstats.txt", "name-code.txt", "tts.json"])
def test_a_code_names_its_printing_not_only_its_name(shape):
    """Blaster Blade is printed in TD01 (005) and BT01 (002): the code picks TD01's."""
    _cards, result = vanguard(sample(shape))
    assert "TD01-005" in result.resolved["main"].values()


def test_a_cockatrice_file_is_read_as_xml_with_its_name_zones_and_printings():
    raw, findings = parse_decklist(sample("cockatrice.cod"))
    assert findings == []
    assert raw["game"] == VG  # its comments name the game
    assert raw["name"] == "Royal Paladin trial deck"
    assert "sideboard" not in raw["sections"]  # an empty zone
    main = raw["sections"]["main"]
    assert len(main) == 16 and sum(e["count"] for e in main) == 50
    assert {"card": "Blaster Blade (TD01) 005", "count": 1} in main


def test_a_cockatrice_side_zone_is_the_sideboard():
    text = sample("cockatrice.cod").replace(
        '<zone name="side"/>', '<zone name="side"><card number="2" name="Flogal"/></zone>'
    )
    raw, findings = parse_decklist(text)
    assert findings == []
    assert raw["sections"]["sideboard"] == [{"card": "Flogal", "count": 2}]


def test_arenas_about_and_name_lines_are_not_cards():
    raw, findings = parse_decklist(sample("arena.txt"), game=VG)
    assert findings == []
    assert raw["name"] == "Royal Paladin trial deck"
    refs = [e["card"] for e in raw["sections"]["main"]]
    assert not any(ref.lower().startswith(("about", "name")) for ref in refs)
    assert "placeByType" not in raw  # "Deck" is its header


def test_a_pixelborn_code_resolves_to_the_same_riftbound_deck_as_the_plain_list():
    _raw, plain_data, plain_result = read(sample("riftbound-plain.txt"), collection=EVERY_RB)
    _raw, data, result = read(sample("pixelborn.txt"), game=RB, collection=EVERY_RB)
    legal(plain_result), legal(result)
    assert result.counts == plain_result.counts
    assert data.picks == {**plain_data.picks, "legend": "OGN-265-1", "champion": "OGN-246-1"}
    assert _totals(cards_of(data, result)) == _totals(cards_of(plain_data, plain_result))


def _totals(cards: Counter) -> Counter:
    """Each card's copies in the whole deck (the Chosen Champion is one of the main deck's)."""
    totals: Counter = Counter()
    for (section, name), count in cards.items():
        if section != "champion":
            totals[name] += count
    return totals


@pytest.mark.parametrize(
    "text",
    [
        "<cockatrice_deck><zone name='main'><card number='4' name='Flogal'>",  # not well-formed
        "<deck><card>Flogal</card></deck>",  # another XML
        '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY e "x">]><cockatrice_deck><zone/></cockatrice_deck>',
        '["TD01-001-1", "Flogal"]',
        '["TD01-001-1", 4]',
        "[]",
        "[" * 5000 + "]" * 5000,  # deeper than any JSON the studio reads
        '["TD01-001-1", "\\ud800"]',
    ],
)
def test_xml_and_json_that_are_no_deck_are_one_finding_never_a_crash(text):
    raw, findings = parse_decklist(text, game=VG)
    assert raw is None
    (finding,) = findings
    assert finding.code == "DECKLIST_INVALID"
    assert finding.params["problemKey"] in ("COCKATRICE_XML", "CODES_ARRAY")


def test_a_bracketed_first_line_that_is_no_json_is_a_text_line():
    raw, findings = parse_decklist("[TD01#016] Flogal x4\n", game=VG)
    assert findings == []
    assert raw["sections"]["main"] == [{"card": "[TD01#016] Flogal", "count": 4}]


@pytest.mark.parametrize(
    "text, words",
    [
        ("<deck/>", {"fr": "fichier de deck Cockatrice", "ru": "файл колоды Cockatrice"}),
        ('["Flogal"]', {"fr": "codes Tabletop Simulator", "ru": "кодов Tabletop Simulator"}),
    ],
)
def test_the_new_findings_speak_french_and_russian(text, words):
    from django.utils import translation

    from common.finding_messages import message

    _raw, (finding,) = parse_decklist(text, game=VG)
    for language, expected in words.items():
        with translation.override(language):
            assert expected in message(finding)


# --- the same parser everywhere: checkdeck FILE, the API's decklist ----------------------------------
@pytest.mark.parametrize("shape", ["cockatrice.cod", "tts.json", "arena.txt", "untap.txt"])
def test_checkdeck_reads_each_shape(shape, load_cards, tmp_path):
    from .test_commands import run

    load_cards("vanguard")
    status, out, err = run("checkdeck", str(SHAPES / shape), "--game", VG, "--json")
    assert err == ""
    assert status in (0, 1)  # read; legal or not is the collection's business (checkdeck owns none)
    result = json.loads(out)
    assert result["counts"]["main"] == 50
    assert not [v for v in result["violations"] if v["code"] in ("UNKNOWN_CARD", "AMBIGUOUS_CARD")]


@pytest.mark.parametrize("shape", ["cockatrice.cod", "tts.json", "deckstats.txt"])
def test_the_api_validates_each_shape_as_a_decklist(shape, api, playtester, load_cards):
    load_cards("vanguard")
    response = api(playtester).post(
        "/api/decks/validate/", {"game": VG, "decklist": sample(shape)}, format="json"
    )
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["counts"]["main"] == 50
    assert not [v for v in body["violations"] if v["code"] in ("UNKNOWN_CARD", "AMBIGUOUS_CARD")]


def test_the_api_answers_a_broken_cod_file_with_400(api, playtester, db):
    response = api(playtester).post(
        "/api/decks/validate/", {"game": VG, "decklist": "<cockatrice_deck><zone>"}, format="json"
    )
    assert response.status_code == 400
    assert "COCKATRICE_XML" in response.content.decode()


def test_a_cockatrice_file_of_too_many_cards_is_refused_before_it_is_read():
    cards = '<card name="F"/>' * 10_001  # 160,016 characters: under the limit of characters, not of lines
    text = f'<cockatrice_deck version="1"><zone name="main">{cards}</zone></cockatrice_deck>'
    raw, (finding,) = parse_decklist(text, game=VG)
    assert raw is None and finding.code == "DECK_INVALID"
    assert finding.params["problemKey"] == "DECKLIST_TOO_MANY_LINES"


@pytest.mark.parametrize("shape", ["cockatrice.cod", "tts.json", "deckstats.txt", "arena.txt"])
def test_the_import_page_reads_each_shape_pasted(shape, client_as, playtester, load_cards):
    from django.urls import reverse

    from decks.models import Deck

    load_cards("vanguard")
    text = sample(shape)
    if shape == "deckstats.txt":  # its first line a code in brackets, which is no JSON
        text = text.replace("//Main\n", "")
    response = client_as(playtester).post(reverse("decks:import"), {"text": text, "game": VG})
    assert response.status_code == 302, response.content.decode()[:2000]
    deck = Deck.objects.get()
    assert sum(e.count for e in deck.entries.all()) == 50
    assert not [v for v in deck.violations if v["code"] in ("UNKNOWN_CARD", "AMBIGUOUS_CARD")]


def test_a_design_tools_card_sheet_with_a_quantity_column_is_a_deck_of_that_many_copies():
    """Issue 40, item 4: "quantity may make copies when the file is a deck" (the nanDECK sheet of
    tests/cards/sheets, its title row above the header, read as a deck)."""
    text = (SHAPES.parent.parent / "cards" / "sheets" / "nandeck-title-row.csv").read_text(encoding="utf-8")
    raw, findings = parse_decklist(text, game=VG)
    assert findings == []
    assert raw["sections"]["main"] == [
        {"card": "SH-001", "count": 3},
        {"card": "SH-002", "count": 4},
        {"card": "SH-003", "count": 4},
    ]


def test_the_50_cards_as_a_name_and_quantity_sheet():
    plain, _ = vanguard(sample("plain.txt"))
    rows = [line.split(" ", 1) for line in sample("plain.txt").splitlines()[3:]]
    sheet = "Royal Paladin (printing sheet);;\nquantity;name;image\n" + "".join(
        f'{count};"{name}";img/{i}.png\n' for i, (count, name) in enumerate(rows)
    )
    cards, _result = vanguard(sheet)
    assert cards == plain
