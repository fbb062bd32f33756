"""Renditions of an artwork variant: what sizes the studio shows, and how they are made (Pillow only).

Every rendition is a WebP that fits in its spec's box, never enlarged. One
decode of the source serves every spec: a JPEG is decoded directly at a
reduced scale (``Image.draft``: the decoder skips the detail it would throw
away), then each smaller spec is made from the previous one, with
``reducing_gap`` (a fast integer reduction before the final resampling).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import BinaryIO

from PIL import Image

from .images import OPEN_FORMATS

# Decode and reduce to at least this many times the target size before the
# final resampling: as good as a full resampling to the eye, much faster.
REDUCING_GAP = 2.0


@dataclass(frozen=True, slots=True)
class RenditionSpec:
    name: str
    box: tuple[int, int]
    quality: int

    @property
    def label(self) -> str:
        return f"{self.name}-{self.box[0]}x{self.box[1]}"


THUMB = RenditionSpec("thumb", (320, 320), 78)
PREVIEW = RenditionSpec("preview", (1280, 1280), 82)
SPECS: dict[str, RenditionSpec] = {spec.name: spec for spec in (THUMB, PREVIEW)}


@dataclass(frozen=True, slots=True)
class Rendered:
    data: bytes
    width: int
    height: int


def make_renditions(source: BinaryIO, specs: list[RenditionSpec]) -> dict[str, Rendered]:
    """Each spec's rendition of the image in ``source``, from a single decode (largest spec first)."""
    ordered = sorted(specs, key=lambda s: s.box[0] * s.box[1], reverse=True)
    results: dict[str, Rendered] = {}
    if not ordered:
        return results
    with Image.open(source, formats=OPEN_FORMATS) as im:
        width, height = fit(im.size, ordered[0].box)
        # JPEG only: the decoder scales by 1/2, 1/4 or 1/8 while decoding, down
        # to no less than REDUCING_GAP times the largest rendition.
        im.draft(None, (int(width * REDUCING_GAP), int(height * REDUCING_GAP)))
        current = _web_mode(im)
        for spec in ordered:
            # Shrinks in place: each rendition is encoded before the next, smaller one is made from it.
            current.thumbnail(spec.box, reducing_gap=REDUCING_GAP)
            results[spec.name] = encode(current, spec)
    return results


def fit(size: tuple[int, int], box: tuple[int, int]) -> tuple[int, int]:
    """The size of an image of ``size`` shrunk (never enlarged) to fit in ``box``, keeping its aspect ratio."""
    ratio = min(box[0] / size[0], box[1] / size[1], 1.0)
    return max(1, round(size[0] * ratio)), max(1, round(size[1] * ratio))


def encode(im: Image.Image, spec: RenditionSpec) -> Rendered:
    buffer = io.BytesIO()
    im.save(buffer, "WEBP", quality=spec.quality, method=4)
    return Rendered(buffer.getvalue(), im.width, im.height)


def _web_mode(im: Image.Image) -> Image.Image:
    """RGB, RGBA or L, the modes a WebP holds and that resample well (a palette must not be resampled)."""
    if im.mode in ("RGB", "RGBA", "L"):
        return im
    if im.mode in ("I", "I;16", "I;16B", "I;16L", "F"):
        # 16-bit greyscale: scale to 8 bits instead of clipping.
        return im.convert("I").point(lambda v: v * (1 / 256)).convert("L")
    has_alpha = im.mode in ("RGBA", "LA", "PA", "La", "RGBa") or "transparency" in im.info
    return im.convert("RGBA" if has_alpha else "RGB")
