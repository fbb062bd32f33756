"""Table tasks: thin wrappers over the services, passed ids, safe to run again."""

from celery import shared_task

from . import services


@shared_task(name="tables.check_clocks")
def check_clocks(table_ids: list[int] | None = None) -> dict:
    """The periodic sweep (CELERY_BEAT_SCHEDULE): a silent table whose seat to act spent its turn and
    its bank still ends (the server records the loss on time). Idempotent: a finished table is left."""
    return {"timedOut": services.tables_clocks_check(table_ids)}
