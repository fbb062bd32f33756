"""Staleness and validation results: a deck marked stale, validated again, its result stored."""

from __future__ import annotations

from datetime import timedelta

from django.db.models import Exists, F, OuterRef, QuerySet
from django.utils import timezone

from common.enqueue import enqueue_on_commit
from rules.decks import ValidationResult

from .. import revalidation, validation
from ..models import CardVersions, Deck


def decks_mark_stale(decks: QuerySet[Deck], *, stable_ids=None, format_id=None, owner_id=None) -> int:
    """Mark ``decks`` stale (one UPDATE) and enqueue their revalidation when the transaction commits."""
    marked = decks.update(stale=True, stale_generation=F("stale_generation") + 1)
    if marked:
        enqueue_on_commit(
            "decks.revalidate",
            stable_ids=list(stable_ids or []) or None,
            format_id=format_id,
            owner_id=owner_id,
        )
    return marked


def decks_revalidate(
    *, decks: QuerySet[Deck], batch_size: int = validation.DEFAULT_BATCH_SIZE, progress=None
) -> int:
    """Validate ``decks`` again and store their results, batch by batch; safe to run twice."""
    return revalidation.revalidate(decks, batch_size=batch_size, progress=progress)


def card_versions_prune(*, older_than: timedelta = timedelta(days=1)) -> int:
    """Delete the rows of card versions no deck points at any more (one query).

    Only old ones: a row just made by a revalidation still running is not pointed at yet.
    """
    referenced = Deck.objects.filter(validated_against=OuterRef("pk"))
    stale_rows = CardVersions.objects.filter(created_at__lt=timezone.now() - older_than).exclude(
        Exists(referenced)
    )
    return stale_rows.delete()[0]


def deck_validate(*, deck: Deck) -> ValidationResult:
    """Validate one stored deck and store the result (the entries are left as they are)."""
    [outcome] = validation.Validator().validate(validation.deck_rows(Deck.objects.filter(pk=deck.pk)))
    validation.store_outcomes([outcome])
    deck.refresh_from_db(
        fields=[
            "legal",
            "ready_to_play",
            "violations",
            "counts",
            "resolved",
            "suggestions",
            "validated_at",
            "validated_against",
            "stale",
        ]
    )
    return outcome.result
