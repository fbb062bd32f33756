"""The trigram indexes behind card search (see :mod:`cards.search`), on either database.

PostgreSQL: pg_trgm GIN indexes on the derived columns (``LIKE '%...%'`` uses them).
SQLite: an FTS5 table with the trigram tokenizer over the same columns, its
content read from ``cards_card`` and kept in step by triggers, so that every
write path (save, bulk_create, bulk_update, raw SQL) updates it.

The migration creates them; ``post_migrate`` checks again, because SQLite drops a
table's triggers when a later migration rebuilds the table.
"""

from __future__ import annotations

from django.db import DatabaseError, OperationalError, transaction

FTS = "cards_card_fts"
COLUMNS = ("search_text", "search_name", "search_body", "archetype_index")
PG_INDEXES = {f"card_{column}_trgm": column for column in COLUMNS}
TRIGGERS = ("cards_card_fts_insert", "cards_card_fts_delete", "cards_card_fts_update")
# The index's vocabulary view, which an earlier version made and nothing reads any more (common
# words are told by a sample of the cards now): dropped where a database still has it.
OLD_VOCAB = "cards_card_fts_vocab"
# SQLite: common words are scanned for (cards.search.common_on_sqlite); the bounded count of such
# a search reads this index of the folded text alone, a quarter of the table's bytes, instead of
# the cards' rows (bench/README.md).
SCAN_INDEX = "cards_card_search_text_scan"


# SQLite: the current translations' texts are searched by cites: (cards.search) through an FTS5
# trigram table of their own over cards_cardtranslation.search_body (PostgreSQL: a pg_trgm GIN
# index, migration 0009), kept in step by triggers like the cards' one.
TRANSLATION_FTS = "cards_cardtranslation_fts"
TRANSLATION_TRIGGERS = (
    "cards_cardtranslation_fts_insert",
    "cards_cardtranslation_fts_delete",
    "cards_cardtranslation_fts_update",
)


class SearchIndexError(RuntimeError):
    """The database cannot hold the search index; the message says what to do."""


def create(connection) -> None:
    if connection.vendor == "postgresql":
        _pg_trgm(connection)
        with connection.cursor() as cursor:
            for name, column in PG_INDEXES.items():
                cursor.execute(
                    f"CREATE INDEX IF NOT EXISTS {name} ON cards_card USING gin ({column} gin_trgm_ops)"
                )
    elif connection.vendor == "sqlite":
        ensure_sqlite(connection)


def drop(connection) -> None:
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            for name in PG_INDEXES:
                cursor.execute(f"DROP INDEX IF EXISTS {name}")
        elif connection.vendor == "sqlite":
            for trigger in TRIGGERS:
                cursor.execute(f"DROP TRIGGER IF EXISTS {trigger}")
            cursor.execute(f"DROP TABLE IF EXISTS {OLD_VOCAB}")
            cursor.execute(f"DROP TABLE IF EXISTS {FTS}")
            cursor.execute(f"DROP INDEX IF EXISTS {SCAN_INDEX}")


def ensure_sqlite(connection) -> bool:
    """Create what is missing of the FTS5 index, its triggers and the scan index (and drop the old
    vocabulary view); True when it changed something."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT name FROM sqlite_master WHERE name IN (%s, %s, %s) OR (type = 'trigger' AND name LIKE %s)",
            [FTS, OLD_VOCAB, SCAN_INDEX, "cards_card_fts_%"],
        )
        present = {row[0] for row in cursor.fetchall()}
        created = SCAN_INDEX not in present
        if created:
            cursor.execute(f"CREATE INDEX IF NOT EXISTS {SCAN_INDEX} ON cards_card (search_text)")
        if OLD_VOCAB in present:
            cursor.execute(f"DROP TABLE {OLD_VOCAB}")
            created = True
        if {FTS, *TRIGGERS} <= present:
            return created
        cols = ", ".join(COLUMNS)
        new = ", ".join(f"new.{c}" for c in COLUMNS)
        old = ", ".join(f"old.{c}" for c in COLUMNS)
        if FTS not in present:
            try:
                cursor.execute(
                    f"CREATE VIRTUAL TABLE {FTS} USING fts5({cols}, "
                    "content='cards_card', content_rowid='id', tokenize='trigram')"
                )
            except OperationalError as exc:
                raise SearchIndexError(
                    f"SQLite cannot create the card search index ({exc}): it needs FTS5 with the "
                    "trigram tokenizer (SQLite 3.34 or newer); use a Python whose sqlite3 has it"
                ) from exc
        for trigger in TRIGGERS:
            cursor.execute(f"DROP TRIGGER IF EXISTS {trigger}")
        cursor.execute(
            "CREATE TRIGGER cards_card_fts_insert AFTER INSERT ON cards_card BEGIN "
            f"INSERT INTO {FTS}(rowid, {cols}) VALUES (new.id, {new}); END"
        )
        cursor.execute(
            "CREATE TRIGGER cards_card_fts_delete AFTER DELETE ON cards_card BEGIN "
            f"INSERT INTO {FTS}({FTS}, rowid, {cols}) VALUES ('delete', old.id, {old}); END"
        )
        cursor.execute(
            f"CREATE TRIGGER cards_card_fts_update AFTER UPDATE OF {cols} ON cards_card BEGIN "
            f"INSERT INTO {FTS}({FTS}, rowid, {cols}) VALUES ('delete', old.id, {old}); "
            f"INSERT INTO {FTS}(rowid, {cols}) VALUES (new.id, {new}); END"
        )
        # Whatever was written while the triggers were missing is indexed again.
        cursor.execute(f"INSERT INTO {FTS}({FTS}) VALUES ('rebuild')")
    return True


def ensure_sqlite_translations(connection) -> bool:
    """Create what is missing of the translations' FTS5 index (:data:`TRANSLATION_FTS`) and its
    triggers (needs ``cards_cardtranslation.search_body``, migration 0009); True when it changed
    something."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT name FROM sqlite_master WHERE name = %s OR (type = 'trigger' AND name LIKE %s)",
            [TRANSLATION_FTS, "cards_cardtranslation_fts_%"],
        )
        present = {row[0] for row in cursor.fetchall()}
        if {TRANSLATION_FTS, *TRANSLATION_TRIGGERS} <= present:
            return False
        if TRANSLATION_FTS not in present:
            cursor.execute(
                f"CREATE VIRTUAL TABLE {TRANSLATION_FTS} USING fts5(search_body, "
                "content='cards_cardtranslation', content_rowid='id', tokenize='trigram')"
            )
        for trigger in TRANSLATION_TRIGGERS:
            cursor.execute(f"DROP TRIGGER IF EXISTS {trigger}")
        table = TRANSLATION_FTS
        cursor.execute(
            "CREATE TRIGGER cards_cardtranslation_fts_insert AFTER INSERT ON cards_cardtranslation BEGIN "
            f"INSERT INTO {table}(rowid, search_body) VALUES (new.id, new.search_body); END"
        )
        cursor.execute(
            "CREATE TRIGGER cards_cardtranslation_fts_delete AFTER DELETE ON cards_cardtranslation BEGIN "
            f"INSERT INTO {table}({table}, rowid, search_body) VALUES ('delete', old.id, old.search_body); END"
        )
        cursor.execute(
            "CREATE TRIGGER cards_cardtranslation_fts_update AFTER UPDATE OF search_body "
            "ON cards_cardtranslation BEGIN "
            f"INSERT INTO {table}({table}, rowid, search_body) VALUES ('delete', old.id, old.search_body); "
            f"INSERT INTO {table}(rowid, search_body) VALUES (new.id, new.search_body); END"
        )
        cursor.execute(f"INSERT INTO {table}({table}) VALUES ('rebuild')")
    return True


def drop_sqlite_translations(connection) -> None:
    with connection.cursor() as cursor:
        for trigger in TRANSLATION_TRIGGERS:
            cursor.execute(f"DROP TRIGGER IF EXISTS {trigger}")
        cursor.execute(f"DROP TABLE IF EXISTS {TRANSLATION_FTS}")


def _pg_trgm(connection) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'")
        if cursor.fetchone():
            return
        try:
            with transaction.atomic(using=connection.alias):
                cursor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
        except DatabaseError as exc:
            name = connection.settings_dict["NAME"]
            raise SearchIndexError(
                f"card search needs the PostgreSQL extension pg_trgm, and this database user may not "
                f"create it ({str(exc).strip()}); ask an administrator to run 'CREATE EXTENSION pg_trgm;' "
                f"in the database {name}, then run migrate again"
            ) from exc
