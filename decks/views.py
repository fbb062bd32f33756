"""The deck pages: list, import and export, builder, statistics (test draws: decks.draw_views).

Views stay thin: reads go through :mod:`decks.selectors` (and the card
search of :mod:`cards.search`), writes through :mod:`decks.services`, whose
:mod:`common.errors` exceptions become messages on the page (never a 500).
A stale deck's verdict is computed when the page is shown, never taken from
its old result.
"""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Case, IntegerField, Value, When
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import formats
from django.utils.http import content_disposition_header, urlencode
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from django.views.decorators.http import require_GET, require_POST

from cards import selectors as card_selectors
from cards.models import DERIVED_FIELDS, Status
from cards.query import QueryError, typed_query
from cards.search import card_search
from cards.translation_selectors import reader_language, reader_translations
from common import i18n
from common.errors import Conflict, Forbidden, InvalidInput, StaleVersion
from common.finding_messages import message as finding_message
from common.i18n import tr
from common.refusals import message_response
from common.versions import posted_version
from rules import get_ruleset, registry
from rules.deckstats import NONE, deck_statistics

from . import page_parts, selectors, services
from .builder import board, copies_by_card, deck_cards, verdict_of
from .charts import bar_chart, row_chart
from .exports import NotExportable, default_site, site_export, sites_of, tts_exportable, tts_line
from .forms import DeckCreateForm, DeckImportForm, DeckSettingsForm
from .interchange import deck_to_dict, deck_to_text
from .models import Deck
from .playtest import card_value, section_entries
from .validation import fresh_results

DECKS_PER_PAGE = 50
SEARCH_RESULTS = 30


def deck_or_404(request, pk: int) -> Deck:
    try:
        return selectors.deck_get(user=request.user, pk=pk)
    except Deck.DoesNotExist:
        raise Http404(f"no deck {pk} that you may see") from None


def deck_verdict(deck: Deck):
    return selectors.deck_verdict(deck=deck)


def _can_change(user, deck: Deck) -> bool:
    return user.has_perm("decks.change_deck") and (
        deck.owner_id == user.pk or services.can_manage_all_decks(user)
    )


def _counts_text(game: str, counts: dict) -> list[tuple[str, int]]:
    ruleset = get_ruleset(game)
    names = list(ruleset.deck_sections) + [name for name in counts if name not in ruleset.deck_sections]
    return [
        (tr(ruleset.label_of(name)), counts.get(name, 0))
        for name in names
        if name in counts or name == "main"
    ]


# --- the list, new decks, imports ---------------------------------------------------------------------
def _list_context(request, create_form=None, import_form=None, import_errors=None) -> dict:
    user = request.user
    game = request.GET.get("game", "")
    game = game if game in registry else ""
    verdict = request.GET.get("verdict", "")
    verdict = verdict if verdict in selectors.VERDICTS else ""
    card = request.GET.get("card", "").strip()[:64]
    page = Paginator(
        selectors.deck_list_filtered(user=user, game=game, verdict=verdict, card=card or None), DECKS_PER_PAGE
    ).get_page(request.GET.get("page"))
    decks = list(page.object_list)
    fresh = fresh_results([d for d in decks if d.stale or d.legal is None])
    rows = []
    for deck in decks:
        verdict_now = verdict_of(deck, fresh.get(deck.pk))
        rows.append(
            {
                "deck": deck,
                "verdict": verdict_now,
                "counts": _counts_text(deck.game, verdict_now.counts),
                "game": get_ruleset(deck.game),
            }
        )
    can_add = user.has_perm("decks.add_deck")
    filters = {k: v for k, v in {"game": game, "verdict": verdict, "card": card}.items() if v}
    return {
        "card": card,
        "rows": rows,
        "page": page,
        "game": game,
        "verdict": verdict,
        "games": list(registry),
        "verdicts": selectors.VERDICTS,
        "filtered": bool(filters),
        "page_query": urlencode(filters),
        "sees_all": selectors.can_see_all_decks(user),
        "can_add": can_add,
        "create_form": create_form or (DeckCreateForm(initial={"format": ""}) if can_add else None),
        "import_form": import_form or (DeckImportForm(initial={"game": game}) if can_add else None),
        "import_errors": import_errors or [],
    }


@login_required
@permission_required("decks.view_deck", raise_exception=True)
@require_GET
def deck_list(request):
    return render(request, "decks/list.html", _list_context(request))


@login_required
@permission_required("decks.add_deck", raise_exception=True)
@require_POST
def deck_create(request):
    form = DeckCreateForm(request.POST)
    if form.is_valid():
        try:
            deck = services.deck_create(data=form.deck_data(), user=request.user)
        except InvalidInput as exc:
            form.add_error(None, "; ".join(finding_message(f) for f in exc.findings) or exc.message)
        else:
            messages.success(
                request,
                _("Created %(deck)s. Search for cards on the left and add them.") % {"deck": deck.name},
            )
            return redirect("decks:detail", pk=deck.pk)
    return render(request, "decks/list.html", _list_context(request, create_form=form), status=400)


@login_required
@permission_required("decks.add_deck", raise_exception=True)
@require_POST
def deck_import(request):
    form = DeckImportForm(request.POST, request.FILES)
    problems: list[str] = []
    if form.is_valid():
        raw, problems = form.deck()
        if raw is not None:
            # An imported deck is yours, whoever the file names as its owner.
            raw["owner"] = request.user.get_username()
            try:
                deck = services.deck_create(data=raw, user=request.user)
            except (InvalidInput, Forbidden) as exc:
                problems = [finding_message(f) for f in getattr(exc, "findings", [])] or [exc.message]
            else:
                if deck.legal:
                    done = _("Imported %(deck)s (legal).") % {"deck": deck.name}
                else:
                    done = ngettext(
                        "Imported %(deck)s (not legal yet: %(count)s problem listed below).",
                        "Imported %(deck)s (not legal yet: %(count)s problems listed below).",
                        len(deck.violations),
                    ) % {"deck": deck.name, "count": len(deck.violations)}
                messages.success(request, done)
                return redirect("decks:detail", pk=deck.pk)
    else:
        problems = [message for messages_ in form.errors.values() for message in messages_]
    return render(
        request,
        "decks/list.html",
        _list_context(request, import_form=form, import_errors=problems),
        status=400,
    )


# --- export -------------------------------------------------------------------------------------------
@login_required
@permission_required("decks.view_deck", raise_exception=True)
@require_GET
def deck_export(request, pk: int):
    deck = deck_or_404(request, pk)
    data = deck_to_dict(deck)
    stem = slugify(deck.name) or f"deck-{deck.pk}"
    form = request.GET.get("as")
    if form == "json":
        body, kind, filename = (
            json.dumps(data, ensure_ascii=False, indent=2) + "\n",
            "application/json",
            f"{stem}.deck.json",
        )
    elif form == "site" or (form in sites_of(deck.game) and form != "tts"):
        # "site": the game's deck site (riftbound: Piltover Archive); or a named site or tool.
        site = default_site(deck.game) if form == "site" else form
        try:
            body = site_export(data, selectors.export_printings(deck), site)
        except NotExportable as exc:
            return HttpResponse(
                _("%(card)s has no set code and collector number: Tabletop Simulator cannot name it")
                % {"card": exc.args[0]},
                status=400,
                content_type="text/plain; charset=utf-8",
            )
        if site == "cockatrice":
            kind, filename = "application/xml", f"{stem}.cod"
        else:
            kind, filename = "text/plain", f"{stem}.{'site' if form == 'site' else site}.txt"
    elif form == "tts" and tts_exportable(deck.game):
        try:
            body = tts_line(data, selectors.export_printings(deck))
        except NotExportable as exc:
            return HttpResponse(
                _("%(card)s has no set code and collector number: Tabletop Simulator cannot name it")
                % {"card": exc.args[0]},
                status=400,
                content_type="text/plain; charset=utf-8",
            )
        kind, filename = "text/plain", f"{stem}.tts.txt"
    else:
        body, kind, filename = deck_to_text(data, selectors.decklist_names(deck)), "text/plain", f"{stem}.txt"
    response = HttpResponse(body, content_type=f"{kind}; charset=utf-8")
    if request.GET.get("download") != "0":
        response["Content-Disposition"] = content_disposition_header(True, filename)
    return response


# --- the builder ---------------------------------------------------------------------------------------
def _search(request, deck: Deck, query: str, copies: dict[int, int]) -> dict:
    """Cards of the deck's game matching ``query``; VALIDATED cards first, the others shown marked."""
    cards = card_selectors.card_list(user=request.user).filter(game=deck.game)
    error = ""
    try:
        results = card_search(cards, query, game=deck.game)
    except QueryError as exc:
        error, results = str(exc), cards.none()
    playable_first = Case(
        When(status=Status.VALIDATED, then=Value(0)), default=Value(1), output_field=IntegerField()
    )
    results = results.order_by(playable_first, "search_name", "stable_id").defer(*DERIVED_FIELDS)
    found = list(results[: SEARCH_RESULTS + 1])
    more = len(found) > SEARCH_RESULTS
    found = found[:SEARCH_RESULTS]
    fmt = deck.format
    owned = (
        selectors.owned_counts(owner=request.user, card_ids=[c.pk for c in found])
        if fmt.owned_only and found
        else {}
    )
    ruleset = get_ruleset(deck.game)
    items = []
    for card in found:
        home = ruleset.section_for(card.type)
        items.append(
            {
                "card": card,
                "home": home,
                "home_label": tr(ruleset.label_of(home)),
                "is_pick": home in ruleset.deck_picks,
                "in_deck": copies.get(card.pk, 0),
                "playable": card.status == Status.VALIDATED,
                "in_format": not fmt.allowed_sets or card.set_code in fmt.allowed_sets,
                "owned": owned.get(card.pk, 0) if fmt.owned_only else None,
            }
        )
    return {"query": query, "error": error, "results": items, "more": more}


def _shown_name(card, translations: dict) -> str:
    translation = translations.get(card.pk)
    return translation.name if translation is not None else card.name


def _named(items: list[dict], translations: dict) -> list[dict]:
    """Each search result with the card's translation into the reader's language (None: its source)."""
    for item in items:
        item["translation"] = translations.get(item["card"].pk)
    return items


def _builder_context(request, deck: Deck, error: str = "", query: str | None = None) -> dict:
    """The builder's deck panel; with ``query``, its search results too. The cards of both are named
    in the reader's language where a current translation exists: one query for the whole page."""
    verdict = deck_verdict(deck)
    printings = selectors.deck_printings(deck, verdict.resolved, request.user)
    can_change = _can_change(request.user, deck)
    # The card each entry plays (rules.decks.played_id), as every reader of the deck reads it.
    played = selectors.deck_played(deck, resolved=verdict.resolved)
    search = {}
    if can_change and query is not None:
        search = _search(request, deck, query, copies_by_card(played))
    found = [item["card"] for item in search.get("results", [])]
    shown = [*deck_cards(deck, printings), *(p.card for p in played if p.card is not None and not p.held)]
    translations = reader_translations([*shown, *found], reader_language())
    if search:
        _named(search["results"], translations)
    the_board = board(deck, verdict, printings, translations, played)
    context = {
        "deck": deck,
        "ruleset": get_ruleset(deck.game),
        "board": the_board,
        "verdict": verdict,
        "can_change": can_change,
        "sees_unvalidated": card_selectors.can_see_unvalidated(request.user),
        "error": error,
        "token": _token(deck),
        # How often an open builder asks whether its deck changed elsewhere (another tab, a revalidation).
        "poll_seconds": settings.DECKS_PANEL_POLL_SECONDS,
        "settings_form": DeckSettingsForm(
            initial={"name": deck.name, "format": deck.format_id}, game=deck.game
        )
        if can_change
        else None,
    }
    # The search's own error (a query that cannot be read) is the one the results show, as before.
    context.update(search)
    return context


def _token(deck: Deck) -> str:
    """What changes when the deck's panel would show something else (a change, a new verdict)."""
    validated = deck.validated_at.timestamp() if deck.validated_at else 0
    return f"{deck.updated_at.timestamp()}-{validated}-{int(deck.stale)}"


@login_required
@permission_required("decks.view_deck", raise_exception=True)
@require_GET
def deck_detail(request, pk: int):
    deck = deck_or_404(request, pk)
    query = typed_query(request.GET)
    context = {**_builder_context(request, deck, query=query), **page_parts.comments_context(request, deck)}
    return render(request, "decks/builder.html", context)


@login_required
@permission_required("decks.view_deck", raise_exception=True)
@require_GET
def deck_search(request, pk: int):
    deck = deck_or_404(request, pk)
    if not _can_change(request.user, deck):
        raise PermissionDenied("only the deck's owner adds cards to it")
    query = typed_query(request.GET)
    search = _search(request, deck, query, copies_by_card(selectors.deck_played(deck)))
    translations = reader_translations([item["card"] for item in search["results"]], reader_language())
    context = {"deck": deck, "ruleset": get_ruleset(deck.game), **search}
    _named(context["results"], translations)
    return render(request, "decks/_results.html", context)


@login_required
@permission_required("decks.view_deck", raise_exception=True)
@require_GET
def deck_panel(request, pk: int):
    """The deck's panel, when it changed since ``since`` (another tab, a revalidation); 204 otherwise."""
    deck = deck_or_404(request, pk)
    if request.GET.get("since") == _token(deck):
        return HttpResponse(status=204)
    return render(request, "decks/_deck.html", _builder_context(request, deck))


def version_of(request) -> int | None:
    """The deck version a builder form sent (``version``; None: none sent). Called within a change,
    so that a value that is no version is refused (400) like any other input."""
    return posted_version(request.POST)


def int_or(value, default=None):
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _changed(request, deck: Deck, change, **fields) -> HttpResponse:
    """Run ``change(deck=..., user=..., expected_version=..., tab=..., **fields)``, a service changing
    ``deck`` as this builder page saw it; answer with the deck's panel (htmx) or go back to the builder."""
    if not request.user.has_perm("decks.change_deck"):
        raise PermissionDenied("you may not change decks")
    error, status = "", 200
    try:
        change(
            deck=deck,
            user=request.user,
            expected_version=version_of(request),
            tab=request.POST.get("tab", ""),
            **fields,
        )
    except Forbidden as exc:
        raise PermissionDenied(exc.message) from None
    except StaleVersion as exc:
        # Another tab or window changed the deck since this page showed it: nothing is changed,
        # what the player typed stays where it is, and the message says what to do.
        error = _(
            "Not changed: this deck was changed elsewhere (another tab or window) since this page showed it "
            "(version %(sent)s, now %(current)s). Your input is kept: reload the deck, check it and make "
            "your change again."
        ) % {"sent": exc.expected, "current": exc.current}
        status = exc.status_code
    except InvalidInput as exc:
        error = _("Not changed: %(why)s") % {
            "why": "; ".join(finding_message(f) for f in exc.findings) or exc.message
        }
        status = exc.status_code
    except Conflict as exc:
        error = _("Not changed: %(why)s") % {"why": exc.message}
        status = exc.status_code
    if request.htmx and error:
        # Shown beside the entry or search result acted on; what the player typed stays (studio/refusals.js).
        return message_response(request, error, status)
    if request.htmx:
        response = render(
            request, "decks/_deck.html", _builder_context(request, deck_or_404(request, deck.pk), error=error)
        )
        response["HX-Trigger"] = "deckChanged"
        return response
    if error:
        messages.error(request, error)
    return redirect(
        reverse("decks:detail", kwargs={"pk": deck.pk})
        + (f"?{urlencode({'q': request.POST['q']})}" if request.POST.get("q") else "")
    )


@login_required
@require_POST
def deck_add(request, pk: int):
    """Add copies of a card (a search result) to a section of the deck, by default the card's home one."""
    card, section = request.POST.get("card", ""), request.POST.get("section") or None
    count = int_or(request.POST.get("count"), 1)
    return _changed(
        request,
        deck_or_404(request, pk),
        services.deck_card_add,
        stable_id=card,
        section=section,
        count=count,
    )


def _entry_changed(request, pk: int, change, **fields) -> HttpResponse:
    """``_changed`` for a service changing one entry of the deck: the entry as the builder names it
    (its section, its position there and the card reference it shows), and the service's ``fields``."""
    return _changed(
        request,
        deck_or_404(request, pk),
        change,
        section=request.POST.get("section", ""),
        position=int_or(request.POST.get("position"), -1),
        ref=request.POST.get("ref", ""),
        **fields,
    )


@login_required
@require_POST
def deck_entry(request, pk: int):
    """Set an entry's count, or change it by ``delta`` (one copy fewer or more: its − and + buttons)."""
    delta = int_or(request.POST.get("delta"))
    count = None if delta is not None else int_or(request.POST.get("count"), -1)
    return _entry_changed(request, pk, services.deck_entry_change, count=count, delta=delta)


@login_required
@require_POST
def deck_replace(request, pk: int):
    """Replace the card an entry names: a "did you mean" suggestion, or a card created since."""
    return _entry_changed(request, pk, services.deck_entry_replace, card=request.POST.get("card", ""))


@login_required
@require_POST
def deck_move(request, pk: int):
    """Move an entry to another section of the deck."""
    return _entry_changed(request, pk, services.deck_entry_move, to=request.POST.get("to", ""))


@login_required
@require_POST
def deck_printing(request, pk: int):
    """Choose the printing an entry plays (its set and artwork), or let the studio pick one (empty)."""
    return _entry_changed(
        request, pk, services.deck_entry_printing, stable_id=request.POST.get("card") or None
    )


@login_required
@require_POST
def deck_pick(request, pk: int):
    """Make a card the deck's pick (its leader, legend, champion: the game's), or clear it."""
    pick, stable_id = request.POST.get("pick", ""), request.POST.get("card") or None
    return _changed(request, deck_or_404(request, pk), services.deck_pick_set, pick=pick, stable_id=stable_id)


@login_required
@require_POST
def deck_settings(request, pk: int):
    deck = deck_or_404(request, pk)
    form = DeckSettingsForm(request.POST, game=deck.game)

    def change(**edit):
        if not form.is_valid():
            raise InvalidInput([], message="; ".join(m for ms in form.errors.values() for m in ms))
        services.deck_update(data=form.deck_data(), partial=True, **edit)

    return _changed(request, deck, change)


@login_required
@permission_required("decks.delete_deck", raise_exception=True)
@require_POST
def deck_delete(request, pk: int):
    deck = deck_or_404(request, pk)
    try:
        services.deck_delete(
            deck=deck,
            user=request.user,
            expected_version=version_of(request),
            tab=request.POST.get("tab", ""),
        )
    except Forbidden as exc:
        raise PermissionDenied(exc.message) from None
    except (StaleVersion, InvalidInput):
        messages.error(
            request,
            _(
                "Not deleted: this deck was changed elsewhere since this page showed it. Check it, then delete it again."
            ),
        )
        return redirect("decks:detail", pk=deck.pk)
    messages.success(request, _("Deleted %(deck)s.") % {"deck": deck.name})
    return redirect("decks:list")


# --- statistics ------------------------------------------------------------------------------------------
def _curve_value(value: str) -> str:
    """A curve bar's label: its number in the reader's locale, or "none" in the reader's words."""
    if value == NONE:
        return pgettext("a statistics bar of cards without a value", "none")
    return formats.number_format(int(value), use_l10n=True, force_grouping=True) if value.isdigit() else value


def _value_namer(ruleset, field: str):
    """A breakdown bar's label: the field's value (a trigger, a domain) in the reader's language."""

    def name(value: str) -> str:
        if value == NONE:
            return pgettext("a statistics bar of cards without a value", "none")
        return i18n.value_label(ruleset, field, value)

    return name


@login_required
@permission_required("decks.view_deck", raise_exception=True)
@require_GET
def deck_stats(request, pk: int):
    deck = deck_or_404(request, pk)
    ruleset = get_ruleset(deck.game)
    section = ruleset.draws().section
    verdict = deck_verdict(deck)
    # The cards the entries play (a name of several printings plays the printing its verdict picked).
    entries = section_entries(deck, section, verdict.resolved)
    stats = deck_statistics(
        ruleset, [(card_value(e, deck.game) if e.card_id else None, e.count) for e in entries]
    )
    # Each card in the reader's language where a current translation exists (one query), the source a click away.
    translations = reader_translations([e.card for e in entries], reader_language())
    composition = sorted(
        (
            {
                "name": _shown_name(e.card, translations) if e.card else e.ref,
                "card": e.card,
                "count": e.count,
                "translation": translations.get(e.card.pk) if e.card else None,
            }
            for e in entries
        ),
        key=lambda r: (-r["count"], r["name"].casefold()),
    )
    return render(
        request,
        "decks/stats.html",
        {
            "deck": deck,
            "ruleset": ruleset,
            "verdict": verdict,
            "section_label": tr(ruleset.label_of(section)),
            "stats": stats,
            # 1,18 in French and Russian, 1.18 in English.
            "average": (
                formats.number_format(float(stats.average), decimal_pos=2, use_l10n=True)
                if stats.average is not None
                else ""
            ),
            "curve": bar_chart(stats.curve, total=stats.total, name=_curve_value),
            "has_none": any(bar.label == NONE for bar in stats.curve),
            "types": row_chart(
                stats.types, total=stats.total, name=lambda card_type: i18n.type_label(ruleset, card_type)
            ),
            "breakdowns": [
                {
                    "breakdown": b,
                    "chart": row_chart(b.bars, total=stats.total, name=_value_namer(ruleset, b.field)),
                }
                for b in stats.breakdowns
            ],
            "composition": composition,
        },
    )
