"""The migrated data a transactional test starts with, restored in one INSERT per table.

Every transactional test (each browser test among them) ends with a flush and starts by restoring
the rows the migrations made (content types, permissions, the role groups, the formats): Django's
``deserialize_db_from_string`` saves them one by one, an UPDATE then an INSERT each, about 500
queries a test. Into the emptied tables they go in a bulk INSERT per table instead, with the same
ids; anywhere else (a table not empty, an inherited model) Django's own restore runs.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.core import serializers
from django.db import models, transaction
from django.db.backends.base.creation import BaseDatabaseCreation

DJANGO_RESTORE = BaseDatabaseCreation.deserialize_db_from_string
# studio.PermissionsStamp: one row its database triggers write (studio/migrations/0002_permissionsstamp).
STAMP = "studio.PermissionsStamp"


@dataclass(frozen=True)
class Row:
    model: type[models.Model]
    values: dict  # attname -> value
    m2m: dict  # field name -> related pks


@functools.cache
def _rows(data: str, alias: str) -> tuple[Row, ...]:
    return tuple(
        Row(
            type(found.object),
            {
                field.attname: getattr(found.object, field.attname)
                for field in found.object._meta.concrete_fields
            },
            dict(found.m2m_data or {}),
        )
        for found in serializers.deserialize("json", data, using=alias)
    )


def _links(row: Row) -> list[models.Model]:
    """The rows of ``row``'s many-to-many tables."""
    made = []
    for name, pks in row.m2m.items():
        field = row.model._meta.get_field(name)
        through = field.remote_field.through
        own, other = field.m2m_field_name(), field.m2m_reverse_field_name()
        made.extend(
            through(**{f"{own}_id": row.values[row.model._meta.pk.attname], f"{other}_id": pk}) for pk in pks
        )
    return made


def _insert_raw(model: type[models.Model], objects: list[models.Model], connection) -> None:
    """``objects`` inserted as they are, as Django's restore saves them (``raw``): no field fills
    itself in (``auto_now``), no signal. ``bulk_create`` would stamp the time."""
    fields = model._meta.local_concrete_fields
    if all(obj.pk is None for obj in objects):  # a many-to-many table's rows: the database numbers them
        fields = [field for field in fields if field is not model._meta.auto_field]
    size = connection.ops.bulk_batch_size(fields, objects) or len(objects)
    for start in range(0, len(objects), size):
        model._base_manager.using(connection.alias)._insert(
            objects[start : start + size], fields=fields, raw=True
        )


def restore(creation: BaseDatabaseCreation, data: str) -> None:
    alias = creation.connection.alias
    rows = _rows(data, alias)
    by_model: dict[type[models.Model], list[models.Model]] = {}
    links: dict[type[models.Model], list[models.Model]] = {}
    stamps = []
    for row in rows:
        if row.model._meta.label == STAMP:
            stamps.append(row)
            continue
        by_model.setdefault(row.model, []).append(row.model(**row.values))
        for link in _links(row):
            links.setdefault(type(link), []).append(link)
    tables = [*by_model, *links]
    _restore_rows(creation, data, alias, by_model, links, tables)
    # The permissions stamp's triggers write its one row as the content types and permissions go
    # back in (and a flush's deletes may have written it already): its value is set, not inserted.
    for row in stamps:
        row.model._base_manager.using(alias).update_or_create(
            pk=row.values[row.model._meta.pk.attname], defaults={"value": row.values["value"]}
        )


def _restore_rows(creation, data, alias, by_model, links, tables) -> None:
    if any(model._meta.parents for model in tables) or any(
        model._base_manager.using(alias).exists() for model in tables
    ):
        DJANGO_RESTORE(creation, data)
        return
    with transaction.atomic(using=alias):
        with creation.connection.constraint_checks_disabled():
            for model, objects in (*by_model.items(), *links.items()):
                _insert_raw(model, objects, creation.connection)
        creation.connection.check_constraints(table_names=[model._meta.db_table for model in tables])
