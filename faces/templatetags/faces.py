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


@register.simple_tag(takes_context=True)
def tts_loopback_address(context) -> str:
    """The loopback address a Tabletop Simulator export would point at ("" when another machine can
    reach it): the deck page warns that the deck would not load elsewhere."""
    from ..tts_export import export_address, is_loopback

    request = context.get("request")
    if request is None:
        return ""
    address = export_address(request)
    return address if is_loopback(address) else ""
