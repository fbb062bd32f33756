"""Decklists as the deck sites export them (FORMATS.md v1.2): one test per shape the contract
names, from lists written for these tests in the shape of each site's export; sideboards as format
data; a list without headers placed by card type; and bad input read or refused, never a crash.

Pure: the text is read by decks.interchange, placed by rules.placement and validated by
rules.decks against cards given here, as the services do with the studio's cards.
"""

from __future__ import annotations

import pytest

from decks.interchange import parse_deck, parse_decklist
from rules import get_ruleset
from rules.decks import validate_deck
from rules.formats import SIDEBOARD, FormatData, SizeBound
from rules.placement import place_by_type
from rules.pool import CardPool
from tests.rules.deckkit import card, demo_cards

RB = "riftbound"


def _rb(sid, name, type, domains=("MIND", "CHAOS"), **fields):
    if type in ("UNIT", "CHAMPION_UNIT"):
        fields.setdefault("might", 2)
    if type in ("UNIT", "CHAMPION_UNIT", "SPELL", "GEAR"):
        fields.setdefault("energy", 2)
    return card(RB, sid, name, type, set=sid.split("-")[0], domains=list(domains), **fields)


RB_CARDS = [
    _rb("OGN-265", "Kennen, Heart of the Tempest", "LEGEND", tags=["Kennen"]),
    _rb("OGN-246", "Kennen, Mighty Minion", "CHAMPION_UNIT", ("MIND",), tags=["Kennen"]),
    _rb("OGN-247", "Jinx, Rebel", "CHAMPION_UNIT", ("CHAOS",), tags=["Jinx"]),
    *[_rb(f"OGN-{100 + i:03d}", f"Storm Adept {chr(65 + i)}", "UNIT", ("MIND",)) for i in range(11)],
    _rb("OGN-120", "Kai'Sa's Eye", "SPELL", ("CHAOS",)),
    _rb("OGN-121", "Thunder Strike", "SPELL", ("MIND",)),
    _rb("OGN-130", "Fury Brute", "UNIT", ("FURY",)),
    *[_rb(f"OGN-{140 + i}", f"Spare Cell {c}", "GEAR", ("MIND",)) for i, c in enumerate("AB")],
    _rb("OGN-089", "Mind Rune", "RUNE", ("MIND",)),
    _rb("OGN-214", "Chaos Rune", "RUNE", ("CHAOS",)),
    *[_rb(f"OGN-{290 + i}", f"Field {name}", "BATTLEFIELD", ()) for i, name in enumerate("ABC")],
]
EVERY_RB = {c.stable_id: 9 for c in RB_CARDS}
MAIN_BODY = (
    "\n".join(f"3 Storm Adept {chr(65 + i)}" for i in range(11)) + "\n3 Thunder Strike\n1 Kai’Sa’s Eye\n"
)

VG = "vanguard"
VG_CARDS = demo_cards(VG)
EVERY_VG = {c.stable_id: 99 for c in VG_CARDS}


def read(text: str, game: str | None = None, fmt: FormatData | None = None, cards=None, collection=None):
    """The validation of a pasted list, as the services run it (placement included)."""
    raw, findings = parse_decklist(text, game=game)
    assert findings == [], [f.message for f in findings]
    deck_input, findings = parse_deck(raw)
    assert findings == [], [f.message for f in findings]
    ruleset = get_ruleset(deck_input.game)
    fmt = fmt or ruleset.default_format_data()
    pool = CardPool(cards if cards is not None else (RB_CARDS if deck_input.game == RB else VG_CARDS))
    sections, picks = deck_input.sections, deck_input.picks
    if deck_input.place_by_type:
        sections, picks = place_by_type(ruleset, sections, picks, pool, fmt.identity)
    deck_input.sections, deck_input.picks = sections, picks
    data = deck_input.data(fmt.key)
    result = validate_deck(ruleset, data, pool, fmt, collection)
    return raw, data, result


def codes(result):
    return [f.code for f in result.violations]


def legal(result):
    assert result.legal, [f.message for f in result.violations]
    return result


# --- riftbound: the shapes of its deck sites -----------------------------------------------------
PILTOVER = f"""Legend:
1 Kennen, Heart of the Tempest
Champion:
1 Kennen, Mighty Minion
MainDeck:
2 Kennen, Mighty Minion
{MAIN_BODY}Battlefields:
1 Field A
1 Field B
1 Field C
Runes:
6 Mind Rune
6 Chaos Rune
Sideboard:
3 Jinx, Rebel
2 Kai'Sa's Eye
"""


def test_a_piltover_archive_list_with_its_sideboard():
    _raw, deck, result = read(PILTOVER, game=RB)
    legal(result)
    assert result.counts == {"main": 40, "runes": 12, "battlefields": 3, SIDEBOARD: 5}
    assert deck.picks == {"legend": "Kennen, Heart of the Tempest", "champion": "Kennen, Mighty Minion"}


def test_a_headerless_export_is_placed_by_card_type():
    text = (
        "1 Kennen, Heart of the Tempest\n\n1 Kennen, Mighty Minion\n\n"
        f"2 Kennen, Mighty Minion\n{MAIN_BODY}\n1 Field A\n1 Field B\n1 Field C\n\n6 Mind Rune\n6 Chaos Rune\n"
    )
    _raw, deck, result = read(text, game=RB)
    legal(result)
    assert result.counts == {"main": 40, "runes": 12, "battlefields": 3}
    assert deck.picks == {"legend": "Kennen, Heart of the Tempest", "champion": "Kennen, Mighty Minion"}


def test_headerless_the_chosen_champion_is_the_first_champion_of_the_legends_tag():
    text = (
        "1 Kennen, Heart of the Tempest\n1 Jinx, Rebel\n3 Kennen, Mighty Minion\n"
        + "\n".join(f"3 Storm Adept {chr(65 + i)}" for i in range(10))
        + "\n3 Field A\n12 Mind Rune\n"
    )
    _raw, deck, _result = read(text, game=RB)
    assert deck.picks["champion"] == "Kennen, Mighty Minion"  # Jinx comes first, but is not Kennen's
    assert {e.ref: e.count for e in deck.sections["battlefields"]} == {"Field A": 3}
    assert [e.ref for e in deck.sections["runes"]] == ["Mind Rune"]
    assert "legend" not in {e.ref for e in deck.sections["main"]}


def test_a_tabletop_simulator_code_line():
    codes_ = ["OGN-265-1", "OGN-246-1", "OGN-246-1", "OGN-246-1"]
    codes_ += [f"OGN-{100 + i:03d}-1" for i in range(11) for _ in range(3)]
    codes_ += ["OGN-121-1"] * 3 + ["OGN-120-1"] + ["OGN-290-1", "OGN-291-1", "OGN-292-1"]
    codes_ += ["OGN-089-1"] * 6 + ["OGN-214-1"] * 6
    _raw, deck, result = read(" ".join(codes_), game=RB)
    legal(result)
    assert result.counts == {"main": 40, "runes": 12, "battlefields": 3}
    assert deck.picks == {"legend": "OGN-265-1", "champion": "OGN-246-1"}


def test_a_topdeck_list_with_dressed_headers_and_dashed_epithets():
    text = f"""~~Legend~~
1 Kennen - Heart of the Tempest
~~Champion~~
1 KENNEN - MIGHTY MINION
~~Mainboard~~
2 Kennen – Mighty Minion
{MAIN_BODY}~~Battlefields~~
Field A x1
Field B (1)
1x Field C
~~Runes~~
6 Mind Rune
x6 Chaos Rune
~~Sideboard~~
3 Jinx, Rebel
"""
    _raw, _deck, result = read(text, game=RB)
    legal(result)
    assert result.counts[SIDEBOARD] == 3


@pytest.mark.parametrize(
    "header",
    [
        "Sideboard",
        "SIDEBOARD:",
        "~~Sideboard~~",
        "// Sideboard",
        "# Sideboard",
        "Sideboard (8)",
        "Side deck:",
    ],
)
def test_a_header_with_or_without_colon_in_any_case_and_dress(header):
    raw, _findings = parse_decklist(
        f"game: riftbound\nMain deck:\n3 Thunder Strike\n{header}\n2 Jinx, Rebel\n"
    )
    assert raw["sections"] == {
        "main": [{"card": "Thunder Strike", "count": 3}],
        SIDEBOARD: [{"card": "Jinx, Rebel", "count": 2}],
    }


@pytest.mark.parametrize(
    "heading",
    [
        "Units (12)",
        "Units:",
        "Units: 12",
        "Spells",
        "Champion Units (3)",
        "Grade 3:",
        "Triggers:",
        "Total: 40",
    ],
)
def test_a_group_heading_is_part_of_the_section_it_is_in(heading):
    raw, _ = parse_decklist(f"game: riftbound\nRunes:\n6 Mind Rune\nMAIN DECK\n{heading}\n3 Thunder Strike\n")
    assert raw["sections"] == {
        "runes": [{"card": "Mind Rune", "count": 6}],
        "main": [{"card": "Thunder Strike", "count": 3}],
    }


@pytest.mark.parametrize(
    "line, ref, count",
    [
        ("4 Thunder Strike", "Thunder Strike", 4),
        ("4x Thunder Strike", "Thunder Strike", 4),
        ("x4 Thunder Strike", "Thunder Strike", 4),
        ("4 x Thunder Strike", "Thunder Strike", 4),
        ("x1 Thunder Strike", "Thunder Strike", 1),
        ("Thunder Strike x4", "Thunder Strike", 4),
        ("Thunder Strike (4)", "Thunder Strike", 4),
        ("2 Thunder Strike (OGN) 121", "Thunder Strike (OGN) 121", 2),
        ("2 Thunder Strike (OGN-121)", "Thunder Strike (OGN-121)", 2),
        ("2 Thunder Strike [OGN-121]", "Thunder Strike [OGN-121]", 2),
        ("2 [OGN-121] Thunder Strike", "[OGN-121] Thunder Strike", 2),
        ("2 OGN-121", "OGN-121", 2),
        ("2 OGN-121-1", "OGN-121-1", 2),
        ("2 Thunder Strike OGN-121", "Thunder Strike OGN-121", 2),
        ("2 “Thunder Strike”", "“Thunder Strike”", 2),
    ],
)
def test_every_count_and_code_form_names_its_card(line, ref, count):
    raw, _ = parse_decklist(f"game: riftbound\nmain:\n{line}\n")
    assert raw["sections"]["main"] == [{"card": ref, "count": count}]
    if "“" in ref:
        return  # quotes around a name are the name's own characters
    found = CardPool(RB_CARDS).find(ref).card
    assert found is not None and found.stable_id == "OGN-121", ref


def test_a_name_written_with_a_dash_curly_quotes_or_any_case():
    pool = CardPool(RB_CARDS)
    for ref in (
        "Kennen - Heart of the Tempest",
        "kennen, heart of the tempest",
        "KAI’SA’S EYE",
        "Kai'Sa's Eye",
    ):
        assert pool.find(ref).card is not None, ref


# --- vanguard: its deck site's shape, and no side deck --------------------------------------------
VANGUARD_SITE = """// Royal Paladin, trial deck
MAIN DECK
Grade 3:
x4 Crimson Butterfly - Brigitte
1 Knight of Conviction, Bors [TD01-002]
2x Solitary Knight, Gancelot (TD01-003)
Grade 2:
4 Knight of Silence, Gallatin
1 [BT01-002]
Knight of the Harp, Tristan x3
4 x Covenant Knight, Randolf
Grade 1:
Little Sage, Marron (4)
2 Wingal (TD01-009)
4 TD01-010
4 TD01-011-1
Grade 0:
x1 Stardust Trumpeter
Triggers:
4 Bringer of Good Luck, Epona
4 Yggdrasil Maiden - Elaine
4 WEAPONS DEALER, GOVANNON
4 Flogal
"""


def test_a_vanguard_list_with_main_deck_groups_and_codes():
    raw, _deck, result = read(VANGUARD_SITE, game=VG, collection=EVERY_VG)
    legal(result)
    assert result.counts == {"main": 50}
    assert raw["name"] == "Royal Paladin, trial deck"  # its first comment line
    assert result.resolved["main"]["[BT01-002]"] == "BT01-002"


def test_a_sideboard_pasted_in_vanguard_is_one_finding():
    text = VANGUARD_SITE + "Sideboard\n4 Flogal\n2 Wingal\n1 Blaster Blade\n"
    _raw, _deck, result = read(text, game=VG, collection=EVERY_VG)
    assert codes(result) == ["NO_SIDEBOARD"]
    (finding,) = result.violations
    assert finding.params == {"section": SIDEBOARD, "format": "classic", "observed": 7}
    assert result.counts["main"] == 50


# --- sideboards as format data ------------------------------------------------------------------------
def test_riftbounds_default_format_declares_a_sideboard_without_bound_and_other_games_none():
    from rules import registry

    constructed = get_ruleset(RB).default_format_data()
    assert constructed.sideboard == SizeBound()
    for ruleset in registry:
        if ruleset.key != RB:
            assert all(fmt.sideboard is None for fmt in ruleset.default_formats), ruleset.key


def test_copy_limits_count_main_and_sideboard_together():
    text = PILTOVER.replace("2 Kai'Sa's Eye\n", "2 Kai'Sa's Eye\n1 Storm Adept A\n")
    _raw, _deck, result = read(text, game=RB)
    assert codes(result) == ["COPY_LIMIT"]
    assert result.violations[0].params["observed"] == 4
    assert result.violations[0].message.startswith(
        "4 copies of Storm Adept A (OGN-100); at most 3"
    )  # main and sideboard


def test_a_sideboard_card_must_be_one_the_main_deck_could_hold():
    text = PILTOVER.replace("3 Jinx, Rebel\n", "1 Fury Brute\n1 Mind Rune\n")
    _raw, _deck, result = read(text, game=RB)
    assert sorted(codes(result)) == ["DOMAIN_IDENTITY", "WRONG_SECTION"]


def test_a_tournament_format_bounds_the_sideboard():
    base = get_ruleset(RB).default_format_data()
    tournament = FormatData(
        game=RB,
        key="tournament",
        sections={**base.sections, SIDEBOARD: SizeBound(minimum=0, maximum=8)},
        copy_limit=3,
        identity=base.identity,
    )
    legal(read(PILTOVER, game=RB, fmt=tournament)[2])  # 5 cards
    nine = PILTOVER.replace("2 Kai'Sa's Eye\n", "2 Kai'Sa's Eye\n2 Spare Cell A\n2 Spare Cell B\n")
    result = read(nine, game=RB, fmt=tournament)[2]
    assert codes(result) == ["DECK_SIZE"] and result.violations[0].section == SIDEBOARD
    legal(read(nine, game=RB)[2])  # the default format sets no bound


def test_a_list_without_sideboard_stays_legal():
    text = PILTOVER.split("Sideboard:")[0]
    legal(read(text, game=RB)[2])


# --- bad input: read or refused, never a crash -----------------------------------------------------
def test_a_megabyte_paste_is_refused_clearly():
    deck, findings = parse_decklist("1 Thunder Strike\n" * 70_000, game=RB)
    assert deck is None and [f.code for f in findings] == ["DECK_INVALID"]
    assert "characters" in findings[0].message and findings[0].params["problemKey"] == "DECKLIST_TOO_LONG"


def test_a_hundred_thousand_lines_are_refused_clearly():
    deck, findings = parse_decklist("\n" * 100_000 + "1 Thunder Strike", game=RB)
    assert deck is None and findings[0].params["problemKey"] == "DECKLIST_TOO_MANY_LINES"


def test_many_unreadable_lines_are_counted_not_listed_one_by_one():
    deck, findings = parse_decklist("game: riftbound\n" + "0 Thunder Strike\n" * 3000)
    assert deck is None and len(findings) == 51
    assert findings[-1].params["problemKey"] == "MORE_LINES"
    assert findings[-1].params["problemParams"] == {"observed": 2950}


def test_direction_marks_are_read_through_and_controls_and_surrogates_named():
    raw, findings = parse_decklist("game: riftbound\nmain:\n\u200f3 Thunder\u200e Strike\u202c\n", game=RB)
    assert findings == [] and raw["sections"]["main"] == [{"card": "Thunder Strike", "count": 3}]
    for odd in ("\x1b[31m", "\ud800", "\x00"):
        deck, findings = parse_decklist(f"game: riftbound\nmain:\n3 Thunder {odd}Strike\n1 Kai'Sa's Eye\n")
        assert deck is None and [f.params["line"] for f in findings] == [3], odd
        assert findings[0].params["problemKey"] == "LINE_CHARACTER"
        findings[0].to_dict()  # JSON-ready, the odd character escaped in the text it quotes


def test_a_tabletop_simulator_line_of_too_many_copies_names_its_line():
    deck, findings = parse_decklist("game: riftbound\n" + " ".join(["OGN-121-1"] * 1001))
    assert deck is None and findings[0].params["line"] == 2
    assert findings[0].params["problemKey"] == "COUNT_RANGE"


def test_a_pick_listed_apart_is_one_more_copy_only_in_a_section_of_copies():
    raw, _ = parse_decklist("game: riftbound\nChampion:\n1 Jinx, Rebel\nMain deck:\n2 Jinx, Rebel\n")
    assert raw["sections"]["main"] == [{"card": "Jinx, Rebel", "count": 3}]
    raw, _ = parse_decklist("game: darkrow\nActive Leader:\n1 DR-L03\nLeaders:\n1 DR-L03\n1 DR-L01\n")
    assert raw["sections"]["leaders"] == [{"card": "DR-L03", "count": 1}, {"card": "DR-L01", "count": 1}]
