"""Let designers and reviewers store and withdraw effect corrections (the groups come from cards 0002_roles)."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

ROLE_PERMISSIONS = {
    "designer": ["add_effectcorrection", "withdraw_effectcorrection"],
    "reviewer": ["add_effectcorrection", "withdraw_effectcorrection"],
}


def grant(apps, schema_editor):
    # Permissions are normally created after migrations; make them exist now.
    app_config = apps.get_app_config("corrections")
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for role, codenames in ROLE_PERMISSIONS.items():
        group, _ = Group.objects.get_or_create(name=role)
        group.permissions.add(*Permission.objects.filter(content_type__app_label="corrections", codename__in=codenames))


def revoke(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    permissions = Permission.objects.filter(content_type__app_label="corrections")
    for group in Group.objects.filter(name__in=ROLE_PERMISSIONS):
        group.permissions.remove(*permissions)


class Migration(migrations.Migration):
    dependencies = [
        ("corrections", "0001_initial"),
        ("cards", "0002_roles"),
    ]

    operations = [migrations.RunPython(grant, revoke)]
