"""Riftbound's constructed format declares its optional sideboard (issue 29, FORMATS.md v1.2).

The default formats are stored once and never overwritten (decks.defaults); a database made before
the rule set declared the sideboard gets it here, as {} (no size bound), unless a reviewer gave the
format one already. Back: the key is taken off again only where it is still {}.
"""

from django.db import migrations

SIDEBOARD = "sideboard"


def declare(apps, schema_editor):
    DeckFormat = apps.get_model("decks", "DeckFormat")
    for fmt in DeckFormat.objects.using(schema_editor.connection.alias).filter(
        game="riftbound", key="constructed"
    ):
        sections = dict(fmt.sections or {})
        if SIDEBOARD not in sections:
            sections[SIDEBOARD] = {}
            fmt.sections = sections
            fmt.save(update_fields=["sections"])


def undeclare(apps, schema_editor):
    DeckFormat = apps.get_model("decks", "DeckFormat")
    for fmt in DeckFormat.objects.using(schema_editor.connection.alias).filter(
        game="riftbound", key="constructed"
    ):
        sections = dict(fmt.sections or {})
        if sections.get(SIDEBOARD) == {}:
            del sections[SIDEBOARD]
            fmt.sections = sections
            fmt.save(update_fields=["sections"])


class Migration(migrations.Migration):
    dependencies = [("decks", "0006_deck_edit_tab")]
    operations = [migrations.RunPython(declare, undeclare)]
