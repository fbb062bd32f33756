"""Background counting of the play statistics: thin, named, idempotent tasks over the services."""

from celery import shared_task

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
