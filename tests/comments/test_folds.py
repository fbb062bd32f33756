"""A card's long discussion folded as GitHub folds one (issue 41): the first threads, an open one as
its first comment and its last replies with "Show N more replies", a resolved one as one line; "Show
N more threads" for the others; what is folded from comments:thread and comments:threads on demand;
a link to a folded comment opening its thread."""

from __future__ import annotations

import re

import pytest

from comments.models import Comment
from comments.slots import REPLIES_SHOWN, THREADS_MORE, THREADS_SHOWN
from tests import module_data

from .test_views import many_threads

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def comment_ids(html: str) -> set[int]:
    return {int(pk) for pk in re.findall(r'<article class="comment[^"]*" id="comment-(\d+)"', html)}


def thread_of(card, index: int) -> tuple[Comment, list[Comment]]:
    """The ``index``-th thread of ``card`` (oldest first) and its replies, oldest first."""
    head = Comment.objects.filter(card=card, parent__isnull=True).order_by("created_at", "pk")[index]
    return head, list(head.replies.order_by("created_at", "pk"))


def test_a_short_thread_is_never_folded(client_as, designer, reviewer, draft):
    many_threads(draft, [designer, reviewer], 1, REPLIES_SHOWN + 1)
    html = client_as(designer).get(f"/cards/{draft.stable_id}/").content.decode()
    assert len(comment_ids(html)) == REPLIES_SHOWN + 2 and "more repl" not in html


def test_resolved_threads_are_one_line_and_a_reviewers_unanswered_one_always_shows(
    client_as, designer, reviewer, draft
):
    many_threads(draft, [designer, reviewer], THREADS_SHOWN + 1, 4)
    Comment.objects.filter(parent__isnull=True).update(by_reviewer=False)
    resolved, _ = thread_of(draft, 0)
    Comment.objects.filter(pk=resolved.pk).update(resolved=True)
    held = Comment.objects.create(card=draft, author=reviewer, body="Why?", card_version=1, by_reviewer=True)
    client = client_as(designer)
    html = client.get(f"/cards/{draft.stable_id}/").content.decode()
    # Beyond the first threads, but it holds the card's validation: shown.
    assert f'<li class="thread held" id="thread-{held.pk}">' in html
    assert f'id="comment-{held.pk}"' in html and "holds validation" in html
    assert "Show 1 more thread</button>" in html and f'id="thread-{resolved.pk}"' not in html
    # Resolved: after the open ones, one line: its first comment's words, plain; the thread on demand.
    html = client.get(f"/cards/{draft.stable_id}/", {"threads": "all"}).content.decode()
    line = f'<p id="thread-{resolved.pk}-line"><strong>dana</strong> @remi thread 0</p>'
    assert f'<li class="thread resolved folded" id="thread-{resolved.pk}">' in html and line in html
    assert "Show the thread (4 replies)</button>" in html
    assert f'hx-get="/cards/{draft.stable_id}/comments/{resolved.pk}/"' in html


def test_own_comments_carry_one_form_with_their_edit_and_delete_addresses(
    client_as, designer, reviewer, draft
):
    mine = Comment.objects.create(card=draft, author=designer, body="Mine", card_version=1)
    Comment.objects.create(card=draft, author=reviewer, parent=mine, body="Theirs", card_version=1)
    html = client_as(designer).get(f"/cards/{draft.stable_id}/").content.decode()
    assert html.count('class="row commentmine small"') == 1
    assert f'action="/comments/{mine.pk}/edit/"' in html
    assert (
        f'formaction="/comments/{mine.pk}/delete/" formnovalidate hx-post="/comments/{mine.pk}/delete/"'
        in html
    )
    assert f'action="/comments/{mine.pk}/resolve/"' in html


def test_the_forms_addresses_do_what_they_say(client_as, designer, draft):
    mine = Comment.objects.create(card=draft, author=designer, body="Mine", card_version=1)
    client = client_as(designer)
    html = client.get(f"/cards/{draft.stable_id}/").content.decode()
    edit = re.search(
        r'action="([^"]+)" hx-post="[^"]+" hx-target="#comments" hx-swap="outerHTML" class="row commentmine',
        html,
    )
    assert client.post(edit.group(1), {"body": "Mine, again"}).status_code == 302
    mine.refresh_from_db()
    assert mine.body == "Mine, again"
    delete = re.search(r'formaction="([^"]+)"', html).group(1)
    assert client.post(delete).status_code == 302
    assert not Comment.objects.filter(pk=mine.pk).exists()


@pytest.mark.parametrize(("hidden", "words"), [(2, "Показать ещё 2 ответа"), (21, "Показать ещё 21 ответ")])
def test_russian_counts_the_hidden_replies_in_its_plural_forms(
    client_as, designer, reviewer, draft, hidden, words
):
    from studio.models import Preference

    Preference.objects.create(user=designer, language="ru")
    many_threads(draft, [designer, reviewer], 1, hidden + REPLIES_SHOWN)
    html = client_as(designer).get(f"/cards/{draft.stable_id}/").content.decode()
    assert f"{words}</button>" in html


class TestLongTalk:
    """50 open threads of 20 comments each on the designer's draft, built once for the class's tests
    (tests/module_data.py: each starts from it in a savepoint of its own; the module's other tests, on
    a short talk, never find it)."""

    @pytest.fixture(scope="class")
    @classmethod
    def built(cls, request, django_db_setup, django_db_blocker, tmp_path_factory):
        from tests.factories import new_card

        with module_data.built_once(request, django_db_blocker, tmp_path_factory):
            designer = module_data.make_user("designer", username="dana")
            reviewer = module_data.make_user("reviewer", username="remi")
            draft = new_card(user=designer, stableCardId="DR-C01", name="Secret Draft Name")
            many_threads(draft, [designer, reviewer], 50, 19)
            yield {"designer": designer, "reviewer": reviewer, "draft": draft}

    @pytest.fixture
    def designer(self, built, db):
        return module_data.fresh(built["designer"])

    @pytest.fixture
    def reviewer(self, built, db):
        return module_data.fresh(built["reviewer"])

    @pytest.fixture
    def long_talk(self, built, db):
        """The designer's draft (``built``), read again for the test."""
        return module_data.fresh(built["draft"])

    def test_a_long_thread_shows_its_first_comment_its_last_replies_and_how_many_are_hidden(
        self, client_as, designer, long_talk
    ):
        html = client_as(designer).get(f"/cards/{long_talk.stable_id}/").content.decode()
        head, replies = thread_of(long_talk, 0)
        shown = comment_ids(html)
        assert head.pk in shown
        assert {r.pk for r in replies[-REPLIES_SHOWN:]} <= shown
        assert not {r.pk for r in replies[:-REPLIES_SHOWN]} & shown
        hidden = len(replies) - REPLIES_SHOWN
        assert f"Show {hidden} more replies</button>" in html
        assert f'hx-get="/cards/{long_talk.stable_id}/comments/{head.pk}/?focus=replies"' in html

    def test_the_threads_after_the_first_ones_wait_behind_one_button(self, client_as, designer, long_talk):
        html = client_as(designer).get(f"/cards/{long_talk.stable_id}/").content.decode()
        assert len(comment_ids(html)) == THREADS_SHOWN * (1 + REPLIES_SHOWN)
        assert html.count('<li class="thread"') == THREADS_SHOWN
        assert f"Show {50 - THREADS_SHOWN} more threads</button>" in html
        assert f'hx-get="/cards/{long_talk.stable_id}/comments/threads/?from=0"' in html
        assert "(50 open threads)" in html

    def test_more_threads_come_a_batch_at_a_time_then_none(self, client_as, designer, long_talk):
        client = client_as(designer)
        url = f"/cards/{long_talk.stable_id}/comments/threads/"
        answer = client.get(url, {"from": 0}, headers=HTMX)
        assert answer.status_code == 200
        html = answer.content.decode()
        assert html.count('<li class="thread"') == THREADS_MORE
        first, _ = thread_of(long_talk, THREADS_SHOWN)
        assert f'<li class="thread" id="thread-{first.pk}">' in html
        # The first of them takes the focus; the next ones wait behind the next button.
        assert f'id="comment-{first.pk}" tabindex="-1" autofocus>' in html
        assert f"Show {50 - THREADS_SHOWN - THREADS_MORE} more threads</button>" in html
        assert f'hx-get="{url}?from={THREADS_MORE}"' in html
        last = client.get(url, {"from": 50 - THREADS_SHOWN - 1}, headers=HTMX).content.decode()
        head, _ = thread_of(long_talk, 49)
        assert last.count('<li class="thread"') == 1 and f'id="thread-{head.pk}"' in last
        assert "more threads" not in last
        assert client.get(url, {"from": 500}, headers=HTMX).content.decode().strip() == ""
        # Without script: the card page with every thread.
        answer = client.get(url, {"from": 0, "threads": "all"})
        assert answer["Location"] == f"/cards/{long_talk.stable_id}/?threads=all#comments"
        every = client.get(f"/cards/{long_talk.stable_id}/", {"threads": "all"}).content.decode()
        assert every.count('<li class="thread"') == 50 and "more threads" not in every

    def test_more_threads_refuse_who_may_not_see_the_card(self, client_as, playtester, long_talk):
        url = f"/cards/{long_talk.stable_id}/comments/threads/"
        assert client_as(playtester).get(url, {"from": 0}, headers=HTMX).status_code == 404

    def test_the_thread_endpoint_answers_the_whole_thread(self, client_as, designer, long_talk):
        head, replies = thread_of(long_talk, 0)
        answer = client_as(designer).get(
            f"/cards/{long_talk.stable_id}/comments/{head.pk}/", {"focus": "replies"}, headers=HTMX
        )
        assert answer.status_code == 200
        html = answer.content.decode()
        assert html.startswith("<li") and f'id="thread-{head.pk}"' in html
        assert comment_ids(html) == {head.pk, *(r.pk for r in replies)}
        assert "more repl" not in html and 'name="parent"' in html
        # The first reply the fold hid takes the focus (htmx focuses [autofocus] in what it swaps in).
        assert f'id="comment-{replies[0].pk}" tabindex="-1" autofocus>' in html
        unfolded = client_as(designer).get(f"/cards/{long_talk.stable_id}/comments/{head.pk}/", headers=HTMX)
        assert f'id="comment-{head.pk}" tabindex="-1" autofocus>' in unfolded.content.decode()

    def test_the_thread_endpoint_without_htmx_is_the_page_with_the_thread_open(
        self, client_as, designer, long_talk
    ):
        head, _ = thread_of(long_talk, 49)
        answer = client_as(designer).get(f"/cards/{long_talk.stable_id}/comments/{head.pk}/")
        assert answer.status_code == 302
        assert answer["Location"] == f"/cards/{long_talk.stable_id}/?comment={head.pk}#comment-{head.pk}"

    def test_the_thread_endpoint_refuses_who_may_not_see_the_card(
        self, client, client_as, playtester, designer, long_talk, make_card
    ):
        head, replies = thread_of(long_talk, 0)
        url = f"/cards/{long_talk.stable_id}/comments/{head.pk}/"
        assert client.get(url, headers=HTMX).status_code == 302  # to the login page
        # A playtester may not read a draft: the card page and its threads are a 404 alike.
        assert client_as(playtester).get(f"/cards/{long_talk.stable_id}/").status_code == 404
        assert client_as(playtester).get(url, headers=HTMX).status_code == 404
        # A thread asked through another card, a reply's id, an id of nothing: no thread of this card.
        other = make_card(user=designer, stableCardId="DR-C03", name="Another")
        mine = client_as(designer)
        assert mine.get(f"/cards/{other.stable_id}/comments/{head.pk}/", headers=HTMX).status_code == 404
        assert (
            mine.get(f"/cards/{long_talk.stable_id}/comments/{replies[0].pk}/", headers=HTMX).status_code
            == 404
        )
        assert mine.get(f"/cards/{long_talk.stable_id}/comments/99999999/", headers=HTMX).status_code == 404
        assert mine.get(f"/cards/{long_talk.stable_id}/comments/{'9' * 30}/", headers=HTMX).status_code == 404
        more = f"/cards/{long_talk.stable_id}/comments/threads/"
        assert mine.get(more, {"from": "x", "comment": "9" * 30}, headers=HTMX).status_code == 200
        assert mine.post(url, headers=HTMX).status_code == 405

    @pytest.mark.parametrize("where", ["hidden reply", "later thread's reply", "later thread"])
    def test_a_link_to_a_folded_comment_opens_its_thread(self, client_as, designer, long_talk, where):
        early_head, early = thread_of(long_talk, 0)
        late_head, late = thread_of(long_talk, 45)
        target, head, replies = {
            "hidden reply": (early[2], early_head, early),
            "later thread's reply": (late[5], late_head, late),
            "later thread": (late_head, late_head, late),
        }[where]
        client = client_as(designer)
        assert (
            f'id="comment-{target.pk}"' not in client.get(f"/cards/{long_talk.stable_id}/").content.decode()
        )
        html = client.get(f"/cards/{long_talk.stable_id}/", {"comment": target.pk}).content.decode()
        assert f'<article class="comment target" id="comment-{target.pk}">' in html
        assert {head.pk, *(r.pk for r in replies)} <= comment_ids(html)
        assert f'<li class="thread" id="thread-{head.pk}">' in html

    @pytest.mark.parametrize("asked", ["abc", "-1", "1" * 40, "99999999", "١٢"])
    def test_a_comment_asked_that_is_none_of_the_cards_changes_nothing(
        self, client_as, designer, long_talk, asked
    ):
        answer = client_as(designer).get(f"/cards/{long_talk.stable_id}/", {"comment": asked})
        assert answer.status_code == 200
        assert len(comment_ids(answer.content.decode())) == THREADS_SHOWN * (1 + REPLIES_SHOWN)

    def test_a_reply_in_a_folded_thread_keeps_it_open(self, client_as, designer, long_talk):
        head, replies = thread_of(long_talk, 45)
        answer = client_as(designer).post(
            f"/cards/{long_talk.stable_id}/comments/", {"body": "Late word", "parent": head.pk}, headers=HTMX
        )
        assert answer.status_code == 200
        html = answer.content.decode()
        assert {head.pk, *(r.pk for r in replies)} <= comment_ids(html) and "Late word" in html
        # Without script: back to the page, the thread open.
        answer = client_as(designer).post(
            f"/cards/{long_talk.stable_id}/comments/", {"body": "Later", "parent": head.pk}
        )
        reply = Comment.objects.get(body="Later")
        assert answer["Location"] == f"/cards/{long_talk.stable_id}/?comment={reply.pk}#comments"

    @pytest.mark.parametrize(
        ("language", "hidden_words", "thread_words", "line_words"),
        [
            ("fr", "Montrer 17 réponses de plus", "Montrer 45 fils de plus", "Montrer le fil (19 réponses)"),
            ("ru", "Показать ещё 17 ответов", "Показать ещё 45 веток", "Показать ветку (19 ответов)"),
        ],
    )
    def test_the_folds_are_said_in_the_readers_language(
        self, client_as, designer, long_talk, language, hidden_words, thread_words, line_words
    ):
        from studio.models import Preference

        Preference.objects.create(user=designer, language=language)
        client = client_as(designer)
        html = client.get(f"/cards/{long_talk.stable_id}/").content.decode()
        assert f"{hidden_words}</button>" in html and f"{thread_words}</button>" in html
        resolved, _ = thread_of(long_talk, 0)
        Comment.objects.filter(pk=resolved.pk).update(resolved=True)
        every = client.get(f"/cards/{long_talk.stable_id}/", {"threads": "all"}).content.decode()
        assert f"{line_words}</button>" in every
