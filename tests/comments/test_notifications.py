"""Who is told what: mentions, replies, status moves; their emails in the recipient's language."""

from __future__ import annotations

import pytest

from cards import services as card_services
from comments.models import EmailChoice, Notification
from studio.models import Preference

pytestmark = pytest.mark.django_db


def kinds(user) -> list[str]:
    return sorted(Notification.objects.filter(recipient=user).values_list("kind", flat=True))


def test_a_mention_tells_the_mentioned_and_not_the_author(api, designer, reviewer, draft):
    api(designer).post(f"/api/cards/{draft.stable_id}/comments/", {"body": "@remi and @dana."}, format="json")
    assert kinds(reviewer) == ["mention"] and kinds(designer) == []


def test_a_reply_tells_the_threads_author_once(api, designer, reviewer, draft):
    thread = (
        api(reviewer).post(f"/api/cards/{draft.stable_id}/comments/", {"body": "?"}, format="json").json()
    )
    api(designer).post(
        f"/api/cards/{draft.stable_id}/comments/",
        {"body": "yes @remi", "parent": thread["id"]},
        format="json",
    )
    api(designer).post(
        f"/api/cards/{draft.stable_id}/comments/", {"body": "and", "parent": thread["id"]}, format="json"
    )
    assert kinds(reviewer) == ["mention", "reply"]


def test_a_status_move_tells_the_cards_creator(designer, reviewer, draft):
    card_services.card_set_status(stable_id=draft.stable_id, status="NEEDS_REVIEW", user=designer)
    assert kinds(designer) == []  # they moved it themselves
    card_services.card_set_status(stable_id=draft.stable_id, status="VALIDATED", user=reviewer)
    note = Notification.objects.get(recipient=designer)
    assert note.kind == "status" and note.status == "VALIDATED" and note.actor == reviewer


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "mentioned you in a comment"), ("fr", "vous a mentionné"), ("ru", "упомянул")],
)
def test_emails_are_in_the_recipients_language(
    api, comment_on, designer, reviewer, draft, mailoutbox, language, words
):
    designer.email = "dana@example.org"
    designer.save()
    Preference.objects.create(user=designer, language=language)
    comment_on(reviewer, draft, "@dana")
    assert len(mailoutbox) == 1
    assert words in mailoutbox[0].subject


def test_a_kind_turned_off_sends_no_email_but_still_notifies(
    api, comment_on, designer, reviewer, draft, mailoutbox
):
    designer.email = "dana@example.org"
    designer.save()
    EmailChoice.objects.create(user=designer, mention=False)
    comment_on(reviewer, draft, "@dana")
    assert mailoutbox == [] and kinds(designer) == ["mention"]


def test_an_email_is_sent_once(api, comment_on, designer, reviewer, draft, mailoutbox):
    from comments import emails

    designer.email = "dana@example.org"
    designer.save()
    comment_on(reviewer, draft, "@dana")
    assert emails.send(Notification.objects.get().pk) is False  # the task ran already
    assert len(mailoutbox) == 1


def test_the_inbox_page_lists_marks_read_and_keeps_email_choices(client_as, designer, reviewer, draft, api):
    api(reviewer).post(f"/api/cards/{draft.stable_id}/comments/", {"body": "@dana"}, format="json")
    client = client_as(designer)
    page = client.get("/notifications/").content.decode()
    assert "remi mentioned you on Secret Draft Name" in page
    assert 'data-count="1"' in client.get("/notifications/count/").content.decode()
    client.post("/notifications/", {"all": "1"})
    assert 'class="count"' not in client.get("/notifications/count/").content.decode()
    client.post("/notifications/", {"emails": "1", "reply": "on"})
    choice = EmailChoice.objects.get(user=designer)
    assert (choice.mention, choice.reply, choice.status) == (False, True, False)


def test_the_inbox_count_is_one_query(client_as, designer, reviewer, draft, api, django_assert_num_queries):
    for n in range(3):
        api(reviewer).post(f"/api/cards/{draft.stable_id}/comments/", {"body": f"@dana {n}"}, format="json")
    client = client_as(designer)
    client.get("/notifications/count/")
    from comments.selectors import unread_count

    designer = type(designer).objects.get(pk=designer.pk)
    designer.has_perm("cards.view_card")  # the permissions, read once per request by Django
    with django_assert_num_queries(1):
        assert unread_count(user=designer) == 3


def test_a_page_draws_the_inbox_count_in_its_header_and_only_polls_it(
    client_as, designer, reviewer, draft, api
):
    """The header's count comes with the page (no second request after it), then every
    INBOX_POLL_SECONDS; a part htmx swaps in has no header, and reads no count."""
    api(reviewer).post(f"/api/cards/{draft.stable_id}/comments/", {"body": "@dana"}, format="json")
    client = client_as(designer)
    page = client.get("/cards/help/").content.decode()
    link = page[page.index('id="inbox-link"') :].split(">", 1)[0]
    assert 'hx-trigger="every 15s"' in link and "load" not in link
    assert '<span class="count" data-count="1">1</span>' in page
    client.post("/notifications/", {"all": "1"})
    assert 'class="count"' not in client.get("/cards/help/").content.decode()


def test_an_edit_tells_only_who_it_newly_mentions(
    api, comment_on, designer, reviewer, make_user, draft, mailoutbox
):
    other = make_user("designer", username="otto", email="otto@example.org")
    reviewer.email = "remi@example.org"
    reviewer.save()
    thread = comment_on(designer, draft, "@remi look")

    def edit(body):
        answer = api(designer).patch(f"/api/comments/{thread['id']}/", {"body": body}, format="json")
        assert answer.status_code == 200, answer.content

    edit("@remi look, and @otto too")
    assert kinds(reviewer) == ["mention"] and kinds(other) == ["mention"]
    edit("@otto only")  # nobody new
    edit("@remi @otto again")  # both were told of this comment already
    assert kinds(reviewer) == ["mention"] and kinds(other) == ["mention"]
    assert Notification.objects.get(recipient=other).comment_id == thread["id"]


def test_an_edit_mentioning_a_playtester_on_a_draft_tells_nobody(api, designer, playtester, draft):
    thread = (
        api(designer).post(f"/api/cards/{draft.stable_id}/comments/", {"body": "hm"}, format="json").json()
    )
    api(designer).patch(f"/api/comments/{thread['id']}/", {"body": "hm @paula"}, format="json")
    assert kinds(playtester) == []


def test_an_edit_on_the_page_tells_the_newly_mentioned(client_as, designer, reviewer, draft):
    from comments.models import Comment

    comment = Comment.objects.create(card=draft, author=designer, body="plain", card_version=1)
    client_as(designer).post(f"/comments/{comment.pk}/edit/", {"body": "now @remi"})
    assert kinds(reviewer) == ["mention"]


def test_the_inbox_poll_reads_the_count_and_not_the_headers_roles(
    client_as, designer, reviewer, draft, api, django_assert_num_queries
):
    """The poll's answer is the inbox link alone: the header's roles (the user's groups) and its
    links are read only by a page that draws the header (studio.context)."""
    api(reviewer).post(f"/api/cards/{draft.stable_id}/comments/", {"body": "@dana"}, format="json")
    client = client_as(designer)
    client.get("/notifications/count/")  # the designer's permissions kept by the process
    with django_assert_num_queries(3) as captured:  # the session (with the stamp), the user, the count
        answer = client.get("/notifications/count/").content.decode()
    assert 'data-count="1"' in answer
    assert not any("auth_group" in query["sql"] for query in captured.captured_queries)
    page = client.get("/cards/help/").content.decode()
    assert '<span class="roles">(designer)</span>' in page and 'data-count="1"' in page
