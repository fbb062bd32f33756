"""The slots of the card, deck and table pages this app fills (cards.page_parts, decks.page_parts,
tables.page_parts): their comment threads, folded."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext, gettext_lazy, ngettext

from cards import page_parts
from cards.models import Card
from common.i18n import field_label
from decks import page_parts as deck_parts
from decks.models import Deck
from faces.labels import region_label
from faces.selectors import face_regions
from tables import page_parts as table_parts
from tables.models import Table

from . import presence, selectors, services, table_threads


@page_parts.validation_holds.fill
def unanswered_reviewer_threads(card: Card) -> list[str]:
    holding = selectors.holding_threads(card=card)
    if not holding:
        return []
    return [
        ngettext(
            "%(count)s open thread of a reviewer has no answer: reply to it or resolve it first",
            "%(count)s open threads of a reviewer have no answer: reply to them or resolve them first",
            holding,
        )
        % {"count": holding}
    ]


# A long discussion is folded as GitHub folds one, on the card page, the deck page and a finished
# table's page alike: the first THREADS_SHOWN threads (and a reviewer's unanswered one, and the one
# a link names), an open thread as its first comment and its last REPLIES_SHOWN replies, a resolved
# one as one line; "Show N more threads" brings the others THREADS_MORE at a time
# (views.card_threads_more, deck_threads_more, table_threads_more), "Show N more replies" a thread
# whole (views.card_thread, deck_thread, table_thread). Rendered whole, 50 threads of 20 comments
# cost ten times the page without them (bench/README.md, "Comments on a card").
THREADS_SHOWN = 5
THREADS_MORE = 10
REPLIES_SHOWN = 2


@cache
def _actions_prefix() -> str:
    return reverse("comments:action", args=[1, "x"]).removesuffix("1/x/")


def _action_url(pk: int, action: str) -> str:
    # comments:action reversed once a process and filled per comment: each of the reader's comments
    # asks two of them.
    return f"{_actions_prefix()}{pk}/{action}/"


def _comment_views(comments, *, card: Card | None, known: set[str], user, html: bool = True) -> list[dict]:
    views = []
    for comment in comments:
        view = selectors.comment_view(comment, card=card, known=known, user=user, html=html)
        if view["mine"] and not view["deleted"]:
            view["edit_url"] = _action_url(comment.pk, "edit")
            view["delete_url"] = _action_url(comment.pk, "delete")
        views.append(view)
    return views


def _thread_view(
    thread, replies: list, *, card: Card | None, known: set[str], user, sees_history: bool, html: bool = True
) -> dict:
    view = _comment_views([thread], card=card, known=known, user=user, html=html)[0]
    view["replies"] = _comment_views(replies, card=card, known=known, user=user)
    if services.may_resolve(user, thread):
        view["resolve_url"] = _action_url(thread.pk, "reopen" if thread.resolved else "resolve")
    answered = getattr(thread, "answered", None)
    if answered is None:
        answered = any(not r["deleted"] for r in view["replies"])
    view["held"] = thread.by_reviewer and not thread.resolved and not answered
    if card is not None and view["region"]:
        view["region_label"] = region_label(view["region"], card.game)
    if card is not None and view.get("field"):
        view["field_label"] = _field_label(card, view["field"])
    if card is not None and view["onEarlierVersion"] and sees_history:
        view["diff_url"] = reverse("cards:since", args=[card.stable_id, view["cardVersion"]])
    return view


def asked_number(value) -> int | None:
    """A number a page is asked for (``?comment=``: a permalink, a notification), as typed: anything
    but a number is none."""
    value = value if isinstance(value, str) else ""
    return int(value) if value.isascii() and value.isdigit() and len(value) < 18 else None


def _read_replies(threads: list) -> Callable[..., tuple[dict[int, list], dict[int, int]]]:
    """:func:`selectors.last_replies` over threads whose replies were read with them (a finished
    table's: those its reader may read, table_threads), without a query."""
    by_id = {thread.pk: thread for thread in threads}

    def last_replies(*, thread_ids, keep: int, whole: int | None = None, counted=()):
        tails, counts = {}, {}
        for pk in thread_ids:
            replies = selectors.replies_of(by_id[pk])
            counts[pk] = len(replies)
            tails[pk] = [] if pk in counted else list(replies if pk == whole else replies[-keep:])
        return tails, counts

    return last_replies


def folded_views(
    request,
    heads: list,
    *,
    card: Card | None = None,
    whole: int | None = None,
    target: int | None = None,
    start: int | None = None,
    every: bool = False,
    last_replies: Callable[..., tuple[dict[int, list], dict[int, int]]] = selectors.last_replies,
) -> dict:
    """The threads ``heads`` (open first) as a page shows them (THREADS_SHOWN, REPLIES_SHOWN), the
    thread ``whole`` (of the comment ``target``: a permalink, the thread just answered) whole; from
    ``start``, the next of the others ("Show N more threads"); with ``every``, all of them. Its
    ``threads``, how many are ``open``, and ``more``: how many others are left and where they start.
    ``last_replies`` reads the replies shown (two queries; none for a table's, read with them)."""
    user = request.user
    first, others = [], []
    for index, head in enumerate(heads):
        held = head.by_reviewer and not head.resolved and not head.answered
        (first if every or index < THREADS_SHOWN or held or head.pk == whole else others).append(head)
    if start is not None:
        first, others = others[start : start + THREADS_MORE], others[start + THREADS_MORE :]
    # A resolved thread is one line: its replies are only counted.
    folded = [h.pk for h in first if h.resolved and h.pk != whole]
    # One reply more than shown: a thread folds when it would hide two replies or more.
    tails, counts = last_replies(
        thread_ids=[h.pk for h in first], keep=REPLIES_SHOWN + 1, whole=whole, counted=folded
    )
    for head in first:
        if head.pk != whole and counts[head.pk] > REPLIES_SHOWN + 1:
            tails[head.pk] = tails[head.pk][-REPLIES_SHOWN:]
    unfolded = [h for h in first if h.pk not in folded]
    known = selectors.known_usernames([*unfolded, *(r for replies in tails.values() for r in replies)])
    # The diff since a thread's version shows the card's history (states not VALIDATED): as the
    # revisions API, for who may read them.
    sees_history = card is not None and user.has_perm("cards.view_unvalidated_card")
    views = []
    for head in first:
        view = _thread_view(
            head,
            tails[head.pk],
            card=card,
            known=known,
            user=user,
            sees_history=sees_history,
            html=head.pk not in folded,
        )
        view["reply_count"] = counts[head.pk]
        if head.pk in folded:
            view["folded"] = True
        else:
            view["hidden"] = counts[head.pk] - len(tails[head.pk])
            if head.pk == whole:
                view["target"] = target
        views.append(view)
    if start is not None and views:
        views[0]["focus"] = views[0]["id"]  # the first thread "Show N more threads" brought
    return {
        "threads": views,
        "open": sum(1 for h in heads if not h.resolved),
        "more": {"count": len(others), "start": start + THREADS_MORE if start is not None else 0},
        "target": target,
    }


def card_thread_views(
    request, card: Card, target: int | None = None, *, start: int | None = None, every: bool = False
) -> dict:
    """The card's threads as its page shows them (:func:`folded_views`). Four queries (the threads,
    their replies' ids, the replies shown, the names they mention), a fifth with ``target``."""
    heads = selectors.card_thread_heads(card=card)
    whole = selectors.thread_of(card=card, pk=target) if target is not None else None
    return folded_views(request, heads, card=card, whole=whole, target=target, start=start, every=every)


def deck_thread_views(
    request, deck: Deck, target: int | None = None, *, start: int | None = None, every: bool = False
) -> dict:
    """The deck's threads as its page shows them, folded as the card page's (:func:`folded_views`):
    four queries, a fifth with ``target``."""
    heads = selectors.deck_thread_heads(deck=deck)
    whole = selectors.thread_of(deck=deck, pk=target) if target is not None else None
    return folded_views(request, heads, whole=whole, target=target, start=start, every=every)


def _table_threads(request, table: Table) -> tuple[list, dict]:
    """A finished table's threads its reader may read, each knowing whether a reply it may read
    ``answered`` it, and the views of their events (table_threads: three queries, whatever their
    number)."""
    threads, events = selectors.table_threads_for(user=request.user, table=table)
    for thread in threads:
        thread.answered = any(not reply.deleted for reply in selectors.replies_of(thread))
    return threads, events


def table_thread_views(
    request, table: Table, target: int | None = None, *, start: int | None = None, every: bool = False
) -> dict:
    """A finished table's threads as its page shows them, folded as the card page's
    (:func:`folded_views`), each with its event in its reader's words: the comments are read whole
    (who may read each is known only from the table's events), the folds spare their rendering."""
    threads, events = _table_threads(request, table)
    whole = None
    if target is not None:
        whole = next(
            (t.pk for t in threads if t.pk == target or any(r.pk == target for r in selectors.replies_of(t))),
            None,
        )
    views = folded_views(
        request,
        threads,
        whole=whole,
        target=target,
        start=start,
        every=every,
        last_replies=_read_replies(threads),
    )
    for view in views["threads"]:
        view["event_words"] = table_threads.event_words(events.get(view["event"]))
    return views


def thread_view(request, card: Card | None, head, replies: list, *, focus: int | None = None) -> dict:
    """One thread whole (views.card_thread, deck_thread, table_thread: what a folded part hides)."""
    user = request.user
    view = _thread_view(
        head,
        replies,
        card=card,
        known=selectors.known_usernames([head, *replies]),
        user=user,
        sees_history=card is not None and user.has_perm("cards.view_unvalidated_card"),
    )
    view["reply_count"] = len(replies)
    view["hidden"] = 0
    view["focus"] = focus
    return view


def thread_whole(request, card: Card | None, found: tuple | None) -> tuple[dict, int | None] | None:
    """A thread whole (``found``: its first comment and its replies, selectors.whole_thread) as
    :func:`thread_view`, and its first reply's id; None for none."""
    if found is None:
        return None
    head, replies = found
    return thread_view(request, card, head, replies), replies[0].pk if replies else None


def table_thread(request, table: Table, pk: int) -> tuple[dict, int | None] | None:
    """The finished table's thread ``pk`` whole, as its reader may read it, with its event in their
    words, and its first reply's id; None when they may read no such thread."""
    if table.status != Table.Status.FINISHED:
        return None
    threads, events = _table_threads(request, table)
    head = next((t for t in threads if t.pk == pk), None)
    if head is None:
        return None
    replies = selectors.replies_of(head)
    view = thread_view(request, None, head, replies)
    view["event_words"] = table_threads.event_words(events.get(view["event"]))
    return view, replies[0].pk if replies else None


def _addresses(threads: dict, post_url: str) -> None:
    # comments:thread and comments:threads (deck-thread, deck-threads, table-thread, table-threads),
    # under comments:card (deck, table) (urls.py): no reverse a thread.
    for view in threads["threads"]:
        view["thread_url"] = f"{post_url}{view['id']}/"
    threads["more_url"] = f"{post_url}threads/"


def page_addresses(target: Card | Deck | Table) -> tuple[str, str]:
    """Where comments on ``target`` are posted, and its page."""
    if isinstance(target, Card):
        return reverse("comments:card", args=[target.stable_id]), reverse(
            "cards:detail", args=[target.stable_id]
        )
    if isinstance(target, Deck):
        return reverse("comments:deck", args=[target.pk]), reverse("decks:detail", args=[target.pk])
    return reverse("comments:table", args=[target.pk]), reverse("tables:detail", args=[target.pk])


def more_threads(request, target: Card | Deck | Table, *, start: int, target_comment: int | None) -> dict:
    """The next of the threads on ``target`` its page leaves for "Show N more threads", from ``start``."""
    if isinstance(target, Card):
        threads = card_thread_views(request, target, target_comment, start=start)
    elif isinstance(target, Deck):
        threads = deck_thread_views(request, target, target_comment, start=start)
    else:
        threads = table_thread_views(request, target, target_comment, start=start)
    post_url, page_url = page_addresses(target)
    _addresses(threads, post_url)
    extra = {"table": target.pk} if isinstance(target, Table) else {}
    return {**threads, "post_url": post_url, "page_url": page_url, **extra}


def _unfolded(request, unfold: int | None) -> tuple[int | None, bool]:
    """The comment whose thread a page shows whole (``unfold``: the one just written or acted on, else
    the page's ``?comment=``), and whether it shows every thread (``?threads=all``: the page without
    script after "Show N more threads")."""
    target = unfold if unfold is not None else asked_number(request.GET.get("comment"))
    return target, request.GET.get("threads") == "all"


@deck_parts.comments_context.fill
def deck_comments(request, deck: Deck, *, unfold: int | None = None) -> dict:
    """The deck page's threads, folded as the card page's but the one of the comment ``unfold`` or
    the page's ``?comment=`` (deck_thread_views); one query more for whether the reader watches the
    deck."""
    target, every = _unfolded(request, unfold)
    threads = deck_thread_views(request, deck, target, every=every)
    post_url, page_url = page_addresses(deck)
    _addresses(threads, post_url)
    return {
        "comments": {
            **threads,
            "post_url": post_url,
            "page_url": page_url,
            "mentions_url": reverse("comments:deck-mentions", args=[deck.pk]),
            "watch": {
                "name": "deck",
                "value": deck.pk,
                "on": selectors.watching(user=request.user, deck=deck),
                "activity": reverse("comments:activity") + f"?deck={deck.pk}",
            },
            "note": gettext("Plain text: links are kept, HTML is shown as typed. @name tells someone."),
        }
    }


@page_parts.comments_context.fill
def card_comments(request, card: Card, *, unfold: int | None = None) -> dict:
    """The card page's threads, folded but the one of the comment ``unfold`` or the page's
    ``?comment=`` (card_thread_views)."""
    user = request.user
    target, every = _unfolded(request, unfold)
    threads = card_thread_views(request, card, target, every=every)
    post_url, page_url = page_addresses(card)
    _addresses(threads, post_url)
    regions = face_regions(card)
    return {
        "comments": {
            **threads,
            # The regions of its face a thread may be about, in % of the card (the face's overlay).
            "regions": [_in_percent(r, regions["width"], regions["height"]) for r in regions["regions"]],
            "fields": [(f, _field_label(card, f)) for f in services.commentable_fields(card)],
            "languages": [code for code in _languages() if code != card.language],
            "post_url": post_url,
            "page_url": page_url,
            "mentions_url": reverse("comments:mentions", args=[card.stable_id]),
            "watch": {
                "name": "card",
                "value": card.stable_id,
                "on": selectors.watching(user=user, card=card),
                "activity": reverse("comments:activity") + "?" + urlencode({"card": card.stable_id}),
            },
            "presence": presence.may_lock(user),
            "note": gettext("Plain text: links are kept, HTML is shown as typed. @name tells someone."),
        }
    }


@table_parts.comments_context.fill
def table_comments(request, table: Table, *, unfold: int | None = None) -> dict:
    """A finished table's threads, those its reader may read, each with its event as they see it,
    folded as the card page's but the one of the comment ``unfold`` or the page's ``?comment=``."""
    if table.status != Table.Status.FINISHED:
        return {}
    target, every = _unfolded(request, unfold)
    threads = table_thread_views(request, table, target, every=every)
    post_url, page_url = page_addresses(table)
    _addresses(threads, post_url)
    return {
        "comments": {
            **threads,
            "table": table.pk,
            "last_event": table.seq,
            "post_url": post_url,
            "page_url": page_url,
            "mentions_url": reverse("comments:table-mentions", args=[table.pk]),
            "note": gettext(
                "Plain text: links are kept, HTML is shown as typed. @name tells someone. Who did not see "
                "a card of this event as you did never reads your comment on it."
            ),
        }
    }


def _in_percent(region: dict, width: float, height: float) -> dict:
    box = region["box"]

    def share(value: float, whole: float) -> float:
        return round(max(0.0, min(100.0, 100 * value / whole)), 3)

    left, top = share(box["x"], width), share(box["y"], height)
    return {
        **region,
        "left": left,
        "top": top,
        "width": round(min(share(box["w"], width), 100 - left), 3),
        "height": round(min(share(box["h"], height), 100 - top), 3),
    }


def _languages() -> list[str]:
    from django.conf import settings

    return [code for code, _ in settings.LANGUAGES]


page_parts.edit_holds.fill(presence.edit_holds)


# The card's own keys in the reader's words (a game's fields: their labels, common.i18n).
CARD_KEY_LABELS = {
    "name": gettext_lazy("Name"),
    "type": gettext_lazy("Type"),
    "set": gettext_lazy("Set"),
    "text": gettext_lazy("Text"),
    "flavour": gettext_lazy("Flavour"),
    "archetypes": gettext_lazy("Archetypes"),
    "effects": gettext_lazy("Effects"),
}


def _field_label(card: Card, key: str) -> str:
    return str(CARD_KEY_LABELS[key]) if key in CARD_KEY_LABELS else field_label(card.ruleset, key)
