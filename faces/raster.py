"""Faces to PNG: from the drawing with Pillow, or from SVG alone with resvg. No system library, no browser.

A face's PNG is drawn from its :class:`faces.drawing.Drawing`, the layout its
SVG was written from (as the PDF is, by :mod:`faces.sheet`), with Pillow and
the shipped font files: the same boxes, gradients, artwork and lines of text
at the same places, so PNG, SVG and PDF show the same face. Pillow draws it
about five times faster than resvg rasterises the SVG (resvg's gradients
alone cost most of a face: see bench/README.md, "Faces"); the frame's
gradients and the shapes' masks repeat from card to card and are kept in
small caches.

resvg (a Rust renderer in a PyPI wheel) still rasterises an SVG that comes
without its drawing (an SVG from a cache); it is given the shipped font files
and never the system's, so a face rasterises the same on every machine.
"""

from __future__ import annotations

import io
from functools import lru_cache

import resvg_py
from PIL import Image, ImageChops, ImageDraw, ImageFont

from .drawing import Color, Drawing, Paint, Picture, Shape, TextLine
from .fonts import FontFace, font_files, runs_by_face, text_width

DEFAULT_DPI = 300
MM_PER_INCH = 25.4
PNG_COMPRESS_LEVEL = 3


def _check_dpi(dpi: float) -> None:
    if not 10 <= dpi <= 1200:
        raise ValueError(f"dpi {dpi} is outside 10-1200")


def svg_to_png(svg: str, *, dpi: int = DEFAULT_DPI) -> bytes:
    """``svg`` (sized in millimetres) as PNG at ``dpi``: a 63 x 88 mm face at 300 dpi is 744 x 1039 px."""
    _check_dpi(dpi)
    return with_dpi(
        bytes(
            resvg_py.svg_to_bytes(
                svg_string=svg,
                dpi=float(dpi),
                skip_system_fonts=True,
                font_files=font_files(),
                font_family="Noto Sans",
                sans_serif_family="Noto Sans",
                serif_family="Noto Serif",
                text_rendering="optimize_legibility",
            )
        ),
        dpi,
    )


def with_dpi(png: bytes, dpi: int) -> bytes:
    """``png`` with its resolution said (a pHYs chunk, in pixels per metre), so that a print program or
    an image editor opens a 300 dpi face at its size (63 x 88 mm), not at 72 dpi. Unchanged if it has one."""
    import struct
    import zlib

    if png[:8] != b"\x89PNG\r\n\x1a\n" or png[12:16] != b"IHDR":
        return png
    end_of_ihdr = 8 + 8 + struct.unpack(">I", png[8:12])[0] + 4
    if b"pHYs" in png[: end_of_ihdr + 64]:
        return png
    ppm = round(dpi / 0.0254)
    data = struct.pack(">IIB", ppm, ppm, 1)
    chunk = struct.pack(">I", len(data)) + b"pHYs" + data + struct.pack(">I", zlib.crc32(b"pHYs" + data))
    return png[:end_of_ihdr] + chunk + png[end_of_ihdr:]


def face_to_png(face, *, dpi: int = DEFAULT_DPI) -> bytes:
    """A :class:`faces.render.RenderedFace` as PNG: from its drawing when it has one, else from its SVG."""
    if face.drawing is not None:
        return drawing_to_png(face.drawing, dpi=dpi)
    return svg_to_png(face.svg, dpi=dpi)


# --- Pillow, from the drawing -----------------------------------------------------------------------
def _rgba(color: Color, opacity: float = 1.0) -> tuple[int, int, int, int]:
    r, g, b = color.rgb
    return r, g, b, round(255 * color.alpha * opacity)


@lru_cache(maxsize=64)
def _font(path: str, size_px: float) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size_px)


@lru_cache(maxsize=16)
def _path(face: FontFace) -> str:
    return str(face.path)


@lru_cache(maxsize=1)
def _ramp() -> Image.Image:
    return Image.linear_gradient("L")  # 256 x 256, black at the top to white at the bottom


@lru_cache(maxsize=48)
def _gradient(paint: Paint, size: tuple[int, int]) -> Image.Image:
    """``paint``'s gradient over a box of ``size`` px (RGBA; from the top, or the left when horizontal)."""
    # rotated a quarter turn anticlockwise, the top (black) is at the left
    ramp = _ramp().rotate(90) if paint.horizontal else _ramp()
    mask = ramp.resize(size, Image.Resampling.BILINEAR)
    start = Image.new("RGBA", size, _rgba(paint.color))
    end = Image.new("RGBA", size, _rgba(paint.color2 or paint.color))
    return Image.composite(end, start, mask)


@lru_cache(maxsize=96)
def _mask(
    kind: str, size: tuple[int, int], radius: int, points: tuple[tuple[float, float], ...]
) -> Image.Image:
    """The shape's coverage over its box (L), drawn at 2x and reduced: smooth edges, as resvg's."""
    w, h = size
    big = Image.new("L", (w * 2, h * 2), 0)
    draw = ImageDraw.Draw(big)
    if kind == "ellipse":
        draw.ellipse((0, 0, w * 2 - 1, h * 2 - 1), fill=255)
    elif kind == "polygon":
        draw.polygon([(x * 2, y * 2) for x, y in points], fill=255)
    else:
        draw.rounded_rectangle((0, 0, w * 2 - 1, h * 2 - 1), radius=radius * 2, fill=255)
    return big.resize(size, Image.Resampling.BOX)


class _PillowFace:
    def __init__(self, drawing: Drawing, dpi: float):
        self.d = drawing
        self.s = dpi / MM_PER_INCH  # px per mm
        self.ox = self.oy = drawing.bleed  # the trim corner is at (bleed, bleed) mm of the image
        size = (round(drawing.full_width * self.s), round(drawing.full_height * self.s))
        self.im = Image.new("RGBA", size, (0, 0, 0, 0))

    def px(self, x: float, y: float) -> tuple[float, float]:
        return (x + self.ox) * self.s, (y + self.oy) * self.s

    # A shape is drawn into its box: a coverage mask (cached by size and form) times its paint
    # (a flat colour or a cached gradient), composited onto the face.
    def _fill(self, kind, x, y, w, h, paint: Paint, radius=0.0, points=(), opacity=1.0) -> None:
        (x0, y0), (x1, y1) = self.px(x, y), self.px(x + w, y + h)
        left, top = round(x0), round(y0)
        size = (max(1, round(x1) - left), max(1, round(y1) - top))
        gradient = paint.color2 is not None and paint.color2 != paint.color
        plain_box = kind == "rect" and radius * self.s < 0.5
        rel = tuple(((px + self.ox) * self.s - left, (py + self.oy) * self.s - top) for px, py in points)
        mask = None if plain_box else _mask(kind, size, round(radius * self.s), rel)
        opaque = opacity >= 1 and paint.color.alpha >= 1 and (not gradient or paint.color2.alpha >= 1)  # type: ignore[union-attr]
        if opaque:  # painting over with a coverage mask is compositing an opaque source: no layer needed
            source = _gradient(paint, size) if gradient else _rgba(paint.color)
            if kind == "rect":
                self._paste_rounded(source, left, top, size, round(radius * self.s), mask)
            else:
                self.im.paste(source, (left, top, left + size[0], top + size[1]), mask)
            return
        if gradient:
            layer = _gradient(paint, size).copy()
        else:
            layer = Image.new("RGBA", size, _rgba(paint.color, opacity))
        alpha = layer.getchannel("A")
        if gradient and opacity < 1:
            alpha = alpha.point(lambda v, o=opacity: round(v * o))
        if mask is not None:
            alpha = ImageChops.multiply(alpha, mask)
        layer.putalpha(alpha)
        self._composite(layer, left, top)

    def _paste_rounded(self, source, left: int, top: int, size: tuple[int, int], r: int, mask) -> None:
        """An opaque rounded box: its cross pasted as it is, only the four corners through the mask
        (a masked paste of a whole card costs ten times the plain one)."""
        w, h = size
        r = min(r, w // 2, h // 2)
        if mask is None or r <= 0:
            self._paste(source, left, top, (0, 0, w, h), None)
            return
        self._paste(source, left, top, (r, 0, w - r, h), None)  # the middle, top to bottom
        self._paste(source, left, top, (0, r, r, h - r), None)  # the left side
        self._paste(source, left, top, (w - r, r, w, h - r), None)  # the right side
        for box in ((0, 0, r, r), (w - r, 0, w, r), (0, h - r, r, h), (w - r, h - r, w, h)):
            self._paste(source, left, top, box, mask.crop(box))

    def _paste(self, source, left: int, top: int, box: tuple[int, int, int, int], mask) -> None:
        x0, y0, x1, y1 = box
        if x1 <= x0 or y1 <= y0:
            return
        target = (left + x0, top + y0, left + x1, top + y1)
        if isinstance(source, Image.Image):
            source = source if box == (0, 0, *source.size) else source.crop(box)
        self.im.paste(source, target, mask)

    def _composite(self, layer: Image.Image, left: int, top: int) -> None:
        # alpha_composite wants its destination inside the image: crop what falls off the edges
        w, h = self.im.size
        cl, ct = max(0, -left), max(0, -top)
        cr, cb = min(layer.width, w - left), min(layer.height, h - top)
        if cr <= cl or cb <= ct:
            return
        if (cl, ct, cr, cb) != (0, 0, layer.width, layer.height):
            layer = layer.crop((cl, ct, cr, cb))
        self.im.alpha_composite(layer, (left + cl, top + ct))

    def shape(self, s: Shape) -> None:
        if s.fill is not None:
            self._fill(s.kind, s.x, s.y, s.w, s.h, s.fill, s.radius, s.points, s.opacity)
        if s.stroke is not None and s.stroke_width > 0:
            self._stroke(s)

    def _stroke(self, s: Shape) -> None:
        """The outline centred on the shape's edge, as SVG strokes are: the ring between two masks."""
        half = s.stroke_width / 2
        (x0, y0), (x1, y1) = self.px(s.x - half, s.y - half), self.px(s.x + s.w + half, s.y + s.h + half)
        left, top = round(x0), round(y0)
        size = (max(1, round(x1) - left), max(1, round(y1) - top))
        sw = s.stroke_width * self.s
        if s.kind == "polygon":
            big = Image.new("L", (size[0] * 2, size[1] * 2), 0)
            points = [
                (((px + self.ox) * self.s - left) * 2, ((py + self.oy) * self.s - top) * 2)
                for px, py in s.points
            ]
            ImageDraw.Draw(big).polygon(points, outline=255, width=max(1, round(sw * 2)))
            ring = big.resize(size, Image.Resampling.BOX)
        else:
            outer = _mask(s.kind, size, round((s.radius + half) * self.s) if s.radius else 0, ())
            inner_size = (max(1, size[0] - 2 * round(sw)), max(1, size[1] - 2 * round(sw)))
            inner = _mask(s.kind, inner_size, round(max(0.0, s.radius - half) * self.s), ())
            hole = Image.new("L", size, 0)
            hole.paste(inner, (round(sw), round(sw)))
            ring = Image.composite(Image.new("L", size, 0), outer, hole)
        alpha = s.stroke.alpha * s.opacity  # type: ignore[union-attr]
        if alpha >= 1 and s.kind == "rect":  # four bands, the rounded corners through the ring's mask
            w, h = size
            band = round(sw)
            r = min(max(band, round((s.radius + half) * self.s)), w // 2, h // 2)
            color = _rgba(s.stroke)  # type: ignore[arg-type]
            for box in (
                (r, 0, w - r, band),
                (r, h - band, w - r, h),
                (0, r, band, h - r),
                (w - band, r, w, h - r),
            ):
                self._paste(color, left, top, box, None)
            for box in ((0, 0, r, r), (w - r, 0, w, r), (0, h - r, r, h), (w - r, h - r, w, h)):
                self._paste(color, left, top, box, ring.crop(box))
            return
        if alpha >= 1:
            self.im.paste(_rgba(s.stroke), (left, top, left + size[0], top + size[1]), ring)  # type: ignore[arg-type]
            return
        layer = Image.new("RGBA", size, _rgba(s.stroke))  # type: ignore[arg-type]
        layer.putalpha(ring.point(lambda v: round(v * alpha)))
        self._composite(layer, left, top)

    def text(self, t: TextLine) -> None:
        x = t.x - (t.width / 2 if t.anchor == "middle" else t.width if t.anchor == "end" else 0)
        size_px = t.size * self.s
        fill = _rgba(t.color)
        for face, run in runs_by_face(t.text, t.face):
            self._run(face, run, x, t.y, size_px, fill)
            x += text_width(run, face, t.size)

    def _run(self, face: FontFace, run: str, x: float, y: float, size_px: float, fill) -> None:
        font = _font(_path(face), round(size_px * 4) / 4)
        px, py = self.px(x, y)
        if fill[3] >= 255:
            ImageDraw.Draw(self.im).text((px, py), run, font=font, fill=fill, anchor="ls")
            return
        left, top, right, bottom = font.getbbox(run, anchor="ls")
        box = (int(px + left) - 1, int(py + top) - 1)
        layer = Image.new("RGBA", (int(right - left) + 3, int(bottom - top) + 3), (0, 0, 0, 0))
        ImageDraw.Draw(layer).text((px - box[0], py - box[1]), run, font=font, fill=fill, anchor="ls")
        self._composite(layer, *box)

    def picture(self, p: Picture) -> None:
        (x0, y0), (x1, y1) = self.px(p.x, p.y), self.px(p.x + p.w, p.y + p.h)
        left, top = round(x0), round(y0)
        size = (max(1, round(x1) - left), max(1, round(y1) - top))
        with Image.open(io.BytesIO(p.data)) as src:
            src.draft("RGB", size)  # a JPEG decoded at the reduced scale nearest the size it is drawn at
            art = src.convert("RGBA").resize(size, Image.Resampling.LANCZOS)
        self._composite(art, left, top)

    def draw(self) -> Image.Image:
        d = self.d
        radius = d.corner_radius if d.corner_radius > 0 and d.bleed == 0 else 0.0
        self._fill("rect", -d.bleed, -d.bleed, d.full_width, d.full_height, Paint(d.background), radius)
        for item in d.items:
            if isinstance(item, Shape):
                self.shape(item)
            elif isinstance(item, TextLine):
                self.text(item)
            elif isinstance(item, Picture):
                self.picture(item)
        return self.im


def drawing_to_image(drawing: Drawing, *, dpi: float = DEFAULT_DPI) -> Image.Image:
    """The face drawn with Pillow (RGBA; corners transparent when they are rounded)."""
    _check_dpi(dpi)
    return _PillowFace(drawing, dpi).draw()


def drawing_to_png(drawing: Drawing, *, dpi: int = DEFAULT_DPI) -> bytes:
    """The face as PNG at ``dpi`` (744 x 1039 px for 63 x 88 mm at 300 dpi, plus the bleed)."""
    out = io.BytesIO()
    # zlib level 3 rather than Pillow's 6: a 300 dpi face encodes in two thirds of the time, for
    # files about a quarter larger (66 KB against 53 KB for a demo face); faces are cached files.
    drawing_to_image(drawing, dpi=dpi).save(out, "PNG", compress_level=PNG_COMPRESS_LEVEL, dpi=(dpi, dpi))
    return out.getvalue()
