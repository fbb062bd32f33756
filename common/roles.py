"""The studio's roles (Django groups) and how data migrations give them permissions.

Each app's data migration names, per role, the codenames of its own models'
permissions and calls :func:`grant_operation`; the groups are created by the
first such migration (cards/0002_roles). Only historical models (``apps``) are
used here, so migrations stay valid whatever the current models become.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

DESIGNER, REVIEWER, PLAYTESTER = "designer", "reviewer", "playtester"
ROLES = (DESIGNER, REVIEWER, PLAYTESTER)


def _permissions(apps, app_label: str, codenames: Sequence[str], using: str):
    Permission = apps.get_model("auth", "Permission")
    return Permission.objects.using(using).filter(content_type__app_label=app_label, codename__in=codenames)


def grant(
    apps, app_label: str, role_permissions: Mapping[str, Sequence[str]], using: str = "default"
) -> None:
    """Give each role these permissions of ``app_label``, creating the groups if needed, in the
    database ``using`` (the one migrated: ``schema_editor.connection.alias``)."""
    from django.contrib.auth.management import create_permissions

    # Permissions are normally created after all migrations ran; make this app's exist now.
    app_config = apps.get_app_config(app_label)
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0, using=using)
    app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    for role, codenames in role_permissions.items():
        group, _ = Group.objects.using(using).get_or_create(name=role)
        group.permissions.add(*_permissions(apps, app_label, codenames, using))


def revoke(
    apps, app_label: str, role_permissions: Mapping[str, Sequence[str]], using: str = "default"
) -> None:
    Group = apps.get_model("auth", "Group")
    for role, codenames in role_permissions.items():
        for group in Group.objects.using(using).filter(name=role):
            group.permissions.remove(*_permissions(apps, app_label, codenames, using))


def grant_operation(app_label: str, role_permissions: Mapping[str, Sequence[str]]):
    """A migration operation that grants (and, backwards, revokes) the roles' permissions."""
    from django.db import migrations

    return migrations.RunPython(
        lambda apps, schema_editor: grant(apps, app_label, role_permissions, schema_editor.connection.alias),
        lambda apps, schema_editor: revoke(apps, app_label, role_permissions, schema_editor.connection.alias),
    )
