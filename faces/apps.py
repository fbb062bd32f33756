from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FacesConfig(AppConfig):
    name = "faces"
    verbose_name = _("Card faces")

    def ready(self):
        from artwork import page_parts
        from cards import page_parts as card_parts

        from . import checks, receivers  # noqa: F401  (system checks; renditions follow card, artwork and template changes)
        from .selectors import primary_artwork_findings, translation_face_findings

        # The artwork page's warning when a new primary image is too small for the card's faces.
        page_parts.primary_artwork_findings.fill(primary_artwork_findings)
        # A translation's texts that do not fit the face in its language (its editor, API and queue).
        card_parts.translation_face_findings.fill(translation_face_findings)
