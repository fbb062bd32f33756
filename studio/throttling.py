"""API throttles: anonymous traffic, failed token authentications and each user's requests.

Rates come from settings (``API_THROTTLE_RATES``, each from the environment) and are read at
request time, so an operator's change or a test's override takes effect without a restart.
``API_THROTTLING = False`` turns them all off (the test suite does, except the throttling tests).
A throttled request gets 429 with ``Retry-After`` (DRF's exception handler adds the header).

The counts live in the cache (``CACHE_URL``: Redis at team scale). A cache that cannot be reached
costs nothing but the throttling: every throttle fails open (the request goes on), the failure is
logged and counted (:data:`outage`, shown by ``/healthz``), and for ``CACHE_BACKOFF_SECONDS`` the
cache is not even tried, so a cache that does not answer slows no request down.

Wrong tokens are counted per client address, but they never lock out a right token: a token is
a random 160-bit key that no number of tries guesses, so the limit is on the wrong ones (429
instead of 401 once an address sent too many), and a client behind the same address (a proxy
without ``NUM_PROXIES``, an office) that sends its right token is served.
"""

from __future__ import annotations

import logging
import time
from functools import cache as once

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext as _
from rest_framework import exceptions, throttling
from rest_framework.authentication import TokenAuthentication

logger = logging.getLogger(__name__)


def _rate(scope: str) -> str | None:
    return settings.API_THROTTLE_RATES.get(scope)


class CacheOutage:
    """What this process saw of the throttles' cache: failures, requests let through uncounted."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.down_until = 0.0
        self.failures = 0
        self.unthrottled = 0
        self.last_error = ""

    def is_open(self) -> bool:
        return time.monotonic() < self.down_until

    def trip(self, exc: BaseException) -> None:
        self.failures += 1
        self.last_error = f"{type(exc).__name__}: {str(exc).strip()[:200]}"
        self.down_until = time.monotonic() + settings.CACHE_BACKOFF_SECONDS
        logger.warning(
            "the throttles' cache cannot be reached (%s); requests go on unthrottled", self.last_error
        )

    def counters(self) -> dict:
        return {"cacheFailures": self.failures, "unthrottledRequests": self.unthrottled}


outage = CacheOutage()


def _guarded(action, default):
    """``action()``, or ``default`` (counted, logged) when the cache fails or failed moments ago."""
    if outage.is_open():
        outage.unthrottled += 1
        return default
    try:
        return action()
    except Exception as exc:  # redis' ConnectionError, TimeoutError, a socket's error: fail open
        outage.trip(exc)
        outage.unthrottled += 1
        return default


class _SettingsRate:
    """Rates from settings at request time; nothing is counted while throttling is off."""

    def get_rate(self):
        return _rate(self.scope)

    def allow_request(self, request, view):
        if not settings.API_THROTTLING:
            return True
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return _guarded(lambda: super(_SettingsRate, self).allow_request(request, view), True)


class AnonThrottle(_SettingsRate, throttling.AnonRateThrottle):
    scope = "anon"


class UserThrottle(_SettingsRate, throttling.UserRateThrottle):
    scope = "user"


class TokenFailureThrottle(_SettingsRate, throttling.SimpleRateThrottle):
    """Counts, per client address, the requests that sent a token that does not exist (only those
    are refused once there are too many: a right token from the same address is served)."""

    scope = "token_failure"

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class ThrottledTokenAuthentication(TokenAuthentication):
    """Token authentication that slows down guessing: an address that sent too many wrong tokens
    gets 429 for each further wrong one until its window passes; a right token is still served."""

    def authenticate(self, request):
        guard = TokenFailureThrottle()
        counting = settings.API_THROTTLING and _rate(guard.scope)
        try:
            found = super().authenticate(request)
        except exceptions.AuthenticationFailed:
            if counting:
                guard.rate = guard.get_rate()
                guard.num_requests, guard.duration = guard.parse_rate(guard.rate)
                key = guard.get_cache_key(request, None)
                now = guard.timer()
                history = [t for t in _guarded(lambda: cache.get(key, []), []) if t > now - guard.duration]
                if len(history) >= guard.num_requests:
                    wait = guard.duration - (now - history[-1])
                    raise exceptions.Throttled(
                        wait=max(wait, 1),
                        detail=_("Too many wrong tokens from your address; wait and retry."),
                    ) from None
                # Recorded like DRF's throttles: newest first, the window's timestamps only.
                history.insert(0, now)
                _guarded(lambda: cache.set(key, history, guard.duration), None)
            raise
        if found is not None:
            # The user's Preference came with the token (authenticate_credentials).
            # A token user reads the API in their own language and time zone (the pages' session
            # users get theirs from studio.middleware.UserPreferenceMiddleware).
            from .preferences import apply

            apply(request._request, found[0])
        return found

    def authenticate_credentials(self, key):
        """DRF's, with the user's Preference and the permissions stamp (``studio.permissions``) read
        in the same query (no query more per request)."""
        from .permissions import STAMP_ATTRIBUTE

        model = self.get_model()
        try:
            token = _tokens_with_their_users(model).get(key=key)
        except model.DoesNotExist:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        setattr(token.user, STAMP_ATTRIBUTE, token.permissions_stamp)
        return (token.user, token)


@once
def _tokens_with_their_users(model):
    """The tokens with their user, the user's Preference and the permissions stamp, in one query:
    built once a process (building it was near a third of the CPU of finding a token, on every API
    request). Never evaluated itself: each request's ``get`` is a filtered copy of it, read anew."""
    from .permissions import stamp_subquery

    return model.objects.select_related("user", "user__preference").annotate(
        permissions_stamp=stamp_subquery()
    )
