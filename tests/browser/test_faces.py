"""Card faces in a real browser: the editor's live face, the template editor, the visual deck view, screenshots."""

import json

import pytest
from playwright.sync_api import expect

from cards import imports as card_imports
from cards.demo import DEMO_DIR, card_set, demo_games
from tests.browser.helpers import settled, wait_loaded

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def test_the_editor_face_follows_typing_with_the_overflow_finding(
    page, login, make_user, make_card, screenshot
):
    designer = make_user("designer", username="dana")
    card = make_card("darkrow", name="Toyama Kazuha", text="Rapide : déployer une unité.")
    login(page, designer, f"/cards/{card.stable_id}/")
    face = page.locator("#face-preview svg")
    expect(face).to_contain_text("Toyama Kazuha")
    settled(page)
    name = page.get_by_label("Name", exact=True)
    name.fill("")
    name.press_sequentially("Kazuha à l’œuvre", delay=20)
    expect(face).to_contain_text("Kazuha à l’œuvre")
    expect(page.locator("#face-findings")).not_to_contain_text("TEXT_OVERFLOW")
    page.get_by_label("Text", exact=True).fill("Une phrase beaucoup trop longue pour la boîte. " * 40)
    expect(page.locator("#face-findings")).to_contain_text("TEXT_OVERFLOW")
    screenshot(page, "faces-card-editor")


def test_a_designer_changes_a_colour_and_the_preview_follows(page, login, make_user, make_card, screenshot):
    designer = make_user("designer", username="dana")
    make_card("darkrow", name="Agasa", cost=2, atk=1, pv=2)
    login(page, designer, "/faces/darkrow/template/")
    preview = page.locator("#template-preview")
    expect(preview.locator("svg")).to_have_count(1)
    before = preview.inner_html()
    colour = page.locator("#template-form input[type=color]").first
    colour.evaluate("el => { el.value = '#ff0000'; el.dispatchEvent(new Event('input', {bubbles: true})); }")
    expect(preview).not_to_have_text("")  # still drawn
    page.wait_for_function(
        "before => document.querySelector('#template-preview').innerHTML !== before", arg=before
    )
    assert "#ff0000" in preview.inner_html()
    screenshot(page, "faces-template-editor")


@pytest.mark.parametrize("game", demo_games())
def test_screenshots_of_every_demo_games_faces(page, login, make_user, screenshot, game):
    card_imports.cards_import(payload=card_set(game))
    login(page, make_user("designer", username="dana"), f"/faces/{game}/template/")
    expect(page.locator("#template-preview svg").first).to_be_visible()
    screenshot(page, f"faces-{game}")
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, f"faces-{game}-390")


def test_the_visual_deck_view_shows_faces_in_columns_with_copies_stacked(page, login, make_user, screenshot):
    from decks import services

    card_imports.cards_import(payload=card_set("duel"))
    playtester = make_user("playtester", username="paula")
    with open(DEMO_DIR / "decks" / "duel-example.deck.json", encoding="utf-8") as handle:
        deck = services.deck_create(data=json.load(handle), user=playtester)
    login(page, playtester, f"/decks/{deck.pk}/")
    page.get_by_role("link", name="Faces").click()
    columns = page.locator(".deck-visual .vcol")
    expect(columns.first).to_be_visible()
    assert columns.count() >= 2
    faces = page.locator(".deck-visual .stack > img.face:first-child")
    for n in range(faces.count()):
        assert wait_loaded(faces.nth(n), timeout=30_000)
    assert page.locator(".deck-visual .stack .count").count() >= 1  # copies stacked, with their number
    screenshot(page, "faces-deck-visual")
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
