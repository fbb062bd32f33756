"""A table's invitation link can be revoked by its creator (issue 47): ``invite_open`` False. Every
table's link stays as it was (open)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("tables", "0003_table_mode_and_rules_version"),
    ]

    operations = [
        migrations.AddField(
            model_name='table',
            name='invite_open',
            field=models.BooleanField(default=True),
        ),
    ]
