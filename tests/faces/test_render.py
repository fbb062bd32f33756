import re
import xml.etree.ElementTree as ET

import pytest

from cards.demo import demo_games
from faces.render import FaceArt, FaceCard, render_back, render_face
from faces.template import template_for
from rules.face_template import ARTWORK_UNREADABLE, TEXT_OVERFLOW
from rules.registry import registry

from .helpers import demo_card, demo_cards, image_bytes

SVG = "{http://www.w3.org/2000/svg}"


def texts(svg: str) -> list[str]:
    return [el.text or "" for el in ET.fromstring(svg).iter(f"{SVG}text")]


@pytest.mark.parametrize("game", demo_games())
def test_every_demo_card_renders_with_its_own_name_and_numbers(game):
    template = template_for(game)
    for card in demo_cards(game):
        face = render_face(card, template, fonts="none")
        shown = " ".join(texts(face.svg))
        assert card.name.split()[0] in shown
        assert (face.width_mm, face.height_mm) == (63, 88)
        for key in ("power", "atk", "pv", "cost", "might", "energy", "def"):
            value = card.fields.get(key)
            if isinstance(value, int) and key in " ".join(str(r.get("content")) for r in template["regions"]):
                assert str(value) in shown, (card.stable_id, key)


def test_the_face_says_the_cards_data_not_the_images():
    card = demo_card("vanguard", "TD01-001")
    face = render_face(card, template_for("vanguard"), FaceArt(image_bytes(), 400, 300), fonts="none")
    shown = texts(face.svg)
    assert "СИЛА 10000" in shown and "3" in shown and "Crimson Butterfly, Brigitte" in shown


def test_long_text_is_shrunk_and_overflow_is_a_warning_finding():
    card = demo_card("chesscards", "CC-021")  # Séisme: the longest text of the demo
    template = template_for("chesscards")
    face = render_face(card, template, fonts="none")
    assert not [f for f in face.findings if f.code == TEXT_OVERFLOW]
    huge = FaceCard(**{**card.__dict__, "text": card.text * 6})
    face = render_face(huge, template, fonts="none")
    overflow = [f for f in face.findings if f.code == TEXT_OVERFLOW]
    assert len(overflow) == 1
    assert overflow[0].severity == "warning" and overflow[0].field == "text" and overflow[0].card == "CC-021"
    assert any(t.endswith("…") for t in texts(face.svg))


def test_french_typography_and_cyrillic_are_kept_and_embedded():
    card = FaceCard(
        game="darkrow",
        stable_id="DR-X",
        name="Œuvre d’Émile",
        type="UNIT",
        text="Il dit « ÉCOUTE » ; fin.",
        fields={"cost": 2, "atk": 1, "pv": 1},
    )
    face = render_face(card, template_for("darkrow"))
    assert "Œuvre d’Émile" in texts(face.svg)
    assert "«" in " ".join(texts(face.svg))
    assert "@font-face" in face.svg and "data:font/woff2;base64," in face.svg
    ru = FaceCard(
        game="vanguard",
        stable_id="VG-X",
        name="Рыцарь Щита, Жёлудь",
        type="NORMAL_UNIT",
        fields={"grade": 1, "power": 7000, "shield": 5000, "critical": 1, "clan": "Kagero"},
    )
    face = render_face(ru, template_for("vanguard"), fonts="none")
    assert "Рыцарь Щита, Жёлудь" in texts(face.svg)
    assert "ЩИТ 5000" in texts(face.svg)


def test_cyrillic_glyphs_come_from_the_shipped_font():
    from faces.fonts import face_for, has_glyph

    for char in "ЖЁжёЩ«»’œŒÉ":
        assert has_glyph(face_for("Noto Sans"), char) and has_glyph(face_for("Noto Serif", "bold"), char)
    assert has_glyph(face_for("DejaVu Sans"), "★") and has_glyph(face_for("DejaVu Sans"), "♞")


def test_missing_artwork_gives_a_clean_placeholder_and_no_finding():
    card = demo_card("duel", "DU-EX-007")
    face = render_face(card, template_for("duel"), None, fonts="none")
    assert face.findings == ()
    assert "<image" not in face.svg
    assert "❂" in texts(face.svg)  # the game's emblem on the placeholder


@pytest.mark.parametrize("data", [b"", b"not an image at all", image_bytes()[:200]])
def test_broken_artwork_never_fails_and_says_why(data):
    card = demo_card("riftbound", "RB-EX-008")
    face = render_face(card, template_for("riftbound"), FaceArt(data, 400, 300), fonts="none")
    broken = [f for f in face.findings if f.code == ARTWORK_UNREADABLE]
    assert len(broken) == 1 and broken[0].field == "artwork" and broken[0].severity == "warning"
    assert "<image" not in face.svg


def test_artwork_is_cropped_to_the_art_box():
    import base64
    import io

    from PIL import Image

    card = demo_card("darkrow", "DR-U01")
    face = render_face(
        card, template_for("darkrow"), FaceArt(image_bytes((2000, 500)), 2000, 500), fonts="none"
    )
    image = ET.fromstring(face.svg).find(f".//{SVG}image")
    w, h = float(image.get("width")), float(image.get("height"))
    data = base64.b64decode(image.get("href").split(",", 1)[1])
    px = Image.open(io.BytesIO(data)).size
    assert abs(px[0] / px[1] - w / h) < 0.02  # cover: the crop has the box's shape, not the image's


def test_focal_point_moves_the_crop():
    from faces.art import _crop_window

    centred = _crop_window((2000, 500), (40, 40), None)
    left = _crop_window((2000, 500), (40, 40), (0.0, 0.5))
    right = _crop_window((2000, 500), (40, 40), (1.0, 0.5))
    assert centred == (750, 0, 1250, 500) and left[0] == 0 and right[2] == 2000


def test_frame_colours_follow_the_card():
    template = template_for("vanguard")
    kagero = render_face(demo_card("vanguard", "TD02-001"), template, fonts="none").svg
    paladin = render_face(demo_card("vanguard", "TD01-001"), template, fonts="none").svg
    assert "#b5322d" in kagero and "#2d63b5" in paladin and "#b5322d" not in paladin
    two = render_face(demo_card("riftbound", "RB-EX-008"), template_for("riftbound"), fonts="none").svg
    assert re.search(r'<linearGradient id="g\d+" x1="0" y1="0" x2="1" y2="0">', two)  # two domains blend


def test_bleed_extends_the_drawing_not_the_trim():
    card = demo_card("darkrow", "DR-U01")
    face = render_face(card, template_for("darkrow"), bleed_mm=3, fonts="none")
    root = ET.fromstring(face.svg)
    assert root.get("width") == "69mm" and root.get("height") == "94mm"
    assert root.get("viewBox") == "-3 -3 69 94"
    assert (face.width_mm, face.height_mm, face.bleed_mm) == (63, 88, 3)


@pytest.mark.parametrize("game", registry.keys())
def test_every_game_has_a_card_back(game):
    back = render_back(game, template_for(game), fonts="none")
    assert texts(back.svg) and back.findings == ()


def _text_box(line) -> tuple[float, float, float, float]:
    """A line's extent (mm): from its anchor and measured width, one em high above the baseline."""
    left = line.x - (line.width / 2 if line.anchor == "middle" else line.width if line.anchor == "end" else 0)
    return left, line.y - line.size, left + line.width, line.y


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("stable_id", ["DU-EX-001", "DU-EX-005", "DU-EX-007"])
def test_duel_level_stars_never_run_under_the_faction_badge(stable_id):
    from faces.drawing import Shape, TextLine

    card = demo_card("duel", stable_id)
    assert card.fields.get("faction")
    drawing = render_face(card, template_for("duel"), fonts="none").drawing
    [stars] = [i for i in drawing.items if isinstance(i, TextLine) and set(i.text) == {"★"}]
    [badge] = [i for i in drawing.items if isinstance(i, Shape) and i.kind == "ellipse" and i.y < 5]
    assert len(stars.text) == card.fields["level"]
    assert not _overlap(_text_box(stars), (badge.x, badge.y, badge.x + badge.w, badge.y + badge.h))


@pytest.mark.parametrize("game", registry.keys())
def test_the_card_backs_pattern_stays_clear_of_the_title(game):
    from faces.drawing import Shape, TextLine

    template = template_for(game)
    drawing = render_back(game, template, fonts="none").drawing
    diamonds = [
        i for i in drawing.items if isinstance(i, Shape) and i.kind == "polygon" and len(i.points) == 4
    ]
    assert len(diamonds) >= 10
    words = [i for i in drawing.items if isinstance(i, TextLine) and i.y > drawing.height / 2 + 5]
    assert words  # the name (and the subtitle) below the medal
    for line in words:
        for d in diamonds:
            assert not _overlap(_text_box(line), (d.x, d.y, d.x + d.w, d.y + d.h)), (line.text, d)


def test_an_artwork_with_a_key_is_prepared_once_per_layout(monkeypatch):
    """The editor's preview redraws the same artwork on every keystroke: decoded and resized once."""
    from faces import art as art_module

    calls = []
    real = art_module.prepare_art

    def counting(*args, **kwargs):
        calls.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(art_module, "prepare_art", counting)
    card, template = demo_card("duel", "DU-EX-004"), template_for("duel")
    keyed = FaceArt(image_bytes((800, 1000)), 800, 1000, key="a" * 64)
    first = render_face(card, template, keyed, fonts="none")
    second = render_face(FaceCard(**{**card.__dict__, "name": "Renamed"}), template, keyed, fonts="none")
    assert len(calls) == 1
    assert [i for i in first.drawing.items if type(i).__name__ == "Picture"] == [
        i for i in second.drawing.items if type(i).__name__ == "Picture"
    ]
    other = FaceArt(image_bytes((800, 1000), (10, 10, 200)), 800, 1000, key="b" * 64)
    render_face(card, template, other, fonts="none")
    render_face(card, template, FaceArt(image_bytes(), 400, 300), fonts="none")  # no key: never cached
    render_face(card, template, FaceArt(image_bytes(), 400, 300), fonts="none")
    assert len(calls) == 4
