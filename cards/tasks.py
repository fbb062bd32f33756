"""Card tasks: thin wrappers over the services, passed ids, safe to run twice."""

from celery import shared_task


@shared_task(name="cards.import_job")
def import_job(job_id: int) -> str:
    """Import a card-set file too large for a request (cards.import_jobs), with progress and a heartbeat."""
    from .import_jobs import import_job_run

    return import_job_run(job_id)


@shared_task(name="cards.requeue_imports")
def requeue_imports() -> dict:
    """The periodic catch-up: import jobs the broker could not take, and those whose worker died."""
    from .import_jobs import import_jobs_requeue

    return {"requeued": import_jobs_requeue()}
