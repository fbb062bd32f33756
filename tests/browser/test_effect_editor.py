"""The effect form editor (issue 17, item 2): a designer builds a valid Darkrow effect without typing
JSON (kind and timing from the game's vocabulary, actions, a cost, a target, a limit), reorders and
removes, sees messages at the field, finds the JSON in step one click away, and saves."""

import json

import pytest
from playwright.sync_api import expect

from cards.models import Card

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def test_a_designer_builds_a_darkrow_effect_in_the_form_and_saves_it(
    page, login, make_user, make_card, screenshot
):
    designer = make_user("designer", username="dana")
    card = make_card(
        "darkrow", user=designer, name="Toyama Kazuha", text="Une fois par tour : piochez 1 carte."
    )
    login(page, designer, f"/cards/{card.stable_id}/")
    editor = page.locator("[data-effect-editor]")
    expect(editor.get_by_role("button", name="Form")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#id_effects")).to_be_hidden()

    editor.get_by_role("button", name="+ Add an effect").click()
    effect = editor.locator("fieldset.effect").first
    effect_id = effect.get_by_label("Effect id")
    expect(effect_id).to_be_focused()  # keyboard users land in the new effect
    expect(effect_id).to_have_value(f"{card.stable_id}.e1")
    effect_id.fill("")
    expect(effect.locator('[data-error-for="effects[0].effectId"]')).to_have_text("required")
    effect_id.fill(f"{card.stable_id}.pioche")

    # The game's own vocabulary, with the seed's words for the chosen value.
    effect.get_by_label("Kind").select_option(label="Quick (quick)")
    effect.get_by_label("Timing").select_option(label="When it enters the field (ON_ENTER_FIELD)")
    expect(effect.locator('[data-field="effects[0].timing"] .meaning')).to_contain_text(
        "when it arrives on the field"
    )
    effect.get_by_label("Duration").select_option(label="Until the end of the turn (UNTIL_END_OF_TURN)")
    expect(effect.locator('[data-field="effects[0].duration"] .meaning')).to_contain_text(
        "jusqu’à (la) fin du tour"
    )

    # Actions: a draw (a number), then a damage to a target declared below; reorder; remove one.
    actions = effect.locator('fieldset[data-path="effects[0].actions"]')
    actions.get_by_label("Which action to add").select_option(label="Draw (DRAW)")
    actions.get_by_role("button", name="+ Add action").click()
    count = actions.get_by_label("Count")
    expect(actions.locator('select[data-path="effects[0].actions[0].do"]')).to_be_focused()
    count.fill("0")
    expect(actions.locator('[data-error-for="effects[0].actions[0].count"]')).to_have_text("at least 1")
    count.fill("1")
    expect(actions.locator('[data-error-for="effects[0].actions[0].count"]')).to_have_text("")
    actions.get_by_label("Which action to add").select_option(label="Deal damage (DEAL_DAMAGE)")
    actions.get_by_role("button", name="+ Add action").click()
    actions.get_by_role("button", name="Move Action 2: Deal damage up").click()
    expect(actions.locator("fieldset.item legend").first).to_have_text("Action 1: Deal damage")
    expect(actions.get_by_role("button", name="Move Action 1: Deal damage down")).to_be_focused()
    actions.get_by_role("button", name="Remove Action 1: Deal damage").click()
    expect(actions.locator("fieldset.item")).to_have_count(1)

    # A cost (a number), a target (one-of lists) and the game's limit (its fixed key filled in).
    costs = effect.locator('fieldset[data-path="effects[0].costs"]')
    costs.get_by_label("Which cost to add").select_option(label="Pay indices (PAY_INDICES)")
    costs.get_by_role("button", name="+ Add cost").click()
    costs.get_by_label("Amount").fill("2")
    targets = effect.locator('fieldset[data-path="effects[0].targets"]')
    targets.get_by_role("button", name="+ Add target").click()
    targets.get_by_label("What").select_option(label="Card (CARD)")
    targets.get_by_label("Zone").select_option(label="Hand (HAND)")
    effect.get_by_role("button", name="+ Add use limit").click()

    # The raw JSON is one click away and says the same.
    editor.get_by_role("button", name="JSON").click()
    raw = page.locator("#id_effects")
    expect(raw).to_be_visible()
    built = json.loads(raw.input_value())
    assert built == [
        {
            "effectId": f"{card.stable_id}.pioche",
            "kind": "quick",
            "timing": "ON_ENTER_FIELD",
            "targets": [{"id": "t1", "what": "CARD", "zone": "HAND"}],
            "actions": [{"do": "DRAW", "count": 1}],
            "duration": "UNTIL_END_OF_TURN",
            "costs": [{"pay": "PAY_INDICES", "amount": 2}],
            "limit": {
                "per": "turn",
                "scope": "player",
                "key": ["player", "turn", "effectId"],
                "sharedByCopies": True,
            },
        }
    ]
    # An edit of the JSON shows in the form.
    built[0]["actions"][0]["count"] = 2
    raw.fill(json.dumps(built))
    editor.get_by_role("button", name="Form").click()
    expect(editor.locator('[data-path="effects[0].actions[0].count"]')).to_have_value("2")

    # The rule set's own live validation agrees: no effect problem.
    expect(page.locator("#findings")).to_contain_text("As typed")
    expect(page.locator("#findings")).not_to_contain_text("effects[0]")
    screenshot(page, "effect-editor")
    page.set_viewport_size({"width": 390, "height": 900})
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    screenshot(page, "effect-editor-390")

    page.get_by_role("button", name="Save changes").click()
    expect(page.get_by_role("status").first).to_contain_text("Saved")
    saved = Card.objects.get(pk=card.pk).effects
    assert saved[0]["actions"] == [{"do": "DRAW", "count": 2}]
    assert saved[0]["limit"]["sharedByCopies"] is True and saved[0]["timing"] == "ON_ENTER_FIELD"


def test_a_schema_error_from_the_rules_lands_at_its_field(page, login, make_user, make_card):
    designer = make_user("designer", username="dana")
    card = make_card("darkrow", user=designer)
    login(page, designer, f"/cards/{card.stable_id}/")
    editor = page.locator("[data-effect-editor]")
    editor.get_by_role("button", name="JSON").click()
    page.locator("#id_effects").fill(
        json.dumps(
            [{"effectId": "X.1", "kind": "quick", "timing": "ON_DEPLOY", "actions": [{"do": "MODIFY_STAT"}]}]
        )
    )
    expect(page.locator("#findings")).to_contain_text("effects[0].actions[0].stat")
    editor.get_by_role("button", name="Form").click()
    slot = editor.locator('[data-error-for="effects[0].actions[0].stat"]')
    expect(slot).to_have_text("required")
    # The findings panel names the path once ("path: required", not "path: path: required").
    expect(page.locator('#findings li[data-path="effects[0].actions[0].stat"]')).to_contain_text(
        "effects[0].actions[0].stat: required"
    )
    expect(page.locator("#findings")).not_to_contain_text("stat: effects[0]")
    # Bad JSON keeps the JSON view, with what to fix.
    editor.get_by_role("button", name="JSON").click()
    page.locator("#id_effects").fill("[{")
    editor.get_by_role("button", name="Form").click()
    expect(editor.get_by_role("button", name="JSON")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#effects-json-state")).to_contain_text("The JSON cannot be read")
