"""Print-and-play sheets: the faces drawn into PDF at exact size, on a layout (faces.layouts: by default 3 x 3 cards a page with crop marks).

fpdf2 (pure Python) draws each face from the very layout its SVG was written
from (:class:`faces.drawing.Drawing`), so text stays vector text in the shipped
fonts (embedded as subsets) and the PDF shows what the browser shows. A face
given without its drawing (from a cache of SVG alone) is rasterised at 300 dpi
instead.

Memory stays flat in the number of cards: faces are read from the iterable a
few pages at a time, each batch becomes a small PDF on disk, and pikepdf (qpdf)
joins the batches, copying their streams from disk as it writes.
"""

from __future__ import annotations

import gc
import io
import math
import shutil
import tempfile
import weakref
from collections.abc import Iterable, Iterator
from contextlib import nullcontext
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import BinaryIO

from fpdf import FPDF
from fpdf.pattern import LinearGradient

from .drawing import Color, Drawing, Paint, Picture, Shape, TextLine
from .fonts import FontFace, drop_layout_tables, face_for, pdf_font_file, runs_by_face, text_width
from .layouts import Layout, Printer, layout_named, layouts
from .render import RenderedFace

COLUMNS, ROWS = 3, 3  # the default layouts' grid
PER_PAGE = COLUMNS * ROWS
PAPER_MARGIN_MM = 5.0  # the default layouts' blank margin: a home printer prints every mark
MARK_MM = 5.0  # crop mark length, at most
MIN_MARK_MM = 1.5  # crop mark length, at least (Letter holds 3 x 88 mm with 7.7 mm above and below)
MARK_GAP_MM = 1.0  # between the grid and a mark
PAGES_PER_BATCH = 2  # 18 cards: the most held in memory at once, whatever the size of the sheet
MAX_BLEED_MM = 10.0
NOTE_FACE = face_for("Noto Sans")  # the line above a page's cards: the cover and the page number


class SheetError(ValueError):
    """A print sheet that cannot be made as asked (unknown layout, a bleed out of range, cards that do not fit)."""


@dataclass(frozen=True, slots=True)
class SheetLayout:
    paper: str  # the layout's name
    page_w: float
    page_h: float
    card_w: float
    card_h: float
    bleed: float  # the bleed drawn, at most the bleed asked
    columns: int = COLUMNS
    rows: int = ROWS
    gutter: float = 0.0
    margin: float = PAPER_MARGIN_MM
    crop_marks: bool = True
    page_boxes: bool = False

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def cell_w(self) -> float:
        return self.card_w + 2 * self.bleed

    @property
    def cell_h(self) -> float:
        return self.card_h + 2 * self.bleed

    @property
    def grid_w(self) -> float:
        return self.columns * self.cell_w + (self.columns - 1) * self.gutter

    @property
    def grid_h(self) -> float:
        return self.rows * self.cell_h + (self.rows - 1) * self.gutter

    @property
    def left(self) -> float:
        return (self.page_w - self.grid_w) / 2

    @property
    def top(self) -> float:
        return (self.page_h - self.grid_h) / 2

    def cell(self, index: int, *, mirrored: bool = False) -> tuple[float, float]:
        """The top-left corner of the cell (bleed included) of card ``index`` on its page."""
        row, col = divmod(index, self.columns)
        if mirrored:  # duplex, flipped on the long edge: the back of a card is behind it
            col = self.columns - 1 - col
        return self.left + col * (self.cell_w + self.gutter), self.top + row * (self.cell_h + self.gutter)

    def trim_lines(self) -> tuple[list[float], list[float]]:
        """The x of every card's left and right trim edge, the y of every top and bottom one."""
        xs = sorted(
            {self.cell(c)[0] + self.bleed + e * self.card_w for c in range(self.columns) for e in (0, 1)}
        )
        ys = sorted(
            {
                self.cell(r * self.columns)[1] + self.bleed + e * self.card_h
                for r in range(self.rows)
                for e in (0, 1)
            }
        )
        return xs, ys


def sheet_layout(
    paper: str | Layout, bleed_mm: float, card: tuple[float, float] = (63.0, 88.0)
) -> SheetLayout:
    """Where each card goes on a page of ``paper`` (a layout, or a layout's name)."""
    spec = paper if isinstance(paper, Layout) else layout_named(str(paper))
    if spec is None:
        raise SheetError(f"unknown layout {paper!r}; use one of {', '.join(layouts())}")
    if not 0 <= bleed_mm <= MAX_BLEED_MM:
        raise SheetError(f"the bleed is {bleed_mm:g} mm; it must be from 0 to {MAX_BLEED_MM:g} mm")
    card_w, card_h = card
    common = dict(
        columns=spec.columns,
        rows=spec.rows,
        gutter=spec.gutter,
        margin=spec.margin,
        crop_marks=spec.crop_marks,
        page_boxes=spec.page_boxes,
    )
    if spec.paper is None:  # the page is the card and its bleed: all of the bleed asked
        bleed = float(bleed_mm)
        return SheetLayout(spec.name, card_w + 2 * bleed, card_h + 2 * bleed, card_w, card_h, bleed, **common)
    page_w, page_h = spec.paper
    # The least paper kept around the grid: the blank margin and room for the crop marks; a
    # bleed that needs more is shrunk.
    around = spec.margin + (MARK_GAP_MM + MIN_MARK_MM if spec.crop_marks else 0)
    room = min(
        ((page_w - 2 * around - (spec.columns - 1) * spec.gutter) / spec.columns - card_w) / 2,
        ((page_h - 2 * around - (spec.rows - 1) * spec.gutter) / spec.rows - card_h) / 2,
    )
    if room < 0:
        raise SheetError(
            f"{spec.columns} x {spec.rows} cards of {card_w:g} x {card_h:g} mm do not fit on the layout {spec.name}"
        )
    # Rounded down to a hundredth of a millimetre: the margins are never eaten by rounding.
    bleed = min(float(bleed_mm), math.floor(room * 100) / 100)
    return SheetLayout(spec.name, page_w, page_h, card_w, card_h, bleed, **common)


# --- drawing a face into PDF --------------------------------------------------------------------
class _Pdf:
    def __init__(self, layout: SheetLayout, chars: dict[FontFace, set[str]] | None = None):
        """``chars``: the characters each face draws in this document (:func:`_chars_drawn`), so that
        fpdf2 is given only their blocks of the font (faces.fonts.pdf_font_file); a face not in it, the
        whole font."""
        self.layout = layout
        self.pdf = FPDF(orientation="portrait", unit="mm", format=(layout.page_w, layout.page_h))
        self.pdf.set_auto_page_break(False)
        self.pdf.set_margins(0, 0, 0)
        self.pdf.set_compression(True)
        self.pdf.set_creator("Card Studio")
        self._fonts: dict[FontFace, str] = {}
        self._chars = chars or {}

    def font(self, face: FontFace) -> str:
        name = self._fonts.get(face)
        if name is None:
            name = face.key
            chars = self._chars.get(face)
            self.pdf.add_font(name, "", str(pdf_font_file(face, chars) if chars else face.path))
            # Text is set unshaped (no kerning or ligatures, as measured): fpdf2's subsetter drops the
            # layout tables, and would decompile them whole first (faces.fonts.LAYOUT_TABLES).
            drop_layout_tables(self.pdf.fonts[name].ttfont)
            self._fonts[face] = name
        return name

    def fill(self, color: Color) -> None:
        self.pdf.set_fill_color(*color.rgb)

    def draw_face(self, face: RenderedFace, x0: float, y0: float) -> None:
        """``face`` with its bleed's top-left corner at (x0, y0)."""
        drawing = face.drawing
        if drawing is None:
            self._draw_raster(face, x0, y0)
            return
        ox, oy = x0 + drawing.bleed, y0 + drawing.bleed  # the trim corner
        self._draw_drawing(drawing, ox, oy)

    def _draw_raster(self, face: RenderedFace, x0: float, y0: float) -> None:
        from .raster import svg_to_png

        png = svg_to_png(face.svg, dpi=300)
        self.pdf.image(
            io.BytesIO(png), x0, y0, face.width_mm + 2 * face.bleed_mm, face.height_mm + 2 * face.bleed_mm
        )

    def _draw_drawing(self, d: Drawing, ox: float, oy: float) -> None:
        pdf = self.pdf
        # the drawing's own bleed, clipped to the bleed the sheet has room for
        b = min(d.bleed, self.layout.bleed)
        # A graphics state of the face's own: what it sets (colours, line width, font) ends with it, in
        # the PDF (the clip's Q) and in fpdf2's record of it, which would otherwise skip a colour it
        # believes set (the next card's background painted black).
        with pdf.local_context(), pdf.rect_clip(ox - b, oy - b, d.width + 2 * b, d.height + 2 * b):
            self.fill(d.background)
            pdf.rect(ox - b, oy - b, d.width + 2 * b, d.height + 2 * b, style="F")
            for item in d.items:
                if isinstance(item, Shape):
                    self._shape(item, ox, oy)
                elif isinstance(item, TextLine):
                    self._text(item, ox, oy)
                elif isinstance(item, Picture):
                    pdf.image(io.BytesIO(item.data), ox + item.x, oy + item.y, item.w, item.h)

    def _shape(self, s: Shape, ox: float, oy: float) -> None:
        fill_opacity = (s.fill.color.alpha if s.fill is not None else 1.0) * s.opacity
        stroke_opacity = (s.stroke.alpha if s.stroke is not None else 1.0) * s.opacity
        if fill_opacity >= 1 and stroke_opacity >= 1 and (s.fill is None or s.fill.color2 is None):
            # Opaque and flat: drawn in the face's state (a graphics state of its own for each box
            # cost a fifth of a sheet); it sets each colour it paints with.
            self._paint(s, ox + s.x, oy + s.y)
            return
        # See-through, or a gradient (fpdf2 ends a pattern by setting the fill to the stroke colour).
        with self.pdf.local_context(fill_opacity=fill_opacity, stroke_opacity=stroke_opacity):
            self._paint(s, ox + s.x, oy + s.y)

    def _paint(self, s: Shape, x: float, y: float) -> None:
        pdf = self.pdf
        stroke = s.stroke is not None and s.stroke_width > 0
        if stroke:
            pdf.set_draw_color(*s.stroke.rgb)
            pdf.set_line_width(s.stroke_width)
        if s.fill is not None and s.fill.color2 is not None:
            self._gradient(s, x, y, s.fill)
            if stroke:
                self._outline(s, x, y, "D")
            return
        if s.fill is not None:
            self.fill(s.fill.color)
        style = ("F" if s.fill is not None else "") + ("D" if stroke else "")
        if style:
            self._outline(s, x, y, "DF" if style == "FD" else style)

    def _outline(self, s: Shape, x: float, y: float, style: str) -> None:
        pdf = self.pdf
        if s.kind == "ellipse":
            pdf.ellipse(x, y, s.w, s.h, style=style)
        elif s.kind == "polygon":
            ox, oy = x - s.x, y - s.y
            pdf.polygon([(ox + px, oy + py) for px, py in s.points], style=style)
        else:
            pdf.rect(x, y, s.w, s.h, style=style, round_corners=s.radius > 0, corner_radius=s.radius)

    def _gradient(self, s: Shape, x: float, y: float, paint: Paint) -> None:
        pdf = self.pdf
        x2, y2 = (x + s.w, y) if paint.horizontal else (x, y + s.h)
        gradient = LinearGradient(x, y, x2, y2, [paint.color.hex, paint.color2.hex])
        with pdf.use_pattern(gradient):
            self._outline(s, x, y, "F")

    def _text(self, t: TextLine, ox: float, oy: float) -> None:
        """The line in runs of one face each: a glyph the font lacks comes from the fallback, as in SVG."""
        pdf = self.pdf
        pdf.set_text_color(*t.color.rgb)
        x = ox + t.x - (t.width / 2 if t.anchor == "middle" else t.width if t.anchor == "end" else 0)
        with pdf.local_context(fill_opacity=t.color.alpha) if t.color.alpha < 1 else nullcontext():
            for face, run in runs_by_face(t.text, t.face):
                pdf.set_font(self.font(face), size=t.size * 72 / 25.4)
                pdf.text(x, oy + t.y, run)
                x += text_width(run, face, t.size)

    # --- pages ----------------------------------------------------------------------------
    def page(self, faces: list[RenderedFace], *, mirrored: bool = False, note: str = "") -> None:
        pdf = self.pdf
        pdf.add_page()
        for i, face in enumerate(faces):
            x, y = self.layout.cell(i, mirrored=mirrored)
            self.draw_face(face, x, y)
        self._crop_marks()
        if note:
            self._note(note)

    def _crop_marks(self) -> None:
        pdf, lay = self.pdf, self.layout
        if not lay.crop_marks:
            return
        pdf.set_draw_color(0, 0, 0)
        pdf.set_line_width(0.2)
        grid_l, grid_t = lay.left, lay.top
        grid_r, grid_b = grid_l + lay.grid_w, grid_t + lay.grid_h
        length_x = min(MARK_MM, grid_l - MARK_GAP_MM - lay.margin)
        length_y = min(MARK_MM, grid_t - MARK_GAP_MM - lay.margin)
        xs, ys = lay.trim_lines()
        if length_y > 0.5:
            for x in xs:
                pdf.line(x, grid_t - MARK_GAP_MM - length_y, x, grid_t - MARK_GAP_MM)
                pdf.line(x, grid_b + MARK_GAP_MM, x, grid_b + MARK_GAP_MM + length_y)
        if length_x > 0.5:
            for y in ys:
                pdf.line(grid_l - MARK_GAP_MM - length_x, y, grid_l - MARK_GAP_MM, y)
                pdf.line(grid_r + MARK_GAP_MM, y, grid_r + MARK_GAP_MM + length_x, y)
        if lay.bleed > 0 and lay.gutter == 0:  # between cards, the trim lines cross in the bleed
            pdf.set_draw_color(255, 255, 255)
            pdf.set_line_width(0.15)
            for x in xs:
                for y in ys:
                    pdf.line(x - 0.8, y, x + 0.8, y)
                    pdf.line(x, y - 0.8, x, y + 0.8)

    def _note(self, note: str) -> None:
        pdf, lay = self.pdf, self.layout
        face = NOTE_FACE
        if lay.crop_marks:
            mark_top = lay.top - MARK_GAP_MM - min(MARK_MM, lay.top - MARK_GAP_MM - lay.margin)
        else:
            mark_top = lay.top
        baseline = mark_top - 0.6  # just above the crop marks, below the blank margin
        if baseline - 2.5 < lay.margin:
            baseline = lay.margin + 2.5
            if baseline > lay.top - 0.5:
                return  # no room above the cards (a card page): no note
        pdf.set_font(self.font(face), size=7)
        pdf.set_text_color(60, 60, 60)
        pdf.text(lay.left + 8, baseline, note)

    def write(self, path: Path) -> None:
        self.pdf.output(str(path))


def _chars_drawn(faces: Iterable[RenderedFace], notes: Iterable[str]) -> dict[FontFace, set[str]]:
    """The characters each font face draws on pages of ``faces`` and ``notes``: each line of a face's
    text in runs of one face, as :meth:`_Pdf._text` draws them (its spaces with the run they are in);
    the notes in :data:`NOTE_FACE` only, as :meth:`_Pdf._note` draws them."""
    chars: dict[FontFace, set[str]] = {}
    seen: set[int] = set()
    for face in faces:
        if face.drawing is None or id(face) in seen:
            continue
        seen.add(id(face))
        for item in face.drawing.items:
            if isinstance(item, TextLine):
                for drawn_by, run in runs_by_face(item.text, item.face):
                    chars.setdefault(drawn_by, set()).update(run)
    for note in notes:
        chars.setdefault(NOTE_FACE, set()).update(note)
    return chars


def _batches(faces: Iterable[RenderedFace], size: int) -> Iterator[list[RenderedFace]]:
    it = iter(faces)
    while batch := list(islice(it, size)):
        yield batch


def printer_layouts() -> list[str]:
    """The layouts that are a print shop's preset (one card a page at its numbers)."""
    return [name for name, spec in layouts().items() if spec.printer is not None]


def write_print_sheet(
    faces: Iterable[RenderedFace],
    out: BinaryIO,
    *,
    paper: str | Layout = "a4",
    bleed_mm: float = 0,
    back: RenderedFace | None = None,
    cover: str = "",
    pages_per_batch: int = PAGES_PER_BATCH,
    cmyk: bool = False,
    printer: Printer | None = None,
) -> int:
    """Write the PDF of ``faces`` (one per copy, in order) to ``out``; the number of cards.

    ``paper``: the layout (faces.layouts), or its name: the default ones hold 3 x 3 cards a page
    at their exact size, with crop marks around the grid. ``bleed_mm``: the faces' bleed to show
    (render them with at least that bleed), shrunk if the paper has no room for it. ``back``:
    after each page, a page of backs mirrored in position for duplex printing (flip on the long
    edge). ``cover``: a line at the top of each front page (deck name and verdict), where the
    layout leaves room for it. ``cmyk``: a print shop's preset only, its PDF/X-1a variant.
    ``printer``: a print shop's preset's numbers for the template's card size (faces.layouts.printer_for);
    default: the preset's own size.
    """
    spec = paper if isinstance(paper, Layout) else layout_named(str(paper))
    if spec is not None and spec.printer is not None:  # a print shop's preset: its pixels and boxes
        from .printer import write_printer_pdf

        return write_printer_pdf(faces, out, printer or spec.printer, back=back, cmyk=cmyk, title=cover)
    if cmyk:
        raise SheetError(f"CMYK (PDF/X-1a) is made for a print shop's layout: {', '.join(printer_layouts())}")
    iterator = iter(faces)
    first = next(iterator, None)
    size = (first.width_mm, first.height_mm) if first is not None else (63.0, 88.0)
    layout = sheet_layout(paper, bleed_mm, size)
    per_page = layout.per_page
    per_batch = per_page * max(1, pages_per_batch)
    stream = _chain(first, iterator) if first is not None else iter(())
    total = 0
    page_no = 0
    with tempfile.TemporaryDirectory(prefix="cardstudio-sheet-") as tmp:
        parts: list[Path] = []
        previous: weakref.ref | None = None
        for batch in _batches(stream, per_batch):
            if previous is not None:
                # The previous batch's FPDF document is a web of cycles: freed before the next is
                # made, not at some later collection (a sheet of one batch needs no collection).
                # The cycle that holds it is made when it is written (fpdf2's writer and the
                # document refer to each other), so a collection of the young objects frees it;
                # the whole heap is walked (0.1 CPU-second in a web process) only when it did not.
                gc.collect(1)
                if previous() is not None:
                    gc.collect()
            pages = []
            for start in range(0, len(batch), per_page):
                page = batch[start : start + per_page]
                page_no += 1
                total += len(page)
                pages.append((page, " · ".join(p for p in (cover, f"page {page_no}") if p)))
            drawn = [*batch, back] if back is not None else batch
            doc = _Pdf(layout, _chars_drawn(drawn, [note for _page, note in pages]))
            for page, note in pages:
                doc.page(page, note=note)
                if back is not None:
                    doc.page([back] * len(page), mirrored=True)
            path = Path(tmp) / f"part-{len(parts):05d}.pdf"
            doc.write(path)
            parts.append(path)
            previous = weakref.ref(doc.pdf)
            del doc
        if not parts:
            note = " · ".join(p for p in (cover, "no cards") if p)
            doc = _Pdf(layout, _chars_drawn([], [note]))
            doc.page([], note=note)
            path = Path(tmp) / "part-empty.pdf"
            doc.write(path)
            parts.append(path)
        _join(parts, out, layout)
    return total


def _chain(first: RenderedFace, rest: Iterator[RenderedFace]) -> Iterator[RenderedFace]:
    yield first
    yield from rest


def _join(parts: list[Path], out: BinaryIO, layout: SheetLayout | None = None) -> None:
    boxes = layout is not None and layout.page_boxes
    if len(parts) == 1 and not boxes:
        with parts[0].open("rb") as fh:
            shutil.copyfileobj(fh, out)
        return
    import pikepdf

    sources = [pikepdf.open(part) for part in parts]
    try:
        joined = pikepdf.new()
        for source in sources:
            joined.pages.extend(source.pages)
        if boxes:
            # A print shop's file: the BleedBox is the whole page, the TrimBox the card inside it.
            pt = 72 / 25.4
            b = layout.bleed * pt
            w, h = layout.page_w * pt, layout.page_h * pt
            for page in joined.pages:
                page.obj["/BleedBox"] = pikepdf.Array([0, 0, w, h])
                page.obj["/TrimBox"] = pikepdf.Array([b, b, w - b, h - b])
        joined.docinfo["/Creator"] = "Card Studio"
        joined.save(out, compress_streams=True)
    finally:
        for source in sources:
            source.close()
