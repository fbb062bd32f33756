"""Checking and cleaning uploads: only real, complete JPEG/PNG/WebP within limits; metadata stripped."""

import io

import pytest
from PIL import Image, ImageChops, ImageFile, ImageStat, PngImagePlugin

from artwork.images import ImageRefused, clean_image, read_limited

from .pictures import (
    compressible_bomb,
    make_image,
    png_with_declared_size,
    srgb_profile,
    swapped_primaries_profile,
)

LIMIT = 40_000_000


def refusal(data: bytes, max_pixels: int = LIMIT) -> ImageRefused:
    with pytest.raises(ImageRefused) as caught:
        clean_image(data, max_pixels=max_pixels)
    return caught.value


@pytest.fixture
def no_full_decode(monkeypatch):
    """Fail the test if any pixel data is decoded."""

    def load(self):
        raise AssertionError("the image was decoded")

    monkeypatch.setattr(ImageFile.ImageFile, "load", load)


@pytest.mark.parametrize("fmt", ["JPEG", "PNG", "WEBP"])
def test_a_real_image_is_accepted_with_its_format_and_size(fmt):
    clean = clean_image(make_image(fmt, (60, 84)), max_pixels=LIMIT)
    assert (clean.format, clean.width, clean.height) == (fmt, 60, 84)
    assert Image.open(io.BytesIO(clean.data)).format == fmt
    assert len(clean.sha256) == 64


def test_the_content_decides_the_format_not_a_name():
    # There is no name to consult: PNG bytes are a PNG, whatever they were called.
    clean = clean_image(make_image("PNG"), max_pixels=LIMIT)
    assert clean.format == "PNG" and clean.extension == "png"


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"hello, this is text",
        b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n",
        b"<svg xmlns='http://www.w3.org/2000/svg'/>",
    ],
    ids=["empty", "text", "pdf", "svg"],
)
def test_what_is_not_an_image_is_refused(data):
    exc = refusal(data)
    assert exc.code == "ARTWORK_NOT_AN_IMAGE" and not exc.too_large
    assert "JPEG, PNG or WebP" in exc.message


def test_other_image_formats_are_refused():
    exc = refusal(make_image("GIF"))
    assert exc.code == "ARTWORK_NOT_AN_IMAGE"


def test_a_truncated_jpeg_is_refused():
    data = make_image("JPEG", (400, 560), quality=95)
    exc = refusal(data[: len(data) // 2])
    assert exc.code == "ARTWORK_CORRUPT"
    assert "truncated" in exc.message


def test_a_truncated_png_is_refused():
    data = make_image("PNG", (400, 560))
    exc = refusal(data[: len(data) - 40])
    assert exc.code == "ARTWORK_CORRUPT"


def test_a_png_with_a_broken_checksum_is_refused():
    data = bytearray(make_image("PNG", (64, 64)))
    pos = data.index(b"IDAT") + 10  # inside the compressed pixels
    data[pos] ^= 0xFF
    assert refusal(bytes(data)).code == "ARTWORK_CORRUPT"


def test_a_declared_huge_size_is_refused_from_the_header_alone(no_full_decode):
    exc = refusal(png_with_declared_size(100_000, 100_000))
    assert exc.code == "ARTWORK_TOO_MANY_PIXELS" and exc.too_large
    assert "40 MP" in exc.message


def test_over_the_pixel_limit_is_refused_with_the_size_before_decoding(no_full_decode):
    exc = refusal(png_with_declared_size(9000, 9000))
    assert exc.too_large
    assert "9000×9000" in exc.message and "81 MP" in exc.message and "40 MP" in exc.message


def test_a_real_decompression_bomb_is_refused_without_decoding(no_full_decode):
    bomb = compressible_bomb(4000, 3000)  # 12 MP in a few kilobytes
    assert len(bomb) < 100_000
    exc = refusal(bomb, max_pixels=10_000_000)
    assert exc.code == "ARTWORK_TOO_MANY_PIXELS"
    assert "4000×3000" in exc.message


@pytest.mark.parametrize(
    "fmt, options", [("WEBP", {"lossless": True, "method": 0}), ("JPEG", {"quality": 1})]
)
def test_a_tiny_file_declaring_many_pixels_is_refused_in_every_format(no_full_decode, fmt, options):
    buffer = io.BytesIO()
    Image.new("RGB", (3000, 2000), (10, 20, 30)).save(buffer, fmt, **options)
    assert len(buffer.getvalue()) < 100_000  # 18 MB once decoded
    exc = refusal(buffer.getvalue(), max_pixels=1_000_000)
    assert exc.code == "ARTWORK_TOO_MANY_PIXELS" and "3000×2000 pixels (6 MP)" in exc.message


def test_an_animated_png_is_refused():
    frames = [Image.new("RGB", (20, 20), color) for color in ("red", "blue")]
    buffer = io.BytesIO()
    frames[0].save(buffer, "PNG", save_all=True, append_images=frames[1:])
    assert refusal(buffer.getvalue()).code == "ARTWORK_ANIMATED"


def test_read_limited_refuses_a_big_file_without_reading_it_whole():
    stream = io.BytesIO(b"x" * 5000)
    with pytest.raises(ImageRefused) as caught:
        read_limited(stream, max_bytes=1000)
    assert caught.value.too_large and caught.value.code == "ARTWORK_TOO_LARGE"
    assert stream.tell() == 1001
    with pytest.raises(ImageRefused, match="the file is 2 MB; the limit is 1 MB"):
        read_limited(io.BytesIO(), max_bytes=1024 * 1024, size=2 * 1024 * 1024)


# --- metadata --------------------------------------------------------------------------
def _exif(orientation: int | None = None) -> bytes:
    exif = Image.Exif()
    exif[0x010F] = "PhoneMaker"  # Make
    exif[0x9286] = "cost 9, ATK 12"  # UserComment
    if orientation:
        exif[0x0112] = orientation
    return exif.tobytes()


def test_jpeg_metadata_is_stripped():
    data = make_image("JPEG", (80, 112), exif=_exif(), comment=b"ATK 99", icc_profile=srgb_profile())
    stored = Image.open(io.BytesIO(clean_image(data, max_pixels=LIMIT).data))
    assert "exif" not in stored.info and not stored.getexif()
    assert "icc_profile" not in stored.info and "comment" not in stored.info


def test_png_text_chunks_and_profile_are_stripped():
    text = PngImagePlugin.PngInfo()
    text.add_text("Description", "cost 9")
    text.add_itxt("Comment", "ATK 12 é")
    data = make_image("PNG", pnginfo=text, icc_profile=srgb_profile(), exif=_exif())
    stored = Image.open(io.BytesIO(clean_image(data, max_pixels=LIMIT).data))
    stored.load()
    assert stored.text == {} and "icc_profile" not in stored.info and not stored.getexif()


def test_webp_metadata_is_stripped_and_lossless_stays_lossless():
    data = make_image("WEBP", lossless=True, exif=_exif(), icc_profile=srgb_profile())
    clean = clean_image(data, max_pixels=LIMIT)
    stored = Image.open(io.BytesIO(clean.data))
    assert "exif" not in stored.info and "icc_profile" not in stored.info
    assert b"VP8L" in clean.data[:64]
    assert stored.convert("RGB").tobytes() == Image.open(io.BytesIO(data)).convert("RGB").tobytes()


def test_the_exif_orientation_is_applied_before_it_is_dropped():
    im = Image.new("RGB", (40, 20), "blue")
    im.paste((255, 0, 0), (0, 0, 20, 20))  # left half red, as stored by the camera
    buffer = io.BytesIO()
    im.save(buffer, "PNG", exif=_exif(orientation=6))  # shown rotated 90° clockwise
    clean = clean_image(buffer.getvalue(), max_pixels=LIMIT)
    assert (clean.width, clean.height) == (20, 40)
    upright = Image.open(io.BytesIO(clean.data)).convert("RGB")
    assert upright.getpixel((10, 5)) == (255, 0, 0)
    assert upright.getpixel((10, 35)) == (0, 0, 255)


def test_a_colour_profile_is_converted_to_srgb_not_just_dropped():
    rgb = Image.new("RGB", (8, 8), (200, 40, 40))
    plain, tagged = io.BytesIO(), io.BytesIO()
    rgb.save(plain, "PNG")
    # The same values in a colour space whose red is sRGB's blue: they mean a blue.
    rgb.save(tagged, "PNG", icc_profile=swapped_primaries_profile())
    as_srgb = Image.open(io.BytesIO(clean_image(tagged.getvalue(), max_pixels=LIMIT).data))
    untouched = Image.open(io.BytesIO(clean_image(plain.getvalue(), max_pixels=LIMIT).data))
    assert untouched.convert("RGB").getpixel((0, 0)) == (200, 40, 40)
    red, _green, blue = as_srgb.convert("RGB").getpixel((0, 0))
    assert blue > 150 and red < 80


def test_jpeg_reencoding_keeps_the_source_tables_so_size_and_pixels_barely_change():
    source = make_image("JPEG", (160, 224), quality=70)
    clean = clean_image(source, max_pixels=LIMIT)
    before, after = Image.open(io.BytesIO(source)), Image.open(io.BytesIO(clean.data))
    assert after.quantization == before.quantization
    assert abs(len(clean.data) - len(source)) < 0.1 * len(source)
    loss = ImageStat.Stat(ImageChops.difference(before.convert("RGB"), after.convert("RGB"))).mean
    assert max(loss) < 2.0  # out of 255, on average


def test_the_same_image_always_cleans_to_the_same_bytes():
    data = make_image("JPEG", exif=_exif())
    assert clean_image(data, max_pixels=LIMIT).sha256 == clean_image(data, max_pixels=LIMIT).sha256


def test_a_cmyk_jpeg_is_stored_as_rgb():
    clean = clean_image(make_image("JPEG", mode="CMYK"), max_pixels=LIMIT)
    assert Image.open(io.BytesIO(clean.data)).mode == "RGB"


def test_bytes_after_the_image_are_not_kept():
    data = make_image("PNG") + b"<script>alert(1)</script>"
    assert b"<script>" not in clean_image(data, max_pixels=LIMIT).data
