"""API throttles: anonymous traffic, failed token authentications and each user's requests.

Rates come from settings (``API_THROTTLE_RATES``, each from the environment) and are read at
request time, so an operator's change or a test's override takes effect without a restart.
``API_THROTTLING = False`` turns them all off (the test suite does, except the throttling tests).
A throttled request gets 429 with ``Retry-After`` (DRF's exception handler adds the header).
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext as _
from rest_framework import exceptions, throttling
from rest_framework.authentication import TokenAuthentication


def _rate(scope: str) -> str | None:
    return settings.API_THROTTLE_RATES.get(scope)


class _SettingsRate:
    """Rates from settings at request time; nothing is counted while throttling is off."""

    def get_rate(self):
        return _rate(self.scope)

    def allow_request(self, request, view):
        if not settings.API_THROTTLING:
            return True
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)


class AnonThrottle(_SettingsRate, throttling.AnonRateThrottle):
    scope = "anon"


class UserThrottle(_SettingsRate, throttling.UserRateThrottle):
    scope = "user"


class TokenFailureThrottle(_SettingsRate, throttling.SimpleRateThrottle):
    """Counts, per client address, the requests that sent a token that does not exist."""

    scope = "token_failure"

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class ThrottledTokenAuthentication(TokenAuthentication):
    """Token authentication that slows down guessing: an address that sent too many wrong tokens
    is refused with 429 (even with a right one) until its window passes."""

    def authenticate(self, request):
        guard = TokenFailureThrottle()
        if settings.API_THROTTLING and _rate(guard.scope):
            guard.rate = guard.get_rate()
            guard.num_requests, guard.duration = guard.parse_rate(guard.rate)
            key = guard.get_cache_key(request, None)
            history = [t for t in cache.get(key, []) if t > guard.timer() - guard.duration]
            if len(history) >= guard.num_requests:
                wait = guard.duration - (guard.timer() - history[-1])
                raise exceptions.Throttled(
                    wait=max(wait, 1), detail=_("Too many wrong tokens from your address; wait and retry.")
                )
        try:
            found = super().authenticate(request)
        except exceptions.AuthenticationFailed:
            if settings.API_THROTTLING and _rate(guard.scope):
                # Recorded like DRF's throttles: newest first, the window's timestamps only.
                history.insert(0, guard.timer())
                cache.set(key, history, guard.duration)
            raise
        if found is not None:
            # The user's Preference came with the token (authenticate_credentials).
            # A token user reads the API in their own language and time zone (the pages' session
            # users get theirs from studio.middleware.UserPreferenceMiddleware).
            from .preferences import apply

            apply(request._request, found[0])
        return found

    def authenticate_credentials(self, key):
        """DRF's, with the user's Preference read in the same query (no query more per request)."""
        model = self.get_model()
        try:
            token = model.objects.select_related("user", "user__preference").get(key=key)
        except model.DoesNotExist:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return (token.user, token)
