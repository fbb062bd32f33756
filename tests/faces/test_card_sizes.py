"""A card size each game's face template may set (``cardSize``: poker, bridge, tarot, mini, Euro
poker), the print shops' presets following it (their bleed and safe zone around its trim), and a
printer that does not print a size saying so (issue 40, item 2). Files read back with pikepdf,
pdfplumber and Pillow against the numbers."""

import copy
import io
import zipfile

import pdfplumber
import pikepdf
import pytest
from PIL import Image

from faces.layouts import SizeNotPrinted, layouts, printer_for
from faces.template import template_for, validate_template
from rules.face_template import CARD_SIZES, card_size, card_size_name
from tests.decks.conftest import load_cards  # noqa: F401  (fixture)
from tests.decks.test_commands import run

# (printer, size): the image's pixels at 300 dpi (the printer's bleed around the size's trim) and the
# trim in points (2.25 x 3.5 in = 162 x 252 pt; 2.75 x 4.75 in = 198 x 342 pt; 1.75 x 2.5 in = 126 x 180 pt).
NUMBERS = {
    ("mpc-poker", "poker"): ((822, 1122), (180, 252)),
    ("mpc-poker", "bridge"): ((747, 1122), (162, 252)),  # 0.12 in of bleed each side
    ("mpc-poker", "tarot"): ((897, 1497), (198, 342)),
    ("mpc-poker", "mini"): ((597, 822), (126, 180)),
    ("tgc-poker", "bridge"): ((750, 1125), (162, 252)),  # 1/8 in of bleed each side
    ("tgc-poker", "tarot"): ((900, 1500), (198, 342)),
    ("tgc-poker", "mini"): ((600, 825), (126, 180)),
}


def sized(game: str, name: str) -> dict:
    """``game``'s default template at the named size: its boxes scaled to the new card."""
    data = copy.deepcopy(template_for(game))
    old_w, old_h = card_size(data)
    new_w, new_h = CARD_SIZES[name]
    fx, fy = new_w / old_w, new_h / old_h

    def scale(regions):
        for region in regions:
            box = region.get("box")
            if isinstance(box, dict):
                box.update(
                    x=round(box["x"] * fx, 3),
                    y=round(box["y"] * fy, 3),
                    w=round(box["w"] * fx, 3),
                    h=round(box["h"] * fy, 3),
                )

    scale(data["regions"])
    scale((data.get("back") or {}).get("regions", []))
    data["cardSize"] = name
    data["size"] = {"width": new_w, "height": new_h}
    return data


def store(game: str, data: dict) -> None:
    from faces.services import template_save

    template_save(game=game, data=data)


@pytest.mark.parametrize("name", list(CARD_SIZES))
def test_each_named_size_is_the_cards_size(name):
    data = sized("darkrow", name)
    assert validate_template(data, game="darkrow") == []
    assert card_size(data) == CARD_SIZES[name] and card_size_name(data) == name


def test_the_studios_63_x_88_cards_print_as_poker_cards():
    assert card_size_name(template_for("vanguard")) == "poker"
    assert card_size_name({"size": {"width": 70, "height": 100}}) is None


def test_an_unknown_size_is_an_error_naming_the_sizes_allowed():
    data = template_for("darkrow")
    data["cardSize"] = "jumbo"
    (error,) = [e for e in validate_template(data, game="darkrow") if e.path == "cardSize"]
    assert "jumbo" in error.message and error.allowed == tuple(CARD_SIZES)


def test_a_size_that_contradicts_the_named_size_is_an_error():
    data = template_for("darkrow")
    data["cardSize"] = "bridge"  # size stays 63 x 88
    (error,) = [e for e in validate_template(data, game="darkrow") if e.path == "size"]
    assert "57.15 x 88.9" in error.message


@pytest.mark.parametrize(("layout", "name"), list(NUMBERS))
def test_the_printers_numbers_follow_the_size(layout, name):
    printer = printer_for(layouts()[layout], sized("darkrow", name))
    assert printer.pixels == NUMBERS[(layout, name)][0]
    assert printer.trim_points == NUMBERS[(layout, name)][1]
    assert printer.bleed_mm == pytest.approx(layouts()[layout].printer.bleed_mm)
    assert printer.safe_mm == pytest.approx(3.175)


def test_a_printer_that_does_not_print_a_size_says_so():
    with pytest.raises(SizeNotPrinted) as caught:
        printer_for(layouts()["dtc-poker"], sized("darkrow", "tarot"))
    assert caught.value.key == "SIZE_NOT_PRINTED" and "dtc-poker does not print tarot" in str(caught.value)
    for layout in ("mpc-poker", "tgc-poker", "dtc-poker"):  # no preset prints Euro poker cards
        with pytest.raises(SizeNotPrinted, match="euro-poker"):
            printer_for(layouts()[layout], sized("darkrow", "euro-poker"))
    with pytest.raises(SizeNotPrinted, match="none of the card sizes"):
        printer_for(layouts()["mpc-poker"], {"size": {"width": 70, "height": 100}})


@pytest.mark.parametrize(
    ("layout", "name"), [("mpc-poker", "bridge"), ("tgc-poker", "tarot"), ("mpc-poker", "mini")]
)
def test_printsheet_pdf_and_zip_follow_the_templates_size(a_card_of_each_type, tmp_path, layout, name):
    store("darkrow", sized("darkrow", name))
    (px_w, px_h), (trim_w, trim_h) = NUMBERS[(layout, name)]
    page_w, page_h = px_w * 72 / 300, px_h * 72 / 300
    bx, by = (page_w - trim_w) / 2, (page_h - trim_h) / 2
    pdf_path = tmp_path / "cards.pdf"
    status, _, err = run(
        "printsheet", "--game", "darkrow", "--out", str(pdf_path), "--layout", layout, "--cmyk"
    )
    assert status == 0, err
    with pikepdf.open(pdf_path) as pdf:
        assert len(pdf.pages) == 4  # a card a page
        for page in pdf.pages:
            assert [float(v) for v in page.obj["/MediaBox"]] == [
                0,
                0,
                pytest.approx(page_w),
                pytest.approx(page_h),
            ]
            assert [float(v) for v in page.obj["/TrimBox"]] == [
                pytest.approx(bx),
                pytest.approx(by),
                pytest.approx(page_w - bx),
                pytest.approx(page_h - by),
            ]
            (raw,) = page.get_images().values()
            image = pikepdf.PdfImage(raw)
            assert (image.width, image.height) == (px_w, px_h) and raw["/ColorSpace"] == "/DeviceCMYK"
    with pdfplumber.open(pdf_path) as pdf:
        assert (pdf.pages[0].width, pdf.pages[0].height) == (pytest.approx(page_w), pytest.approx(page_h))
        assert pdf.pages[0].images[0]["srcsize"] == (px_w, px_h)
    zip_path = tmp_path / "cards.zip"
    status, _, err = run(
        "printsheet", "--game", "darkrow", "--out", str(zip_path), "--layout", layout, "--backs"
    )
    assert status == 0, err
    with zipfile.ZipFile(zip_path) as archive:
        assert len(archive.namelist()) == 5  # each card and the back
        for member in archive.namelist():
            image = Image.open(io.BytesIO(archive.read(member)))
            assert image.size == (px_w, px_h) and tuple(round(d) for d in image.info["dpi"]) == (300, 300)
    png = tmp_path / "card.png"
    card = __import__("cards.models", fromlist=["Card"]).Card.objects.filter(game="darkrow").first()
    status, _, err = run("renderface", card.stable_id, "--out", str(png), "--layout", layout)
    assert status == 0, err
    assert Image.open(png).size == (px_w, px_h)


def test_printsheet_refuses_a_size_the_printer_does_not_print(load_cards, tmp_path):  # noqa: F811
    load_cards("darkrow")
    store("darkrow", sized("darkrow", "euro-poker"))
    out = tmp_path / "cards.pdf"
    status, _, err = run("printsheet", "--game", "darkrow", "--out", str(out), "--layout", "tgc-poker")
    assert status == 2 and "tgc-poker does not print euro-poker cards" in err and "bridge" in err
    assert not out.exists() or out.stat().st_size == 0


def test_a_home_printers_sheet_draws_cards_at_the_templates_size(load_cards, tmp_path):  # noqa: F811
    load_cards("darkrow")
    store("darkrow", sized("darkrow", "mini"))
    out = tmp_path / "cards.pdf"
    status, _, err = run("printsheet", "--game", "darkrow", "--out", str(out), "--paper", "a4")
    assert status == 0, err
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        xs = sorted({round(line["x0"], 2) for line in page.lines if abs(line["x0"] - line["x1"]) < 0.01})
        ys = sorted(
            {round(line["top"], 2) for line in page.lines if abs(line["top"] - line["bottom"]) < 0.01}
        )
    mm = 25.4 / 72
    # the crop marks stand on the trim lines: 3 cards across, 44.45 mm apart; 3 down, 63.5 mm apart
    assert (xs[-1] - xs[0]) * mm == pytest.approx(3 * 44.45, abs=0.05)
    assert (ys[-1] - ys[0]) * mm == pytest.approx(3 * 63.5, abs=0.05)


def test_the_template_editor_shows_and_sets_the_card_size_in_words(client_as, designer):
    from django.urls import reverse

    from faces.selectors import template_current

    client = client_as(designer)
    page = client.get(reverse("faces:template", args=["darkrow"])).content.decode()
    assert (
        'name="card_size"' in page
        and "Tarot, 70 × 120 mm" in page
        and "Bridge, 57.15 × 88.9 mm (2.25 × 3.5 in)" in page
    )
    assert "print it at this size: Poker, 63.5 × 88.9 mm" in page  # the studio's 63 x 88 mm card
    version = template_current("darkrow").version
    # a size the regions do not fit is refused at the region's path, nothing stored
    refused = client.post(
        reverse("faces:template", args=["darkrow"]),
        {"mode": "fields", "version": version, "card_size": "mini"},
    )
    assert refused.status_code == 400 and template_current("darkrow").data.get("cardSize") is None
    unknown = client.post(
        reverse("faces:template", args=["darkrow"]),
        {"mode": "fields", "version": version, "card_size": "jumbo"},
    )
    assert (
        unknown.status_code == 400
        and "no card size" in unknown.content.decode()
        and "euro-poker" in unknown.content.decode()
    )
    saved = client.post(
        reverse("faces:template", args=["darkrow"]),
        {"mode": "fields", "version": version, "card_size": "poker"},
    )
    assert saved.status_code == 302
    data = template_current("darkrow").data
    assert data["cardSize"] == "poker" and data["size"] == {"width": 63.5, "height": 88.9}


@pytest.mark.parametrize(("lang", "words"), [("fr", "Tarot, 70 × 120 mm"), ("ru", "Таро, 70 × 120 мм")])
def test_the_card_sizes_are_said_in_french_and_russian(lang, words):
    from django.utils import translation

    from faces.card_sizes import choices

    with translation.override(lang):
        labels = dict(choices())
    assert labels["tarot"] == words
