"""Give the studio's roles their artwork permissions.

Designers upload images, choose the primary HD, change kinds and run image
batches; reviewers may do the same and are the only ones who delete a variant
(a deletion is kept in history); playtesters see the artwork of the cards they see.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

MANAGE = ["view_artworkvariant", "add_artworkvariant", "change_artworkvariant", "view_imagebatch", "add_imagebatch"]
ROLE_PERMISSIONS = {
    "designer": MANAGE,
    "reviewer": [*MANAGE, "delete_artworkvariant"],
    "playtester": ["view_artworkvariant"],
}


def grant(apps, schema_editor):
    # Permissions are normally created after migrations; make them exist now.
    app_config = apps.get_app_config("artwork")
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for role, codenames in ROLE_PERMISSIONS.items():
        group, _ = Group.objects.get_or_create(name=role)
        group.permissions.add(*Permission.objects.filter(content_type__app_label="artwork", codename__in=codenames))


def revoke(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    permissions = Permission.objects.filter(content_type__app_label="artwork")
    for group in Group.objects.filter(name__in=ROLE_PERMISSIONS):
        group.permissions.remove(*permissions)


class Migration(migrations.Migration):
    dependencies = [
        ("artwork", "0001_initial"),
        ("cards", "0002_roles"),
    ]

    operations = [migrations.RunPython(grant, revoke)]
