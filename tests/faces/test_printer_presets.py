"""The print shops' presets (faces/layouts/{mpc,tgc,dtc}-poker.json): images at the printer's exact
pixels, dpi and sRGB, and one card a page PDFs whose boxes nest, read back with Pillow, pikepdf and
pdfplumber against the printers' published numbers (issue 40, item 2)."""

import dataclasses
import io
from decimal import Decimal
from fractions import Fraction

import pdfplumber
import pikepdf
import pytest
from PIL import Image, ImageCms, ImageMath

from faces.layouts import LayoutError, layouts, parse
from faces.printer import page_boxes
from tests.decks.conftest import load_cards  # noqa: F401  (fixture)
from tests.decks.test_commands import run

# The printers' numbers, as they publish them (the links are in the layout files).
PRINTERS = {
    # MakePlayingCards poker size: 2.5 x 3.5 in, uploaded as 822 x 1122 px at 300 dpi.
    "mpc-poker": {"pixels": (822, 1122), "format": "PNG", "page": (197.28, 269.28), "trim": (8.64, 8.64)},
    # The Game Crafter poker deck: 825 x 1125 px at 300 dpi (1/8 in bleed).
    "tgc-poker": {"pixels": (825, 1125), "format": "PNG", "page": (198, 270), "trim": (9, 9)},
    # DriveThruCards: 2.5 x 3.5 in with 1/8 in bleed each side, 300 dpi, no PNG inside the PDF.
    "dtc-poker": {"pixels": (825, 1125), "format": "JPEG", "page": (198, 270), "trim": (9, 9)},
}


@pytest.mark.parametrize("name", PRINTERS)
def test_each_preset_says_its_printers_numbers_and_spec(name):
    printer = layouts()[name].printer
    assert printer is not None and printer.spec.startswith("https://")
    assert printer.pixels == PRINTERS[name]["pixels"] and printer.dpi == 300
    assert printer.trim_points == (180, 252)  # 2.5 x 3.5 in, exactly
    assert printer.safe_mm == pytest.approx(3.175)  # 1/8 in


@pytest.mark.parametrize("name", PRINTERS)
def test_page_boxes_nest_exactly(name):
    boxes = page_boxes(layouts()[name].printer)
    w, h = PRINTERS[name]["page"]
    bx, by = PRINTERS[name]["trim"]
    assert boxes["/MediaBox"] == [0, 0, Decimal(str(w)), Decimal(str(h))]
    assert boxes["/BleedBox"] == boxes["/MediaBox"]
    assert boxes["/TrimBox"] == [
        Decimal(str(bx)),
        Decimal(str(by)),
        Decimal(str(w - bx)),
        Decimal(str(h - by)),
    ]


@pytest.mark.parametrize("name", PRINTERS)
def test_renderface_writes_the_printers_image(load_cards, tmp_path, name):  # noqa: F811
    load_cards("vanguard")
    fmt = PRINTERS[name]["format"]
    out = tmp_path / ("card.png" if fmt == "PNG" else "card.jpg")
    status, _, err = run("renderface", "TD01-001", "--out", str(out), "--layout", name)
    assert status == 0, err
    image = Image.open(out)
    assert image.format == fmt and image.mode == "RGB"
    assert image.size == PRINTERS[name]["pixels"]
    assert tuple(round(d) for d in image.info["dpi"]) == (300, 300)
    profile = ImageCms.ImageCmsProfile(io.BytesIO(image.info["icc_profile"]))
    assert "sRGB" in ImageCms.getProfileDescription(profile)


# What printsheet made of darkrow's demo cards with --backs, by layout: (status, output, errors, the PDF).
# The same command on the same cards makes the same pages: tests of this process that check other
# things of it read the one file (a test that runs alone makes its own).
_SHEETS: dict[str, tuple[int, str, str, bytes]] = {}


def darkrow_sheet_with_backs(load_cards, out, name):  # noqa: F811
    """``printsheet --game darkrow --layout NAME --backs`` on the demo cards, written to ``out``."""
    if name not in _SHEETS:
        if not getattr(load_cards, "darkrow_loaded", False):  # once a test
            load_cards("darkrow")
            load_cards.darkrow_loaded = True
        status, text, err = run(
            "printsheet", "--game", "darkrow", "--out", str(out), "--layout", name, "--backs"
        )
        _SHEETS[name] = (status, text, err, out.read_bytes() if status == 0 else b"")
    status, text, err, pdf = _SHEETS[name]
    out.write_bytes(pdf)
    return status, text, err


@pytest.mark.parametrize("name", PRINTERS)
def test_printsheet_writes_one_card_a_page_with_nested_boxes(load_cards, tmp_path, name):  # noqa: F811
    out = tmp_path / "cards.pdf"
    status, text, err = darkrow_sheet_with_backs(load_cards, out, name)
    assert status == 0, err
    assert "13 cards, 13 pages" in text
    w, h = PRINTERS[name]["page"]
    bx, by = PRINTERS[name]["trim"]
    with pikepdf.open(out) as pdf:
        assert len(pdf.pages) == 2 * 13  # each card, then its back
        for page in pdf.pages:
            media = [float(v) for v in page.obj["/MediaBox"]]
            bleed = [float(v) for v in page.obj["/BleedBox"]]
            trim = [float(v) for v in page.obj["/TrimBox"]]
            assert media == bleed == [0, 0, pytest.approx(w), pytest.approx(h)]
            assert trim == [
                pytest.approx(bx),
                pytest.approx(by),
                pytest.approx(w - bx),
                pytest.approx(h - by),
            ]
            assert media[0] <= trim[0] and trim[2] <= media[2] and trim[3] <= media[3]
            (raw,) = page.get_images().values()
            image = pikepdf.PdfImage(raw)
            assert (image.width, image.height) == PRINTERS[name]["pixels"]
            assert "/SMask" not in raw  # no transparency
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        assert (page.width, page.height) == (pytest.approx(w), pytest.approx(h))
        (img,) = page.images
        # the image fills the page: 300 dpi across and down
        assert img["srcsize"] == PRINTERS[name]["pixels"]
        assert img["width"] * 300 / 72 == pytest.approx(PRINTERS[name]["pixels"][0])


def test_a_printer_layout_with_wrong_numbers_is_refused():
    base = {
        "name": "x",
        "label": "x",
        "paper": "card",
        "printer": {
            "spec": "https://example.org/spec",
            "trim": {"width": 2.5, "height": 3.5, "unit": "in"},
            "image": {"width": 700, "height": 1000, "dpi": 300, "format": "png"},
            "safe": 0.125,
        },
    }
    with pytest.raises(LayoutError, match=r"smaller than printer\.trim"):
        parse(base)
    with pytest.raises(LayoutError, match="card page"):
        parse(
            {
                **base,
                "paper": "a4",
                "printer": {
                    **base["printer"],
                    "image": {"width": 825, "height": 1125, "dpi": 300, "format": "png"},
                },
            }
        )


# --- SAFE_ZONE: a text box a printer may cut -----------------------------------------------------------
def test_safe_zone_lists_the_text_boxes_inside_the_printers_margin():
    from faces.printer import safe_zone_findings
    from faces.template import template_for

    findings = safe_zone_findings(template_for("vanguard"), layouts()["tgc-poker"])
    assert [(f.code, f.params["region"], f.params["distance"]) for f in findings] == [
        ("SAFE_ZONE", "kind", "2.8"),
        ("SAFE_ZONE", "footer", "2.8"),
    ]
    assert findings[0].severity == "warning" and "3.175 mm safe zone of tgc-poker" in findings[0].message
    assert safe_zone_findings(template_for("vanguard"), layouts()["print-shop-single"]) == ()


def test_a_text_box_inside_the_safe_zone_is_not_a_finding():
    from rules.face_template import safe_zone_crossings

    template = {
        "size": {"width": 63, "height": 88},
        "regions": [
            {"id": "in", "kind": "text", "box": {"x": 3.2, "y": 3.2, "w": 56.6, "h": 81.6}},
            {"id": "out", "kind": "text", "box": {"x": 3.2, "y": 85, "w": 10, "h": 4}},
            {"id": "panel", "kind": "panel", "box": {"x": 0, "y": 0, "w": 63, "h": 88}},
        ],
    }
    assert safe_zone_crossings(template, 3.175) == [("out", -1.0)]


def test_printsheet_and_renderface_say_safe_zone(load_cards, tmp_path):  # noqa: F811
    load_cards("vanguard")
    status, _, err = run("renderface", "TD01-001", "--out", str(tmp_path / "c.png"), "--layout", "mpc-poker")
    assert status == 0 and "SAFE_ZONE" in err and "footer" in err
    # One set's sixteen cards, not the game's 112 pages drawn at 300 dpi: the template's two text boxes
    # are said once each for the whole sheet (a line per card would be 32 of them).
    status, text, err = run(
        "printsheet",
        "--game",
        "vanguard",
        "--set",
        "TD01",
        "--out",
        str(tmp_path / "c.pdf"),
        "--layout",
        "mpc-poker",
    )
    assert status == 0 and "16 cards, 16 pages" in text and err.count("SAFE_ZONE") == 2
    status, _, err = run(
        "printsheet", "--game", "vanguard", "--set", "TD01", "--out", str(tmp_path / "d.pdf")
    )
    assert status == 0 and "SAFE_ZONE" not in err


@pytest.mark.parametrize(("lang", "words"), [("fr", "zone de sécurité"), ("ru", "безопасной зоны")])
def test_safe_zone_is_said_in_french_and_russian(lang, words):
    from django.utils import translation

    from common.finding_messages import message
    from faces.printer import safe_zone_findings
    from faces.template import template_for

    (finding, *_rest) = safe_zone_findings(template_for("vanguard"), layouts()["dtc-poker"])
    with translation.override(lang):
        assert words in message(finding)


def test_a_decks_sheet_route_takes_a_printers_preset(api, playtester, small_duel_deck):
    from django.urls import reverse

    response = api(playtester).get(
        reverse("faces-api:deck-sheet", args=[small_duel_deck.pk]), {"layout": "tgc-poker"}
    )
    assert response.status_code == 200
    with pikepdf.open(io.BytesIO(response.content)) as pdf:  # a page a copy, at the printer's size
        assert len(pdf.pages) == 6
        assert [float(v) for v in pdf.pages[0].obj["/MediaBox"]] == [0, 0, *PRINTERS["tgc-poker"]["page"]]
    with pikepdf.open(io.BytesIO(response.content)) as pdf:
        assert len(pdf.pages) >= 1
        for page in pdf.pages:
            assert [float(v) for v in page.obj["/MediaBox"]] == [0, 0, 198, 270]
            assert [float(v) for v in page.obj["/TrimBox"]] == [9, 9, 189, 261]
            (raw,) = page.get_images().values()
            assert (raw.Width, raw.Height) == (825, 1125)


def test_dtc_takes_each_cards_back_first(load_cards, tmp_path):  # noqa: F811
    """DriveThruCards: the first page is the back of card 1, the second its front, and so on."""
    pages = {}
    for name in ("dtc-poker", "tgc-poker"):
        out = tmp_path / f"{name}.pdf"
        status, _, err = darkrow_sheet_with_backs(load_cards, out, name)
        assert status == 0, err
        with pikepdf.open(out) as pdf:
            pages[name] = [bytes(next(iter(p.get_images().values())).read_raw_bytes()) for p in pdf.pages[:4]]
    assert layouts()["dtc-poker"].printer.order == "back-front"
    tgc, dtc = pages["tgc-poker"], pages["dtc-poker"]
    assert dtc[0] == dtc[2] and dtc[1] != dtc[3]  # back, front 1, back, front 2
    assert tgc[1] == tgc[3] and tgc[0] != tgc[2]  # front 1, back, front 2, back


def most_ink(image: Image.Image) -> int:
    """The largest total of a CMYK image's four inks at one pixel (0-255 each), summed exactly in
    32-bit integers by Pillow rather than a pixel at a time in Python."""
    c, m, y, k = image.split()
    total = ImageMath.lambda_eval(lambda ink: ink["c"] + ink["m"] + ink["y"] + ink["k"], c=c, m=m, y=y, k=k)
    return total.getextrema()[1]


def test_most_ink_is_the_largest_sum_of_one_pixels_inks():
    image = Image.new("CMYK", (3, 2), (10, 20, 30, 40))
    image.putpixel((2, 1), (255, 255, 255, 200))
    image.putpixel((0, 0), (250, 250, 250, 255))
    assert most_ink(image) == 1005 and most_ink(Image.new("CMYK", (2, 2))) == 0


def _exact(value) -> Fraction:
    """A PDF number as written in the file, as an exact fraction (never through a float)."""
    return Fraction(str(value))


@pytest.mark.parametrize("name", PRINTERS)
def test_the_cmyk_variant_is_pdfx_1a_with_its_output_intent_and_exact_boxes(
    a_card_of_each_type, tmp_path, name
):
    """printsheet --cmyk: PDF/X-1a:2003 as DriveThruCards asks (and MPC, TGC take): CMYK images only,
    no ICC-based colour nor transparency, the FOGRA39 profile as the output intent, the document
    information PDF/X asks for, and the boxes at the printer's numbers exactly (a card of each type)."""
    out = tmp_path / "cards.pdf"
    status, text, err = run(
        "printsheet", "--game", "darkrow", "--out", str(out), "--layout", name, "--backs", "--cmyk"
    )
    assert status == 0, err
    assert "4 cards, 4 pages" in text
    printer = layouts()[name].printer
    page_w, page_h = (Fraction(p * 72, 300) for p in PRINTERS[name]["pixels"])  # the image at 300 dpi
    bleed_x, bleed_y = (page_w - 180) / 2, (page_h - 252) / 2  # around 2.5 x 3.5 in = 180 x 252 pt
    with pikepdf.open(out) as pdf:
        assert pdf.pdf_version == "1.4"
        assert str(pdf.docinfo["/GTS_PDFXVersion"]) == "PDF/X-1a:2003"  # as DriveThruCards asks
        assert pdf.docinfo["/Trapped"] == pikepdf.Name("/False")
        assert str(pdf.docinfo["/Title"]) and str(pdf.docinfo["/CreationDate"]).startswith("D:")
        (intent,) = pdf.Root.OutputIntents
        assert str(intent.S) == "/GTS_PDFX"
        assert str(intent.OutputConditionIdentifier) == "FOGRA39"
        assert intent.DestOutputProfile.N == 4
        profile = ImageCms.ImageCmsProfile(io.BytesIO(intent.DestOutputProfile.read_bytes()))
        assert profile.profile.xcolor_space.strip() == "CMYK"
        assert len(pdf.pages) > 2
        for page in pdf.pages:
            media = [_exact(v) for v in page.obj["/MediaBox"]]
            assert media == [0, 0, page_w, page_h]
            assert [_exact(v) for v in page.obj["/BleedBox"]] == media
            assert [_exact(v) for v in page.obj["/TrimBox"]] == [
                bleed_x,
                bleed_y,
                page_w - bleed_x,
                page_h - bleed_y,
            ]
            (raw,) = page.get_images().values()
            assert raw.ColorSpace == pikepdf.Name("/DeviceCMYK")
            assert "/SMask" not in raw and "/Group" not in page.obj
            image = pikepdf.PdfImage(raw).as_pil_image()
            assert image.mode == "CMYK" and image.size == PRINTERS[name]["pixels"] == printer.pixels
            if page.index < 2:  # a back and a face, every pixel: DriveThruCards' ink limit
                assert most_ink(image) <= 240 * 255 // 100 + 4  # (240 %; its rich black is 60/40/40/100)
        raw_pdf = out.read_bytes()
        assert b"/ICCBased" not in raw_pdf  # device CMYK only
    with pdfplumber.open(out) as plumbed:
        first = plumbed.pages[0]
        assert (first.width, first.height) == (pytest.approx(float(page_w)), pytest.approx(float(page_h)))
        assert first.images[0]["srcsize"] == PRINTERS[name]["pixels"]


def test_cmyk_is_for_a_print_shops_layout(load_cards, tmp_path):  # noqa: F811
    load_cards("vanguard")
    status, _, err = run("printsheet", "--game", "vanguard", "--out", str(tmp_path / "a.pdf"), "--cmyk")
    assert status == 2 and "--cmyk" in err and "mpc-poker" in err
    assert not (tmp_path / "a.pdf").exists()


@pytest.mark.parametrize("name", ["mpc-poker", "tgc-poker"])
def test_the_zip_holds_each_card_and_the_back_at_the_printers_pixels(a_card_of_each_type, tmp_path, name):
    """printsheet --out FILE.zip: the images an uploader takes, in the deck's order (both list the
    files by name), each named after its card (The Game Crafter names a card after its file)."""
    import zipfile

    from cards.models import Card

    out = tmp_path / "cards.zip"
    status, text, err = run("printsheet", "--game", "darkrow", "--out", str(out), "--layout", name, "--backs")
    assert status == 0, err
    assert "4 cards, 4 images and the back" in text
    cards = list(Card.objects.filter(game="darkrow").order_by("set_code", "stable_id"))
    with zipfile.ZipFile(out) as archive:
        names = archive.namelist()
        assert names == [f"fronts/{i:03d}-{card.name}.png" for i, card in enumerate(cards, 1)] + ["back.png"]
        assert names == sorted(names[:-1]) + ["back.png"]  # the files' order is the deck's
        for member in names:
            image = Image.open(io.BytesIO(archive.read(member)))
            assert image.format == "PNG" and image.mode == "RGB"
            assert image.size == PRINTERS[name]["pixels"]
            assert tuple(round(d) for d in image.info["dpi"]) == (300, 300)
            assert "sRGB" in ImageCms.getProfileDescription(
                ImageCms.ImageCmsProfile(io.BytesIO(image.info["icc_profile"]))
            )


def test_a_zip_is_for_a_print_shops_layout(load_cards, tmp_path):  # noqa: F811
    load_cards("darkrow")
    status, _, err = run("printsheet", "--game", "darkrow", "--out", str(tmp_path / "a.zip"))
    assert status == 2 and "zip" in err and "tgc-poker" in err
    status, _, err = run(
        "printsheet", "--game", "darkrow", "--out", str(tmp_path / "a.zip"), "--layout", "mpc-poker", "--cmyk"
    )
    assert status == 2 and "--cmyk" in err
    assert not list(tmp_path.iterdir())


def _face_with_lines(*lines):
    from faces.drawing import Color, Drawing, TextLine
    from faces.fonts import face_for, text_width
    from faces.render import RenderedFace

    font = face_for("Noto Sans")
    items = tuple(
        TextLine(x, y, text, font, 3.0, Color("#000000"), anchor, text_width(text, font, 3.0), region)
        for x, y, text, anchor, region in lines
    )
    drawing = Drawing(63.0, 88.0, 0.0, 3.0, Color("#ffffff"), items)
    return RenderedFace(
        svg="", width_mm=63.0, height_mm=88.0, drawing=drawing, stable_id="VG-X-001", name="X"
    )


def test_safe_zone_names_each_line_of_a_cards_own_text_that_reaches_the_printers_margin():
    from faces.printer import card_text_safe_zone_findings, text_safe_zone_crossings

    layout = layouts()["mpc-poker"]
    face = _face_with_lines(
        (1.0, 20.0, "Too near the left", "start", "name"),  # its ink begins 1 mm from the edge
        (62.0, 40.0, "Too near the right", "end", "effect"),
        (31.5, 86.5, "Under the bottom", "middle", "footer"),  # its baseline 1.5 mm above the bottom
        (10.0, 50.0, "Well inside", "start", "effect"),
        (31.5, 8.0, "Just inside", "middle", "title"),  # its top about 5.9 mm below the top edge
    )
    crossings = text_safe_zone_crossings(face, layout.printer)
    assert [(region, text) for region, text, _d in crossings] == [
        ("name", "Too near the left"),
        ("effect", "Too near the right"),
        ("footer", "Under the bottom"),
    ]
    # measured on the printer's card: the face scaled to cover 63.5 x 88.9 mm and cut around the centre
    scale = max(63.5 / 63, 88.9 / 88)
    assert crossings[0][2] == pytest.approx(round(1.0 * scale - (63 * scale - 63.5) / 2, 2), abs=0.01)
    assert all(distance < 3.175 for _r, _t, distance in crossings)
    (first, *_rest) = card_text_safe_zone_findings([face], layout)
    assert first.code == "SAFE_ZONE" and first.severity == "warning"
    assert first.params["card"] == "VG-X-001" and first.params["text"] == "Too near the left"
    assert card_text_safe_zone_findings([face], layouts()["a4"]) == ()  # no printer, no safe zone


def test_the_cards_own_text_finding_is_said_in_french_and_russian():
    from django.utils import translation

    from common.finding_messages import message
    from faces.printer import card_text_safe_zone_findings

    face = _face_with_lines((1.0, 20.0, "Bord", "start", "name"))
    (finding,) = card_text_safe_zone_findings([face], layouts()["tgc-poker"])
    with translation.override("fr"):
        assert "le texte «\u00a0Bord\u00a0» de name" in message(finding)
    with translation.override("ru"):
        assert "текст «Bord» поля name" in message(finding)
    with translation.override("en"):
        assert message(finding).startswith("VG-X-001: the text “Bord” of name is ")


def test_the_demo_faces_text_keeps_inside_the_safe_zone_where_only_its_boxes_cross(load_cards, tmp_path):  # noqa: F811
    """Vanguard's template puts two text boxes 2.8 mm from the trim (SAFE_ZONE for the template),
    but the text drawn in them keeps to the 1/8 in safe zone: no card is named."""
    load_cards("vanguard")
    status, _, err = run("renderface", "TD01-001", "--out", str(tmp_path / "c.png"), "--layout", "mpc-poker")
    assert status == 0
    assert "SAFE_ZONE: the text box kind is 2.8 mm" in err
    assert "TD01-001: the text" not in err and "the text “" not in err


def test_the_back_every_card_shares_is_drawn_once_and_each_page_holds_it(monkeypatch):
    """With backs, the PDF draws the back once for the whole document (every part of it), not once a card."""
    from faces import printer as printer_module
    from faces.printer import write_printer_pdf

    drawn = []
    card_image = printer_module.card_image
    monkeypatch.setattr(
        printer_module, "card_image", lambda face, p: drawn.append(face.name) or card_image(face, p)
    )
    monkeypatch.setattr(printer_module, "PAGES_PER_PART", 4)  # three parts of pages
    faces = [
        dataclasses.replace(
            _face_with_lines((10.0, 20.0 + n, f"Card {n}", "start", "name")), name=f"Card {n}"
        )
        for n in range(5)
    ]
    back = _face_with_lines((10.0, 40.0, "Back", "start", "name"))
    back = dataclasses.replace(back, name="Back")
    out = io.BytesIO()
    assert write_printer_pdf(faces, out, layouts()["tgc-poker"].printer, back=back) == 5
    assert drawn.count("Back") == 1 and len(drawn) == 6
    with pikepdf.open(io.BytesIO(out.getvalue())) as pdf:
        images = [bytes(next(iter(p.get_images().values())).read_raw_bytes()) for p in pdf.pages]
    assert len(images) == 10
    assert len({images[i] for i in range(1, 10, 2)}) == 1  # each card's back: the same image
    assert len({images[i] for i in range(0, 10, 2)}) == 5 and images[0] != images[1]


def test_a_printers_card_is_drawn_at_its_scale_not_resampled(monkeypatch):
    """The face is drawn at the resolution that covers the printer's trim (no Lanczos pass over it),
    and shows what the face drawn at the printer's dpi and scaled up shows: the same pixels but for
    edges, the frame at the same place."""
    from faces.drawing import Color, Drawing, Paint, Shape
    from faces.printer import card_image, face_bleed_mm
    from faces.raster import drawing_to_image
    from faces.render import RenderedFace

    printer = layouts()["tgc-poker"].printer
    bleed = face_bleed_mm(printer)
    frame = Shape("rect", -bleed, -bleed, 63.0 + 2 * bleed, 8.0 + bleed, Paint(Color("#1a4d8f")))
    band = Shape("rect", 10.0, 40.0, 43.0, 6.0, Paint(Color("#c0392b")))
    drawing = Drawing(63.0, 88.0, bleed, 0.0, Color("#f4e9d0"), (frame, band))
    face = RenderedFace(svg="", width_mm=63.0, height_mm=88.0, bleed_mm=bleed, drawing=drawing)

    # the old way: drawn at 300 dpi, flattened, scaled up with Lanczos, cut around the centre
    drawn = drawing_to_image(drawing, dpi=printer.dpi).convert("RGB")
    scale = max(
        float(printer.trim_pixels[0]) / (63.0 / 25.4 * 300),
        float(printer.trim_pixels[1]) / (88.0 / 25.4 * 300),
    )
    scaled = drawn.resize((round(drawn.width * scale), round(drawn.height * scale)), Image.Resampling.LANCZOS)
    (w, h) = printer.pixels
    left, top = (scaled.width - w) // 2, (scaled.height - h) // 2
    expected = scaled.crop((left, top, left + w, top + h))

    def no_resampling(*args, **kwargs):
        raise AssertionError("the face was resampled")

    monkeypatch.setattr(Image.Image, "resize", no_resampling)
    image = card_image(face, printer)
    assert image.size == (w, h) == expected.size and image.mode == "RGB"
    difference = ImageMath.lambda_eval(
        lambda a: abs(a["new"] - a["old"]), new=image.convert("L"), old=expected.convert("L")
    ).convert("L")
    histogram = difference.histogram()
    assert sum(histogram[8:]) < 0.01 * w * h  # all but edge pixels the same, within 8 of 255

    def frame_end(picture):  # the first row below the frame, down the middle
        blue = (0x1A, 0x4D, 0x8F)
        return next(
            y for y in range(h) if sum(abs(c - b) for c, b in zip(picture.getpixel((w // 2, y)), blue)) > 60
        )

    assert frame_end(image) > 100 and abs(frame_end(image) - frame_end(expected)) <= 1
