"""A long discussion folded (issue 41) at 390 px, on a card's page, a deck's and a finished table's:
"Show N more replies" (a real button, from the keyboard) brings a thread's hidden replies and takes
the focus to the first of them; "Show N more threads" brings the next threads in place; a link to a
hidden reply (#comment-<id> alone) opens its thread."""

import pytest
from playwright.sync_api import expect

from comments.models import Comment
from comments.slots import REPLIES_SHOWN, THREADS_SHOWN
from tests.browser.test_tables import asgi_server, player  # noqa: F401 (fixtures: studio.asgi, a finished table's page)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

FITS = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
REPLIES = REPLIES_SHOWN + 3


def test_a_folded_thread_opens_and_its_hidden_reply_is_read(page, login, make_user, make_card, screenshot):
    designer = make_user("designer", username="dana")
    reviewer = make_user("reviewer", username="remi")
    card = make_card(user=designer, stableCardId="DR-F01", name="Folded Draft")
    threads = []
    for i in range(THREADS_SHOWN + 1):
        head = Comment.objects.create(card=card, author=designer, body=f"Thread {i} opens", card_version=1)
        replies = [
            Comment.objects.create(
                card=card, parent=head, author=reviewer, body=f"Reply {j} in thread {i}", card_version=1
            )
            for j in range(REPLIES)
        ]
        threads.append((head, replies))

    page.set_viewport_size({"width": 390, "height": 844})
    login(page, designer, f"/cards/{card.stable_id}/")
    head, replies = threads[0]
    thread = page.locator(f"#thread-{head.pk}")
    expect(thread.locator("article.comment")).to_have_count(1 + REPLIES_SHOWN)
    expect(page.locator(f"#comment-{replies[0].pk}")).to_have_count(0)
    more = thread.get_by_role("button", name=f"Show {REPLIES - REPLIES_SHOWN} more replies")
    more.focus()
    more.press("Enter")
    hidden = page.locator(f"#comment-{replies[0].pk}")
    expect(hidden).to_contain_text("Reply 0 in thread 0")
    expect(hidden).to_be_focused()
    expect(page.locator(f"#thread-{head.pk} article.comment")).to_have_count(1 + REPLIES)
    assert page.evaluate(FITS)
    screenshot(page, "comments-folds-390")

    # The thread after the first ones waits behind a button; it comes where the button was.
    head, replies = threads[-1]
    expect(page.locator(f"#thread-{head.pk}")).to_have_count(0)
    page.get_by_role("button", name="Show 1 more thread").click()
    expect(page.locator(f"#comment-{head.pk}")).to_contain_text(f"Thread {THREADS_SHOWN} opens")
    expect(page.locator(f"#comment-{head.pk}")).to_be_focused()
    expect(page.locator(f"#comment-{replies[-1].pk}")).to_contain_text(f"Reply {REPLIES - 1} in thread")
    assert page.evaluate(FITS)

    # A link to a reply the page folds away: the page again with its thread open, at the reply.
    _, replies = threads[2]
    expect(page.locator(f"#comment-{replies[1].pk}")).to_have_count(0)
    page.goto(f"/cards/{card.stable_id}/#comment-{replies[1].pk}")
    expect(page.locator(f"#comment-{replies[1].pk}")).to_contain_text("Reply 1 in thread 2")
    assert f"comment={replies[1].pk}" in page.url
    assert page.evaluate(FITS)


def _talk(authors, heads: int, replies: int, **on) -> list[tuple[Comment, list[Comment]]]:
    threads = []
    for i in range(heads):
        head = Comment.objects.create(author=authors[0], body=f"Thread {i} opens", **on)
        threads.append(
            (
                head,
                [
                    Comment.objects.create(
                        parent=head, author=authors[1], body=f"Reply {j} in thread {i}", **on
                    )
                    for j in range(REPLIES)
                ],
            )
        )
    return threads


def _unfold_at_390(page, threads) -> None:
    """The first thread's hidden replies from the keyboard, the next thread in place, a link to a
    folded reply: as on a card's page."""
    head, replies = threads[0]
    thread = page.locator(f"#thread-{head.pk}")
    expect(thread.locator("article.comment")).to_have_count(1 + REPLIES_SHOWN)
    expect(page.locator(f"#comment-{replies[0].pk}")).to_have_count(0)
    more = thread.get_by_role("button", name=f"Show {REPLIES - REPLIES_SHOWN} more replies")
    more.focus()
    more.press("Enter")
    hidden = page.locator(f"#comment-{replies[0].pk}")
    expect(hidden).to_contain_text("Reply 0 in thread 0")
    expect(hidden).to_be_focused()
    expect(page.locator(f"#thread-{head.pk} article.comment")).to_have_count(1 + REPLIES)
    assert page.evaluate(FITS)
    head, replies = threads[-1]
    expect(page.locator(f"#thread-{head.pk}")).to_have_count(0)
    page.get_by_role("button", name="Show 1 more thread").click()
    expect(page.locator(f"#comment-{head.pk}")).to_contain_text(f"Thread {THREADS_SHOWN} opens")
    expect(page.locator(f"#comment-{head.pk}")).to_be_focused()
    assert page.evaluate(FITS)
    path = page.url.split("?")[0].split("#")[0]
    _, replies = threads[2]
    expect(page.locator(f"#comment-{replies[1].pk}")).to_have_count(0)
    page.goto(f"{path}#comment-{replies[1].pk}")
    expect(page.locator(f"#comment-{replies[1].pk}")).to_contain_text("Reply 1 in thread 2")
    assert f"comment={replies[1].pk}" in page.url
    assert page.evaluate(FITS)


def test_the_deck_page_folds_its_threads_at_390(page, login, make_user, screenshot):
    from tests.tables.live_kit import deck_for

    paula = make_user("playtester", username="paula")
    reviewer = make_user("reviewer", username="remi")
    deck = deck_for("duel", paula)
    threads = _talk([paula, reviewer], THREADS_SHOWN + 1, REPLIES, deck=deck)
    page.set_viewport_size({"width": 390, "height": 844})
    login(page, paula, f"/decks/{deck.pk}/")
    _unfold_at_390(page, threads)
    screenshot(page, "comments-deck-folds-390")


def test_a_finished_tables_page_folds_its_threads_at_390(player, make_user, screenshot):  # noqa: F811
    from tables import services
    from tests.tables.live_kit import deck_for

    paula = make_user("playtester", username="paula")
    olga = make_user("playtester", username="olga")
    table = services.table_create(
        mode="free", user=paula, deck=deck_for("duel", paula), opponent_deck=deck_for("duel", paula, which=1)
    )
    services.table_event_append(
        user=paula, table=table, kind="note", expected_seq=0, payload={"text": "hm"}, seat=1
    )
    table.refresh_from_db()
    services.table_event_append(user=paula, table=table, kind="concede", expected_seq=1, payload={}, seat=1)
    # paula played both seats: her comments and olga's (a reader of the public note) on event #1.
    threads = _talk([paula, olga], THREADS_SHOWN + 1, REPLIES, table=table, event_seq=1, seats="12")
    page = player(paula, width=390)
    page.goto(f"/tables/{table.pk}/")
    expect(page.locator(f"#thread-{threads[0][0].pk} [data-event-words='1']")).to_contain_text("noted: hm")
    _unfold_at_390(page, threads)
    screenshot(page, "comments-table-folds-390")
