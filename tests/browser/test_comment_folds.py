"""A card's long discussion folded (issue 41) at 390 px: "Show N more replies" (a real button, from the
keyboard) brings a thread's hidden replies and takes the focus to the first of them; "Show N more
threads" brings the next threads in place; a link to a hidden reply (#comment-<id> alone) opens its
thread."""

import pytest
from playwright.sync_api import expect

from comments.models import Comment
from comments.slots import REPLIES_SHOWN, THREADS_SHOWN

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
