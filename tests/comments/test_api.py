"""The comment and notification routes (FORMATS.md v1.3): shapes, codes, threads across an edit."""

from __future__ import annotations

import pytest

from cards import services as card_services
from comments.models import Comment, Notification

pytestmark = pytest.mark.django_db


def test_a_comment_has_the_contracts_shape(api, designer, draft):
    answer = api(designer).post(
        f"/api/cards/{draft.stable_id}/comments/",
        {"body": "Is 3 the right cost?", "field": "cost"},
        format="json",
    )
    assert answer.status_code == 201
    body = answer.json()
    assert {"id", "author", "body", "field", "cardVersion", "resolved", "createdAt"} <= set(body)
    assert body["author"] == "dana" and body["field"] == "cost" and body["cardVersion"] == draft.version
    assert body["resolved"] is False and body["parent"] is None
    listed = api(designer).get(f"/api/cards/{draft.stable_id}/comments/").json()
    assert [c["id"] for c in listed] == [body["id"]]


def test_replies_follow_their_thread_and_take_its_field(api, designer, reviewer, draft):
    thread = (
        api(reviewer)
        .post(
            f"/api/cards/{draft.stable_id}/comments/",
            {"body": "Typo?", "field": "text", "language": "ru"},
            format="json",
        )
        .json()
    )
    reply = (
        api(designer)
        .post(
            f"/api/cards/{draft.stable_id}/comments/",
            {"body": "Fixed.", "parent": thread["id"]},
            format="json",
        )
        .json()
    )
    assert reply["parent"] == thread["id"] and reply["field"] == "text" and reply["language"] == "ru"
    listed = api(designer).get(f"/api/cards/{draft.stable_id}/comments/").json()
    assert [c["id"] for c in listed] == [thread["id"], reply["id"]]


@pytest.mark.parametrize(
    ("payload", "key"),
    [
        ({"body": ""}, "body"),
        ({"body": "   "}, "body"),
        ({"body": 12}, "body"),
        ({}, "body"),
        ({"body": "x" * 5001}, "body"),
        ({"body": "bell \x07"}, "body"),
        ({"body": "ok", "field": "nope"}, "field"),
        ({"body": "ok", "language": "xx"}, "language"),
        ({"body": "ok", "parent": 999999}, "parent"),
        ({"body": "ok", "parent": "1"}, "parent"),
        ({"body": "ok", "colour": "red"}, "colour"),
    ],
)
def test_bad_input_is_a_clear_400_naming_its_key(api, designer, draft, payload, key):
    answer = api(designer).post(f"/api/cards/{draft.stable_id}/comments/", payload, format="json")
    assert answer.status_code == 400, answer.content
    assert key in answer.json()
    assert not Comment.objects.exists()


def test_a_body_that_is_not_an_object_is_a_400(api, designer, draft):
    answer = api(designer).post(f"/api/cards/{draft.stable_id}/comments/", [1, 2], format="json")
    assert answer.status_code == 400


def test_the_thread_stays_across_an_edit_marked_on_an_earlier_version(api, designer, draft):
    thread = (
        api(designer)
        .post(f"/api/cards/{draft.stable_id}/comments/", {"body": "v1 note"}, format="json")
        .json()
    )
    assert thread["onEarlierVersion"] is False
    card_services.card_update(stable_id=draft.stable_id, data={"text": "New text."}, user=designer)
    listed = api(designer).get(f"/api/cards/{draft.stable_id}/comments/").json()
    assert listed[0]["id"] == thread["id"]
    assert listed[0]["cardVersion"] == draft.version and listed[0]["onEarlierVersion"] is True


def test_resolve_and_reopen(api, designer, reviewer, draft):
    thread = (
        api(reviewer).post(f"/api/cards/{draft.stable_id}/comments/", {"body": "Check"}, format="json").json()
    )
    answer = api(designer).post(f"/api/comments/{thread['id']}/resolve/")
    assert answer.status_code == 200 and answer.json()["resolved"] is True
    answer = api(reviewer).post(f"/api/comments/{thread['id']}/reopen/")
    assert answer.status_code == 200 and answer.json()["resolved"] is False


def test_a_playtester_may_not_resolve_anothers_thread(api, designer, playtester, shown):
    thread = (
        api(designer).post(f"/api/cards/{shown.stable_id}/comments/", {"body": "Hm"}, format="json").json()
    )
    assert api(playtester).post(f"/api/comments/{thread['id']}/resolve/").status_code == 403


def test_only_the_author_edits_or_deletes(api, designer, reviewer, draft):
    thread = (
        api(designer).post(f"/api/cards/{draft.stable_id}/comments/", {"body": "Mine"}, format="json").json()
    )
    url = f"/api/comments/{thread['id']}/"
    assert api(reviewer).patch(url, {"body": "theirs"}, format="json").status_code == 403
    assert api(reviewer).delete(url).status_code == 403
    edited = api(designer).patch(url, {"body": "Mine, edited"}, format="json")
    assert edited.status_code == 200 and edited.json()["body"] == "Mine, edited" and edited.json()["editedAt"]
    assert api(designer).delete(url).status_code == 204
    assert not Comment.objects.exists()


def test_a_deleted_thread_with_replies_keeps_its_place_without_its_words(api, designer, reviewer, draft):
    thread = (
        api(designer).post(f"/api/cards/{draft.stable_id}/comments/", {"body": "Words"}, format="json").json()
    )
    api(reviewer).post(
        f"/api/cards/{draft.stable_id}/comments/", {"body": "Re", "parent": thread["id"]}, format="json"
    )
    assert api(designer).delete(f"/api/comments/{thread['id']}/").status_code == 204
    listed = api(reviewer).get(f"/api/cards/{draft.stable_id}/comments/").json()
    assert listed[0]["deleted"] is True and listed[0]["body"] == ""
    assert len(listed) == 2


def test_html_is_kept_as_text_and_links_become_links(client_as, designer, draft, api):
    api(designer).post(
        f"/api/cards/{draft.stable_id}/comments/",
        {"body": "<script>alert(1)</script> see https://example.org/rule?a=1&b=2."},
        format="json",
    )
    page = client_as(designer).get(f"/cards/{draft.stable_id}/").content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert '<a href="https://example.org/rule?a=1&amp;b=2" rel="nofollow noopener"' in page


def test_deck_comments(api, playtester, shown):
    from decks import services as deck_services

    deck = deck_services.deck_create(
        data={
            "game": "vanguard",
            "name": "Mine",
            "sections": {"main": [{"card": shown.stable_id, "count": 4}]},
        },
        user=playtester,
    )
    answer = api(playtester).post(f"/api/decks/{deck.pk}/comments/", {"body": "Too slow"}, format="json")
    assert answer.status_code == 201 and answer.json()["cardVersion"] is None
    assert len(api(playtester).get(f"/api/decks/{deck.pk}/comments/").json()) == 1


def test_notifications_list_and_read(api, designer, reviewer, draft):
    api(reviewer).post(f"/api/cards/{draft.stable_id}/comments/", {"body": "@dana look"}, format="json")
    listed = api(designer).get("/api/notifications/?unread=1").json()
    assert [n["kind"] for n in listed] == ["mention"]
    note = listed[0]
    assert {"id", "kind", "read", "url", "createdAt"} <= set(note)
    assert note["url"].startswith(f"/cards/{draft.stable_id}/?comment=") and "#comment-" in note["url"]
    answer = api(designer).post("/api/notifications/read/", {"ids": [note["id"]]}, format="json")
    assert answer.json() == {"marked": 1, "unread": 0}
    assert api(designer).get("/api/notifications/?unread=1").json() == []
    assert api(designer).post("/api/notifications/read/", {"ids": "x"}, format="json").status_code == 400
    assert api(designer).post("/api/notifications/read/", {"all": True}, format="json").status_code == 200


def test_anonymous_gets_nothing(api, draft):
    assert api().get(f"/api/cards/{draft.stable_id}/comments/").status_code in (401, 403)
    assert api().get("/api/notifications/").status_code in (401, 403)


def test_notification_read_only_marks_ones_own(api, designer, reviewer, draft):
    api(reviewer).post(f"/api/cards/{draft.stable_id}/comments/", {"body": "@dana"}, format="json")
    note = Notification.objects.get()
    assert (
        api(reviewer).post("/api/notifications/read/", {"ids": [note.pk]}, format="json").json()["marked"]
        == 0
    )
    note.refresh_from_db()
    assert note.read is False


def test_an_empty_key_is_named_too(api, designer, draft):
    answer = api(designer).post(
        f"/api/cards/{draft.stable_id}/comments/", {"body": "x", "": 1}, format="json"
    )
    assert answer.status_code == 400 and "unknown key ''" in answer.json()["detail"]
