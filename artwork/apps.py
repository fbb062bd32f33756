from django.apps import AppConfig
from django.conf import settings


class ArtworkConfig(AppConfig):
    name = "artwork"
    verbose_name = "Artwork"

    def ready(self):
        from PIL import Image

        # The studio's pixel limit is checked first, from the header. Pillow's
        # own decompression-bomb guard (about 89 MP, an error at twice that)
        # stays as a second line, unless the studio is configured to accept
        # larger images: then its limit wins, or such images could be uploaded
        # but never rendered.
        limit = settings.ARTWORK_MAX_PIXELS
        if Image.MAX_IMAGE_PIXELS is not None and limit > Image.MAX_IMAGE_PIXELS:
            Image.MAX_IMAGE_PIXELS = limit
