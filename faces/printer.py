"""Files as a print shop takes them: a layout's ``printer`` preset (faces.layouts.Printer).

Each card becomes one image of exactly the printer's pixels at its dpi (the trim and its bleed,
sRGB, no transparency), and a PDF of one card a page whose MediaBox is that image, its BleedBox
the same and its TrimBox the printer's trim inside it, computed from the published inches or
millimetres as fractions (never rounded outward: the boxes nest).

The face is drawn at the template's size (63 x 88 mm by default) and scaled to cover the
printer's trim (2.5 x 3.5 in: 63.5 x 88.9 mm), the same factor across and down (the larger one,
about 1 %), then cut to the printer's pixels around its centre: the face is drawn with more
bleed than the printer asks (:func:`face_bleed_mm`) so that the cut never runs out of picture.
"""

from __future__ import annotations

import io
import tempfile
import zlib
from collections.abc import Iterable
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO

from PIL import Image

from rules.face_template import safe_zone_crossings
from rules.findings import Finding, warning

from .layouts import Layout, Printer
from .render import RenderedFace

MM_PER_INCH = 25.4
EXTRA_BLEED_MM = 1.5  # drawn beyond the printer's bleed: the scale and the cut never reach the edge
PAGES_PER_PART = 36  # one card a page: the pages held in one pikepdf document before it is written


def face_bleed_mm(printer: Printer) -> float:
    """The bleed to draw a face with for ``printer``: its own, and a margin for the scale and the cut."""
    return min(10.0, printer.bleed_mm + EXTRA_BLEED_MM)


@lru_cache(maxsize=1)
def srgb_profile() -> bytes:
    from PIL import ImageCms

    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()


def _face_image(face: RenderedFace, dpi: int) -> Image.Image:
    if face.drawing is not None:
        from .raster import drawing_to_image

        return drawing_to_image(face.drawing, dpi=dpi)
    from .raster import svg_to_png

    return Image.open(io.BytesIO(svg_to_png(face.svg, dpi=dpi)))


def card_image(face: RenderedFace, printer: Printer) -> Image.Image:
    """The face as ``printer`` takes it: RGB, exactly ``printer.pixels``, its trim where the printer cuts."""
    dpi = printer.dpi
    image = _face_image(face, dpi)
    if image.mode != "RGB":
        flat = Image.new("RGB", image.size, (255, 255, 255))
        flat.paste(image, mask=image.convert("RGBA").getchannel("A"))
        image = flat
    trim_w = face.width_mm / MM_PER_INCH * dpi
    trim_h = face.height_mm / MM_PER_INCH * dpi
    want_w, want_h = printer.trim_pixels
    scale = max(float(want_w) / trim_w, float(want_h) / trim_h)
    size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
    image = image.resize(size, Image.Resampling.LANCZOS)
    out_w, out_h = printer.pixels
    if image.width < out_w or image.height < out_h:  # drawn with too little bleed: padded, never stretched
        padded = Image.new("RGB", (max(out_w, image.width), max(out_h, image.height)), image.getpixel((0, 0)))
        padded.paste(image, ((padded.width - image.width) // 2, (padded.height - image.height) // 2))
        image = padded
    left, top = (image.width - out_w) // 2, (image.height - out_h) // 2
    return image.crop((left, top, left + out_w, top + out_h))


def card_image_bytes(face: RenderedFace, printer: Printer, image_format: str | None = None) -> bytes:
    """The card image file (PNG or JPEG, at the printer's dpi, with an sRGB profile)."""
    fmt = (image_format or printer.image_format).lower()
    out = io.BytesIO()
    image = card_image(face, printer)
    dpi = (printer.dpi, printer.dpi)
    if fmt == "jpeg":
        image.save(out, "JPEG", quality=95, subsampling=0, dpi=dpi, icc_profile=srgb_profile())
    else:
        image.save(out, "PNG", compress_level=3, dpi=dpi, icc_profile=srgb_profile())
    return out.getvalue()


# --- the PDF: one card a page ----------------------------------------------------------------------------
def _down(value: Fraction) -> Decimal:
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.0001"), ROUND_FLOOR)


def _up(value: Fraction) -> Decimal:
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.0001"), ROUND_CEILING)


def page_boxes(printer: Printer) -> dict[str, list[Decimal]]:
    """The MediaBox, BleedBox and TrimBox of a card page in points: the page is the image (trim and
    bleed), the trim is centred in it; a value that is not a whole ten-thousandth of a point is
    rounded inward, so TrimBox lies inside BleedBox, inside MediaBox."""
    w, h = printer.page_points
    bx, by = printer.bleed_points
    media = [Decimal(0), Decimal(0), _down(w), _down(h)]
    trim = [_up(bx), _up(by), _down(w - bx), _down(h - by)]
    return {"/MediaBox": media, "/BleedBox": list(media), "/TrimBox": trim}


class _Part:
    def __init__(self, printer: Printer):
        import pikepdf

        self.pikepdf = pikepdf
        self.printer = printer
        self.pdf = pikepdf.new()
        self.icc = pikepdf.Stream(self.pdf, srgb_profile())
        self.icc["/N"] = 3
        self.boxes = page_boxes(printer)
        self.last: tuple[int, object] | None = None  # the face of the previous page, and its image

    def _xobject(self, face: RenderedFace):
        pikepdf = self.pikepdf
        if self.last is not None and self.last[0] == id(face):
            return self.last[1]
        image = card_image(face, self.printer)
        if self.printer.image_format == "jpeg":
            out = io.BytesIO()
            image.save(out, "JPEG", quality=95, subsampling=0)
            data, filt = out.getvalue(), pikepdf.Name.DCTDecode
        else:
            data, filt = zlib.compress(image.tobytes(), 6), pikepdf.Name.FlateDecode
        stream = pikepdf.Stream(self.pdf, data)
        stream["/Type"] = pikepdf.Name.XObject
        stream["/Subtype"] = pikepdf.Name.Image
        stream["/Width"], stream["/Height"] = image.width, image.height
        stream["/ColorSpace"] = pikepdf.Array([pikepdf.Name.ICCBased, self.icc])
        stream["/BitsPerComponent"] = 8
        stream["/Filter"] = filt
        self.last = (id(face), stream)
        return stream

    def add(self, face: RenderedFace) -> None:
        pikepdf = self.pikepdf
        xobject = self._xobject(face)
        media = self.boxes["/MediaBox"]
        content = f"q {media[2]} 0 0 {media[3]} 0 0 cm /Card Do Q".encode()
        page = pikepdf.Dictionary(
            Type=pikepdf.Name.Page,
            Resources=pikepdf.Dictionary(XObject=pikepdf.Dictionary(Card=xobject)),
            Contents=pikepdf.Stream(self.pdf, content),
        )
        for key, box in self.boxes.items():
            page[key] = pikepdf.Array(box)
        self.pdf.pages.append(pikepdf.Page(page))


def write_printer_pdf(
    faces: Iterable[RenderedFace], out: BinaryIO, printer: Printer, *, back: RenderedFace | None = None
) -> int:
    """Write one card a page to ``out`` (with ``back``: each face and its back, in the printer's order);
    the number of cards.
    Written in parts of a few dozen pages on disk and joined, so memory stays flat."""
    import pikepdf

    total = 0
    with tempfile.TemporaryDirectory(prefix="cardstudio-printer-") as tmp:
        parts: list[Path] = []
        part = _Part(printer)
        back_first = printer.order == "back-front"
        for face in faces:
            if back is not None and back_first:
                part.add(back)
            part.add(face)
            if back is not None and not back_first:
                part.add(back)
            total += 1
            if len(part.pdf.pages) >= PAGES_PER_PART:
                path = Path(tmp) / f"part-{len(parts):05d}.pdf"
                part.pdf.save(path)
                parts.append(path)
                part = _Part(printer)
        if len(part.pdf.pages) or not parts:
            if not len(part.pdf.pages):  # no card: one blank page of the printer's size
                blank = pikepdf.Dictionary(Type=pikepdf.Name.Page, Resources=pikepdf.Dictionary())
                for key, box in part.boxes.items():
                    blank[key] = pikepdf.Array(box)
                part.pdf.pages.append(pikepdf.Page(blank))
            path = Path(tmp) / f"part-{len(parts):05d}.pdf"
            part.pdf.save(path)
            parts.append(path)
        sources = [pikepdf.open(p) for p in parts]
        try:
            joined = pikepdf.new()
            for source in sources:
                joined.pages.extend(source.pages)
            joined.docinfo["/Creator"] = "Card Studio"
            joined.save(out, compress_streams=True)
        finally:
            for source in sources:
                source.close()
    return total


def safe_zone_findings(template, layout: Layout) -> tuple[Finding, ...]:
    """SAFE_ZONE for each text box of ``template`` that comes closer to the trim than the safe zone of
    ``layout``'s printer (none for a layout without a printer)."""
    if layout.printer is None:
        return ()
    safe = layout.printer.safe_mm
    return tuple(
        warning(
            "SAFE_ZONE",
            params={
                "region": region,
                "layout": layout.name,
                "distance": f"{distance:g}",
                "safe": f"{safe:g}",
            },
        )
        for region, distance in safe_zone_crossings(template, safe)
    )
