"""A user's permissions kept by the process between requests, read again whenever they may have changed.

Django's ``ModelBackend`` reads a user's permissions with two queries (their own, their groups'),
once a request: every API request checks one. This process keeps what it read, per user, with
the permissions stamp it read first (``studio.models.PermissionsStamp``: the database gives it a
new random value in any statement that writes the user's groups or permissions, a group's
permissions, the permissions or content types, whoever writes them). A token's request reads the
stamp in the query that finds the token (``studio.throttling``) and takes the kept permissions
only when the stamp is the one they were read under: a change committed by any process makes
every process read them again. A session's request reads the stamp in the session's own query
(``studio.sessions``; ``studio.middleware.UserPreferenceMiddleware`` gives it to the session's user);
any other user object reads the permissions as Django does, two queries. The stamp is random, not a count, so a change rolled back never leaves a value that a
later change could give again; and it is read before the permissions are, so what is kept under
a value is never older than that value.

The user's ``is_active`` and ``is_superuser`` come with the user on every request: ``ModelBackend``
checks the first itself, and the kept permissions are per user and ``is_superuser``. As with
Django's own cache on the user object, a request keeps the permissions it read for its own
duration.

:class:`KeptPermissionsBackend`, in ``AUTHENTICATION_BACKENDS`` before ``ModelBackend``, fills
``ModelBackend``'s per-request caches on the user object (``_user_perm_cache``,
``_group_perm_cache``, ``_perm_cache``) from what is kept and answers nothing itself (it
authenticates no one and grants nothing): ``ModelBackend`` answers from the filled caches as it
would from its queries. Without a stamp row, or without the triggers, nothing is kept.
"""

from __future__ import annotations

import logging

from django.contrib.auth.backends import ModelBackend
from django.db import connection
from django.db.models import Subquery

from .models import PermissionsStamp

logger = logging.getLogger(__name__)

# The attribute a user object gets the stamp in when it was read with the user (the token's query).
STAMP_ATTRIBUTE = "_permissions_stamp"
# Users kept at most; past it, the process starts again with none.
MAX_USERS = 10_000
# (user id, is_superuser) -> (stamp, the user's own permissions, their groups')
_kept: dict[tuple[int, bool], tuple[str, frozenset[str], frozenset[str]]] = {}
# "usable": whether the triggers are there, once read (triggers_present)
_triggers: dict[str, bool] = {}


def stamp_subquery() -> Subquery:
    """The stamp, as a column of another query (NULL without a stamp row)."""
    return Subquery(PermissionsStamp.objects.filter(pk=1).values("value")[:1])


def forget() -> None:
    """Keep nothing more (tests; a process does not need it: the stamp tells)."""
    _kept.clear()


# The triggers of the migration 0002_permissionsstamp: one a table on PostgreSQL, one a table and
# kind of write on SQLite.
TRIGGER = "studio_permissions_changed"
TRIGGERS = {"postgresql": 5, "sqlite": 15}


def triggers_present() -> bool:
    """Whether the migration's triggers are all there, read once a process: a table rebuilt by a
    later migration (SQLite rebuilds a table to alter it) would have lost its own, and then
    nothing is kept."""
    if "usable" not in _triggers:
        if connection.vendor == "postgresql":
            sql = "SELECT count(*) FROM pg_trigger WHERE tgname = %s AND tgenabled <> 'D'"
        elif connection.vendor == "sqlite":
            sql = "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE %s || '%%'"
        else:
            sql = None
        found = 0
        if sql is not None:
            with connection.cursor() as cursor:
                cursor.execute(sql, [TRIGGER])
                found = cursor.fetchone()[0]
        _triggers["usable"] = found == TRIGGERS.get(connection.vendor)
        if not _triggers["usable"]:
            logger.warning(
                "permissions stamp triggers missing (%s): permissions are read every request", found
            )
    return _triggers["usable"]


def fill(user) -> None:
    """``ModelBackend``'s caches on ``user`` for this request, from what is kept when the stamp allows."""
    if hasattr(user, "_perm_cache") or not user.is_active or user.is_anonymous:
        return
    stamp = getattr(user, STAMP_ATTRIBUTE, None)
    if stamp is None or not triggers_present():
        return  # ModelBackend reads them, as without this backend
    key = (user.pk, bool(user.is_superuser))
    kept = _kept.get(key)
    if kept is not None and kept[0] == stamp:
        own, groups = kept[1], kept[2]
        user._user_perm_cache, user._group_perm_cache = set(own), set(groups)
    else:
        backend = ModelBackend()
        own = frozenset(backend.get_user_permissions(user))
        groups = frozenset(backend.get_group_permissions(user))
        if len(_kept) >= MAX_USERS:
            _kept.clear()
        _kept[key] = (stamp, own, groups)
    user._perm_cache = {*own, *groups}


class KeptPermissionsBackend:
    """Fills ``ModelBackend``'s caches on the user from what this process kept (see the module);
    grants nothing itself, authenticates no one. No ``get_user``: never a session's backend (the
    test client's ``force_login`` and ``login`` take the first backend that has one)."""

    def authenticate(self, request, **credentials):
        return None

    def get_user_permissions(self, user_obj, obj=None):
        fill(user_obj)
        return set()

    def get_group_permissions(self, user_obj, obj=None):
        fill(user_obj)
        return set()

    def get_all_permissions(self, user_obj, obj=None):
        fill(user_obj)
        return set()

    def has_perm(self, user_obj, perm, obj=None):
        fill(user_obj)
        return False

    def has_module_perms(self, user_obj, app_label):
        fill(user_obj)
        return False
