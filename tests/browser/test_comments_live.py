"""Comments live (issue 41), two browsers on studio.asgi: one user picks a region of a card's face and
opens a thread there with a mention; the other's inbox count shows it at once, over the studio's
WebSocket layer (no reload, no poll: the page's polls are every 15 s), and the notice leads to the
thread, which shows its region. At 390 px."""

import time

import pytest
from playwright.sync_api import expect

from tests.browser.test_tables import asgi_server, player  # noqa: F401 (fixtures: studio.asgi under uvicorn)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

FITS = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"


def test_a_mention_on_a_face_region_reaches_the_other_inbox_over_the_socket(
    player,  # noqa: F811
    make_user,
    make_card,
    screenshot,
):
    designer = make_user("designer", username="dana")
    reviewer = make_user("reviewer", username="remi")
    card = make_card(user=designer, stableCardId="DR-W01", name="Socket Draft")

    theirs = player(designer, width=390)
    theirs.goto("/cards/")
    link = theirs.locator("#inbox-link")
    expect(link).to_be_visible()
    # The socket is open: the count came from it (the link says so), not from a poll.
    expect(link).to_have_attribute("data-live", "1", timeout=10_000)
    expect(link.locator(".count")).to_have_count(0)

    mine = player(reviewer, width=390)
    mine.goto(f"/cards/{card.stable_id}/")
    expect(mine.locator("#face-preview svg.face")).to_be_visible(timeout=15_000)
    mine.get_by_role("button", name="Comment on a region").click()
    screenshot(mine, "comments-face-regions-390")
    mine.get_by_role("button", name="Comment on Name", exact=True).click()
    expect(mine.locator("#comment-region")).to_have_value("name")
    expect(mine.locator("#comment-body")).to_be_focused()
    mine.locator("#comment-body").fill("Is the name too long, @dana?")
    posted = time.monotonic()
    mine.get_by_role("button", name="Comment", exact=True).click()
    thread = mine.locator("#comments .thread").first
    expect(thread).to_contain_text("on the face: Name")
    assert mine.evaluate(FITS)

    # Well within the 15 s between two polls: the socket brought it.
    expect(link.locator(".count")).to_have_text("1", timeout=8_000)
    assert time.monotonic() - posted < 12
    assert theirs.evaluate(FITS)
    link.click()
    expect(theirs.locator(".notification").first).to_contain_text("remi mentioned you on Socket Draft")
    theirs.locator(".notification a").first.click()
    shown = theirs.locator("#comments .thread").first
    expect(shown).to_contain_text("on the face: Name")
    expect(theirs.locator("#face-preview svg.face")).to_be_visible(timeout=15_000)
    shown.get_by_role("button", name="Show Name on the face").click()
    expect(theirs.locator(".face-regions .face-region.shown")).to_have_count(1)
    screenshot(theirs, "comments-region-thread-390")
    assert theirs.evaluate(FITS)


def test_a_finished_tables_log_opens_a_thread_on_an_event(player, make_user, screenshot):  # noqa: F811
    from tables import services
    from tests.tables.live_kit import deck_for

    paula = make_user("playtester", username="paula")
    table = services.table_create(
        mode="free",
        user=paula,
        deck=deck_for("duel", paula),
        opponent_deck=deck_for("duel", paula, which=1),
    )
    services.table_event_append(
        user=paula, table=table, kind="note", expected_seq=0, payload={"text": "hm"}, seat=1
    )
    table.refresh_from_db()
    services.table_event_append(user=paula, table=table, kind="concede", expected_seq=1, payload={}, seat=1)

    page = player(paula, width=390)
    page.goto(f"/tables/{table.pk}/")
    line = page.locator("#log li[data-seq='1']")
    expect(line).to_contain_text("noted: hm")
    line.get_by_role("button", name="Comment on event #1").click()
    expect(page.locator("#comment-event")).to_have_value("1")
    expect(page.locator("#comment-body")).to_be_focused()
    page.locator("#comment-body").fill("Was this ruling right?")
    page.get_by_role("button", name="Comment", exact=True).click()
    thread = page.locator("#comments .thread").first
    expect(thread).to_contain_text("on event #1")
    expect(thread.locator("[data-event-words='1']")).to_contain_text("noted: hm")
    expect(thread).to_contain_text("Was this ruling right?")
    screenshot(page, "comments-table-event-390")
    assert page.evaluate(FITS)


def test_a_thread_on_an_earlier_version_is_one_click_from_the_diff_at_390(player, make_user, make_card):  # noqa: F811
    from cards import services as card_services
    from comments import services as comment_services

    designer = make_user("designer", username="dana")
    reviewer = make_user("reviewer", username="remi")
    card = make_card(user=designer, stableCardId="DR-W02", name="Moving Draft")
    comment_services.comment_create(user=reviewer, data={"body": "Cost 3?", "field": "cost"}, card=card)
    data = {"name": card.name, "type": card.type, "cost": 5, "atk": 4, "pv": 3, "text": "A longer text now."}
    card_services.card_update(
        stable_id=card.stable_id, data=data, user=designer, expected_version=card.version
    )

    page = player(reviewer, width=390)
    page.goto(f"/cards/{card.stable_id}/#comments")
    thread = page.locator("#comments .thread").first
    expect(thread).to_contain_text("on an earlier version (v1)")
    thread.get_by_role("link", name="what changed since").click()
    expect(page).to_have_url(f"/cards/{card.stable_id}/since/1/")
    expect(page.locator("h1")).to_have_text("What changed from version 1 to version 2")
    expect(page.locator("#since-diff ins", has_text="5")).to_have_count(1)
    expect(page.locator("#since-diff")).to_contain_text("A longer text now.")
    assert page.evaluate(FITS)
