"""Face URLs for templates: the version is in the address, so a changed card never shows an old face."""

from django import template
from django.urls import reverse

register = template.Library()


@register.simple_tag
def face_png_url(card, dpi: int = 100) -> str:
    return f"{reverse('faces-api:card-face-png', args=[card.stable_id])}?dpi={int(dpi)}&v={card.version}"


@register.simple_tag
def face_svg_url(card) -> str:
    return f"{reverse('faces-api:card-face-svg', args=[card.stable_id])}?v={card.version}"
