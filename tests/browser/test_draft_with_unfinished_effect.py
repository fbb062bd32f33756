"""A new darkrow unit saved as a draft with an unfinished effect (issue 45 item 2): its damage's
target picked from a list (the effect's own target, not typed), the target's kind not chosen yet;
the card is created and its page lists the problem, Validate waits until it is fixed."""

import pytest
from playwright.sync_api import expect

from cards.models import Card, Status

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def test_a_designer_saves_a_draft_with_an_unfinished_effect(page, login, make_user, screenshot):
    designer = make_user("designer", username="dana")
    login(page, designer, "/cards/new/?game=darkrow&type=UNIT")
    page.get_by_label("Name", exact=True).fill("Frappe inachevée")
    editor = page.locator("[data-effect-editor]")
    editor.get_by_role("button", name="+ Add an effect").click()
    effect = editor.locator("fieldset.effect").first
    effect.get_by_label("Kind").select_option(label="Triggered (triggered)")
    effect.get_by_label("Timing").select_option(index=1)
    targets = effect.locator('fieldset[data-path="effects[0].targets"]')
    targets.get_by_role("button", name="+ Add target").click()  # its "what" left for later
    actions = effect.locator('fieldset[data-path="effects[0].actions"]')
    actions.get_by_label("Which action to add").select_option(label="Deal damage (DEAL_DAMAGE)")
    actions.get_by_role("button", name="+ Add action").click()
    actions.get_by_label("Amount").fill("2")
    target = actions.locator('select[data-path="effects[0].actions[0].target"]')
    expect(target.locator("option", has_text="target t1")).to_have_count(1)
    target.select_option(label="target t1")
    screenshot(page, "card-new-unfinished-effect")
    page.get_by_role("button", name="Create").click()

    expect(page.locator(".messages")).to_contain_text("as a draft")
    card = Card.objects.get(name="Frappe inachevée")
    assert card.status == Status.DRAFT
    assert card.effects[0]["actions"][0]["target"] == "t1"
    assert card.effects[0]["targets"] == [{"id": "t1"}]
    expect(page.locator("body")).to_contain_text("effects[0].targets[0]")


def test_after_a_refusal_the_archetype_panel_agrees_with_the_field(page, login, make_user):
    """The page refused the card (its effects not JSON); the archetype panel said « No archetype
    printed » though the field held two: it shows the two, with their keys."""
    designer = make_user("designer", username="dana")
    login(page, designer, "/cards/new/?game=darkrow&type=UNIT")
    page.get_by_label("Name", exact=True).fill("Refusée")
    page.get_by_label("Archetypes").fill("Lycéenne\nGadgets")
    page.locator("[data-effect-editor]").get_by_role("button", name="JSON").click()
    page.get_by_label("Effects (JSON)").fill("[{")
    page.get_by_role("button", name="Create").click()
    expect(page.get_by_label("Archetypes")).to_have_value("Lycéenne\nGadgets")
    panel = page.locator("#archetype-keys")
    expect(panel).not_to_contain_text("No archetype printed")
    expect(panel.locator("li")).to_have_count(2)
    expect(panel).to_contain_text("LYCEENNE")
    expect(panel).to_contain_text("GADGET")
    assert not Card.objects.filter(name="Refusée").exists()
