"""Database checks the apps' models share."""

from __future__ import annotations

from django.db import models
from django.db.models import Q


def one_of(field: str, choices: type[models.TextChoices]) -> Q:
    """The check "``field`` holds one of ``choices``" (a CheckConstraint's condition)."""
    return Q(**{f"{field}__in": choices.values})
