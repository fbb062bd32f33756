"""Give the studio's roles the review permissions: designers and reviewers may submit AI proposals."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

ROLE_PERMISSIONS = {
    "designer": ["add_proposal", "view_proposal"],
    "reviewer": ["add_proposal", "view_proposal", "view_audit"],
}


def grant(apps, schema_editor):
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for role, codenames in ROLE_PERMISSIONS.items():
        group, _ = Group.objects.get_or_create(name=role)
        group.permissions.add(*Permission.objects.filter(content_type__app_label="reviews", codename__in=codenames))


def revoke(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for role, codenames in ROLE_PERMISSIONS.items():
        group = Group.objects.filter(name=role).first()
        if group:
            group.permissions.remove(*Permission.objects.filter(content_type__app_label="reviews", codename__in=codenames))


class Migration(migrations.Migration):
    dependencies = [
        ("reviews", "0001_initial"),
        ("cards", "0002_roles"),
    ]

    operations = [migrations.RunPython(grant, revoke)]
