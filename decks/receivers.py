"""Decks follow the cards: a card change that can alter a verdict marks the decks using it stale."""

from django.dispatch import receiver

from cards.signals import cards_changed

from . import selectors, services


@receiver(cards_changed, dispatch_uid="decks.mark_stale_on_card_change")
def mark_decks_stale(sender, stable_ids, changed_keys, cards=None, **kwargs):
    # Sent inside the card's transaction: the marks commit (or roll back) with the card,
    # and the revalidation is enqueued only once it has committed.
    decks = selectors.decks_using_cards(stable_ids=stable_ids, changed_keys=changed_keys, cards=cards)
    services.decks_mark_stale(decks, stable_ids=stable_ids)
