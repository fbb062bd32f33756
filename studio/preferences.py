"""The reader's language and time zone: a signed-in user's own choice, else the browser's.

``LocaleMiddleware`` has chosen the language from the language cookie or ``Accept-Language``
before this runs; a user who chose a language (``Preference.language``) reads it wherever they
sign in, and their time zone (``Preference.time_zone``) is the one dates are shown in. The API's
token users get theirs when DRF authenticates them (``studio.throttling``), the pages' session
users here.
"""

from __future__ import annotations

import zoneinfo

from django.conf import settings
from django.utils import timezone, translation

from .models import Preference

LANGUAGE_CODES = frozenset(code for code, _ in settings.LANGUAGES)


def preference_of(user) -> Preference | None:
    if user is None or not getattr(user, "is_authenticated", False) or not getattr(user, "pk", None):
        return None
    cached = getattr(user, "_studio_preference", False)
    if cached is not False:
        return cached
    found = Preference.objects.filter(user=user).first()
    user._studio_preference = found
    return found


def apply(request, user) -> None:
    """Activate ``user``'s own language and time zone for this request, when they chose them."""
    preference = preference_of(user)
    if preference is None:
        return
    if preference.language in LANGUAGE_CODES:
        translation.activate(preference.language)
        request.LANGUAGE_CODE = preference.language
    if preference.time_zone:
        try:
            timezone.activate(zoneinfo.ZoneInfo(preference.time_zone))
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            timezone.deactivate()


def remember(user, *, language: str | None = None, time_zone: str | None = None) -> Preference:
    """Keep ``user``'s choice (an empty value: follow the browser, the studio's time zone)."""
    preference, _ = Preference.objects.get_or_create(user=user)
    if language is not None:
        preference.language = language if language in LANGUAGE_CODES else ""
    if time_zone is not None:
        preference.time_zone = time_zone
    preference.full_clean()
    preference.save()
    user._studio_preference = preference
    return preference
