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
    """Make a print sheet (a set or a selection of cards), counting progress as faces are drawn."""
    from . import printing

    return printing.print_job_run(job_id)
