"""Rendition specs and how they are made: WebP, within the box, never enlarged, one decode, fast paths."""

import io

import pytest
from PIL import Image, JpegImagePlugin

from artwork.renditions import PREVIEW, SPECS, THUMB, RenditionSpec, make_renditions

from .pictures import make_image


def sizes(rendered):
    return {name: (r.width, r.height) for name, r in rendered.items()}


def test_every_spec_is_a_webp_that_fits_its_box_keeping_the_aspect_ratio():
    rendered = make_renditions(io.BytesIO(make_image("PNG", (1400, 1960))), list(SPECS.values()))
    assert sizes(rendered) == {"preview": (914, 1280), "thumb": (229, 320)}
    for _name, r in rendered.items():
        im = Image.open(io.BytesIO(r.data))
        assert im.format == "WEBP" and im.size == (r.width, r.height)


def test_a_small_image_is_never_enlarged():
    rendered = make_renditions(io.BytesIO(make_image("PNG", (200, 280))), [THUMB, PREVIEW])
    assert sizes(rendered) == {"preview": (200, 280), "thumb": (200, 280)}


def test_a_jpeg_is_decoded_at_a_reduced_scale(monkeypatch):
    requested = []
    original = JpegImagePlugin.JpegImageFile.draft

    def draft(self, mode, size):
        result = original(self, mode, size)
        requested.append((size, self.size))
        return result

    monkeypatch.setattr(JpegImagePlugin.JpegImageFile, "draft", draft)
    small = RenditionSpec("small", (100, 100), 80)
    rendered = make_renditions(io.BytesIO(make_image("JPEG", (1000, 1400))), [small])
    # The decoder was asked for twice the rendition's size (71×100) and scaled by 1/4 while decoding.
    assert requested[0] == ((142, 200), (250, 350))
    assert sizes(rendered) == {"small": (71, 100)}


def test_the_source_is_opened_and_decoded_once_for_every_spec(monkeypatch):
    opened = []
    original = Image.open
    monkeypatch.setattr(Image, "open", lambda *a, **k: opened.append(1) or original(*a, **k))
    make_renditions(io.BytesIO(make_image("PNG", (600, 840))), [THUMB, PREVIEW])
    assert len(opened) == 1


@pytest.mark.parametrize("mode", ["RGBA", "P", "L", "I;16", "CMYK"])
def test_every_source_mode_gives_a_web_mode(mode):
    if mode == "I;16":
        source = io.BytesIO()
        Image.linear_gradient("L").convert("I").point(lambda v: v * 256).convert("I;16").save(source, "PNG")
        data = source.getvalue()
    else:
        data = make_image("JPEG" if mode == "CMYK" else "PNG", (400, 400), mode=mode)
    rendered = make_renditions(io.BytesIO(data), [THUMB])
    im = Image.open(io.BytesIO(rendered["thumb"].data))
    assert im.mode in ("RGB", "RGBA")
    if mode == "I;16":
        # Scaled to 8 bits, not clipped to white.
        assert im.convert("L").getextrema()[0] < 50


def test_transparency_is_kept():
    im = Image.new("RGBA", (400, 400), (255, 0, 0, 0))
    im.paste((0, 0, 255, 255), (0, 0, 200, 400))
    source = io.BytesIO()
    im.save(source, "PNG")
    thumb = Image.open(io.BytesIO(make_renditions(io.BytesIO(source.getvalue()), [THUMB])["thumb"].data))
    assert thumb.mode == "RGBA"
    assert thumb.getpixel((300, 10))[3] == 0 and thumb.getpixel((10, 10))[3] == 255
