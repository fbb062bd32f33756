"""The card page's threads (forms, htmx) and the pinned queries with many threads."""

from __future__ import annotations

import pytest

from comments.models import Comment
from comments.slots import REPLIES_SHOWN, THREADS_SHOWN

pytestmark = pytest.mark.django_db


def test_the_card_page_posts_a_thread_and_a_reply(client_as, designer, draft):
    client = client_as(designer)
    answer = client.post(f"/cards/{draft.stable_id}/comments/", {"body": "First @dana", "field": "cost"})
    assert answer.status_code == 302 and answer["Location"].endswith("#comments")
    thread = Comment.objects.get()
    answer = client.post(
        f"/cards/{draft.stable_id}/comments/",
        {"body": "Reply", "parent": thread.pk},
        headers={"HX-Request": "true"},
    )
    assert answer.status_code == 200
    html = answer.content.decode()
    assert (
        f'id="comment-{thread.pk}"' in html
        and "Reply" in html
        and '<span class="mention">@dana</span>' in html
    )


def test_a_bad_comment_keeps_the_text_and_says_why(client_as, designer, draft):
    answer = client_as(designer).post(
        f"/cards/{draft.stable_id}/comments/",
        {"body": "text", "field": "nope"},
        headers={"HX-Request": "true"},
    )
    assert answer.status_code == 400
    html = answer.content.decode()
    assert "Not saved:" in html and ">text</textarea>" in html
    assert not Comment.objects.exists()


def test_resolve_edit_delete_from_the_page(client_as, designer, reviewer, draft):
    thread = Comment.objects.create(card=draft, author=designer, body="Mine", card_version=1)
    client = client_as(designer)
    client.post(f"/comments/{thread.pk}/edit/", {"body": "Mine, better"})
    client.post(f"/comments/{thread.pk}/resolve/")
    thread.refresh_from_db()
    assert thread.body == "Mine, better" and thread.resolved and thread.resolved_by == designer
    assert client_as(reviewer).post(f"/comments/{thread.pk}/delete/").status_code == 403
    client_as(designer).post(f"/comments/{thread.pk}/delete/")
    assert not Comment.objects.exists()


def test_a_playtester_sees_no_threads_of_a_draft(client_as, playtester, designer, draft):
    Comment.objects.create(card=draft, author=designer, body="Mine", card_version=1)
    assert client_as(playtester).get(f"/cards/{draft.stable_id}/").status_code == 404
    thread = Comment.objects.get()
    assert client_as(playtester).post(f"/comments/{thread.pk}/resolve/").status_code == 404


@pytest.mark.parametrize("language", ["fr", "ru"])
def test_the_threads_are_translated(client_as, designer, draft, language):
    from studio.models import Preference

    Preference.objects.create(user=designer, language=language)
    Comment.objects.create(card=draft, author=designer, body="x", card_version=1)
    page = client_as(designer).get(f"/cards/{draft.stable_id}/").content.decode()
    words = {
        "fr": ["Commentaires", "Répondre", "Nouveau fil"],
        "ru": ["Комментарии", "Ответить", "Новая ветка"],
    }
    for word in words[language]:
        assert word in page


def many_threads(card, users, threads: int, replies: int) -> None:
    roots = Comment.objects.bulk_create(
        [
            Comment(card=card, author=users[i % 2], body=f"@{users[1].username} thread {i}", card_version=1)
            for i in range(threads)
        ]
    )
    Comment.objects.bulk_create(
        [
            Comment(
                card=card,
                parent=root,
                author=users[j % 2],
                body=f"reply {j} https://example.org",
                card_version=1,
            )
            for root in roots
            for j in range(replies)
        ]
    )


def test_the_card_page_queries_do_not_grow_with_threads(
    client_as, designer, reviewer, draft, make_card, django_assert_num_queries
):
    other = make_card(user=designer, stableCardId="DR-C02", name="Other")
    many_threads(draft, [designer, reviewer], 1, 1)
    many_threads(other, [designer, reviewer], 50, 19)
    client = client_as(designer)
    client.get(f"/cards/{draft.stable_id}/")
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as few:
        client.get(f"/cards/{draft.stable_id}/")
    with django_assert_num_queries(len(few.captured_queries)):
        page = client.get(f"/cards/{other.stable_id}/").content.decode()
    # Folded (comments.slots): the first threads' first comments and last replies.
    assert page.count('class="comment"') == THREADS_SHOWN * (1 + REPLIES_SHOWN)
    # A link to a comment asks one query more: which thread it is in, shown whole.
    hidden = Comment.objects.filter(card=other, parent__isnull=False).order_by("-pk")[5]
    with django_assert_num_queries(len(few.captured_queries) + 1):
        page = client.get(f"/cards/{other.stable_id}/", {"comment": hidden.pk}).content.decode()
    assert f'id="comment-{hidden.pk}"' in page


def test_the_review_queue_queries_do_not_grow_with_threads(
    client_as, designer, reviewer, make_card, django_assert_num_queries
):
    from cards import services

    cards = [make_card(user=designer, stableCardId=f"DR-Q{i:02d}", name=f"Q {i}") for i in range(3)]
    for card in cards:
        services.card_set_status(stable_id=card.stable_id, status="NEEDS_REVIEW", user=designer)
    many_threads(cards[0], [designer, reviewer], 1, 0)
    client = client_as(reviewer)
    client.get("/review/", {"game": "darkrow"})
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as few:
        client.get("/review/", {"game": "darkrow"})
    with CaptureQueriesContext(connection) as few_full:
        client.get("/review/", {"game": "darkrow", "view": "full"})
    many_threads(cards[1], [designer, reviewer], 50, 19)
    many_threads(cards[2], [designer, reviewer], 50, 19)
    with django_assert_num_queries(len(few.captured_queries)):
        compact = client.get("/review/", {"game": "darkrow"}).content.decode()
    # The compact queue's column of open threads, one line a card.
    threads = '<td class="threads"><span class="shown" aria-hidden="true">50</span>'
    assert threads + '<span class="said">50 open threads</span></td>' in compact
    with django_assert_num_queries(len(few_full.captured_queries)):
        page = client.get("/review/", {"game": "darkrow", "view": "full"}).content.decode()
    assert "50 open comment threads" in page


def test_a_thread_on_a_field_names_the_field_in_the_readers_words(client_as, designer, draft):
    from django.utils import translation

    from common.i18n import field_label

    client = client_as(designer)
    client.post(f"/cards/{draft.stable_id}/comments/", {"body": "Too cheap?", "field": "cost"})
    client.cookies["django_language"] = "fr"
    html = client.get(f"/cards/{draft.stable_id}/", headers={"Accept-Language": "fr"}).content.decode()
    with translation.override("fr"):
        label = field_label(draft.ruleset, "cost")
    assert label != "cost"
    assert f'<span class="badge" data-field="cost">sur {label}</span>' in html
