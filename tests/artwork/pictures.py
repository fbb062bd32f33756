"""Images made with Pillow for the tests (no binary fixtures)."""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image, ImageCms, ImageDraw


def make_image(
    fmt: str = "PNG", size: tuple[int, int] = (60, 84), mode: str = "RGB", seed: int = 0, **save
) -> bytes:
    """A small card-like picture (a gradient, a frame and a number drawn on it), encoded as ``fmt``."""
    im = Image.linear_gradient("L").resize(size).convert(mode if mode in ("RGB", "RGBA", "L") else "RGB")
    draw = ImageDraw.Draw(im)
    fill = (255, (seed * 37) % 256, 0) if im.mode in ("RGB", "RGBA") else 255
    draw.rectangle([2, 2, size[0] - 3, size[1] - 3], outline=fill)
    draw.text((6, 6), f"ATK {99 + seed}", fill=fill)
    if mode not in ("RGB", "RGBA", "L"):
        im = im.convert(mode)
    buffer = io.BytesIO()
    im.save(buffer, fmt, **save)
    return buffer.getvalue()


def png_with_declared_size(width: int, height: int) -> bytes:
    """A tiny PNG whose header declares ``width``×``height`` pixels (a decompression bomb's header)."""
    data = bytearray(make_image("PNG", (8, 8)))
    ihdr = 8  # signature, then the IHDR chunk: length (4), type (4), data (13), crc (4)
    data[ihdr + 8 : ihdr + 16] = struct.pack(">II", width, height)
    crc = zlib.crc32(bytes(data[ihdr + 4 : ihdr + 8 + 13]))
    data[ihdr + 21 : ihdr + 25] = struct.pack(">I", crc)
    return bytes(data)


def compressible_bomb(width: int, height: int) -> bytes:
    """A real, complete PNG of ``width``×``height`` one-bit pixels that compresses to almost nothing."""
    buffer = io.BytesIO()
    Image.new("1", (width, height)).save(buffer, "PNG", optimize=True)
    return buffer.getvalue()


def swapped_primaries_profile() -> bytes:
    """An RGB colour profile that is not sRGB: sRGB with its red and blue primaries swapped."""
    profile = bytearray(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    count = struct.unpack(">I", profile[128:132])[0]
    tags = {}
    for i in range(count):
        signature, offset, size = struct.unpack(">4sII", profile[132 + 12 * i : 144 + 12 * i])
        tags[signature] = (offset, size)
    (r_at, r_size), (b_at, b_size) = tags[b"rXYZ"], tags[b"bXYZ"]
    red, blue = bytes(profile[r_at : r_at + r_size]), bytes(profile[b_at : b_at + b_size])
    profile[r_at : r_at + r_size], profile[b_at : b_at + b_size] = blue, red
    return bytes(profile)


def srgb_profile() -> bytes:
    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
