"""Django's JavaScript catalog at an address that names its language and its version, which browsers keep.

Django's ``/jsi18n/`` answers in the language of the request, so no browser may keep it: every page
asked for it again, and compiled its 3 to 45 KB of script again. ``/jsi18n/<language>/?v=<digest>``
always holds the same text, so it is kept for a year; new catalogues (a deploy, ``make messages``) make a
new digest, hence a new address in the pages. ``/jsi18n/`` stays, for whatever links to it.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import Http404, HttpResponse
from django.urls import reverse
from django.utils import translation
from django.utils.autoreload import file_changed
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_safe
from django.views.i18n import JavaScriptCatalog

YEAR = 365 * 24 * 3600


@cache
def _catalog(language: str) -> tuple[bytes, str, str]:
    """The catalog's script in ``language``, its content type and its digest (made once per process
    and language)."""
    with translation.override(language):
        made = JavaScriptCatalog().get(None)
    return made.content, made["Content-Type"], hashlib.sha256(made.content).hexdigest()[:16]


def _spoken(language: str) -> bool:
    return language in dict(settings.LANGUAGES)


def catalog_url(language: str) -> str:
    """The address of the catalog in ``language``, with the version that lets browsers keep it."""
    if not _spoken(language):
        language = settings.LANGUAGE_CODE
    return f"{reverse('javascript-catalog-language', args=[language])}?v={_catalog(language)[2]}"


@require_safe
def catalog_view(request, language: str):
    if not _spoken(language):
        raise Http404(language)
    body, content_type, digest = _catalog(language)
    response = HttpResponse(body, content_type=content_type)
    response["Content-Language"] = language
    if request.GET.get("v") == digest:
        patch_cache_control(response, public=True, max_age=YEAR, immutable=True)
    else:  # an older page's version, or none: the current text, not to be kept under this address
        patch_cache_control(response, no_cache=True)
    return response


@receiver(setting_changed)
def _forget_on_setting_change(*, setting, **kwargs):
    if setting in {"LANGUAGES", "LANGUAGE_CODE", "LOCALE_PATHS", "INSTALLED_APPS"}:
        _catalog.cache_clear()


@receiver(file_changed)
def _forget_on_catalogue_change(*, file_path: Path, **kwargs):
    # runserver's reloader: Django itself drops its translations when a .mo file changes, without a restart.
    if Path(file_path).suffix == ".mo":
        _catalog.cache_clear()
