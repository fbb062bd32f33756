"""Riftbound deck construction (seed 001): a legal deck, and an illegal one for every code."""

from .deckkit import DEMO, card, codes, deck_file, deck_from_file, demo_cards, replace, validate, with_picks

G = "riftbound"
EXTRA = [
    card(G, "RB-T-FC", "Fury-Calm Hybrid", "UNIT", domains=["FURY", "CALM"], might=2),
    card(G, "RB-T-MIND", "Mind Adept", "UNIT", domains=["MIND"], might=2),
    card(G, "RB-T-FM", "Fury-Mind Hybrid", "UNIT", domains=["FURY", "MIND"], might=2),
    card(G, "RB-T-MRUNE", "Mind Rune", "RUNE", domains=["MIND"]),
    card(G, "RB-T-SIG", "Other Signature", "SPELL", domains=["FURY"], signature=True, tags=["Someone Else"]),
    card(
        G, "RB-T-SIG2", "Hero Signature Two", "SPELL", domains=["FURY"], signature=True, tags=["Example Hero"]
    ),
    card(
        G, "RB-T-CHAMP", "Other Champion", "CHAMPION_UNIT", domains=["FURY"], might=3, tags=["Someone Else"]
    ),
    card(G, "RB-T-BRIDGE", "Example Bridge Battlefield", "BATTLEFIELD"),
    card(G, "RB-T-LEGEND", "Other Legend", "LEGEND", domains=["MIND", "BODY"], tags=["Someone Else"]),
]
CARDS = demo_cards(G) + EXTRA
DECK = deck_from_file(deck_file(DEMO / "decks" / "riftbound-example.deck.json"))


def check(d):
    return validate(G, d, CARDS)


def test_the_example_deck_is_legal():
    result = check(DECK)
    assert result.legal, result.violations
    assert result.counts == {"main": 40, "runes": 12, "battlefields": 3}


def test_a_rune_deck_of_one_name_is_legal():
    # "max 3 copies per card name" is the main deck's rule; the rune deck is 12 basic runes.
    d = replace(DECK, "runes", "RB-EX-018", [(6, "RB-EX-017")])
    assert check(d).counts["runes"] == 12
    assert check(d).legal


def test_copy_limit_per_name_in_main():
    d = replace(DECK, "main", "RB-EX-010", [(1, "RB-EX-003")])  # 4 Example Fury Recruit
    assert codes(check(d)) == ["COPY_LIMIT"]


def test_copy_limit_includes_the_chosen_champion():
    d = replace(DECK, "main", "RB-EX-002", [(4, "RB-EX-002")])
    d = replace(d, "main", "RB-EX-003", [])
    assert check(d).counts["main"] == 40
    assert codes(check(d)) == ["COPY_LIMIT"]


def test_deck_size_of_each_section():
    d = replace(DECK, "runes", "RB-EX-018", [(5, "RB-EX-018")])
    d = replace(d, "battlefields", "RB-EX-021", [])
    result = check(d)
    assert codes(result) == ["DECK_SIZE", "DECK_SIZE"]
    assert {f.message for f in result.violations} == {
        "runes has 11 cards; it must have exactly 12",
        "battlefields has 2 cards; it must have exactly 3",
    }


def test_wrong_section():
    d = replace(DECK, "main", "RB-EX-010", [(1, "RB-EX-017")])  # a rune in main
    d = replace(d, "runes", "RB-EX-018", [(5, "RB-EX-018"), (1, "RB-EX-006")])  # a unit among runes
    result = check(d)
    assert codes(result) == ["WRONG_SECTION", "WRONG_SECTION"]
    assert {f.section for f in result.violations} == {"main", "runes"}


def test_legend_missing_or_not_a_legend():
    assert codes(check(with_picks(DECK, legend=None))) == ["LEGEND"]
    assert "LEGEND" in codes(check(with_picks(DECK, legend="RB-EX-003")))


def test_champion_missing():
    assert codes(check(with_picks(DECK, champion=None))) == ["CHAMPION"]


def test_champion_not_a_champion_unit():
    result = check(with_picks(DECK, champion="RB-EX-003"))
    assert set(codes(result)) == {"CHAMPION"}
    assert any("is a UNIT, not a Champion Unit" in f.message for f in result.violations)


def test_champion_not_in_main():
    d = replace(DECK, "main", "RB-EX-002", [(1, "RB-EX-010")])
    d = replace(d, "main", "RB-EX-010", [(1, "RB-EX-016")])
    result = check(d)
    assert "CHAMPION" in codes(result)
    assert any(
        f.message.endswith("is not in main; the Chosen Champion is one of its cards")
        for f in result.violations
    )


def test_champion_tag_must_match_the_legend():
    d = replace(DECK, "main", "RB-EX-002", [(1, "RB-T-CHAMP")])
    result = check(with_picks(d, champion="RB-T-CHAMP"))
    assert codes(result) == ["CHAMPION"]


def test_unique_limit():
    d = replace(DECK, "main", "RB-EX-010", [(2, "RB-EX-010")])
    d = replace(d, "main", "RB-EX-016", [(2, "RB-EX-016")])
    assert codes(check(d)) == ["UNIQUE_LIMIT"]


def test_signature_limit():
    d = replace(DECK, "main", "RB-EX-016", [(1, "RB-EX-016"), (2, "RB-T-SIG2")])  # 2 + 2 signatures
    assert check(d).counts["main"] == 40
    assert codes(check(d)) == ["SIGNATURE_LIMIT"]


def test_signature_tag():
    d = replace(DECK, "main", "RB-EX-016", [(2, "RB-EX-016"), (1, "RB-T-SIG")])
    assert codes(check(d)) == ["SIGNATURE_TAG"]


def test_domain_identity_for_main_runes_and_champion():
    d = replace(DECK, "main", "RB-EX-016", [(2, "RB-EX-016"), (1, "RB-T-MIND")])
    d = replace(d, "runes", "RB-EX-018", [(5, "RB-EX-018"), (1, "RB-T-MRUNE")])
    result = check(d)
    assert codes(result) == ["DOMAIN_IDENTITY", "DOMAIN_IDENTITY"]
    assert {f.card for f in result.violations} == {"RB-T-MIND", "RB-T-MRUNE"}


def test_a_two_domain_card_needs_both_domains():
    fury_calm = replace(DECK, "main", "RB-EX-016", [(2, "RB-EX-016")])
    assert check(replace(fury_calm, "main", "RB-EX-015", [(3, "RB-EX-015"), (1, "RB-T-FC")])).legal
    assert codes(check(replace(fury_calm, "main", "RB-EX-015", [(3, "RB-EX-015"), (1, "RB-T-FM")]))) == [
        "DOMAIN_IDENTITY"
    ]


def test_neutral_cards_fit_every_identity():
    assert any(not c.get("domains") for c in CARDS if c.stable_id == "RB-EX-009")
    assert check(DECK).legal  # RB-EX-009 (neutral) x3 and neutral battlefields


def test_battlefield_duplicate():
    d = replace(DECK, "battlefields", "RB-EX-020", [(1, "RB-T-BRIDGE")])
    assert codes(check(d)) == ["BATTLEFIELD_DUPLICATE"]
    d = replace(DECK, "battlefields", "RB-EX-020", [(1, "RB-EX-019")])
    assert codes(check(d)) == ["BATTLEFIELD_DUPLICATE"]


def test_common_codes():
    d = replace(DECK, "main", "RB-EX-016", [(2, "RB-EX-016"), (1, "No Such Card")])
    assert codes(check(d)) == ["UNKNOWN_CARD"]
    ambiguous = CARDS + [card(G, "RB-T-DUP", "Example Calm Banner", "GEAR", domains=["CALM"])]
    d = replace(DECK, "main", "RB-EX-016", [(3, "Example Calm Banner")])
    # Riftbound's copy identity is the name: a second card of that name is a printing of the same card.
    assert codes(validate(G, d, ambiguous)) == []
    draft = CARDS + [card(G, "RB-T-DRAFT", "Draft Unit", "UNIT", domains=["FURY"], might=1, status="DRAFT")]
    d = replace(DECK, "main", "RB-EX-016", [(2, "RB-EX-016"), (1, "RB-T-DRAFT")])
    assert codes(validate(G, d, draft)) == ["CARD_NOT_VALIDATED"]
