"""The card-set page and the builder's printing choice in a real browser, on a desktop and at 390 px:
a refused import stays in place (the file chosen, every row named), a good one reports; screenshots."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from cards import imports as card_imports
from cards.demo import card_set
from decks import services
from decks.models import Deck
from tests.decks.conftest import own_everything

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

BAD = b"name;type;cost;atk;pv\nVodka;UNIT;six;6;6\nGin;LEADER;;;x\n"
GOOD = b"name;type;cost;atk;pv;archetypes\nVodka;UNIT;6;6;6;Organisation | Noir\nGin;LEADER;;;;Organisation\n"


@pytest.mark.parametrize("width", [1280, 390])
def test_a_designer_imports_a_spreadsheet_in_place(page, login, make_user, screenshot, width, tmp_path):
    page.set_viewport_size({"width": width, "height": 900})
    login(page, make_user("designer", username=f"dana{width}"))
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Card sets").click()
    expect(page.get_by_role("heading", name="Card sets", level=1)).to_be_visible()
    # A click's navigation is not waited for: the page is shown before htmx wires its form, and an
    # import sent before that is a plain post (the refusal then gets no focus).
    page.wait_for_load_state()
    bad, good = tmp_path / "bad.csv", tmp_path / "good.csv"
    bad.write_bytes(BAD)
    good.write_bytes(GOOD)
    page.locator("#set-import").get_by_label("Game").select_option("darkrow")
    page.get_by_label("Card-set file").set_input_files(str(bad))
    page.get_by_role("button", name="Import", exact=True).click()
    refusal = page.locator("#set-report [data-refusal]")
    expect(refusal).to_contain_text("Nothing was imported")
    expect(refusal).to_contain_text("row 2 (Vodka), column cost (C): 'six' is not a whole number")
    expect(refusal).to_contain_text("row 3 (Gin), column pv (E)")
    expect(refusal).to_be_focused()
    # The page and the form stay: the game chosen is kept; nothing was imported.
    expect(page.locator("#set-import").get_by_label("Game")).to_have_value("darkrow")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    screenshot(page, f"card-sets-refused-{width}")
    page.get_by_label("Card-set file").set_input_files(str(good))
    page.get_by_role("button", name="Import", exact=True).click()
    expect(page.locator("#set-report")).to_contain_text("darkrow: 2 created, 0 updated, 0 unchanged.")
    page.get_by_label("Card-set file").set_input_files(str(good))
    page.get_by_role("button", name="Import", exact=True).click()
    expect(page.locator("#set-report")).to_contain_text("darkrow: 0 created, 0 updated, 2 unchanged.")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    screenshot(page, f"card-sets-imported-{width}")


def test_the_export_downloads_the_chosen_format(page, login, make_user):
    card_imports.cards_import(payload=card_set("duel"))
    login(page, make_user("designer", username="dana"))
    page.goto("/cards/sets/")
    export = page.locator("#set-export")
    export.get_by_label("Game").select_option("duel")
    export.get_by_label("Format").select_option("xlsx")
    with page.expect_download() as download:
        export.get_by_role("button", name="Download").click()
    assert download.value.suggested_filename == "duel-cards.xlsx"


@pytest.mark.parametrize("width", [1280, 390])
def test_the_builder_shows_the_printing_choice(page, login, make_user, screenshot, width):
    card_imports.cards_import(payload=card_set("vanguard"))
    player = make_user("playtester", username=f"paula{width}")
    with open("cards/demo/decks/vanguard-td01.deck.json", encoding="utf-8") as handle:
        own_everything(player, json.load(handle))
    deck = services.deck_create(
        data={
            "game": "vanguard",
            "name": "Printings",
            "sections": {"main": [{"card": "Blaster Blade", "count": 4}]},
        },
        user=player,
    )
    page.set_viewport_size({"width": width, "height": 900})
    login(page, player, f"/decks/{deck.pk}/")
    choice = page.locator('select[data-printing-of="Blaster Blade"]')
    expect(choice).to_be_visible()
    screenshot(page, f"builder-printing-{width}")
    with page.expect_response(lambda r: "/printing/" in r.url):
        choice.select_option("BT01-002")
    expect(page.locator('select[data-printing-of="Blaster Blade"]')).to_have_value("BT01-002")
    page.wait_for_load_state("networkidle")
    assert Deck.objects.get(pk=deck.pk).entries.get(position=0).ref == "BT01-002"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    screenshot(page, f"builder-printing-chosen-{width}")
