"""Reads of decks, formats and collections: who sees what, and which decks a change affects."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Count, Q, QuerySet

from cards.models import Card
from rules import registry

from .models import Deck, DeckEntry, DeckFormat, NamedCardList, OwnedCard


def can_see_all_decks(user) -> bool:
    return user.has_perm("decks.view_all_decks")


def deck_list(*, user) -> QuerySet[Deck]:
    """The decks ``user`` may see: their own, or every deck for reviewers."""
    if not user.is_authenticated or not user.has_perm("decks.view_deck"):
        return Deck.objects.none()
    qs = Deck.objects.select_related("format", "owner").prefetch_related("entries__card")
    if not can_see_all_decks(user):
        qs = qs.filter(owner=user)
    return qs


def format_list() -> QuerySet[DeckFormat]:
    return DeckFormat.objects.all()


def card_list_list() -> QuerySet[NamedCardList]:
    return NamedCardList.objects.prefetch_related("cards")


def collection(*, owner) -> QuerySet[OwnedCard]:
    return (
        OwnedCard.objects.filter(owner=owner).select_related("card").order_by("card__game", "card__stable_id")
    )


def verdict_neutral_keys() -> frozenset[str]:
    """Card keys that no game's deck rules read (each rule set says which of its keys they skip)."""
    return frozenset.intersection(*(ruleset.verdict_neutral_keys for ruleset in registry))


def _reserved_refs() -> list[str]:
    return sorted({ref for ruleset in registry for ref in ruleset.reserved_refs})


def decks_using_cards(
    *, stable_ids: Iterable[str], changed_keys: Iterable[str] | None = None
) -> QuerySet[Deck]:
    """Decks whose verdict may change when the cards ``stable_ids`` changed ``changed_keys``.

    Decks that use one of the cards; and, when a name changed or a card is new,
    the decks of those games with an entry that names no card yet (a reference
    by name may now name one, or no longer be ambiguous).
    """
    changed = None if changed_keys is None else frozenset(changed_keys)
    if changed is not None and not changed - verdict_neutral_keys():
        return Deck.objects.none()
    cards = Card.objects.filter(stable_id__in=list(stable_ids))
    # Two index lookups (entries by card; entries without card), not one scan of every entry.
    condition = Q(pk__in=DeckEntry.objects.filter(card__in=cards).values("deck_id"))
    if changed is None or "name" in changed or "stableCardId" in changed:
        games = list(cards.values_list("game", flat=True).distinct())
        unresolved = (
            DeckEntry.objects.filter(card__isnull=True).exclude(ref__in=_reserved_refs()).values("deck_id")
        )
        condition |= Q(game__in=games, pk__in=unresolved)
    return Deck.objects.filter(condition)


def decks_to_revalidate(*, stable_ids=None, format_id=None, owner_id=None) -> QuerySet[Deck]:
    """The stale decks a revalidation task with these arguments handles."""
    qs = Deck.objects.filter(stale=True)
    if stable_ids:
        qs = qs.filter(pk__in=decks_using_cards(stable_ids=stable_ids).values("pk"))
    if format_id is not None:
        qs = qs.filter(format_id=format_id)
    if owner_id is not None:
        qs = qs.filter(owner_id=owner_id)
    return qs


def decklist_names(deck: Deck) -> dict[str, str]:
    """For a text decklist: the name to write for each card of ``deck``, when that name names only it."""
    cards = {e.card.stable_id: e.card.name for e in deck.entries.all() if e.card_id is not None}
    names = list(
        Card.objects.filter(game=deck.game, name__in=set(cards.values())).values_list("name", flat=True)
    )
    shared = {name for name in names if names.count(name) > 1}
    return {stable_id: name for stable_id, name in cards.items() if name not in shared}


# --- pages: deck list, builder, dashboard ----------------------------------------------------------
VERDICTS = ("legal", "illegal", "stale")


def deck_list_filtered(
    *, user, game: str | None = None, verdict: str | None = None, card: str | None = None
) -> QuerySet[Deck]:
    """The decks ``user`` may see, without their entries (a list page shows stored counts), newest change first.

    ``verdict``: legal or illegal (as last validated, and not stale since), or
    stale (a card or the format changed since: being validated again).
    """
    qs = deck_list(user=user).prefetch_related(None).order_by("-updated_at", "-id")
    if game:
        qs = qs.filter(game=game)
    if card:
        qs = qs.filter(pk__in=DeckEntry.objects.filter(card__stable_id=card).values("deck_id"))
    if verdict == "stale":
        qs = qs.filter(Q(stale=True) | Q(legal__isnull=True))
    elif verdict in ("legal", "illegal"):
        qs = qs.filter(stale=False, legal=(verdict == "legal"))
    return qs


def decks_legal_with(*, card_ids: Iterable[int]) -> dict[int, int]:
    """Per card id: the decks using the card that are legal as last validated (one query).

    A disabled card cannot be played: disabling it makes each of them illegal,
    which a reviewer is told before disabling.
    """
    rows = (
        DeckEntry.objects.filter(card_id__in=list(card_ids), deck__legal=True)
        .values("card_id")
        .annotate(decks=Count("deck_id", distinct=True))
    )
    return {row["card_id"]: row["decks"] for row in rows}


def deck_get(*, user, pk: int) -> Deck:
    """One deck ``user`` may see, with its format, owner and entries' cards (raises Deck.DoesNotExist)."""
    return deck_list(user=user).get(pk=pk)


def deck_verdict_counts(*, user) -> dict[str, dict[str, int]]:
    """Per game, the decks ``user`` may see by verdict: {game: {"legal": n, "illegal": n, "stale": n}} (one query)."""
    counts = {ruleset.key: dict.fromkeys(VERDICTS, 0) for ruleset in registry}
    rows = (
        deck_list(user=user)
        .prefetch_related(None)
        .order_by()
        .values("game", "stale", "legal")
        .annotate(n=Count("pk"))
    )
    for row in rows:
        verdict = (
            "stale" if row["stale"] or row["legal"] is None else ("legal" if row["legal"] else "illegal")
        )
        counts.setdefault(row["game"], dict.fromkeys(VERDICTS, 0))[verdict] += row["n"]
    return counts


def owned_counts(*, owner, card_ids: Iterable[int]) -> dict[int, int]:
    """Copies ``owner`` owns of each card (by primary key) among ``card_ids``."""
    return dict(
        OwnedCard.objects.filter(owner=owner, card_id__in=list(card_ids)).values_list("card_id", "count")
    )
