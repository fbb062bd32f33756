"""Start-up: the studio's pixel limit and Pillow's decompression-bomb guard agree."""

from django.apps import apps
from PIL import Image


def test_pillows_guard_stays_unless_the_studio_accepts_larger_images(settings, monkeypatch):
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 89_478_485)
    config = apps.get_app_config("artwork")
    settings.ARTWORK_MAX_PIXELS = 40_000_000
    config.ready()
    assert Image.MAX_IMAGE_PIXELS == 89_478_485
    settings.ARTWORK_MAX_PIXELS = 150_000_000
    config.ready()
    assert Image.MAX_IMAGE_PIXELS == 150_000_000
