"""The review pages in a real browser: a reviewer reads a card's diff and approves it with a note,
approves several cards at once, starts an audit, watches it finish and browses a list; screenshots."""

import re

import pytest
from playwright.sync_api import expect

from cards.models import Card, CardRevision, Status
from cards.services import card_set_status, card_update
from tests.reviews.effects import bonus, imported

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


@pytest.fixture
def edited(make_user, make_card):
    """A validated darkrow Unit a designer then edited, and a new draft."""
    designer = make_user("designer", username="dana")
    reviewer = make_user("reviewer", username="remi")
    card = make_card(
        "darkrow", name="Toyama Kazuha", text="Rapide : piochez une carte.", archetypes=["Lycéenne"]
    )
    card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer)
    card = card_update(
        stable_id=card.stable_id,
        data={"text": "Rapide : piochez deux cartes.", "archetypes": ["Lycéenne", "Gadgets"]},
        user=designer,
    )
    make_card("darkrow", name="Échange équivalent")
    make_card("darkrow", name="Mouri Ran")
    return card, reviewer


def test_a_reviewer_reads_the_diff_and_approves_with_a_note(page, login, edited, screenshot):
    card, reviewer = edited
    login(page, reviewer)
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Review").click()
    expect(page.get_by_role("heading", name="Review queue", level=1)).to_be_visible()
    # The compact queue: the card waiting longest is open in the pane beside the list, with its diff.
    item = page.locator("#pane")
    expect(item.locator(".itemhead h3")).to_have_text("Toyama Kazuha")
    expect(item).to_contain_text("Changes since validated version 2")
    expect(item.locator("del", has_text="une")).to_be_visible()
    expect(item.locator("ins", has_text="deux")).to_be_visible()
    expect(item.locator("ins", has_text="Gadgets")).to_be_visible()
    page.locator("tr[data-line]", has_text="Échange équivalent").locator("a[data-open]").click()
    expect(item).to_contain_text("New card")
    screenshot(page, "review-queue")

    page.locator("tr[data-line]", has_text="Toyama Kazuha").locator("a[data-open]").click()
    expect(item.locator(".itemhead h3")).to_have_text("Toyama Kazuha")
    item.get_by_label("Note for Toyama Kazuha").fill("Relu : texte conforme")
    item.get_by_role("button", name="Approve").click()
    notice = page.locator("#notice")
    expect(notice).to_contain_text("1 card now Validated: Toyama Kazuha")
    expect(notice).to_be_focused()
    expect(page.locator(f'tr[data-card="{card.stable_id}"]')).to_have_count(0)
    assert Card.objects.get(pk=card.pk).status == Status.VALIDATED
    assert CardRevision.objects.filter(card=card).latest("version").note == "Relu : texte conforme"

    # Several at once, chosen with the keyboard-friendly checkboxes.
    page.get_by_label("Select Échange équivalent").check()
    page.get_by_label("Select Mouri Ran").check()
    expect(page.locator("[data-selected-count]")).to_have_text("2 selected")
    page.get_by_label("Note for the selected cards").fill("lot du jour")
    page.get_by_role("button", name="Approve selected").click()
    expect(page.locator("#notice")).to_contain_text("2 cards now Validated")
    expect(page.get_by_role("heading", name=re.compile("0 cards waiting in Darkrow"))).to_be_visible()


def test_a_refused_bulk_move_names_each_card_and_changes_nothing(page, login, make_user, make_card):
    reviewer = make_user("reviewer", username="remi")
    make_card("darkrow", name="Bonne")
    bad = imported("Sans durée", [bonus()], status="NEEDS_REVIEW")
    login(page, reviewer, "/review/?game=darkrow")
    page.get_by_label("Select every card on this page").check()
    page.get_by_role("button", name="Approve selected").click()
    notice = page.locator("#notice")
    expect(notice).to_contain_text("Nothing changed: 1 of 2 card(s) cannot move")
    expect(notice).to_contain_text(
        f"{bad.stable_id}: the card cannot be validated (VALIDATED) while its rule set reports errors"
    )
    assert set(Card.objects.filter(game="darkrow").values_list("status", flat=True)) == {
        "DRAFT",
        "NEEDS_REVIEW",
    }


def test_a_reviewer_starts_an_audit_watches_it_finish_and_browses_a_list(
    page, login, make_user, make_card, screenshot
):
    reviewer = make_user("reviewer", username="remi")
    for i in range(3):
        imported(f"Bonus {i}", [bonus()])
    make_card("darkrow", name="Brouillon")
    login(page, reviewer)
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Audits").click()
    page.get_by_role("link", name="Darkrow").first.click()
    expect(page.get_by_text("No audit of Darkrow has finished yet")).to_be_visible()
    page.get_by_role("button", name="Start an audit").click()
    progress = page.locator(".jobprogress[data-state]").first
    expect(progress).to_have_attribute("data-state", "DONE")
    expect(progress).to_contain_text("done")
    expect(page.get_by_role("progressbar").first).to_have_attribute("aria-valuenow", "100")
    expect(page.get_by_text("Review open")).to_be_visible()
    expect(page.locator(".closure")).to_contain_text("BONUS_DURATION_REVIEW")

    lists = page.get_by_role("navigation", name="Review lists")
    lists.get_by_role("link", name=re.compile("NEEDS_REVIEW")).first.click()
    entries = page.locator("#entries")
    expect(entries).to_contain_text("NEEDS_REVIEW")
    lists.get_by_role("link", name=re.compile("BONUS_DURATION_REVIEW")).click()
    expect(entries).to_contain_text("3 entries")
    expect(entries.get_by_role("link", name="Bonus 1")).to_be_visible()
    screenshot(page, "audits")

    # A second audit while one runs is refused with a clear message (409 from the service).
    from reviews.models import Audit, AuditStatus

    Audit.objects.create(game="darkrow", status=AuditStatus.RUNNING, total=10, done=3, step="checking cards")
    page.reload()
    expect(page.get_by_text("One is already running")).to_be_visible()
    page.get_by_role("button", name="Start an audit").click()
    expect(page.locator("#notice")).to_contain_text("An audit of Darkrow is already running")
