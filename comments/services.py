"""Writes of comments and notifications: a comment, its edit, deletion, resolution; who is told."""

from __future__ import annotations

import unicodedata
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from cards.models import Card
from common.errors import Forbidden, InvalidInput
from decks.models import Deck
from faces.selectors import face_regions
from rules.findings import error
from rules.i18n import N_
from rules.problems import invalid, problem
from tables.models import Table

from . import table_threads
from .activity import record
from .mentions import mentioned_names
from .models import BODY_MAX, Comment, Kind, Notification
from .notices import notify, readers
from .realtime import inbox_changed

KEYS = {"body", "field", "language", "parent", "region", "event"}
CARD_KEYS = ("name", "type", "set", "text", "flavour", "archetypes", "effects")
REVIEW = "cards.review_card"


def checked_body(body: Any) -> str:
    """A comment's text: plain text (no control character but line breaks and tabs), not empty,
    at most BODY_MAX characters; HTML is kept as the characters typed and never read as HTML."""
    if not isinstance(body, str):
        raise InvalidInput(
            [invalid("body", problem("NOT_TEXT") if body is not None else problem("REQUIRED"))]
        )
    body = body.replace("\r\n", "\n").strip()
    if not body:
        raise InvalidInput([invalid("body", problem("REQUIRED_TEXT"))])
    if len(body) > BODY_MAX:
        raise InvalidInput([invalid("body", problem("TOO_LONG", maximum=BODY_MAX, observed=len(body)))])
    for position, character in enumerate(body):
        if character not in "\n\t" and unicodedata.category(character) == "Cc":
            raise InvalidInput(
                [
                    invalid(
                        "body",
                        problem(
                            "CONTROL_CHARACTER", character=f"U+{ord(character):04X}", position=position + 1
                        ),
                    )
                ]
            )
    return body


def commentable_fields(card: Card) -> list[str]:
    return [*CARD_KEYS, *card.ruleset.field_names()]


def _whole(key: str, value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidInput([invalid(key, problem("NOT_WHOLE_NUMBER", value=repr(value)[:40]))])
    return value


def _not_here(key: str, value: Any, expected: list[str]) -> InvalidInput:
    return InvalidInput(
        [invalid(key, problem("NOT_ALLOWED", value=repr(value)[:80], expected=", ".join(expected) or "-"))]
    )


def finished_table(table: Table) -> None:
    """A table's log is commented on once its game is over: before, a 400 TABLE_NOT_FINISHED."""
    if table.status != Table.Status.FINISHED:
        raise InvalidInput(
            [
                error(
                    "TABLE_NOT_FINISHED",
                    field="table",
                    params={"table": table.pk, "status": table.status},
                    hint=N_("comment on its log once the game is over"),
                )
            ]
        )


def _table_values(data: dict, out: dict, *, user, table: Table) -> dict:
    finished_table(table)
    for key in ("field", "language", "region"):
        if data.get(key) not in (None, ""):
            raise _not_here(key, data[key], [])
    parent = data.get("parent")
    if parent is not None:
        thread = Comment.objects.filter(pk=_whole("parent", parent), table=table, parent__isnull=True).first()
        if thread is None or not table_threads.may_read(user, thread):
            raise InvalidInput([invalid("parent", problem("NOT_VALID", value=str(parent)))])
        return {**out, "parent": thread, "event_seq": thread.event_seq}
    event = data.get("event")
    if event is None:
        raise InvalidInput([invalid("event", problem("REQUIRED"))])
    if _whole("event", event) < 1 or event > table.seq:
        raise _not_here("event", event, [f"1-{table.seq}"])
    return {**out, "event_seq": event}


def _checked(
    data: Any, *, card: Card | None, deck: Deck | None, table: Table | None = None, user=None
) -> dict:
    if not isinstance(data, dict):
        raise InvalidInput([invalid(None, problem("BODY_NOT_OBJECT"))])
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise InvalidInput(
            [
                invalid(
                    key or None, problem("UNKNOWN_KEY", value=repr(key), expected=", ".join(sorted(KEYS)))
                )
                for key in unknown
            ]
        )
    out = {
        "body": checked_body(data.get("body")),
        "field": "",
        "language": "",
        "region": "",
        "parent": None,
        "event_seq": None,
    }
    if table is not None:
        return _table_values(data, out, user=user, table=table)
    if data.get("event") is not None:
        raise _not_here("event", data["event"], [])
    parent = data.get("parent")
    if parent is not None:
        thread = Comment.objects.filter(
            pk=_whole("parent", parent), card=card, deck=deck, parent__isnull=True
        ).first()
        if thread is None:
            raise InvalidInput([invalid("parent", problem("NOT_VALID", value=str(parent)))])
        out.update(parent=thread, field=thread.field, language=thread.language, region=thread.region)
        return out  # a reply is about what its thread is about
    field, language, region = data.get("field"), data.get("language"), data.get("region")
    if region not in (None, ""):
        regions = [r["id"] for r in face_regions(card)["regions"]] if card is not None else []
        if not isinstance(region, str) or region not in regions:
            raise _not_here("region", region, regions)
        if field not in (None, ""):
            raise InvalidInput([invalid("region", problem("REGION_OR_FIELD"))])
        out["region"] = region
    if field not in (None, ""):
        choices = commentable_fields(card) if card is not None else []
        if not isinstance(field, str) or field not in choices:
            raise InvalidInput(
                [
                    invalid(
                        "field", problem("NOT_ALLOWED", value=repr(field), expected=", ".join(choices) or "-")
                    )
                ]
            )
        out["field"] = field
    if language not in (None, ""):
        languages = [code for code, _ in settings.LANGUAGES if card is None or code != card.language]
        if card is None or not isinstance(language, str) or language not in languages:
            raise InvalidInput(
                [
                    invalid(
                        "language",
                        problem("NOT_ALLOWED", value=repr(language), expected=", ".join(languages)),
                    )
                ]
            )
        out["language"] = language
    return out


@transaction.atomic
def comment_create(
    *, user, data: Any, card: Card | None = None, deck: Deck | None = None, table: Table | None = None
) -> Comment:
    """A new thread or a reply on a card, a deck or a finished table's event ``user`` may read (the
    caller found it through its selector); the people it mentions who may read it, and the thread's
    author, are told."""
    values = _checked(data, card=card, deck=deck, table=table, user=user)
    comment = Comment.objects.create(
        card=card,
        deck=deck,
        table=table,
        event_seq=values["event_seq"],
        seats=table_threads.seats_key(user, table) if table is not None else "",
        author=user,
        body=values["body"],
        field=values["field"],
        language=values["language"],
        region=values["region"],
        parent=values["parent"],
        card_version=card.version if card is not None else None,
        by_reviewer=values["parent"] is None and card is not None and user.has_perm(REVIEW),
    )
    _tell(comment, user, names=mentioned_names(comment.body), reply=True)
    if table is None:  # the feed names cards and decks; a table's comments stay at the table
        record(
            kind="comment", actor=user, card=card, deck=deck, comment=comment, version=comment.card_version
        )
    return comment


def _tell(comment: Comment, author, *, names: set[str], reply: bool) -> None:
    """Tell the users ``names`` mentions, and (``reply``: a new comment) its thread's author; never
    twice of one comment's mention (an edit tells only who it newly mentions)."""
    mentioned = (
        set(get_user_model().objects.filter(username__in=names, is_active=True).values_list("pk", flat=True))
        if names
        else set()
    )
    if mentioned and not reply:
        mentioned -= set(
            Notification.objects.filter(comment=comment, kind=Kind.MENTION).values_list(
                "recipient_id", flat=True
            )
        )
    replied = set()
    if reply and comment.parent_id and comment.parent.author_id:
        replied = {comment.parent.author_id}
    if not mentioned and not replied:
        return
    # Nobody learns of a card they may not read: a mention of a playtester on a DRAFT card tells nobody;
    # nor of a card hidden from them at a table: only who may read the comment is told.
    told = (mentioned | replied) - {author.pk}
    if comment.table_id is not None:
        allowed = table_threads.readers(told, comment) if told else set()
    else:
        allowed = readers(told, card=comment.card, deck=comment.deck)
    notes = [
        Notification(
            recipient_id=pk,
            kind=Kind.MENTION,
            actor=author,
            card=comment.card,
            deck=comment.deck,
            comment=comment,
        )
        for pk in sorted(mentioned & allowed)
    ] + [
        Notification(
            recipient_id=pk,
            kind=Kind.REPLY,
            actor=author,
            card=comment.card,
            deck=comment.deck,
            comment=comment,
        )
        for pk in sorted((replied - mentioned) & allowed)
    ]
    notify(notes)


def _own(comment: Comment, user) -> None:
    if comment.author_id != user.pk or comment.deleted:
        raise Forbidden(gettext("only its author may change a comment"))


@transaction.atomic
def comment_edit(*, comment: Comment, user, body: Any) -> Comment:
    """Its author edits a comment; the users the edit newly mentions are told (those it mentioned
    before were told then)."""
    _own(comment, user)
    before = mentioned_names(comment.body)
    comment.body = checked_body(body)
    comment.edited_at = timezone.now()
    comment.save(update_fields=["body", "edited_at"])
    _tell(comment, user, names=mentioned_names(comment.body) - before, reply=False)
    return comment


@transaction.atomic
def comment_delete(*, comment: Comment, user) -> None:
    """Its author deletes a comment; a thread with replies keeps its place, without its words."""
    _own(comment, user)
    if comment.parent_id is None and comment.replies.exists():
        comment.deleted = True
        comment.body = ""
        comment.save(update_fields=["deleted", "body"])
    else:
        comment.delete()


def may_resolve(user, comment: Comment) -> bool:
    """The thread's author, the card's designers and reviewers, the deck's owner, the table's players."""
    thread = comment.parent or comment
    if thread.author_id == user.pk:
        return True
    if thread.card_id is not None:
        return user.has_perm("cards.change_card") or user.has_perm(REVIEW)
    if thread.table_id is not None:
        return bool(table_threads.seats_key(user, thread.table))  # its players
    return thread.deck.owner_id == user.pk


@transaction.atomic
def thread_resolve(*, comment: Comment, user, resolved: bool = True) -> Comment:
    thread = comment.parent or comment
    if not may_resolve(user, thread):
        raise Forbidden(
            gettext("only the thread's author, a designer or a reviewer may resolve or reopen it")
        )
    thread.resolved = resolved
    thread.resolved_by = user if resolved else None
    thread.resolved_at = timezone.now() if resolved else None
    thread.save(update_fields=["resolved", "resolved_by", "resolved_at"])
    return thread


@transaction.atomic
def notifications_read(*, user, ids: Any = None, everything: bool = False) -> int:
    qs = Notification.objects.filter(recipient=user, read=False)
    if not everything:
        if not isinstance(ids, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in ids):
            raise InvalidInput([invalid("ids", problem("NOT_VALID", value=repr(ids)[:80]))])
        qs = qs.filter(pk__in=[i for i in ids if 0 < i < 2**63])
    marked = qs.update(read=True)
    if marked:
        inbox_changed([user.pk])  # the user's other pages
    return marked


def status_moved(*, card: Card, status: str, user) -> None:
    """Tell the card's creator that it moved (unless they moved it), while they may read it."""
    owner = card.created_by_id
    if not owner or (user is not None and owner == getattr(user, "pk", None)):
        return
    if not readers({owner}, card=card, deck=None):
        return
    notify([Notification(recipient_id=owner, kind=Kind.STATUS, actor=user, card=card, status=status)])
