"""Deck statistics: the curve of a game's cost (or grade), card types, and the game's own breakdowns.

A rule set names its curve field (``RuleSet.curve_field``: darkrow ``cost``,
riftbound ``energy``, vanguard ``grade``, duel ``level``) and the fields worth
counting (``RuleSet.breakdown_fields``: vanguard ``trigger``, riftbound
``domains``). Counts are copies. Pure: plain values in, plain values out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from .cards import CardData
from .fields import Kind
from .i18n import N_

if TYPE_CHECKING:
    from .ruleset import RuleSet

NONE = "none"


@dataclass(frozen=True, slots=True)
class Bar:
    """One bar of a chart: a value and how many copies have it."""

    label: str
    count: int


@dataclass(frozen=True, slots=True)
class Breakdown:
    field: str
    title: str
    bars: tuple[Bar, ...]
    # Why the bars may add up to more than the deck (a card with two domains counts in both).
    note: str = ""


@dataclass(frozen=True, slots=True)
class DeckStatistics:
    total: int
    # The curve: one bar per value from the lowest to the highest (gaps included), then "none".
    curve_field: str | None
    curve_title: str
    curve: tuple[Bar, ...]
    # Mean of the curve field over the copies that have a value (None when none has).
    average: Fraction | None
    types: tuple[Bar, ...]
    breakdowns: tuple[Breakdown, ...]
    # Copies whose card is not known (an entry naming no card): counted in total only.
    unknown: int = 0


def deck_statistics(ruleset: RuleSet, entries: Iterable[tuple[CardData | None, int]]) -> DeckStatistics:
    """Statistics of ``entries`` ((card, copies); card None for a reference naming no card)."""
    total = unknown = 0
    curve: Counter[int | None] = Counter()
    types: Counter[str] = Counter()
    breakdowns: dict[str, Counter[str]] = {name: Counter() for name in ruleset.breakdown_fields}
    field = ruleset.curve_field
    for card, count in entries:
        total += count
        if card is None:
            unknown += count
            continue
        types[card.type] += count
        if field is not None:
            value = card.get(field)
            curve[value if isinstance(value, int) and not isinstance(value, bool) else None] += count
        for name, counter in breakdowns.items():
            value = card.get(name)
            if isinstance(value, (list, tuple)):
                for item in value or [NONE]:
                    counter[str(item)] += count
            else:
                counter[NONE if value in (None, "") else str(value)] += count

    bars: list[Bar] = []
    average = None
    numbers = [value for value in curve if value is not None]
    if numbers:
        bars = [Bar(str(value), curve.get(value, 0)) for value in range(min(numbers), max(numbers) + 1)]
        valued = sum(curve[value] for value in numbers)
        average = Fraction(sum(value * curve[value] for value in numbers), valued)
    if curve.get(None):
        bars.append(Bar(NONE, curve[None]))
    spec = ruleset.field_spec(field) if field else None
    return DeckStatistics(
        total=total,
        curve_field=field,
        curve_title=(spec.label or spec.name) if spec else "",
        curve=tuple(bars),
        average=average,
        types=tuple(Bar(name, types[name]) for name in ruleset.card_types if types.get(name)),
        breakdowns=tuple(_breakdown(ruleset, name, counter) for name, counter in breakdowns.items()),
        unknown=unknown,
    )


def _breakdown(ruleset: RuleSet, name: str, counter: Counter[str]) -> Breakdown:
    spec = ruleset.field_spec(name)
    order = (
        list(spec.choices) if spec is not None and spec.choices else sorted(k for k in counter if k != NONE)
    )
    labels = [value for value in order if counter.get(value)] + sorted(
        k for k in counter if k not in order and k != NONE
    )
    if counter.get(NONE):
        labels.append(NONE)
    many = spec is not None and spec.kind in (Kind.ENUM_LIST, Kind.STR_LIST)
    return Breakdown(
        field=name,
        title=(spec.label or name) if spec else name,
        bars=tuple(Bar(label, counter[label]) for label in labels),
        note=N_("a card with several values counts once for each") if many else "",
    )
