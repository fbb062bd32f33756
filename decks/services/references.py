"""What a deck's references name: the cards a user may see, their pool, a deck input
parsed and placed, its entries written."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db.models import QuerySet

from cards import selectors as card_selectors
from cards.models import Card
from common.errors import InvalidInput
from rules import get_ruleset
from rules.decks import Entry
from rules.findings import error
from rules.placement import place_by_type
from rules.pool import CardPool, reserved_ref
from rules.problems import invalid, problem
from rules.text import fold

from ..card_rows import CARD_COLUMNS, card_data
from ..interchange import DeckInput, parse_deck
from ..models import Deck, DeckEntry, EntryKind
from .formats import format_for


def visible_cards(user) -> QuerySet[Card]:
    """The cards a deck of ``user`` may name: those the user may see (cards.selectors), so that a
    card hidden from a playtester is UNKNOWN_CARD exactly like one that does not exist; every card
    for the commands and the background validation (no user)."""
    if user is None:
        return Card.objects.all()
    return card_selectors.card_list(user=user)


def visible_card(user, game: str, stable_id: str) -> Card:
    """The card ``stable_id`` of ``game``, when ``user`` may see it; else the UNKNOWN_CARD refusal
    (a card hidden from ``user`` is refused exactly like one that does not exist)."""
    card = visible_cards(user).filter(game=game, stable_id=stable_id).first()
    if card is None:
        raise InvalidInput(
            [
                error(
                    "UNKNOWN_CARD",
                    card=stable_id,
                    field="card",
                    params={"ref": stable_id or '""', "game": game},
                )
            ]
        )
    return card


def _pool_for(
    game: str, refs: Iterable[str], user=None, *, whole: bool = False
) -> tuple[CardPool, dict[str, int]]:
    """A pool of the cards ``refs`` may name (of those ``user`` may see), and the primary key of each card by stable id.

    References that are all stable ids cost one query; any other reference (a
    name, a printing by set and number) loads the game's cards (``whole`` too),
    so that a name shared by several cards is seen as ambiguous, or as printings
    of one identity.
    """
    reserved = get_ruleset(game).reserved_refs
    refs = {ref for ref in refs if reserved_ref(ref, reserved) is None}
    qs = visible_cards(user).filter(game=game)
    rows = [] if whole else list(qs.filter(stable_id__in=refs).values_list(*CARD_COLUMNS))
    if whole or {row[2] for row in rows} != refs:
        rows = list(qs.values_list(*CARD_COLUMNS))
    pool, pks = CardPool(), {}
    for row in rows:
        card = card_data(row)
        pool.add(card)
        pks[card.stable_id] = row[0]
    return pool, pks


def _write_entries(
    deck: Deck,
    deck_input: DeckInput,
    sections: Iterable[str] | None = None,
    picks: Iterable[str] | None = None,
    user=None,
) -> None:
    """Store the given sections and picks of ``deck_input`` (replacing those of ``deck``); a
    reference names only a card the deck's owner may see (``user``'s, for a deck of nobody; every
    card, for a command's deck of nobody), as its validations read it (decks.validation)."""
    sections = list(deck_input.sections if sections is None else sections)
    picks = list(deck_input.picks if picks is None else picks)
    refs = [e.ref for name in sections for e in deck_input.sections.get(name, [])]
    refs += [deck_input.picks[name] for name in picks if deck_input.picks.get(name)]
    owner_reads = deck.owner_id is not None and (user is None or user.pk != deck.owner_id)
    pool, pks = _pool_for(deck.game, refs, deck.owner if owner_reads else user)
    reserved = get_ruleset(deck.game).reserved_refs
    identity = deck.format.identity
    if sections:
        DeckEntry.objects.filter(deck=deck, kind=EntryKind.CARD, section__in=sections).delete()
    if picks:
        DeckEntry.objects.filter(deck=deck, kind=EntryKind.PICK, section__in=picks).delete()

    def entry(kind: str, section: str, position: int, ref: str, count: int) -> DeckEntry:
        # A name of several printings of one identity keeps no card: the printing it plays is
        # picked at each validation (it follows the owner's collection).
        card = None if reserved_ref(ref, reserved) is not None else pool.find(ref, identity).card
        return DeckEntry(
            deck=deck,
            kind=kind,
            section=section,
            position=position,
            ref=ref,
            ref_key=fold(ref),
            card_id=pks[card.stable_id] if card is not None else None,
            count=count,
        )

    rows = [
        entry(EntryKind.CARD, name, i, e.ref, e.count)
        for name in sections
        for i, e in enumerate(deck_input.sections.get(name, []))
    ]
    rows += [
        entry(EntryKind.PICK, name, 0, deck_input.picks[name], 1)
        for name in picks
        if deck_input.picks.get(name)
    ]
    DeckEntry.objects.bulk_create(rows, batch_size=500)


def _parse(data: Any, *, game: str | None = None, partial: bool = False, user=None) -> DeckInput:
    deck_input, findings = parse_deck(data, game=game, partial=partial)
    if findings:
        raise InvalidInput(findings)
    check_section_sizes(deck_input.sections)
    return _placed(deck_input, user)


def _placed(deck_input: DeckInput, user=None) -> DeckInput:
    """A list without section headers (``placeByType``) with each entry where its card type goes
    (rules.placement), against the cards ``user`` may see; any other deck as it is."""
    if not deck_input.place_by_type:
        return deck_input
    fmt = format_for(deck_input.game, deck_input.format).data()
    refs = [e.ref for entries in deck_input.sections.values() for e in entries]
    pool, _ = _pool_for(deck_input.game, refs, user)
    sections, picks = place_by_type(
        get_ruleset(deck_input.game), deck_input.sections, deck_input.picks, pool, fmt.identity
    )
    given = deck_input.given | {"sections"} | {pick for pick, ref in picks.items() if ref}
    return dataclasses.replace(deck_input, sections=sections, picks=picks, given=given, place_by_type=False)


def check_section_sizes(sections: dict[str, list[Entry]]) -> None:
    """Refuse a section of more entries than DECKS_MAX_ENTRIES_PER_SECTION (before any card is read)."""
    limit = settings.DECKS_MAX_ENTRIES_PER_SECTION
    over = [(name, len(entries)) for name, entries in sections.items() if len(entries) > limit]
    if over:
        raise InvalidInput(
            [
                invalid(
                    "sections",
                    problem("SECTION_TOO_LONG", observed=size, maximum=limit),
                    shown=f"sections.{name}",
                    section=name,
                )
                for name, size in over
            ]
        )
