"""Comments on an event of a finished table's log: who may read them, and the event each shows.

A table's readers are its players and, at a public table, its spectators (tables.selectors.may_see).
They do not all see an event alike: a card drawn is named for its owner's seat and hidden from the
other seat and the spectators (rules.tables.event_view). A comment's author may have written about
what they saw, so a comment is read only by who sees its event at least as its author saw it: every
card the author's view of the event names, the reader's names too. A comment records the seats its
author held (``Comment.seats``); the event is replayed for each audience once per read (one query
for the table's events). A comment never reveals a card hidden from its reader, and the thread shows
its event as its reader sees it, never as its author did.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Prefetch, Q, prefetch_related_objects

from rules.tables import Event, apply, event_view
from tables.models import Seat, Table, TableEvent
from tables.selectors import audience, dealt_state, may_see, seats_of, seats_read, viewer_seats

from .models import Comment


def seats_key(user, table: Table) -> str:
    """The seats ``user`` holds at ``table`` as a comment records them: "1", "2", "12", "" (spectator)."""
    return audience(viewer_seats(user, table))


def _viewers(key: str) -> frozenset[int]:
    return frozenset(int(seat) - 1 for seat in key)


def _named(data: Any) -> Iterator[str]:
    """The instances of the cards a view of an event names (a hidden card has no instance there)."""
    if isinstance(data, dict):
        if data.get("instance") and "name" in data:
            yield str(data["instance"])
        for value in data.values():
            yield from _named(value)
    elif isinstance(data, list):
        for value in data:
            yield from _named(value)


def event_views(table: Table, wanted: dict[int, set[str]]) -> dict[tuple[int, str], dict[str, Any]]:
    """The views of the events ``wanted`` (seq -> the audiences' keys), each as that audience reads it:
    one query for the events up to the last one wanted, replayed from the deal."""
    if not wanted or table.status == Table.Status.WAITING:
        return {}
    seats = seats_of(table)
    if len(seats) != 2:
        return {}
    state = dealt_state(table, seats)
    last = max(wanted)
    rows = (
        TableEvent.objects.filter(table_id=table.pk, seq__lte=last)
        .order_by("seq")
        .values_list("seq", "seat", "kind", "payload")
    )
    views: dict[tuple[int, str], dict[str, Any]] = {}
    for seq, seat, kind, payload in rows:
        event = Event(seq, seat - 1, kind, payload)
        applied = apply(state, event)
        for key in wanted.get(seq, ()):
            views[(seq, key)] = event_view(state, event, applied, _viewers(key))
        state = applied.state
    return views


def sees_as_much(views: dict[tuple[int, str], dict[str, Any]], seq: int, reader: str, author: str) -> bool:
    """Whether the ``reader``'s seats see event ``seq`` at least as the ``author``'s did."""
    if set(author) <= set(reader):
        return True  # more seats see more (a seat's own cards, and the public ones)
    mine, theirs = views.get((seq, reader)), views.get((seq, author))
    if mine is None or theirs is None:
        return False
    return set(_named(theirs)) <= set(_named(mine))


def with_seats(table: Table) -> Table:
    """``table`` with its seats and their users read once (seats_of, may_see then ask nothing more)."""
    if not seats_read(table):
        prefetch_related_objects([table], Prefetch("seats", queryset=Seat.objects.select_related("user")))
    return table


def readable(user, table: Table, comments: Iterable[Comment]) -> tuple[list[Comment], dict]:
    """Of ``comments`` (on ``table``), those ``user`` may read, and the views of their events as
    ``user`` sees them (by seq). Nothing when they may not see the table."""
    comments = list(comments)
    with_seats(table)
    if not comments or not may_see(user, table):
        return [], {}
    mine = seats_key(user, table)
    wanted: dict[int, set[str]] = {}
    for comment in comments:
        wanted.setdefault(comment.event_seq, {mine}).add(comment.seats)
    views = event_views(table, wanted)
    kept = [c for c in comments if sees_as_much(views, c.event_seq, mine, c.seats)]
    return kept, {seq: views.get((seq, mine)) for seq in wanted}


def may_read(user, comment: Comment) -> bool:
    return bool(readable(user, comment.table, [comment])[0])


def _possible_readers(table: Table) -> Q:
    """Who may see the table: its players, and at a public table whoever may watch tables."""
    users = Q(pk__in=[s.user_id for s in seats_of(table) if s.user_id])
    if table.public:
        users |= Q(is_superuser=True)
        users |= Q(
            user_permissions__codename="view_table", user_permissions__content_type__app_label="tables"
        )
        users |= Q(
            groups__permissions__codename="view_table", groups__permissions__content_type__app_label="tables"
        )
    return users


def readers(user_ids: set[int], comment: Comment) -> set[int]:
    """Of ``user_ids``, those who may read ``comment`` (see its table, and its event as its author did)."""
    table = with_seats(comment.table)
    users = list(get_user_model().objects.filter(pk__in=user_ids, is_active=True))
    users = [u for u in users if may_see(u, table)]
    if not users:
        return set()
    keys = {u.pk: seats_key(u, table) for u in users}
    views = event_views(table, {comment.event_seq: {comment.seats, *keys.values()}})
    return {pk for pk, key in keys.items() if sees_as_much(views, comment.event_seq, key, comment.seats)}


def mention_choices(*, table: Table, prefix: str, limit: int) -> list[str]:
    """The active users who may see ``table`` whose names start with ``prefix``: never anyone else (a
    mention then tells only those of them who may read the comment, :func:`readers`)."""
    names = (
        get_user_model()
        .objects.filter(_possible_readers(table), is_active=True, username__istartswith=prefix)
        .distinct()
        .order_by("username")
        .values_list("username", flat=True)[:limit]
    )
    return list(names)


def threads_for(*, user, table: Table) -> tuple[list[Comment], dict]:
    """The table's threads ``user`` may read (open first), each with the replies they may read
    (``shown_replies``), and the views of their events as ``user`` sees them (by seq): one query for
    the comments, one for the seats, one for the events."""
    comments = list(
        Comment.objects.filter(table=table)
        .select_related("author", "resolved_by")
        .order_by("created_at", "pk")
    )
    for comment in comments:
        comment.table = table  # its seats read once (may_resolve asks who sits there)
    kept, views = readable(user, table, comments)
    threads = [c for c in kept if c.parent_id is None]
    replies: dict[int, list[Comment]] = {}
    for comment in kept:
        if comment.parent_id is not None:
            replies.setdefault(comment.parent_id, []).append(comment)
    for thread in threads:
        thread.shown_replies = replies.get(thread.pk, [])
    threads.sort(key=lambda t: (t.resolved, t.created_at, t.pk))
    return threads, views


def event_words(view: dict[str, Any] | None) -> dict[str, Any] | None:
    """What a thread shows of its event, from the view its reader has of it: its seq, seat, kind and
    the card it names when the reader sees that card."""
    if view is None:
        return None
    card = view.get("card") or next((m for m in view.get("moved") or [] if m.get("name")), None)
    return {
        "seq": view["seq"],
        "seat": view.get("seat"),
        "kind": view.get("kind"),
        "card": card.get("name") if card else None,
    }
