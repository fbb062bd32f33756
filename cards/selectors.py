"""Reads of cards: who sees what, search, filters."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Count, Prefetch, QuerySet

from common.users import permissions_held
from rules import registry

from .interchange import TRANSLATIONS_KEY, card_to_dict
from .models import Card, CardRevision, CardTranslation, CreationMethod, Origin, Status
from .query import QueryError, Term
from .search import CardSearch, contains_all, indexed_fragment
from .translations import translation_to_dict


def can_see_unvalidated(user) -> bool:
    return user.has_perm("cards.view_unvalidated_card")


# What cards a user sees (card_list), by name: every card, the VALIDATED ones, none.
SEES_ALL, SEES_VALIDATED, SEES_NONE = "all", "validated", "none"


def card_scope(user) -> str:
    """What :func:`card_list` shows ``user``; None (commands, background work) sees every card."""
    if user is None:
        return SEES_ALL
    if not user.is_authenticated or not user.has_perm("cards.view_card"):
        return SEES_NONE
    return SEES_ALL if can_see_unvalidated(user) else SEES_VALIDATED


def card_scopes(user_ids: Iterable[int]) -> dict[int, str]:
    """:func:`card_scope` of many users by id, in one query (common.users.permissions_held)."""
    held = permissions_held(user_ids, "cards", ("view_card", "view_unvalidated_card"))
    return {
        pk: (SEES_ALL if "view_unvalidated_card" in perms else SEES_VALIDATED)
        if "view_card" in perms
        else SEES_NONE
        for pk, perms in held.items()
    }


def card_list(*, user) -> QuerySet[Card]:
    """The cards ``user`` may see: everything for designers and reviewers, VALIDATED cards for playtesters."""
    if not user.is_authenticated or not user.has_perm("cards.view_card"):
        return Card.objects.none()
    qs = Card.objects.all()
    if not can_see_unvalidated(user):
        qs = qs.filter(status=Status.VALIDATED)
    return qs


def card_get(*, user, stable_id: str) -> Card:
    return card_list(user=user).select_related("created_by").get(stable_id=stable_id)


def filter_text(qs: QuerySet[Card], query: str) -> QuerySet[Card]:
    """Every word of ``query`` must be found in the name, text, set or archetypes, ignoring case and
    accents, or in the name of one of its current translations (VALIDATED, not STALE: part of its
    search columns, see ``Card.translated_names``), so that « Шаг назад » finds « Marche arrière »."""
    fragments = [indexed_fragment(word) for word in query.split()]
    pairs = [("search_text", fragment) for fragment in fragments if fragment.strip()]
    return qs.filter(contains_all(qs, pairs)) if pairs else qs


def filter_archetype(qs: QuerySet[Card], label: str, game: str | None = None) -> QuerySet[Card]:
    """Cards with an archetype that resolves to the same canonical key as ``label`` (aliases applied)."""
    try:
        return qs.filter(CardSearch(qs, game=game).term(Term("archetype", ":", label)))
    except QueryError:
        return qs.none()  # a label with no letter names no archetype


def filter_cites(qs: QuerySet[Card], x: str) -> QuerySet[Card]:
    """Cards citing ``x`` in their title or text, with the seed's meaning (see :func:`rules.text.cites`)."""
    return qs.filter(CardSearch(qs).term(Term("cites", ":", x)))


def card_revisions(*, card: Card) -> QuerySet[CardRevision]:
    return card.revisions.order_by("-version")


def card_export(*, game: str) -> dict:
    """A game's cards as a card-set file (FORMATS.md), in a stable order; a card with translations
    carries them (``translations``: language -> its texts, ``sourceVersion`` and ``status``)."""
    cards = (
        Card.objects.filter(game=game)
        .order_by("stable_id")
        .prefetch_related(Prefetch("translations", queryset=CardTranslation.objects.order_by("language")))
        .iterator(chunk_size=1000)
    )
    return {"game": game, "cards": [_exported(card) for card in cards]}


def _exported(card: Card) -> dict:
    data = card_to_dict(card)
    translations = list(card.translations.all())
    if translations:
        data[TRANSLATIONS_KEY] = {t.language: translation_to_dict(t) for t in translations}
    return data


# --- pages: dashboard and card browser ----------------------------------------------------
@dataclass
class GameCardCounts:
    """One game's cards by status and by provenance."""

    game: str
    total: int = 0
    by_status: Counter = field(default_factory=Counter)
    by_origin: Counter = field(default_factory=Counter)
    by_method: Counter = field(default_factory=Counter)
    modified: int = 0

    def statuses(self) -> list[tuple[str, str, int]]:
        return [(s.value, s.label, self.by_status[s.value]) for s in Status]

    def origins(self) -> list[tuple[str, str, int]]:
        return [(o.value, o.label, self.by_origin[o.value]) for o in Origin]

    def methods(self) -> list[tuple[str, str, int]]:
        return [(m.value, m.label, self.by_method[m.value]) for m in CreationMethod]


def card_counts(*, user) -> dict[str, GameCardCounts]:
    """Per game (every registered game, in the registry's order), the cards ``user`` may see, counted.

    One aggregate query whatever the number of games and cards.
    """
    counts = {ruleset.key: GameCardCounts(ruleset.key) for ruleset in registry}
    rows = (
        card_list(user=user)
        .order_by()
        .values("game", "status", "origin", "creation_method", "user_modified")
        .annotate(n=Count("pk"))
    )
    for row in rows:
        game = counts.setdefault(row["game"], GameCardCounts(row["game"]))
        n = row["n"]
        game.total += n
        game.by_status[row["status"]] += n
        game.by_origin[row["origin"]] += n
        game.by_method[row["creation_method"]] += n
        if row["user_modified"]:
            game.modified += n
    return counts


@dataclass
class CardFacets:
    """Counts over a set of cards, most frequent first: what the browser offers to narrow it."""

    games: list[tuple[str, int]]
    types: list[tuple[str, int]]
    statuses: list[tuple[str, int]]
    sets: list[tuple[str, int]]
    archetypes: list[tuple[str, int]]
    # Each archetype key's label as printed on the cards (the most frequent spelling).
    archetype_labels: dict[str, str] = field(default_factory=dict)
    total: int = 0
    # More cards matched than were counted (``limit``): the counts are of the first ones.
    capped: bool = False


def _most_common(counter: Counter, limit: int | None = None) -> list[tuple[str, int]]:
    ranked = sorted(counter.items(), key=lambda item: (-item[1], item[0]))
    return ranked[:limit] if limit else ranked


def card_facets(qs: QuerySet[Card], *, archetype_limit: int = 30, limit: int | None = None) -> CardFacets:
    """Facet counts of ``qs`` by game, type, status, set and archetype key, in one aggregate query.

    With ``limit``, the aggregate reads at most that many matching cards (a bounded scan).
    """
    games, types, statuses, sets, archetypes = Counter(), Counter(), Counter(), Counter(), Counter()
    printed: dict[str, Counter] = {}
    if limit is not None:
        qs = qs.model.objects.filter(pk__in=qs.order_by().values("pk")[:limit])
    rows = (
        qs.order_by()
        .values_list("game", "type", "status", "set_code", "archetype_index", "archetypes")
        .annotate(n=Count("pk"))
    )
    for game, card_type, status, set_code, archetype_index, labels, n in rows:
        games[game] += n
        types[card_type] += n
        statuses[status] += n
        if set_code:
            sets[set_code] += n
        for key in archetype_index.strip("|").split("|") if archetype_index else ():
            archetypes[key] += n
        ruleset = registry.get(game) if game in registry else None
        for label in labels or ():
            if isinstance(label, str) and ruleset is not None:
                printed.setdefault(ruleset.archetype_key(label), Counter())[label] += n
    return CardFacets(
        games=_most_common(games),
        types=_most_common(types),
        statuses=[(s.value, statuses[s.value]) for s in Status if statuses[s.value]],
        sets=_most_common(sets),
        archetypes=_most_common(archetypes, archetype_limit),
        archetype_labels={key: labels.most_common(1)[0][0] for key, labels in printed.items()},
        total=sum(games.values()),
        capped=limit is not None and sum(games.values()) >= limit,
    )


def recent_revisions(*, user, limit: int = 8) -> QuerySet[CardRevision]:
    """The latest changes of the cards ``user`` may see, newest first."""
    return (
        CardRevision.objects.filter(card__in=card_list(user=user))
        .select_related("card")
        .only(
            "version",
            "action",
            "author_name",
            "created_at",
            "note",
            "card__stable_id",
            "card__name",
            "card__game",
            "card__status",
        )
        .order_by("-created_at", "-pk")[:limit]
    )


def revisions_since(*, card: Card, version: int) -> QuerySet[CardRevision]:
    """The card's revisions after ``version``, oldest first (what happened while someone was editing)."""
    return card.revisions.filter(version__gt=version).order_by("version")
