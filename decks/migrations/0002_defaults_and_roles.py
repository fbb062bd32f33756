"""The default deck formats, the duel "Cour des Damnés" list, and the roles' deck permissions.

Formats are data that reviewers edit afterwards: darkrow ``standard``,
riftbound ``constructed``, vanguard ``classic`` (BT01, TD01, TD02; owned cards
only), chesscards ``default`` (no size rule: the seed gives none), duel
``standard`` (empty banlist). The values are written here as they were when
this migration was made, so that later edits of the code do not rewrite history.
"""

from django.db import migrations

from studio.roles import grant, revoke

FORMATS = [
    {
        "game": "darkrow",
        "key": "standard",
        "name": "Standard",
        "description": "Seed 000: 40 cards, at most 3 copies per stableCardId, 0 or 1 Legendary, 1 to 5 Leader candidates and one active Leader.",
        "sections": {"main": {"exact": 40}},
        "copy_limit": 3,
        "identity": "stableCardId",
    },
    {
        "game": "riftbound",
        "key": "constructed",
        "name": "Constructed",
        "description": "Seed 001: main 40 (Chosen Champion included), 12 runes, 3 battlefields; at most 3 copies per card name in the main deck.",
        "sections": {"main": {"exact": 40}, "runes": {"exact": 12}, "battlefields": {"exact": 3}},
        "copy_limit": 3,
        "identity": "name",
    },
    {
        "game": "vanguard",
        "key": "classic",
        "name": "Classic",
        "description": "Seed 002: 50 cards, 16 triggers, at most 4 copies per nameId; sets BT01, TD01, TD02; only cards the owner owns.",
        "sections": {"main": {"exact": 50}},
        "copy_limit": 4,
        "identity": "nameId",
        "allowed_sets": ["BT01", "TD01", "TD02"],
        "owned_only": True,
    },
    {
        "game": "chesscards",
        "key": "default",
        "name": "Default",
        "description": "Seed 003: the public recipe of the default deck; the seed gives no deck-size rule.",
    },
    {
        "game": "duel",
        "key": "standard",
        "name": "Standard",
        "description": "Seed 004: a 40-card deck; no copy limit; the banlist starts empty (entries by stableCardId or card name).",
        "sections": {"main": {"exact": 40}},
        "identity": "name",
    },
]

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
    DeckFormat = apps.get_model("decks", "DeckFormat")
    NamedCardList = apps.get_model("decks", "NamedCardList")
    for data in FORMATS:
        DeckFormat.objects.get_or_create(game=data["game"], key=data["key"], defaults={**data, "is_default": True})
    for data in CARD_LISTS:
        NamedCardList.objects.get_or_create(game=data["game"], key=data["key"], defaults=data)

    grant(apps, "decks", ROLE_PERMISSIONS)


def backwards(apps, schema_editor):
    revoke(apps, "decks", ROLE_PERMISSIONS)


class Migration(migrations.Migration):
    dependencies = [
        ("decks", "0001_initial"),
        ("cards", "0002_roles"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
