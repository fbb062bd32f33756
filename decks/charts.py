"""Bar charts as inline SVG geometry: no JavaScript, no library; the template draws the shapes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from common.numbers import whole_percent
from rules.deckstats import Bar

PLOT_HEIGHT = 170
TOP, BOTTOM, LEFT = 22, 34, 34  # room for the values above the bars, the labels below, the axis
BAR_WIDTH, GAP = 40, 16


@dataclass(frozen=True)
class ChartBar:
    label: str
    count: int
    x: float
    y: float
    width: float
    height: float
    # Where the value and the label are written.
    center: float
    share: str
    # What the page writes for the label, in the reader's language (the label is the value's key).
    text: str = ""


@dataclass(frozen=True)
class Tick:
    value: int
    y: float


@dataclass(frozen=True)
class Chart:
    bars: tuple[ChartBar, ...]
    ticks: tuple[Tick, ...]
    width: int
    height: int
    baseline: float
    total: int

    @property
    def empty(self) -> bool:
        return not self.total


def _step(top: int) -> int:
    """A round step for about four gridlines up to ``top``."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if top / step <= 4:
            return step
    return max(1, top // 4)


Namer = Callable[[str], str]


def bar_chart(bars: Sequence[Bar], *, total: int | None = None, name: Namer = str) -> Chart:
    """The geometry of a bar chart of ``bars``; ``total`` is what shares are of (the sum by default);
    ``name`` gives what the page writes for each bar's label."""
    total = sum(bar.count for bar in bars) if total is None else total
    top = max((bar.count for bar in bars), default=0)
    step = _step(top) if top else 1
    scale_top = max(step, -(-top // step) * step)
    baseline = TOP + PLOT_HEIGHT
    chart_bars = []
    for index, bar in enumerate(bars):
        x = LEFT + GAP + index * (BAR_WIDTH + GAP)
        height = PLOT_HEIGHT * bar.count / scale_top if scale_top else 0
        share = whole_percent(bar.count, total)
        chart_bars.append(
            ChartBar(
                bar.label,
                bar.count,
                x,
                baseline - height,
                BAR_WIDTH,
                height,
                x + BAR_WIDTH / 2,
                share,
                name(bar.label),
            )
        )
    ticks = tuple(
        Tick(value, baseline - PLOT_HEIGHT * value / scale_top) for value in range(0, scale_top + 1, step)
    )
    width = LEFT + GAP + len(bars) * (BAR_WIDTH + GAP)
    return Chart(tuple(chart_bars), ticks, max(width, 160), TOP + PLOT_HEIGHT + BOTTOM, baseline, total)


# --- horizontal bars, for named values (card types, triggers, domains) -------------------------------
ROW_HEIGHT, ROW_BAR = 26, 16
LABEL_WIDTH, BAR_SPACE, VALUE_SPACE = 100, 160, 72


@dataclass(frozen=True)
class Row:
    label: str
    count: int
    y: float
    width: float
    # The middle of the row, where the label and the value are written.
    middle: float
    share: str
    # What the page writes for the label, in the reader's language (the label is the value's key).
    text: str = ""


@dataclass(frozen=True)
class Rows:
    rows: tuple[Row, ...]
    width: int
    height: int
    bar_x: int
    total: int


def row_chart(bars: Sequence[Bar], *, total: int | None = None, name: Namer = str) -> Rows:
    """The geometry of horizontal bars: one row per value, the longest bar for the largest count;
    ``name`` gives what the page writes for each value (a card type's label, a trigger's)."""
    total = sum(bar.count for bar in bars) if total is None else total
    top = max((bar.count for bar in bars), default=0)
    rows = []
    for index, bar in enumerate(bars):
        y = index * ROW_HEIGHT + (ROW_HEIGHT - ROW_BAR) / 2
        width = max(BAR_SPACE * bar.count / top, 2) if top and bar.count else 0
        share = whole_percent(bar.count, total)
        rows.append(
            Row(bar.label, bar.count, y, width, index * ROW_HEIGHT + ROW_HEIGHT / 2, share, name(bar.label))
        )
    return Rows(
        tuple(rows), LABEL_WIDTH + BAR_SPACE + VALUE_SPACE, max(len(bars), 1) * ROW_HEIGHT, LABEL_WIDTH, total
    )
