"""The statistics pages: a game's cards ranked by what the playtests say, its matchups, and the
form that records a game played on paper. Thin: the selectors read, the service records."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from common.errors import InvalidInput
from common.finding_messages import message
from decks.models import Deck, DeckFormat
from decks.selectors import deck_list
from rules import registry
from rules.registry import UnknownGame

from . import charts, selectors, services
from .filters import filters_from


def _ruleset(game: str):
    try:
        return registry.get(game)
    except UnknownGame:
        raise Http404("no such game")


@login_required
@permission_required("cards.view_card", raise_exception=True)
def index(request):
    return redirect("playstats:game", next(iter(registry)).key)


@login_required
@permission_required("cards.view_card", raise_exception=True)
def game_page(request, game: str):
    ruleset = _ruleset(game)
    problems: list[str] = []
    try:
        filters = filters_from(request.GET)
    except InvalidInput as bad:
        problems = [message(f) for f in bad.findings]
        filters = selectors.Filters()
    by_play = selectors.card_ranking(
        user=request.user, game=ruleset.key, filters=filters, order="playRate", limit=50
    )
    by_win = selectors.card_ranking(
        user=request.user, game=ruleset.key, filters=filters, order="winSeen", limit=50
    )
    grid = selectors.matchup_grid(game=ruleset.key, kind="label", filters=filters)
    formats = list(DeckFormat.objects.filter(game=ruleset.key).order_by("name"))
    return render(
        request,
        "playstats/game.html",
        {
            "ruleset": ruleset,
            "games": list(registry),
            "filters": filters,
            "problems": problems,
            "by_play": by_play,
            "by_win": by_win,
            "grid": grid,
            "formats": formats,
            "shade": charts.shade,
            "query": request.GET.urlencode(),
        },
        status=400 if problems else 200,
    )


@login_required
@permission_required("decks.view_deck", raise_exception=True)
def paper_game(request):
    mine = list(
        deck_list(user=request.user)
        .filter(owner=request.user)
        .select_related("format")
        .order_by("game", "name")
    )
    chosen = request.GET.get("deck") or request.POST.get("deck")
    errors: list[str] = []
    if request.method == "POST":
        ids = [request.POST.get("deck", ""), request.POST.get("opponent", "")]
        decks = [d for d in mine if str(d.pk) == ids[0]]
        opponent = Deck.objects.filter(pk=ids[1]).first() if ids[1].isdigit() else None
        winner_raw = request.POST.get("winner", "")
        winner = int(winner_raw) if winner_raw in ("1", "2") else None
        turns_raw = request.POST.get("turns", "0") or "0"
        if not decks or opponent is None:
            errors.append(_("Choose your deck and the opponent's deck."))
        elif not turns_raw.isdigit() or int(turns_raw) > 1000:
            errors.append(_("Turns: a whole number from 0 to 1000."))
        else:
            try:
                full = list(
                    Deck.objects.filter(pk__in=[decks[0].pk, opponent.pk])
                    .select_related("format")
                    .prefetch_related("entries__card")
                )
                by_id = {d.pk: d for d in full}
                services.paper_game_record(
                    user=request.user,
                    decks=[by_id[decks[0].pk], by_id[opponent.pk]],
                    winner=winner,
                    turns=int(turns_raw),
                    notes=request.POST.get("notes", "")[:2000],
                )
            except InvalidInput as refused:
                errors += [message(f) for f in refused.findings]
            else:
                messages.success(request, _("The paper game is recorded and counted."))
                return redirect(reverse("playstats:game", args=[decks[0].game]))
    return render(
        request,
        "playstats/paper.html",
        {"decks": mine, "chosen": chosen, "errors": errors, "post": request.POST},
        status=400 if errors else 200,
    )
