"""Nobody learns of a card, a deck or a user they may not see: one test per way a name could leak."""

from __future__ import annotations

import pytest

from cards import services as card_services
from comments.models import Notification

pytestmark = pytest.mark.django_db


def test_a_playtester_cannot_read_nor_write_comments_on_a_draft(api, designer, playtester, draft):
    api(designer).post(f"/api/cards/{draft.stable_id}/comments/", {"body": "secret"}, format="json")
    assert api(playtester).get(f"/api/cards/{draft.stable_id}/comments/").status_code == 404
    assert (
        api(playtester)
        .post(f"/api/cards/{draft.stable_id}/comments/", {"body": "x"}, format="json")
        .status_code
        == 404
    )


def test_a_comment_by_id_on_a_draft_is_a_404_for_a_playtester(api, designer, playtester, draft):
    thread = (
        api(designer)
        .post(f"/api/cards/{draft.stable_id}/comments/", {"body": "secret"}, format="json")
        .json()
    )
    for answer in (
        api(playtester).post(f"/api/comments/{thread['id']}/resolve/"),
        api(playtester).patch(f"/api/comments/{thread['id']}/", {"body": "x"}, format="json"),
        api(playtester).delete(f"/api/comments/{thread['id']}/"),
    ):
        assert answer.status_code == 404
        assert "Secret Draft Name" not in answer.content.decode()


def test_a_playtester_mentioned_on_a_draft_gets_nothing(
    api, comment_on, designer, playtester, draft, mailoutbox
):
    playtester.email = "paula@example.org"
    playtester.save()
    comment_on(designer, draft, "@paula what do you think?")
    assert not Notification.objects.filter(recipient=playtester).exists()
    assert api(playtester).get("/api/notifications/").json() == []
    assert mailoutbox == []


def test_mention_completion_never_names_who_cannot_read_the_card(
    api, designer, reviewer, playtester, draft, shown
):
    on_draft = api(designer).get(f"/api/cards/{draft.stable_id}/mentions/?q=").json()["usernames"]
    assert "dana" in on_draft and "remi" in on_draft and "paula" not in on_draft
    on_shown = api(designer).get(f"/api/cards/{shown.stable_id}/mentions/?q=pa").json()["usernames"]
    assert on_shown == ["paula"]


def test_mention_completion_on_a_card_one_may_not_see_is_a_404(api, playtester, draft):
    answer = api(playtester).get(f"/api/cards/{draft.stable_id}/mentions/?q=")
    assert answer.status_code == 404 and "dana" not in answer.content.decode()


def test_mention_completion_page_fragment_follows_the_same_rule(client_as, designer, playtester, draft):
    page = client_as(designer).get(f"/cards/{draft.stable_id}/comments/mentions/?q=").content.decode()
    assert 'data-name="dana"' in page and "paula" not in page
    assert client_as(playtester).get(f"/cards/{draft.stable_id}/comments/mentions/?q=").status_code == 404


def test_a_notification_of_a_card_sent_back_to_draft_disappears_for_a_playtester(
    api, designer, reviewer, playtester, shown
):
    api(designer).post(f"/api/cards/{shown.stable_id}/comments/", {"body": "@paula try it"}, format="json")
    assert len(api(playtester).get("/api/notifications/").json()) == 1
    card_services.card_set_status(stable_id=shown.stable_id, status="NEEDS_REVIEW", user=reviewer)
    assert api(playtester).get("/api/notifications/").json() == []
    assert (
        api(playtester).post("/api/notifications/read/", {"all": True}, format="json").json()["unread"] == 0
    )


def test_the_inbox_page_and_count_hide_it_too(client_as, designer, reviewer, playtester, shown, api):
    api(designer).post(f"/api/cards/{shown.stable_id}/comments/", {"body": "@paula try it"}, format="json")
    card_services.card_set_status(stable_id=shown.stable_id, status="NEEDS_REVIEW", user=reviewer)
    client = client_as(playtester)
    assert shown.name not in client.get("/notifications/").content.decode()
    assert 'class="count"' not in client.get("/notifications/count/").content.decode()


def test_an_email_is_not_sent_once_the_card_is_hidden(api, designer, reviewer, playtester, shown, settings):
    from comments import emails

    playtester.email = "paula@example.org"
    playtester.save()
    settings.CELERY_TASK_ALWAYS_EAGER = False
    api(designer).post(f"/api/cards/{shown.stable_id}/comments/", {"body": "@paula"}, format="json")
    note = Notification.objects.get(recipient=playtester)
    card_services.card_set_status(stable_id=shown.stable_id, status="NEEDS_REVIEW", user=reviewer)
    assert emails.send(note.pk) is False


def test_an_email_names_no_card_and_no_comment(api, comment_on, designer, reviewer, draft, mailoutbox):
    designer.email = "dana@example.org"
    designer.save()
    comment_on(reviewer, draft, "@dana the cost is wrong")
    assert len(mailoutbox) == 1
    message = mailoutbox[0]
    assert "Secret Draft Name" not in message.subject + message.body
    assert "the cost is wrong" not in message.body
    assert f"/cards/{draft.stable_id}/?comment=" in message.body and "#comment-" in message.body


def test_deck_comments_are_the_owners_and_reviewers(api, playtester, make_user, reviewer, shown):
    from decks import services as deck_services

    other = make_user("playtester", username="otto")
    deck = deck_services.deck_create(
        data={
            "game": "vanguard",
            "name": "Paula's",
            "sections": {"main": [{"card": shown.stable_id, "count": 4}]},
        },
        user=playtester,
    )
    assert api(other).get(f"/api/decks/{deck.pk}/comments/").status_code == 404
    api(playtester).post(f"/api/decks/{deck.pk}/comments/", {"body": "@otto @remi look"}, format="json")
    assert not Notification.objects.filter(recipient=other).exists()
    assert Notification.objects.filter(recipient=reviewer, kind="mention").exists()


def test_a_mention_of_an_unknown_name_is_plain_text(client_as, designer, draft, api):
    api(designer).post(f"/api/cards/{draft.stable_id}/comments/", {"body": "@nobody-here hi"}, format="json")
    page = client_as(designer).get(f"/cards/{draft.stable_id}/").content.decode()
    assert '<span class="mention">@nobody-here' not in page and "@nobody-here hi" in page
