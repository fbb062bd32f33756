"""Create the studio's roles: the designer, reviewer and playtester groups."""

from django.db import migrations

from common.roles import grant_operation

ROLE_PERMISSIONS = {
    "designer": ["view_card", "add_card", "change_card", "view_unvalidated_card"],
    "reviewer": ["view_card", "view_unvalidated_card", "review_card"],
    "playtester": ["view_card"],
}


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [grant_operation("cards", ROLE_PERMISSIONS)]
