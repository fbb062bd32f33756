"""The reader's language and time zone: a signed-in user's own choice, else the browser's.

``LocaleMiddleware`` has chosen the language from the language cookie or ``Accept-Language``
before this runs; a user who chose a language (``Preference.language``) reads it wherever they
sign in, and their time zone (``Preference.time_zone``) is the one dates are shown in.

A page costs no query for it: the choice is read once, when the user logs in, and kept in
their session (``SESSION_KEY``); the switch and the preferences page update both. The API's
token users get theirs with their token (``studio.throttling`` reads it in the same query).
"""

from __future__ import annotations

import zoneinfo

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.core.exceptions import ObjectDoesNotExist
from django.dispatch import receiver
from django.utils import timezone, translation

from .models import Preference

LANGUAGE_CODES = frozenset(code for code, _ in settings.LANGUAGES)
SESSION_KEY = "studio_preference"


def preference_of(user) -> Preference | None:
    """``user``'s Preference (one query unless it came with the user), or None."""
    if user is None or not getattr(user, "is_authenticated", False) or not getattr(user, "pk", None):
        return None
    try:
        return user.preference
    except ObjectDoesNotExist:
        return None


def _choice(preference: Preference | None) -> list[str]:
    if preference is None:
        return ["", ""]
    return [preference.language or "", preference.time_zone or ""]


def activate(request, language: str, time_zone: str) -> None:
    if language in LANGUAGE_CODES:
        translation.activate(language)
        request.LANGUAGE_CODE = language
    if time_zone:
        try:
            timezone.activate(zoneinfo.ZoneInfo(time_zone))
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            timezone.deactivate()


def apply(request, user) -> None:
    """Activate ``user``'s own language and time zone for this request, when they chose them."""
    if user is None or not getattr(user, "is_authenticated", False):
        return
    session = getattr(request, "session", None)
    # A session user: the choice kept in their session at login; a token user: their Preference.
    session_user = session is not None and getattr(request, "_session_user", False)
    stored = session.get(SESSION_KEY) if session_user else None
    if stored is None:
        stored = _choice(
            preference_of(user) if not session_user else Preference.objects.filter(user=user).first()
        )
        if session_user:
            session[SESSION_KEY] = stored
    activate(request, *stored)


def remember(user, *, language: str | None = None, time_zone: str | None = None, request=None) -> Preference:
    """Keep ``user``'s choice (an empty value: follow the browser, the studio's time zone)."""
    preference, _ = Preference.objects.get_or_create(user=user)
    if language is not None:
        preference.language = language if language in LANGUAGE_CODES else ""
    if time_zone is not None:
        preference.time_zone = time_zone
    preference.full_clean()
    preference.save()
    user.preference = preference
    if request is not None and getattr(request, "session", None) is not None:
        request.session[SESSION_KEY] = _choice(preference)
    return preference


@receiver(user_logged_in, dispatch_uid="studio.preferences.on_login")
def _on_login(sender, request, user, **kwargs):
    """Read the user's choice once, when they log in (a session started before it is read then)."""
    if request is not None and getattr(request, "session", None) is not None:
        request.session[SESSION_KEY] = _choice(Preference.objects.filter(user=user).first())
