"""The change feed's writes: one Activity per change, and the watchers of what changed told."""

from __future__ import annotations

from datetime import timedelta

from django.db.models import Q
from django.utils import timezone

from cards.models import Card
from decks.models import Deck

from .models import Activity, Happening, Kind, Notification, Watch
from .notices import notify, readers


def record(
    *, kind: str, actor=None, card: Card | None = None, deck: Deck | None = None, **values
) -> Activity:
    """Write the feed's line and tell who watches the card, the deck or the game (but the actor),
    if they may read it."""
    game = card.game if card is not None else (deck.game if deck is not None else "")
    activity = Activity.objects.create(kind=kind, actor=actor, card=card, deck=deck, game=game, **values)
    watching = Q(game=game) if game else Q(pk__in=[])
    if card is not None:
        watching |= Q(card=card)
    if deck is not None:
        watching |= Q(deck=deck)
    watchers = set(Watch.objects.filter(watching).values_list("user_id", flat=True))
    watchers.discard(getattr(actor, "pk", None))
    if watchers:
        allowed = readers(watchers, card=card, deck=deck if card is None else None)
        notify(
            [
                Notification(
                    recipient_id=pk, kind=Kind.WATCH, actor=actor, card=card, deck=deck, activity=activity
                )
                for pk in sorted(allowed)
            ]
        )
    return activity


# A deck's changes by one person within this long of each other are one run: one line, one notice.
DECK_RUN = timedelta(minutes=10)


def deck_edited(*, deck: Deck, actor=None) -> Activity:
    """A change of what a deck's player wrote (decks' ``deck_changed``): the feed's line and the deck's
    watchers told, once a run of changes. The deck builder saves each click: the changes one person
    makes within DECK_RUN of each other are one line (brought to the newest version and time) and
    one notice."""
    now = timezone.now()
    last = Activity.objects.filter(deck=deck).order_by("-pk").first()
    if (
        last is not None
        and last.kind == Happening.EDIT
        and last.actor_id == getattr(actor, "pk", None)
        and last.created_at >= now - DECK_RUN
    ):
        Activity.objects.filter(pk=last.pk).update(version=deck.version, created_at=now)
        return last
    return record(kind=Happening.EDIT, actor=actor, deck=deck, version=deck.version)


def watch(
    *, user, card: Card | None = None, deck: Deck | None = None, game: str = "", on: bool = True
) -> bool:
    """Watch (or stop watching) a card, a deck or a game the caller already may read; answers the new state."""
    target = {"card": card} if card is not None else {"deck": deck} if deck is not None else {"game": game}
    if on:
        Watch.objects.get_or_create(user=user, **target)
    else:
        Watch.objects.filter(user=user, **target).delete()
    return on
