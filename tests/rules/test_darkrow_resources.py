"""Darkrow's Indices (seed 000): cost calculation and the resource curve, with the seed's own examples."""

from fractions import Fraction

import pytest

from rules.games.darkrow.resources import max_indices, modified_cost, resource_curve


def test_the_seeds_cost_examples():
    # « 5/2 = 2,5 → 3 → réduction de 1 = 2 ; 6/2 puis -1 = 2 »
    assert modified_cost(5, proportional=["1/2"], fixed=[-1]) == 2
    assert modified_cost(6, proportional=[Fraction(1, 2)], fixed=[-1]) == 2


def test_rounding_comes_after_every_proportional_change_and_before_the_fixed_ones():
    assert modified_cost(5, proportional=["1/2"]) == 3  # 2.5 rounds up
    assert modified_cost(5, proportional=["1/2", "1/2"]) == 2  # 1.25 rounds up once, not 3 then 2
    assert modified_cost(3, fixed=[-1, -1]) == 1
    assert modified_cost(3) == 3
    assert modified_cost(1, proportional=[2], fixed=[+1]) == 3


def test_a_cost_never_goes_below_zero():
    assert modified_cost(1, fixed=[-3]) == 0
    assert modified_cost(0, proportional=["1/2"], fixed=[-1]) == 0  # Vodka Leader: "-1 minimum 0"


@pytest.mark.parametrize(
    "bad",
    [
        dict(printed=-1),
        dict(printed=2.5),
        dict(printed=True),
        dict(printed=3, fixed=[0.5]),
        dict(printed=3, proportional=["-1/2"]),
    ],
)
def test_bad_inputs_are_refused(bad):
    printed = bad.pop("printed")
    with pytest.raises(ValueError):
        modified_cost(printed, **bad)


def test_the_resource_curves():
    # « Premier joueur : maximum Indices 1,3,5,7,9,10 ; second : 2,4,6,8,10 »
    assert resource_curve(first_player=True) == (1, 3, 5, 7, 9, 10)
    assert resource_curve(first_player=False) == (2, 4, 6, 8, 10)


def test_the_cap_is_ten():
    assert max_indices(6, first_player=True) == 10
    assert max_indices(40, first_player=True) == 10
    assert max_indices(5, first_player=False) == 10
    assert max_indices(12, first_player=False) == 10


@pytest.mark.parametrize("turn", [0, -1, 1.5, True])
def test_turns_count_from_one(turn):
    with pytest.raises(ValueError):
        max_indices(turn, first_player=True)
