"""A deck's threads on its page (issue 41, item 1: comments on decks)."""

from __future__ import annotations

import pytest

from comments.models import Comment
from comments.slots import REPLIES_SHOWN, THREADS_SHOWN

pytestmark = pytest.mark.django_db


def test_the_owner_comments_on_the_deck_page_and_a_reviewer_replies(client_as, playtester, reviewer, deck):
    answer = client_as(playtester).post(f"/decks/{deck.pk}/comments/", {"body": "Too slow? @remi"})
    thread = Comment.objects.get()
    # Back to the page, its thread unfolded (comments.slots folds a long discussion).
    assert answer.status_code == 302 and answer["Location"].endswith(
        f"/decks/{deck.pk}/?comment={thread.pk}#comments"
    )
    assert thread.deck == deck and thread.card is None
    answer = client_as(reviewer).post(
        f"/decks/{deck.pk}/comments/",
        {"body": "Cut a 3.", "parent": thread.pk},
        headers={"HX-Request": "true"},
    )
    assert answer.status_code == 200 and "Cut a 3." in answer.content.decode()
    page = client_as(playtester).get(f"/decks/{deck.pk}/").content.decode()
    assert 'id="comments"' in page and "Too slow?" in page and "Cut a 3." in page
    client_as(playtester).post(f"/comments/{thread.pk}/resolve/")
    thread.refresh_from_db()
    assert thread.resolved


def test_another_playtester_sees_and_writes_nothing(client_as, make_user, deck):
    other = make_user("playtester", username="otto")
    Comment.objects.create(deck=deck, author=deck.owner, body="ours")
    client = client_as(other)
    assert client.get(f"/decks/{deck.pk}/").status_code == 404
    assert client.post(f"/decks/{deck.pk}/comments/", {"body": "x"}).status_code == 404
    assert client.get(f"/decks/{deck.pk}/comments/mentions/?q=").status_code == 404
    assert client.post(f"/comments/{Comment.objects.get().pk}/resolve/").status_code == 404


def test_deck_mention_completion_names_the_owner_and_reviewers_only(
    client_as, playtester, reviewer, make_user, deck
):
    make_user("playtester", username="otto")
    html = client_as(playtester).get(f"/decks/{deck.pk}/comments/mentions/?q=").content.decode()
    assert 'data-name="paula"' in html and 'data-name="remi"' in html and "otto" not in html


def test_the_deck_page_queries_do_not_grow_with_threads(
    client_as, playtester, reviewer, deck, django_assert_num_queries
):
    client = client_as(playtester)
    first = Comment.objects.create(deck=deck, author=playtester, body="one @remi")
    Comment.objects.create(deck=deck, parent=first, author=reviewer, body="r")
    client.get(f"/decks/{deck.pk}/")
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as few:
        client.get(f"/decks/{deck.pk}/")
    for n in range(20):
        root = Comment.objects.create(deck=deck, author=reviewer, body=f"@paula {n}")
        Comment.objects.bulk_create(
            [Comment(deck=deck, parent=root, author=playtester, body="r") for _ in range(5)]
        )
    with django_assert_num_queries(len(few.captured_queries)):
        page = client.get(f"/decks/{deck.pk}/").content.decode()
    # The first threads, each as its first comment and its last replies (comments.slots folds them).
    assert page.count('class="comment"') == 2 + (THREADS_SHOWN - 1) * (1 + REPLIES_SHOWN)
