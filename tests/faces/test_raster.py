import io

import pytest
from PIL import Image, ImageChops, ImageStat

from cards.demo import demo_games
from faces.raster import drawing_to_png, face_to_png, svg_to_png
from faces.render import FaceArt, render_face
from faces.template import template_for

from .helpers import demo_card, demo_cards, image_bytes


def png(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


@pytest.mark.parametrize("rasterise", ["pillow", "resvg"])
@pytest.mark.parametrize(("bleed", "size"), [(0, (744, 1039)), (3, (815, 1110))])
def test_png_at_300_dpi_with_and_without_bleed(bleed, size, rasterise):
    face = render_face(demo_card("duel", "DU-EX-004"), template_for("duel"), bleed_mm=bleed, fonts="none")
    data = face_to_png(face) if rasterise == "pillow" else svg_to_png(face.svg)
    assert png(data).size == size


@pytest.mark.parametrize(
    "rasterise", [lambda f: drawing_to_png(f.drawing, dpi=100), lambda f: svg_to_png(f.svg, dpi=100)]
)
def test_png_draws_the_text_not_a_blank(rasterise):
    face = render_face(demo_card("darkrow", "DR-U02"), template_for("darkrow"), fonts="none")
    image = png(rasterise(face)).convert("L")
    # the text box (a pale panel) holds dark glyphs: some pixels of it are dark
    box = image.crop((30, 250, 220, 300))
    darkest, palest = box.getextrema()
    assert darkest < 100 and palest > 220


def _difference(face) -> list[float]:
    ours = png(face_to_png(face)).convert("RGBA")
    theirs = png(svg_to_png(face.svg)).convert("RGBA")
    assert ours.size == theirs.size
    return ImageStat.Stat(ImageChops.difference(ours, theirs)).mean


@pytest.mark.parametrize("game", demo_games())
def test_the_png_drawn_from_the_layout_is_the_svg_face(game):
    """PNG (Pillow, from the drawing) and SVG (resvg's rendering of it) show the same face:
    the same boxes, gradients and lines of text at the same places (only anti-aliasing differs)."""
    template = template_for(game)
    art = FaceArt(image_bytes((900, 1200), (30, 160, 90)), 900, 1200)
    for card, with_art in zip(demo_cards(game)[:2], (None, art), strict=False):
        diff = _difference(render_face(card, template, with_art, fonts="none"))
        assert max(diff) < 6, (card.stable_id, diff)


def test_a_misplaced_box_would_be_seen():
    """The comparison above can fail: the face with its boxes moved down by 3 mm differs."""
    face = render_face(demo_card("vanguard", "TD01-001"), template_for("vanguard"), fonts="none")
    moved = type(face.drawing)(
        face.drawing.width,
        face.drawing.height,
        face.drawing.bleed,
        face.drawing.corner_radius,
        face.drawing.background,
        tuple(
            type(item)(**{**{k: getattr(item, k) for k in item.__slots__}, "y": item.y + 3})
            if type(item).__name__ != "TextLine"
            else item
            for item in face.drawing.items
        ),
    )
    ours = png(drawing_to_png(moved)).convert("RGBA")
    theirs = png(svg_to_png(face.svg)).convert("RGBA")
    assert max(ImageStat.Stat(ImageChops.difference(ours, theirs)).mean) >= 6


def test_rounded_corners_are_transparent_and_a_bleed_is_square():
    template = template_for("darkrow")
    card = demo_card("darkrow", "DR-U02")
    rounded = png(face_to_png(render_face(card, template, fonts="none"))).convert("RGBA")
    assert rounded.getpixel((0, 0))[3] == 0 and rounded.getpixel((372, 519))[3] == 255
    bled = png(face_to_png(render_face(card, template, bleed_mm=3, fonts="none"))).convert("RGBA")
    assert bled.getpixel((0, 0))[3] == 255


def test_an_impossible_resolution_is_refused():
    with pytest.raises(ValueError, match="dpi"):
        svg_to_png("<svg xmlns='http://www.w3.org/2000/svg' width='1mm' height='1mm'/>", dpi=5)
    face = render_face(demo_card("duel", "DU-EX-004"), template_for("duel"), fonts="none")
    with pytest.raises(ValueError, match="dpi"):
        drawing_to_png(face.drawing, dpi=5)
