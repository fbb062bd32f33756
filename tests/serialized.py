"""The migrated data a transactional test starts with, restored in one INSERT per table.

Every transactional test (each browser test among them) ends with a flush and starts by restoring
the rows the migrations made (content types, permissions, the role groups, the formats): Django's
``deserialize_db_from_string`` saves them one by one, an UPDATE then an INSERT each, about 500
queries a test. Into the emptied tables they go in a bulk INSERT per table instead, with the same
ids; anywhere else (a table not empty, an inherited model) Django's own restore runs. Those INSERTs are
made once a process (``_plan``) and sent again at each restore: building the rows' models and
compiling their SQL at every test was 10 of a transactional test's 24 CPU-milliseconds of setup.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.core import serializers
from django.db import models, transaction
from django.db.backends.base.creation import BaseDatabaseCreation
from django.db.models.sql import InsertQuery

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


def _insert_raw(
    model: type[models.Model], objects: list[models.Model], connection
) -> list[tuple[str, tuple]]:
    """The statements that insert ``objects`` as they are, as Django's restore saves them (``raw``):
    no field fills itself in (``auto_now``), no signal. ``bulk_create`` would stamp the time. The
    statements of ``QuerySet._insert``, made here to be kept: the same rows go back after each flush."""
    fields = model._meta.local_concrete_fields
    if all(obj.pk is None for obj in objects):  # a many-to-many table's rows: the database numbers them
        fields = [field for field in fields if field is not model._meta.auto_field]
    size = connection.ops.bulk_batch_size(fields, objects) or len(objects)
    statements = []
    for start in range(0, len(objects), size):
        query = InsertQuery(model)
        query.insert_values(fields, objects[start : start + size], raw=True)
        statements.extend(
            (sql, tuple(params)) for sql, params in query.get_compiler(using=connection.alias).as_sql()
        )
    return statements


@dataclass(frozen=True)
class Plan:
    """How ``data`` goes back into its emptied tables: the INSERTs of its rows, table by table."""

    tables: tuple[type[models.Model], ...]
    statements: tuple[tuple[str, tuple], ...]
    stamps: tuple[Row, ...]


# The plan of each serialized data and database, made at its first restore: the rows' INSERTs are
# the same after every flush (the same ids; many-to-many rows numbered by the database).
_PLANS: dict[tuple[str, str], Plan] = {}


def _plan(creation: BaseDatabaseCreation, data: str) -> Plan:
    connection = creation.connection
    key = (data, connection.alias)
    if key in _PLANS:
        return _PLANS[key]
    rows = _rows(data, connection.alias)
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
    statements = []
    for model, objects in (*by_model.items(), *links.items()):
        statements.extend(_insert_raw(model, objects, connection))
    plan = Plan((*by_model, *links), tuple(statements), tuple(stamps))
    _PLANS[key] = plan
    return plan


def restore(creation: BaseDatabaseCreation, data: str) -> None:
    alias = creation.connection.alias
    plan = _plan(creation, data)
    _restore_rows(creation, data, alias, plan)
    # The permissions stamp's triggers write its one row as the content types and permissions go
    # back in (and a flush's deletes may have written it already): its value is set, not inserted.
    for row in plan.stamps:
        row.model._base_manager.using(alias).update_or_create(
            pk=row.values[row.model._meta.pk.attname], defaults={"value": row.values["value"]}
        )


def _restore_rows(creation, data, alias, plan: Plan) -> None:
    tables = plan.tables
    if any(model._meta.parents for model in tables) or any(
        model._base_manager.using(alias).exists() for model in tables
    ):
        DJANGO_RESTORE(creation, data)
        return
    connection = creation.connection
    with transaction.atomic(using=alias):
        with connection.constraint_checks_disabled(), connection.cursor() as cursor:
            for sql, params in plan.statements:
                cursor.execute(sql, params)
        connection.check_constraints(table_names=[model._meta.db_table for model in tables])
