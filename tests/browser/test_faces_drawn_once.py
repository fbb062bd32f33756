"""The crawling tests' ``faces_drawn_once`` (tests/browser/conftest.py): a face's PNG is the one its
drawing gives at that dpi, drawn once for an equal drawing, again for another dpi or another drawing."""

from faces import raster
from faces.drawing import Color, Drawing, Paint, Shape
from tests.browser import conftest


def _drawing(colour: str) -> Drawing:
    band = Shape("rect", 5, 5, 53, 20, fill=Paint(Color(colour)), radius=2)
    return Drawing(width=63, height=88, bleed=0, corner_radius=3, background=Color("#ffffff"), items=(band,))


def test_a_face_is_drawn_once_for_an_equal_drawing_at_the_same_dpi(request, monkeypatch):
    red, red_at_300, blue = (
        raster.drawing_to_png(_drawing("#aa0000"), dpi=100),
        raster.drawing_to_png(_drawing("#aa0000"), dpi=300),
        raster.drawing_to_png(_drawing("#0000aa"), dpi=100),
    )
    conftest.FACES_DRAWN.clear()
    request.getfixturevalue("faces_drawn_once")
    drawn = []
    draw = raster.drawing_to_image
    monkeypatch.setattr(raster, "drawing_to_image", lambda d, **kw: drawn.append(d) or draw(d, **kw))

    assert raster.drawing_to_png(_drawing("#aa0000"), dpi=100) == red
    assert raster.face_to_png(type("Face", (), {"drawing": _drawing("#aa0000")}), dpi=100) == red
    assert len(drawn) == 1  # an equal drawing (another object) at the same dpi: not drawn again
    assert raster.drawing_to_png(_drawing("#aa0000"), dpi=300) == red_at_300
    assert raster.drawing_to_png(_drawing("#0000aa"), dpi=100) == blue
    assert len(drawn) == 3
