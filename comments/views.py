"""The comment forms of the card page and the inbox page: thin views over the services."""

from __future__ import annotations

from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from cards.models import Card, Status
from cards.selectors import card_get, card_list
from common.errors import Forbidden, InvalidInput, StudioError
from common.refusals import in_place
from decks.models import Deck
from decks.selectors import deck_get
from rules import registry
from tables.models import Table
from tables.selectors import table_get_for

from . import activity as activity_services
from . import presence, selectors, services, slots
from .models import Comment, EmailChoice, Happening, Kind

INBOX_PAGE = 30


def _card(request, stable_id: str) -> Card:
    try:
        return card_get(user=request.user, stable_id=stable_id)
    except Card.DoesNotExist:
        raise Http404("no card you may see has this id") from None


def _comment(request, pk: int) -> Comment:
    comment = (
        Comment.objects.select_related("card", "deck", "table", "parent", "author").filter(pk=pk).first()
    )
    if comment is None or not selectors.may_read_comment(request.user, comment):
        raise Http404("no comment you may see has this id")
    return comment


def _deck(request, pk: int) -> Deck:
    try:
        return deck_get(user=request.user, pk=pk)
    except Deck.DoesNotExist:
        raise Http404("no deck you may see has this id") from None


def _deck_numbered(request, number: str) -> Deck:
    """The deck a form or a query names by its number (as typed: anything but a number is a 404)."""
    if not (number.isascii() and number.isdigit() and len(number) < 18):
        raise Http404("no deck you may see has this id")
    return _deck(request, int(number))


def _answer(
    request,
    target: Card | Deck | Table,
    *,
    error: str = "",
    status: int = 200,
    draft: dict | None = None,
    unfold: int | None = None,
):
    """The card's, the deck's or the table's threads again (htmx), or its page at its threads; the
    thread of the comment ``unfold`` (the one just written or acted on) stays unfolded."""
    is_card = isinstance(target, Card)
    if is_card:
        slot, page = slots.card_comments, reverse("cards:detail", args=[target.stable_id])
    elif isinstance(target, Deck):
        slot, page = slots.deck_comments, reverse("decks:detail", args=[target.pk])
    else:
        slot, page = slots.table_comments, reverse("tables:detail", args=[target.pk])
    slot = partial(slot, unfold=unfold)
    if unfold is not None:
        page += "?" + urlencode({"comment": unfold})
    if request.htmx:
        context = {
            "card": target if is_card else None,
            **slot(request, target),
            "comment_error": error,
            "draft": draft or {},
        }
        return in_place(render(request, "comments/_threads.html", context, status=status))
    if error:
        messages.error(request, _("Not saved: %(why)s") % {"why": error})
    return redirect(page + "#comments")


def _why(exc: StudioError) -> str:
    return exc.reader_message() if isinstance(exc, InvalidInput) else str(exc.message)


@login_required
@permission_required("cards.view_card", raise_exception=True)
@require_POST
def card_comment(request, stable_id: str):
    card = _card(request, stable_id)
    data = {key: request.POST.get(key, "") for key in ("body", "field", "language", "region")}
    return _posted(request, data, card, card=card)


def _posted(request, data: dict, target: Card | Deck | Table, **where):
    """A new thread (``data``) or, with ``parent``, a reply on ``target``; its threads again."""
    parent = request.POST.get("parent", "")
    if parent.isascii() and parent.isdigit():
        data["parent"] = int(parent[:18])
    try:
        comment = services.comment_create(user=request.user, data=data, **where)
    except InvalidInput as exc:
        thread = data.get("parent")
        return _answer(request, target, error=_why(exc), status=400, draft=data, unfold=thread)
    return _answer(request, target, unfold=comment.pk)


@login_required
@permission_required("cards.view_card", raise_exception=True)
@require_GET
def card_thread(request, stable_id: str, pk: int):
    """One of the card's threads whole, for the card page's folded parts (htmx): who may not see the
    card, or asks for a thread that is not the card's, gets a 404, as on the card page. Asked
    without htmx (a link followed), the card's page with the thread unfolded."""
    card = _card(request, stable_id)
    return _thread_answer(
        request, card, pk, slots.thread_whole(request, card, selectors.whole_thread(card=card, pk=pk))
    )


@login_required
@permission_required("cards.view_card", raise_exception=True)
@require_GET
def card_threads_more(request, stable_id: str):
    """The next of the card's threads its page leaves folded ("Show N more threads", htmx), from
    ``from``; asked without htmx, the card's page with all its threads."""
    return _more_answer(request, _card(request, stable_id))


def _thread_answer(request, target: Card | Deck | Table, pk: int, found: tuple[dict, int | None] | None):
    """One thread whole (``found``: its view and its first reply's id) for a page's folded parts
    (htmx); asked without htmx (a link followed), the page with the thread unfolded. A thread the
    reader may not read, or not of ``target``, is a 404, as on its page."""
    if found is None:
        raise Http404("no thread you may read has this id here")
    post_url, page_url = slots.page_addresses(target)
    if not request.htmx:
        return redirect(page_url + f"?comment={pk}#comment-{pk}")
    view, first_reply = found
    # The first comment the fold hid takes the focus: the thread's first reply after "N more
    # replies", else its first comment.
    view["focus"] = first_reply if request.GET.get("focus") == "replies" and first_reply else view["id"]
    comments = {"post_url": post_url, **({"table": target.pk} if isinstance(target, Table) else {})}
    context = {"card": target if isinstance(target, Card) else None, "comments": comments, "t": view}
    return render(request, "comments/_thread.html", context)


def _more_answer(request, target: Card | Deck | Table):
    """The next of the threads on ``target`` its page leaves folded ("Show N more threads", htmx),
    from ``from``; asked without htmx, the page with all its threads."""
    comment = slots.asked_number(request.GET.get("comment"))
    if not request.htmx:
        query = {"threads": "all", **({"comment": comment} if comment is not None else {})}
        return redirect(slots.page_addresses(target)[1] + "?" + urlencode(query) + "#comments")
    start = slots.asked_number(request.GET.get("from")) or 0
    context = {
        "card": target if isinstance(target, Card) else None,
        "comments": slots.more_threads(request, target, start=start, target_comment=comment),
    }
    return render(request, "comments/_thread_list.html", context)


@login_required
@permission_required("decks.view_deck", raise_exception=True)
@require_GET
def deck_thread(request, pk: int, thread: int):
    """One of the deck's threads whole, for the deck page's folded parts (card_thread's)."""
    deck = _deck(request, pk)
    return _thread_answer(
        request, deck, thread, slots.thread_whole(request, None, selectors.whole_thread(deck=deck, pk=thread))
    )


@login_required
@permission_required("decks.view_deck", raise_exception=True)
@require_GET
def deck_threads_more(request, pk: int):
    return _more_answer(request, _deck(request, pk))


@login_required
@require_GET
def table_thread(request, pk: int, thread: int):
    """One of a finished table's threads whole, as its reader may read it (card_thread's)."""
    table = table_get_for(request.user, pk)
    return _thread_answer(request, table, thread, slots.table_thread(request, table, thread))


@login_required
@require_GET
def table_threads_more(request, pk: int):
    table = table_get_for(request.user, pk)
    if table.status != Table.Status.FINISHED:
        raise Http404("a table's threads wait for the end of its game")
    return _more_answer(request, table)


@login_required
@require_POST
def comment_action(request, pk: int, action: str):
    comment = _comment(request, pk)
    try:
        if action == "resolve":
            services.thread_resolve(comment=comment, user=request.user, resolved=True)
        elif action == "reopen":
            services.thread_resolve(comment=comment, user=request.user, resolved=False)
        elif action == "edit":
            services.comment_edit(comment=comment, user=request.user, body=request.POST.get("body", ""))
        elif action == "delete":
            services.comment_delete(comment=comment, user=request.user)
        else:
            raise Http404("no such action")
    except Forbidden as exc:
        raise PermissionDenied(exc.message) from None
    except InvalidInput as exc:
        where = comment.card or comment.deck or comment.table
        return _answer(request, where, error=_why(exc), status=400, unfold=comment.thread_id)
    # A deleted comment is gone, its thread is not.
    return _answer(request, comment.card or comment.deck or comment.table, unfold=comment.thread_id)


@login_required
@permission_required("decks.view_deck", raise_exception=True)
@require_POST
def deck_comment(request, pk: int):
    deck = _deck(request, pk)
    return _posted(request, {"body": request.POST.get("body", "")}, deck, deck=deck)


@login_required
@require_POST
def table_comment(request, pk: int):
    """A comment on an event of a finished table's log (``event``: its seq), or a reply."""
    table = table_get_for(request.user, pk)
    event = request.POST.get("event", "")
    data = {
        "body": request.POST.get("body", ""),
        "event": int(event) if event.isascii() and event.isdigit() and len(event) < 10 else event,
    }
    return _posted(request, data, table, table=table)


@login_required
@require_GET
def table_mention_choices(request, pk: int):
    table = table_get_for(request.user, pk)
    names = selectors.table_mention_choices(table=table, prefix=request.GET.get("q", "")[:150])
    return render(request, "comments/_mention_choices.html", {"names": names})


@login_required
@permission_required("decks.view_deck", raise_exception=True)
@require_GET
def deck_mention_choices(request, pk: int):
    deck = _deck(request, pk)
    names = selectors.mention_choices(deck=deck, prefix=request.GET.get("q", "")[:150])
    return render(request, "comments/_mention_choices.html", {"names": names})


@login_required
@permission_required("cards.view_card", raise_exception=True)
@require_GET
def mention_choices(request, stable_id: str):
    card = _card(request, stable_id)
    names = selectors.mention_choices(card=card, prefix=request.GET.get("q", "")[:150])
    return render(request, "comments/_mention_choices.html", {"names": names})


@login_required
def inbox(request):
    """The user's notifications, newest first, and which of them also come by email."""
    choice = selectors.email_choice(user=request.user)
    if request.method == "POST":
        if "emails" in request.POST:
            choice = EmailChoice.objects.filter(user=request.user).first() or EmailChoice(user=request.user)
            for kind in Kind.values:
                setattr(choice, kind, request.POST.get(kind) == "on")
            choice.digest = request.POST.get("digest") == "on"
            choice.save()
            messages.success(request, _("Your email choices are saved."))
        else:
            ids = [int(i) for i in request.POST.getlist("ids") if i.isdigit() and len(i) < 18]
            services.notifications_read(user=request.user, ids=ids, everything="all" in request.POST)
        return redirect(reverse("comments:inbox"))
    page = Paginator(selectors.notification_list(user=request.user), INBOX_PAGE).get_page(
        request.GET.get("page")
    )
    rows = [selectors.notification_view(n) for n in page.object_list]
    for row in rows:
        row["statusLabel"] = Status(row["status"]).label if row["status"] in Status.values else ""
    return render(
        request,
        "comments/inbox.html",
        {
            "page": page,
            "rows": rows,
            "kinds": [(kind, label, choice.wants(kind)) for kind, label in Kind.choices],
            "digest": choice.digest,
        },
    )


@login_required
@require_GET
def inbox_count(request):
    """The header's inbox link with its count (one query), read again every INBOX_POLL_SECONDS after
    the page drew it (``inbox_unread``, studio/context.py): a mention shows without a reload."""
    return render(request, "comments/_inbox_link.html", {"unread": selectors.unread_count(user=request.user)})


@login_required
@require_GET
def activity(request):
    """The change feed: who changed what and when, filtered by game, kind or card, newest first."""
    game = request.GET.get("game", "")
    game = game if game in registry else ""
    kind = request.GET.get("kind", "")
    kind = kind if kind in Happening.values else ""
    card = deck = None
    if request.GET.get("card"):
        card = card_list(user=request.user).filter(stable_id=request.GET["card"]).first()
        if card is None:
            raise Http404("no card you may see has this id")
    elif request.GET.get("deck"):
        deck = _deck_numbered(request, request.GET["deck"])
    before = request.GET.get("before", "")
    before_id = int(before) if before.isdigit() and len(before) < 18 else None
    rows, more = selectors.feed(
        user=request.user, game=game, kind=kind, card=card, deck=deck, before=before_id
    )
    labels = dict(Status.choices)
    for row in rows:
        row.status_label = labels.get(row.status, row.status)
    kept = {
        k: v
        for k, v in (
            ("game", game),
            ("kind", kind),
            ("card", card.stable_id if card else ""),
            ("deck", str(deck.pk) if deck else ""),
        )
        if v
    }
    return render(
        request,
        "comments/activity.html",
        {
            "rows": rows,
            "older": urlencode({**kept, "before": rows[-1].pk}) if more else "",
            "first": bool(before_id),
            "kept": kept,
            "query": urlencode(kept),
            "games": list(registry),
            "game": game,
            "kind": kind,
            "kinds": Happening.choices,
            "card": card,
            "deck": deck,
            "watching": selectors.watching(user=request.user, card=card, deck=deck, game=game)
            if (card or deck or game)
            else False,
        },
    )


@login_required
@require_POST
def watch(request):
    """Watch or stop watching a card, a deck or a game (one the user may read), then back to where
    they were."""
    on = request.POST.get("on") == "1"
    stable_id, game = request.POST.get("card", ""), request.POST.get("game", "")
    number = request.POST.get("deck", "")
    if stable_id:
        card = _card(request, stable_id)
        activity_services.watch(user=request.user, card=card, on=on)
        back = reverse("cards:detail", kwargs={"stable_id": card.stable_id}) + "#comments"
    elif number:
        deck = _deck_numbered(request, number)
        activity_services.watch(user=request.user, deck=deck, on=on)
        back = reverse("decks:detail", args=[deck.pk]) + "#comments"
    elif game in registry and request.user.has_perm("cards.view_card"):
        activity_services.watch(user=request.user, game=game, on=on)
        back = reverse("comments:activity") + "?" + urlencode({"game": game})
    else:
        raise Http404("nothing to watch here")
    if request.POST.get("back", "").startswith("/activity/"):
        back = request.POST["back"]
    messages.success(request, _("You watch it now.") if on else _("You no longer watch it."))
    return redirect(back)


def _presence_context(request, card: Card) -> dict:
    held = presence.lock_of(card)
    user = request.user
    return {
        "card": card,
        "others": presence.others(card=card, user=user),
        "lock": held,
        "mine": held is not None and held.user_id == user.pk,
        "may_take": held is None and user.has_perm(presence.EDIT),
        "may_takeover": held is not None and held.user_id != user.pk and user.has_perm(presence.REVIEW),
    }


@login_required
@require_POST
def editor_presence(request, stable_id: str):
    """The editor's beat (every 10 s, ``typing`` when the designer typed since the last one): who
    else has it open and types, and the card's lock."""
    if not presence.may_lock(request.user):
        raise PermissionDenied("only designers and reviewers see who edits a card")
    card = _card(request, stable_id)
    presence.beat(card=card, user=request.user, typing=request.POST.get("typing") == "1")
    return render(request, "comments/_presence.html", _presence_context(request, card))


@login_required
@require_POST
def card_lock(request, stable_id: str, action: str):
    """Designers take and release a lock; reviewers (who may not edit) take it over or release it."""
    if not presence.may_lock(request.user):
        raise PermissionDenied("only designers and reviewers lock cards")
    card = _card(request, stable_id)
    try:
        presence.lock(card=card, user=request.user, action=action)
    except Forbidden as exc:
        raise PermissionDenied(exc.message) from None
    except StudioError as exc:
        if request.htmx:
            context = {**_presence_context(request, card), "lock_error": str(exc.message)}
            return in_place(render(request, "comments/_presence.html", context, status=409))
        messages.error(request, _("Not done: %(why)s") % {"why": exc.message})
    if request.htmx:
        return render(request, "comments/_presence.html", _presence_context(request, card))
    return redirect(reverse("cards:detail", kwargs={"stable_id": card.stable_id}))
