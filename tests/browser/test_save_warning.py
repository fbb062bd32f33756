"""Saving an edit to a VALIDATED card asks first, in a sentence that says it goes back to review and
which decks use it; declining keeps the edit on the page and saves nothing (issue 25)."""

import pytest
from playwright.sync_api import expect

from cards import services
from cards.models import Card, Status

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def test_the_designer_is_asked_before_a_validated_card_goes_back_to_review(
    page, login, make_user, make_card, screenshot
):
    lead = make_user("designer", "reviewer", username="lea")
    card = make_card("duel", user=lead, name="Example Monster")
    services.card_set_status(stable_id=card.stable_id, status=Status.VALIDATED, user=lead)
    from decks import services as deck_services

    deck_services.deck_create(
        data={"game": "duel", "name": "Alpha", "sections": {"main": [{"card": card.stable_id, "count": 3}]}},
        user=lead,
    )
    login(page, lead, f"/cards/{card.stable_id}/")
    expect(page.locator("#save-warning")).to_contain_text("1 deck uses it: Alpha.")
    page.locator("#id_text").fill("Retouché")
    asked = []

    def decline(dialog):
        asked.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", decline)
    page.get_by_role("button", name="Save changes").click()
    page.wait_for_timeout(300)
    assert asked and asked[0].startswith("Saving sends Example Monster back to review")
    assert "1 deck uses it: Alpha." in asked[0]
    expect(page.locator("#id_text")).to_have_value("Retouché")  # nothing lost
    assert Card.objects.get(pk=card.pk).status == Status.VALIDATED  # nothing saved
    screenshot(page, "save-warning-declined")

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Save changes").click()
    page.wait_for_load_state()
    expect(page.locator(".badge.NEEDS_REVIEW").first).to_be_visible()
    assert Card.objects.get(pk=card.pk).status == Status.NEEDS_REVIEW
