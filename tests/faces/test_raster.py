import io

import pytest
from PIL import Image

from faces.raster import svg_to_png
from faces.render import render_face
from faces.template import template_for

from .helpers import demo_card


@pytest.mark.parametrize(("bleed", "size"), [(0, (744, 1039)), (3, (815, 1110))])
def test_png_at_300_dpi_with_and_without_bleed(bleed, size):
    face = render_face(demo_card("duel", "DU-EX-004"), template_for("duel"), bleed_mm=bleed, fonts="none")
    image = Image.open(io.BytesIO(svg_to_png(face.svg)))
    assert image.size == size


def test_png_draws_the_text_not_a_blank():
    face = render_face(demo_card("darkrow", "DR-U02"), template_for("darkrow"), fonts="none")
    image = Image.open(io.BytesIO(svg_to_png(face.svg, dpi=100))).convert("L")
    # the text box (a pale panel) holds dark glyphs: some pixels of it are dark
    box = image.crop((30, 250, 220, 300))
    darkest, palest = box.getextrema()
    assert darkest < 100 and palest > 220


def test_an_impossible_resolution_is_refused():
    with pytest.raises(ValueError, match="dpi"):
        svg_to_png("<svg xmlns='http://www.w3.org/2000/svg' width='1mm' height='1mm'/>", dpi=5)
