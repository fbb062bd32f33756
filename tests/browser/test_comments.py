"""Comments in the browser (issue 41): a mention typed with its completion on the card page at 390 px
reaches the other person's inbox count without a reload; the inbox page at 390 px."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

FITS = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"


def test_a_mention_reaches_the_other_inbox_without_a_reload(
    session, make_user, make_card, screenshot, settings
):
    settings.INBOX_POLL_SECONDS = 1  # 15 served in production: the poll, not its period, is tested
    designer = make_user("designer", username="dana")
    reviewer = make_user("reviewer", username="remi")
    make_user("playtester", username="dan-the-playtester")  # may not read a draft: never offered
    card = make_card(user=designer, stableCardId="DR-B01", name="Browser Draft")

    theirs = session(designer)
    expect(theirs.locator("#inbox-link")).to_be_visible()
    expect(theirs.locator("#inbox-link .count")).to_have_count(0)

    mine = session(reviewer)
    mine.set_viewport_size({"width": 390, "height": 844})
    mine.goto(f"/cards/{card.stable_id}/#comments")
    area = mine.locator("#comment-body")
    area.fill("")
    area.press_sequentially("Is the cost right, @da")
    choices = mine.locator(".mentionlist li")
    expect(choices).to_have_count(1)
    expect(choices.first).to_have_text("@dana")
    choices.first.click()
    expect(area).to_have_value("Is the cost right, @dana ")
    mine.locator("select[name=field]").select_option("cost")
    mine.get_by_role("button", name="Comment", exact=True).click()
    thread = mine.locator("#comments .thread").first
    expect(thread).to_contain_text("Is the cost right,")
    expect(thread.locator(".mention")).to_have_text("@dana")
    expect(thread).to_contain_text("holds validation")
    assert mine.evaluate(FITS)
    screenshot(mine, "comments-card-390")

    # The designer's page polls its count: the mention shows without a reload.
    expect(theirs.locator("#inbox-link .count")).to_have_text("1", timeout=10_000)
    theirs.set_viewport_size({"width": 390, "height": 844})
    theirs.locator("#inbox-link").click()
    expect(theirs.locator(".notification").first).to_contain_text("remi mentioned you on Browser Draft")
    assert theirs.evaluate(FITS)
    screenshot(theirs, "comments-inbox-390")
    theirs.locator(".notification a").first.click()
    expect(theirs.locator("#comments .thread")).to_have_count(1)
    theirs.get_by_text("Reply", exact=True).first.click()
    theirs.locator("textarea[name=body]").first.fill("Yes: the curve.")
    theirs.locator(".thread form button", has_text="Reply").first.click()
    expect(theirs.locator("#comments .replies")).to_contain_text("Yes: the curve.")
    expect(theirs.locator("#comments")).not_to_contain_text("holds validation")
