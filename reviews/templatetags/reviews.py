"""Template tags of the review pages and of the dashboard's review slot."""

from __future__ import annotations

import json
from datetime import datetime

from django import template
from django.urls import reverse
from django.utils.http import urlencode

from .. import selectors

register = template.Library()


@register.filter
def as_json(value) -> str:
    """A JSON value on one line, as written in an effect (accents kept)."""
    return json.dumps(value, ensure_ascii=False)


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
