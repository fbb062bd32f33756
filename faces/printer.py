"""Files as a print shop takes them: a layout's ``printer`` preset (faces.layouts.Printer).

Each card becomes one image of exactly the printer's pixels at its dpi (the trim and its bleed,
sRGB, no transparency), and a PDF of one card a page whose MediaBox is that image, its BleedBox
the same and its TrimBox the printer's trim inside it, computed from the published inches or
millimetres as fractions (never rounded outward: the boxes nest).

The face is drawn at the template's size (63 x 88 mm by default) and scaled to cover the
printer's trim (2.5 x 3.5 in: 63.5 x 88.9 mm), the same factor across and down (the larger one,
about 1 %), then cut to the printer's pixels around its centre: the face is drawn with more
bleed than the printer asks (:func:`face_bleed_mm`) so that the cut never runs out of picture.

The CMYK variant (``cmyk=True``, ``printsheet --cmyk``) is PDF/X-1a:2003, as DriveThruCards asks:
each image converted from sRGB to CMYK through a free FOGRA39 profile (faces/icc/, made from
icc-profiles-free's characterisation data, its licence beside it; total ink at most 240 %, as
DriveThruCards asks) with Pillow's ImageCms, written
as DeviceCMYK without transparency, the profile as the document's PDF/X output intent.
"""

from __future__ import annotations

import io
import re
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


CMYK_PROFILE = Path(__file__).resolve().parent / "icc" / "CardStudio-CMYK-FOGRA39L.icc"
# The output intent names the condition the profile was made for (ICC's registry of them).
OUTPUT_CONDITION = "FOGRA39"
OUTPUT_CONDITION_INFO = "Coated FOGRA39 (ISO 12647-2:2004), CardStudio-CMYK-FOGRA39L.icc"
# DriveThruCards asks PDF/X-1a:2003 (its card specifications, the link in dtc-poker.json).
PDFX_VERSION = "PDF/X-1a:2003"


@lru_cache(maxsize=1)
def cmyk_profile() -> bytes:
    return CMYK_PROFILE.read_bytes()


@lru_cache(maxsize=1)
def _to_cmyk():
    from PIL import ImageCms

    return ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"),
        ImageCms.ImageCmsProfile(io.BytesIO(cmyk_profile())),
        "RGB",
        "CMYK",
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
    )


def cmyk_image(image: Image.Image) -> Image.Image:
    """An sRGB image in the CMYK of the studio's FOGRA39 profile (total ink at most 240 %)."""
    from PIL import ImageCms

    return ImageCms.applyTransform(image.convert("RGB"), _to_cmyk())


@lru_cache(maxsize=1)
def srgb_profile() -> bytes:
    from PIL import ImageCms

    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()


def card_image(face: RenderedFace, printer: Printer) -> Image.Image:
    """The face as ``printer`` takes it: RGB, exactly ``printer.pixels``, its trim where the printer cuts."""
    dpi = printer.dpi
    trim_w = face.width_mm / MM_PER_INCH * dpi
    trim_h = face.height_mm / MM_PER_INCH * dpi
    want_w, want_h = printer.trim_pixels
    scale = max(float(want_w) / trim_w, float(want_h) / trim_h)
    if face.drawing is not None:
        from .raster import drawing_to_image

        # Drawn at the scaled resolution itself (its pixels, no resampling: a Lanczos pass over the
        # face cost as much as drawing it).
        image = drawing_to_image(face.drawing, dpi=dpi * scale)
    else:
        from .raster import svg_to_png

        image = Image.open(io.BytesIO(svg_to_png(face.svg, dpi=dpi)))
        size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
        image = image.resize(size, Image.Resampling.LANCZOS)
    if image.mode != "RGB":
        flat = Image.new("RGB", image.size, (255, 255, 255))
        flat.paste(image, mask=image.convert("RGBA").getchannel("A"))
        image = flat
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
    def __init__(self, printer: Printer, cmyk: bool = False, shared: dict | None = None):
        import pikepdf

        self.pikepdf = pikepdf
        self.printer = printer
        self.cmyk = cmyk
        self.pdf = pikepdf.new()
        self.icc = pikepdf.Stream(self.pdf, srgb_profile())
        self.icc["/N"] = 3
        self.boxes = page_boxes(printer)
        self.last: tuple[int, object] | None = None  # the face of the previous page, and its image
        # The faces every card shares (the back): id -> (the face, its encoded image), kept by the
        # whole document (drawn once, not once a card); and their image object in this part.
        self.shared = shared if shared is not None else {}
        self.kept: dict[int, object] = {}

    def _encoded(self, face: RenderedFace) -> tuple[bytes, object, int, int]:
        """The face's image as the page holds it: its data, filter, width and height."""
        pikepdf = self.pikepdf
        image = card_image(face, self.printer)
        if self.cmyk:  # PDF/X-1a: device CMYK only (no ICC-based colour), losslessly
            image = cmyk_image(image)
            data, filt = zlib.compress(image.tobytes(), 6), pikepdf.Name.FlateDecode
        elif self.printer.image_format == "jpeg":
            out = io.BytesIO()
            image.save(out, "JPEG", quality=95, subsampling=0)
            data, filt = out.getvalue(), pikepdf.Name.DCTDecode
        else:
            data, filt = zlib.compress(image.tobytes(), 6), pikepdf.Name.FlateDecode
        return data, filt, image.width, image.height

    def _xobject(self, face: RenderedFace, shared: bool = False):
        pikepdf = self.pikepdf
        if self.last is not None and self.last[0] == id(face):
            return self.last[1]
        if shared and id(face) in self.kept:
            stream = self.kept[id(face)]
            self.last = (id(face), stream)
            return stream
        if shared:
            if id(face) not in self.shared:
                self.shared[id(face)] = (face, self._encoded(face))
            data, filt, width, height = self.shared[id(face)][1]
        else:
            data, filt, width, height = self._encoded(face)
        if self.cmyk:
            colour = pikepdf.Name.DeviceCMYK
        else:
            colour = pikepdf.Array([pikepdf.Name.ICCBased, self.icc])
        stream = pikepdf.Stream(self.pdf, data)
        stream["/Type"] = pikepdf.Name.XObject
        stream["/Subtype"] = pikepdf.Name.Image
        stream["/Width"], stream["/Height"] = width, height
        stream["/ColorSpace"] = colour
        stream["/BitsPerComponent"] = 8
        stream["/Filter"] = filt
        if shared:
            self.kept[id(face)] = stream
        self.last = (id(face), stream)
        return stream

    def add(self, face: RenderedFace, shared: bool = False) -> None:
        """A page of ``face``; ``shared``: a face of every card (the back), its image made once."""
        pikepdf = self.pikepdf
        xobject = self._xobject(face, shared)
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
    faces: Iterable[RenderedFace],
    out: BinaryIO,
    printer: Printer,
    *,
    back: RenderedFace | None = None,
    cmyk: bool = False,
    title: str = "",
) -> int:
    """Write one card a page to ``out`` (with ``back``: each face and its back, in the printer's order);
    the number of cards. ``cmyk``: the PDF/X-1a variant (CMYK, the studio's FOGRA39 output intent).
    Written in parts of a few dozen pages on disk and joined, so memory stays flat."""
    import pikepdf

    total = 0
    with tempfile.TemporaryDirectory(prefix="cardstudio-printer-") as tmp:
        parts: list[Path] = []
        shared: dict = {}  # the back's image, made once for every part
        part = _Part(printer, cmyk, shared)
        back_first = printer.order == "back-front"
        for face in faces:
            if back is not None and back_first:
                part.add(back, shared=True)
            part.add(face)
            if back is not None and not back_first:
                part.add(back, shared=True)
            total += 1
            if len(part.pdf.pages) >= PAGES_PER_PART:
                path = Path(tmp) / f"part-{len(parts):05d}.pdf"
                part.pdf.save(path)
                parts.append(path)
                part = _Part(printer, cmyk, shared)
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
            if cmyk:
                _mark_pdfx(joined, title or "Card Studio cards")
                joined.save(out, compress_streams=True, force_version="1.4")
            else:
                joined.save(out, compress_streams=True)
        finally:
            for source in sources:
                source.close()
    return total


# --- the zip of images: what the uploaders of MakePlayingCards and The Game Crafter take -----------------
def card_file_stem(index: int, face: RenderedFace) -> str:
    """``001-Blaster Blade``: the position in the deck first (both uploaders list the files by name, and
    MPC fills its slots in that order), then the card's name (The Game Crafter names each card after
    its file), without the characters a file name may not hold."""
    name = re.sub(r'[\\/:*?"<>|\x00-\x1f]+', " ", face.name or face.stable_id or "card").strip(" .")
    return f"{index:03d}-{name[:80] or 'card'}"


def write_printer_zip(
    faces: Iterable[RenderedFace], out: BinaryIO, printer: Printer, *, back: RenderedFace | None = None
) -> int:
    """A zip of one image per card at the printer's pixels (``fronts/001-Name.png``...), and with
    ``back`` the one back every card shares (``back.png``); the number of cards. Each image is
    written as it is made (memory stays flat); a face repeated (copies) is drawn once."""
    import zipfile

    ext = "jpg" if printer.image_format == "jpeg" else "png"
    total = 0
    last: tuple[int, bytes] | None = None
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED) as archive:  # PNG and JPEG: compressed
        for face in faces:
            if last is None or last[0] != id(face):
                last = (id(face), card_image_bytes(face, printer))
            total += 1
            archive.writestr(f"fronts/{card_file_stem(total, face)}.{ext}", last[1])
        if back is not None:
            archive.writestr(f"back.{ext}", card_image_bytes(back, printer))
    return total


def _pdf_date(moment) -> str:
    return moment.strftime("D:%Y%m%d%H%M%S+00'00'")


def _mark_pdfx(pdf, title: str) -> None:
    """What makes the document PDF/X-1a:2003 beside its CMYK pages and boxes: the output intent
    (the profile the CMYK is for) and the document information PDF/X asks for."""
    from datetime import UTC, datetime

    import pikepdf

    profile = pikepdf.Stream(pdf, cmyk_profile())
    profile["/N"] = 4
    intent = pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent,
        S=pikepdf.Name.GTS_PDFX,
        OutputConditionIdentifier=pikepdf.String(OUTPUT_CONDITION),
        RegistryName=pikepdf.String("http://www.color.org"),
        Info=pikepdf.String(OUTPUT_CONDITION_INFO),
        DestOutputProfile=profile,
    )
    pdf.Root.OutputIntents = pikepdf.Array([intent])
    now = _pdf_date(datetime.now(UTC))
    info = pdf.docinfo
    info["/Title"] = pikepdf.String(title)
    info["/CreationDate"] = pikepdf.String(now)
    info["/ModDate"] = pikepdf.String(now)
    info["/Trapped"] = pikepdf.Name("/False")
    info["/GTS_PDFXVersion"] = pikepdf.String(PDFX_VERSION)


def text_safe_zone_crossings(face: RenderedFace, printer: Printer) -> list[tuple[str, str, float]]:
    """The lines of ``face``'s own text whose ink comes closer to the printer's trim than its safe
    zone: (region, text, distance in mm), the distance measured on the printer's card (the face
    scaled to cover its trim and cut around the centre, as :func:`card_image` does)."""
    from .drawing import TextLine
    from .fonts import ascent, descent

    drawing = face.drawing
    if drawing is None:
        return []
    trim_w, trim_h = printer.trim_mm
    scale = max(trim_w / drawing.width, trim_h / drawing.height)
    cut_x = (drawing.width * scale - trim_w) / 2
    cut_y = (drawing.height * scale - trim_h) / 2
    found = []
    for item in drawing.items:
        if not isinstance(item, TextLine) or not item.region or not item.text.strip():
            continue
        left = {"start": item.x, "middle": item.x - item.width / 2, "end": item.x - item.width}[item.anchor]
        top, bottom = item.y - item.size * ascent(item.face), item.y + item.size * descent(item.face)
        distance = min(
            left * scale - cut_x,
            (drawing.width - left - item.width) * scale - cut_x,
            top * scale - cut_y,
            (drawing.height - bottom) * scale - cut_y,
        )
        if distance < printer.safe_mm - 1e-9:
            found.append((item.region, item.text, round(distance, 2)))
    return found


def card_text_safe_zone_findings(
    faces: Iterable[RenderedFace], layout: Layout, printer: Printer | None = None
) -> tuple[Finding, ...]:
    """SAFE_ZONE for each line of a card's own text that reaches into ``layout``'s printer's safe zone
    (each face once); ``printer``: its numbers for the card's size (faces.layouts.printer_for)."""
    printer = printer or layout.printer
    if printer is None:
        return ()
    return tuple(
        warning(
            "SAFE_ZONE",
            params={
                "card": face.stable_id,
                "text": text,
                "region": region,
                "layout": layout.name,
                "distance": f"{distance:g}",
                "safe": f"{printer.safe_mm:g}",
            },
        )
        for face in faces
        for region, text, distance in text_safe_zone_crossings(face, printer)
    )


def safe_zone_findings(template, layout: Layout, printer: Printer | None = None) -> tuple[Finding, ...]:
    """SAFE_ZONE for each text box of ``template`` that comes closer to the trim than the safe zone of
    ``layout``'s printer (``printer``: its numbers for the card's size; none for a layout without one)."""
    printer = printer or layout.printer
    if printer is None:
        return ()
    safe = printer.safe_mm
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
