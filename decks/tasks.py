"""Background revalidation: thin, named, idempotent tasks over the services."""

from celery import shared_task

from . import selectors, services


@shared_task(name="decks.revalidate")
def revalidate_decks(stable_ids=None, format_id=None, owner_id=None) -> int:
    """Validate again the stale decks a card, format or collection change affected.

    Idempotent: it only picks decks still stale, so running it twice, or after a
    crash, validates what is left and nothing more.
    """
    decks = selectors.decks_to_revalidate(stable_ids=stable_ids, format_id=format_id, owner_id=owner_id)
    return services.decks_revalidate(decks=decks)


@shared_task(name="decks.sweep_stale")
def sweep_stale_decks() -> int:
    """Catch up with every stale deck (a missed enqueue while the broker was down, a crashed worker)."""
    return services.decks_revalidate(decks=selectors.decks_to_revalidate())


@shared_task(name="decks.prune_card_versions")
def prune_card_versions() -> int:
    """Delete the card versions no deck was validated against any more (safe to run any time)."""
    return services.card_versions_prune()
