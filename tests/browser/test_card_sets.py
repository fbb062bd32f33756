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
    expect(page.locator("#set-report")).to_contain_text("Darkrow: 2 created, 0 updated, 0 unchanged.")
    page.get_by_label("Card-set file").set_input_files(str(good))
    page.get_by_role("button", name="Import", exact=True).click()
    expect(page.locator("#set-report")).to_contain_text("Darkrow: 0 created, 0 updated, 2 unchanged.")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    screenshot(page, f"card-sets-imported-{width}")


# What the report says in each language at 390 px: a refused row, then a card the file says VALIDATED
# stored as Needs review (a designer may not validate), named by its row.
REPORTS = {
    "fr": (
        "ligne 2 (Vodka), colonne cost (C)",
        "ligne 2 (Vodka)\u00a0: ",
        "enregistrée en NEEDS_REVIEW",
        "Fichier importé\u00a0: validated.csv",
        "Darkrow — cartes créées\u00a0: 1, mises à jour\u00a0: 0, inchangées\u00a0: 0.",
    ),
    "ru": (
        "строка 2 (Vodka), столбец cost (C)",
        "строка 2 (Vodka): ",
        "сохранена как NEEDS_REVIEW",
        "Импортирован файл validated.csv",
        "Darkrow: создано 1, обновлено 0, без изменений 0.",
    ),
}


@pytest.mark.parametrize("language", ["fr", "ru"])
def test_the_report_reads_in_the_readers_language_at_390(
    page, login, make_user, screenshot, language, tmp_path
):
    from studio.models import Preference

    designer = make_user("designer", username=f"dana-{language}")
    Preference.objects.update_or_create(user=designer, defaults={"language": language})
    page.set_viewport_size({"width": 390, "height": 900})
    login(page, designer, "/cards/sets/")
    page.wait_for_load_state()
    refused, where, stored, heading, counts = REPORTS[language]
    bad, validated = tmp_path / "bad.csv", tmp_path / "validated.csv"
    bad.write_bytes(BAD)
    validated.write_bytes(b"name;type;cost;atk;pv;status\nVodka;UNIT;6;6;6;VALIDATED\n")
    page.locator("#set-import select[name='game']").select_option("darkrow")
    page.locator("#set-import input[type='file']").set_input_files(str(bad))
    page.locator("#set-import button[type='submit']").click()
    expect(page.locator("#set-report [data-refusal]")).to_contain_text(refused)
    assert "row 2" not in page.locator("#set-report").inner_text()
    screenshot(page, f"card-sets-refused-{language}-390")
    page.locator("#set-import input[type='file']").set_input_files(str(validated))
    page.locator("#set-import button[type='submit']").click()
    report = page.locator("#set-report .saved")
    expect(report).to_contain_text(stored)
    text = report.text_content()
    assert where in text and "stored as" not in text
    assert heading in text and counts in text  # one sentence each: the French space before its colons
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    screenshot(page, f"card-sets-imported-{language}-390")


def test_the_export_downloads_the_chosen_format(page, login, make_user):
    card_imports.cards_import(payload=card_set("duel"))
    login(page, make_user("designer", username="dana"), "/cards/sets/")
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
