"""Let designers and reviewers store and withdraw effect corrections (the groups come from cards 0002_roles)."""

from django.db import migrations

from common.roles import grant_operation

ROLE_PERMISSIONS = {
    "designer": ["add_effectcorrection", "withdraw_effectcorrection"],
    "reviewer": ["add_effectcorrection", "withdraw_effectcorrection"],
}


class Migration(migrations.Migration):
    dependencies = [
        ("corrections", "0001_initial"),
        ("cards", "0002_roles"),
    ]

    operations = [grant_operation("corrections", ROLE_PERMISSIONS)]
