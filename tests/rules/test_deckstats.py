"""Deck statistics: curves, card types, vanguard triggers, riftbound domains."""

from fractions import Fraction

from rules import get_ruleset
from rules.deckstats import Bar, deck_statistics
from tests.rules.deckkit import card, demo_cards


def test_darkrow_cost_curve_keeps_the_gaps_and_the_average_is_exact():
    units = [
        (card("darkrow", "DR-1", "Un", "UNIT", cost=1, atk=1, pv=1), 3),
        (card("darkrow", "DR-2", "Quatre", "UNIT", cost=4, atk=1, pv=1), 2),
        (card("darkrow", "DR-3", "Action", "ACTION", cost=0), 1),
    ]
    stats = deck_statistics(get_ruleset("darkrow"), units)
    assert stats.total == 6
    assert stats.curve_title == "Cost (Indices)"
    assert stats.curve == (Bar("0", 1), Bar("1", 3), Bar("2", 0), Bar("3", 0), Bar("4", 2))
    assert stats.average == Fraction(0 + 3 + 8, 6)
    assert stats.types == (Bar("UNIT", 5), Bar("ACTION", 1))


def test_vanguard_grade_curve_and_triggers_of_a_trial_deck():
    cards = {c.stable_id: c for c in demo_cards("vanguard")}
    from tests.rules.deckkit import DEMO, deck_file

    deck = deck_file(DEMO / "decks" / "vanguard-td01.deck.json")
    stats = deck_statistics(
        get_ruleset("vanguard"), [(cards[e["card"]], e.get("count", 1)) for e in deck["sections"]["main"]]
    )
    assert stats.total == 50
    assert sum(bar.count for bar in stats.curve) == 50
    assert [bar.label for bar in stats.curve] == ["0", "1", "2", "3"]
    [triggers] = stats.breakdowns
    assert triggers.title == "Trigger"
    counts = {bar.label: bar.count for bar in triggers.bars}
    assert counts.pop("none") == 34
    assert sum(counts.values()) == 16
    assert list(counts) == [
        t for t in ("CRITICAL", "DRAW", "STAND", "HEAL") if t in counts
    ]  # the rule set's order


def test_riftbound_domains_count_a_two_domain_card_in_both_and_neutral_apart():
    ruleset = get_ruleset("riftbound")
    entries = [
        (card("riftbound", "RB-1", "Deux", "UNIT", domains=["FURY", "CALM"], might=1, energy=2), 2),
        (card("riftbound", "RB-2", "Feu", "SPELL", domains=["FURY"], energy=1), 3),
        (card("riftbound", "RB-3", "Neutre", "GEAR", domains=[], energy=None), 1),
    ]
    stats = deck_statistics(ruleset, entries)
    [domains] = stats.breakdowns
    assert domains.bars == (Bar("FURY", 5), Bar("CALM", 2), Bar("none", 1))
    assert "counts once for each" in domains.note
    assert stats.curve == (Bar("1", 3), Bar("2", 2), Bar("none", 1))  # a card without energy cost apart


def test_duel_level_curve_leaves_spells_apart_and_unknown_cards_are_counted_in_the_total_only():
    ruleset = get_ruleset("duel")
    entries = [
        (card("duel", "DU-1", "Golem", "MONSTER", level=4, atk=1, **{"def": 1}), 3),
        (card("duel", "DU-2", "Sort", "SPELL"), 2),
        (None, 4),
    ]
    stats = deck_statistics(ruleset, entries)
    assert stats.total == 9 and stats.unknown == 4
    assert stats.curve == (Bar("4", 3), Bar("none", 2))
    assert stats.types == (Bar("MONSTER", 3), Bar("SPELL", 2))


def test_chesscards_has_no_curve():
    stats = deck_statistics(get_ruleset("chesscards"), [(card("chesscards", "CC-1", "Mur", "CARD"), 2)])
    assert stats.curve == () and stats.average is None and stats.breakdowns == ()
    assert stats.types == (Bar("CARD", 2),)
