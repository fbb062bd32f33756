"""Reads of artwork: a card's variants, per-game counts for the audit, batches and their progress."""

from __future__ import annotations

from django.db.models import Count, OuterRef, QuerySet, Subquery

from cards.models import Card
from rules import get_ruleset

from .models import ArtworkEvent, ArtworkVariant, ImageBatch, ItemState, Kind, Rendition, RenditionState
from .renditions import THUMB


def artwork_counts(game: str) -> dict[str, int]:
    """The game's live variants per kind, every kind present (0 when none).

    Each variant has exactly one kind, so a Full Artwork is never counted
    again as an HD, and an older HD is counted as LEGACY_HD only.
    """
    counts = dict.fromkeys(Kind.values, 0)
    rows = (
        ArtworkVariant.objects.live()
        .filter(card__game=game)
        .values("kind")
        .annotate(n=Count("pk"))
        .order_by()
    )
    for row in rows:
        counts[row["kind"]] = row["n"]
    return counts


def artwork_expected_counts(game: str) -> dict[str, int] | None:
    """The per-kind counts the game's seed fixes (its rule set's expected_counts), or None."""
    expected = get_ruleset(game).expected_counts.get("artwork")
    return dict(expected) if expected else None


def variant_list(*, card: Card, include_deleted: bool = False) -> QuerySet[ArtworkVariant]:
    qs = card.artwork.all() if include_deleted else card.artwork.live()
    return qs.select_related("uploaded_by", "deleted_by").prefetch_related("renditions")


def variant_get(*, card: Card, pk: int, include_deleted: bool = False) -> ArtworkVariant:
    return variant_list(card=card, include_deleted=include_deleted).get(pk=pk)


def artwork_events(*, card: Card) -> QuerySet[ArtworkEvent]:
    return card.artwork_events.order_by("-created_at", "-id")


def primary_artwork(*, cards: QuerySet[Card] | list[Card]) -> dict[int, ArtworkVariant]:
    """Per card id, its primary variant with its renditions (for card grids: one query, whatever the number of cards)."""
    variants = (
        ArtworkVariant.objects.filter(card__in=cards, is_primary=True)
        .prefetch_related("renditions")
        .order_by()
    )
    return {variant.card_id: variant for variant in variants}


def primary_sizes(*, game: str) -> dict[int, tuple[int, int]]:
    """Per card id of ``game``: its primary artwork's (width, height) in pixels, as stored (one query)."""
    rows = ArtworkVariant.objects.filter(
        card__game=game, is_primary=True, deleted_at__isnull=True
    ).values_list("card_id", "width", "height")
    return {card_id: (width, height) for card_id, width, height in rows}


def image_batch_list() -> QuerySet[ImageBatch]:
    return ImageBatch.objects.select_related("created_by")


def image_batch_failures(batch: ImageBatch, *, limit: int | None = 50) -> list[dict]:
    """The batch's failed items (the first ``limit``, or all): the variant, its card and why."""
    items = (
        batch.items.filter(state=ItemState.FAILED)
        .select_related("variant__card")
        .only("error", "variant__id", "variant__card__stable_id")
    )
    if limit is not None:
        items = items[:limit]
    return [{"variant": i.variant_id, "card": i.variant.card.stable_id, "error": i.error} for i in items]


def with_primary_thumb(cards: QuerySet[Card]) -> QuerySet[Card]:
    """``cards`` with ``primary_thumb``: the file name of their primary HD's thumbnail when READY, else None.

    A correlated subquery in the cards' own query: a page of card tiles costs no
    query more, whatever the number of cards with artwork.
    """
    ready = Rendition.objects.filter(
        variant__card=OuterRef("pk"), variant__is_primary=True, spec=THUMB.name, state=RenditionState.READY
    ).exclude(file="")
    return cards.annotate(primary_thumb=Subquery(ready.values("file")[:1]))


def media_readable(*, user, name: str) -> bool | None:
    """Whether ``user`` may read the media file ``name`` (an image or a rendition of a card's
    artwork: whoever may see the card); None when no artwork holds that name."""
    from cards.selectors import card_list

    if not name.startswith("artwork/"):
        return None
    card_ids = set(ArtworkVariant.objects.filter(file=name).values_list("card_id", flat=True))
    card_ids |= set(Rendition.objects.filter(file=name).values_list("variant__card_id", flat=True))
    if not card_ids:
        return None
    return card_list(user=user).filter(pk__in=card_ids).exists()
