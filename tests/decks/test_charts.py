"""Chart geometry: bars in proportion, round gridlines, shares of the whole."""

from decks.charts import PLOT_HEIGHT, bar_chart, row_chart
from rules.deckstats import Bar


def test_columns_are_in_proportion_on_round_gridlines():
    chart = bar_chart([Bar("0", 17), Bar("1", 14), Bar("2", 0), Bar("3", 7)])
    assert [t.value for t in chart.ticks] == [0, 5, 10, 15, 20]
    tallest, _, empty, _ = chart.bars
    assert tallest.height == PLOT_HEIGHT * 17 / 20 and empty.height == 0
    assert tallest.y + tallest.height == chart.baseline
    assert [bar.share for bar in chart.bars] == ["45%", "37%", "0%", "18%"]
    assert chart.bars[1].x > chart.bars[0].x + chart.bars[0].width  # side by side, never overlapping


def test_rows_give_the_longest_bar_to_the_largest_count():
    rows = row_chart([Bar("UNIT", 30), Bar("SPELL", 10), Bar("GEAR", 0)], total=40)
    assert rows.rows[0].width == 3 * rows.rows[1].width and rows.rows[2].width == 0
    assert [r.share for r in rows.rows] == ["75%", "25%", "0%"]


def test_an_empty_chart_is_drawn_without_dividing_by_zero():
    assert bar_chart([]).empty and row_chart([]).rows == ()
