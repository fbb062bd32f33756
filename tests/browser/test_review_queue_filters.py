"""The compact review queue's game and columns (issue 45): the game is a filter like the others (a
menu of the form, in the URL, combined with the rest and kept by the other games' tabs, the sort and
the pages); the column "Open threads" is read whole at 1280 px with the card opened beside the list,
and at 390 px each line says what its number counts, the page never scrolling sideways."""

import pytest
from playwright.sync_api import expect

from comments.services import comment_create

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

FITS = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"


def test_the_game_is_chosen_in_the_filters_and_keeps_them(page, login, make_user, make_card):
    reviewer = make_user("reviewer", username="remi")
    make_card("darkrow", name="Alpha")
    make_card("duel", name="Duelliste")
    login(page, reviewer, "/review/?game=darkrow&status=DRAFT&sort=name")
    expect(page.locator("tr[data-line]")).to_have_count(1)
    page.get_by_label("Game", exact=True).select_option("duel")
    page.wait_for_url("**/review/?*game=duel*")
    assert "status=DRAFT" in page.url and "sort=name" in page.url
    expect(page.get_by_label("Game", exact=True)).to_have_value("duel")
    expect(page.get_by_label("Status", exact=True)).to_have_value("DRAFT")
    expect(page.locator("tr[data-line]")).to_have_count(1)
    expect(page.locator("tr[data-line] a[data-open]")).to_have_text("Duelliste")
    # Another filter after it: the queue's region changes, the game stays.
    page.get_by_label("Status", exact=True).select_option("NEEDS_REVIEW")
    expect(page.locator("#queue")).to_contain_text("No card waiting matches these filters")
    page.wait_for_url("**/review/?*status=NEEDS_REVIEW*")
    assert "game=duel" in page.url
    # The tabs keep the filters too.
    page.locator('#gametabs a[data-game="darkrow"]').click()
    page.wait_for_url("**/review/?game=darkrow*")
    assert "status=NEEDS_REVIEW" in page.url
    expect(page.get_by_label("Status", exact=True)).to_have_value("NEEDS_REVIEW")


@pytest.mark.parametrize("width", [1280, 390])
def test_the_open_threads_column_is_read_whole(page, login, make_user, make_card, screenshot, width):
    reviewer = make_user("reviewer", username="remi")
    card = make_card("darkrow", name="Toyama Kazuha, la lycéenne de Kyoto")
    make_card("darkrow", name="Agasa")
    comment_create(user=reviewer, card=card, data={"body": "Le coût me semble bas."})
    page.set_viewport_size({"width": width, "height": 900})
    login(page, reviewer, f"/review/?game=darkrow&sort=name&card={card.stable_id}")
    expect(page.locator("#pane .itemhead h3")).to_have_text(card.name)
    assert page.evaluate(FITS), width
    line = page.locator(f'tr[data-card="{card.stable_id}"]')
    if width >= 1100:
        header = page.get_by_role("columnheader", name="Open threads")
        expect(header).to_be_visible()
        # Inside the list's box, not under the pane nor behind a sideways scroll.
        box, rows = header.bounding_box(), page.locator(".queuerows").bounding_box()
        assert box["x"] + box["width"] <= rows["x"] + rows["width"] + 0.5, (box, rows)
        assert page.evaluate(
            "(() => { const r = document.querySelector('.queuerows'); return r.scrollWidth <= r.clientWidth; })()"
        )
        expect(line.locator("td.threads .shown")).to_have_text("1")
    else:
        # No column heads on a phone: the number says what it counts.
        expect(line.locator("td.threads .said")).to_have_text("1 open thread")
        expect(line.locator("td.threads .said")).to_be_visible()
    screenshot(page, f"review-queue-threads-{width}")
