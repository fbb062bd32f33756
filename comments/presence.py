"""Who else has a card's editor open, who is typing, and the card's explicit lock (issue 41, item 4)."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from cards.models import Card
from common.errors import Conflict, Forbidden

from .models import CardLock, Presence

# An editor beats every 10 s: one not seen for 30 s is closed; typing is said for 10 s.
SEEN_FOR = timedelta(seconds=30)
TYPING_FOR = timedelta(seconds=10)
EDIT = "cards.change_card"
REVIEW = "cards.review_card"


def may_lock(user) -> bool:
    """Designers (who edit) and reviewers (who take a lock over) see the editor's presence and lock."""
    return user.has_perm(EDIT) or user.has_perm(REVIEW)


def beat(*, card: Card, user, typing: bool) -> None:
    now = timezone.now()
    values = {"seen_at": now, **({"typing_at": now} if typing else {})}
    Presence.objects.update_or_create(card=card, user=user, defaults=values)


def others(*, card: Card, user) -> list[dict]:
    """The others who have the editor open now, each with whether they are typing: one query."""
    now = timezone.now()
    rows = (
        Presence.objects.filter(card=card, seen_at__gte=now - SEEN_FOR)
        .exclude(user=user)
        .select_related("user")
        .order_by("user__username")
    )
    return [
        {"name": p.user.get_username(), "typing": bool(p.typing_at and p.typing_at >= now - TYPING_FOR)}
        for p in rows
    ]


def lock_of(card: Card) -> CardLock | None:
    return CardLock.objects.select_related("user").filter(card=card).first()


@transaction.atomic
def lock(*, card: Card, user, action: str) -> CardLock | None:
    """take (a designer, when nobody holds it), release (its holder, or a reviewer), takeover (a
    reviewer, from whoever holds it); answers the lock as it now is."""
    held = CardLock.objects.select_for_update().select_related("user").filter(card=card).first()
    if action == "take":
        if not user.has_perm(EDIT):
            raise Forbidden(gettext("only a designer may lock a card"))
        if held and held.user_id != user.pk:
            raise Conflict(
                gettext("%(name)s holds the lock on this card") % {"name": held.user.get_username()}
            )
        if held:
            return held
        return CardLock.objects.create(card=card, user=user, taken_at=timezone.now())
    if action == "takeover":
        if not user.has_perm(REVIEW):
            raise Forbidden(gettext("only a reviewer may take over a lock"))
        if held:
            held.user, held.taken_at = user, timezone.now()
            held.save(update_fields=["user", "taken_at"])
            return held
        return CardLock.objects.create(card=card, user=user, taken_at=timezone.now())
    if action == "release":
        if held and held.user_id != user.pk and not user.has_perm(REVIEW):
            raise Forbidden(gettext("only the lock's holder or a reviewer may release it"))
        CardLock.objects.filter(card=card).delete()
        return None
    raise Conflict(
        gettext("%(action)s is not a lock action; use take, release or takeover") % {"action": action}
    )


def edit_holds(card: Card, user) -> list[str]:
    """Why ``user`` may not save an edit of ``card`` now: someone else's lock."""
    # A card has one lock at most (CardLock.card is one-to-one): read it as it is, and tell the
    # user's own from here (an exclude() and first()'s ordering were half of a card edit's query time).
    held = next(iter(CardLock.objects.select_related("user").filter(card=card)), None)
    if held is None or held.user_id == user.pk:
        return []
    return [
        gettext("%(name)s holds the lock on this card since %(at)s; ask them, or a reviewer may take it over")
        % {
            "name": held.user.get_username(),
            "at": timezone.localtime(held.taken_at).strftime("%Y-%m-%d %H:%M"),
        }
    ]
