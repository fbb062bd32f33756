"""Who sits at playtest tables: every role that builds decks (each plays their own decks)."""

from django.db import migrations

from common.roles import grant_operation

PLAY = ["view_table", "add_table"]
ROLE_PERMISSIONS = {"playtester": PLAY, "designer": PLAY, "reviewer": PLAY}


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0001_initial"),
        ("cards", "0002_roles"),
    ]

    operations = [grant_operation("tables", ROLE_PERMISSIONS)]
