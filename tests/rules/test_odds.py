"""Exact hypergeometric odds: known values, a brute-force cross-check, percentages without floats."""

from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.odds import at_least, exactly, percent


def test_one_of_three_copies_in_five_cards_of_forty():
    # The brief's example: 1 - C(37,5)/C(40,5).
    assert at_least(40, 3, 5, 1) == 1 - Fraction(comb(37, 5), comb(40, 5))
    assert at_least(40, 3, 5, 1) == Fraction(222111, 658008)
    assert percent(at_least(40, 3, 5, 1)) == "33.8%"


def test_known_values():
    # Two of four copies in a 7-card hand of 60: 1 - P(0) - P(1).
    expected = 1 - Fraction(comb(56, 7), comb(60, 7)) - Fraction(4 * comb(56, 6), comb(60, 7))
    assert at_least(60, 4, 7, 2) == expected
    # All three copies in 5 of 40 = C(3,3) C(37,2) / C(40,5).
    assert at_least(40, 3, 5, 3) == Fraction(comb(37, 2), comb(40, 5))
    assert exactly(40, 3, 5, 3) == Fraction(666, 658008)
    # Vanguard: 4 copies among the 49 cards left after the starting vanguard, 6 cards seen.
    assert at_least(49, 4, 6, 1) == 1 - Fraction(comb(45, 6), comb(49, 6))


def test_edges():
    assert at_least(40, 3, 5, 0) == 1
    assert at_least(40, 3, 5, 4) == 0  # more copies than the deck has
    assert at_least(40, 0, 5, 1) == 0
    assert at_least(40, 40, 5, 5) == 1
    assert at_least(40, 3, 40, 3) == 1  # the whole deck seen
    assert at_least(40, 3, 0, 1) == 0
    assert exactly(40, 3, 5, -1) == 0


@pytest.mark.parametrize(
    "args, message",
    [
        ((-1, 0, 0, 1), "population"),
        ((40, 41, 5, 1), "successes"),
        ((40, 3, 41, 1), "sample"),
        ((40, -1, 5, 1), "successes"),
    ],
)
def test_impossible_questions_are_refused(args, message):
    with pytest.raises(ValueError, match=message):
        at_least(*args)


@given(
    st.integers(0, 9).flatmap(
        lambda n: st.tuples(st.just(n), st.integers(0, n), st.integers(0, n), st.integers(-1, n + 1))
    )
)
def test_matches_counting_every_hand(params):
    population, successes, sample, k = params
    deck = [True] * successes + [False] * (population - successes)
    hands = list(combinations(range(population), sample))
    wins = sum(1 for hand in hands if sum(deck[i] for i in hand) >= k)
    assert at_least(population, successes, sample, k) == Fraction(wins, len(hands))
    assert sum(exactly(population, successes, sample, i) for i in range(sample + 1)) == 1


@pytest.mark.parametrize(
    "value, shown",
    [
        (Fraction(0), "0%"),
        (Fraction(1), "100%"),
        (Fraction(1, 3), "33.3%"),
        (Fraction(2, 3), "66.7%"),
        (Fraction(1, 8), "12.5%"),  # exactly 12.5
        (Fraction(1, 100000), "< 0.1%"),
        (1 - Fraction(1, 100000), "> 99.9%"),
        (Fraction(1, 2), "50.0%"),
    ],
)
def test_percent_rounds_once_and_never_hides_a_chance(value, shown):
    assert percent(value) == shown


def test_percent_places():
    assert percent(Fraction(1, 3), places=2) == "33.33%"
    assert percent(Fraction(1, 3), places=0) == "33%"
    assert percent(Fraction(1, 1000), places=0) == "< 1%"
