"""Append-only records: revisions, events, corrections are written once, never edited nor deleted.

Like Wagtail's revisions: a change is a new row. A model that derives from
:class:`AppendOnlyModel` refuses ``save()`` of an existing row (except for the
few ``mutable_fields`` it names, such as a withdrawal stamp), ``delete()``, and
bulk ``update()``/``delete()`` through its manager.
"""

from __future__ import annotations

from typing import ClassVar

from django.db import models


class AppendOnlyError(Exception):
    pass


def _label(model) -> str:
    return str(model._meta.verbose_name_plural)


class AppendOnlyQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise AppendOnlyError(f"{_label(self.model)} are append-only; write a new one instead")

    def delete(self):
        raise AppendOnlyError(f"{_label(self.model)} are append-only and are never deleted")


class AppendOnlyModel(models.Model):
    # Fields that may still be set once the row exists (e.g. a withdrawal); none by default.
    mutable_fields: ClassVar[frozenset[str]] = frozenset()

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if not self._state.adding:
            update_fields = kwargs.get("update_fields")
            if update_fields is None or set(update_fields) - self.mutable_fields:
                raise AppendOnlyError(f"{_label(self)} are append-only; write a new one instead")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError(f"{_label(self)} are append-only and are never deleted")
