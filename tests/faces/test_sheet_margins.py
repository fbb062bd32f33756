"""Print sheets a home printer takes (issue 25), read back with a PDF library: at least 5 mm of paper
around everything drawn on A4 and Letter, crop marks on the four sides of the grid for every trim line,
and the bleed made of the card's own edge (its frame extended), never a flat fill of another shade."""

import io
from pathlib import Path

import pdfplumber
import pytest

from faces.raster import drawing_to_image
from faces.render import render_face
from faces.sheet import sheet_layout, write_print_sheet
from faces.template import template_for

from .helpers import demo_cards

MM = 72 / 25.4


def sheet_pdf(paper: str, bleed: float):
    """The sheet of 9 faces drawn with the bleed the paper holds (a PDF reader's geometry ignores clipping)."""
    template = template_for("vanguard")
    held = sheet_layout(paper, bleed).bleed
    faces = [render_face(c, template, bleed_mm=held, fonts="none") for c in demo_cards("vanguard")[:9]]
    out = io.BytesIO()
    write_print_sheet(faces, out, paper=paper, bleed_mm=bleed)
    return pdfplumber.open(io.BytesIO(out.getvalue()))


SHEETS = Path(__file__).resolve().parents[2] / "test-output" / "sheets"


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0, 3])
def test_every_mark_and_card_is_at_least_5_mm_from_the_paper_edge(paper, bleed):
    with sheet_pdf(paper, bleed) as pdf:
        page = pdf.pages[0]
        SHEETS.mkdir(parents=True, exist_ok=True)  # for people to look at
        page.to_image(resolution=60).save(SHEETS / f"{paper}-bleed{bleed}.png")
        width, height = page.width / MM, page.height / MM
        drawn = [*page.rects, *page.lines, *page.images, *page.chars]
        assert drawn
        for obj in drawn:
            x0, x1, top, bottom = obj["x0"] / MM, obj["x1"] / MM, obj["top"] / MM, obj["bottom"] / MM
            assert x0 >= 5 - 0.05 and top >= 5 - 0.05, (paper, bleed, obj.get("object_type"), x0, top)
            assert x1 <= width - 5 + 0.05 and bottom <= height - 5 + 0.05, (paper, bleed, x1, bottom)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0, 3])
def test_crop_marks_on_the_four_sides_for_every_trim_line(paper, bleed):
    layout = sheet_layout(paper, bleed)
    grid_l, grid_t = layout.left, layout.top
    grid_r, grid_b = grid_l + 3 * layout.cell_w, grid_t + 3 * layout.cell_h
    cuts_x = {grid_l + c * layout.cell_w + layout.bleed + e * 63 for c in range(3) for e in (0, 1)}
    cuts_y = {grid_t + r * layout.cell_h + layout.bleed + e * 88 for r in range(3) for e in (0, 1)}
    with sheet_pdf(paper, bleed) as pdf:
        lines = [
            (line["x0"] / MM, line["top"] / MM, line["x1"] / MM, line["bottom"] / MM)
            for line in pdf.pages[0].lines
            if line.get("stroking_color") in ((0,), (0, 0, 0), 0, [0], [0, 0, 0], None)
        ]
    vertical = [(x0, top, bottom) for x0, top, x1, bottom in lines if abs(x1 - x0) < 0.01]
    horizontal = [(top, x0, x1) for x0, top, x1, bottom in lines if abs(bottom - top) < 0.01]
    near = lambda a, b: abs(a - b) < 0.05
    for x in cuts_x:
        assert any(near(v[0], x) and v[2] <= grid_t and v[2] - v[1] >= 1.4 for v in vertical), ("top", x)
        assert any(near(v[0], x) and v[1] >= grid_b and v[2] - v[1] >= 1.4 for v in vertical), ("bottom", x)
    for y in cuts_y:
        assert any(near(h[0], y) and h[2] <= grid_l and h[2] - h[1] >= 1.4 for h in horizontal), ("left", y)
        assert any(near(h[0], y) and h[1] >= grid_r and h[2] - h[1] >= 1.4 for h in horizontal), ("right", y)


@pytest.mark.parametrize("game", ["vanguard", "darkrow", "duel"])
def test_the_bleed_is_the_cards_own_edge_extended(game):
    card = demo_cards(game)[0]
    face = render_face(card, template_for(game), bleed_mm=3, fonts="none")
    image = drawing_to_image(face.drawing, dpi=150).convert("RGB")
    px = 150 / 25.4
    b = round(3 * px)
    w, h = image.size
    # Along each side: the pixel in the bleed, 1.5 mm out, is the pixel just inside the trim edge.
    for inside, outside in (
        ((w // 2, b + 2), (w // 2, b // 2)),
        ((w // 2, h - b - 3), (w // 2, h - b // 2)),
        ((b + 2, h // 2), (b // 2, h // 2)),
        ((w - b - 3, h // 2), (w - b // 2, h // 2)),
    ):
        a, o = image.getpixel(inside), image.getpixel(outside)
        assert max(abs(x - y) for x, y in zip(a, o, strict=True)) <= 12, (game, inside, a, o)
