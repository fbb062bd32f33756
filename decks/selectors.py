"""Reads of decks, formats and collections: who sees what, and which decks a change affects."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet, prefetch_related_objects

from cards.models import Card
from rules import CardData, registry
from rules.decks import ValidationResult, played_id
from rules.formats import STABLE_ID
from rules.pool import identity_key, printing_number
from rules.text import fold

from .builder import Verdict, verdict_of
from .models import Deck, DeckEntry, DeckFormat, NamedCardList, OwnedCard
from .validation import fresh_results


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
    *,
    stable_ids: Iterable[str],
    changed_keys: Iterable[str] | None = None,
    cards: Iterable[Card] | None = None,
) -> QuerySet[Deck]:
    """Decks whose verdict may change when the cards ``stable_ids`` changed ``changed_keys``.

    Decks that use one of the cards; and, when a name changed or a card is new,
    the decks of those games with an entry that names no card yet (a reference
    by name may now name one, or no longer be ambiguous). ``cards``: those cards as just
    stored (the change's own objects), so that their ids, names and games are not read again;
    without them, one query reads them.
    """
    changed = None if changed_keys is None else frozenset(changed_keys)
    if changed is not None and not changed - verdict_neutral_keys():
        return Deck.objects.none()
    ids = list(stable_ids)
    if cards is None:
        rows = list(Card.objects.filter(stable_id__in=ids).order_by().values_list("pk", "name", "game"))
    else:
        rows = [(card.pk, card.name, card.game) for card in cards]
    # Index lookups (entries by card; entries by folded name, which name every printing of an
    # identity, or by the card's id written before its owner could see it), not one scan of every entry.
    condition = Q(pk__in=DeckEntry.objects.filter(card_id__in=[pk for pk, _, _ in rows]).values("deck_id"))
    names = {fold(name) for _, name, _ in rows} | {fold(sid) for sid in ids}
    if names:
        condition |= Q(
            pk__in=DeckEntry.objects.filter(card__isnull=True, ref_key__in=names).values("deck_id")
        )
    if changed is None or "name" in changed or "stableCardId" in changed:
        games = sorted({game for _, _, game in rows})
        unresolved = (
            DeckEntry.objects.filter(card__isnull=True)
            .exclude(ref_key__in=[fold(ref) for ref in _reserved_refs()])
            .values("deck_id")
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


# --- what a deck plays: one resolution for every reader --------------------------------------------
@dataclass(frozen=True, slots=True)
class Played:
    """A deck entry (or pick) and the card it plays (:func:`played_entries`). Read like the entry
    it wraps (``kind``, ``section``, ``position``, ``ref``, ``count``), except that ``card`` and
    ``card_id`` are the card it plays, whether it holds it or names it by a name of several
    printings (None: it names no card, or several)."""

    entry: DeckEntry
    card: Card | None

    @property
    def card_id(self) -> int | None:
        return self.card.pk if self.card is not None else None

    @property
    def kind(self) -> str:
        return self.entry.kind

    @property
    def section(self) -> str:
        return self.entry.section

    @property
    def position(self) -> int:
        return self.entry.position

    @property
    def ref(self) -> str:
        return self.entry.ref

    @property
    def count(self) -> int:
        return self.entry.count

    @property
    def held(self) -> bool:
        """Whether the entry holds its card (False for a name the deck plays a printing of)."""
        return self.entry.card_id is not None


def _resolutions(decks: list[Deck]) -> dict[int, dict[str, dict[str, str]]]:
    """Each deck's validation ``resolved`` map (what its references that hold no card name): the
    stored one, or one computed now for a stale deck (:func:`decks.validation.fresh_results`, as
    its verdict is); only for the decks with an entry that holds no card."""
    unheld = [d for d in decks if any(e.card_id is None for e in d.entries.all())]
    stale = [d for d in unheld if d.stale or d.legal is None]
    fresh = fresh_results(stale) if stale else {}
    return {d.pk: (dict(fresh[d.pk].resolved) if d.pk in fresh else dict(d.resolved or {})) for d in unheld}


def played_entries(
    decks: Iterable[Deck], *, resolved: Mapping[int, Mapping[str, Mapping[str, str]]] | None = None
) -> dict[int, list[Played]]:
    """Each deck's entries and picks (kind, section, position order), each with the card it plays
    (:func:`rules.decks.played_id`): the card it holds, else the printing its validation resolved its
    reference to. A name that printings of one identity share (a Vanguard name printed in TD02 and
    BT01) plays the printing the validation picked (the owner's, else one the format allows, else
    the first): every reader of a deck (statistics, draws, odds, faces, print sheets, Tabletop
    Simulator, tables, play statistics, exports) sees through this the cards its verdict counts.

    ``resolved``: ``{deck pk: resolved map}`` already at hand (a page's verdict); the others are
    the stored results, or computed now for a stale deck. Queries: the entries and their cards
    unless prefetched (``entries__card``, as :func:`deck_get` does), and one for every deck's
    named cards (none when every entry holds its card).
    """
    decks = list(decks)
    prefetch_related_objects(decks, "entries__card")
    given = dict(resolved or {})
    maps = {**_resolutions([d for d in decks if d.pk not in given]), **given}
    named: dict[int, list[tuple[DeckEntry, str | None]]] = {}
    wanted: set[str] = set()
    for deck in decks:
        rows = []
        for entry in sorted(deck.entries.all(), key=lambda e: (e.kind, e.section, e.position)):
            stable_id = None
            if entry.card_id is None:
                stable_id = played_id(maps.get(deck.pk, {}), entry.section, entry.ref)
                if stable_id is not None:
                    wanted.add(stable_id)
            rows.append((entry, stable_id))
        named[deck.pk] = rows
    cards = {c.stable_id: c for c in Card.objects.filter(stable_id__in=sorted(wanted))} if wanted else {}
    return {
        pk: [
            Played(entry, entry.card if entry.card_id is not None else cards.get(stable_id or ""))
            for entry, stable_id in rows
        ]
        for pk, rows in named.items()
    }


def deck_played(deck: Deck, *, resolved: Mapping[str, Mapping[str, str]] | None = None) -> list[Played]:
    """:func:`played_entries` of one deck (``resolved``: its verdict's map, when at hand)."""
    return played_entries([deck], resolved=None if resolved is None else {deck.pk: resolved})[deck.pk]


def decklist_names(deck: Deck) -> dict[str, str]:
    """For a text decklist: what to write for each card of ``deck`` (entries and their cards prefetched).

    Its name where the name names only it; ``Name (SET) NUM`` where the name is
    shared by printings of one identity (the player chose this printing); else
    nothing (the stableCardId is written: darkrow's two "Gin").
    """
    cards = {e.card.stable_id: e.card for e in deck.entries.all() if e.card_id is not None}
    if not cards:
        return {}
    identity = deck.format.identity
    namesakes: dict[str, list[CardData]] = {}
    for card in Card.objects.filter(game=deck.game, name__in={c.name for c in cards.values()}).only(
        "stable_id", "name", "type", "set_code", "game_fields", "game"
    ):
        namesakes.setdefault(card.name, []).append(
            CardData(card.game, card.name, card.type, card.stable_id, card.set_code, fields=card.game_fields)
        )
    written = {}
    for stable_id, card in cards.items():
        same = namesakes.get(card.name, [])
        if len(same) <= 1:
            written[stable_id] = card.name
        elif identity != STABLE_ID and len({identity_key(c, identity) for c in same}) == 1:
            printing = next(c for c in same if c.stable_id == stable_id)
            written[stable_id] = f"{card.name} ({card.set_code}) {printing_number(printing)}"
    return written


def deck_printings(deck: Deck, resolved: dict[str, dict[str, str]], user=None) -> dict[str, list[Card]]:
    """{folded name: its printings, by stableCardId} for the names of ``deck`` that several printings
    of one identity share (one query; each with ``primary_thumb``), for the builder's printing choice.

    ``resolved`` is the deck's validation ``resolved`` map (the printing each name plays).
    """
    identity = deck.format.identity
    if identity == STABLE_ID:
        return {}
    names = {e.card.name if e.card_id is not None else e.ref for e in deck.entries.all()}
    played = [stable_id for refs in resolved.values() for stable_id in refs.values()]
    from artwork.selectors import with_primary_thumb
    from cards.selectors import card_list

    # Only the printings ``user`` may see (a playtester sees VALIDATED cards).
    visible = card_list(user=user) if user is not None else Card.objects.all()
    cards = with_primary_thumb(
        visible.filter(game=deck.game).filter(
            Q(name__in=names) | Q(name__in=Card.objects.filter(stable_id__in=played).values("name"))
        )
    ).order_by("stable_id")
    groups: dict[str, list[Card]] = {}
    for card in cards:
        groups.setdefault(fold(card.name), []).append(card)
    return {
        name: printings
        for name, printings in groups.items()
        if len(printings) > 1 and len({identity_key(_data(c), identity) for c in printings}) == 1
    }


def _data(card: Card) -> CardData:
    return CardData(card.game, card.name, card.type, card.stable_id, card.set_code, fields=card.game_fields)


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


def decks_with_card(*, user, card_id: int, names: int = 5) -> tuple[int, list[str]]:
    """How many decks use the card (one of its entries holds it), and the names of the first ``names``
    of them that ``user`` may see, by name (two queries)."""
    using = DeckEntry.objects.filter(card_id=card_id).values("deck_id")
    total = Deck.objects.filter(pk__in=using).count()
    shown = list(
        deck_list(user=user)
        .prefetch_related(None)
        .filter(pk__in=using)
        .order_by("name")
        .values_list("name", flat=True)[:names]
    )
    return total, shown


def deck_get(*, user, pk: int) -> Deck:
    """One deck ``user`` may see, with its format, owner and entries' cards (raises Deck.DoesNotExist)."""
    return deck_list(user=user).get(pk=pk)


def fresh_result(*, deck: Deck) -> ValidationResult | None:
    """A result of ``deck`` computed now (nothing is stored) when its stored one is stale or missing;
    None when the stored one holds."""
    if not (deck.stale or deck.legal is None):
        return None
    return fresh_results([deck]).get(deck.pk)


def deck_verdict(*, deck: Deck) -> Verdict:
    """The verdict the pages show of ``deck``: its stored result, or one computed now when that is
    stale (reads only: nothing is stored; :mod:`decks.builder`'s Verdict)."""
    return verdict_of(deck, fresh_result(deck=deck))


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


def export_printings(deck: Deck) -> dict:
    """For the exports that deck sites read back (decks.exports): each card of ``deck`` (entries and
    their cards prefetched) by the reference the deck file writes for it (``deck_to_dict``: its
    stableCardId, or the name of an entry that plays a printing of that name), as its name, set
    code, collector number, type and grade: the card each entry plays (:func:`deck_played`)."""
    from .exports import Printing

    out = {}
    for entry in deck_played(deck):
        card = entry.card
        key = card.stable_id if card is not None and entry.held else entry.ref
        if card is None or key in out:
            continue
        data = CardData(
            card.game, card.name, card.type, card.stable_id, card.set_code, fields=card.game_fields
        )
        grade = (card.game_fields or {}).get("grade")
        out[key] = Printing(
            name=card.name,
            set=card.set_code or "",
            number=printing_number(data) if card.set_code else "",
            type=card.type,
            grade=grade if isinstance(grade, int) else None,
        )
    return out
