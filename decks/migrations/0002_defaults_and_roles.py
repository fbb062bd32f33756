"""The duel "Cour des Damnés" list, and the roles' deck permissions.

The default deck formats are not here: each rule set declares its own
(``RuleSet.default_formats``) and ``decks.defaults`` stores the missing ones
after every ``migrate`` (a ``post_migrate`` step), never overwriting a stored
one. (This migration once wrote a frozen copy of them; databases migrated
then keep those rows, which are the same formats.)
"""

from django.db import migrations

from common.roles import grant, revoke

CARD_LISTS = [
    {
        "game": "duel",
        "key": "cour-des-damnes",
        "name": "Cour des Damnés",
        "description": "Seed 004: « La liste de la Cour des Damnés est provisoire. » The seed names no card of it; reviewers fill it in.",
        "provisional": True,
    }
]

OWN_DECKS = ["view_deck", "add_deck", "change_deck", "delete_deck", "view_deckformat", "view_namedcardlist"]
OWN_COLLECTION = ["view_ownedcard", "add_ownedcard", "change_ownedcard", "delete_ownedcard"]
ROLE_PERMISSIONS = {
    # Everyone builds and keeps their own decks and collection.
    "playtester": OWN_DECKS + OWN_COLLECTION,
    "designer": OWN_DECKS + OWN_COLLECTION,
    # Reviewers also see every deck and keep the formats and card lists.
    "reviewer": OWN_DECKS
    + OWN_COLLECTION
    + ["view_all_decks", "add_deckformat", "change_deckformat", "add_namedcardlist", "change_namedcardlist"],
}


def forwards(apps, schema_editor):
    NamedCardList = apps.get_model("decks", "NamedCardList")
    for data in CARD_LISTS:
        NamedCardList.objects.using(schema_editor.connection.alias).get_or_create(game=data["game"], key=data["key"], defaults=data)

    grant(apps, "decks", ROLE_PERMISSIONS, schema_editor.connection.alias)


def backwards(apps, schema_editor):
    revoke(apps, "decks", ROLE_PERMISSIONS, schema_editor.connection.alias)


class Migration(migrations.Migration):
    dependencies = [
        ("decks", "0001_initial"),
        ("cards", "0002_roles"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
