"""The lab's pages: ask for a simulation, follow it, read its figures (thin over services and selectors)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from cards.selectors import card_list
from common.errors import InvalidInput
from common.numbers import ascii_whole
from decks.selectors import deck_list
from rules import registry
from rules.tables.bots import POLICIES

from . import selectors, services
from .models import Simulation


def _whole(value: str | None):
    value = (value or "").strip()
    return ascii_whole(value) if value else None


@login_required
@require_http_methods(["GET", "POST"])
def simulation_list(request):
    """GET: the user's simulations and the form; POST: a new simulation, then its page."""
    rules_games = [r.key for r in registry if r.has_rules_mode()]
    decks = [d for d in deck_list(user=request.user).order_by("game", "name") if d.game in rules_games]
    values = {"deck": request.GET.get("deck", ""), "games": "100", "policy": "random", "seed": ""}
    if request.method == "POST":
        values = {k: request.POST.get(k, "") for k in ("deck", "opponent_deck", "games", "seed", "policy")}
        try:
            simulation = services.simulation_create(
                user=request.user,
                deck=_whole(values["deck"]),
                opponent_deck=_whole(values["opponent_deck"]),
                games=_whole(values["games"]),
                seed=_whole(values["seed"]),
                policy=values["policy"] or None,
            )
        except InvalidInput as exc:
            messages.error(request, exc.reader_message())
        else:
            return redirect("simulations:detail", simulation.pk)
    return render(
        request,
        "simulations/list.html",
        {
            "simulations": selectors.simulations_for(request.user)[:50],
            "decks": decks,
            "values": values,
            "policies": POLICIES,
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def simulation_ab(request):
    """GET: the A/B form for a card (``?card=``); POST: two simulations of one matchup, with version A
    then version B of the card, then the page that sets them side by side."""
    source = request.POST if request.method == "POST" else request.GET
    stable_id = (source.get("card") or "").strip()
    card = card_list(user=request.user).filter(stable_id=stable_id).first() if stable_id else None
    if card is None:
        raise Http404
    decks = list(deck_list(user=request.user).filter(game=card.game).order_by("name"))
    before = max(1, card.version - 1)
    values = {"deck": "", "opponent_deck": "", "games": "100", "policy": "random", "seed": ""}
    values |= {"version_a": str(before), "version_b": str(card.version)}
    status = 200
    if request.method == "POST":
        values = {k: request.POST.get(k, "") for k in values}
        try:
            first, _second = services.simulation_ab_create(
                user=request.user,
                deck=_whole(values["deck"]),
                opponent_deck=_whole(values["opponent_deck"]),
                card=card.stable_id,
                versions=[_whole(values["version_a"]), _whole(values["version_b"])],
                games=_whole(values["games"]),
                seed=_whole(values["seed"]),
                policy=values["policy"] or None,
            )
        except InvalidInput as exc:
            messages.error(request, exc.reader_message())
            status = 400
        else:
            return redirect("simulations:ab-detail", first.pk)
    return render(
        request,
        "simulations/ab.html",
        {
            "card": card,
            "decks": decks,
            "values": values,
            "versions": range(card.version, 0, -1),
            "rules_mode": card.game in [r.key for r in registry if r.has_rules_mode()],
        },
        status=status,
    )


def _signed_texts(difference: dict) -> dict:
    """The differences as the reader's language writes numbers, with their sign (+3,5 / −6,00)."""

    def signed(value, places: int) -> str:
        text = number_format(abs(value), places)
        return ("+" if value > 0 else "−" if value < 0 else "") + text

    texts = {}
    if difference["winRate"] is not None:
        texts["winRateText"] = signed(difference["winRate"], 1)
    if difference["averageTurns"] is not None:
        texts["averageTurnsText"] = signed(difference["averageTurns"], 2)
    return difference | texts


@login_required
def simulation_ab_detail(request, pk: int):
    """An A/B run: version A's figures and version B's side by side, with the difference."""
    try:
        first, second = selectors.simulation_pair(user=request.user, pk=pk)
    except Simulation.DoesNotExist:
        raise Http404 from None
    a, b = selectors.simulation_summary(first), selectors.simulation_summary(second)
    return render(
        request,
        "simulations/ab_detail.html",
        {
            "first": first,
            "second": second,
            "halves": [(first, a), (second, b)],
            "card": card_list(user=request.user).filter(stable_id=first.variant_card).first(),
            "difference": _signed_texts(selectors.ab_difference(a, b)),
        },
    )


@login_required
def simulation_detail(request, pk: int):
    try:
        simulation = selectors.simulation_get(user=request.user, pk=pk)
    except Simulation.DoesNotExist:
        raise Http404 from None
    return render(
        request,
        "simulations/detail.html",
        {"simulation": simulation, "summary": selectors.simulation_summary(simulation)},
    )


@login_required
@require_POST
def simulation_cancel(request, pk: int):
    try:
        simulation = selectors.simulation_get(user=request.user, pk=pk)
    except Simulation.DoesNotExist:
        raise Http404 from None
    services.simulation_cancel(user=request.user, simulation=simulation)
    messages.info(request, _("The simulation is stopped; the games played stay."))
    return redirect("simulations:detail", pk)
