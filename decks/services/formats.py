"""Writes to deck formats: a changed format marks its decks stale."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from common.errors import InvalidInput
from rules.findings import error

from ..models import Deck, DeckFormat, format_errors
from .staleness import decks_mark_stale


def format_for(game: str, key: str | None) -> DeckFormat:
    """The format ``key`` of ``game`` (its default format when ``key`` is None)."""
    qs = DeckFormat.objects.filter(game=game)
    fmt = qs.filter(key=key).first() if key else qs.filter(is_default=True).first()
    if fmt is None:
        raise InvalidInput(
            [
                error(
                    "UNKNOWN_FORMAT",
                    field="format",
                    params={
                        "game": game,
                        "format": key or "",
                        "expected": list(qs.values_list("key", flat=True)),
                    },
                )
            ]
        )
    return fmt


FORMAT_FIELDS = (
    "name",
    "description",
    "sections",
    "copy_limit",
    "identity",
    "allowed_sets",
    "banlist",
    "exceptions",
    "owned_only",
    "is_default",
)


@transaction.atomic
def deck_format_save(*, fmt: DeckFormat, data: dict[str, Any] | None = None) -> DeckFormat:
    """Create or edit a format; when an existing format changes, its decks are validated again.

    ``data`` holds the fields to change; without it, ``fmt`` was edited in place
    (the admin's form) and is taken as changed.
    """
    changed = fmt.pk is None or data is None
    for key, value in (data or {}).items():
        if key not in FORMAT_FIELDS and not (fmt.pk is None and key in ("game", "key")):
            raise InvalidInput([error("FIELD_READ_ONLY", field=key, params={"field": key})])
        if getattr(fmt, key) != value:
            setattr(fmt, key, value)
            changed = True
    errors = format_errors(
        game=fmt.game,
        sections=fmt.sections,
        banlist=fmt.banlist,
        exceptions=fmt.exceptions,
        allowed_sets=fmt.allowed_sets,
    )
    if errors:
        raise InvalidInput(
            [
                error("FIELD_INVALID", field=key, params=why.params())
                for key, found in errors.items()
                for why in found
            ]
        )
    if fmt.is_default:
        DeckFormat.objects.filter(game=fmt.game, is_default=True).exclude(pk=fmt.pk).update(is_default=False)
    fmt.save()
    if changed:
        decks_mark_stale(Deck.objects.filter(format=fmt), format_id=fmt.pk)
    return fmt
