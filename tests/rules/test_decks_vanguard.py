"""Vanguard Classic deck construction (seed 002): the real trial decks, and every code."""

import pytest

from rules.formats import FormatData, SizeBound

from .deckkit import ROOT, card, codes, deck_file, deck_from_file, demo_cards, replace, validate

G = "vanguard"
CARDS = demo_cards(G)
DATA = ROOT / "tests" / "data" / "vanguard"
TD01 = deck_from_file(deck_file(DATA / "td01.deck.json"), owner="paula")
TD02 = deck_from_file(deck_file(DATA / "td02.deck.json"), owner="paula")
EVERYTHING = {c.stable_id: 99 for c in CARDS}


def check(d, collection=EVERYTHING, cards=CARDS, fmt=None):
    return validate(G, d, cards, fmt, collection)


@pytest.mark.parametrize("trial", [TD01, TD02], ids=["TD01", "TD02"])
def test_the_real_trial_decks_are_legal(trial):
    result = check(trial)
    assert result.legal and result.ready_to_play, result.violations
    assert result.violations == ()
    assert result.counts == {"main": 50}


def test_five_blaster_blade_across_two_printings_is_illegal():
    # TD01-005 and BT01-002 are two prints of one nameId.
    d = replace(TD01, "main", "TD01-005", [(1, "TD01-005"), (4, "BT01-002")])
    d = replace(d, "main", "TD01-011", [])
    result = check(d)
    assert result.counts["main"] == 50
    assert codes(result) == ["COPY_LIMIT"]
    assert "of Blaster Blade (" in result.violations[0].message


def test_four_copies_across_printings_is_legal():
    d = replace(TD01, "main", "TD01-005", [(1, "TD01-005"), (3, "BT01-002")])
    d = replace(d, "main", "TD01-009", [(1, "TD01-009")])
    d = replace(d, "main", "TD01-006", [(1, "TD01-006")])
    assert check(d).counts["main"] == 50
    assert check(d).legal


def test_mixed_clans_are_legal():
    clans = {c.get("clan") for c in CARDS if c.stable_id in ("TD01-004", "TD02-004")}
    assert len(clans) == 2
    d = replace(TD01, "main", "TD01-004", [(4, "TD02-004")])
    assert check(d).legal


def test_deck_size():
    assert codes(check(replace(TD01, "main", "TD01-012", [(2, "TD01-012")]))) == ["DECK_SIZE"]


def test_trigger_count():
    d = replace(TD01, "main", "TD01-016", [(3, "TD01-016"), (1, "TD01-009")])
    assert codes(check(d)) == ["TRIGGER_COUNT"]


def test_heal_limit():
    heal = next(c for c in CARDS if c.get("trigger") == "HEAL" and c.stable_id != "TD01-014")
    d = replace(TD01, "main", "TD01-016", [(4, heal.stable_id)])
    assert codes(check(d)) == ["HEAL_LIMIT"]


def test_sentinel_limit():
    d = replace(TD01, "main", "TD01-008", [(3, "BT01-011"), (1, "TD01-008")])
    d = replace(d, "main", "TD01-010", [(2, "BT01-015"), (2, "TD01-010")])
    assert check(d).counts["main"] == 50
    assert codes(check(d)) == ["SENTINEL_LIMIT"]


def test_no_starting_vanguard():
    d = replace(TD01, "main", "TD01-012", [(1, "TD01-009")])
    assert codes(check(d)) == ["NO_STARTING_VANGUARD"]


def test_format_illegal():
    promo = card(G, "PR-001", "Promo Knight", "NORMAL_UNIT", set="PR", grade=1, power=7000)
    d = replace(TD01, "main", "TD01-009", [(1, "TD01-009"), (1, "PR-001")])
    result = check(d, {**EVERYTHING, "PR-001": 4}, CARDS + [promo])
    assert codes(result) == ["FORMAT_ILLEGAL"]


def test_not_owned():
    collection = {**EVERYTHING, "TD01-001": 3}
    result = check(TD01, collection)
    assert codes(result) == ["NOT_OWNED"]
    assert result.violations[0].message.endswith("paula's collection has 3")


def test_a_collection_has_no_copy_limit():
    assert check(TD01, {**EVERYTHING, "TD01-001": 40}).legal


def test_a_deck_without_owner_is_not_checked_and_says_so():
    result = validate(G, deck_from_file(deck_file(DATA / "td01.deck.json")), CARDS, None, None)
    assert result.legal
    assert codes(result, "warning") == ["OWNERSHIP_NOT_CHECKED"]
    assert not result.ready_to_play


def test_a_format_without_owned_only_checks_nothing():
    free = FormatData(
        game=G, key="free", sections={"main": SizeBound(exact=50)}, copy_limit=4, identity="nameId"
    )
    result = validate(G, TD01, CARDS, free, None)
    assert result.violations == ()


def test_common_codes():
    d = replace(TD01, "main", "TD01-012", [(1, "Nobody")])
    assert codes(check(d)) == ["NO_STARTING_VANGUARD", "UNKNOWN_CARD"]
    # Same name, another nameId: two cards, not two printings of one.
    twin = card(
        G, "BT01-999", "Stardust Trumpeter", "NORMAL_UNIT", set="BT01", grade=0, power=6000, nameId="Other"
    )
    d = replace(TD01, "main", "TD01-012", [(1, "Stardust Trumpeter")])
    assert "AMBIGUOUS_CARD" in codes(check(d, {**EVERYTHING, "BT01-999": 4}, CARDS + [twin]))
    draft = card(G, "BT01-998", "Draft Unit", "NORMAL_UNIT", set="BT01", grade=0, power=5000, status="DRAFT")
    d = replace(TD01, "main", "TD01-012", [(1, "BT01-998")])
    assert codes(check(d, {**EVERYTHING, "BT01-998": 1}, CARDS + [draft])) == ["CARD_NOT_VALIDATED"]


def test_wrong_section():
    d = replace(TD01, "main", "TD01-012", [(1, "TD01-012")])
    side = type(d)(
        d.game, d.format, d.name, {**d.sections, "ride": (TD01.sections["main"][0],)}, d.picks, d.owner
    )
    result = check(side)
    assert codes(result) == ["WRONG_SECTION"]
    assert result.violations[0].section == "ride" and result.violations[0].message.startswith("ride: ")
