"""Search by translations (issue 28, item 6): a card's current translated names in searchable form
(``Card.search_translated``, read by the query language's name terms and ``cites:``), their
languages (``Card.translated_languages``, read by ``lang:``) and a
translation's text in searchable form (``CardTranslation.search_body``, read by ``cites:``),
filled from what is stored; a trigram index on the latter (PostgreSQL: pg_trgm GIN; SQLite: an FTS5
table kept by triggers, cards.search_index.ensure_sqlite_translations)."""

from django.db import migrations, models

from cards import search_index
from cards.models import translated_lines
from rules.text import search_fold

PG_INDEX = "card_translation_search_body_trgm"


def languages_index(languages) -> str:
    """As cards.translations.languages_index: "|en|ru|", "" for none."""
    codes = sorted(set(languages))
    return "|" + "|".join(codes) + "|" if codes else ""


def fill(apps, schema_editor):
    db = schema_editor.connection.alias
    Card = apps.get_model("cards", "Card")
    CardTranslation = apps.get_model("cards", "CardTranslation")
    current = CardTranslation.objects.using(db).filter(status="VALIDATED", stale=False)
    languages = {}
    for card_id, language in current.values_list("card_id", "language"):
        languages.setdefault(card_id, set()).add(language)
    cards = []
    for card in Card.objects.using(db).exclude(translated_names="").only("pk", "translated_names").iterator():
        card.search_translated = translated_lines(card.translated_names.splitlines())
        card.translated_languages = languages_index(languages.get(card.pk, ()))
        cards.append(card)
    Card.objects.using(db).bulk_update(cards, ["search_translated", "translated_languages"], batch_size=500)
    translations = []
    for translation in CardTranslation.objects.using(db).only("pk", "text").iterator():
        translation.search_body = search_fold(translation.text)
        translations.append(translation)
    CardTranslation.objects.using(db).bulk_update(translations, ["search_body"], batch_size=500)


def create_index(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor == "sqlite":
        search_index.ensure_sqlite_translations(connection)
    if connection.vendor == "postgresql":  # pg_trgm: created by 0005_search_columns
        with connection.cursor() as cursor:
            cursor.execute(
                f"CREATE INDEX IF NOT EXISTS {PG_INDEX} ON cards_cardtranslation "
                "USING gin (search_body gin_trgm_ops)"
            )


def drop_index(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        search_index.drop_sqlite_translations(schema_editor.connection)
    if schema_editor.connection.vendor == "postgresql":
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(f"DROP INDEX IF EXISTS {PG_INDEX}")


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0008_cardset_import_jobs"),
    ]

    operations = [
        migrations.AddField(
            model_name="card",
            name="search_translated",
            field=models.TextField(default="", editable=False),
        ),
        migrations.AddField(
            model_name="card",
            name="translated_languages",
            field=models.CharField(default="", editable=False, max_length=200),
        ),
        migrations.AddField(
            model_name="cardtranslation",
            name="search_body",
            field=models.TextField(default="", editable=False),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
        migrations.RunPython(create_index, drop_index),
    ]
