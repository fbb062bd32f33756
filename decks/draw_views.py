"""The test-draw and odds pages of a deck (/decks/<id>/draws/): seeded shuffles, mulligans,
draws, and the exact odds of seeing chosen cards by a turn."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required, permission_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET

from cards.translation_selectors import reader_language, reader_translations
from common.i18n import tr, tr_params
from common.numbers import percent as shown_percent
from rules import get_ruleset
from rules.draws import MAX_SEED, DrawError, chance_by_turn, new_seed, simulate
from rules.odds import percent

from .forms import OddsForm
from .models import Deck
from .playtest import choices, dealt_cards, key_of
from .selectors import deck_played
from .views import deck_or_404, deck_verdict, int_or

MAX_DRAWS = 200
ODDS_TURNS = 6


# --- test draws and odds -----------------------------------------------------------------------------------
def draw_problem(exc: DrawError) -> str:
    """A refused draw choice in the reader's language (rules.draws marks its sentences N_)."""
    return tr(exc.template) % exc.params if exc.params else tr(exc.template)


def mulligan_rule(mulligan) -> str:
    """The setup's mulligan as one sentence in the reader's language, capitalised, or ""."""
    if mulligan is None:
        return ""
    params = {"n": mulligan.max_cards}
    text = ", ".join(tr_params(part, params) for part in mulligan.description())
    return text[:1].upper() + text[1:]


def _draw_params(request) -> dict:
    seed = int_or(request.GET.get("seed"))
    return {
        "seed": seed if seed is not None and 0 <= seed <= MAX_SEED else None,
        "decided": "mulligan" in request.GET,
        "put": [p for p in (int_or(v) for v in request.GET.getlist("put")) if p is not None],
        "draws": min(max(int_or(request.GET.get("draws"), 0), 0), MAX_DRAWS),
        "n": min(max(int_or(request.GET.get("n"), 0), 0), MAX_DRAWS),
    }


def _draw_url(deck: Deck, **params) -> str:
    query = []
    for key, value in params.items():
        if isinstance(value, list):
            query += [(key, v) for v in value]
        elif value is not None and value is not False:
            query.append((key, "" if value is True else value))
    return reverse("decks:draws", kwargs={"pk": deck.pk}) + ("?" + urlencode(query) if query else "")


def _odds(request, deck: Deck, cards, setup) -> dict:
    options = choices(cards)
    form = OddsForm(
        request.GET if "copies" in request.GET else None,
        card_choices=[(c.key, f"{c.name} ×{c.copies}") for c in options],
    )
    context = {
        "odds_form": form,
        "options": options,
        "odds": None,
        "setup": setup,
        "chosen": request.GET.getlist("cards"),
    }
    if not form.is_bound or not form.is_valid():
        return context
    wanted = set(form.cleaned_data["cards"])
    if not wanted:
        form.add_error("cards", _("Choose one or more cards of the deck."))
        return context
    copies = form.cleaned_data["copies"]
    first = form.cleaned_data.get("order") != "second"
    is_wanted = lambda card: key_of(card) in wanted
    if setup.has_turns:
        turn = form.cleaned_data.get("turn") or 0
        steps = [
            (_("Opening hand") if t == 0 else _("Turn %(turn)s") % {"turn": t}, {"turn": t})
            for t in range(0, max(ODDS_TURNS, turn) + 1)
        ]
        asked = turn
    else:
        seen = form.cleaned_data.get("seen") or 5
        steps = [
            (ngettext("%(count)s card", "%(count)s cards", n) % {"count": n}, {"turn": 0, "hand": n})
            for n in range(1, max(10, seen) + 1)
        ]
        asked = seen - 1
    table = []
    for index, (label, where) in enumerate(steps):
        chance, population, successes, seen_cards = chance_by_turn(
            setup, cards, is_wanted, copies=copies, first_player=first, **where
        )
        width = (chance * 100).numerator // (chance * 100).denominator  # the meter's width, a whole percent
        table.append(
            {
                "label": label,
                "seen": seen_cards,
                "percent": shown_percent(percent(chance)),
                "exact": chance,
                "width": width,
                "asked": index == asked,
                "opening": setup.has_turns and where["turn"] == 0,  # the label is in the reader's language
            }
        )
    chosen = next(row for row in table if row["asked"])
    context["odds"] = {
        "hoped": [c for c in options if c.key in wanted],
        "copies": copies,
        "wanted": successes,
        "population": population,
        "first": first,
        "answer": chosen,
        "table": table,
    }
    return context


def reader_names(deck: Deck, resolved: dict | None = None) -> dict[str, dict]:
    """The deck's cards by stable id, each as ``{"translation", "card"}``: the current translation its
    reader reads it through (None: the source, as written) and the stored card (its source name and
    language, one click away). One query (the entries and their cards are prefetched), with the
    cards the entries play (:func:`decks.selectors.deck_played`; ``resolved``: the verdict's map)."""
    stored = [entry.card for entry in deck_played(deck, resolved=resolved) if entry.card is not None]
    translations = reader_translations(stored, reader_language())
    return {card.stable_id: {"translation": translations.get(card.pk), "card": card} for card in stored}


def _draws_context(request, deck: Deck) -> tuple[dict, dict]:
    ruleset = get_ruleset(deck.game)
    setup = ruleset.draws()
    verdict = deck_verdict(deck)
    cards = dealt_cards(deck, setup, verdict.resolved)
    params = _draw_params(request)
    context = {
        "deck": deck,
        "ruleset": ruleset,
        "setup": setup,
        "verdict": verdict,
        "cards": cards,
        "section_label": tr(ruleset.label_of(setup.section)),
        # The cards' names in the reader's language (templates/decks/_drawn_name.html).
        "named": reader_names(deck, verdict.resolved),
    }
    context.update(_odds(request, deck, cards, setup))
    return context, params


@login_required
@permission_required("decks.view_deck", raise_exception=True)
@require_GET
def deck_draws(request, pk: int):
    deck = deck_or_404(request, pk)
    context, params = _draws_context(request, deck)
    if params["seed"] is None:
        # A new shuffle gets its seed in the address: the same address shows the same cards.
        keep = {k: v for k, v in request.GET.lists() if k not in ("seed", "put", "mulligan", "draws")}
        return redirect(
            _draw_url(deck, seed=new_seed(), **{k: v if len(v) > 1 else v[0] for k, v in keep.items()})
        )
    setup, cards, seed = context["setup"], context["cards"], params["seed"]
    error = ""
    put = params["put"] if params["decided"] else None
    try:
        dealt = simulate(setup, cards, seed=seed, put_back=put, draws=params["draws"], hand=params["n"])
    except DrawError as exc:
        error = _("%(problem)s. The hand is shown as dealt; choose again.") % {"problem": draw_problem(exc)}
        dealt = simulate(setup, cards, seed=seed, hand=params["n"])
    base = {"seed": seed, "n": params["n"] or None}
    done = {**base, "mulligan": True, "put": list(dealt.put_back or [])}
    context.update(
        {
            "dealt": dealt,
            "error": error,
            "seed": seed,
            "params": params,
            "keep_url": _draw_url(deck, **base, mulligan=True),
            "draw_url": _draw_url(deck, **done, draws=params["draws"] + 1),
            "undraw_url": _draw_url(deck, **done, draws=max(params["draws"] - 1, 0) or None)
            if params["draws"]
            else "",
            "restart_url": _draw_url(deck, **base),
            "shuffle_url": _draw_url(deck, n=params["n"] or None),
            "max_put": setup.mulligan.max_cards if setup.mulligan else 0,
            "mulligan_rule": mulligan_rule(setup.mulligan),
            "in_hand": len(dealt.hand) + len(dealt.drawn),
            "turn_draws": setup.draw_per_turn,
        }
    )
    return render(request, "decks/draws.html", context)


@login_required
@permission_required("decks.view_deck", raise_exception=True)
@require_GET
def deck_odds(request, pk: int):
    deck = deck_or_404(request, pk)
    context, _unused = _draws_context(request, deck)
    return render(request, "decks/_odds.html", context)
