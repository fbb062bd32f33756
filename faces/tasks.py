"""Face tasks: thin wrappers over the services, passed ids, safe to run twice.

Named ``faces.<something>``: settings route ``faces.*`` to the ``images`` queue.
"""

from celery import shared_task

from . import services


@shared_task(name="faces.render_cards")
def render_cards(card_ids: list[int]) -> dict:
    """Make these cards' precomputed faces (a face cached for its key is not made again)."""
    return services.faces_render_cards(card_ids)


@shared_task(name="faces.render_game")
def render_game(game: str) -> int:
    """After a template change: every card of the game, enqueued in chunks."""
    return services.faces_render_game(game)


@shared_task(name="faces.print_job")
def print_job(job_id: int) -> str:
    """Make a print sheet (a set or a selection of cards), counting progress as faces are drawn,
    with a heartbeat: if this worker dies, the sweep takes the job up again."""
    from common.heartbeat import heartbeat

    from . import printing

    with heartbeat(lambda: printing.print_job_heartbeat(job_id)):
        return printing.print_job_run(job_id)


@shared_task(name="faces.requeue")
def requeue() -> dict:
    """The periodic catch-up: print jobs the broker could not take, and those whose worker died."""
    from . import printing

    return {"requeued": printing.print_jobs_requeue()}
