"""Chess cards (seed 003) and Duel (seed 004) decks: legal decks, and every code of their games."""

from rules.formats import FormatData, SizeBound

from .deckkit import DEMO, card, codes, deck, deck_file, deck_from_file, demo_cards, replace, validate

CHESS = demo_cards("chesscards")
RECIPE = deck_from_file(deck_file(DEMO / "decks" / "chesscards-default.deck.json"))
DUEL = demo_cards("duel")
DUEL_DECK = deck_from_file(deck_file(DEMO / "decks" / "duel-example.deck.json"))


# --- chesscards ----------------------------------------------------------------------------
def test_the_public_recipe_is_legal():
    result = validate("chesscards", RECIPE, CHESS)
    assert result.legal and result.violations == ()
    assert result.counts == {"main": 41}


def test_the_default_format_invents_no_size_rule():
    for size in (1, 12, 80):
        d = deck("chesscards", {"main": [(size, "CC-005")]})
        assert validate("chesscards", d, CHESS).legal, size


def test_chesscards_deck_size_in_a_format_that_sets_one():
    recipe = FormatData(game="chesscards", key="recipe", sections={"main": SizeBound(exact=41)})
    d = replace(RECIPE, "main", "CC-041", [])
    assert codes(validate("chesscards", d, CHESS, recipe)) == ["DECK_SIZE"]
    assert validate("chesscards", RECIPE, CHESS, recipe).legal


def test_chesscards_common_codes():
    d = deck(
        "chesscards",
        {"main": [(1, "Échec au roi"), (1, "echange equivalent"), (1, "CC-001")], "side": [(1, "CC-002")]},
    )
    extra = CHESS + [
        card("chesscards", "CC-900", "Mur", "CARD"),
        card("chesscards", "CC-901", "Brouillon", "CARD", status="DRAFT"),
    ]
    result = validate("chesscards", deck("chesscards", {"main": [(1, "Mur"), (1, "CC-901")]}), extra)
    assert codes(result) == ["AMBIGUOUS_CARD", "CARD_NOT_VALIDATED"]
    result = validate("chesscards", d, CHESS)
    # "echange equivalent" names "Échange équivalent" (case and accents ignored); the rest is reported.
    assert codes(result) == ["UNKNOWN_CARD", "WRONG_SECTION"]
    assert result.counts == {"main": 3, "side": 1}  # the entry of the unknown section is kept and counted


# --- duel -------------------------------------------------------------------------------------
def test_the_example_duel_deck_is_legal():
    assert validate("duel", DUEL_DECK, DUEL).legal


def test_four_copies_of_a_card_is_legal_in_duel():
    assert any(e.count >= 4 for e in DUEL_DECK.sections["main"])
    d = replace(DUEL_DECK, "main", "DU-EX-009", [(5, "DU-EX-009")])
    assert validate("duel", d, DUEL).legal  # the seed sets no copy limit


def test_duel_deck_size():
    d = replace(DUEL_DECK, "main", "DU-EX-013", [(1, "DU-EX-013")])
    result = validate("duel", d, DUEL)
    assert codes(result) == ["DECK_SIZE"]
    assert result.violations[0].message == "main has 39 cards; it must have exactly 40"


def test_the_default_banlist_is_empty_and_a_banlist_is_data():
    assert validate("duel", DUEL_DECK, DUEL).legal
    banned = FormatData(
        game="duel",
        key="banlist",
        sections={"main": SizeBound(exact=40)},
        identity="name",
        banlist={"DU-EX-007": 0, "DU-EX-001": 1, "Example Dark Imp": 2, "DU-EX-003": 2},
    )
    result = validate("duel", DUEL_DECK, DUEL, banned)
    assert codes(result) == ["BANLIST"] * 4
    assert {f.card for f in result.violations} == {"DU-EX-007", "DU-EX-001", "DU-EX-002", "DU-EX-003"}
    assert any(f.message.endswith("; banlist allows 0") for f in result.violations)  # forbidden


def test_duel_format_illegal_when_a_format_limits_sets():
    core = FormatData(game="duel", key="core", sections={"main": SizeBound(exact=40)}, allowed_sets={"CORE"})
    result = validate("duel", DUEL_DECK, DUEL, core)
    assert set(codes(result)) == {"FORMAT_ILLEGAL"}
    assert len(result.violations) == 13  # one per card, every card reported


def test_duel_common_codes():
    d = replace(DUEL_DECK, "main", "DU-EX-013", [(1, "DU-EX-013"), (1, "DU-NOPE")])
    assert codes(validate("duel", d, DUEL)) == ["UNKNOWN_CARD"]
    twins = DUEL + [
        card("duel", "DU-T-1", "Example Trap", "TRAP"),
        card("duel", "DU-T-2", "Draft Spell", "SPELL", status="DRAFT"),
    ]
    d = replace(DUEL_DECK, "main", "DU-EX-013", [(1, "Example Trap"), (1, "DU-T-2")])
    # Duel's copy identity is the name: two cards named "Example Trap" are printings of one card.
    result = validate("duel", d, twins)
    assert codes(result) == ["CARD_NOT_VALIDATED"]
    assert result.resolved["main"]["Example Trap"] == "DU-EX-010"  # the first by stableCardId
    d = deck(
        "duel", {"main": [(e.count, e.ref) for e in DUEL_DECK.sections["main"]], "extra": [(1, "DU-EX-001")]}
    )
    assert codes(validate("duel", d, DUEL)) == ["WRONG_SECTION"]
