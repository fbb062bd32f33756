"""What the other apps tell, as the feed's lines and notices: a card's revisions (edits, status
moves; a status move also tells the card's creator, a new version the owners of the decks that hold
it) and its translations' revisions; a deck's changes; a table's end; a paper game recorded against
another's deck. Revisions written in bulk (a card-set import's) send no signal and make no line."""

from __future__ import annotations

from django.db.models.signals import post_save
from django.dispatch import receiver

from cards.models import CardRevision, CardTranslationRevision, RevisionAction
from decks.signals import deck_changed
from playstats.models import PaperSeat
from tables.signals import table_finished

from . import activity, notices, services
from .models import Happening


@receiver(post_save, sender=CardRevision, dispatch_uid="comments.card_revision")
def card_revision(sender, instance: CardRevision, created: bool, **kwargs) -> None:
    if not created:
        return
    status = instance.action == RevisionAction.STATUS
    if status:
        services.status_moved(card=instance.card, status=instance.status_after or "", user=instance.author)
    notices.card_versioned(instance)
    activity.record(
        kind=Happening.STATUS if status else Happening.EDIT,
        actor=instance.author,
        card=instance.card,
        version=instance.version,
        status=instance.status_after or "",
    )


@receiver(post_save, sender=CardTranslationRevision, dispatch_uid="comments.translation_revision")
def translation_revision(sender, instance: CardTranslationRevision, created: bool, **kwargs) -> None:
    if created:
        activity.record(
            kind=Happening.TRANSLATION,
            actor=instance.author,
            card=instance.card,
            version=instance.version,
            status=instance.status,
            language=instance.language,
        )


@receiver(deck_changed, dispatch_uid="comments.deck_changed")
def deck_change(sender, deck, user=None, **kwargs) -> None:
    activity.deck_edited(deck=deck, actor=user)


@receiver(table_finished, dispatch_uid="comments.table_finished")
def table_end(sender, table, by=None, **kwargs) -> None:
    notices.table_finished(table, by)


@receiver(post_save, sender=PaperSeat, dispatch_uid="comments.paper_seat")
def paper_seat(sender, instance: PaperSeat, created: bool, **kwargs) -> None:
    if created and instance.answer == PaperSeat.Answer.ASKED:
        notices.paper_game_asked(instance)
