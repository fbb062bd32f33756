"""Darkrow's Indices (seed 000): what a card costs and how many Indices a player has.

Pure helpers, no rule set here: the rule set is :mod:`rules.games.darkrow.ruleset`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

MAX_INDICES = 10


def modified_cost(
    printed: int, *, proportional: Iterable[Fraction | int | str] = (), fixed: Iterable[int] = ()
) -> int:
    """A cost after its changes, in the seed's order.

    Printed cost, then the proportional changes (factors such as ``"1/2"``),
    then round up to a whole number of Indices, then the fixed reductions and
    increases, then a final minimum of 0: 5 halved is 2.5, rounded up 3, minus
    1 is 2; 6 halved minus 1 is 2.
    """
    if isinstance(printed, bool) or not isinstance(printed, int) or printed < 0:
        raise ValueError(f"a printed cost is a whole number of Indices, at least 0; not {printed!r}")
    cost = Fraction(printed)
    for factor in proportional:
        factor = Fraction(factor)
        if factor < 0:
            raise ValueError(f"a proportional change is a factor of at least 0; not {factor}")
        cost *= factor
    whole = math.ceil(cost)
    for change in fixed:
        if isinstance(change, bool) or not isinstance(change, int):
            raise ValueError(f"a fixed change is a whole number of Indices; not {change!r}")
        whole += change
    return max(0, whole)


def max_indices(turn: int, *, first_player: bool) -> int:
    """The most Indices a player has on their own ``turn``-th turn (1-based), capped at 10.

    First player: 1, 3, 5, 7, 9, 10...; second player: 2, 4, 6, 8, 10...
    """
    if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
        raise ValueError(f"turns are counted from 1; not {turn!r}")
    return min(MAX_INDICES, 2 * turn - 1 if first_player else 2 * turn)


def resource_curve(*, first_player: bool) -> tuple[int, ...]:
    """The maximum Indices per own turn until the cap is reached (then it stays at 10)."""
    curve: list[int] = []
    turn = 1
    while not curve or curve[-1] < MAX_INDICES:
        curve.append(max_indices(turn, first_player=first_player))
        turn += 1
    return tuple(curve)
