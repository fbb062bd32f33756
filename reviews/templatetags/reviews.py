"""Template tags of the review pages and of the dashboard's review slot."""

from __future__ import annotations

import json
from datetime import datetime

from django import template
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext_lazy as _

from cards.diff import show
from common.i18n import field_label, game_ruleset, type_label, value_label
from common.labels import LABELS, label
from rules.fields import Kind

from .. import selectors

register = template.Library()


@register.filter
def as_json(value) -> str:
    """A JSON value on one line, as written in an effect (accents kept)."""
    return json.dumps(value, ensure_ascii=False)


# The card's own keys and its workflow keys as the review diff names them (the game's fields: their labels).
KEY_LABELS = {
    "name": _("Name"),
    "type": _("Type"),
    "set": _("Set"),
    "text": _("Text"),
    "archetypes": _("Archetypes"),
    "effects": _("Effects"),
    "status": _("Status"),
    "origin": _("Origin"),
    "creationMethod": _("Creation"),
    "userModified": _("Modified by a person"),
}


@register.filter
def key_label(key: str, game=None) -> str:
    """A diff's key in the reader's words: ``atk`` is « ATQ », ``status`` « Statut »; an unknown key as it is."""
    if key in KEY_LABELS:
        return str(KEY_LABELS[key])
    ruleset = game_ruleset(game)
    if ruleset is not None and ruleset.field_spec(key) is not None:
        return field_label(ruleset, key)
    return str(key)


@register.filter
def diff_value(value, arg: str = "") -> str:
    """A diff's value in words: ``{{ e.before|diff_value:e.key }}`` (with the game: ``"key game"``).

    A status or provenance by its label (« Validé », not VALIDATED), a card type or an enum value of
    the game by its label, a yes/no in words; anything else as the card's history shows it."""
    key, _space, game = str(arg).partition(" ")
    if isinstance(value, str) and value and key in LABELS:
        return label(value, key)
    ruleset = game_ruleset(game or None)
    if ruleset is not None and isinstance(value, str) and value:
        if key == "type" and value in ruleset.card_types:
            return type_label(ruleset, value)
        spec = ruleset.field_spec(key)
        if spec is not None and spec.kind is Kind.ENUM:
            return value_label(ruleset, key, value)
    return show(value)


@register.filter
def percent(done, total) -> int:
    """``done`` of ``total`` as a whole percentage for a progress bar (100 when there is nothing to do)."""
    try:
        return min(100, round(100 * int(done) / int(total))) if int(total) else 100
    except (TypeError, ValueError):
        return 0


@register.inclusion_tag("reviews/_dashboard.html", takes_context=True)
def review_state(context, game: str) -> dict:
    """One game's latest audit and whether its review is closed, for the dashboard.

    Reviewers see the audit, the blocking lists and links; designers one line
    (closed or open); others nothing. The closures of every game come from a
    few queries made once per request, whatever the number of games and cards.
    """
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.has_perm(selectors.VIEW_UNVALIDATED):
        return {"show": False}
    closures = getattr(request, "_review_closures", None)
    if closures is None:
        closures = request._review_closures = {c["game"]: c for c in selectors.review_closures()}
    closure = closures.get(game)
    if closure is None:
        return {"show": False}
    return {
        "show": True,
        "full": user.has_perm(selectors.REVIEW),
        "game": game,
        "closure": closure,
        "blocking": [(name, closure["lists"][name]) for name in closure["blockingLists"]],
        "finished_at": datetime.fromisoformat(closure["auditFinishedAt"])
        if closure["auditFinishedAt"]
        else None,
        "audits_url": f"{reverse('reviews:audits')}?{urlencode({'game': game})}",
        "queue_url": f"{reverse('reviews:queue')}?{urlencode({'game': game})}",
    }
