"""The deck statistics' SVG charts keep plain numbers in every language (issue 14).

French and Russian write decimals with a comma; an SVG coordinate written "192,5" is no number
for the browser, and the bars vanish. The charts' markup is never localized.
"""

import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from decks.charts import bar_chart, row_chart
from rules.deckstats import Bar

BARS = [Bar("0", 17), Bar("1", 14), Bar("2", 11), Bar("3", 8)]
NUMERIC = re.compile(r'\s(?:x|y|x1|x2|y1|y2|width|height|viewBox)="([^"]*)"')


@pytest.mark.parametrize("language", ["en", "fr", "ru"])
@pytest.mark.parametrize(
    ("template", "chart"), [("decks/_columns.html", bar_chart(BARS)), ("decks/_rows.html", row_chart(BARS))]
)
def test_chart_coordinates_are_plain_numbers(language, template, chart):
    with translation.override(language):
        html = render_to_string(template, {"chart": chart, "title": "Grade"})
    values = NUMERIC.findall(html)
    assert values, html
    assert all(re.fullmatch(r"[-0-9. ]+", v) for v in values), sorted(set(values))


@pytest.mark.parametrize("language", ["fr", "ru"])
def test_a_fraction_would_be_written_with_a_comma_without_it(language):
    """The test above can fail: the same values, localized, carry a comma."""
    from django.template import Context, Template

    with translation.override(language):
        assert "," in Template("{{ y }}").render(Context({"y": bar_chart(BARS).ticks[1].y}))
