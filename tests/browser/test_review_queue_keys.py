"""The compact review queue by keyboard (issue 45): j opens the next line in the pane, a approves the
card opened and the pane moves on to the line that followed it, b sends a card back to draft, and a
card its rules block is listed apart and never approved by a key."""

import pytest
from playwright.sync_api import expect

from cards.models import Card, Status
from cards.services import card_set_status
from tests.reviews.effects import bonus, imported

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def test_a_reviewer_works_the_queue_with_the_keyboard(page, login, make_user, make_card, screenshot):
    reviewer = make_user("reviewer", username="remi")
    first = make_card("darkrow", name="Alpha", text="Rapide : piochez une carte.")
    second = make_card("darkrow", name="Bravo")
    third = make_card("darkrow", name="Charlie")
    card_set_status(stable_id=third.stable_id, status=Status.NEEDS_REVIEW, user=reviewer)
    blocked = imported("Sans durée", [bonus()], status="NEEDS_REVIEW")
    login(page, reviewer, "/review/?game=darkrow&sort=name")

    lines = page.locator("tr[data-line]")
    expect(lines).to_have_count(4)
    # The blocked card comes last, under its own heading.
    expect(page.locator("tbody.blocked tr[data-line]")).to_have_count(1)
    expect(page.locator("tbody.blocked tr[data-line]")).to_have_attribute("data-card", blocked.stable_id)
    expect(page.locator("tbody.blocked")).to_contain_text("Blocked by errors")
    # The first line is open in the pane, with its diff.
    pane = page.locator("#pane")
    expect(lines.nth(0)).to_have_class("queueline open")
    expect(pane.locator(".itemhead h3")).to_have_text("Alpha")
    expect(pane).to_contain_text("Rapide : piochez une carte.")

    page.keyboard.press("j")
    expect(pane.locator(".itemhead h3")).to_have_text("Bravo")
    expect(page.locator("tr[data-line].open")).to_have_attribute("data-card", second.stable_id)
    page.keyboard.press("k")
    expect(pane.locator(".itemhead h3")).to_have_text("Alpha")

    # a: Alpha approved; the pane opens Bravo, the line that followed.
    page.keyboard.press("a")
    expect(page.locator("#notice")).to_contain_text("1 card now Validated: Alpha")
    expect(pane.locator(".itemhead h3")).to_have_text("Bravo")
    expect(lines).to_have_count(3)
    assert Card.objects.get(pk=first.pk).status == Status.VALIDATED

    # b on Charlie (needs review): back to draft.
    page.locator("body").click(position={"x": 5, "y": 5})  # the focus leaves the notice
    page.keyboard.press("j")
    expect(pane.locator(".itemhead h3")).to_have_text("Charlie")
    page.keyboard.press("b")
    expect(page.locator("#notice")).to_contain_text("1 card now Draft: Charlie")
    assert Card.objects.get(pk=third.pk).status == Status.DRAFT

    # The blocked card: its Approve is disabled, the key does nothing.
    page.locator(f'tr[data-card="{blocked.stable_id}"] a[data-open]').click()
    expect(pane.locator(".itemhead h3")).to_have_text("Sans durée")
    expect(pane.get_by_role("button", name="Approve", exact=True)).to_be_disabled()
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("a")
    page.wait_for_timeout(300)
    assert Card.objects.get(pk=blocked.pk).status == Status.NEEDS_REVIEW
    screenshot(page, "review-queue-compact")
