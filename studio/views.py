"""The dashboard: per game, the cards by status and by provenance, each count a link into the card browser."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.http import urlencode

from cards import selectors
from cards.search import METHOD_TERMS, MODIFIED_TERM, ORIGIN_TERMS, STATUS_TERMS
from rules import registry


def _browse(game: str, term: str = "") -> str:
    return reverse("cards:browse") + "?" + urlencode({"q": f"game:{game} {term}".strip()})


def _link(game: str, term: str, label: str, count: int) -> dict:
    return {"label": label, "count": count, "url": _browse(game, term)}


@login_required
def home(request):
    user = request.user
    counts = selectors.card_counts(user=user)
    games = []
    for ruleset in registry:
        c = counts[ruleset.key]
        games.append(
            {
                "ruleset": ruleset,
                "total": c.total,
                "url": _browse(ruleset.key),
                "statuses": [
                    {
                        "value": value,
                        "label": label,
                        "count": n,
                        "url": _browse(ruleset.key, STATUS_TERMS[value]),
                        "share": round(100 * n / c.total, 1) if c.total else 0,
                    }
                    for value, label, n in c.statuses()
                ],
                "provenance": [
                    (
                        "Origin",
                        [
                            _link(ruleset.key, ORIGIN_TERMS[value], label, n)
                            for value, label, n in c.origins()
                        ],
                    ),
                    (
                        "Creation",
                        [
                            _link(ruleset.key, METHOD_TERMS[value], label, n)
                            for value, label, n in c.methods()
                        ],
                    ),
                    ("Edited", [_link(ruleset.key, MODIFIED_TERM, "Modified by a person", c.modified)]),
                ],
            }
        )
    recent = selectors.recent_revisions(user=user) if selectors.can_see_unvalidated(user) else []
    return render(
        request,
        "studio/dashboard.html",
        {"games": games, "recent": recent, "can_add": user.has_perm("cards.add_card")},
    )


def favicon(request):
    """Browsers ask for /favicon.ico on pages without an icon link (the API's own pages)."""
    return redirect(static("studio/favicon.svg"), permanent=True)
