import io
import itertools

import pdfplumber
import pytest

from faces.render import FaceArt, render_back, render_face
from faces.sheet import SheetError, sheet_layout, write_print_sheet
from faces.template import template_for

from .helpers import demo_cards, image_bytes

MM = 72 / 25.4


def faces(game="darkrow", n=10, bleed=0.0, art=False):
    template = template_for(game)
    cards = (demo_cards(game) * 10)[:n]
    return [
        render_face(
            c, template, FaceArt(image_bytes(), 400, 300) if art else None, bleed_mm=bleed, fonts="none"
        )
        for c in cards
    ]


def sheet(items, **kw) -> pdfplumber.PDF:
    out = io.BytesIO()
    write_print_sheet(items, out, **kw)
    return pdfplumber.open(io.BytesIO(out.getvalue()))


def card_boxes(page, w_mm=63.0, h_mm=88.0, tol_mm=0.2):
    """The rectangles of the page that are a whole card (its background), in millimetres."""
    boxes = []
    for r in page.rects:
        w, h = r["width"] / MM, r["height"] / MM
        if abs(w - w_mm) <= tol_mm and abs(h - h_mm) <= tol_mm:
            boxes.append((round(r["x0"] / MM, 2), round(r["top"] / MM, 2), w, h))
    return sorted(set(boxes), key=lambda b: (b[1], b[0]))


@pytest.mark.parametrize(("paper", "size"), [("a4", (595, 842)), ("letter", (612, 792))])
def test_page_size(paper, size):
    with sheet(faces(n=3), paper=paper) as pdf:
        page = pdf.pages[0]
        assert (round(page.width), round(page.height)) == size


def test_nine_cards_a_page_at_exact_size():
    with sheet(faces(n=10)) as pdf:
        assert len(pdf.pages) == 2
        first, second = (card_boxes(p) for p in pdf.pages)
        assert len(first) == 9 and len(second) == 1
        for _x, _y, w, h in first:
            assert abs(w - 63) <= 0.2 and abs(h - 88) <= 0.2
        xs = sorted({round(x, 1) for x, *_ in first})
        assert [round(b - a, 1) for a, b in itertools.pairwise(xs)] == [63.0, 63.0]


def test_text_stays_vector_text():
    with sheet(faces("vanguard", n=9)) as pdf:
        text = pdf.pages[0].extract_text()
    assert "Crimson Butterfly, Brigitte" in text and "СИЛА 10000" in text


def test_backs_follow_each_page_mirrored_for_duplex():
    back = render_back("darkrow", template_for("darkrow"), fonts="none")
    with sheet(faces(n=10), back=back, cover="Osaka tempo · legal") as pdf:
        assert len(pdf.pages) == 4
        assert len(card_boxes(pdf.pages[1])) == 9
        front, rear = card_boxes(pdf.pages[2]), card_boxes(pdf.pages[3])
        assert len(front) == len(rear) == 1
        page_w = pdf.pages[2].width / MM
        assert abs((front[0][0] + 63) - (page_w - rear[0][0])) < 0.05  # the back sits behind its card
        assert "Osaka tempo · legal" in pdf.pages[0].extract_text()
        assert "DARKROW" in pdf.pages[1].extract_text()


def test_bleed_draws_bigger_cells_and_artwork():
    bleed = sheet_layout("a4", 2).bleed
    assert 0 < bleed < 2  # 3 cards of 63 mm and their bleed within A4, its 5 mm margins and the marks
    with sheet(faces(n=9, bleed=3, art=True), bleed_mm=2) as pdf:
        page = pdf.pages[0]
        assert len(card_boxes(page, 63 + 2 * bleed, 88 + 2 * bleed, tol_mm=0.05)) == 9
        assert len(page.images) == 9


def test_bleed_shrinks_to_what_the_paper_holds():
    """A home printer leaves about 4 mm unprinted: at least 5 mm of margin, the bleed shrinks for it."""
    for paper, (width, height) in (("a4", (210.0, 297.0)), ("letter", (215.9, 279.4))):
        layout = sheet_layout(paper, 3)
        assert 0 < layout.bleed < 3
        assert layout.left >= 7.5 - 1e-6 and layout.top >= 7.5 - 1e-6  # 5 mm blank, then the marks
        assert 3 * layout.cell_w <= width - 10 + 1e-6 and 3 * layout.cell_h <= height - 10 + 1e-6


def test_an_unknown_layout_or_a_bad_bleed_is_refused():
    with pytest.raises(SheetError, match=r"unknown layout .a3.; use one of a4, letter, "):
        sheet_layout("a3", 0)
    with pytest.raises(SheetError, match="bleed"):
        sheet_layout("a4", 25)


def test_pages_are_made_in_batches_and_joined(monkeypatch):
    """A batch's document (its images, fonts and written bytes) is freed before the next is made:
    memory holds one batch, whatever the size of the sheet."""
    import weakref

    from faces import sheet as sheet_module

    made: list[weakref.ref] = []

    class Watched(sheet_module.FPDF):
        def __init__(self, *args, **kwargs):
            assert all(ref() is None for ref in made), "the previous batch's document is still held"
            super().__init__(*args, **kwargs)
            made.append(weakref.ref(self))

    monkeypatch.setattr(sheet_module, "FPDF", Watched)
    with sheet(iter(faces(n=40)), pages_per_batch=1) as pdf:
        assert len(pdf.pages) == 5
        assert [len(card_boxes(p)) for p in pdf.pages] == [9, 9, 9, 9, 4]
    assert len(made) == 5


def test_an_empty_sheet_is_one_page_that_says_so():
    with sheet([], cover="Empty deck") as pdf:
        assert len(pdf.pages) == 1 and "no cards" in pdf.pages[0].extract_text()


def test_a_face_without_its_drawing_is_placed_as_an_image():
    from dataclasses import replace

    face = replace(faces(n=1)[0], drawing=None)
    with sheet([face]) as pdf:
        assert len(pdf.pages[0].images) == 1


def test_every_card_on_a_page_has_its_own_colours():
    """Each face is drawn in a graphics state of its own, which ends with it: the second card's
    background is its colour too, not the black a PDF starts with (the state a face set ends with its
    clip; fpdf2's record of it must end there as well, or it skips setting a colour it thinks is set)."""
    from dataclasses import replace

    from faces.drawing import Color, TextLine

    light = Color("#ffcc00")
    # Their lines of text on the background only: no box of theirs sets the fill colour again.
    items = [
        replace(
            f,
            drawing=replace(
                f.drawing,
                background=light,
                items=tuple(i for i in f.drawing.items if isinstance(i, TextLine)),
            ),
        )
        for f in faces(n=9)
    ]
    with sheet(items) as pdf:
        coloured = [
            r
            for r in pdf.pages[0].rects
            if abs(r["width"] / MM - 63) <= 0.2
            and abs(r["height"] / MM - 88) <= 0.2
            and tuple(r["non_stroking_color"] or ()) == pytest.approx((1.0, 0.8, 0.0), abs=0.01)
        ]
    assert len(coloured) == 9
