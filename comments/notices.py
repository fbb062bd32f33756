"""Who is told: the readers among some users, and the notifications stored with their emails queued;
the notices of what happens in the other apps (a card's new version to the decks that hold it, a
finished table to its players, a paper game to the owner asked to confirm it), sent by receivers.py."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils import timezone

from cards.models import Card, CardRevision, RevisionAction, Status
from cards.selectors import SEES_ALL, SEES_VALIDATED, card_scopes
from common.enqueue import enqueue_on_commit
from decks.models import Deck, DeckEntry
from playstats.models import PaperSeat
from tables.models import Table

from .models import Kind, Notification
from .realtime import inbox_changed
from .selectors import deck_scopes, may_read_card

# The keys of a card's interchange form that are no part of what it says (a move, its bookkeeping).
NOT_CONTENT = frozenset({"status", "origin", "creationMethod", "userModified"})


def readers(user_ids: set[int], *, card: Card | None, deck: Deck | None) -> set[int]:
    """Of ``user_ids``, those who may read the card or the deck (one query)."""
    if card is not None:
        return {pk for pk, scope in card_scopes(user_ids).items() if may_read_card(scope, card)}
    return {
        pk for pk, (own, every) in deck_scopes(user_ids).items() if every or (own and pk == deck.owner_id)
    }


def notify(notes: list[Notification]) -> list[Notification]:
    """Store these notifications and send each one's email once the transaction commits."""
    made = Notification.objects.bulk_create(notes)
    for note in made:
        enqueue_on_commit("comments.email_notification", note.pk)
    inbox_changed(note.recipient_id for note in made)  # their open pages' counts, live
    return made


def _content(snapshot: dict) -> dict:
    return {key: value for key, value in snapshot.items() if key not in NOT_CONTENT}


def card_versioned(revision: CardRevision) -> None:
    """Tell the owners of the decks that hold the card (but its author) of its new version, once a
    version they may read: an edit (or a revert, a file's import) of what the card says, to those
    who may read the card as it is now; a move to VALIDATED that changed what a playtester last
    read, to the playtesters (the versions in between were never theirs to read). A recipient with
    an unread notice of that card has it brought up to this version (one notice a card, one email)."""
    card = revision.card
    if revision.action == RevisionAction.CREATE:
        return
    if revision.action == RevisionAction.STATUS:
        if revision.status_after != Status.VALIDATED:
            return
        # The card's last VALIDATED revision before this one (the card points at this one after).
        before = None
        if card.last_validated_revision_id is not None:
            before = (
                CardRevision.objects.filter(pk=card.last_validated_revision_id)
                .values_list("snapshot", flat=True)
                .first()
            )
        if before is not None and _content(before) == _content(revision.snapshot):
            return
        scopes = {SEES_VALIDATED}
    elif set(revision.changes) - NOT_CONTENT:
        scopes = {SEES_ALL, SEES_VALIDATED}
    else:
        return
    rows = (
        DeckEntry.objects.filter(card=card, deck__owner__isnull=False)
        .exclude(deck__owner_id=revision.author_id)
        .order_by("deck__name", "deck_id")
        .values_list("deck__owner_id", "deck_id")
    )
    first_deck: dict[int, int] = {}
    for owner, deck in rows:
        first_deck.setdefault(owner, deck)
    if not first_deck:
        return
    told = {
        pk for pk, scope in card_scopes(first_deck).items() if scope in scopes and may_read_card(scope, card)
    }
    told &= {pk for pk, (own, _every) in deck_scopes(told).items() if own}
    if not told:
        return
    unread = Notification.objects.filter(recipient_id__in=told, kind=Kind.VERSION, card=card, read=False)
    again = set(unread.values_list("recipient_id", flat=True))
    if again:
        unread.update(version=revision.version, actor_id=revision.author_id, created_at=timezone.now())
    notify(
        [
            Notification(
                recipient_id=pk,
                kind=Kind.VERSION,
                actor_id=revision.author_id,
                card=card,
                deck_id=first_deck[pk],
                version=revision.version,
            )
            for pk in sorted(told - again)
        ]
    )


def table_finished(table: Table, by) -> None:
    """Tell the players of a table whose game just ended (but the one whose move ended it)."""
    players = set(table.seats.filter(user__isnull=False).values_list("user_id", flat=True))
    players.discard(getattr(by, "pk", None))
    active = set(get_user_model().objects.filter(pk__in=players, is_active=True).values_list("pk", flat=True))
    notify([Notification(recipient_id=pk, kind=Kind.TABLE, actor=by, table=table) for pk in sorted(active)])


def paper_game_asked(seat: PaperSeat) -> None:
    """Tell the owner of a deck that a paper game recorded against it waits for their answer (once a
    game, when both its decks are theirs), while they may read the deck."""
    deck = seat.deck
    if deck is None or deck.owner_id is None:
        return
    owner = deck.owner_id
    if not readers({owner}, card=None, deck=deck):
        return
    if Notification.objects.filter(recipient_id=owner, kind=Kind.PAPER, paper_id=seat.game_id).exists():
        return
    notify(
        [
            Notification(
                recipient_id=owner,
                kind=Kind.PAPER,
                actor_id=seat.game.recorded_by_id,
                deck=deck,
                paper_id=seat.game_id,
            )
        ]
    )
