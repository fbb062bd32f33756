"""Faces follow their inputs: a card change or a change of its artwork enqueues its new faces on commit."""

from django.db.models.signals import post_save
from django.dispatch import receiver

from artwork.models import ArtworkEvent
from cards.models import Card
from cards.signals import cards_changed

from . import services


@receiver(cards_changed, dispatch_uid="faces.render_on_card_change")
def render_on_card_change(sender, stable_ids, changed_keys=None, cards=None, **kwargs):
    if cards is not None:
        services.enqueue_cards(card.pk for card in cards)  # the change's own cards: not read again
    else:
        services.enqueue_cards(
            Card.objects.filter(stable_id__in=list(stable_ids)).values_list("pk", flat=True)
        )


@receiver(post_save, sender=ArtworkEvent, dispatch_uid="faces.render_on_artwork_change")
def render_on_artwork_change(sender, instance, created, **kwargs):
    # Every change of a card's artwork appends an event in its transaction: the face follows the primary.
    if created:
        services.enqueue_cards([instance.card_id])
