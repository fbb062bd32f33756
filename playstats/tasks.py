"""Background counting of the play statistics: thin, named, idempotent tasks over the services."""

from celery import shared_task
from django.db import OperationalError

from . import services


@shared_task(name="playstats.count_table")
def count_table(table_id: int) -> bool:
    """Add a finished table's game to the figures (once: running it again changes nothing)."""
    return services.playstats_count_table(table_id=table_id)


@shared_task(name="playstats.sweep")
def sweep() -> int:
    """Count every finished table not counted yet (a missed enqueue, a worker that died)."""
    from .selectors import tables_to_count

    return sum(services.playstats_count_table(table_id=pk) for pk in tables_to_count())


# A chunk's transaction that the database chose to end (a lock wait two workers could not both win):
# tried again, which is safe, a chunk counting only the games it finds uncounted.
@shared_task(
    name="playstats.rebuild_chunk", autoretry_for=(OperationalError,), retry_backoff=True, max_retries=5
)
def rebuild_chunk(game: str, kind: str, first: int, last: int) -> int:
    """Count a rebuild's chunk: the game's finished tables (``kind`` "table") or counted paper games
    ("paper") of ids ``first`` to ``last`` not counted yet (running it again counts nothing twice)."""
    return services.playstats_count_chunk(game=game, kind=kind, first=first, last=last)
