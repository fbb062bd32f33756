"""The login lockout's handler (django-axes): per user and address, and per address across usernames.

Kept apart from :mod:`studio.security` (read while settings load): this one imports axes' models.
"""

from __future__ import annotations

from axes.handlers.database import AxesDatabaseHandler
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum
from django.utils import timezone


class AddressLockoutHandler(AxesDatabaseHandler):
    """django-axes' database handler, plus a lockout per address across usernames.

    ``AXES_LOCKOUT_PARAMETERS`` locks one user at one address after ``AXES_FAILURE_LIMIT`` wrong
    passwords; one address that tries wrong passwords on many usernames is locked as a whole after
    ``AXES_ADDRESS_FAILURE_LIMIT`` of them within ``AXES_COOLOFF_TIME`` (higher: the people behind
    one office address, or a proxy without ``NUM_PROXIES``, share it). ``0`` turns it off.
    """

    def is_locked(self, request, credentials=None) -> bool:
        if super().is_locked(request, credentials):
            return True
        return self._address_locked(request)

    def user_login_failed(self, sender, credentials: dict, request=None, **kwargs):
        # axes decides a lockout here from its own count (per AXES_LOCKOUT_PARAMETERS): the address's
        # count across usernames locks too, and the login page then answers 429.
        super().user_login_failed(sender, credentials, request, **kwargs)
        locked = getattr(request, "axes_locked_out", True)
        if request is not None and not locked and self._address_locked(request):
            request.axes_locked_out = True
            request.axes_credentials = credentials

    @staticmethod
    def _address_locked(request) -> bool:
        locked = address_failures(request) >= settings.AXES_ADDRESS_FAILURE_LIMIT > 0
        if locked:
            request.axes_address_locked = True
        return locked


def address_failures(request) -> int:
    """Wrong passwords from the request's address, for any username, within the cool-off time."""
    address = getattr(request, "axes_ip_address", None)
    if not address or not settings.AXES_ADDRESS_FAILURE_LIMIT:
        return 0
    attempts = AccessAttempt.objects.filter(ip_address=address)
    if settings.AXES_COOLOFF_TIME:
        attempts = attempts.filter(attempt_time__gte=timezone.now() - settings.AXES_COOLOFF_TIME)
    return attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0
