"""Printings of one copy identity (FORMATS.md v1.1): a deck written by name, by id or by set and number.

A real-shaped pool: every Riftbound example card is printed again as an
alternate art (``RB-EX-003a``, same set) and as a promo (``RB-PR-003``, set
PROMO), so that almost every name is shared by three printings, as in the
real Riftbound pool; Vanguard's Classic pool prints Blaster Blade in BT01 and
TD01.
"""

from __future__ import annotations

import dataclasses

import pytest

from rules.decks import DeckData, Entry, played_id
from rules.formats import FormatData
from rules.pool import CardPool, pick_printing, printing_number

from .deckkit import DEMO, ROOT, card, codes, deck_file, deck_from_file, demo_cards, validate

RB = "riftbound"
BASE = demo_cards(RB)
ALT = [dataclasses.replace(c, stable_id=f"{c.stable_id}a") for c in BASE]
PROMO = [dataclasses.replace(c, stable_id=c.stable_id.replace("-EX-", "-PR-"), set="PROMO") for c in BASE]
POOL = BASE + ALT + PROMO
BY_ID = {c.stable_id: c for c in POOL}
EXAMPLE = deck_file(DEMO / "decks" / "riftbound-example.deck.json")
BY_ID_DECK = deck_from_file(EXAMPLE)


def rewritten(deck: DeckData, write) -> DeckData:
    """``deck`` with every reference (entries and picks) written by ``write(stable_id)``."""
    return DeckData(
        game=deck.game,
        format=deck.format,
        sections={s: tuple(Entry(write(e.ref), e.count) for e in es) for s, es in deck.sections.items()},
        picks={k: write(v) if v else v for k, v in deck.picks.items()},
        owner=deck.owner,
    )


def test_the_pool_shares_names_across_printings():
    pool = CardPool(POOL)
    assert len(pool) == 63
    assert pool.resolve("Example Fury Recruit") == (None, tuple(sorted(
        (BY_ID["RB-EX-003"], BY_ID["RB-EX-003a"], BY_ID["RB-PR-003"]), key=lambda c: c.stable_id
    )))  # fmt: skip
    match = pool.find("Example Fury Recruit", "name")
    assert match.card is None and len(match.printings) == 3 and match.candidates == ()


@pytest.mark.parametrize(
    "how, write",
    [
        ("by id", lambda sid: sid),
        ("by name", lambda sid: BY_ID[sid].name),
        ("by name in another case", lambda sid: BY_ID[sid].name.upper()),
        ("by (SET) NUM", lambda sid: f"{BY_ID[sid].name} (EXAMPLE) {sid.rsplit('-', 1)[1]}"),
        ("by SET-NUM", lambda sid: f"EXAMPLE-{sid.rsplit('-', 1)[1]}"),
        ("by alternate art", lambda sid: f"{sid}a"),
        ("by promo (SET) NUM", lambda sid: f"{BY_ID[sid].name} (PROMO) {int(sid[-3:])}"),
    ],
)
def test_a_real_shaped_deck_is_legal_written_every_way(how, write):
    result = validate(RB, rewritten(BY_ID_DECK, write), POOL)
    assert result.legal, (how, result.violations)
    assert result.counts == {"main": 40, "runes": 12, "battlefields": 3}


def test_a_name_plays_the_first_printing_and_says_which():
    result = validate(RB, rewritten(BY_ID_DECK, lambda sid: BY_ID[sid].name), POOL)
    assert result.resolved["main"]["Example Fury Recruit"] == "RB-EX-003"
    assert result.resolved["legend"] == {"Example Hero Legend": "RB-EX-001"}
    assert result.to_dict()["resolved"]["runes"]["Example Fury Rune"] == "RB-EX-017"
    by_id = validate(RB, BY_ID_DECK, POOL)
    assert by_id.resolved == {}  # references already stableCardIds: nothing to say


def test_mixed_printings_count_as_one_identity_at_and_over_the_copy_limit():
    three = [(1, "RB-EX-003"), (1, "Example Fury Recruit (EXAMPLE) 003a"), (1, "RB-PR-003")]
    at_limit = _with_main(BY_ID_DECK, "RB-EX-003", three)
    assert validate(RB, at_limit, POOL).legal
    over = _with_main(BY_ID_DECK, "RB-EX-004", [(2, "RB-EX-004"), (1, "RB-EX-003a")])
    result = validate(RB, over, POOL)
    assert codes(result) == ["COPY_LIMIT"]
    assert result.violations[0].message.startswith("4 copies of Example Fury Recruit (RB-EX-003); at most 3")


def _with_main(deck: DeckData, old: str, new: list[tuple[int, str]]) -> DeckData:
    entries = []
    for e in deck.sections["main"]:
        entries.extend(Entry(r, n) for n, r in new) if e.ref == old else entries.append(e)
    return dataclasses.replace(deck, sections={**deck.sections, "main": tuple(entries)})


def test_an_unknown_name_gets_the_closest_names():
    deck = _with_main(BY_ID_DECK, "RB-EX-003", [(3, "example fury recrut")])
    result = validate(RB, deck, POOL)
    assert codes(result) == ["UNKNOWN_CARD"]
    assert result.suggestions["example fury recrut"][0] == "Example Fury Recruit"
    assert "names no riftbound card; did you mean Example Fury Recruit, " in result.violations[0].message
    assert result.to_dict()["suggestions"]["example fury recrut"][0] == "Example Fury Recruit"


def test_accents_are_ignored_in_names_and_suggestions():
    pool = CardPool(
        [card("duel", "DU-1", "Échange équivalent", "SPELL"), card("duel", "DU-2", "Épée", "SPELL")]
    )
    assert pool.resolve("echange EQUIVALENT")[0].stable_id == "DU-1"
    assert pool.suggestions("echange equivalant") == ["Échange équivalent"]


def test_printing_numbers():
    assert printing_number(BY_ID["RB-EX-003a"]) == "003a"
    assert (
        printing_number(card("vanguard", "VG-TD01-005", "X", "NORMAL_UNIT", set="TD01", grade=0, power=1))
        == "005"
    )
    pool = CardPool(POOL)
    assert pool.find("Example Fury Recruit (EXAMPLE) 3").card.stable_id == "RB-EX-003"
    assert pool.find("Example Fury Recruit (PROMO)").card.stable_id == "RB-PR-003"
    assert pool.find("Another Name (EXAMPLE) 003").card is None  # the set and number name another card


# --- Vanguard: nameId, ownership over printings, the format's sets ----------------------------------
VG = "vanguard"
VG_CARDS = demo_cards(VG)
TD01 = deck_from_file(deck_file(ROOT / "tests" / "data" / "vanguard" / "td01.deck.json"), owner="paula")


def _blaster_by_name(count: int = 4) -> DeckData:
    entries = [e for e in TD01.sections["main"] if e.ref not in ("TD01-005", "TD01-011")]
    blaster = next(e for e in TD01.sections["main"] if e.ref == "TD01-005")
    filler = next(e for e in TD01.sections["main"] if e.ref == "TD01-011")
    spare = blaster.count + filler.count - count
    entries += (
        [Entry("Blaster Blade", count), Entry("TD01-011", spare)]
        if spare
        else [Entry("Blaster Blade", count)]
    )
    return dataclasses.replace(TD01, sections={"main": tuple(entries)})


def test_the_import_forms_example_4_blaster_blade_works():
    deck = _blaster_by_name(4)
    owned = {c.stable_id: 4 for c in VG_CARDS}
    result = validate(VG, deck, VG_CARDS, collection=owned)
    assert result.legal, result.violations
    assert result.resolved["main"]["Blaster Blade"] == "BT01-002"  # owned, allowed, first by stableCardId


def test_ownership_counts_every_printing_of_the_identity():
    deck = _blaster_by_name(4)
    owned = {c.stable_id: 4 for c in VG_CARDS if c.name != "Blaster Blade"}
    two_and_two = {**owned, "TD01-005": 2, "BT01-002": 2}
    result = validate(VG, deck, VG_CARDS, collection=two_and_two)
    assert result.legal, result.violations
    three = {**owned, "TD01-005": 2, "BT01-002": 1}
    result = validate(VG, deck, VG_CARDS, collection=three)
    assert codes(result) == ["NOT_OWNED"]
    assert "4 copies of BT01-002; paula's collection has 3" in result.violations[0].message
    # The printing owned is the one played.
    only_td01 = {**owned, "TD01-005": 4}
    assert validate(VG, deck, VG_CARDS, collection=only_td01).resolved["main"]["Blaster Blade"] == "TD01-005"


def test_an_entry_plays_the_card_it_holds_else_the_printing_its_validation_resolved():
    """rules.decks.played_id, the one rule every reader of a stored deck sees its cards through."""
    owned = {c.stable_id: 4 for c in VG_CARDS if c.name != "Blaster Blade"}
    result = validate(VG, _blaster_by_name(4), VG_CARDS, collection={**owned, "TD01-005": 4})
    assert played_id(result.resolved, "main", "Blaster Blade") == "TD01-005"  # the owner's printing
    assert played_id(result.resolved, "main", "Blaster Blade", held="BT01-002") == "BT01-002"  # chosen
    assert played_id(result.resolved, "main", "TD01-001", held="TD01-001") == "TD01-001"
    # A reference that names no card plays none; nor does one read in another section.
    assert played_id(result.resolved, "main", "Blaster Blad") is None
    assert played_id(result.resolved, "sideboard", "Blaster Blade") is None


def test_mixed_vanguard_printings_by_set_and_number():
    entries = [e for e in TD01.sections["main"] if e.ref != "TD01-005"]
    blaster = next(e for e in TD01.sections["main"] if e.ref == "TD01-005")
    deck = dataclasses.replace(
        TD01,
        sections={
            "main": (*entries, Entry("Blaster Blade (TD01) 005", blaster.count - 1), Entry("BT01-002", 1))
        },
    )
    owned = {c.stable_id: 4 for c in VG_CARDS}
    assert validate(VG, deck, VG_CARDS, collection=owned).legal


def test_the_printing_picked_prefers_owned_then_allowed_then_first():
    a = card(VG, "AA-001", "Twin", "NORMAL_UNIT", set="AA", grade=1, power=1)
    b = card(VG, "BT01-900", "Twin", "NORMAL_UNIT", set="BT01", grade=1, power=1)
    c = card(VG, "TD01-900", "Twin", "NORMAL_UNIT", set="TD01", grade=1, power=1)
    classic = FormatData(game=VG, key="classic", allowed_sets={"BT01", "TD01"}, identity="nameId")
    anything = FormatData(game=VG, key="open", identity="nameId")
    assert pick_printing([c, b, a], classic, {"TD01-900": 1}).stable_id == "TD01-900"
    assert pick_printing([c, b, a], classic, {}).stable_id == "BT01-900"
    assert pick_printing([c, b, a], anything).stable_id == "AA-001"
    draft = dataclasses.replace(a, status="DRAFT")
    assert pick_printing([draft, c], anything).stable_id == "TD01-900"  # a VALIDATED one first


def test_same_name_other_name_id_stays_ambiguous():
    other = card(
        VG, "BT01-999", "Blaster Blade", "NORMAL_UNIT", set="BT01", grade=2, power=9000, nameId="Not it"
    )
    result = validate(
        VG, _blaster_by_name(4), VG_CARDS + [other], collection={c.stable_id: 9 for c in VG_CARDS}
    )
    assert codes(result) == ["AMBIGUOUS_CARD"]


# --- Duel: a banlist entry by id or by name limits every printing -------------------------------------
DUEL = demo_cards("duel")
DUEL_DECK = deck_from_file(deck_file(DEMO / "decks" / "duel-example.deck.json"))
SQUIRE = next(c for c in DUEL if c.name == "Example Light Squire")
REPRINT = dataclasses.replace(SQUIRE, stable_id="DU-RE-001", set="REPRINT")


@pytest.mark.parametrize(
    "banned_as", [SQUIRE.stable_id, REPRINT.stable_id, "Example Light Squire", "example light squire"]
)
def test_a_banlist_entry_limits_every_printing(banned_as):
    fmt = dataclasses.replace(get_duel_format(), banlist={banned_as: 1})
    entries = [e for e in DUEL_DECK.sections["main"] if e.ref != SQUIRE.stable_id]
    squires = next(e for e in DUEL_DECK.sections["main"] if e.ref == SQUIRE.stable_id)
    assert squires.count >= 2
    deck = dataclasses.replace(
        DUEL_DECK,
        sections={
            "main": (*entries, Entry(SQUIRE.stable_id, squires.count - 1), Entry(REPRINT.stable_id, 1))
        },
    )
    result = validate("duel", deck, DUEL + [REPRINT], fmt)
    assert codes(result) == ["BANLIST"]
    assert f"the deck has {squires.count} copies" in result.violations[0].message


def get_duel_format() -> FormatData:
    from rules import get_ruleset

    return get_ruleset("duel").default_format_data()


# --- Darkrow: the identity is the stableCardId -------------------------------------------------------
def test_darkrow_gin_stays_ambiguous():
    darkrow = demo_cards("darkrow")
    pool = CardPool(darkrow)
    match = pool.find("Gin", "stableCardId")
    assert match.card is None and {c.type for c in match.candidates} == {"LEADER", "LEGENDARY"}
