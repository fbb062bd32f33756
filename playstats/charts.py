"""Small charts of the play figures, drawn as SVG geometry from plain numbers (no external service).

A rate with its 95 % interval over the card's versions: one column per version, the rate a
dot, the interval a bar; a version with too few games is drawn hollow. The page's template turns
these numbers into SVG; nothing here is text a user wrote.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from rules.playstats import Rate

WIDTH, HEIGHT, PAD = 320, 120, 24


@dataclass(frozen=True)
class Point:
    label: str
    x: float
    y: float | None
    low: float
    high: float
    hollow: bool
    rate: Rate


def over_versions(rows: list[dict], key: str) -> dict:
    """The geometry of ``key``'s rate (e.g. "winSeen") over the versions, oldest on the left."""
    ordered = sorted(rows, key=lambda r: r["version"])
    step = (WIDTH - 2 * PAD) / max(1, len(ordered))
    points = []
    for index, row in enumerate(ordered):
        rate: Rate = row[key]

        def y(value: float) -> float:
            return round(HEIGHT - PAD - value * (HEIGHT - 2 * PAD), 1)

        points.append(
            Point(
                label=_("v%(version)s") % {"version": row["version"]},
                x=round(PAD + step * (index + 0.5), 1),
                y=None if rate.value is None else y(rate.value),
                low=y(rate.low),
                high=y(rate.high),
                hollow=rate.too_few,
                rate=rate,
            )
        )
    grid = [
        {"y": round(HEIGHT - PAD - f * (HEIGHT - 2 * PAD), 1), "label": f"{int(f * 100)} %"}
        for f in (0, 0.5, 1)
    ]
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "pad": PAD,
        "points": points,
        "grid": grid,
        "right": WIDTH - PAD,
    }


def shade(rate: Rate) -> str:
    """A matchup cell's colour: red below 50 %, green above, grey when too few games to read."""
    if rate.too_few or rate.value is None:
        return "hsl(0 0% 88%)"
    hue = 120 * rate.value
    return f"hsl({hue:.0f} 55% 80%)"
