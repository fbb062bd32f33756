"""The artwork of a face: cropped to the art box (cover, around the focal point) or fitted inside it (contain).

Pillow only, on bytes in memory. The crop is resampled to the box at print
resolution (never enlarged past the source), so an HD upload does not make a
face of megabytes.
"""

from __future__ import annotations

import io
import threading
import warnings
from collections import OrderedDict
from dataclasses import dataclass

from PIL import Image

from artwork.images import DECODE_ERRORS, OPEN_FORMATS

ART_DPI = 300
MM_PER_INCH = 25.4
# Above this many pixels an image is refused before decoding (a decompression bomb).
MAX_PIXELS = 80_000_000


class ArtUnreadable(Exception):
    """The artwork cannot be drawn; the message says why."""


@dataclass(frozen=True, slots=True)
class PreparedArt:
    data: bytes
    mime: str
    # Where the picture goes inside the box (contain leaves margins), in millimetres from the box's corner.
    dx: float
    dy: float
    w: float
    h: float
    # The source's pixels, and the pixels the box needs at ``dpi`` (cover: both; contain: one of them).
    source: tuple[int, int] = (0, 0)
    needed: tuple[int, int] = (0, 0)

    @property
    def low_resolution(self) -> bool:
        """The source has fewer pixels than the box needs at print resolution (one pixel of rounding allowed)."""
        return too_few_pixels(self.source, self.needed)


def needed_pixels(
    source: tuple[int, int], box: tuple[float, float], fit: str = "cover", dpi: int = ART_DPI
) -> tuple[int, int]:
    """The pixels an image of ``source`` pixels must have to fill ``box`` (mm) at ``dpi``: the box's
    for a cover crop, the fitted picture's for contain."""
    bw, bh = box
    if fit == "contain" and source[0] and source[1]:
        scale = min(bw / source[0], bh / source[1])
        bw, bh = source[0] * scale, source[1] * scale
    return (round(bw / MM_PER_INCH * dpi), round(bh / MM_PER_INCH * dpi))


def too_few_pixels(source: tuple[int, int], needed: tuple[int, int]) -> bool:
    """Whether ``source`` is smaller than ``needed`` on a side (one pixel of rounding allowed)."""
    (sw, sh), (nw, nh) = source, needed
    return bool(nw and nh and sw and sh) and (sw < nw - 1 or sh < nh - 1)


def _crop_window(
    size: tuple[int, int], box: tuple[float, float], focal: tuple[float, float] | None
) -> tuple[int, int, int, int]:
    iw, ih = size
    bw, bh = box
    target = bw / bh
    if iw / ih > target:
        cw, ch = ih * target, float(ih)
    else:
        cw, ch = float(iw), iw / target
    fx, fy = focal if focal is not None else (0.5, 0.5)
    fx = min(max(float(fx), 0.0), 1.0)
    fy = min(max(float(fy), 0.0), 1.0)
    left = min(max(fx * iw - cw / 2, 0.0), iw - cw)
    top = min(max(fy * ih - ch / 2, 0.0), ih - ch)
    return round(left), round(top), round(left + cw), round(top + ch)


def prepare_art(
    data: bytes,
    box: tuple[float, float],
    *,
    fit: str = "cover",
    focal: tuple[float, float] | None = None,
    dpi: int = ART_DPI,
) -> PreparedArt:
    """The picture to place in a ``box`` of (width, height) mm, or ArtUnreadable saying why."""
    bw, bh = box
    if bw <= 0 or bh <= 0:
        raise ArtUnreadable("the art box is empty")
    if not data:
        raise ArtUnreadable("the artwork file is empty")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=OPEN_FORMATS) as im:
                if im.width * im.height > MAX_PIXELS:
                    raise ArtUnreadable(f"the artwork is too large ({im.width} x {im.height} pixels)")
                target_px = (max(1, round(bw / MM_PER_INCH * dpi)), max(1, round(bh / MM_PER_INCH * dpi)))
                source = (im.width, im.height)
                im.draft("RGB", (target_px[0], target_px[1]))
                im.load()
                has_alpha = im.mode in ("RGBA", "LA", "PA") or (im.mode == "P" and "transparency" in im.info)
                picture = im.convert("RGBA" if has_alpha else "RGB")
    except ArtUnreadable:
        raise
    except (Image.DecompressionBombWarning, Image.DecompressionBombError):
        raise ArtUnreadable("the artwork has too many pixels to decode safely") from None
    except DECODE_ERRORS as exc:
        raise ArtUnreadable(f"the artwork does not decode as a JPEG, PNG or WebP image ({exc})") from None

    if fit == "contain":
        scale = min(bw / picture.width, bh / picture.height)
        w, h = picture.width * scale, picture.height * scale
        dx, dy = (bw - w) / 2, (bh - h) / 2
    else:
        picture = picture.crop(_crop_window(picture.size, box, focal))
        w, h, dx, dy = bw, bh, 0.0, 0.0
    wanted = (max(1, round(w / MM_PER_INCH * dpi)), max(1, round(h / MM_PER_INCH * dpi)))
    if picture.width > wanted[0] or picture.height > wanted[1]:
        picture = picture.resize(wanted, Image.Resampling.LANCZOS, reducing_gap=2.0)
    out = io.BytesIO()
    if has_alpha:
        picture.save(out, "PNG", optimize=False, compress_level=6)
        mime = "image/png"
    else:
        picture.save(out, "JPEG", quality=88, optimize=True)
        mime = "image/jpeg"
    needed = needed_pixels(source, box, fit, dpi)
    return PreparedArt(out.getvalue(), mime, dx, dy, w, h, source=source, needed=needed)


# Prepared pictures by (artwork key, box, fit, focal): the editor's preview draws the same artwork
# on every keystroke, a page of faces the same artwork at one size. A key names the artwork's bytes
# (its sha256), so a changed artwork is a new key; the cache holds the small prepared pictures only.
_PREPARED: OrderedDict[tuple, PreparedArt] = OrderedDict()
_PREPARED_MAX = 32
_prepared_lock = threading.Lock()


def prepare_art_keyed(
    key: str,
    data: bytes,
    box: tuple[float, float],
    *,
    fit: str = "cover",
    focal: tuple[float, float] | None = None,
) -> PreparedArt:
    """:func:`prepare_art`, once per ``key`` (an artwork's sha256; "" is never cached) and layout."""
    if not key:
        return prepare_art(data, box, fit=fit, focal=focal)
    cache_key = (key, round(box[0], 3), round(box[1], 3), fit, focal)
    with _prepared_lock:
        found = _PREPARED.get(cache_key)
        if found is not None:
            _PREPARED.move_to_end(cache_key)
            return found
    prepared = prepare_art(data, box, fit=fit, focal=focal)
    with _prepared_lock:
        _PREPARED[cache_key] = prepared
        while len(_PREPARED) > _PREPARED_MAX:
            _PREPARED.popitem(last=False)
    return prepared
