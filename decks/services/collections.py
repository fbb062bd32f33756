"""Writes to a player's collection: the copies owned of each card, a card list imported; the
owner's decks in "owned cards only" formats are validated again."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import QuerySet

from common.errors import InvalidInput
from common.guards import INT32_MAX
from rules import Finding
from rules.findings import error
from rules.pool import pick_printing
from rules.problems import invalid, problem

from ..models import Deck, OwnedCard
from .formats import format_for
from .references import _parse, _pool_for, visible_cards
from .staleness import decks_mark_stale


def _decks_needing_collection(owner_id: int) -> QuerySet[Deck]:
    return Deck.objects.filter(owner_id=owner_id, format__owned_only=True)


@transaction.atomic
def collection_set(*, owner, counts: dict[str, int], replace: bool = False) -> dict[str, int]:
    """Set the copies ``owner`` owns of each card ({stableCardId: count}; 0 removes the card).

    ``replace`` makes ``counts`` the whole collection. Unknown cards are refused
    with every one named; the owner's decks in "owned cards only" formats are
    validated again.
    """
    problems: list[Finding] = []
    for ref, count in counts.items():
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= INT32_MAX:
            problems.append(invalid(ref, problem("COUNT_FROM_TO", minimum=0, maximum=INT32_MAX), card=ref))
    cards = dict(visible_cards(owner).filter(stable_id__in=list(counts)).values_list("stable_id", "pk"))
    problems += [
        error("UNKNOWN_CARD", card=ref, field=ref, params={"ref": ref or '""'})
        for ref in counts
        if ref not in cards
    ]
    if problems:
        raise InvalidInput(problems, message=f"the collection was not changed: {len(problems)} error(s)")
    owned = OwnedCard.objects.filter(owner=owner)
    replaced = 0
    if replace:
        replaced = owned.exclude(card_id__in=[cards[ref] for ref, n in counts.items() if n > 0]).delete()[0]
    existing = {row.card_id: row for row in owned.filter(card_id__in=list(cards.values()))}
    create, update, remove = [], [], []
    for ref, count in counts.items():
        pk = cards[ref]
        row = existing.get(pk)
        if count == 0:
            if row is not None:
                remove.append(row.pk)
        elif row is None:
            create.append(OwnedCard(owner=owner, card_id=pk, count=count))
        elif row.count != count:
            row.count = count
            update.append(row)
    removed = OwnedCard.objects.filter(pk__in=remove).delete()[0] if remove else 0
    OwnedCard.objects.bulk_create(create, batch_size=500)
    OwnedCard.objects.bulk_update(update, ["count"], batch_size=500)
    if replaced or removed or create or update:
        decks_mark_stale(_decks_needing_collection(owner.pk), owner_id=owner.pk)
    return dict(OwnedCard.objects.filter(owner=owner).values_list("card__stable_id", "count"))


def collection_import(*, owner, data: Any, replace: bool = False) -> dict[str, int]:
    """Add a card list (a deck JSON object or a parsed text decklist) to ``owner``'s collection.

    Every section's entries count; names are resolved like deck references. With
    ``replace`` the list becomes the whole collection, else its counts are added.
    """
    deck_input = _parse(data)
    refs = [e.ref for entries in deck_input.sections.values() for e in entries]
    pool, _ = _pool_for(deck_input.game, refs, owner)
    # A name of several printings of one identity adds the printing a deck would play.
    fmt = format_for(deck_input.game, deck_input.format).data()
    wanted: dict[str, int] = {}
    problems: list[Finding] = []
    for section, entries in deck_input.sections.items():
        for index, entry in enumerate(entries):
            match = pool.find(entry.ref, fmt.identity)
            card, candidates = match.card, match.candidates
            if match.printings:
                card = pick_printing(match.printings, fmt)
            if card is None:
                code = "AMBIGUOUS_CARD" if candidates else "UNKNOWN_CARD"
                params = {"section": f"{section}[{index}]", "ref": entry.ref, "game": deck_input.game}
                problems.append(error(code, section=section, card=entry.ref, params=params))
                continue
            wanted[card.stable_id] = wanted.get(card.stable_id, 0) + entry.count
    if problems:
        raise InvalidInput(problems, message=f"nothing was imported: {len(problems)} error(s)")
    if not replace:
        current = dict(
            OwnedCard.objects.filter(owner=owner, card__stable_id__in=list(wanted)).values_list(
                "card__stable_id", "count"
            )
        )
        wanted = {ref: count + current.get(ref, 0) for ref, count in wanted.items()}
    return collection_set(owner=owner, counts=wanted, replace=replace)
