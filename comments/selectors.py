"""Reads of comments and notifications, each filtered by who may see what it names."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache as once

from django.contrib.auth import get_user_model
from django.db.models import Count, Exists, F, OuterRef, Prefetch, Q, QuerySet
from django.urls import reverse
from django.utils.translation import gettext

from cards.models import Card, Status
from cards.selectors import SEES_ALL, SEES_NONE, SEES_VALIDATED, card_scope, card_scopes
from common.users import permissions_held
from decks.models import Deck
from tables.models import Seat
from tables.selectors import may_watch

from . import table_threads
from .mentions import mentioned_names, rendered
from .models import Activity, Comment, EmailChoice, Notification, Watch

MENTION_CHOICES = 8


def may_read_card(scope: str, card: Card) -> bool:
    return scope == SEES_ALL or (scope == SEES_VALIDATED and card.status == Status.VALIDATED)


def may_read_deck(user, deck: Deck) -> bool:
    if not user.is_authenticated or not user.has_perm("decks.view_deck"):
        return False
    return deck.owner_id == user.pk or user.has_perm("decks.view_all_decks")


def deck_scopes(user_ids: Iterable[int]) -> dict[int, tuple[bool, bool]]:
    """Per user id, whether they may read decks (their own) and every deck, as :func:`may_read_deck`
    reads it: one query, whatever the number of users (common.users.permissions_held)."""
    held = permissions_held(user_ids, "decks", ("view_deck", "view_all_decks"))
    return {
        pk: ("view_deck" in perms, {"view_deck", "view_all_decks"} <= perms) for pk, perms in held.items()
    }


def may_read_comment(user, comment: Comment) -> bool:
    """Who may read a comment: who may read its card or its deck; at a table, who sees its event as
    its author did (table_threads)."""
    if comment.card_id is not None:
        return may_read_card(card_scope(user), comment.card)
    if comment.deck_id is not None:
        return may_read_deck(user, comment.deck)
    return table_threads.may_read(user, comment)


def _threads(qs: QuerySet[Comment]) -> QuerySet[Comment]:
    replies = Comment.objects.select_related("author").order_by("created_at", "pk")
    return (
        qs.filter(parent__isnull=True)
        .select_related("author", "resolved_by", "deck")
        .prefetch_related(Prefetch("replies", queryset=replies))
        .order_by("resolved", "created_at", "pk")
    )


def card_threads(*, card: Card) -> list[Comment]:
    """The card's threads (open first), each with its replies: two queries."""
    return list(_threads(Comment.objects.filter(card=card)))


def card_thread_heads(*, card: Card) -> list[Comment]:
    """The first comments of the card's threads (open first), each with whether a reply not deleted
    ``answered`` it: one query, none of the replies read."""
    return list(_heads(Comment.objects.filter(card=card, parent__isnull=True)))


def deck_thread_heads(*, deck: Deck) -> list[Comment]:
    """The first comments of the deck's threads, as :func:`card_thread_heads`: one query."""
    heads = list(_heads(Comment.objects.filter(deck=deck, parent__isnull=True)))
    for head in heads:
        head.deck = deck  # who may resolve it asks for its owner: never a query a thread
    return heads


def _heads(qs: QuerySet[Comment]) -> QuerySet[Comment]:
    answered = Exists(Comment.objects.filter(parent=OuterRef("pk"), deleted=False))
    return qs.select_related("author").annotate(answered=answered).order_by("resolved", "created_at", "pk")


def last_replies(
    *, thread_ids: Iterable[int], keep: int, whole: int | None = None, counted: Iterable[int] = ()
) -> tuple[dict[int, list[Comment]], dict[int, int]]:
    """Per thread of ``thread_ids``, its last ``keep`` replies (every reply of the thread ``whole``,
    none of the threads ``counted``), oldest first, and how many replies it has: two queries, the
    replies' ids then those shown (half the time of one query with a window function over them,
    bench/comments.py)."""
    ids, counted = list(thread_ids), set(counted)
    tails: dict[int, list[Comment]] = {pk: [] for pk in ids}
    order: dict[int, list[int]] = {pk: [] for pk in ids}
    if not ids:
        return tails, {}
    rows = (
        Comment.objects.filter(parent_id__in=ids).order_by("created_at", "pk").values_list("pk", "parent_id")
    )
    for pk, parent in rows:
        order[parent].append(pk)
    wanted = [
        pk
        for parent, pks in order.items()
        if parent not in counted
        for pk in (pks if parent == whole else pks[max(0, len(pks) - keep) :])
    ]
    if wanted:
        for reply in (
            Comment.objects.filter(pk__in=wanted).select_related("author").order_by("created_at", "pk")
        ):
            tails[reply.parent_id].append(reply)
    return tails, {pk: len(pks) for pk, pks in order.items()}


def whole_thread(
    *, card: Card | None = None, deck: Deck | None = None, pk: int
) -> tuple[Comment, list[Comment]] | None:
    """The card's (or the deck's) thread whose first comment is ``pk``, with all its replies oldest
    first: two queries; None when ``pk`` is no thread of the card (of the deck)."""
    on = {"card": card} if deck is None else {"deck": deck}
    head = next(iter(_heads(Comment.objects.filter(pk=pk, parent__isnull=True, **on))), None)
    if head is None:
        return None
    if deck is not None:
        head.deck = deck
    return head, list(head.replies.select_related("author").order_by("created_at", "pk"))


def thread_of(*, card: Card | None = None, deck: Deck | None = None, pk: int) -> int | None:
    """The thread (its first comment's id) of the card's (the deck's) comment ``pk``: None when it
    has none."""
    on = {"card": card} if deck is None else {"deck": deck}
    row = Comment.objects.filter(pk=pk, **on).values_list("pk", "parent_id").first()
    return None if row is None else (row[1] or row[0])


def deck_threads(*, deck: Deck) -> list[Comment]:
    return list(_threads(Comment.objects.filter(deck=deck)))


def replies_of(thread: Comment) -> list[Comment]:
    """A thread's replies its reader may read: all of them, but at a table (table_threads)."""
    shown = getattr(thread, "shown_replies", None)
    return list(thread.replies.all()) if shown is None else shown


def comments_flat(threads: Iterable[Comment]) -> list[Comment]:
    return [c for thread in threads for c in (thread, *replies_of(thread))]


def table_threads_for(*, user, table) -> tuple[list[Comment], dict]:
    return table_threads.threads_for(user=user, table=table)


def table_mention_choices(*, table, prefix: str) -> list[str]:
    return table_threads.mention_choices(table=table, prefix=prefix, limit=MENTION_CHOICES)


def open_thread_counts(*, card_ids: Iterable[int]) -> dict[int, dict[str, int]]:
    """Per card id, its open threads and those of a reviewer nobody answered yet: one query."""
    answered = Exists(Comment.objects.filter(parent=OuterRef("pk"), deleted=False))
    rows = (
        Comment.objects.filter(card_id__in=list(card_ids), parent__isnull=True, resolved=False, deleted=False)
        .annotate(answered=answered)
        .values("card_id")
        .annotate(
            open=Count("pk"),
            holding=Count("pk", filter=Q(by_reviewer=True, answered=False)),
        )
    )
    return {row["card_id"]: {"open": row["open"], "holding": row["holding"]} for row in rows}


def holding_threads(*, card: Card) -> int:
    """The open threads a reviewer started on ``card`` that nobody answered: each holds its validation."""
    return open_thread_counts(card_ids=[card.pk]).get(card.pk, {}).get("holding", 0)


def known_usernames(comments: Iterable[Comment]) -> set[str]:
    """Of the names mentioned in ``comments``, those of real accounts: one query."""
    names = set().union(*(mentioned_names(c.body) for c in comments)) if comments else set()
    if not names:
        return set()
    return set(get_user_model().objects.filter(username__in=names).values_list("username", flat=True))


def comment_view(
    comment: Comment, *, card: Card | None, known: set[str], user=None, html: bool = True
) -> dict:
    """A comment as the API and the pages show it (the contract's keys, and the studio's); without
    ``html`` (a folded thread's line shows its text plain) its body is not made HTML."""
    thread_version = comment.card_version
    on_earlier = card is not None and thread_version is not None and thread_version < card.version
    return {
        "id": comment.pk,
        "author": comment.author.get_username() if comment.author else None,
        "body": "" if comment.deleted else comment.body,
        "field": comment.field or None,
        "region": comment.region or None,
        "language": comment.language or None,
        "table": comment.table_id,
        "event": comment.event_seq,
        "parent": comment.parent_id,
        "cardVersion": thread_version,
        "onEarlierVersion": on_earlier,
        "resolved": comment.resolved,
        "deleted": comment.deleted,
        "createdAt": comment.created_at,
        "editedAt": comment.edited_at,
        "html": "" if comment.deleted or not html else rendered(comment.body, known),
        "mine": user is not None and comment.author_id == getattr(user, "pk", None),
    }


def mention_choices(*, card: Card | None = None, deck: Deck | None = None, prefix: str) -> list[str]:
    """The usernames starting with ``prefix`` of the active users who may read the card (or the deck):
    never the name of someone who could not read what is being written about."""
    users = get_user_model().objects.filter(is_active=True, username__istartswith=prefix).order_by("username")
    if deck is not None:
        owner_or_all = Q(pk=deck.owner_id) | Q(is_superuser=True)
        owner_or_all |= Q(
            user_permissions__codename="view_all_decks", user_permissions__content_type__app_label="decks"
        )
        owner_or_all |= Q(
            groups__permissions__codename="view_all_decks",
            groups__permissions__content_type__app_label="decks",
        )
        rows = list(
            users.filter(owner_or_all).distinct().values_list("pk", "username")[: MENTION_CHOICES * 4]
        )
        return [name for _, name in rows][:MENTION_CHOICES]
    rows = list(users.values_list("pk", "username")[: MENTION_CHOICES * 8])
    scopes = card_scopes(pk for pk, _ in rows)
    return [name for pk, name in rows if may_read_card(scopes[pk], card)][:MENTION_CHOICES]


# --- notifications ------------------------------------------------------------------------------
def _visible(user) -> QuerySet[Notification]:
    """The notifications ``user`` may still read, theirs or not (callers filter ``recipient=user``):
    none that names a card or a deck they cannot see. The query depends only on what they may see
    (:func:`_visible_shape`), built once a process for each shape."""
    if user.has_perm("decks.view_all_decks"):
        decks = "all"
    elif user.has_perm("decks.view_deck"):
        decks = "own"
    else:
        decks = "none"
    return _visible_shape(card_scope(user), decks, may_watch(user))


@once
def _visible_shape(scope: str, decks: str, watches: bool) -> QuerySet[Notification]:
    """The notifications visible to their recipient when the recipient sees cards as ``scope``, decks
    as ``decks`` ("all", "own" or "none") and may watch public tables (``watches``), the recipient
    named by its column: the same rows for ``recipient=user`` as with ``user`` written in, and built
    once (building it was most of the CPU of the header's count, on every page). Never evaluated
    itself: each read is a filtered copy."""
    recipient = F("recipient")
    cards = Q(card__isnull=True)
    if scope == SEES_ALL:
        cards = Q()
    elif scope == SEES_VALIDATED:
        cards |= Q(card__status=Status.VALIDATED)
    deck_rule = Q(deck__isnull=True)
    if decks == "all":
        deck_rule = Q()
    elif decks == "own":
        deck_rule |= Q(deck__owner=recipient)
    # The tables the recipient sits at, one subquery for both uses below (a plain IN, cheaper for the
    # ORM to build than a correlated EXISTS and a join through the tables' seats; the same rows).
    mine = Seat.objects.filter(user=OuterRef("recipient")).values("table")
    # A table's notice while the recipient sits at it (seats never change once the game started).
    tables = Q(table__isnull=True) | Q(table__in=mine)
    # A comment at a table: while they may see the table (who may read the comment was checked when
    # the notification was made, and a finished table's seats and events never change).
    at_tables = Q(comment__table__isnull=True) | Q(comment__table__in=mine)
    if watches:
        at_tables |= Q(comment__table__public=True)
    return Notification.objects.filter(cards & deck_rule & tables & at_tables)


def notification_list(*, user, unread: bool = False) -> QuerySet[Notification]:
    qs = _visible(user).filter(recipient=user).select_related("actor", "card", "deck", "comment")
    return qs.filter(read=False) if unread else qs


def unread_count(*, user) -> int:
    """The header's count: one query (the user's permissions are read once per request by Django)."""
    return _visible(user).filter(recipient=user, read=False).count()


def notification_url(notification: Notification) -> str:
    if notification.paper_id:
        return reverse("playstats:proposals") + f"#paper-{notification.paper_id}"
    if notification.table_id:
        return reverse("tables:detail", args=[notification.table_id])
    if notification.card_id:
        url = reverse("cards:detail", args=[notification.card.stable_id])
        # ?comment= unfolds the comment's thread where the card page folds it (comments.slots).
        pk = notification.comment_id
        return url + (f"?comment={pk}#comment-{pk}" if pk else "")
    if notification.deck_id:
        url = reverse("decks:detail", args=[notification.deck_id])
        # ?comment= unfolds the comment's thread where the deck page folds it (comments.slots).
        pk = notification.comment_id
        return url + (f"?comment={pk}#comment-{pk}" if pk else "")
    if notification.comment_id and notification.comment.table_id:
        pk = notification.comment_id
        return reverse("tables:detail", args=[notification.comment.table_id]) + f"?comment={pk}#comment-{pk}"
    return reverse("comments:inbox")


def notification_view(notification: Notification) -> dict:
    # A finished game at the recipient's table, or a comment on one of its events.
    table_id = notification.table_id or (notification.comment.table_id if notification.comment_id else None)
    return {
        "id": notification.pk,
        "kind": notification.kind,
        "read": notification.read,
        "url": notification_url(notification),
        "createdAt": notification.created_at,
        "actor": notification.actor.get_username() if notification.actor else None,
        "card": notification.card.stable_id if notification.card_id else None,
        "cardName": notification.card.name if notification.card_id else None,
        "deck": notification.deck_id,
        "deckName": notification.deck.name if notification.deck_id else None,
        "table": table_id,
        "tableName": gettext("Table %(number)s") % {"number": table_id} if table_id else None,
        "comment": notification.comment_id,
        "status": notification.status or None,
        "version": notification.version,
        "paperGame": notification.paper_id,
    }


def email_choice(*, user) -> EmailChoice:
    return EmailChoice.objects.filter(user=user).first() or EmailChoice(user=user)


# --- the change feed ----------------------------------------------------------------------------
FEED_PAGE = 50


def _feed_visible(user) -> Q:
    """The lines ``user`` may read: a card's while they may read the card, a deck's while they may
    read the deck."""
    scope = card_scope(user)
    cards = Q(card__isnull=False)
    if scope == SEES_VALIDATED:
        cards &= Q(card__status=Status.VALIDATED)
    elif scope == SEES_NONE:
        cards = Q(pk__in=[])
    decks = Q(card__isnull=True, deck__isnull=False)
    if not user.has_perm("decks.view_deck"):
        decks = Q(pk__in=[])
    elif not user.has_perm("decks.view_all_decks"):
        decks &= Q(deck__owner=user)
    return cards | decks


def feed(
    *,
    user,
    game: str = "",
    kind: str = "",
    card: Card | None = None,
    deck: Deck | None = None,
    before: int | None = None,
):
    """One page of the feed, newest first, and whether older lines follow: keyset paging (``before``
    an id), so that a page costs the same on the thousandth page as on the first."""
    qs = Activity.objects.filter(_feed_visible(user))
    if game:
        qs = qs.filter(game=game)
    if kind:
        qs = qs.filter(kind=kind)
    if card is not None:
        qs = qs.filter(card=card)
    if deck is not None:
        qs = qs.filter(deck=deck)
    if before:
        qs = qs.filter(pk__lt=before)
    rows = list(qs.select_related("actor", "card", "deck").order_by("-pk")[: FEED_PAGE + 1])
    return rows[:FEED_PAGE], len(rows) > FEED_PAGE


def watching(*, user, card: Card | None = None, deck: Deck | None = None, game: str = "") -> bool:
    target = {"card": card} if card is not None else {"deck": deck} if deck is not None else {"game": game}
    return Watch.objects.filter(user=user, **target).exists()
