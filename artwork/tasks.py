"""Artwork tasks: thin wrappers over the services, passed ids, safe to run twice.

Every task here is named ``artwork.<something>``: settings route ``artwork.*``
to the ``images`` queue, so a batch of thumbnails never holds up other work.
"""

from celery import shared_task

from . import services


@shared_task(name="artwork.render")
def render(variant_ids: list[int], batch_id: int | None = None, force: bool = False) -> dict:
    """Make the renditions of these variants (only the missing ones unless ``force``); count them in their batch."""
    return services.renditions_make(variant_ids=variant_ids, batch_id=batch_id, force=force)


@shared_task(name="artwork.sweep")
def sweep() -> int:
    """Enqueue renditions still pending long after their upload (periodic: a lost message never leaves them pending)."""
    return services.renditions_sweep()
