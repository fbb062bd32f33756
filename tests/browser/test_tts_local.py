"""The deck page offers the Tabletop Simulator export in local mode (issue 25, item 4): in French, at
390 px, a folder the browser refuses before sending (relative, with ..) and a zip whose deck.json
points at file:/// paths under the folder given. Screenshot: tts-local-fr-390.png."""

import io
import json
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import FITS
from tests.decks.conftest import load_cards  # noqa: F401 (fixture)
from tests.faces.conftest import duel_deck  # noqa: F401 (fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


@pytest.fixture
def browser_locale():
    return "fr-FR"


def test_the_local_zip_from_the_deck_page_in_french_at_390(page, login, playtester, duel_deck, screenshot):  # noqa: F811
    page.set_viewport_size({"width": 390, "height": 900})
    login(page, playtester, f"/decks/{duel_deck.pk}/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    local = page.locator("details.tts-local")
    local.locator("summary").click()
    expect(local.get_by_text("Tabletop Simulator, fichiers locaux (zip)")).to_be_visible()
    folder = local.get_by_label("Le dossier où vous le décompresserez", exact=False)
    for bad in ("relatif\\deck", "C:\\Jeux\\..\\Windows", "//serveur/partage"):
        folder.fill(bad)
        assert folder.evaluate("input => !input.checkValidity()"), bad
    folder.fill("C:\\Jeux\\TTS\\duel")
    assert folder.evaluate("input => input.checkValidity()")
    assert page.evaluate(FITS), "the deck page is wider than 390 px"
    screenshot(page, "tts-local-fr-390")
    with page.expect_download() as download:
        local.get_by_role("button", name="Télécharger le zip local").click()
    data = Path(download.value.path()).read_bytes()
    state = json.loads(zipfile.ZipFile(io.BytesIO(data)).read("deck.json"))
    sheet = state["ObjectStates"][0]["CustomDeck"]["1"]
    assert sheet["FaceURL"] == "file:///C:\\Jeux\\TTS\\duel\\sheet-1.jpg"
    assert sheet["BackURL"] == "file:///C:\\Jeux\\TTS\\duel\\back.jpg"
