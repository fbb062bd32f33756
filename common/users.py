"""Who made a change, as stored on a record; which permissions many users hold, in one query."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from django.db.models import Exists, OuterRef, QuerySet


def real_user(user):
    """``user`` when it is a signed-in account, else None (anonymous requests, commands, tasks)."""
    return user if user is not None and getattr(user, "is_authenticated", False) else None


def permissions_held(
    user_ids: Iterable[int], app_label: str, codenames: Iterable[str]
) -> dict[int, frozenset]:
    """Of ``codenames`` (permissions of ``app_label``), those each of ``user_ids`` holds, in one query
    whatever their number, by the rules of Django's ModelBackend: an inactive user holds none, an
    active superuser every one, another active user their own and their groups'. An id of no user
    holds none."""
    ids, codenames = set(user_ids), tuple(codenames)
    if not ids:
        return {}
    found: dict[int, frozenset] = dict.fromkeys(ids, frozenset())
    for pk, active, superuser, *flags in _held_query(app_label, codenames).filter(pk__in=ids):
        if active:
            found[pk] = frozenset(
                codename
                for n, codename in enumerate(codenames)
                if superuser or flags[2 * n] or flags[2 * n + 1]
            )
    return found


@cache
def _held_query(app_label: str, codenames: tuple[str, ...]) -> QuerySet:
    """Every user with whether they hold each of ``codenames`` on their own and through a group:
    built once a process for each set of permissions asked (building its EXISTS subqueries was most of
    a call's CPU, 4 ms); each call filters a copy of it by its users."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Permission

    def held(codename: str, through: str) -> Exists:
        perms = Permission.objects.filter(content_type__app_label=app_label, codename=codename)
        return Exists(perms.filter(**{through: OuterRef("pk")}))

    columns = {}
    for n, codename in enumerate(codenames):
        columns[f"own_{n}"] = held(codename, "user")
        columns[f"group_{n}"] = held(codename, "group__user")
    return (
        get_user_model().objects.annotate(**columns).values_list("pk", "is_active", "is_superuser", *columns)
    )
