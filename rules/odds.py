"""Exact odds of drawing cards: the hypergeometric distribution, in fractions.

A shuffled deck of ``population`` cards holds ``successes`` copies of the cards
a player hopes for; the cards seen are a uniformly random sample of ``sample``
of them, whatever positions they come from (the opening hand, then the draws
after a Life or a set-aside card). The chance to see at least ``k`` copies is
a ratio of binomial coefficients, computed here with integers and
:class:`fractions.Fraction`: no float in the core, so a percentage shown is
the exact value rounded once, at the end.

Pure: no Django, no I/O.
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction
from math import comb


def _check(population: int, successes: int, sample: int) -> None:
    if population < 0:
        raise ValueError("population: a number of cards, 0 or more")
    if not 0 <= successes <= population:
        raise ValueError(f"successes: from 0 to the {population} cards of the deck")
    if not 0 <= sample <= population:
        raise ValueError(f"sample: from 0 to the {population} cards of the deck")


def exactly(population: int, successes: int, sample: int, k: int) -> Fraction:
    """P(exactly ``k`` copies among ``sample`` cards) = C(K, k) C(N - K, n - k) / C(N, n)."""
    _check(population, successes, sample)
    if k < 0:
        return Fraction(0)
    return Fraction(comb(successes, k) * comb(population - successes, sample - k), comb(population, sample))


def at_least(population: int, successes: int, sample: int, k: int) -> Fraction:
    """P(at least ``k`` copies among ``sample`` cards), exactly.

    Summed over the fewer terms: 1 minus the chances of 0 to k-1 copies when k
    is small, else the chances of k copies or more.
    """
    _check(population, successes, sample)
    if k <= 0:
        return Fraction(1)
    top = min(successes, sample)
    if k > top:
        return Fraction(0)
    total = comb(population, sample)
    rest = population - successes
    if k <= top - k + 1:
        below = sum(comb(successes, i) * comb(rest, sample - i) for i in range(k))
        return Fraction(total - below, total)
    return Fraction(sum(comb(successes, i) * comb(rest, sample - i) for i in range(k, top + 1)), total)


def percent(value: Fraction, places: int = 1) -> str:
    """``value`` as a percentage rounded to ``places`` decimals ("33.8%").

    Exact values stay exact ("0%", "100%"); a value that rounds to 0 or 100 but
    is not says so ("< 0.1%", "> 99.9%"), so a possible draw never reads as impossible.
    """
    if value == 0:
        return "0%"
    if value == 1:
        return "100%"
    with localcontext() as context:
        context.prec = 50
        exact = Decimal(value.numerator * 100) / Decimal(value.denominator)
        step = Decimal(1).scaleb(-places)
        shown = exact.quantize(step, rounding=ROUND_HALF_EVEN)
    if shown == 0:
        return f"< {step}%"
    if shown == 100:
        return f"> {Decimal(100) - step}%"
    return f"{shown}%"
