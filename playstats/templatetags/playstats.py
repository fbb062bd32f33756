"""The play figures beside a card, a deck and a review: ``{% load playstats %}``."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from common.numbers import percent as percent_text
from rules.playstats import Rate

from .. import charts, selectors

register = template.Library()


@register.filter
def rate(value: Rate | None) -> str:
    """A rate as people read it: « 42 % (25–61 %, 12 parties) », or marked too few to read."""
    if value is None or value.value is None:
        return _("no game yet")
    text = ngettext(
        "%(rate)s (%(low)s–%(high)s, %(n)s game)", "%(rate)s (%(low)s–%(high)s, %(n)s games)", value.trials
    ) % {
        "rate": percent_text(f"{round(value.value * 100)}%"),
        "low": percent_text(f"{round(value.low * 100)}%"),
        "high": percent_text(f"{round(value.high * 100)}%"),
        "n": value.trials,
    }
    if value.too_few:
        text += " · " + _("too few to read")
    return text


@register.filter
def cell_colour(value: Rate) -> str:
    return charts.shade(value)


@register.inclusion_tag("playstats/_card_figures.html", takes_context=True)
def play_figures(context, card):
    user = context["request"].user
    figures = selectors.card_figures(user=user, card=card)
    # The lab's bots' figures, beside the people's and never summed with them.
    simulated = selectors.card_figures(user=user, card=card, filters=selectors.Filters(source="simulated"))
    versions = figures["versions"]
    return {
        "card": card,
        "figures": figures,
        "simulated": simulated,
        "chart": charts.over_versions(versions, "winSeen") if versions else None,
        "played_chart": charts.over_versions(versions, "playRate") if versions else None,
        "request": context["request"],
    }


@register.inclusion_tag("playstats/_deck_record.html", takes_context=True)
def deck_play_record(context, deck):
    """The deck's record; its matchups name the decks the reader may open, the others together. The
    lab's bots' record beside it, never summed with it."""
    request = context.get("request")
    user = getattr(request, "user", None)
    records = selectors.deck_records(deck_id=deck.pk, user=user)
    return {"deck": deck, "record": records["people"], "simulated": records["simulated"]}


@register.filter
def get_item(mapping, key):
    return mapping.get(key) if hasattr(mapping, "get") else getattr(mapping, key, None)


@register.filter
def percent(value: float | None) -> str:
    return "0" if value is None else f"{max(0.0, min(1.0, value)) * 100:.1f}"


@register.filter
def span(value: Rate) -> str:
    return f"{max(0.0, value.high - value.low) * 100:.1f}"
