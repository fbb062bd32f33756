"""Darkrow deck construction (seed 000): a legal deck, and an illegal one for every code."""

import pytest

from rules.formats import FormatData, SizeBound

from .deckkit import card, codes, deck, validate

G = "darkrow"
LEADERS = [
    card(G, "DR-L01", "Gin", "LEADER"),
    card(G, "DR-L02", "Vodka", "LEADER"),
    card(G, "DR-L03", "Chianti & Korn", "LEADER"),
]
UNITS = [
    card(G, f"DR-U{n:02d}", f"Unit {n}", "UNIT", cost=2, atk=2, pv=2, archetypes=["Lycéenne"])
    for n in range(1, 16)
]
LEGENDARIES = [
    card(G, "DR-G01", "Gin", "LEGENDARY", cost=8, atk=8, pv=8),
    card(G, "DR-G02", "Duo Hattori & Kazuha", "LEGENDARY", cost=7, atk=6, pv=6),
]
# Two cards with the same name and different identities.
SATO = [
    card(G, "DR-U50", "Sato", "UNIT", cost=1, atk=1, pv=1),
    card(G, "DR-U51", "Sato", "UNIT", cost=2, atk=2, pv=2),
]
DRAFT = card(G, "DR-U99", "Draft unit", "UNIT", cost=1, atk=1, pv=1, status="NEEDS_REVIEW")
CARDS = LEADERS + UNITS + LEGENDARIES + SATO + [DRAFT]


def legal_main():
    return [(3, f"DR-U{n:02d}") for n in range(1, 14)] + [(1, "DR-G01")]  # 39 + 1 Legendary


def legal(**changes):
    sections = {"main": legal_main(), "leaders": [(1, "DR-L01"), (1, "DR-L03")]}
    sections.update(changes.pop("sections", {}))
    picks = {"activeLeader": "DR-L03", **changes}
    return deck(G, sections, **picks)


def test_a_legal_deck():
    result = validate(G, legal(), CARDS)
    assert result.legal and result.ready_to_play
    assert result.violations == ()
    assert result.counts == {"main": 40, "leaders": 2}


def test_a_deck_sharing_no_archetype_with_its_leader_is_legal():
    # Units are "Lycéenne"; the Leader has no archetype: the seed makes no such rule.
    assert validate(G, legal(), CARDS).legal


def test_same_name_different_ids_three_copies_each_is_legal():
    main = [(3, f"DR-U{n:02d}") for n in range(1, 12)] + [(3, "DR-U50"), (3, "DR-U51"), (1, "DR-G01")]
    result = validate(G, legal(sections={"main": main}), CARDS)
    assert result.counts["main"] == 40
    assert result.legal, result.violations


def test_deck_size():
    result = validate(G, legal(sections={"main": legal_main() + [(1, "DR-U14")]}), CARDS)
    assert codes(result) == ["DECK_SIZE"]
    assert result.violations[0].message == "main has 41 cards; it must have exactly 40"
    assert result.violations[0].section == "main"


def test_copy_limit_is_per_stable_id():
    main = [(3, f"DR-U{n:02d}") for n in range(1, 13)] + [(4, "DR-U13")]
    result = validate(G, legal(sections={"main": main}), CARDS)
    assert codes(result) == ["COPY_LIMIT"]
    assert result.violations[0].card == "DR-U13"


def test_copy_limit_counts_entries_of_one_card_together():
    main = [(3, f"DR-U{n:02d}") for n in range(1, 13)] + [(2, "DR-U13"), (2, "DR-U13")]
    assert codes(validate(G, legal(sections={"main": main}), CARDS)) == ["COPY_LIMIT"]


def test_legendary_limit():
    main = [(3, f"DR-U{n:02d}") for n in range(1, 13)] + [(2, "DR-U13"), (1, "DR-G01"), (1, "DR-G02")]
    result = validate(G, legal(sections={"main": main}), CARDS)
    assert codes(result) == ["LEGENDARY_LIMIT"]


def test_zero_legendary_is_legal():
    main = [(3, f"DR-U{n:02d}") for n in range(1, 14)] + [(1, "DR-U14")]
    assert validate(G, legal(sections={"main": main}), CARDS).legal


def test_wrong_section_leader_and_indice_in_main():
    main = [(3, f"DR-U{n:02d}") for n in range(1, 13)] + [(2, "DR-U13"), (1, "DR-L02"), (1, "INDICE")]
    result = validate(G, legal(sections={"main": main}), CARDS)
    assert codes(result) == ["WRONG_SECTION", "WRONG_SECTION"]
    assert {f.card for f in result.violations} == {"DR-L02", "INDICE"}
    assert "UNKNOWN_CARD" not in codes(result)  # INDICE is the game's resource, not an unknown card


def test_wrong_section_unit_among_leader_candidates():
    result = validate(G, legal(sections={"leaders": [(1, "DR-L03"), (1, "DR-U14")]}), CARDS)
    assert codes(result) == ["WRONG_SECTION"]
    assert result.violations[0].section == "leaders"


def test_leader_candidates_more_than_five():
    more = [card(G, f"DR-L1{n}", f"Leader {n}", "LEADER") for n in range(3)]
    leaders = [(1, "DR-L01"), (1, "DR-L02"), (1, "DR-L03"), (1, "DR-L10"), (1, "DR-L11"), (1, "DR-L12")]
    result = validate(G, legal(sections={"leaders": leaders}), CARDS + more)
    assert codes(result) == ["LEADER_CANDIDATES"]
    assert "6 candidates" in result.violations[0].message


@pytest.mark.parametrize("active", [None, "DR-L03"])
def test_no_leader_candidate_is_constructed_but_not_ready_to_play(active):
    # FORMATS.md v1.1, seed 000: up to 5 candidates "peuvent être stockés"; none is no error.
    result = validate(G, legal(sections={"leaders": []}, activeLeader=active), CARDS)
    assert result.legal, result.violations
    assert not result.ready_to_play
    assert codes(result, "warning") == ["ACTIVE_LEADER"]
    assert codes(result, "error") == []


def test_a_leader_listed_twice_counts_once_with_a_warning():
    leaders = [(1, "DR-L01"), (1, "DR-L02"), (1, "DR-L03"), (1, "DR-L01"), (1, "Vodka")]
    result = validate(G, legal(sections={"leaders": leaders}), CARDS)
    assert result.legal and result.ready_to_play, result.violations
    assert codes(result, "warning") == ["LEADER_CANDIDATES", "LEADER_CANDIDATES"]
    assert {f.card for f in result.violations} == {"DR-L01", "DR-L02"}
    five = [(2, "DR-L01"), (1, "DR-L02"), (1, "DR-L03")]
    more = [card(G, f"DR-L1{n}", f"Leader {n}", "LEADER") for n in range(2)]
    result = validate(G, legal(sections={"leaders": [*five, (1, "DR-L10"), (1, "DR-L11")]}), CARDS + more)
    assert codes(result, "error") == []  # 6 listed, 5 candidates


@pytest.mark.parametrize("written", ["INDICE", "indice", "Indice", "iNdIcE"])
def test_indice_in_any_case_is_the_resource(written):
    main = [(3, f"DR-U{n:02d}") for n in range(1, 13)] + [(3, "DR-U13"), (1, written)]
    result = validate(G, legal(sections={"main": main}), CARDS)
    assert codes(result) == ["WRONG_SECTION"]
    assert result.violations[0].card == "INDICE"
    result = validate(G, legal(activeLeader=written), CARDS)
    assert codes(result) == ["ACTIVE_LEADER"]
    assert result.violations[0].message.endswith("INDICE, not a Leader")  # the system resource


def test_active_leader_not_a_candidate():
    result = validate(G, legal(activeLeader="DR-L02"), CARDS)
    assert codes(result) == ["ACTIVE_LEADER"]


def test_no_active_leader_is_constructed_but_not_ready_to_play():
    result = validate(G, legal(activeLeader=None), CARDS)
    assert result.legal
    assert not result.ready_to_play
    assert codes(result, "warning") == ["ACTIVE_LEADER"]
    assert result.to_dict()["readyToPlay"] is False


def test_unknown_card_is_reported_and_kept():
    main = [(3, f"DR-U{n:02d}") for n in range(1, 14)] + [(1, "DR-NOPE")]
    result = validate(G, legal(sections={"main": main}), CARDS)
    assert codes(result) == ["UNKNOWN_CARD"]
    assert result.counts["main"] == 40  # the unknown entry still counts: nothing is dropped


def test_ambiguous_card():
    main = [(3, f"DR-U{n:02d}") for n in range(1, 13)] + [(3, "DR-U13"), (1, "Gin")]
    result = validate(G, legal(sections={"main": main}), CARDS)
    assert codes(result) == ["AMBIGUOUS_CARD"]
    assert "DR-G01" in result.violations[0].message and "DR-L01" in result.violations[0].message


def test_card_not_validated():
    main = [(3, f"DR-U{n:02d}") for n in range(1, 13)] + [(3, "DR-U13"), (1, "DR-U99")]
    result = validate(G, legal(sections={"main": main}), CARDS)
    assert codes(result) == ["CARD_NOT_VALIDATED"]


def test_a_name_that_names_one_card_resolves():
    main = [(3, f"DR-U{n:02d}") for n in range(1, 13)] + [(3, "unit 13"), (1, "Duo Hattori & Kazuha")]
    assert validate(G, legal(sections={"main": main}), CARDS).legal


def test_every_violation_is_reported_at_once():
    main = [(4, "DR-U01"), (1, "DR-G01"), (1, "DR-G02"), (1, "DR-L01"), (1, "DR-NOPE"), (1, "DR-U99")]
    result = validate(G, deck(G, {"main": main, "leaders": [(1, "DR-L03")]}, activeLeader="DR-L02"), CARDS)
    assert set(codes(result)) == {
        "DECK_SIZE",
        "COPY_LIMIT",
        "LEGENDARY_LIMIT",
        "WRONG_SECTION",
        "UNKNOWN_CARD",
        "CARD_NOT_VALIDATED",
        "ACTIVE_LEADER",
    }


@pytest.mark.parametrize("limit, legal_", [(1, False), (None, True)])
def test_a_one_copy_format_made_of_data(limit, legal_):
    one_copy = FormatData(game=G, key="highlander", sections={"main": SizeBound(exact=40)}, copy_limit=limit)
    assert validate(G, legal(), CARDS, one_copy).legal is legal_


def test_an_exception_lifts_or_lowers_a_card_limit():
    main = [(3, f"DR-U{n:02d}") for n in range(1, 12)] + [(6, "DR-U12"), (1, "DR-G01")]
    fmt = FormatData(
        game=G, key="x", sections={"main": SizeBound(exact=40)}, copy_limit=3, exceptions={"DR-U12": None}
    )
    assert validate(G, legal(sections={"main": main}), CARDS, fmt).legal
    fmt = FormatData(
        game=G, key="x", sections={"main": SizeBound(exact=40)}, copy_limit=3, exceptions={"DR-U01": 1}
    )
    assert codes(validate(G, legal(), CARDS, fmt)) == ["COPY_LIMIT"]
