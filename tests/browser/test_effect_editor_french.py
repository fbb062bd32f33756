"""The effect form editor in the designer's language (issue 25): French labels and help lines, no
message before anything is typed, a message at a field once it is touched or on save, one message per
problem with no doubled path, effect ids proposed from the card, and the game's help lines and each
choice's meaning in French."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

# The English the issue found on the French page.
ENGLISH = ["Effect id", "Kind", "Timing", "what the effect does", "a use limit, keyed by player", "Effect 1"]

# Counts the live validation's answers on a form that holds an effect, as they settle in #findings
# (effects.js puts their messages at the fields on that same event, its listener first).
CHECKED_WITH_EFFECT = """() => {
  window.__checkedWithEffect = 0;
  document.body.addEventListener("htmx:afterSettle", (event) => {
    const config = event.detail.requestConfig;
    const effects = config && config.formData ? String(config.formData.get("effects") || "") : "";
    if (event.detail.target && event.detail.target.id === "findings" && effects.includes("effectId")) {
      window.__checkedWithEffect += 1;
    }
  });
}"""


@pytest.fixture
def browser_locale():
    return "fr-FR"


def test_the_effect_form_speaks_french_and_waits_for_the_designer(
    page, login, make_user, make_card, screenshot
):
    designer = make_user("designer", username="dana")
    card = make_card(
        "darkrow", user=designer, name="Toyama Kazuha", text="Une fois par tour : piochez 1 carte."
    )
    login(page, designer, f"/cards/{card.stable_id}/")
    page.evaluate(CHECKED_WITH_EFFECT)
    editor = page.locator("[data-effect-editor]")
    editor.get_by_role("button", name="+ Ajouter un effet").click()
    effect = editor.locator("fieldset.effect").first
    effect_id = effect.get_by_label(re.compile("Identifiant de l’effet"))
    expect(effect_id).to_have_value(f"{card.stable_id}.e1")  # proposed, editable
    # The legend names the effect and its id in one French sentence: a no-break space before the
    # colon (scripts/french_typography.py's rule; to_have_text folds the spaces, text_content not).
    legend = effect.locator(":scope > legend")
    expect(legend).to_have_text(f"Effet 1\u00a0: {card.stable_id}.e1")
    assert legend.text_content() == f"Effet 1\u00a0: {card.stable_id}.e1"
    expect(effect.get_by_label(re.compile("^Nature"))).to_be_visible()
    expect(effect.get_by_label(re.compile("^Moment"))).to_be_visible()
    # Nothing typed yet: no message anywhere in the form.
    errors = editor.locator(".fielderror")
    page.wait_for_function("() => window.__checkedWithEffect > 0")  # once the live validation has answered
    assert [t for t in errors.all_inner_texts() if t.strip()] == []
    expect(page.locator("#errors-effects")).to_be_hidden()  # nor the JSON view's list of them
    form_text = editor.inner_text()
    for english in ENGLISH:
        assert english not in form_text, english
    assert "ce que fait l’effet" in form_text
    # The game's own help lines, and a choice's meaning per value, read in French (issue 25, item 5).
    effect.get_by_label(re.compile("^Moment")).select_option(value='"ON_DEPLOY"')
    expect(effect.locator('[data-field="effects[0].timing"] .meaning')).to_have_text(
        "quand la carte est déployée"
    )
    effect.get_by_label(re.compile("^Moment")).select_option(value='"END_OF_TURN"')
    expect(effect.locator('[data-field="effects[0].timing"] .meaning')).to_have_text(
        "à la fin du tour de son contrôleur"
    )
    effect.get_by_label(re.compile("^Durée")).select_option(value='"THIS_PRESENCE"')
    expect(effect.locator('[data-field="effects[0].duration"] .meaning')).to_contain_text(
        "perdu quand la carte quitte le terrain"
    )
    actions = effect.locator('[data-field="effects[0].actions"]')
    actions.locator("select[data-adder]").select_option(value="DEPLOY")
    actions.locator("[data-op=add-item]").click()
    expect(actions).to_contain_text("déployer des cartes (gratuitement sauf coût indiqué")
    # The fixed references are offered in a list, with their French meanings.
    expect(editor.locator("select[data-ref] option[value=OWN_LEADER]").first).to_have_text(
        "le Leader de son contrôleur (OWN_LEADER)"
    )
    form_text = editor.inner_text()
    for english in (
        "when the card is deployed",
        "deploy cards",
        "lost when the card leaves",
        "its controller",
    ):
        assert english not in form_text, english
    screenshot(page, "effect-editor-fr")

    # A field touched and left empty says so once, at its field.
    effect_id.fill("")
    expect(effect.locator('[data-error-for="effects[0].effectId"]')).to_have_text("obligatoire")
    effect_id.fill(f"{card.stable_id}.pioche")
    expect(effect.locator('[data-error-for="effects[0].effectId"]')).to_have_text("")

    # On save the card is kept with its unfinished effect (a draft, issue 45), and every problem
    # shows, each once, none with its path twice.
    # The editor's own button: the page's first submit button in <main> is the lock's (the card's
    # presence panel), which saves nothing (the test clicked it, then waited 15 s for a page that
    # never came, and read the live messages as the save's).
    with page.expect_navigation():
        page.locator("#card-editor .savebar").get_by_role("button", name="Enregistrer", exact=True).click()
    expect(page.get_by_role("status").first).to_contain_text("Toyama Kazuha est maintenant en version 2")
    card.refresh_from_db()
    assert card.version == 2 and card.effects[0]["effectId"] == f"{card.stable_id}.pioche"
    # The editor (effects.js) puts each problem at its field once it has built the form from the
    # schema it fetches, which may answer after the page has loaded: waited for.
    problems = page.locator(".fielderror, .errors, ul.findings li").filter(has_text=re.compile(r"\S"))
    expect(problems, "the save shows the problems").not_to_have_count(0)
    texts = problems.all_inner_texts()
    for t in texts:
        assert not re.search(r"(effects\[\d+\][\w.\[\]]*)\s+\1", t), t
    screenshot(page, "effect-editor-fr-saved")


def test_a_new_card_proposes_effect_ids_from_its_name(page, login, make_user):
    designer = make_user("designer", username="dana")
    login(page, designer, "/cards/new/?game=darkrow")
    page.locator("#id_name").fill("Toyama Kazuha")
    editor = page.locator("[data-effect-editor]")
    editor.get_by_role("button", name="+ Ajouter un effet").click()
    effect_id = editor.locator("fieldset.effect").first.get_by_label(re.compile("Identifiant de l’effet"))
    expect(effect_id).to_have_value("toyama-kazuha.e1")
    # The legend follows the id as it is typed, in the same French sentence.
    legend = editor.locator("fieldset.effect").first.locator(":scope > legend")
    effect_id.fill("toyama-kazuha.pioche")
    expect(legend).to_have_text("Effet 1\u00a0: toyama-kazuha.pioche")
    assert legend.text_content() == "Effet 1\u00a0: toyama-kazuha.pioche"
