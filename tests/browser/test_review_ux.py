"""The review queue's follow-ups (issue 17, item 3): tab counts that follow the moves, ticks kept after
a refused bulk move with the refused card marked, a new card shown in full, and the number of legal
decks a disabling makes illegal, with a link to them."""

import re

import pytest
from playwright.sync_api import expect

from cards.models import Card, Status
from cards.services import card_set_status
from decks import services as deck_services
from tests.reviews.effects import bonus, imported

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def test_counts_follow_the_moves_and_a_refusal_keeps_the_ticks(page, login, make_user, make_card, screenshot):
    reviewer = make_user("reviewer", username="remi")
    good = make_card("darkrow", name="Bonne", text="Rapide : piochez une carte.", archetypes=["Lycéenne"])
    other = make_card("darkrow", name="Autre")
    bad = imported("Sans durée", [bonus()], status="NEEDS_REVIEW")
    make_card("duel")
    login(page, reviewer, "/review/?game=darkrow&view=full")  # every card with its diff
    tab = page.locator('#gametabs a[data-game="darkrow"] .count')
    expect(tab).to_have_text("3")

    # A new card in full: its fields and text, not only a link.
    item = page.locator(f'[data-card="{good.stable_id}"]')
    expect(item.locator(".newcard")).to_contain_text("Rapide : piochez une carte.")
    expect(item.locator(".newcard")).to_contain_text("Lycéenne")
    expect(item.locator(".newcard dt", has_text="cost")).to_be_visible()

    # A refused bulk move: nothing moves, the ticks stay, the refused card is marked with why.
    page.get_by_label("Select Bonne").check()
    page.get_by_label("Select Sans durée").check()
    page.get_by_role("button", name="Approve selected").click()
    expect(page.locator("#notice")).to_contain_text("Nothing changed")
    expect(page.locator("#notice")).to_be_focused()
    expect(page.get_by_label("Select Bonne")).to_be_checked()
    expect(page.get_by_label("Select Sans durée")).to_be_checked()
    expect(page.get_by_label("Select Autre")).not_to_be_checked()
    refused = page.locator(f'[data-card="{bad.stable_id}"]')
    expect(refused).to_have_class(re.compile(r"\brefused\b"))
    expect(refused.locator(".refusedline")).to_contain_text("rule set reports errors")
    expect(page.locator(f'[data-card="{good.stable_id}"] .refusedline')).to_have_count(0)
    expect(page.locator("[data-selected-count]")).to_have_text("2 selected")
    screenshot(page, "review-refused-ticks")

    # Untick the refused one and approve: the tab counts follow at once.
    page.get_by_label("Select Sans durée").uncheck()
    page.get_by_role("button", name="Approve selected").click()
    expect(page.locator("#notice")).to_contain_text("1 card now Validated: Bonne")
    expect(tab).to_have_text("2")
    expect(page.locator('#gametabs a[data-game="duel"] .count')).to_have_text("1")
    assert Card.objects.get(pk=good.pk).status == Status.VALIDATED
    assert Card.objects.get(pk=other.pk).status == Status.DRAFT


def test_before_disabling_the_reviewer_sees_the_decks_it_makes_illegal(
    page, login, make_user, make_card, screenshot
):
    reviewer = make_user("reviewer", username="remi")
    playtester = make_user("playtester", username="paula")
    card = make_card("duel", name="Example Monster")
    card_set_status(stable_id=card.stable_id, status=Status.VALIDATED, user=reviewer)
    spare = make_card("duel", name="Spare Monster")
    card_set_status(stable_id=spare.stable_id, status=Status.VALIDATED, user=reviewer)
    for name in ("Premier", "Second"):  # duel: 40 cards, no copy limit
        deck_services.deck_create(
            data={
                "game": "duel",
                "name": name,
                "sections": {"main": [{"card": card.stable_id, "count": 40}]},
            },
            user=playtester,
        )
    deck_services.deck_create(
        data={
            "game": "duel",
            "name": "Sans lui",
            "sections": {"main": [{"card": spare.stable_id, "count": 40}]},
        },
        user=playtester,
    )
    assert card.deck_entries.filter(deck__legal=True).count() == 2
    login(page, reviewer, f"/cards/{card.stable_id}/")
    warning = page.locator("#disable-warning")
    expect(warning).to_contain_text("Disabling it makes 2 legal decks illegal")
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.get_by_role("button", name="Disable").click()
    page.wait_for_timeout(300)
    assert Card.objects.get(pk=card.pk).status == Status.VALIDATED  # dismissed: nothing sent
    screenshot(page, "disable-warning")
    warning.get_by_role("link", name="see them").click()
    expect(page.locator(".decktable tbody tr")).to_have_count(2)
    expect(page.locator(".decktable")).not_to_contain_text("Sans lui")
    # Confirmed, the card is disabled and its decks are illegal.
    page.goto(f"/cards/{card.stable_id}/")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Disable").click()
    expect(page.locator(".pagehead .badge")).to_have_text("Disabled")
