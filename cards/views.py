"""The card pages: browser, help, detail and editor, live validation, review transitions.

Views stay thin: reads go through :mod:`cards.selectors` and :mod:`cards.search`,
writes through :mod:`cards.services`, whose :mod:`common.errors` exceptions
become messages on the page (never a 500).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import prefetch_related_objects
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST
from django_htmx.http import push_url

from common.errors import Conflict, Forbidden, InvalidInput, StaleVersion
from common.i18n import game_name
from common.versions import posted_version
from rules import CardData, get_ruleset, registry
from rules.problems import problem as rules_problem
from rules.problems import refusal

from . import page_parts, selectors, services
from .diff import change_rows, field_changes
from .forms import CardForm, type_label
from .interchange import check_game, parse_card
from .models import DERIVED_FIELDS, Card, RevisionAction, Status
from .query import QueryError, typed_query
from .search import card_find, term_for
from .templatetags.cards import field_rows
from .translation_selectors import reader_language, reader_translations
from .translation_views import translations_context
from .workflow import allowed_targets

PAGE_SIZE = 48
# The browser counts (and offers facets of) at most this many matches: a bounded scan.
FACET_LIMIT = 5000
HISTORY_SIZE = 30
# search_name is the folded name: ordering by it sorts "Épée" with the E's on every database.
SORTS = {"name": ("search_name", "stable_id"), "updated": ("-updated_at", "stable_id"), "id": ("stable_id",)}
VIEWS = ("grid", "list")


# --- browser -------------------------------------------------------------------------------------
def _query_with(query: str, term: str) -> str:
    """``query`` with ``term`` added, or removed when it is already there (facet links toggle)."""
    words = query.split()
    if term in words:
        return " ".join(w for w in words if w != term)
    return f"{query} {term}".strip()


def _game_in_query(query: str) -> str:
    """The game a query's one ``game:`` (``g:``) term names, for the Game menu to show it."""
    found = [
        w.split(":", 1)[1].strip('"').lower() for w in query.split() if w.lower().startswith(("game:", "g:"))
    ]
    return found[0] if len(found) == 1 and found[0] in registry else ""


def _type_labeller(game: str):
    """The Type facet's labels: the game's own when one game is shown, else every game's that has the type."""
    return lambda card_type: type_label(card_type, game or None)


FACET_LABELS = {
    "status": lambda value: Status(value).label,
    "game": game_name,
}


def _facet_links(request, query: str, key: str, counts, label=None) -> list[dict]:
    label = label or FACET_LABELS.get(key, str)
    links = []
    for value, count in counts:
        term = term_for(key, value)
        q = _query_with(query, term)
        params = {k: v for k, v in request.GET.items() if k not in ("q", "page")}
        params["q"] = q
        links.append(
            {
                "value": value,
                "label": label(value),
                "count": count,
                "active": term in query.split(),
                "url": "?" + urlencode(params),
            }
        )
    return links


@login_required
@permission_required("cards.view_card", raise_exception=True)
def browse(request):
    query = typed_query(request.GET)
    game = request.GET.get("game", "")
    game = game if game in registry else ""
    view = request.GET.get("view") if request.GET.get("view") in VIEWS else "grid"
    sort = request.GET.get("sort") if request.GET.get("sort") in SORTS else "name"

    cards = selectors.card_list(user=request.user)
    if game:
        cards = cards.filter(game=game)
    error = ""
    try:
        results, _found = card_find(cards, query, game=game or None, default_order=SORTS[sort])
    except QueryError as exc:
        error = str(exc)
        results = cards.none()

    facets = selectors.card_facets(results, limit=FACET_LIMIT)
    total = facets.total
    # Facet counts give the total: the paginator needs no COUNT query of its own.
    paginator = Paginator(page_parts.with_primary_thumb(results.defer(*DERIVED_FIELDS)), PAGE_SIZE)
    paginator.count = total
    page = paginator.get_page(request.GET.get("page"))
    # Each card of the page named in the reader's language where a current translation exists, the
    # source a click away (one query for the page; the order stays the source names').
    page.object_list = list(page.object_list)
    translations = reader_translations(page.object_list, reader_language())
    for card in page.object_list:
        card.reader_translation = translations.get(card.pk)

    base = {k: v for k, v in {"q": query, "game": game, "sort": sort if sort != "name" else ""}.items() if v}
    context = {
        "query": query,
        "game": game,
        "menu_game": game or _game_in_query(query),
        "view": view,
        "sort": sort,
        "error": error,
        "page": page,
        "total": total,
        "total_capped": facets.capped,
        "games": list(registry),
        # Each facet by its key (the query term's); the page shows its title, translated.
        "facets": [
            {"key": key, "title": title, "links": links}
            for key, title, links in (
                ("game", _("Game"), _facet_links(request, query, "game", facets.games) if not game else []),
                ("t", _("Type"), _facet_links(request, query, "t", facets.types, label=_type_labeller(game))),
                ("status", _("Status"), _facet_links(request, query, "status", facets.statuses)),
                ("set", _("Set"), _facet_links(request, query, "set", facets.sets)),
                # As printed on the cards ("Lycéenne"), never the canonical key ("lyceenne").
                (
                    "arch",
                    _("Archetype"),
                    _facet_links(
                        request,
                        query,
                        "arch",
                        facets.archetypes,
                        label=lambda k: facets.archetype_labels.get(k, k),
                    ),
                ),
            )
        ],
        "grid_url": "?" + urlencode({**base, "view": "grid"}),
        "list_url": "?" + urlencode({**base, "view": "list"}),
        "page_query": urlencode({**base, "view": view}),
        "can_add": request.user.has_perm("cards.add_card"),
    }
    if not request.htmx:
        return render(request, "cards/browse.html", context)
    response = render(request, "cards/_results.html", context)
    # The address bar shows the search without the form's empty and default values.
    canonical = {
        **base,
        "view": view if view != "grid" else "",
        "page": page.number if page.number > 1 else "",
    }
    return push_url(
        response, reverse("cards:browse") + "?" + urlencode({k: v for k, v in canonical.items() if v})
    )


@login_required
@permission_required("cards.view_card", raise_exception=True)
def help_page(request):
    return render(request, "cards/help.html", {"games": list(registry)})


# --- detail and editor -----------------------------------------------------------------------------
def _get_card(request, stable_id: str) -> Card:
    try:
        return selectors.card_get(user=request.user, stable_id=stable_id)
    except Card.DoesNotExist:
        raise Http404(f"no card {stable_id} that you may see") from None


def _can_edit(user) -> bool:
    return user.has_perm("cards.change_card")


TRANSITION_LABELS = {
    (Status.DRAFT, Status.NEEDS_REVIEW): (gettext_lazy("Submit for review"), "primary"),
    (Status.NEEDS_REVIEW, Status.DRAFT): (gettext_lazy("Back to draft"), "secondary"),
    (Status.DISABLED, Status.DRAFT): (gettext_lazy("Back to draft"), "secondary"),
    (Status.VALIDATED, Status.NEEDS_REVIEW): (gettext_lazy("Needs review"), "secondary"),
    (Status.DISABLED, Status.NEEDS_REVIEW): (gettext_lazy("Needs review"), "secondary"),
}


def _transitions(user, card: Card, has_errors: bool) -> list[dict]:
    out = []
    for target in allowed_targets(user, card.status):
        label, style = TRANSITION_LABELS.get((card.status, target), (None, None))
        if label is None:
            label, style = {"VALIDATED": (_("Validate"), "primary"), "DISABLED": (_("Disable"), "danger")}[
                target
            ]
        blocked = (
            _("Fix the errors listed on this page first.")
            if target == Status.VALIDATED and has_errors
            else ""
        )
        if target == Status.VALIDATED and not blocked:
            blocked = " ".join(page_parts.validation_holds(card))
        out.append({"target": target, "label": label, "style": style, "blocked": blocked})
    return out


def _history(card: Card) -> list[dict]:
    entries = []
    for revision in selectors.card_revisions(card=card)[:HISTORY_SIZE]:
        created = revision.action in (RevisionAction.CREATE, RevisionAction.IMPORT) and revision.version == 1
        entries.append(
            {"revision": revision, "created": created, "rows": change_rows(revision.changes, created=created)}
        )
    return entries


def _detail_context(request, card: Card, form: CardForm | None = None, **extra) -> dict:
    # The translations once for the page: its findings, its panel and its face's languages.
    prefetch_related_objects([card], "translations")
    findings = services.card_findings(card)
    user = request.user
    if form is None and _can_edit(user):
        form = CardForm(card.ruleset, initial=CardForm.initial_for(card), card=card)
    revisions = _history(card)
    transitions = _transitions(user, card, any(f.is_error for f in findings))
    return {
        "card": card,
        "ruleset": card.ruleset,
        "type_label": type_label(card.type, card.ruleset),
        "form": form,
        "findings": findings,
        "field_rows": field_rows(card),
        # The panel agrees with the field: after a refused save, the archetypes as typed.
        "archetypes": archetype_keys(
            card.ruleset, form.archetypes_typed() if form is not None and form.is_bound else card.archetypes
        ),
        "transitions": transitions,
        "breaks_decks": page_parts.decks_legal_with(card_ids=[card.pk]).get(card.pk, 0)
        if any(t["target"] == Status.DISABLED for t in transitions)
        else 0,
        "history": revisions,
        "history_truncated": len(revisions) == HISTORY_SIZE and card.version > HISTORY_SIZE,
        "creator": card.created_by.get_username() if card.created_by_id else "",
        "save_warning": save_warning(user, card)
        if form is not None and card.status == Status.VALIDATED
        else "",
        **page_parts.gallery_context(request, card),
        **page_parts.comments_context(request, card),
        **translations_context(request, card),
        **extra,
    }


def archetype_keys(ruleset, archetypes: list[str] | None) -> list[tuple[str, str]]:
    """Each archetype as printed beside its canonical key (the archetype panel)."""
    return [(name, ruleset.archetype_key(name)) for name in archetypes or []]


def save_warning(user, card: Card) -> str:
    """What saving an edit to a VALIDATED card does, said before it happens: the card goes back to
    review, and the decks that use it (their names, those ``user`` may see)."""
    words = [
        _("Saving sends %(name)s back to review: it is Needs review until a reviewer validates it again.")
        % {"name": card.name}
    ]
    total, names = page_parts.decks_with_card(user=user, card_id=card.pk)
    if not total:
        words.append(_("No deck uses it."))
    elif names:
        shown = ", ".join(names) + (", …" if total > len(names) else "")
        words.append(
            ngettext("%(n)s deck uses it: %(names)s.", "%(n)s decks use it: %(names)s.", total)
            % {"n": total, "names": shown}
        )
    else:
        words.append(ngettext("%(n)s deck uses it.", "%(n)s decks use it.", total) % {"n": total})
    words.append(_("Save anyway?"))
    return " ".join(words)


@login_required
@permission_required("cards.view_card", raise_exception=True)
def card_detail(request, stable_id: str):
    card = _get_card(request, stable_id)
    if request.method == "POST":
        return _card_save(request, card)
    return render(request, "cards/detail.html", _detail_context(request, card))


@login_required
@permission_required("cards.view_unvalidated_card", raise_exception=True)
def card_version_diff(request, stable_id: str, version: int):
    """What changed on the card from ``version`` to its current version, field by field, and the
    versions in between (who, when, why): a comment written on an earlier version links here. Its
    history holds states that were not VALIDATED: for who may read them (as the revisions API)."""
    card = _get_card(request, stable_id)
    if version >= card.version:
        return redirect("cards:detail", stable_id=card.stable_id)
    snapshots = dict(
        card.revisions.filter(version__in=[version, card.version]).values_list("version", "snapshot")
    )
    if version not in snapshots or card.version not in snapshots:
        raise Http404(_("no version %(v)s of card %(id)s") % {"v": version, "id": stable_id})
    since = [
        {"revision": r, "rows": change_rows(r.changes)}
        for r in selectors.revisions_since(card=card, version=version)
    ]
    return render(
        request,
        "cards/version_diff.html",
        {
            "card": card,
            "ruleset": card.ruleset,
            "version": version,
            "rows": change_rows(field_changes(snapshots[version], snapshots[card.version])),
            "since": since,
        },
    )


def _card_save(request, card: Card):
    if not _can_edit(request.user):
        raise PermissionDenied("only designers edit cards")
    form = CardForm(card.ruleset, request.POST, card=card)
    data, findings = form.to_data()
    try:
        # Saving over a newer card, knowingly, sends the version it was shown as overwrite_version.
        expected = posted_version(request.POST, "overwrite_version", "version")
    except InvalidInput:
        problem = refusal(rules_problem("VERSION_SENT"))
        context = _detail_context(request, card, form, unsaved=[problem])
        return render(request, "cards/detail.html", context, status=400)
    if findings:
        form.show_findings(findings)
        return render(
            request, "cards/detail.html", _detail_context(request, card, form, unsaved=findings), status=400
        )
    try:
        updated = services.card_update(
            stable_id=card.stable_id,
            data=data,
            user=request.user,
            expected_version=expected,
            note=form.cleaned_data.get("revision_note", ""),
            # A card being written saves with its unfinished effects, listed as its problems.
            unfinished_effects=True,
        )
    except StaleVersion as exc:
        card.refresh_from_db()
        since = [
            {"revision": r, "rows": change_rows(r.changes)}
            for r in selectors.revisions_since(card=card, version=exc.expected)
        ]
        context = _detail_context(request, card, form, stale=exc, stale_revisions=since)
        return render(request, "cards/detail.html", context, status=409)
    except InvalidInput as exc:
        others = form.show_findings(exc.findings)
        return render(
            request,
            "cards/detail.html",
            _detail_context(request, card, form, unsaved=others or exc.findings),
            status=400,
        )
    except Conflict as exc:  # someone else's lock: nothing saved, the input kept on the page
        messages.error(request, _("Not saved: %(why)s") % {"why": exc.message})
        return render(request, "cards/detail.html", _detail_context(request, card, form), status=409)
    if updated.version == card.version:
        messages.info(request, _("Nothing changed: the card is as it was."))
    else:
        messages.success(
            request,
            _("Saved: %(card)s is now at version %(version)s.")
            % {"card": updated.name, "version": updated.version},
        )
        if updated.status != card.status:
            messages.info(
                request,
                _("Its content changed, so it went from %(before)s to %(after)s.")
                % {"before": card.get_status_display(), "after": updated.get_status_display()},
            )
    return redirect("cards:detail", stable_id=updated.stable_id)


@login_required
def card_new(request):
    if not request.user.has_perm("cards.add_card"):
        raise PermissionDenied("only designers create cards")
    game = request.GET.get("game") or request.POST.get("game")
    if check_game(game):
        return render(
            request,
            "cards/new.html",
            {"games": list(registry), "game": None},
            status=200 if not game else 400,
        )
    ruleset = get_ruleset(game)
    if request.method == "POST":
        form = CardForm(ruleset, request.POST)
        data, findings = form.to_data()
        if not findings:
            try:
                card = services.card_create(
                    game=game,
                    data=data,
                    user=request.user,
                    note=form.cleaned_data.get("revision_note", ""),
                    unfinished_effects=True,
                )
            except InvalidInput as exc:
                findings = exc.findings
            except (Conflict, Forbidden) as exc:
                findings = []
                messages.error(request, exc.message)
            else:
                messages.success(
                    request,
                    _("Created %(card)s (%(id)s) as a draft.") % {"card": card.name, "id": card.stable_id},
                )
                return redirect("cards:detail", stable_id=card.stable_id)
        others = form.show_findings(findings)
        return render(
            request,
            "cards/new.html",
            {
                "form": form,
                "ruleset": ruleset,
                "game": game,
                "unsaved": others or findings,
                "archetypes": archetype_keys(ruleset, form.archetypes_typed()),
            },
            status=400,
        )
    initial = {
        "type": request.GET.get("type")
        if request.GET.get("type") in ruleset.card_types
        else ruleset.card_types[0],
        "effects": "[]",
    }
    form = CardForm(ruleset, initial=initial)
    form.fields["name"].widget.attrs["autofocus"] = True
    return render(request, "cards/new.html", {"form": form, "ruleset": ruleset, "game": game})


@login_required
@require_POST
def card_validate(request):
    """Live validation: the findings of the card as typed, without saving anything."""
    user = request.user
    if not (user.has_perm("cards.add_card") or user.has_perm("cards.change_card")):
        raise PermissionDenied
    game = request.POST.get("game")
    if check_game(game):
        return HttpResponse(status=400)
    ruleset = get_ruleset(game)
    form = CardForm(ruleset, request.POST)
    data, findings = form.to_data()
    stable_id = request.POST.get("stableCardId") or None
    if not findings:
        card_input, findings = parse_card(data, game=game)
        if card_input is not None:
            findings = ruleset.check_card(
                CardData(
                    game=game,
                    name=card_input.name,
                    type=card_input.type,
                    stable_id=stable_id,
                    set=card_input.set_code,
                    text=card_input.text,
                    archetypes=card_input.archetypes,
                    fields=card_input.game_fields,
                    effects=card_input.effects,
                )
            )
    by_field: dict[str, list] = {}
    for finding in findings:
        # An effect's message names its JSON path (effects[0].actions[1].stat): the effect editor puts it there.
        slot = "effects" if (finding.field or "").startswith(("effects[", "effects.")) else finding.field
        if slot in form.fields:
            by_field.setdefault(slot, []).append(finding)
    slots = [
        (name, by_field.get(name, [])) for name in form.fields if name not in ("version", "revision_note")
    ]
    return render(
        request,
        "cards/_validation.html",
        {
            "findings": findings,
            "slots": slots,
            "checked": True,
            "ruleset": ruleset,
            "archetypes": archetype_keys(ruleset, data.get("archetypes")),
        },
    )


@login_required
@require_POST
def card_status(request, stable_id: str):
    card = _get_card(request, stable_id)
    target = request.POST.get("status", "")
    note = request.POST.get("note", "").strip()
    try:
        expected = posted_version(request.POST, "version")
    except InvalidInput:
        messages.error(
            request,
            _("Not changed: the version sent is not a version number; reload the page and decide again."),
        )
        return redirect(reverse("cards:detail", kwargs={"stable_id": card.stable_id}))
    try:
        updated = services.card_set_status(
            stable_id=card.stable_id, status=target, user=request.user, note=note, expected_version=expected
        )
    except StaleVersion:
        messages.error(
            request,
            _("Not changed: the card changed since you opened it. Here is its latest version; decide again."),
        )
    except Forbidden as exc:
        raise PermissionDenied(exc.message) from None
    except (Conflict, InvalidInput) as exc:
        messages.error(request, _("Not changed: %(why)s") % {"why": exc.message})
    else:
        messages.success(
            request,
            _("%(card)s is now %(status)s.") % {"card": updated.name, "status": updated.get_status_display()},
        )
    return redirect(reverse("cards:detail", kwargs={"stable_id": card.stable_id}))
