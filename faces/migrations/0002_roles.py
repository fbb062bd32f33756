"""Designers edit the face templates; reviewers may read them and their history."""

from django.db import migrations

from common.roles import grant_operation

ROLE_PERMISSIONS = {
    "designer": ["view_facetemplate", "change_facetemplate"],
    "reviewer": ["view_facetemplate"],
}


class Migration(migrations.Migration):
    dependencies = [("faces", "0001_initial"), ("cards", "0002_roles")]

    operations = [grant_operation("faces", ROLE_PERMISSIONS)]
