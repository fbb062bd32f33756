"""An artwork refused at upload says why in the reader's language, its sizes in the reader's units
and numbers (« 2,5 Mo », «40 Мп»)."""

from __future__ import annotations

import pytest
from django.utils import translation

from artwork.images import ImageRefused, clean_image, megabytes, megapixels, too_big

MB = 1024 * 1024


def test_sizes_in_the_readers_units_and_numbers():
    sizes = {}
    for language in ("en", "fr", "ru"):
        with translation.override(language):
            sizes[language] = (
                megabytes(int(2.5 * MB)),
                megabytes(20 * MB),
                megapixels(40_000_000),
                megabytes(900),
            )
    assert sizes["en"] == ("2.5 MB", "20 MB", "40 MP", "900 bytes")
    assert sizes["fr"] == ("2,5 Mo", "20 Mo", "40 Mpx", "900 octets")
    assert sizes["ru"] == ("2,5 МБ", "20 МБ", "40 Мп", "900 байт")


def test_a_file_too_big_in_french_and_russian():
    with translation.override("fr"):
        assert str(too_big(25 * MB, 20 * MB)) == (
            "le fichier fait 25 Mo\u202f; la limite est de 20 Mo\xa0: exportez une image plus légère et envoyez-la à nouveau"
        )
    with translation.override("ru"):
        assert str(too_big(None, 20 * MB, what="upload")).startswith(
            "загрузка слишком велика; предел — 20 МБ"
        )


def test_a_text_file_named_png_in_russian():
    with translation.override("ru"), pytest.raises(ImageRefused) as refused:
        clean_image(b"this is not an image", max_pixels=40_000_000)
    assert refused.value.code == "ARTWORK_NOT_AN_IMAGE"
    assert str(refused.value).startswith("файл не является изображением JPEG, PNG или WebP")
