"""A notification's email, in its recipient's language: a link to the place, never a card's content;
and the daily digest, one email of a day's unread notifications for who chose it."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext, ngettext

from .models import EmailChoice, Kind, Notification
from .selectors import email_choice, notification_list, notification_url

# A digest lists at most this many notifications, then says how many more the inbox holds.
DIGEST_LINES = 50


def language_of(user) -> str:
    preference = getattr(user, "preference", None)
    return (preference.language if preference is not None else "") or settings.LANGUAGE_CODE


def _link(path: str) -> str:
    return settings.STUDIO_BASE_URL.rstrip("/") + path


def summary(notification: Notification) -> str:
    """What happened, in a line that names no card, no deck and nobody's work but the actor."""
    actor = notification.actor.get_username() if notification.actor else gettext("someone")
    subjects = {
        Kind.MENTION: gettext("%(actor)s mentioned you in a comment"),
        Kind.REPLY: gettext("%(actor)s replied to your thread"),
        Kind.STATUS: gettext("%(actor)s moved one of your cards"),
        Kind.WATCH: gettext("%(actor)s changed something you watch"),
        Kind.VERSION: gettext("%(actor)s made a new version of a card in one of your decks"),
        Kind.TABLE: gettext("The game at table %(table)s is over"),
        Kind.PAPER: gettext("%(actor)s recorded a paper game against your deck: it waits for your answer"),
    }
    return subjects[notification.kind] % {"actor": actor, "table": notification.table_id}


def _settings_line() -> str:
    return gettext("You can turn these emails off on your inbox page: %(link)s") % {
        "link": _link("/notifications/")
    }


def subject_and_body(notification: Notification) -> tuple[str, str]:
    subject = summary(notification)
    body = "\n\n".join(
        [
            subject + ".",
            gettext("Open it in Card Studio: %(link)s") % {"link": _link(notification_url(notification))},
            _settings_line(),
        ]
    )
    return "[Card Studio] " + subject, body


def send(notification_id: int) -> bool:
    """Send the notification's email once (idempotent), if its kind is on for its recipient, they
    chose one email a notification (not the daily digest) and they may still read what it names;
    True when one was sent."""
    notification = (
        Notification.objects.select_related("recipient", "actor", "card", "deck")
        .filter(pk=notification_id, emailed=False)
        .first()
    )
    if notification is None:
        return False
    recipient = notification.recipient
    choice = email_choice(user=recipient)
    if not recipient.email or not recipient.is_active or not choice.wants(notification.kind) or choice.digest:
        return False
    if not notification_list(user=recipient).filter(pk=notification.pk).exists():
        return False  # they may no longer read the card or the deck
    if Notification.objects.filter(pk=notification.pk, emailed=False).update(emailed=True) != 1:
        return False  # another worker took it
    with translation.override(language_of(recipient)):
        subject, body = subject_and_body(notification)
    send_mail(subject, body, None, [recipient.email])
    return True


# --- the daily digest ---------------------------------------------------------------------------
def digest_subject_and_body(notes: list[Notification], more: int = 0) -> tuple[str, str]:
    count = len(notes) + more
    subject = ngettext(
        "%(count)s unread notification of the last day",
        "%(count)s unread notifications of the last day",
        count,
    ) % {"count": count}
    lines = [f"- {summary(note)}: {_link(notification_url(note))}" for note in notes]
    if more:
        lines.append(
            ngettext(
                "- and %(count)s more in your inbox: %(link)s",
                "- and %(count)s more in your inbox: %(link)s",
                more,
            )
            % {"count": more, "link": _link("/notifications/")}
        )
    body = "\n\n".join(
        [
            subject + ":",
            "\n".join(lines),
            gettext("You chose one email a day; you can change it on your inbox page: %(link)s")
            % {"link": _link("/notifications/")},
        ]
    )
    return "[Card Studio] " + subject, body


def send_digest(user_id: int, *, now=None) -> bool:
    """Send ``user_id`` (who chose the daily digest) one email of their unread notifications of the
    last day not emailed yet, of the kinds they receive by email and that they may still read; each
    notification is in one email at most (idempotent: run again, it sends nothing new). True when
    one was sent."""
    now = now or timezone.now()
    since = now - timedelta(hours=settings.COMMENTS_DIGEST_HOURS)
    with transaction.atomic():
        # One digest of a user at a time: a second run waits, then finds the notifications emailed.
        user = get_user_model().objects.select_for_update().filter(pk=user_id, is_active=True).first()
        if user is None or not user.email:
            return False
        choice = EmailChoice.objects.filter(user=user).first()
        if choice is None or not choice.digest:
            return False
        kinds = [kind for kind in Kind.values if choice.wants(kind)]
        waiting = notification_list(user=user, unread=True).filter(
            emailed=False, kind__in=kinds, created_at__gte=since, created_at__lte=now
        )
        notes = list(waiting.order_by("created_at", "pk")[:DIGEST_LINES])
        if not notes:
            return False
        more = waiting.count() - len(notes) if len(notes) == DIGEST_LINES else 0
        Notification.objects.filter(pk__in=[n.pk for n in notes]).update(emailed=True)
        if more:  # the rest is in the inbox: this digest is their one email
            waiting.update(emailed=True)
        with translation.override(language_of(user)):
            subject, body = digest_subject_and_body(notes, more)
    send_mail(subject, body, None, [user.email])
    return True


def send_digests(*, now=None) -> int:
    """The daily digest of every user who chose it: the number of emails sent."""
    users = EmailChoice.objects.filter(digest=True, user__is_active=True).exclude(user__email="")
    return sum(send_digest(pk, now=now) for pk in users.order_by("user_id").values_list("user_id", flat=True))
