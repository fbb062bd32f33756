"""The lab's background work: thin, named, idempotent tasks over the services, passed ids."""

from celery import shared_task

from common.enqueue import enqueue_on_commit

from . import services


@shared_task(name="simulations.run")
def run(simulation_id: int) -> int:
    """Spread a simulation's games over the workers, a chunk a task; the chunks enqueued."""
    chunks = services.simulation_chunks(simulation_id=simulation_id)
    for start, stop in chunks:
        enqueue_on_commit("simulations.play_chunk", simulation_id, start, stop)
    return len(chunks)


@shared_task(name="simulations.play_chunk")
def play_chunk(simulation_id: int, start: int, stop: int) -> int:
    """Play a chunk's games not stored yet (running it again plays nothing twice)."""
    return services.simulation_play_chunk(simulation_id=simulation_id, start=start, stop=stop)
