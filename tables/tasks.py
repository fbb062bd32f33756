"""Table tasks: thin wrappers over the services, passed ids, safe to run again."""

from celery import shared_task

from . import services


@shared_task(name="tables.check_clocks")
def check_clocks(table_ids: list[int] | None = None) -> dict:
    """The periodic sweep (CELERY_BEAT_SCHEDULE): a silent table whose seat to act spent its turn and
    its bank still ends (the server records the loss on time). Idempotent: a finished table is left."""
    return {"timedOut": services.tables_clocks_check(table_ids)}


@shared_task(name="tables.bot_play")
def bot_play(table_id: int, seq: int) -> dict:
    """The bot of a table plays while the table waits for it (asked for once a move at ``seq``
    commits). Idempotent: a run that finds the table past ``seq`` plays nothing; a failed move is
    logged and answered (``failed``), never raised."""
    run = services.table_bot_play(table_id=table_id, seq=seq)
    return {"played": list(run.played), "failed": run.failed}
