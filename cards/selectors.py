"""Reads of cards: who sees what, search, filters."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from rules import registry
from rules.text import canonical_key, cites, search_terms, strip_quotes

from .interchange import card_to_dict
from .models import Card, CardRevision, Status


def can_see_unvalidated(user) -> bool:
    return user.has_perm("cards.view_unvalidated_card")


def card_list(*, user) -> QuerySet[Card]:
    """The cards ``user`` may see: everything for designers and reviewers, VALIDATED cards for playtesters."""
    if not user.is_authenticated or not user.has_perm("cards.view_card"):
        return Card.objects.none()
    qs = Card.objects.all()
    if not can_see_unvalidated(user):
        qs = qs.filter(status=Status.VALIDATED)
    return qs


def card_get(*, user, stable_id: str) -> Card:
    return card_list(user=user).get(stable_id=stable_id)


def filter_text(qs: QuerySet[Card], query: str) -> QuerySet[Card]:
    """Every word of ``query`` must be found in the name, text, set or archetypes, ignoring case and accents."""
    for term in search_terms(query):
        qs = qs.filter(search_text__contains=term)
    return qs


def filter_archetype(qs: QuerySet[Card], label: str, game: str | None = None) -> QuerySet[Card]:
    """Cards with an archetype that resolves to the same canonical key as ``label`` (aliases applied)."""
    rulesets = [registry.get(game)] if game in registry else list(registry)
    keys = {rs.archetype_key(label) for rs in rulesets} | {canonical_key(label)}
    condition = Q()
    for key in keys:
        if key:
            condition |= Q(archetype_index__contains=f"|{key}|")
    return qs.filter(condition) if condition else qs.none()


def filter_cites(qs: QuerySet[Card], x: str) -> QuerySet[Card]:
    """Cards citing ``x`` in their title or text, with the seed's meaning (see :func:`rules.text.cites`)."""
    terms = search_terms(strip_quotes(x))
    if not terms:
        return qs.none()
    candidates = qs
    for term in terms:
        candidates = candidates.filter(search_text__contains=term)
    ids = [pk for pk, name, text in candidates.values_list("pk", "name", "text") if cites(x, (name, text))]
    return qs.filter(pk__in=ids)


def card_revisions(*, card: Card) -> QuerySet[CardRevision]:
    return card.revisions.order_by("-version")


def last_validated_revision(*, card: Card) -> CardRevision | None:
    """The latest revision in which the card was VALIDATED (the reference of review diffs)."""
    for revision in card.revisions.order_by("-version").only("version", "snapshot", "created_at", "author_name"):
        if revision.snapshot.get("status") == Status.VALIDATED:
            return revision
    return None


def card_export(*, game: str) -> dict:
    """A game's cards as a card-set file (FORMATS.md), in a stable order."""
    cards = Card.objects.filter(game=game).order_by("stable_id").iterator(chunk_size=1000)
    return {"game": game, "cards": [card_to_dict(card) for card in cards]}
