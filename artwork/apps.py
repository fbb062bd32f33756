from django.apps import AppConfig
from django.conf import settings


class ArtworkConfig(AppConfig):
    name = "artwork"
    verbose_name = "Artwork"

    def ready(self):
        from PIL import Image

        from cards import page_parts

        from .gallery import gallery_context
        from .selectors import with_primary_thumb

        # The card pages' artwork: each card's thumbnail in the list, the gallery on its page.
        page_parts.with_primary_thumb.fill(with_primary_thumb)
        page_parts.gallery_context.fill(gallery_context)

        # The studio's pixel limit is checked first, from the header. Pillow's
        # own decompression-bomb guard (about 89 MP, an error at twice that)
        # stays as a second line, unless the studio is configured to accept
        # larger images: then its limit wins, or such images could be uploaded
        # but never rendered.
        limit = settings.ARTWORK_MAX_PIXELS
        if Image.MAX_IMAGE_PIXELS is not None and limit > Image.MAX_IMAGE_PIXELS:
            Image.MAX_IMAGE_PIXELS = limit
