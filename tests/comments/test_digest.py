"""The daily digest (issue 41, part 2): who chose it gets one email a day of the last day's unread
notifications instead of one email each; the beat's task is idempotent (run twice, nothing is sent
twice) and never names what the reader may not see."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from cards import services as card_services
from comments import emails, tasks
from comments.models import EmailChoice, Notification
from studio.models import Preference

pytestmark = pytest.mark.django_db


@pytest.fixture
def dana(designer):
    designer.email = "dana@example.org"
    designer.save()
    EmailChoice.objects.create(user=designer, digest=True)
    return designer


def test_who_chose_the_digest_gets_no_email_each_then_one_a_day_once(
    dana, reviewer, draft, comment_on, mailoutbox
):
    comment_on(reviewer, draft, "@dana one")
    comment_on(reviewer, draft, "@dana two")
    assert mailoutbox == [] and Notification.objects.filter(recipient=dana, emailed=False).count() == 2
    assert tasks.send_digests() == 1
    [mail] = mailoutbox
    assert "2 unread notifications of the last day" in mail.subject
    assert mail.body.count("remi mentioned you in a comment") == 2
    assert f"/cards/{draft.stable_id}/?comment=" in mail.body and "#comment-" in mail.body
    assert draft.name not in mail.subject + mail.body
    assert tasks.send_digests() == 0 and len(mailoutbox) == 1  # run again: nothing sent twice
    comment_on(reviewer, draft, "@dana three")
    assert tasks.send_digests() == 1
    assert "1 unread notification of the last day" in mailoutbox[1].subject
    assert mailoutbox[1].body.count("mentioned you") == 1


def test_the_digest_leaves_out_read_old_and_turned_off_notices(dana, reviewer, draft, comment_on, mailoutbox):
    comment_on(reviewer, draft, "@dana read")
    Notification.objects.update(read=True)
    comment_on(reviewer, draft, "@dana old")
    Notification.objects.filter(read=False).update(created_at=timezone.now() - timedelta(days=2))
    thread = comment_on(dana, draft, "mine")
    comment_on(reviewer, draft, "a reply", parent=thread["id"])
    EmailChoice.objects.filter(user=dana).update(reply=False)
    assert tasks.send_digests() == 0 and mailoutbox == []


def test_the_digest_never_names_a_card_the_reader_may_no_longer_read(
    api, playtester, designer, reviewer, shown, comment_on, mailoutbox
):
    playtester.email = "paula@example.org"
    playtester.save()
    EmailChoice.objects.create(user=playtester, digest=True)
    comment_on(designer, shown, "@paula try it")
    card_services.card_set_status(stable_id=shown.stable_id, status="NEEDS_REVIEW", user=reviewer)
    assert tasks.send_digests() == 0 and mailoutbox == []


@pytest.mark.parametrize(
    ("language", "subject", "footer"),
    [
        ("fr", "2 notifications non lues de la dernière journée", "Vous avez choisi un e-mail par jour"),
        ("ru", "2 непрочитанных уведомления за последние сутки", "Вы выбрали одно письмо в день"),
    ],
)
def test_the_digest_is_in_the_readers_language(
    dana, reviewer, draft, comment_on, mailoutbox, language, subject, footer
):
    Preference.objects.create(user=dana, language=language)
    comment_on(reviewer, draft, "@dana one")
    comment_on(reviewer, draft, "@dana two")
    emails.send_digests()
    [mail] = mailoutbox
    assert subject in mail.subject and footer in mail.body


def test_a_digest_costs_the_same_queries_whatever_its_length(
    dana, reviewer, draft, comment_on, mailoutbox, django_assert_num_queries
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    comment_on(reviewer, draft, "@dana one")
    with CaptureQueriesContext(connection) as few:
        assert emails.send_digest(dana.pk)
    one = len(few.captured_queries)  # read now: the next requests empty the connection's log
    for n in range(30):
        comment_on(reviewer, draft, f"@dana {n}")
    with django_assert_num_queries(one):
        assert emails.send_digest(dana.pk)
    assert mailoutbox[1].body.count("mentioned you") == 30


def test_a_long_digest_says_how_many_more_the_inbox_holds(dana, reviewer, draft, mailoutbox):
    Notification.objects.bulk_create(
        [Notification(recipient=dana, kind="mention", actor=reviewer, card=draft) for _ in range(53)]
    )
    assert emails.send_digest(dana.pk)
    [mail] = mailoutbox
    assert "53 unread notifications" in mail.subject and "and 3 more in your inbox" in mail.body
    assert not Notification.objects.filter(emailed=False).exists()
    assert not emails.send_digest(dana.pk)


def test_the_inbox_page_keeps_the_digest_choice(client_as, designer):
    client = client_as(designer)
    client.post("/notifications/", {"emails": "1", "mention": "on", "digest": "on"})
    choice = EmailChoice.objects.get(user=designer)
    assert choice.digest and choice.mention and not choice.version
    assert 'name="digest" checked' in client.get("/notifications/").content.decode()
    client.post("/notifications/", {"emails": "1", "mention": "on"})
    assert not EmailChoice.objects.get(user=designer).digest


def test_the_digest_is_on_beats_schedule(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["comments-daily-digest"]
    assert entry["task"] == "comments.send_digests" == tasks.send_digests.name
