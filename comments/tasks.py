"""Comment tasks: thin wrappers over the services, passed ids, safe to run again."""

from celery import shared_task

from . import emails


@shared_task(name="comments.email_notification")
def email_notification(notification_id: int) -> bool:
    return emails.send(notification_id)


@shared_task(name="comments.send_digests")
def send_digests() -> int:
    """The daily digest (beat, once a day): each notification in one email at most, so a second run
    sends nothing the first one sent."""
    return emails.send_digests()
