"""Give the studio's roles their artwork permissions.

Designers upload images, choose the primary HD, change kinds and run image
batches; reviewers may do the same and are the only ones who delete a variant
(a deletion is kept in history); playtesters see the artwork of the cards they see.
"""

from django.db import migrations

from common.roles import grant_operation

MANAGE = ["view_artworkvariant", "add_artworkvariant", "change_artworkvariant", "view_imagebatch", "add_imagebatch"]
ROLE_PERMISSIONS = {
    "designer": MANAGE,
    "reviewer": [*MANAGE, "delete_artworkvariant"],
    "playtester": ["view_artworkvariant"],
}


class Migration(migrations.Migration):
    dependencies = [
        ("artwork", "0001_initial"),
        ("cards", "0002_roles"),
    ]

    operations = [grant_operation("artwork", ROLE_PERMISSIONS)]
