"""``{% javascript_catalog_url %}``: the address of the JavaScript catalog in the page's language."""

from django import template
from django.utils.translation import get_language

from studio.jsi18n import catalog_url

register = template.Library()


@register.simple_tag
def javascript_catalog_url() -> str:
    return catalog_url(get_language() or "")
