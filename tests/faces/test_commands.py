"""renderface, printsheet and exporttts against the demo cards in the database."""

import json

import pdfplumber
import pytest
from PIL import Image

from tests.decks.conftest import DECKS, load_cards  # noqa: F401  (fixture)
from tests.decks.test_commands import run


@pytest.fixture
def td02(load_cards):  # noqa: F811
    load_cards("vanguard")
    status, out, _ = run("importdeck", str(DECKS / "vanguard-td02.deck.json"))
    assert status == 0
    return out.strip()


def test_renderface_png_at_300_dpi_with_and_without_bleed(load_cards, tmp_path):  # noqa: F811
    load_cards("vanguard")
    status, out, _ = run("renderface", "TD01-001", "--out", str(tmp_path / "a.png"))
    assert status == 0 and "TD01-001" in out
    assert Image.open(tmp_path / "a.png").size == (744, 1039)
    status, *_ = run("renderface", "TD01-001", "--out", str(tmp_path / "b.png"), "--bleed", "3")
    assert status == 0
    assert Image.open(tmp_path / "b.png").size == (815, 1110)  # 69 x 94 mm at 300 dpi


def test_renderface_svg_embeds_its_fonts(load_cards, tmp_path):  # noqa: F811
    load_cards("darkrow")
    status, *_ = run("renderface", "DR-U02", "--out", str(tmp_path / "k.svg"))
    svg = (tmp_path / "k.svg").read_text(encoding="utf-8")
    assert status == 0 and "Toyama Kazuha" in svg and "data:font/woff2" in svg


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["NOPE", "--out", "x.png"], "no card"),
        (["TD01-001", "--out", "x.gif"], ".svg or .png"),
        (["TD01-001", "--out", "x.png", "--bleed", "40"], "bleed"),
        (["TD01-001", "--out", "x.png", "--dpi", "5"], "dpi"),
    ],
)
def test_renderface_bad_input_exits_2_with_one_line(load_cards, args, reason):  # noqa: F811
    load_cards("vanguard")
    status, _, err = run("renderface", *args)
    assert status == 2 and reason in err and "\n" not in err.strip()


def test_printsheet_of_a_deck_has_a_face_per_copy(td02, tmp_path):
    out = tmp_path / "deck.pdf"
    status, text, _ = run("printsheet", "--deck", td02, "--out", str(out), "--backs")
    assert status == 0 and "50 cards" in text
    with pdfplumber.open(out) as pdf:
        assert len(pdf.pages) == 2 * 6  # 50 cards: 6 pages, each followed by its backs
        assert "TD02" in pdf.pages[0].extract_text()


def test_printsheet_of_a_set_on_letter_with_bleed(load_cards, tmp_path):  # noqa: F811
    load_cards("darkrow")
    out = tmp_path / "set.pdf"
    status, text, _ = run(
        "printsheet", "--game", "darkrow", "--out", str(out), "--paper", "letter", "--bleed", "2"
    )
    assert status == 0 and "13 cards" in text
    with pdfplumber.open(out) as pdf:
        assert (round(pdf.pages[0].width), round(pdf.pages[0].height)) == (612, 792)


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--deck", "999", "--out", "x.pdf"], "no deck"),
        (["--game", "poker", "--out", "x.pdf"], "unknown game"),
        (["--game", "darkrow", "--set", "ZZ", "--out", "x.pdf"], "no card"),
        (["--game", "darkrow", "--out", "x.pdf", "--paper", "a3"], "paper"),
        (["--game", "darkrow", "--out", "x.png"], ".pdf"),
    ],
)
def test_printsheet_bad_input_exits_2(load_cards, args, reason):  # noqa: F811
    load_cards("darkrow")
    status, _, err = run("printsheet", *args)
    assert status == 2 and reason in err


def test_exporttts_counts_equal_the_decks(td02, tmp_path):
    from decks.models import Deck

    deck = Deck.objects.get(pk=int(td02))
    status, text, _ = run("exporttts", td02, "--out", str(tmp_path / "tts"))
    assert "50 cards" in text
    assert status == 0
    saved = json.loads((tmp_path / "tts" / "deck.json").read_text(encoding="utf-8"))
    state = saved["ObjectStates"][0]
    expected = {}
    for e in deck.entries.select_related("card"):
        expected[e.card.stable_id] = expected.get(e.card.stable_id, 0) + e.count
    got = {}
    for o in state["ContainedObjects"]:
        got[o["GMNotes"]] = got.get(o["GMNotes"], 0) + 1
    assert got == expected and len(state["DeckIDs"]) == sum(expected.values()) == 50
    assert (tmp_path / "tts" / "sheet-1.jpg").exists() and (tmp_path / "tts" / "back.jpg").exists()
    status, _, err = run("exporttts", "12345", "--out", str(tmp_path / "x"))
    assert status == 2 and "no deck" in err
