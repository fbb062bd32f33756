"""The simulation lab beside a card: ``{% load lab %}{% engine_coverage card %}``."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext as _

from cards.interchange import card_data
from common.i18n import field_label

from ..selectors import coverage_of

register = template.Library()


def _shown(value) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


@register.inclusion_tag("simulations/_coverage.html")
def engine_coverage(card):
    """What the rules tables' engine (and so the lab's bots) plays of ``card``; nothing for a game
    whose tables have no rules mode."""
    coverage = coverage_of(card_data(card))
    stats = [] if coverage is None else [(field_label(card.game, n), _shown(v)) for n, v in coverage.stats]
    return {"card": card, "coverage": coverage, "stats": stats}
