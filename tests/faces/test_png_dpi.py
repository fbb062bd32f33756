"""PNGs carry their dpi (issue 25): a 300 dpi face opens at its size (63 x 88 mm) in a print program."""

import io

import pytest
from PIL import Image

from faces.raster import face_to_png, svg_to_png, with_dpi
from faces.render import render_face
from faces.template import template_for

from .helpers import demo_card


@pytest.mark.parametrize("dpi", [100, 300])
def test_a_face_png_says_its_dpi_from_its_drawing_and_from_its_svg(dpi):
    face = render_face(demo_card("vanguard", "TD01-001"), template_for("vanguard"))
    for png in (face_to_png(face, dpi=dpi), svg_to_png(face.svg, dpi=dpi)):
        image = Image.open(io.BytesIO(png))
        image.load()
        assert round(image.info["dpi"][0]) == round(image.info["dpi"][1]) == dpi
        assert abs(image.width / dpi * 25.4 - 63) < 0.2  # opened at 300 dpi, it is 63 mm wide


def test_a_png_that_says_its_dpi_keeps_it():
    out = io.BytesIO()
    Image.new("RGB", (4, 4)).save(out, "PNG", dpi=(72, 72))
    assert with_dpi(out.getvalue(), 300) == out.getvalue()
    assert with_dpi(b"not a png", 300) == b"not a png"
