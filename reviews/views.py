"""The review pages: the review queue (diffs, transitions one card or many at once, AI proposals,
import conflicts) and the audits (start one, watch its progress, browse its lists; image batches).

Views stay thin: reads go through :mod:`reviews.selectors`, writes through
:mod:`reviews.services`, :mod:`cards.services` and :mod:`artwork.services`,
whose :mod:`common.errors` refusals become notices on the page (never a 500).
An htmx request gets the region it replaces; without JavaScript every form
works too (a redirect on success, the page with the refusal otherwise).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import push_url, trigger_client_event

from artwork import services as artwork_services
from artwork.models import BatchState, ImageBatch, Kind
from artwork.selectors import image_batch_failures, image_batch_list
from cards.diff import card_diff
from cards.imports import import_conflict_resolve
from cards.models import CreationMethod, Origin, Status
from cards.services import card_findings
from cards.translation_selectors import language_name, translation_queue, translation_source
from cards.workflow import allowed_targets
from comments.selectors import open_thread_counts
from common.errors import Forbidden, InvalidInput, StudioError
from common.finding_messages import message as finding_message
from common.i18n import game_name
from common.refusals import in_place
from common.versions import posted_version
from decks.selectors import decks_legal_with
from playstats.selectors import figures_by_version
from rules import get_ruleset, registry
from rules.audit import REVIEW_LISTS

from . import audits as audit_services
from . import selectors, services
from .filters import ReviewQueueFilter
from .models import Audit

VIEW_UNVALIDATED, REVIEW = selectors.VIEW_UNVALIDATED, selectors.REVIEW
QUEUE_PAGE = 20  # cards a page of the full view, each with its diff
QUEUE_ROWS = 50  # lines a page of the compact queue
# What the queue's links keep from one page to the next.
KEPT_PARAMS = (
    "list",
    "status",
    "origin",
    "creationMethod",
    "userModified",
    "q",
    "author",
    "figures",
    "errors",
    "sort",
    "view",
)
QUEUE_SORT_LABELS = {
    "when": gettext_lazy("Waiting longest"),
    "-when": gettext_lazy("Latest change"),
    "name": gettext_lazy("Name"),
    "status": gettext_lazy("Status"),
    "author": gettext_lazy("Author"),
    "findings": gettext_lazy("Most findings"),
}
SIDE_ITEMS = 20  # open proposals and import conflicts shown per game
ENTRIES_PAGE = 25
# How often a running audit's or image batch's progress bar asks for news.
POLL_SECONDS = 1

MOVES = {
    Status.VALIDATED: (gettext_lazy("Approve"), "primary"),
    # An action (send it to review), not the status's name: languages say them differently.
    Status.NEEDS_REVIEW: (pgettext_lazy("review move", "Needs review"), "secondary"),
    Status.DISABLED: (gettext_lazy("Disable"), "danger"),
    Status.DRAFT: (gettext_lazy("Back to draft"), "secondary"),
}


# The same moves for the cards ticked in the queue, each its own sentence (a language says "approve the
# selection" and "send the selection back to review" differently; no label glued to "selected").
BULK_LABELS = {
    Status.VALIDATED: gettext_lazy("Approve selected"),
    Status.NEEDS_REVIEW: gettext_lazy("Needs review selected"),
    Status.DISABLED: gettext_lazy("Disable selected"),
    Status.DRAFT: gettext_lazy("Back to draft selected"),
}


def _move(target: str, blocked: str = "") -> dict:
    label, style = MOVES[target]
    return {
        "target": target,
        "label": label,
        "bulk_label": BULK_LABELS[target],
        "style": style,
        "blocked": blocked,
    }


def _holding(count: int) -> str:
    if not count:
        return ""
    return ngettext(
        "An open thread of a reviewer has no answer: reply to it or resolve it first.",
        "%(count)s open threads of a reviewer have no answer: reply to them or resolve them first.",
        count,
    ) % {"count": count}


def _game(params) -> str | None:
    game = params.get("game", "")
    return game if game in registry else None


# --- the review queue -------------------------------------------------------------------------------
def _decorate(items: list[dict], user, selected: set[str], refused: dict[str, str]) -> list[dict]:
    """What the page adds to each item of :func:`reviews.selectors.review_items`: the play figures, the
    moves open (approval blocked while the rules report errors), the decks a disabling breaks."""
    may_disable = any(Status.DISABLED in i["allowedStatuses"] for i in items)
    breaking = decks_legal_with(card_ids=[i["card"].pk for i in items]) if may_disable else {}
    # Each card's open comment threads, and those of a reviewer nobody answered (they hold validation).
    threads = open_thread_counts(card_ids=[i["card"].pk for i in items])
    # What the playtests said of the validated version and of the edited one, beside the diff.
    # The lab's bots' figures come beside them, never summed with them.
    edited = [i["card"].stable_id for i in items if not i["diff"].get("newCard")]
    figures = figures_by_version(stable_ids=edited)
    played, simulated = figures["people"], figures["simulated"]
    for item in items:
        stable_id = item["card"].stable_id
        since = item["diff"].get("since") or {}
        versions = sorted({since.get("version"), item["card"].version} - {None})
        by_version = played.get(stable_id, {})
        item["play"] = [(version, by_version[version]) for version in versions if version in by_version]
        by_bots = simulated.get(stable_id, {})
        item["simulated"] = [(version, by_bots[version]) for version in versions if version in by_bots]
        item["selected"] = stable_id in selected
        item["refused"] = refused.get(stable_id, "")
        item["breaks_decks"] = breaking.get(item["card"].pk, 0)
        item["findings"] = card_findings(item["card"])
        since = item["diff"].get("since")
        item["validated_at"] = datetime.fromisoformat(since["at"]) if since else None
        has_errors = any(f.is_error for f in item["findings"])
        item["threads"] = threads.get(item["card"].pk, {"open": 0, "holding": 0})
        item["moves"] = [
            _move(
                t,
                _("Its rule set reports errors: fix them first.")
                if t == Status.VALIDATED and has_errors
                else _holding(item["threads"]["holding"])
                if t == Status.VALIDATED
                else "",
            )
            for t in item["allowedStatuses"]
        ]
    return items


def _yes_no(value) -> bool | None:
    return {"true": True, "false": False}.get(str(value or "").lower())


def _compact(params: QueryDict, cards, user, selected: set[str], refused: dict[str, str]) -> dict:
    """The compact queue: one line a card (blocked ones apart), a page of them, and the detail pane
    of the card asked for (``card``), else of the page's first; ``next`` is the line after it."""
    sort = params.get("sort", "") if params.get("sort", "") in selectors.QUEUE_SORTS else "when"
    rows = selectors.queue_rows(cards, sort=sort, has_errors=_yes_no(params.get("errors")))
    page = Paginator(rows, QUEUE_ROWS).get_page(params.get("page"))
    lines = list(page.object_list)
    wanted = params.get("card", "")
    at = next((i for i, r in enumerate(lines) if r["card"].stable_id == wanted), None)
    if at is None:
        # Asked for a card of another page (a link kept): it opens there; a card gone (just moved)
        # gives way to the line that took its place.
        at = next((i for i, r in enumerate(rows) if r["card"].stable_id == wanted), None)
        opened = rows[at]["card"] if at is not None else (lines[0]["card"] if lines else None)
        at = next((i for i, r in enumerate(lines) if opened and r["card"] is opened), None)
    else:
        opened = lines[at]["card"]
    pane = (
        _decorate(selectors.review_items(cards=[opened], user=user), user, selected, refused)
        if opened
        else []
    )
    # Each line's open comment threads (one query for the page's lines).
    threads = open_thread_counts(card_ids=[r["card"].pk for r in lines])
    for row in lines:
        row["open"] = row["card"] is opened
        row["selected"] = row["card"].stable_id in selected
        row["refused"] = refused.get(row["card"].stable_id, "")
        row["threads"] = threads.get(row["card"].pk, {"open": 0})["open"]
    following = lines[at + 1]["card"].stable_id if at is not None and at + 1 < len(lines) else ""
    return {
        "page": page,
        "rows": lines,
        "blocked_count": sum(1 for r in rows if r["blocked"]),
        "ready_count": sum(1 for r in rows if not r["blocked"]),
        "pane": pane[0] if pane else None,
        "next_card": following,
        "sort": sort,
        "items": pane,
        "threads_counted": any(r["threads"] is not None for r in lines),
    }


def _queue_context(
    request, params: QueryDict, notice: dict | None = None, selected: Iterable[str] = ()
) -> dict:
    """The queue; after a refused move, the cards that were ticked stay ticked and the refused ones marked."""
    user = request.user
    selected = set(selected)
    refused = {r["card"]: r["message"] for r in (notice or {}).get("refused", []) if r.get("card")}
    waiting = selectors.waiting_counts(user=user)
    game = _game(params) or next((key for key in registry.keys() if waiting.get(key)), registry.keys()[0])
    data = params.copy()
    data["game"] = game
    filters = ReviewQueueFilter(data, queryset=selectors.review_queue(user=user))
    cards = filters.qs if filters.is_valid() else selectors.review_queue(user=user).none()
    full = params.get("view") == "full"
    if full:
        page = Paginator(cards, QUEUE_PAGE).get_page(params.get("page"))
        items = _decorate(
            selectors.review_items(cards=list(page.object_list), user=user), user, selected, refused
        )
        compact = {"page": page, "items": items}
    else:
        compact = _compact(params, cards, user, selected, refused)
        page = compact["page"]
    proposals = list(selectors.open_proposals(user=user, game=game)[: SIDE_ITEMS + 1])
    conflicts = list(
        selectors.import_conflict_list(user=user, game=game, open_only=True).order_by("created_at", "pk")[
            : SIDE_ITEMS + 1
        ]
    )
    # The translations waiting (draft, needs review, stale), each beside its source: one query.
    translations = list(translation_queue(game=game)[: SIDE_ITEMS + 1])
    latest = selectors.latest_audit(game=game)
    counts = (latest.list_counts or {}) if latest else {}
    kept = {k: v for k, v in params.items() if k in KEPT_PARAMS and v}
    reviews = user.has_perm(REVIEW)
    bulk_moves = [
        t for t in MOVES if any(t in allowed_targets(user, s) for s in selectors.WAITING_FOR_REVIEW)
    ]
    opened = (compact.get("pane") or {}).get("card")
    return {
        **compact,
        "full": full,
        "sorts": QUEUE_SORT_LABELS,
        "game": game,
        "ruleset": get_ruleset(game),
        # The game is a filter like the others: another game's link keeps the rest of them.
        "games": [
            {
                "key": r.key,
                "name": game_name(r),
                "waiting": waiting.get(r.key, 0),
                "query": urlencode({"game": r.key, **kept}),
            }
            for r in registry
        ],
        "filters": {k: v for k, v in kept.items() if k not in ("view", "sort")},
        "authors": selectors.queue_authors(selectors.review_queue(user=user, game=game)),
        "errors": {name: [str(e) for e in errs] for name, errs in filters.errors.items()},
        "latest": latest,
        "lists": [{"name": name, "count": counts.get(name, 0)} for name in REVIEW_LISTS],
        "provenance": {"origins": Origin.choices, "methods": CreationMethod.choices},
        "query": urlencode(
            {
                "game": game,
                **kept,
                **({"page": page.number} if page.number > 1 else {}),
                **({"card": opened.stable_id} if opened else {}),
            }
        ),
        "page_query": urlencode({"game": game, **kept}),
        "sort_query": urlencode({"game": game, **{k: v for k, v in kept.items() if k != "sort"}}),
        "bulk_moves": [_move(t) for t in bulk_moves],
        "reviews": reviews,
        "proposals": [
            {
                "proposal": p,
                "current": selectors.proposal_live_diff(proposal=p)
                if p.card.version != p.base_version
                else None,
            }
            for p in proposals[:SIDE_ITEMS]
        ],
        "more_proposals": len(proposals) > SIDE_ITEMS,
        "conflicts": [{"conflict": c, "diff": card_diff(c.kept, c.imported)} for c in conflicts[:SIDE_ITEMS]],
        "more_conflicts": len(conflicts) > SIDE_ITEMS,
        "translations": [
            {
                "translation": t,
                "source": translation_source(t.card),
                "language_name": language_name(t.language),
            }
            for t in translations[:SIDE_ITEMS]
        ],
        "more_translations": len(translations) > SIDE_ITEMS,
        "notice": notice,
        "sees_decks": user.has_perm("decks.view_deck"),
    }


@login_required
@permission_required(VIEW_UNVALIDATED, raise_exception=True)
@require_GET
def queue(request):
    context = _queue_context(request, request.GET)
    if not request.htmx:
        return render(request, "reviews/queue.html", context)
    return push_url(
        render(request, "reviews/_queue.html", context), reverse("reviews:queue") + "?" + context["query"]
    )


def _queue_answer(request, params: QueryDict, notice: dict, status: int = 200):
    """The queue after an action: its region (htmx), the page with a refusal, or a redirect with a message.

    A refusal keeps the cards that were ticked, ticked, and marks the refused ones;
    the region comes with the refusal's status, swapped in place (common.refusals).
    """
    selected = request.POST.getlist("cards") if notice["kind"] == "error" else ()
    if request.htmx:
        context = _queue_context(request, params, notice, selected=selected)
        if notice["kind"] == "error":
            return in_place(render(request, "reviews/_queue.html", context, status=status))
        return render(request, "reviews/_queue.html", context)
    if notice["kind"] == "error":
        context = _queue_context(request, params, notice, selected=selected)
        return render(request, "reviews/queue.html", context, status=status)
    messages.success(request, notice["message"])
    return redirect(reverse("reviews:queue") + "?" + params.urlencode())


def _posted_query(request) -> QueryDict:
    return QueryDict(request.POST.get("query", ""))


def _refusal(exc: StudioError, message: str) -> dict:
    # An unknown id is whatever was posted: named, never linked (it may not even fit a URL).
    items = [
        {
            "card": f.card,
            "link": f.code != "UNKNOWN_CARD",
            "message": finding_message(f).removeprefix(f"{f.card}: ") if f.card else finding_message(f),
        }
        for f in getattr(exc, "findings", [])
    ]
    return {"kind": "error", "message": message, "refused": items}


@login_required
@permission_required(VIEW_UNVALIDATED, raise_exception=True)
@require_POST
def transition(request):
    """One card or several at once, with one note: all of them move, or none (each refusal shown)."""
    ids = request.POST.getlist("cards")
    target = request.POST.get("status", "")
    note = request.POST.get("note", "").strip()
    params = _posted_query(request)
    try:
        moved = services.cards_set_status(stable_ids=ids, status=target, user=request.user, note=note)
    except services.BulkRefused as exc:
        return _queue_answer(
            request,
            params,
            _refusal(
                exc, _("Nothing changed: %(why)s.") % {"why": exc.message.removeprefix("nothing changed: ")}
            ),
            exc.status_code,
        )
    except InvalidInput as exc:
        if not ids:
            return _queue_answer(
                request,
                params,
                {"kind": "error", "message": _("Nothing changed: select at least one card first.")},
                400,
            )
        return _queue_answer(request, params, _refusal(exc, _("Nothing changed:")), 400)
    label = Status(target).label
    names = ", ".join(card.name for card in moved[:5]) + ("…" if len(moved) > 5 else "")
    message = ngettext(
        "%(count)s card now %(status)s: %(names)s.", "%(count)s cards now %(status)s: %(names)s.", len(moved)
    ) % {"count": len(moved), "status": label, "names": names}
    if note:
        message += " " + _("Note: “%(note)s”.") % {"note": note}
    if request.POST.get("next"):
        # The detail pane's move: the queue opens the line that followed the card that moved.
        params = params.copy()
        params["card"] = request.POST["next"]
    return _queue_answer(request, params, {"kind": "success", "message": message})


@login_required
@permission_required(VIEW_UNVALIDATED, raise_exception=True)
@require_POST
def proposal_decide(request, pk: int, decision: str):
    if decision not in ("accept", "reject"):
        raise Http404("a proposal is accepted or rejected")
    proposal = selectors.proposal_list(user=request.user).filter(pk=pk).first()
    if proposal is None:
        raise Http404(f"no proposal #{pk} that you may see")
    note = request.POST.get("note", "").strip()
    params = _posted_query(request)
    try:
        expected = posted_version(request.POST, "version") if decision == "accept" else None
    except InvalidInput:
        message = _(
            "Proposal #%(pk)s not accepted: the version sent is not a version number; reload the page and decide again."
        ) % {"pk": pk}
        return _queue_answer(request, params, {"kind": "error", "message": message}, 400)
    try:
        if decision == "accept":
            services.proposal_accept(proposal_id=pk, user=request.user, note=note, expected_version=expected)
        else:
            services.proposal_reject(proposal_id=pk, user=request.user, note=note)
    except Forbidden as exc:
        raise PermissionDenied(exc.message) from None
    except StudioError as exc:
        return _queue_answer(
            request,
            params,
            _refusal(
                exc,
                (
                    _("Proposal #%(pk)s not accepted: %(why)s.")
                    if decision == "accept"
                    else _("Proposal #%(pk)s not rejected: %(why)s.")
                )
                % {"pk": pk, "why": exc.message},
            ),
            exc.status_code,
        )
    done = (
        _("Proposal #%(pk)s for %(card)s accepted: applied to the card.")
        if decision == "accept"
        else _("Proposal #%(pk)s for %(card)s rejected: the card is left as it is.")
    )
    return _queue_answer(
        request, params, {"kind": "success", "message": done % {"pk": pk, "card": proposal.card.name}}
    )


@login_required
@permission_required(VIEW_UNVALIDATED, raise_exception=True)
@require_POST
def conflict_resolve(request, pk: int):
    conflict = selectors.import_conflict_list(user=request.user).filter(pk=pk).first()
    if conflict is None:
        raise Http404(f"no import conflict #{pk} that you may see")
    keep = request.POST.get("keep", "")
    params = _posted_query(request)
    if keep not in ("USER", "IMPORTED"):
        return _queue_answer(
            request,
            params,
            {
                "kind": "error",
                "message": _("Choose which version to keep: the studio's or the imported one."),
            },
            400,
        )
    try:
        import_conflict_resolve(
            conflict_id=pk, keep=keep, user=request.user, note=request.POST.get("note", "").strip()
        )
    except Forbidden as exc:
        raise PermissionDenied(exc.message) from None
    except StudioError as exc:
        return _queue_answer(
            request,
            params,
            _refusal(
                exc, _("Import conflict #%(pk)s not resolved: %(why)s.") % {"pk": pk, "why": exc.message}
            ),
            exc.status_code,
        )
    done = (
        _("Import conflict #%(pk)s on %(card)s resolved: kept the studio's version.")
        if keep == "USER"
        else _("Import conflict #%(pk)s on %(card)s resolved: kept the imported version.")
    )
    return _queue_answer(
        request, params, {"kind": "success", "message": done % {"pk": pk, "card": conflict.card.name}}
    )


# --- audits --------------------------------------------------------------------------------------------
def audits_allowed(view):
    """The audits pages' permission: :func:`reviews.selectors.may_audit`, as for the audits API."""

    @wraps(view)
    def checked(request, *args, **kwargs):
        if not selectors.may_audit(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return checked


def _audits_context(request, params, notice: dict | None = None) -> dict:
    user = request.user
    closures = selectors.review_closures()
    game = _game(params) or registry.keys()[0]
    closure = next(c for c in closures if c["game"] == game)
    latest = selectors.latest_audit(game=game)
    running = Audit.objects.filter(pk=closure["runningAudit"]).first() if closure["runningAudit"] else None
    counts = (latest.list_counts or {}) if latest else {}
    list_name = (
        params.get("list")
        if params.get("list") in REVIEW_LISTS
        else next((n for n in REVIEW_LISTS if counts.get(n)), REVIEW_LISTS[0])
    )
    entries = (
        Paginator(selectors.audit_entries(audit=latest, list_name=list_name), ENTRIES_PAGE).get_page(
            params.get("page")
        )
        if latest
        else None
    )
    may_batch = user.has_perm("artwork.add_imagebatch")
    batch = image_batch_list().filter(game=game).first() if user.has_perm("artwork.view_imagebatch") else None
    return {
        "game": game,
        "ruleset": get_ruleset(game),
        "closures": [{**c, "name": game_name(c["game"])} for c in closures],
        "closure": closure,
        "latest": latest,
        "running": running,
        "lists": [{"name": n, "count": counts.get(n, 0)} for n in REVIEW_LISTS],
        "artwork": _artwork_rows(latest),
        "list_name": list_name,
        "entries": entries,
        "entries_query": urlencode({"game": game, "list": list_name}),
        "may_batch": may_batch,
        "batch": batch,
        "batch_running": bool(batch) and batch.state != BatchState.DONE,
        "notice": notice,
        "poll": POLL_SECONDS,
    }


def _artwork_rows(audit: Audit | None) -> list[dict]:
    """Per artwork kind: the count the game's source fixes (if any), the actual one, and whether they match."""
    artwork = ((audit.counts or {}).get("artwork") or {}) if audit else {}
    expected = artwork.get("expected") or {}
    actual = artwork.get("actual") or {}
    return [
        {
            "kind": kind,
            # The words people read, with the code the counts are keyed by ("Main HD image (HD)").
            "label": f"{Kind(kind).label} ({kind})" if kind in Kind.values else kind,
            "expected": expected.get(kind),
            "actual": actual.get(kind, 0),
            "matches": None if kind not in expected else expected[kind] == actual.get(kind, 0),
        }
        for kind in [*expected, *(k for k in actual if k not in expected)]
    ]


@login_required
@audits_allowed
@require_GET
def audits(request):
    context = _audits_context(request, request.GET)
    if request.htmx and request.GET.get("part") == "entries":
        return render(request, "reviews/_entries.html", context)
    return render(request, "reviews/audits.html", context)


def _audits_answer(request, game: str, notice: dict, status: int):
    if notice["kind"] == "error" or request.htmx:
        params = QueryDict(mutable=True)
        params["game"] = game
        context = _audits_context(request, params, notice)
        return render(
            request,
            "reviews/_game.html" if request.htmx else "reviews/audits.html",
            context,
            status=200 if request.htmx else status,
        )
    messages.success(request, notice["message"])
    return redirect(reverse("reviews:audits") + "?" + urlencode({"game": game}))


@login_required
@audits_allowed
@require_POST
def audit_start(request):
    game = request.POST.get("game", "")
    if game not in registry:
        return _audits_answer(
            request,
            registry.keys()[0],
            {"kind": "error", "message": _("No game %(game)s to audit.") % {"game": repr(game)}},
            400,
        )
    try:
        audit = audit_services.audit_start(game=game, user=request.user)
    except audit_services.AuditRunning as exc:
        running = exc.audit
        message = _(
            "An audit of %(game)s is already %(state)s (#%(pk)s): follow its progress below; start another once it is done."
        ) % {
            "game": game_name(game),
            "state": str(running.get_status_display()).lower(),
            "pk": running.pk,
        }
        return _audits_answer(request, game, {"kind": "error", "message": message}, 409)
    return _audits_answer(
        request,
        game,
        {
            "kind": "success",
            "message": _("Audit #%(pk)s of %(game)s started.") % {"pk": audit.pk, "game": game_name(game)},
        },
        202,
    )


@login_required
@audits_allowed
@require_GET
def audit_progress(request, pk: int):
    audit = Audit.objects.filter(pk=pk).first()
    if audit is None:
        raise Http404(f"no audit #{pk}")
    response = render(request, "reviews/_audit_progress.html", {"audit": audit, "poll": POLL_SECONDS})
    if not audit.is_active:
        # The page reloads the game's panel once: the new lists, counts and closure.
        trigger_client_event(response, "auditFinished", {"audit": audit.pk})
    return response


@login_required
@permission_required("artwork.add_imagebatch", raise_exception=True)
@require_POST
def batch_start(request):
    game = request.POST.get("game", "")
    if game not in registry:
        return _audits_answer(
            request,
            registry.keys()[0],
            {"kind": "error", "message": _("No game %(game)s to process.") % {"game": repr(game)}},
            400,
        )
    missing = request.POST.get("missing") == "1"
    try:
        batch = artwork_services.image_batch_start(game=game, only_missing=missing, user=request.user)
    except InvalidInput as exc:
        return _audits_answer(
            request,
            game,
            {"kind": "error", "message": _("No batch started: %(why)s.") % {"why": exc.message}},
            400,
        )
    started = (
        ngettext(
            "Image batch #%(pk)s started: %(total)s image with renditions missing.",
            "Image batch #%(pk)s started: %(total)s images with renditions missing.",
            batch.total,
        )
        if missing
        else ngettext(
            "Image batch #%(pk)s started: %(total)s image in all.",
            "Image batch #%(pk)s started: %(total)s images in all.",
            batch.total,
        )
    )
    return _audits_answer(
        request, game, {"kind": "success", "message": started % {"pk": batch.pk, "total": batch.total}}, 202
    )


@login_required
@permission_required("artwork.view_imagebatch", raise_exception=True)
@require_GET
def batch_progress(request, pk: int):
    batch = ImageBatch.objects.filter(pk=pk).first()
    if batch is None:
        raise Http404(f"no image batch #{pk}")
    failures = image_batch_failures(batch, limit=10) if batch.failed else []
    return render(
        request,
        "reviews/_batch_progress.html",
        {
            "batch": batch,
            "failures": failures,
            "poll": POLL_SECONDS,
            "running": batch.state != BatchState.DONE,
        },
    )
