"""Give the studio's roles the review permissions: designers and reviewers may submit AI proposals."""

from django.db import migrations

from common.roles import grant_operation

ROLE_PERMISSIONS = {
    "designer": ["add_proposal", "view_proposal"],
    "reviewer": ["add_proposal", "view_proposal", "view_audit"],
}


class Migration(migrations.Migration):
    dependencies = [
        ("reviews", "0001_initial"),
        ("cards", "0002_roles"),
    ]

    operations = [grant_operation("reviews", ROLE_PERMISSIONS)]
