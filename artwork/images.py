"""Checking and cleaning an uploaded image, with Pillow only (no Django, no storage).

An upload is accepted only when its *content* is a JPEG, PNG or WebP image (the
file name and the client's content type are never consulted), within a byte
limit and a pixel limit, and when it decodes completely. The pixel limit is
checked from the header alone, before a single pixel is decoded, so a
decompression bomb never reaches the decoder.

What the studio keeps is a re-encoding of the decoded pixels, not the uploaded
bytes: it is the one way that drops every kind of metadata (EXIF, XMP, IPTC,
ICC, comments, PNG text chunks, unknown chunks) in all three formats with
Pillow's own writers, and it also drops anything smuggled after the image data
(polyglot files). Before that, the EXIF orientation is applied (a photo stays
upright once its EXIF is gone) and an embedded colour profile is converted to
sRGB (the colours stay as the designer saw them once the profile is gone).
JPEG is re-encoded with the source's own quantization tables and chroma
subsampling, so a second compression costs almost nothing; PNG and lossless
WebP stay lossless.
"""

from __future__ import annotations

import hashlib
import io
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import BinaryIO

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from PIL import Image, ImageCms, ImageOps, JpegImagePlugin, UnidentifiedImageError

from common.numbers import short_number

logger = logging.getLogger("artwork.images")

# Pillow identifies the content; a JPEG with extra pictures opens as MPO
# (some cameras write them): its first picture is the image.
OPEN_FORMATS = ("JPEG", "PNG", "WEBP")
STORED_FORMAT = {"JPEG": "JPEG", "MPO": "JPEG", "PNG": "PNG", "WEBP": "WEBP"}
EXTENSIONS = {"JPEG": "jpg", "PNG": "png", "WEBP": "webp"}

JPEG_FALLBACK_QUALITY = 95
WEBP_LOSSY_QUALITY = 95

# Exceptions Pillow's decoders raise on broken input: truncated data, bad
# chunks or markers, impossible sizes, oversized text chunks.
DECODE_ERRORS = (OSError, SyntaxError, ValueError, EOFError, IndexError, TypeError, KeyError, ArithmeticError)

_SRGB = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))


class ImageRefused(Exception):
    """The upload is not an acceptable image; ``too_large`` when a limit refused it (HTTP 413)."""

    def __init__(self, code: str, message: str, *, too_large: bool = False):
        self.code = code
        self.message = message
        self.too_large = too_large
        super().__init__(message)


@dataclass(frozen=True, slots=True)
class CleanImage:
    data: bytes
    format: str  # JPEG | PNG | WEBP
    width: int
    height: int
    sha256: str

    @property
    def extension(self) -> str:
        return EXTENSIONS[self.format]


def megabytes(n: int) -> str:
    """A byte count as the reader writes it: 900 bytes, 117 KB, 2.5 MB, 20 MB (« 2,5 Mo »)."""
    if n < 1024:
        return ngettext("%(n)s byte", "%(n)s bytes", n) % {"n": n}
    if n < 1024 * 1024:
        return _("%(n)s KB") % {"n": round(n / 1024)}
    return _("%(n)s MB") % {"n": short_number(n / (1024 * 1024))}


def megapixels(n: int) -> str:
    """``n`` pixels as the reader writes them: "40 MP", « 40 Mpx »."""
    return _("%(n)s MP") % {"n": short_number(n / 1_000_000)}


def read_limited(fileobj: BinaryIO, *, max_bytes: int, size: int | None = None) -> bytes:
    """The file's bytes, refused as soon as it is known to exceed ``max_bytes`` (never read past it)."""
    if size is not None and size > max_bytes:
        raise too_big(size, max_bytes)
    data = fileobj.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise too_big(size, max_bytes)
    if not data:
        raise ImageRefused("ARTWORK_EMPTY", _("the file is empty; choose a JPEG, PNG or WebP image"))
    return data


def too_big(size: int | None, max_bytes: int, *, what: str = "file") -> ImageRefused:
    limit = megabytes(max_bytes)
    if what == "upload":
        message = (
            _("the upload is %(size)s; the limit is %(limit)s: export a smaller image and upload it again")
            if size
            else _(
                "the upload is too big; the limit is %(limit)s: export a smaller image and upload it again"
            )
        )
    else:
        message = (
            _("the file is %(size)s; the limit is %(limit)s: export a smaller image and upload it again")
            if size
            else _("the file is too big; the limit is %(limit)s: export a smaller image and upload it again")
        )
    return ImageRefused(
        "ARTWORK_TOO_LARGE",
        message % {"size": megabytes(size) if size else "", "limit": limit},
        too_large=True,
    )


def clean_image(data: bytes, *, max_pixels: int) -> CleanImage:
    """Check ``data`` and return it re-encoded without metadata, or raise :class:`ImageRefused`."""
    fmt, size = _inspect_header(data, max_pixels=max_pixels)
    with _decoded(data, fmt, size, max_pixels) as im:
        encoded, (width, height) = _reencode(im, fmt, source=data)
    return CleanImage(encoded, fmt, width, height, hashlib.sha256(encoded).hexdigest())


@contextmanager
def _decoded(data: bytes, fmt: str, size: tuple[int, int], max_pixels: int) -> Iterator[Image.Image]:
    """The fully decoded image (ImageFile.LOAD_TRUNCATED_IMAGES stays False: a truncated file raises)."""
    with Image.open(io.BytesIO(data), formats=OPEN_FORMATS) as im:
        try:
            im.load()
        except Image.DecompressionBombError as exc:
            raise _bomb(size, max_pixels) from exc
        except DECODE_ERRORS as exc:
            raise ImageRefused(
                "ARTWORK_CORRUPT",
                _(
                    "the %(format)s image is truncated or corrupt (%(error)s); export it again and upload the new file"
                )
                % {"format": fmt, "error": exc},
            ) from exc
        yield im


def _inspect_header(data: bytes, *, max_pixels: int) -> tuple[str, tuple[int, int]]:
    """The stored format and size, from the header only; refuse what is not a still JPEG/PNG/WebP within limits."""
    try:
        with Image.open(io.BytesIO(data), formats=OPEN_FORMATS) as im:
            fmt = STORED_FORMAT[im.format]
            width, height = im.size
            if width < 1 or height < 1:
                raise ImageRefused(
                    "ARTWORK_CORRUPT",
                    _("the %(format)s header declares an empty image (%(width)s×%(height)s)")
                    % {"format": fmt, "width": width, "height": height},
                )
            if width * height > max_pixels:
                raise _bomb((width, height), max_pixels)
            if fmt != "JPEG" and getattr(im, "is_animated", False):
                raise ImageRefused(
                    "ARTWORK_ANIMATED",
                    _("the %(format)s image is animated; card artwork is a still image: upload one frame")
                    % {"format": fmt},
                )
            im.verify()  # structure and checksums, without decoding the pixels
    except ImageRefused:
        raise
    except UnidentifiedImageError as exc:
        raise ImageRefused(
            "ARTWORK_NOT_AN_IMAGE",
            _(
                "the file is not a JPEG, PNG or WebP image (its content was checked, not its name); "
                "export the artwork in one of these formats"
            ),
        ) from exc
    except Image.DecompressionBombError as exc:
        raise _bomb(None, max_pixels) from exc
    except DECODE_ERRORS as exc:
        raise ImageRefused(
            "ARTWORK_CORRUPT",
            _("the image is corrupt (%(error)s); export it again and upload the new file") % {"error": exc},
        ) from exc
    return fmt, (width, height)


def _bomb(size: tuple[int, int] | None, max_pixels: int) -> ImageRefused:
    limit = megapixels(max_pixels)
    if size:
        message = _(
            "the image is %(width)s×%(height)s pixels (%(pixels)s); the limit is %(limit)s: "
            "resize it and upload it again"
        ) % {"width": size[0], "height": size[1], "pixels": megapixels(size[0] * size[1]), "limit": limit}
    else:
        message = _(
            "the image declares too many pixels; the limit is %(limit)s: resize it and upload it again"
        ) % {"limit": limit}
    return ImageRefused("ARTWORK_TOO_MANY_PIXELS", message, too_large=True)


# --- re-encoding -------------------------------------------------------------------------
def _reencode(im: Image.Image, fmt: str, *, source: bytes) -> tuple[bytes, tuple[int, int]]:
    jpeg_tables = _jpeg_tables(im) if fmt == "JPEG" else None
    mode_before = im.mode
    transparency = im.info.get("transparency")
    _apply_orientation(im)
    out = _to_srgb(im)
    if fmt == "JPEG" and out.mode not in ("L", "RGB"):
        out = out.convert("RGB")
    # Pillow writes some metadata it finds in ``info`` (a PNG's ICC profile, a
    # JPEG's comment): start from nothing.
    out.info = {}
    buffer = io.BytesIO()
    if fmt == "JPEG":
        options: dict = {"quality": JPEG_FALLBACK_QUALITY, "optimize": False}
        if jpeg_tables and out.mode == mode_before:
            options = jpeg_tables
        out.save(buffer, "JPEG", **options)
    elif fmt == "PNG":
        options = {"compress_level": 6}
        if transparency is not None and out.mode == mode_before:
            options["transparency"] = transparency
        out.save(buffer, "PNG", **options)
    else:
        lossless = _webp_is_lossless(source)
        out.save(buffer, "WEBP", lossless=lossless, quality=100 if lossless else WEBP_LOSSY_QUALITY, method=4)
    return buffer.getvalue(), out.size


def _apply_orientation(im: Image.Image) -> None:
    try:
        ImageOps.exif_transpose(im, in_place=True)
    except DECODE_ERRORS as exc:
        # Unreadable EXIF: the pixels are fine, only the orientation is unknown.
        logger.info("ignored unreadable EXIF orientation: %s", exc)


def _jpeg_tables(im: Image.Image) -> dict | None:
    """The source's quantization tables and subsampling, so that re-encoding adds almost no loss."""
    quantization = getattr(im, "quantization", None)
    if not quantization:
        return None
    options: dict = {"qtables": quantization, "optimize": False}
    sampling = JpegImagePlugin.get_sampling(im)
    if sampling != -1:
        options["subsampling"] = sampling
    if "progressive" in im.info or "progression" in im.info:
        options["progressive"] = True
    return options


def _to_srgb(im: Image.Image) -> Image.Image:
    """Pixels converted from the embedded colour profile to sRGB (the profile itself is dropped)."""
    icc = im.info.get("icc_profile")
    if not icc or im.mode not in ("RGB", "RGBA", "CMYK"):
        return im
    try:
        source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
        converted = ImageCms.profileToProfile(
            im, source, _SRGB, outputMode="RGBA" if im.mode == "RGBA" else "RGB"
        )
    except (ImageCms.PyCMSError, OSError, ValueError) as exc:
        # An unusable profile: keep the pixels as they are, drop the profile.
        logger.info("ignored an unusable colour profile: %s", exc)
        return im
    return converted if converted is not None else im


def _webp_is_lossless(data: bytes) -> bool:
    """True when the WebP's bitstream is VP8L (lossless), read from its RIFF chunks."""
    pos = 12
    while pos + 8 <= len(data):
        fourcc = data[pos : pos + 4]
        if fourcc == b"VP8L":
            return True
        if fourcc == b"VP8 ":
            return False
        size = int.from_bytes(data[pos + 4 : pos + 8], "little")
        pos += 8 + size + (size & 1)
    return False
