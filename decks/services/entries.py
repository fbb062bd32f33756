"""Writes to a deck's entries: a card added, an entry's copies changed, replaced, moved, its
printing chosen, a pick set; each under the deck's lock, the deck validated again."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from common.errors import Conflict, InvalidInput
from rules import get_ruleset
from rules.decks import Entry, known_sections
from rules.findings import error
from rules.problems import invalid, problem
from rules.text import fold

from ..interchange import MAX_COUNT, MAX_REF, DeckInput
from ..models import Deck, DeckEntry, EntryKind
from .decks import _bump, _lock
from .references import _pool_for, _write_entries, check_section_sizes, visible_card
from .staleness import deck_validate


def _section_input(deck: Deck, section: str) -> list[Entry]:
    """The entries of ``section`` as written (reference and count), in their order."""
    rows = DeckEntry.objects.filter(deck=deck, kind=EntryKind.CARD, section=section).order_by("position")
    return [Entry(ref, count) for ref, count in rows.values_list("ref", "count")]


def _store_section(deck: Deck, section: str, entries: list[Entry], user=None) -> Deck:
    _write_entries(deck, DeckInput(game=deck.game, sections={section: entries}), [section], [], user=user)
    _bump(deck, "updated_at", user=user)
    deck_validate(deck=deck)
    return deck


def _check_section_name(deck: Deck, section: str) -> None:
    known = known_sections(get_ruleset(deck.game), deck.format.data())
    if (
        section not in known
        and not DeckEntry.objects.filter(deck=deck, kind=EntryKind.CARD, section=section).exists()
    ):
        raise InvalidInput(
            [
                invalid(
                    "section", problem("NO_SUCH_SECTION", value=section, game=deck.game, expected=list(known))
                )
            ]
        )


def _check_count(count: Any) -> int:
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_COUNT:
        raise InvalidInput([invalid("count", problem("COUNT_OR_REMOVE", maximum=MAX_COUNT))])
    return count


@transaction.atomic
def deck_card_add(
    *,
    deck: Deck,
    stable_id: str,
    section: str | None = None,
    count: int = 1,
    user=None,
    expected_version: int | None = None,
    tab: str = "",
) -> Deck:
    """Add ``count`` copies of a card to a section (its home section by default), or make it the pick it belongs to.

    Copies are added to the section's entry for that card when there is one,
    else a new entry is appended. The deck is validated again.
    """
    deck = _lock(deck, user, expected_version, tab)
    card = visible_card(user, deck.game, stable_id)
    ruleset = get_ruleset(deck.game)
    section = section or ruleset.section_for(card.type)
    if section in ruleset.deck_picks:
        return deck_pick_set(deck=deck, pick=section, stable_id=stable_id, user=user)
    _check_section_name(deck, section)
    if _check_count(count) == 0:
        return deck
    entries = _section_input(deck, section)
    pool, _ = _pool_for(deck.game, [e.ref for e in entries] + [stable_id], user)
    for index, entry in enumerate(entries):
        named, _ = pool.resolve(entry.ref)
        if named is not None and named.stable_id == stable_id:
            entries[index] = Entry(entry.ref, entry.count + count)
            break
    else:
        entries.append(Entry(stable_id, count))
        check_section_sizes({section: entries})
    if any(e.count > MAX_COUNT for e in entries):
        raise InvalidInput([invalid("count", problem("ENTRY_TOO_MANY", maximum=MAX_COUNT))])
    return _store_section(deck, section, entries, user)


@transaction.atomic
def deck_entry_change(
    *,
    deck: Deck,
    section: str,
    position: int,
    ref: str,
    count: int | None = None,
    delta: int | None = None,
    user=None,
    expected_version: int | None = None,
    tab: str = "",
) -> Deck:
    """Set the copies of one entry (``count``; 0 removes it) or add ``delta`` to them; the deck is validated again.

    ``position`` and ``ref`` name the entry as the user saw it: when the deck
    changed since (another tab, another device), nothing is changed and a
    Conflict says so.
    """
    deck = _lock(deck, user, expected_version, tab)
    entries = _section_input(deck, section)
    _same_entry(entries, section, position, ref)
    if (count is None) == (delta is None):
        raise InvalidInput([error("FIELD_INVALID", field="count", params=problem("COUNT_OR_DELTA").params())])
    if delta is not None:
        if isinstance(delta, bool) or not isinstance(delta, int):
            raise InvalidInput([invalid("delta", problem("DELTA"))])
        count = max(0, entries[position].count + delta)
    count = _check_count(count)
    if count == 0:
        del entries[position]
    else:
        entries[position] = Entry(ref, count)
    return _store_section(deck, section, entries, user)


def _same_entry(entries: list[Entry], section: str, position: int, ref: str) -> None:
    """A Conflict when entry ``position`` of ``section`` is no longer ``ref`` (the deck changed since)."""
    if not 0 <= position < len(entries) or entries[position].ref != ref:
        raise Conflict(
            gettext(
                "%(section)s changed since this page was shown (%(ref)s is no longer entry %(entry)s); reload the deck and try again"
            )
            % {"section": section, "ref": repr(ref), "entry": position + 1}
        )


@transaction.atomic
def deck_entry_replace(
    *,
    deck: Deck,
    section: str,
    position: int,
    ref: str,
    card: str,
    user=None,
    expected_version: int | None = None,
    tab: str = "",
) -> Deck:
    """Replace the card an entry names (a "did you mean" suggestion, a card created or imported
    since), keeping its copies; the deck is validated again."""
    deck = _lock(deck, user, expected_version, tab)
    entries = _section_input(deck, section)
    _same_entry(entries, section, position, ref)
    card = (card or "").strip()
    if not card or len(card) > MAX_REF:
        raise InvalidInput([invalid("card", problem("CARD_REF", maximum=MAX_REF))])
    entries[position] = Entry(card, entries[position].count)
    return _store_section(deck, section, entries, user)


@transaction.atomic
def deck_entry_move(
    *,
    deck: Deck,
    section: str,
    position: int,
    ref: str,
    to: str,
    user=None,
    expected_version: int | None = None,
    tab: str = "",
) -> Deck:
    """Move an entry to another section of the deck (its copies join the entry there that names the
    same card, if any); both sections are validated again."""
    deck = _lock(deck, user, expected_version, tab)
    if to == section:
        return deck
    _check_section_name(deck, to)
    entries = _section_input(deck, section)
    _same_entry(entries, section, position, ref)
    moved = entries.pop(position)
    target = _section_input(deck, to)
    for index, entry in enumerate(target):
        if fold(entry.ref) == fold(moved.ref):
            target[index] = Entry(entry.ref, min(MAX_COUNT, entry.count + moved.count))
            break
    else:
        target.append(moved)
        check_section_sizes({to: target})
    _write_entries(
        deck, DeckInput(game=deck.game, sections={section: entries, to: target}), [section, to], [], user=user
    )
    _bump(deck, "updated_at", user=user)
    deck_validate(deck=deck)
    return deck


@transaction.atomic
def deck_entry_printing(
    *,
    deck: Deck,
    section: str,
    position: int,
    ref: str,
    stable_id: str | None,
    user=None,
    expected_version: int | None = None,
    tab: str = "",
) -> Deck:
    """Make one entry play the printing ``stable_id`` (the entry then names it), or, with None,
    name its identity again (the studio picks the printing at each validation).

    The printing must share the entry's copy identity in the deck's format; an
    entry changed since the page was shown is left as it is (Conflict).
    """
    deck = _lock(deck, user, expected_version, tab)
    entries = _section_input(deck, section)
    _same_entry(entries, section, position, ref)
    fmt = deck.format.data()
    pool, _ = _pool_for(deck.game, [ref], user, whole=True)
    match = pool.find(ref, fmt.identity)
    current = match.card or (match.printings[0] if match.printings else None)
    if current is None:
        raise InvalidInput(
            [
                error(
                    "UNKNOWN_CARD",
                    card=ref,
                    field="ref",
                    params={"ref": ref or '""', "game": deck.game},
                )
            ]
        )
    printings = pool.printings_of(pool.identity_of(current, fmt.identity), fmt.identity)
    if stable_id is None:
        new_ref = current.name
    elif stable_id in {c.stable_id for c in printings}:
        new_ref = stable_id
    else:
        choices = [c.stable_id for c in printings]
        why = problem("NOT_A_PRINTING", value=stable_id, name=current.name, expected=choices)
        raise InvalidInput([invalid("card", why, card=stable_id)])
    if new_ref == ref:
        return deck
    entries[position] = Entry(new_ref, entries[position].count)
    return _store_section(deck, section, entries, user)


@transaction.atomic
def deck_pick_set(
    *,
    deck: Deck,
    pick: str,
    stable_id: str | None,
    user=None,
    expected_version: int | None = None,
    tab: str = "",
) -> Deck:
    """Make a card (by stable id) the deck's ``pick`` (activeLeader, legend, champion), or clear it (None)."""
    deck = _lock(deck, user, expected_version, tab)
    ruleset = get_ruleset(deck.game)
    if pick not in ruleset.deck_picks:
        why = problem("NO_SUCH_PICK", game=deck.game, expected=list(ruleset.deck_picks))
        raise InvalidInput([invalid("pick", why, shown=pick)])
    if stable_id:
        visible_card(user, deck.game, stable_id)
    _write_entries(deck, DeckInput(game=deck.game, picks={pick: stable_id or None}), [], [pick], user=user)
    _bump(deck, "updated_at", user=user)
    deck_validate(deck=deck)
    return deck
