"""The statistics pages: a game's cards ranked by what the playtests say, its matchups, and the
form that records a game played on paper. Thin: the selectors read, the service records."""

from __future__ import annotations

import dataclasses

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from cards.translation_selectors import reader_language, translated_names
from common.errors import Conflict, InvalidInput
from common.finding_messages import message
from common.numbers import ascii_whole
from decks.models import Deck, DeckFormat
from decks.selectors import deck_list
from rules import registry
from rules.playstats import SIMULATED
from rules.registry import UnknownGame

from . import charts, page_parts, selectors, services
from .filters import filters_from
from .models import PaperGame


def _ruleset(game: str):
    try:
        return registry.get(game)
    except UnknownGame:
        raise Http404("no such game")


@login_required
@permission_required("cards.view_card", raise_exception=True)
def index(request):
    return redirect("playstats:game", next(iter(registry)).key)


def _in_reader_language(rows: list[dict], source_language: str) -> None:
    """Each ranked card named as its reader reads it: its current translation into the page's language
    when there is one (``shown_name``, ``shown_language``), else its own name. One query for both lists."""
    named = translated_names(row["stableCardId"] for row in rows)
    language = reader_language()
    for row in rows:
        translated = named.get(row["stableCardId"], {}).get("names", {}).get(language)
        row["shown_name"] = translated or row["name"]
        row["shown_language"] = language if translated else source_language


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
    # The people's games (by the rules and on paper, or the source chosen); the lab's bots' games
    # in a block of their own, never summed with them (a page asked for the bots' source shows the
    # people's default beside the bots' block).
    people = filters if filters.source != SIMULATED else dataclasses.replace(filters, source="")
    rankings = selectors.card_rankings(
        user=request.user, game=ruleset.key, filters=people, orders=("playRate", "winSeen"), limit=50
    )
    grid = selectors.matchup_grid(game=ruleset.key, kind="label", filters=people)
    bots = dataclasses.replace(filters, source=SIMULATED)
    lab = page_parts.lab_summary(game=ruleset.key, filters=bots)
    lab_cards = selectors.card_rankings(
        user=request.user, game=ruleset.key, filters=bots, orders=("winSeen", "winPlayed"), limit=20
    )
    lab_decks = selectors.deck_ranking(user=request.user, game=ruleset.key, filters=bots, limit=20)
    _in_reader_language(
        [*rankings["playRate"], *rankings["winSeen"], *lab_cards["winSeen"], *lab_cards["winPlayed"]],
        ruleset.language,
    )
    formats = list(DeckFormat.objects.filter(game=ruleset.key).order_by("name"))
    return render(
        request,
        "playstats/game.html",
        {
            "ruleset": ruleset,
            "games": list(registry),
            "filters": filters,
            "problems": problems,
            "people": people,
            "by_play": rankings["playRate"],
            "by_win": rankings["winSeen"],
            "grid": grid,
            "lab": lab,
            "lab_by_win": lab_cards["winSeen"],
            "lab_by_played": lab_cards["winPlayed"],
            "lab_decks": lab_decks,
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
        deck = next((d for d in mine if str(d.pk) == request.POST.get("deck", "")), None)
        # The opponent's deck: one of the player's own, or another player's by its number (they
        # confirm the game before it counts).
        other = request.POST.get("opponent_other", "").strip().lstrip("#")
        raw = other or request.POST.get("opponent", "")
        number = ascii_whole(raw)
        opponent = Deck.objects.filter(pk=number).first() if number is not None and number < 2**63 else None
        winner_raw = request.POST.get("winner", "")
        winner = int(winner_raw) if winner_raw in ("1", "2") else None
        turns = ascii_whole(request.POST.get("turns", "0") or "0", digits=4)
        if deck is None or opponent is None:
            errors.append(
                _("No deck has the number %(number)s.") % {"number": other[:20]}
                if other and deck is not None
                else _("Choose your deck and the opponent's deck.")
            )
        elif turns is None or turns > 1000:
            errors.append(_("Turns: a whole number from 0 to 1000."))
        else:
            try:
                full = list(
                    Deck.objects.filter(pk__in=[deck.pk, opponent.pk])
                    .select_related("format")
                    .prefetch_related("entries__card")
                )
                by_id = {d.pk: d for d in full}
                paper = services.paper_game_record(
                    user=request.user,
                    decks=[by_id[deck.pk], by_id[opponent.pk]],
                    winner=winner,
                    turns=turns,
                    notes=request.POST.get("notes", "")[:2000],
                )
            except InvalidInput as refused:
                errors += [message(f) for f in refused.findings]
            else:
                if paper.status == PaperGame.Status.PROPOSED:
                    messages.success(
                        request,
                        _(
                            "The paper game is recorded as a proposal: it counts once the owner of "
                            "%(deck)s confirms it."
                        )
                        % {"deck": opponent.name},
                    )
                    return redirect("playstats:proposals")
                messages.success(request, _("The paper game is recorded and counted."))
                return redirect(reverse("playstats:game", args=[deck.game]))
    return render(
        request,
        "playstats/paper.html",
        {
            "decks": mine,
            "chosen": chosen,
            "errors": errors,
            "post": request.POST,
            "waiting": selectors.paper_proposals_asked(user=request.user).count(),
        },
        status=400 if errors else 200,
    )


@login_required
@permission_required("decks.view_deck", raise_exception=True)
@require_http_methods(["GET", "POST"])
def paper_proposals(request):
    """The paper games recorded against the reader's decks, to confirm or decline, and those they
    recorded against another player's deck, with their answer."""
    if request.method == "POST":
        number = ascii_whole(request.POST.get("game", ""))
        action = request.POST.get("action")
        if number is None or action not in ("confirm", "decline"):
            messages.error(request, _("Choose a game and whether you confirm it or decline it."))
            return redirect("playstats:proposals")
        try:
            paper = services.paper_game_answer(
                user=request.user, paper_id=number, confirm=action == "confirm"
            )
        except PaperGame.DoesNotExist:
            messages.error(request, _("No game of this number waits for your answer."))
        except Conflict as refused:
            messages.error(request, refused.message)
        else:
            if paper.status == PaperGame.Status.COUNTED:
                messages.success(
                    request, _("Game %(number)s is confirmed: it is counted.") % {"number": paper.pk}
                )
            elif paper.status == PaperGame.Status.DECLINED:
                messages.success(
                    request, _("Game %(number)s is declined: it is counted nowhere.") % {"number": paper.pk}
                )
            else:
                messages.success(
                    request,
                    _("Game %(number)s is confirmed; it counts once every player confirms it.")
                    % {"number": paper.pk},
                )
        return redirect("playstats:proposals")
    return render(
        request,
        "playstats/proposals.html",
        {
            "asked": list(selectors.paper_proposals_asked(user=request.user)),
            "sent": selectors.paper_proposals_sent(user=request.user),
        },
    )
