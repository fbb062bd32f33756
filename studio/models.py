"""Each user's own language and time zone (the header's switch and the preferences page keep them)."""

from __future__ import annotations

import zoneinfo
from functools import cache

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _


@cache
def time_zones() -> tuple[str, ...]:
    return tuple(sorted(zoneinfo.available_timezones()))


def validate_time_zone(value: str) -> None:
    if value and value not in time_zones():
        raise ValidationError(_("%(value)s is not a time zone (e.g. Europe/Paris)"), params={"value": value})


class Preference(models.Model):
    """What one user chose; empty: the language of the browser, the studio's time zone."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preference", verbose_name=_("user")
    )
    language = models.CharField(
        _("language"), max_length=8, blank=True, default="", choices=settings.LANGUAGES
    )
    time_zone = models.CharField(
        _("time zone"), max_length=64, blank=True, default="", validators=[validate_time_zone]
    )

    class Meta:
        verbose_name = _("preference")
        verbose_name_plural = _("preferences")

    def __str__(self) -> str:
        return f"{self.user}: {self.language or '-'} {self.time_zone or '-'}"


class PermissionsStamp(models.Model):
    """One row whose ``value`` the database changes, to a new random one, in the statement that
    changes anything a user's permissions are read from: a user's groups or own permissions, a
    group's permissions, the permissions or content types themselves (triggers of the migration
    ``0002_permissionsstamp``, on PostgreSQL and SQLite: any writer, the ORM, a bulk write, the
    admin, raw SQL). Equal values: the same permissions, so a process keeps a user's permissions
    between requests while the value it reads is the one they were read under
    (``studio.permissions``). Never written by the studio's code."""

    value = models.CharField(max_length=32)  # not shown to anyone: no admin, no form

    def __str__(self) -> str:
        return self.value
