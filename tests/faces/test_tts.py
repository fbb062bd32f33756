import io
import json
import zipfile
from collections import Counter

from PIL import Image

from faces.render import render_back, render_face
from faces.template import template_for
from faces.tts import COLUMNS, FACES_PER_SHEET, ROWS, TtsEntry, write_tts_dir, write_tts_zip

from .helpers import demo_cards


def entries(game, counts):
    template = template_for(game)
    cards = demo_cards(game)
    return [TtsEntry(render_face(c, template, fonts="none"), n) for c, n in zip(cards, counts)]


def test_deck_json_counts_equal_the_decks(tmp_path):
    counts = [4, 4, 3, 2, 1] + [2] * 18  # 50 copies of 23 cards
    deck = entries("vanguard", counts)
    back = render_back("vanguard", template_for("vanguard"), fonts="none")
    export = write_tts_dir(deck, back, tmp_path, deck_name="Royal Paladin")
    saved = json.loads((tmp_path / "deck.json").read_text(encoding="utf-8"))
    state = saved["ObjectStates"][0]
    assert state["Name"] == "DeckCustom" and state["Nickname"] == "Royal Paladin"
    assert len(state["DeckIDs"]) == sum(counts) == 50 == len(state["ContainedObjects"])
    per_card = Counter(o["GMNotes"] for o in state["ContainedObjects"])
    assert per_card == {e.face.stable_id: e.count for e in deck}
    assert export.counts == dict(per_card)
    assert state["CustomDeck"]["1"]["FaceURL"] == (tmp_path / "sheet-1.jpg").resolve().as_uri()
    sheet = Image.open(tmp_path / "sheet-1.jpg")
    assert sheet.size == (COLUMNS * 400, ROWS * 559)
    assert (tmp_path / "back.jpg").exists()


def test_more_cards_than_a_sheet_holds_take_several_sheets():
    cards = demo_cards("vanguard")
    template = template_for("vanguard")
    deck = [TtsEntry(render_face(c, template, fonts="none"), 1) for c in cards[:75]]
    out = io.BytesIO()
    back = render_back("vanguard", template, fonts="none")
    export = write_tts_zip(
        deck, back, out, deck_name="all", face_url=lambda n: f"https://studio.example/tts/{n}", width_px=30
    )
    names = zipfile.ZipFile(io.BytesIO(out.getvalue())).namelist()
    assert sorted(names) == ["back.jpg", "deck.json", "sheet-1.jpg", "sheet-2.jpg"]
    state = export.saved_object["ObjectStates"][0]
    ids = state["DeckIDs"]
    assert (
        ids[0] == 100
        and ids[FACES_PER_SHEET - 1] == 100 + FACES_PER_SHEET - 1
        and ids[FACES_PER_SHEET] == 200
    )
    assert state["CustomDeck"]["2"]["FaceURL"] == "https://studio.example/tts/sheet-2.jpg"
    assert len(ids) == 75


def test_a_single_card_is_a_card_not_a_deck(tmp_path):
    deck = entries("duel", [1])
    back = render_back("duel", template_for("duel"), fonts="none")
    export = write_tts_dir(deck, back, tmp_path, deck_name="x", width_px=40)
    assert export.saved_object["ObjectStates"][0]["Name"] == "Card"


def test_a_face_is_drawn_at_the_sheets_size_not_resampled():
    """A face of a sheet is its drawing at the resolution that makes it the slot's width (400 px),
    pixel for pixel: not drawn at a whole dpi and resampled to the slot."""
    from faces.raster import drawing_to_image
    from faces.tts import FACE_WIDTH_PX, _face_image

    face = entries("duel", [1])[0].face
    image = _face_image(face, FACE_WIDTH_PX)
    assert image.size == (400, 559)
    drawn = drawing_to_image(face.drawing, dpi=FACE_WIDTH_PX / face.width_mm * 25.4).convert("RGB")
    assert image.tobytes() == drawn.tobytes()
