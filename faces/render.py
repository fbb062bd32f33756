"""One pure function draws a card's face: (card data, template, artwork) -> SVG, with its findings.

No Django and no I/O but reading the shipped fonts. The same layout (a
:class:`faces.drawing.Drawing`) is written as SVG here, rasterised to PNG by
:mod:`faces.raster` and drawn into PDF by :mod:`faces.sheet`, so the three never
differ. A face always renders: broken or missing artwork gets a placeholder
and a finding, text that does not fit is shrunk, then cut with a finding.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.face_template import (
    ARTWORK_LOW_RESOLUTION,
    ARTWORK_UNREADABLE,
    PLACEHOLDER,
    TEXT_OVERFLOW,
    WORD,
    card_size,
    localized,
    template_language,
)
from rules.findings import Finding, warning

from .art import ArtUnreadable, needed_pixels, prepare_art_keyed, too_few_pixels
from .drawing import Color, Drawing, Paint, Picture, Shape, TextLine, to_svg
from .fonts import PT_MM, FontFace, ascent, descent, face_for, text_width
from .textfit import fit_text

EDGE = 0.01  # a box this close to the trim edge is extended into the bleed
DEFAULT_COLOR = Color("#202020")
LIST_SEPARATOR = " · "
# A template word ({@power}) or a card's value ({power}, {level|stars}), in one pass: card text that
# happens to hold "{@...}" is never taken for a word.
_CONTENT = re.compile(f"{WORD.pattern}|{PLACEHOLDER.pattern}")
# The mark of a face whose texts are not in its language (no current translation): the texts'
# language in a badge at the top of the card, so a printed sheet shows which cards are not translated.
MARK_FILL = Color("#c2410c")
MARK_INK = Color("#ffffff")
MARK_W, MARK_H, MARK_TOP = 9.0, 3.0, 0.7


@dataclass(frozen=True)
class FaceCard:
    game: str
    stable_id: str
    name: str
    type: str
    set: str = ""
    text: str = ""
    archetypes: tuple[str, ...] = ()
    fields: Mapping[str, Any] = field(default_factory=dict)
    # The face's language: its labels and words are printed in it (the card's source language unless
    # a face in another language is asked for; "": the template's own language).
    lang: str = ""
    # The language of its name and texts when they are not in ``lang`` (no current translation: the
    # source's texts are printed, and the face carries a mark saying their language); "" = ``lang``.
    text_lang: str = ""
    # Its name and texts come from a translation (VALIDATED, current) into ``lang``.
    translated: bool = False

    @property
    def fallback(self) -> bool:
        """Its texts are not in the face's language: the face shows their language as a mark."""
        return bool(self.text_lang) and self.text_lang != self.lang

    @classmethod
    def from_data(cls, game: str, data: Mapping[str, Any], *, lang: str | None = None) -> FaceCard:
        """A card in the interchange form (FORMATS.md card-set entry, a revision's snapshot, an editor's form)."""
        from rules import get_ruleset

        ruleset = get_ruleset(game)
        return cls(
            game=game,
            stable_id=str(data.get("stableCardId") or ""),
            name=str(data.get("name") or ""),
            type=str(data.get("type") or ""),
            set=str(data.get("set") or ""),
            text=str(data.get("text") or ""),
            archetypes=tuple(str(a) for a in (data.get("archetypes") or [])),
            fields={k: data[k] for k in ruleset.field_names() if k in data},
            lang=lang or ruleset.language,
        )

    def value(self, key: str) -> Any:
        if key == "name":
            return self.name
        if key == "type":
            return self.type
        if key == "set":
            return self.set
        if key == "text":
            return self.text
        if key == "archetypes":
            return list(self.archetypes)
        if key == "stableCardId":
            return self.stable_id
        return self.fields.get(key)


@dataclass(frozen=True)
class FaceArt:
    data: bytes
    width: int
    height: int
    focal: tuple[float, float] | None = None  # 0..1 from the left, from the top
    # What names these bytes (the variant's sha256): the prepared picture is reused for the same key.
    key: str = field(default="", compare=False)


@dataclass(frozen=True)
class RenderedFace:
    svg: str
    width_mm: float  # the trim size; the bleed is around it
    height_mm: float
    findings: tuple[Finding, ...] = ()
    bleed_mm: float = 0.0
    # The layout the SVG was written from: faces.sheet draws it into PDF as vector text.
    drawing: Drawing | None = field(default=None, repr=False, compare=False)
    stable_id: str = ""
    name: str = ""
    # The face's language, and its texts' when they are not in it (a fallback to the source: marked).
    lang: str = ""
    fallback_lang: str = ""


# --- colours and palettes --------------------------------------------------------------------
Swatch = Color | tuple[Color, Color] | None


def _empty(value: Any) -> bool:
    return value is None or value == "" or value == [] or value == ()


def _values(value: Any) -> list[str]:
    if _empty(value):
        return []
    if isinstance(value, list | tuple):
        return [str(v) for v in value]
    if isinstance(value, bool):
        return ["true" if value else "false"]
    return [str(value)]


def palette_for(card: FaceCard, template: Mapping[str, Any], base: Mapping[str, str] | None = None) -> dict:
    """The card's colours: the template's palette, then each frame layer that the card's values select."""
    raw: dict[str, Swatch] = {}
    for name, value in (base if base is not None else template.get("palette", {})).items():
        raw[name] = Color.parse(value) if not value.startswith("@") else None
    for layer in (template.get("frame") or {}).get("layers", []):
        chosen = [layer["values"][v] for v in _values(card.value(layer["field"])) if v in layer["values"]]
        if not chosen:
            continue
        if layer.get("split") and len(chosen) >= 2:
            for name in set(chosen[0]) | set(chosen[1]):
                first = chosen[0].get(name, chosen[1].get(name))
                second = chosen[1].get(name, first)
                a, b = Color.parse(first), Color.parse(second)
                raw[name] = (a, b) if a and b and a != b else a
        else:
            for name, value in chosen[0].items():
                raw[name] = Color.parse(value)
    return raw


def _swatch(value: str | None, palette: Mapping[str, Swatch]) -> Swatch:
    if value is None:
        return None
    if value.startswith("@"):
        return palette.get(value[1:])
    return Color.parse(value)


def _flat(swatch: Swatch, default: Color | None = None) -> Color | None:
    if isinstance(swatch, tuple):
        return swatch[0]
    return swatch if swatch is not None else default


def _paint(region: Mapping[str, Any], palette: Mapping[str, Swatch]) -> Paint | None:
    fill = _swatch(region.get("fill"), palette)
    if fill is None:
        return None
    if isinstance(fill, tuple):
        return Paint(fill[0], fill[1], horizontal=True)
    second = _flat(_swatch(region.get("fill2"), palette))
    return Paint(fill, second) if second is not None and second != fill else Paint(fill)


# --- content ---------------------------------------------------------------------------------
def _label(template: Mapping[str, Any], table: str, value: str) -> str | None:
    return (template.get("labels") or {}).get(table, {}).get(value)


def _format(card: FaceCard, template: Mapping[str, Any], key: str, flt: str | None) -> str | None:
    value = card.value(key)
    if _empty(value) or value is False:
        return None
    if flt == "stars":
        try:
            return "★" * max(0, min(int(value), 13))
        except (TypeError, ValueError):
            return str(value)
    if flt == "raw":
        return ", ".join(_values(value))
    if flt == "thousands" and isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}".replace(",", "\u202f")
    table = key if flt in (None, "label", "upper", "join", "thousands") else flt
    shown = []
    for item in _values(value):
        label = _label(template, table, item)
        if label is None:
            label = item.replace("_", " ").capitalize() if key == "type" or flt == "label" else item
        shown.append(label)
    text = LIST_SEPARATOR.join(shown)
    return text.upper() if flt == "upper" else text


def content_text(card: FaceCard, template: Mapping[str, Any], region: Mapping[str, Any]) -> str | None:
    """What a text region says for this card, or None when every part names an empty value.

    ``{@word}`` is the template's word in its ``words`` (see :func:`rules.face_template.localized`)."""
    content = region.get("content", "")
    parts = [content] if isinstance(content, str) else list(content)
    words = template.get("words") or {}
    shown = []
    for part in parts:
        missing = False

        def fill(match, _missing=None):
            nonlocal missing
            if match.group(1) is not None:
                return str(words.get(match.group(1), ""))
            text = _format(card, template, match.group(2), match.group(3))
            if text is None:
                missing = True
                return ""
            return text

        text = _CONTENT.sub(fill, part)
        if not missing and text.strip():
            shown.append(text)
    if not shown:
        return None
    text = region.get("separator", " ").join(shown)
    return text.upper() if region.get("upper") else text


def region_applies(card: FaceCard, region: Mapping[str, Any]) -> bool:
    when = region.get("when")
    if not when:
        return True
    if "types" in when and card.type not in when["types"]:
        return False
    if "notTypes" in when and card.type in when["notTypes"]:
        return False
    if "field" in when:
        value = card.value(when["field"])
        if "present" in when and (not _empty(value) and value is not False) != when["present"]:
            return False
        if "equals" in when and value != when["equals"]:
            return False
        if "in" in when and value not in when["in"]:
            return False
        if "notIn" in when and value in when["notIn"]:
            return False
    return True


# --- geometry --------------------------------------------------------------------------------
def _box(region: Mapping[str, Any], size: tuple[float, float], bleed: float, *, extend: bool):
    box = region["box"]
    x, y, w, h = float(box["x"]), float(box["y"]), float(box["w"]), float(box["h"])
    if extend and bleed > 0:
        width, height = size
        if x <= EDGE:
            x, w = x - bleed, w + bleed
        if y <= EDGE:
            y, h = y - bleed, h + bleed
        if x + w >= width - EDGE:
            w += bleed
        if y + h >= height - EDGE:
            h += bleed
    return x, y, w, h


def _polygon(shape: str, x: float, y: float, w: float, h: float) -> tuple[tuple[float, float], ...]:
    if shape == "hexagon":
        d = min(w, h) * 0.28
        return (
            (x + d, y),
            (x + w - d, y),
            (x + w, y + h / 2),
            (x + w - d, y + h),
            (x + d, y + h),
            (x, y + h / 2),
        )
    if shape == "diamond":
        return ((x + w / 2, y), (x + w, y + h / 2), (x + w / 2, y + h), (x, y + h / 2))
    if shape == "banner":
        d = min(h * 0.35, w * 0.2)
        return ((x, y), (x + w, y), (x + w - d, y + h / 2), (x + w, y + h), (x, y + h), (x + d, y + h / 2))
    # shield: flat top, pointed bottom
    return ((x, y), (x + w, y), (x + w, y + h * 0.62), (x + w / 2, y + h), (x, y + h * 0.62))


def _shape(region, palette, x, y, w, h) -> Shape | None:
    paint = _paint(region, palette)
    stroke = _flat(_swatch(region.get("stroke"), palette))
    width = float(region.get("strokeWidth", 0.3 if stroke else 0))
    if paint is None and (stroke is None or width <= 0):
        return None
    kind = region.get("shape", "rect")
    opacity = float(region.get("opacity", 1))
    if kind == "rect":
        return Shape(
            "rect", x, y, w, h, paint, stroke, width, float(region.get("radius", 0)), opacity=opacity
        )
    if kind == "ellipse":
        return Shape("ellipse", x, y, w, h, paint, stroke, width, opacity=opacity)
    return Shape(
        "polygon", x, y, w, h, paint, stroke, width, points=_polygon(kind, x, y, w, h), opacity=opacity
    )


# --- the renderer ----------------------------------------------------------------------------
class _Context:
    def __init__(self, card: FaceCard, template: Mapping[str, Any], art: FaceArt | None, bleed: float):
        self.card = card
        self.template = template
        self.art = art
        self.bleed = bleed
        self.size = card_size(template)
        self.items: list[Shape | TextLine | Picture] = []
        self.findings: list[Finding] = []
        self.corner = 0.0  # the card's corner radius, when its corners are drawn rounded

    def font(self, role: str | None) -> FontFace:
        spec = (self.template.get("fonts") or {}).get(role or "body") or {"family": "Noto Sans"}
        try:
            return face_for(spec["family"], spec.get("weight", "normal"), spec.get("style", "normal"))
        except KeyError:
            return face_for("Noto Sans")


def _draw_text(ctx: _Context, region, palette, x, y, w, h) -> None:
    text = content_text(ctx.card, ctx.template, region)
    if text is None:
        return
    shape = _shape(region, palette, x, y, w, h)
    if shape is not None:
        ctx.items.append(shape)
    face = ctx.font(region.get("font"))
    pad = float(region.get("padding", 0))
    size = float(region.get("size", 7))
    min_size = float(region.get("minSize", size))
    # The padding keeps text off the box's sides; above and below only where the box has room for it.
    vpad = pad if h - 2 * pad >= min_size * PT_MM * 1.2 else 0.0
    inner_w, inner_h = max(0.0, w - 2 * pad), max(0.0, h - 2 * vpad)
    if region.get("shape") in ("ellipse", "diamond", "hexagon", "shield"):
        inner_w *= 0.8  # keep text off the curve
    fitted = fit_text(
        text,
        face,
        width=inner_w,
        height=inner_h,
        size=size,
        min_size=min_size,
        line_height=float(region.get("lineHeight", 1.2)),
        max_lines=region.get("maxLines"),
    )
    if fitted.overflow:
        keys = [
            m.group(1)
            for part in (
                [region.get("content", "")]
                if isinstance(region.get("content", ""), str)
                else region["content"]
            )
            for m in PLACEHOLDER.finditer(part)
        ]
        ctx.findings.append(
            warning(
                TEXT_OVERFLOW,
                card=ctx.card.stable_id,
                field=keys[0] if keys else region["id"],
                # a translation's text that does not fit: the finding of that language's face
                params={
                    "card": ctx.card.stable_id,
                    "field": keys[0] if keys else region["id"],
                    "language": ctx.card.lang,
                }
                if ctx.card.translated
                else None,
            )
        )
    size_mm = fitted.size * PT_MM
    lines = fitted.lines
    if not lines:
        return
    block = size_mm * (ascent(face) + descent(face)) + fitted.line_height * (len(lines) - 1)
    valign = region.get("valign", "top")
    top = y + vpad
    if valign == "middle":
        top = y + (h - block) / 2
    elif valign == "bottom":
        top = y + h - vpad - block
    baseline = top + size_mm * ascent(face)
    align = region.get("align", "left")
    color = _flat(_swatch(region.get("color"), palette), DEFAULT_COLOR) or DEFAULT_COLOR
    for line in lines:
        width = text_width(line, face, size_mm)
        if align == "center":
            tx, anchor = x + w / 2, "middle"
        elif align == "right":
            tx, anchor = x + w - pad, "end"
        else:
            tx, anchor = x + pad, "start"
        ctx.items.append(
            TextLine(tx, baseline, line, face, size_mm, color, anchor, width, str(region.get("id", "")))
        )
        baseline += fitted.line_height


def _placeholder(ctx: _Context, region, palette, x, y, w, h) -> None:
    a = _flat(_swatch(region.get("fill", "@artBg"), palette), Color("#6d7480"))
    b = _flat(_swatch(region.get("fill2", "@artBg2"), palette), Color("#3b4048"))
    ctx.items.append(Shape("rect", x, y, w, h, Paint(a, b)))
    emblem = region.get("emblem")
    if emblem:
        face = ctx.font("emblem")
        size_mm = min(w, h) * 0.5
        ink = _flat(_swatch("@emblem", palette), Color("#ffffff", 0.35)) or Color("#ffffff", 0.35)
        ink = Color(ink.hex, min(ink.alpha, 0.45))
        baseline = y + h / 2 + size_mm * (ascent(face) - descent(face)) / 2
        ctx.items.append(
            TextLine(
                x + w / 2, baseline, emblem, face, size_mm, ink, "middle", text_width(emblem, face, size_mm)
            )
        )


def _draw_art(ctx: _Context, region, palette, x, y, w, h) -> None:
    art = ctx.art
    if art is None:  # no artwork is no mistake: a clean placeholder, no finding
        _placeholder(ctx, region, palette, x, y, w, h)
    else:
        try:
            prepared = prepare_art_keyed(
                art.key, art.data, (w, h), fit=region.get("fit", "cover"), focal=art.focal
            )
        except ArtUnreadable:
            ctx.findings.append(
                warning(
                    ARTWORK_UNREADABLE,
                    card=ctx.card.stable_id,
                    field="artwork",
                )
            )
            _placeholder(ctx, region, palette, x, y, w, h)
        else:
            if prepared.low_resolution:
                ctx.findings.append(_low_resolution(ctx.card.stable_id, prepared.source, prepared.needed))
            if prepared.dx or prepared.dy:
                a = _flat(_swatch("@artBg", palette), Color("#30343a"))
                ctx.items.append(Shape("rect", x, y, w, h, Paint(a)))
            ctx.items.append(
                Picture(
                    x + prepared.dx, y + prepared.dy, prepared.w, prepared.h, prepared.data, prepared.mime
                )
            )
    stroke = _flat(_swatch(region.get("stroke"), palette))
    if stroke is not None:
        ctx.items.append(Shape("rect", x, y, w, h, None, stroke, float(region.get("strokeWidth", 0.3))))


def _draw_pips(ctx: _Context, region, palette, x, y, w, h) -> None:
    values = _values(ctx.card.value(region.get("field", "")))
    if not values:
        return
    colors = region.get("colors") or {}
    d = min(h, w)
    gap = d * 0.25
    total = len(values) * d + (len(values) - 1) * gap
    align = region.get("align", "left")
    left = x if align == "left" else (x + (w - total) / 2 if align == "center" else x + w - total)
    stroke = _flat(_swatch(region.get("stroke"), palette))
    backdrop = _paint(region, palette)
    if backdrop is not None:
        m = d * 0.22
        ctx.items.append(
            Shape("rect", left - m, y + (h - d) / 2 - m, total + 2 * m, d + 2 * m, backdrop, radius=d / 2 + m)
        )
    for i, value in enumerate(values):
        swatch = _swatch(colors.get(value), palette) if value in colors else palette.get(value.lower())
        flat = _flat(swatch, Color("#9aa0a6"))
        paint = Paint(*swatch, horizontal=True) if isinstance(swatch, tuple) else Paint(flat)
        cx = left + i * (d + gap)
        ctx.items.append(
            Shape("ellipse", cx, y + (h - d) / 2, d, d, paint, stroke, float(region.get("strokeWidth", 0.3)))
        )


def _covers(size: tuple[float, float], x: float, y: float, w: float, h: float) -> bool:
    return x <= EDGE and y <= EDGE and x + w >= size[0] - EDGE and y + h >= size[1] - EDGE


def _draw_regions(ctx: _Context, regions: Sequence[Mapping[str, Any]], palette) -> None:
    for region in regions:
        if not region_applies(ctx.card, region):
            continue
        kind = region["kind"]
        x, y, w, h = _box(region, ctx.size, ctx.bleed, extend=kind in ("panel", "art"))
        if kind == "panel" and ctx.corner and _covers(ctx.size, x, y, w, h):
            region = {**region, "radius": max(float(region.get("radius", 0)), ctx.corner)}
        if kind == "panel":
            shape = _shape(region, palette, x, y, w, h)
            if shape is not None:
                ctx.items.append(shape)
        elif kind == "text":
            _draw_text(ctx, region, palette, x, y, w, h)
        elif kind == "art":
            _draw_art(ctx, region, palette, x, y, w, h)
        elif kind == "pips":
            _draw_pips(ctx, region, palette, x, y, w, h)


def _draw_mark(ctx: _Context) -> None:
    """The texts' language (``FR``) in a badge at the top centre, over the frame: a face whose texts
    are not in its language (no current translation) says so, on screen and on paper."""
    label = ctx.card.text_lang.upper()
    width, _height = ctx.size
    x, y = (width - MARK_W) / 2, MARK_TOP
    ctx.items.append(Shape("rect", x, y, MARK_W, MARK_H, Paint(MARK_FILL), MARK_INK, 0.25, MARK_H / 2))
    face = face_for("Noto Sans", "bold")
    size_mm = MARK_H * 0.62
    baseline = y + MARK_H / 2 + size_mm * (ascent(face) - descent(face)) / 2
    ctx.items.append(
        TextLine(
            x + MARK_W / 2,
            baseline,
            label,
            face,
            size_mm,
            MARK_INK,
            "middle",
            text_width(label, face, size_mm),
        )
    )


def _game_language(game: str, template: Mapping[str, Any], default: str) -> str:
    from rules import get_ruleset
    from rules.registry import UnknownGame

    try:
        return get_ruleset(game).language
    except UnknownGame:
        return str(template.get("language") or default)


def face_template(card: FaceCard, template: Mapping[str, Any]) -> Mapping[str, Any]:
    """``template`` with its labels and words in the face's language (``card.lang``; none: the template's)."""
    default = _game_language(card.game, template, card.lang or "en")
    return localized(template, card.lang or template_language(template, default), default=default)


def _corner(template: Mapping[str, Any], bleed: float, rounded: bool | None) -> float:
    if rounded is False or (rounded is None and bleed > 0):
        return 0.0
    return float(template.get("cornerRadius", 3.0))


def _drawing(ctx: _Context, palette, rounded: bool | None) -> Drawing:
    width, height = ctx.size
    radius = ctx.corner
    background = _flat(palette.get("border"), Color("#111111")) or Color("#111111")
    return Drawing(width, height, ctx.bleed, radius, background, tuple(ctx.items))


def render_face(
    card: FaceCard,
    template: Mapping[str, Any],
    art: FaceArt | None = None,
    *,
    bleed_mm: float = 0,
    fonts: str = "embed",
    font_url: str | None = None,
    rounded: bool | None = None,
) -> RenderedFace:
    """The face of ``card`` drawn by ``template`` (validated: see faces.template.validate_template).

    ``bleed_mm`` extends the frame and the artwork that touch the card's edge
    by that much on each side (the trim size stays the card's size). Rounded
    corners are drawn only without bleed, unless ``rounded`` says otherwise.
    ``fonts`` and ``font_url``: see :func:`faces.drawing.to_svg`.
    """
    bleed = max(0.0, float(bleed_mm))
    template = face_template(card, template)
    ctx = _Context(card, template, art, bleed)
    ctx.corner = _corner(template, bleed, rounded)
    palette = palette_for(card, template)
    _draw_regions(ctx, template.get("regions", []), palette)
    if card.fallback:
        _draw_mark(ctx)
    drawing = _drawing(ctx, palette, rounded)
    svg = to_svg(drawing, fonts=fonts, font_url=font_url, title=f"{card.name} ({card.stable_id})")
    return RenderedFace(
        svg,
        drawing.width,
        drawing.height,
        tuple(ctx.findings),
        bleed,
        drawing,
        card.stable_id,
        card.name,
        lang=str(template.get("language") or card.lang),
        fallback_lang=card.text_lang if card.fallback else "",
    )


def _low_resolution(stable_id: str, source: tuple[int, int], needed: tuple[int, int]) -> Finding:
    (sw, sh), (nw, nh) = source, needed
    return warning(
        ARTWORK_LOW_RESOLUTION,
        card=stable_id,
        field="artwork",
        params={"width": sw, "height": sh, "neededWidth": nw, "neededHeight": nh},
    )


def artwork_findings(
    card: FaceCard, template: Mapping[str, Any], source: tuple[int, int] | None
) -> tuple[Finding, ...]:
    """ARTWORK_LOW_RESOLUTION when the primary artwork (``source``: its width and height in pixels, as
    stored; None: no artwork) has fewer pixels than an art box of the face needs at 300 dpi. Nothing is
    decoded: for audits of a whole game, as :func:`text_findings`."""
    if not source:
        return ()
    ctx = _Context(card, template, None, 0.0)
    for region in template.get("regions", []):
        if region.get("kind") != "art" or not region_applies(card, region):
            continue
        _x, _y, w, h = _box(region, ctx.size, 0.0, extend=True)
        needed = needed_pixels(source, (w, h), region.get("fit", "cover"))
        if too_few_pixels(source, needed):
            return (_low_resolution(card.stable_id, source, needed),)
    return ()


def text_findings(card: FaceCard, template: Mapping[str, Any]) -> tuple[Finding, ...]:
    """The TEXT_OVERFLOW findings of ``card``'s face, without drawing it: only the text regions are
    laid out (no artwork, no SVG), as :func:`render_face` lays them out. For audits of a whole game,
    and for a translation's text in its language (``card`` as the face in that language reads it)."""
    template = face_template(card, template)
    ctx = _Context(card, template, None, 0.0)
    palette = palette_for(card, template)
    _draw_regions(ctx, [r for r in template.get("regions", []) if r.get("kind") == "text"], palette)
    return tuple(f for f in ctx.findings if f.code == TEXT_OVERFLOW)


def render_back(
    game: str,
    template: Mapping[str, Any],
    *,
    bleed_mm: float = 0,
    fonts: str = "embed",
    font_url: str | None = None,
    rounded: bool | None = None,
    lang: str | None = None,
) -> RenderedFace:
    """The game's card back, from the template's ``back`` (its regions' content is literal text and
    the template's words, in ``lang``: default the template's own language)."""
    back = template.get("back") or {"regions": []}
    card = FaceCard(
        game=game,
        stable_id=f"{game}-back",
        name=str(template.get("name", game)),
        type="BACK",
        lang=lang or "",
    )
    template = face_template(card, template)
    bleed = max(0.0, float(bleed_mm))
    ctx = _Context(card, template, None, bleed)
    ctx.corner = _corner(template, bleed, rounded)
    palette = palette_for(card, template, base={**template.get("palette", {}), **back.get("palette", {})})
    _draw_regions(ctx, back.get("regions", []), palette)
    drawing = _drawing(ctx, palette, rounded)
    svg = to_svg(drawing, fonts=fonts, font_url=font_url, title=f"{card.name}: card back")
    return RenderedFace(svg, drawing.width, drawing.height, (), bleed, drawing, card.stable_id, card.name)
