"""Review tasks: thin wrappers over the services, passed ids, safe to run again."""

from celery import shared_task

from common.heartbeat import heartbeat

from . import audits


@shared_task(name="reviews.audit")
def audit(audit_id: int) -> dict:
    """Run one audit (idempotent: a finished audit is left as it is, a redelivered one starts over),
    with a heartbeat: if this worker dies, the sweep takes the audit up again."""
    with heartbeat(lambda: audits.audit_heartbeat(audit_id)):
        done = audits.audit_run(audit_id=audit_id)
    return {"audit": done.pk, "game": done.game, "status": done.status, "ranOn": done.ran_on}


@shared_task(name="reviews.audit_all")
def audit_all() -> dict:
    """The periodic sweep (CELERY_BEAT_SCHEDULE): start an audit of every game not already being audited."""
    return {"started": audits.audits_schedule()}


@shared_task(name="reviews.requeue")
def requeue() -> dict:
    """The periodic catch-up: send again the audits the broker could not take when they were started,
    and those whose worker died (no heartbeat for WORK_STALE_AFTER)."""
    return {"requeued": audits.audits_requeue()}
