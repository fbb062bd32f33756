"""Face URLs for templates: the version is in the address, so a changed card never shows an old face."""

from django import template
from django.urls import reverse

register = template.Library()


@register.simple_tag
def face_png_url(card, dpi: int = 100) -> str:
    return f"{reverse('faces-api:card-face-png', args=[card.stable_id])}?dpi={int(dpi)}&v={card.version}"


@register.simple_tag
def reader_face_png_url(card, dpi: int = 100) -> str:
    """The face in the reader's language where the card has a current translation into it, else the
    card's own face (``fallback=source``: never a marked face): the deck pages' faces."""
    from django.utils.translation import get_language

    from common.i18n import supported

    url = face_png_url(card, dpi)
    reader = supported(get_language())
    if reader and reader != getattr(card, "language", reader):
        url += f"&lang={reader}&fallback=source"
    return url


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


@register.simple_tag
def language_label(code: str) -> str:
    """A studio language's name in the reader's language (its code if the studio has no such language)."""
    from cards.translation_selectors import language_name

    return language_name(code)


@register.simple_tag
def face_languages(card) -> list[dict]:
    """The languages a card's face may be drawn in: its own first, then the studio's others, each
    saying whether the card has a current (VALIDATED, not STALE) translation into it (one query)."""
    from django.conf import settings

    from cards.translation_selectors import current_languages

    own = card.language
    current = current_languages(card)
    rows = [{"code": own, "name": language_label(own), "source": True, "translated": True}]
    for code, _name in settings.LANGUAGES:
        if code != own:
            rows.append(
                {"code": code, "name": language_label(code), "source": False, "translated": code in current}
            )
    return rows
