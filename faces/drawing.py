"""A face as a drawing: a few primitives laid out once, then written as SVG (and, by faces.sheet, as PDF).

Every position is in millimetres from the card's top-left trim corner (the
bleed lies at negative coordinates and beyond the trim size). Text is already
broken into lines and placed, so SVG, PNG and PDF show the same lines.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from .fonts import FALLBACK_FAMILY, FontFace, font_face_css, split_by_face


@dataclass(frozen=True, slots=True)
class Color:
    hex: str  # #rrggbb
    alpha: float = 1.0

    @classmethod
    def parse(cls, value: str) -> Color | None:
        """``#rgb``, ``#rrggbb`` or ``#rrggbbaa``; ``none`` is None."""
        if value == "none":
            return None
        digits = value.lstrip("#")
        if len(digits) == 3:
            digits = "".join(c * 2 for c in digits)
        alpha = 1.0
        if len(digits) == 8:
            alpha = int(digits[6:], 16) / 255
            digits = digits[:6]
        return cls("#" + digits.lower(), alpha)

    @property
    def rgb(self) -> tuple[int, int, int]:
        return int(self.hex[1:3], 16), int(self.hex[3:5], 16), int(self.hex[5:7], 16)


@dataclass(frozen=True, slots=True)
class Paint:
    """A flat colour, or a gradient from ``color`` to ``color2`` (left to right when ``horizontal``)."""

    color: Color
    color2: Color | None = None
    horizontal: bool = False


@dataclass(frozen=True, slots=True)
class Shape:
    kind: str  # rect | ellipse | polygon
    x: float
    y: float
    w: float
    h: float
    fill: Paint | None = None
    stroke: Color | None = None
    stroke_width: float = 0.0
    radius: float = 0.0
    points: tuple[tuple[float, float], ...] = ()
    opacity: float = 1.0


@dataclass(frozen=True, slots=True)
class TextLine:
    x: float  # the anchor: left edge, centre or right edge
    y: float  # the baseline
    text: str
    face: FontFace
    size: float  # millimetres (the em)
    color: Color
    anchor: str = "start"  # start | middle | end
    width: float = 0.0  # measured advance, in millimetres
    region: str = ""  # the template's text region it was fitted in (SAFE_ZONE of a card's own text)


@dataclass(frozen=True, slots=True)
class Picture:
    x: float
    y: float
    w: float
    h: float
    data: bytes
    mime: str


@dataclass(frozen=True, slots=True)
class Drawing:
    width: float  # trim size, mm
    height: float
    bleed: float
    corner_radius: float
    background: Color
    items: tuple[Shape | TextLine | Picture, ...] = field(default=())

    @property
    def full_width(self) -> float:
        return self.width + 2 * self.bleed

    @property
    def full_height(self) -> float:
        return self.height + 2 * self.bleed


def _n(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return text if text not in ("", "-0") else "0"


def _color_attrs(name: str, color: Color | None) -> str:
    if color is None:
        return f' {name}="none"'
    attrs = f' {name}="{color.hex}"'
    if color.alpha < 1:
        attrs += f' {name}-opacity="{_n(color.alpha)}"'
    return attrs


class _SvgWriter:
    def __init__(self) -> None:
        self.defs: list[str] = []
        self.body: list[str] = []
        self._gradients: dict[Paint, str] = {}

    def paint(self, paint: Paint | None) -> str:
        if paint is None:
            return ' fill="none"'
        if paint.color2 is None:
            return _color_attrs("fill", paint.color)
        gid = self._gradients.get(paint)
        if gid is None:
            gid = f"g{len(self._gradients)}"
            self._gradients[paint] = gid
            end = 'x2="1" y2="0"' if paint.horizontal else 'x2="0" y2="1"'
            stops = "".join(
                f'<stop offset="{offset}" stop-color="{c.hex}"'
                + (f' stop-opacity="{_n(c.alpha)}"' if c.alpha < 1 else "")
                + "/>"
                for offset, c in ((0, paint.color), (1, paint.color2))
            )
            self.defs.append(f'<linearGradient id="{gid}" x1="0" y1="0" {end}>{stops}</linearGradient>')
        return f' fill="url(#{gid})"'

    def shape(self, s: Shape) -> None:
        common = self.paint(s.fill)
        if s.stroke is not None and s.stroke_width > 0:
            common += _color_attrs("stroke", s.stroke) + f' stroke-width="{_n(s.stroke_width)}"'
        if s.opacity < 1:
            common += f' opacity="{_n(s.opacity)}"'
        if s.kind == "ellipse":
            self.body.append(
                f'<ellipse cx="{_n(s.x + s.w / 2)}" cy="{_n(s.y + s.h / 2)}" rx="{_n(s.w / 2)}" ry="{_n(s.h / 2)}"{common}/>'
            )
        elif s.kind == "polygon":
            points = " ".join(f"{_n(px)},{_n(py)}" for px, py in s.points)
            self.body.append(f'<polygon points="{points}"{common}/>')
        else:
            radius = f' rx="{_n(s.radius)}"' if s.radius > 0 else ""
            self.body.append(
                f'<rect x="{_n(s.x)}" y="{_n(s.y)}" width="{_n(s.w)}" height="{_n(s.h)}"{radius}{common}/>'
            )

    def text(self, t: TextLine) -> None:
        family = f"'{t.face.family}','{FALLBACK_FAMILY}'"
        weight = ' font-weight="bold"' if t.face.weight == "bold" else ""
        style = ' font-style="italic"' if t.face.style == "italic" else ""
        anchor = f' text-anchor="{t.anchor}"' if t.anchor != "start" else ""
        self.body.append(
            f'<text x="{_n(t.x)}" y="{_n(t.y)}" font-family="{family}" font-size="{_n(t.size)}"'
            f'{weight}{style}{anchor}{_color_attrs("fill", t.color)} xml:space="preserve">{escape(t.text)}</text>'
        )

    def picture(self, p: Picture) -> None:
        data = base64.b64encode(p.data).decode("ascii")
        self.body.append(
            f'<image x="{_n(p.x)}" y="{_n(p.y)}" width="{_n(p.w)}" height="{_n(p.h)}" '
            f'preserveAspectRatio="none" href="data:{p.mime};base64,{data}"/>'
        )


def to_svg(drawing: Drawing, *, fonts: str = "embed", font_url: str | None = None, title: str = "") -> str:
    """The drawing as a standalone SVG document, sized in millimetres.

    ``fonts``: ``embed`` puts a subset of each font used (only the glyphs of
    this face) in the SVG as a WOFF2 data URL, so the file looks the same in
    any browser or viewer, even as an ``<img>``; ``link`` points @font-face at
    ``font_url`` (the studio's static fonts, for SVG inlined in its pages);
    ``none`` leaves the fonts out (resvg and PDF use the files directly).
    """
    writer = _SvgWriter()
    used: dict[FontFace, set[str]] = {}
    for item in drawing.items:
        if isinstance(item, Shape):
            writer.shape(item)
        elif isinstance(item, TextLine):
            writer.text(item)
            for face, chars in split_by_face(item.text, item.face).items():
                used.setdefault(face, set()).update(chars)
        else:
            writer.picture(item)
    b = drawing.bleed
    w, h = drawing.full_width, drawing.full_height
    # Rounded corners without a clip path (a clip doubles resvg's time): the renderer rounds the
    # panels that cover the whole card, and the background here.
    clip = drawing.corner_radius > 0 and b == 0
    style = ""
    if used and fonts != "none":
        css = font_face_css(used, font_url=font_url if fonts == "link" else None)
        style = f"<style>{css}</style>"
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(w)}mm" height="{_n(h)}mm" '
        f'viewBox="{_n(-b)} {_n(-b)} {_n(w)} {_n(h)}">'
    )
    title_el = f"<title>{escape(title)}</title>" if title else ""
    defs = f"<defs>{style}{''.join(writer.defs)}</defs>" if (writer.defs or style) else ""
    background = (
        f'<rect x="{_n(-b)}" y="{_n(-b)}" width="{_n(w)}" height="{_n(h)}"'
        + (f' rx="{_n(drawing.corner_radius)}"' if clip else "")
        + _color_attrs("fill", drawing.background)
        + "/>"
    )
    return f"{head}{title_el}{defs}<g>{background}{''.join(writer.body)}</g></svg>"


__all__ = ["Color", "Drawing", "Paint", "Picture", "Shape", "TextLine", "to_svg"]
