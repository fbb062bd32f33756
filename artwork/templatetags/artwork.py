"""Template filters for artwork shown outside the gallery (card tiles, the list view, the card view)."""

from django import template

from ..models import Rendition

register = template.Library()


@register.filter
def rendition_url(name: str | None) -> str:
    """The URL of a rendition's file name (as ``artwork.selectors.with_primary_thumb`` gives it), through its storage."""
    return Rendition._meta.get_field("file").storage.url(name) if name else ""
