"""Template tags of the deck pages and of the dashboard's decks slot."""

from datetime import timedelta

from django import template
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.timesince import timesince
from django.utils.translation import gettext, gettext_lazy

from cards.templatetags.cards import stats_of
from rules import get_ruleset

from .. import selectors

register = template.Library()

VERDICT_LABELS = {
    "legal": gettext_lazy("Legal"),
    "illegal": gettext_lazy("Illegal"),
    "stale": gettext_lazy("Stale"),
}


@register.inclusion_tag("decks/_dashboard.html", takes_context=True)
def deck_verdicts(context, game: str) -> dict:
    """One game's decks by verdict, each count a link into the deck list.

    The counts of every game come from one query, made once per request
    whatever the number of games and decks.
    """
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.has_perm("decks.view_deck"):
        return {"show": False}
    counts = getattr(request, "_deck_verdict_counts", None)
    if counts is None:
        counts = request._deck_verdict_counts = selectors.deck_verdict_counts(user=user)
    mine = counts.get(game, {})
    url = reverse("decks:list")
    return {
        "show": True,
        "game": game,
        "total": sum(mine.values()),
        "mine": not selectors.can_see_all_decks(user),
        "all_url": f"{url}?{urlencode({'game': game})}",
        "verdicts": [
            {
                "value": v,
                "label": VERDICT_LABELS[v],
                "count": mine.get(v, 0),
                "url": f"{url}?{urlencode({'game': game, 'verdict': v})}",
            }
            for v in selectors.VERDICTS
        ],
    }


@register.filter
def verdict_label(verdict: str) -> str:
    """A verdict of the deck list's filter (legal, illegal, stale) as its reader says it."""
    return str(VERDICT_LABELS.get(verdict, verdict))


@register.filter
def play_stats(card) -> list[tuple[str, str]]:
    """A card value's (rules.CardData) few numbers and choices worth seeing on a test-draw card."""
    if not card.type:  # an entry naming no card
        return []
    return stats_of(get_ruleset(card.game), card.type, card.fields, limit=6)


@register.filter
def in_reader_language(card, named: dict | None):
    """A dealt card (rules.CardData, or an odds choice by its key) as its reader reads it, from the page's
    ``named`` (decks.draw_views.reader_names): ``{"translation", "card"}`` (its current translation, None
    for the source; its stored card), or None for an entry that names no card."""
    if not named:
        return None
    return named.get(getattr(card, "stable_id", None) or getattr(card, "key", ""))


@register.filter
def ago(moment) -> str:
    """ "just now" within the minute, else "3 minutes ago"."""
    if not moment:
        return ""
    if timezone.now() - moment < timedelta(minutes=1):
        return gettext("just now")
    return gettext("%(since)s ago") % {"since": timesince(moment)}
