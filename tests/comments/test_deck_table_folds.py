"""The deck page and a finished table's page fold a long discussion as the card page does
(test_folds): the first threads, each open one as its first comment and its last replies, "Show N
more replies" and "Show N more threads" from their endpoints, a link to a folded comment opening its
thread; the page's queries do not grow with the threads."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from comments.models import Comment, Notification
from comments.selectors import notification_url
from comments.slots import REPLIES_SHOWN, THREADS_MORE, THREADS_SHOWN

# The table comments' module table, and its playtester (paula, at seat 1) for the deck's tests too.
from .test_table_comments import built, finished, olga, playtester, table  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
THREADS, REPLIES = 20, 9


def comment_ids(html: str) -> set[int]:
    return {int(pk) for pk in re.findall(r'<article class="comment[^"]*" id="comment-(\d+)"', html)}


def talk(authors, threads: int, replies: int, **on) -> list[tuple[Comment, list[Comment]]]:
    """``threads`` threads of ``replies`` replies each on a deck or a table (``on``), oldest first."""
    heads = Comment.objects.bulk_create(
        [
            Comment(author=authors[i % 2], body=f"@{authors[1].username} thread {i}", **on)
            for i in range(threads)
        ]
    )
    every = Comment.objects.bulk_create(
        [
            Comment(parent=head, author=authors[j % 2], body=f"reply {j} of {i}", **on)
            for i, head in enumerate(heads)
            for j in range(replies)
        ]
    )
    return [(head, every[i * replies : (i + 1) * replies]) for i, head in enumerate(heads)]


@pytest.fixture
def deck_talk(deck, playtester, reviewer):  # noqa: F811
    return talk([playtester, reviewer], THREADS, REPLIES, deck=deck)


@pytest.fixture
def table_talk(finished, playtester, olga):  # noqa: F811
    """Threads on the note, a public event: both players and the spectators read them."""
    return talk(
        [playtester, olga], THREADS, REPLIES, table_id=finished["id"], event_seq=finished["note"], seats="1"
    )


@pytest.fixture(params=["deck", "table"])
def place(request, client_as, playtester):  # noqa: F811
    """The page of the deck or of the finished table, its comments' address, its threads."""
    if request.param == "deck":
        deck, threads = request.getfixturevalue("deck"), request.getfixturevalue("deck_talk")
        page, comments = f"/decks/{deck.pk}/", f"/decks/{deck.pk}/comments/"
    else:
        table_id, threads = request.getfixturevalue("finished")["id"], request.getfixturevalue("table_talk")
        page, comments = f"/tables/{table_id}/", f"/tables/{table_id}/comments/"
    return {"page": page, "comments": comments, "threads": threads, "client": client_as(playtester)}


def test_the_page_shows_the_first_threads_each_with_its_last_replies(place):
    html = place["client"].get(place["page"]).content.decode()
    head, replies = place["threads"][0]
    shown = comment_ids(html)
    assert len(shown) == THREADS_SHOWN * (1 + REPLIES_SHOWN)
    assert head.pk in shown and {r.pk for r in replies[-REPLIES_SHOWN:]} <= shown
    assert not {r.pk for r in replies[:-REPLIES_SHOWN]} & shown
    assert f"Show {REPLIES - REPLIES_SHOWN} more replies</button>" in html
    assert f'hx-get="{place["comments"]}{head.pk}/?focus=replies"' in html
    assert f"Show {THREADS - THREADS_SHOWN} more threads</button>" in html
    assert f'hx-get="{place["comments"]}threads/?from=0"' in html
    assert f"({THREADS} open threads)" in html and "data-folds" in html


def test_the_folded_parts_come_from_their_endpoints(place):
    client, url = place["client"], place["comments"]
    head, replies = place["threads"][0]
    answer = client.get(f"{url}{head.pk}/", {"focus": "replies"}, headers=HTMX)
    assert answer.status_code == 200
    html = answer.content.decode()
    assert comment_ids(html) == {head.pk, *(r.pk for r in replies)}
    assert f'id="comment-{replies[0].pk}" tabindex="-1" autofocus>' in html and 'name="parent"' in html
    more = client.get(f"{url}threads/", {"from": 0}, headers=HTMX).content.decode()
    assert more.count('<li class="thread"') == THREADS_MORE
    first, _ = place["threads"][THREADS_SHOWN]
    assert f'id="comment-{first.pk}" tabindex="-1" autofocus>' in more
    assert f"Show {THREADS - THREADS_SHOWN - THREADS_MORE} more threads</button>" in more
    # Without script: the page with the thread open, the page with every thread.
    assert (
        client.get(f"{url}{head.pk}/")["Location"] == f"{place['page']}?comment={head.pk}#comment-{head.pk}"
    )
    assert client.get(f"{url}threads/", {"from": 0})["Location"] == f"{place['page']}?threads=all#comments"
    every = client.get(place["page"], {"threads": "all"}).content.decode()
    assert every.count('<li class="thread"') == THREADS
    # A reply's id, another place's thread, an id of nothing: no thread here.
    assert client.get(f"{url}{replies[0].pk}/", headers=HTMX).status_code == 404
    assert client.get(f"{url}99999999/", headers=HTMX).status_code == 404


def test_a_link_to_a_folded_comment_opens_its_thread(place):
    head, replies = place["threads"][THREADS - 2]
    client = place["client"]
    assert f'id="comment-{replies[1].pk}"' not in client.get(place["page"]).content.decode()
    html = client.get(place["page"], {"comment": replies[1].pk}).content.decode()
    assert f'<article class="comment target" id="comment-{replies[1].pk}">' in html
    assert {head.pk, *(r.pk for r in replies)} <= comment_ids(html)
    # A reply keeps its thread open: the page again at it.
    answer = client.post(place["comments"], {"body": "Late word", "parent": head.pk}, headers=HTMX)
    assert answer.status_code == 200 and {head.pk, *(r.pk for r in replies)} <= comment_ids(
        answer.content.decode()
    )


def test_the_page_queries_do_not_grow_with_the_threads(place, django_assert_num_queries):
    client, page = place["client"], place["page"]
    client.get(page)
    with CaptureQueriesContext(connection) as counted:
        client.get(page)
    head, _ = place["threads"][0]
    on = {
        "deck_id": head.deck_id,
        "table_id": head.table_id,
        "event_seq": head.event_seq,
        "seats": head.seats,
    }
    talk([head.author, head.author], 30, 12, **on)
    with django_assert_num_queries(len(counted.captured_queries)):
        html = client.get(page).content.decode()
    assert len(comment_ids(html)) == THREADS_SHOWN * (1 + REPLIES_SHOWN)


def test_who_may_not_see_the_place_gets_404_from_the_endpoints(place, client_as, make_user):
    # A playtester reads their own decks only; the table is public, but sam may watch no table.
    stranger = client_as(make_user(*(["playtester"] if "/decks/" in place["page"] else []), username="sam"))
    head, _ = place["threads"][0]
    assert stranger.get(f"{place['comments']}{head.pk}/", headers=HTMX).status_code == 404
    assert stranger.get(f"{place['comments']}threads/", {"from": 0}, headers=HTMX).status_code == 404


def test_a_notification_links_to_its_comment_with_its_thread_open(place, reviewer, playtester):  # noqa: F811
    _, replies = place["threads"][3]
    reply = replies[0]
    notification = Notification.objects.create(
        recipient=playtester, actor=reviewer, kind="reply", comment=reply, deck_id=reply.deck_id
    )
    assert notification_url(notification) == f"{place['page']}?comment={reply.pk}#comment-{reply.pk}"
