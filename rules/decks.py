"""Deck construction rules as pure Python: plain frozen values in, every violation out.

A deck (:class:`DeckData`) names cards by reference (a stableCardId, or a
name that names exactly one card of its game) in sections, plus per-game picks
(darkrow's active Leader, riftbound's Legend and Chosen Champion). A format
(:class:`FormatData`) is data: per-section sizes, a copy limit and what counts
as one card identity, allowed sets, a banlist, per-card exceptions, and whether
only owned cards may be used.

:func:`validate_deck` resolves every reference against the game's cards, runs
the common, data-driven checks below, then the game's own checks (declared by
its rule set, like ``AUTH_PASSWORD_VALIDATORS``), and collects every finding:
it never stops at the first one, and it never drops an entry, even an unknown
one. Nothing here imports Django or does I/O.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .cards import CardData
from .codes import blocks_ready
from .findings import Finding, Severity, error, warning
from .i18n import N_
from .text import fold

if TYPE_CHECKING:
    from .ruleset import RuleSet

VALIDATED = "VALIDATED"
# What counts as one card identity for copy limits, banlists and exceptions.
STABLE_ID, NAME, NAME_ID = "stableCardId", "name", "nameId"
IDENTITIES = (STABLE_ID, NAME, NAME_ID)
BAN_COPIES = (0, 1, 2)  # forbidden, limited, semi-limited

_EMPTY: Mapping[str, Any] = MappingProxyType({})


# --- the deck -----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Entry:
    """One line of a deck section: a card reference as written, and how many copies."""

    ref: str
    count: int = 1


@dataclass(frozen=True, slots=True)
class DeckData:
    game: str
    format: str = ""
    name: str = ""
    sections: Mapping[str, tuple[Entry, ...]] = _EMPTY
    # Per-game single-card picks: {"activeLeader": ref} or {"legend": ref, "champion": ref}.
    picks: Mapping[str, str | None] = _EMPTY
    owner: str | None = None

    def __post_init__(self):
        if self.sections is not _EMPTY:
            object.__setattr__(
                self, "sections", MappingProxyType({k: tuple(v) for k, v in self.sections.items()})
            )
        if self.picks is not _EMPTY:
            object.__setattr__(self, "picks", MappingProxyType(dict(self.picks)))


# --- the format ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SizeBound:
    """How many cards a section must hold: exactly n, or between a minimum and a maximum."""

    exact: int | None = None
    minimum: int | None = None
    maximum: int | None = None

    def problem(self, count: int) -> str | None:
        """What is wrong with ``count`` cards ("it must have exactly 40"), or None."""
        if self.exact is not None:
            return None if count == self.exact else f"it must have exactly {self.exact}"
        if (self.minimum is not None and count < self.minimum) or (
            self.maximum is not None and count > self.maximum
        ):
            if self.minimum is not None and self.maximum is not None:
                return f"it must have from {self.minimum} to {self.maximum}"
            if self.minimum is not None:
                return f"it must have at least {self.minimum}"
            return f"it must have at most {self.maximum}"
        return None

    def to_dict(self) -> dict[str, int]:
        if self.exact is not None:
            return {"exact": self.exact}
        return {k: v for k, v in (("min", self.minimum), ("max", self.maximum)) if v is not None}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SizeBound:
        return cls(exact=data.get("exact"), minimum=data.get("min"), maximum=data.get("max"))


def size_bound_errors(section: str, data: Any) -> list[str]:
    """Why ``data`` is not a size bound ({"exact": n} or {"min": a, "max": b}), for format editors."""
    if not isinstance(data, Mapping):
        return [f'{section}: a size bound is an object such as {{"exact": 40}} or {{"min": 1, "max": 5}}']
    problems = [
        f"{section}: unknown key {key!r}; use exact, or min and max"
        for key in data
        if key not in ("exact", "min", "max")
    ]
    for key in ("exact", "min", "max"):
        value = data.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
            problems.append(f"{section}: {key} must be a whole number, 0 or more")
    if data.get("exact") is not None and (data.get("min") is not None or data.get("max") is not None):
        problems.append(f"{section}: give exact, or min and max, not both")
    low, high = data.get("min"), data.get("max")
    if isinstance(low, int) and isinstance(high, int) and low > high:
        problems.append(f"{section}: min ({low}) is above max ({high})")
    return problems


@dataclass(frozen=True, slots=True)
class FormatData:
    """A deck format as data; reviewers edit these without code."""

    game: str
    key: str
    name: str = ""
    sections: Mapping[str, SizeBound] = _EMPTY
    copy_limit: int | None = None
    identity: str = STABLE_ID
    # None: cards of any set are allowed.
    allowed_sets: frozenset[str] | None = None
    # Card reference (stableCardId or identity) -> copies allowed (0, 1, 2).
    banlist: Mapping[str, int] = _EMPTY
    # Card reference -> its own copy limit (None: any number of copies).
    exceptions: Mapping[str, int | None] = _EMPTY
    owned_only: bool = False
    # For people: where the format comes from and what it asks.
    description: str = ""

    def __post_init__(self):
        if self.identity not in IDENTITIES:
            raise ValueError(f"identity {self.identity!r}: use one of {', '.join(IDENTITIES)}")
        for name in ("sections", "banlist", "exceptions"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))
        if self.allowed_sets is not None and not isinstance(self.allowed_sets, frozenset):
            object.__setattr__(self, "allowed_sets", frozenset(self.allowed_sets))


# --- resolution ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Resolved:
    """An entry (or a pick) with the card its reference names, if exactly one."""

    section: str
    ref: str
    count: int
    card: CardData | None = None
    # A reserved reference of the game (darkrow's INDICE): a system resource, not a card.
    reserved: str | None = None
    # Several cards match the reference (a name shared by several cards).
    candidates: tuple[CardData, ...] = ()
    # Names one VALIDATED card, or a reserved reference: nothing to say about the reference itself.
    clean: bool = False
    # The reference is a name that several printings of one copy identity share: the deck plays
    # that identity, and ``card`` is the printing picked for it (:func:`pick_printing`).
    printings: tuple[CardData, ...] = ()

    @property
    def ambiguous(self) -> bool:
        return len(self.candidates) > 1


@dataclass(frozen=True, slots=True)
class Match:
    """What a reference names in a pool: one card, several (ambiguous), or printings of one identity."""

    card: CardData | None = None
    candidates: tuple[CardData, ...] = ()
    printings: tuple[CardData, ...] = ()


# "Blaster Blade (TD01) 005", "Blaster Blade (TD01)": a name, then the printing's set and number.
_NAME_SET_NUMBER = re.compile(r"^(?P<name>.*?)\s*\((?P<set>[^()]+)\)\s*(?P<number>[^\s()]*)$")
# "TD01-005", "OGN 066a": a set and a number.
_SET_NUMBER = re.compile(r"^(?P<set>[A-Za-z0-9]+)[-_ ](?P<number>[A-Za-z0-9]+)$")


def printing_number(card: CardData) -> str:
    """A printing's collector number: the ``number`` field when the game has one, else the part
    of its stableCardId after its set code ("VG-TD01-005" and "TD01-005" in TD01: "005")."""
    number = card.get("number")
    if number not in (None, ""):
        return str(number)
    stable_id = card.stable_id or ""
    if card.set:
        found = re.search(rf"(?:^|[-_ ]){re.escape(card.set)}[-_ ]?(.+)$", stable_id, re.IGNORECASE)
        if found:
            return found.group(1)
    return stable_id.rsplit("-", 1)[-1]


def number_key(number: str) -> str:
    """Collector numbers compare without case and leading zeros ("005" is "5")."""
    return fold(number).lstrip("0") or "0"


def identity_key(card: CardData, identity: str) -> str:
    # Folded once per card (CardData.folded), not once per validation.
    if identity == NAME:
        return card.folded()
    if identity == NAME_ID:
        return card.folded("nameId")
    return card.stable_id or card.name


def reserved_ref(ref: str, reserved: Mapping[str, str]) -> str | None:
    """The reserved reference ``ref`` names, in any case ("indice" is INDICE), or None."""
    if not reserved:
        return None
    if ref in reserved:
        return ref
    folded = fold(ref)
    for key in reserved:
        if fold(key) == folded:
            return key
    return None


class CardPool:
    """The cards of one game a deck may name, indexed by stable id, by name and by set and number.

    A reference is first a stableCardId; then a name: the exact name if it names
    one card, else the name ignoring case and accents; then a printing written by
    set and number ("Blaster Blade (TD01) 005", "TD01-005"). A name shared by
    several cards is ambiguous (darkrow's "Gin" is a Leader and a Legendary),
    unless they are printings of one copy identity of the format (:meth:`find`).

    What is derived from a card (its folded name, its key under each identity,
    its set and number) is computed once, when it is first needed, and shared by
    every deck validated against the pool.
    """

    def __init__(self, cards: Iterable[CardData] = ()):
        self.by_id: dict[str, CardData] = {}
        self._by_name: dict[str, list[CardData]] = {}
        self._by_folded: dict[str, list[CardData]] = {}
        self._by_set_number: dict[tuple[str, str], list[CardData]] | None = None
        # identity -> {stableCardId: key}, and identity -> {key: printings, by stable id}.
        self._keys: dict[str, dict[str, str]] = {}
        self._by_identity: dict[str, dict[str, list[CardData]]] = {}
        # identity -> {stableCardId: the stable ids of its identity's printings}, to count owned copies.
        self._printing_ids: dict[str, dict[str, tuple[str, ...]]] = {}
        self._names: list[str] | None = None
        self._memo: dict[tuple[str, str], Match] = {}
        # Resolved entries are values: one per (section, reference, count, identity) is shared by every deck.
        self._resolved: dict[tuple, Resolved] = {}
        for card in cards:
            self.add(card)

    def add(self, card: CardData) -> None:
        if card.stable_id in self.by_id:
            return
        self.by_id[card.id] = card
        self._by_name.setdefault(card.name, []).append(card)
        self._by_folded.setdefault(card.folded(), []).append(card)
        self._by_set_number = None
        self._keys.clear()
        self._by_identity.clear()
        self._printing_ids.clear()
        self._names = None
        self._memo.clear()
        self._resolved.clear()

    def __len__(self) -> int:
        return len(self.by_id)

    def __iter__(self) -> Iterator[CardData]:
        return iter(self.by_id.values())

    # --- derived keys, once per card -----------------------------------------------------
    def identity_of(self, card: CardData, identity: str) -> str:
        """``card``'s copy identity under ``identity`` (computed once per card and identity)."""
        keys = self._keys.get(identity)
        if keys is None:
            keys = self._keys[identity] = {}
        key = keys.get(card.id)
        if key is None:
            key = keys[card.id] = identity_key(card, identity)
        return key

    def printings_of(self, key: str, identity: str) -> list[CardData]:
        """Every card of the pool whose identity is ``key``, by stable id."""
        groups = self._by_identity.get(identity)
        if groups is None:
            groups = {}
            for card in sorted(self.by_id.values(), key=lambda c: c.stable_id or ""):
                groups.setdefault(self.identity_of(card, identity), []).append(card)
            self._by_identity[identity] = groups
        return groups.get(key, [])

    def identity_keys(self, identity: str) -> dict[str, str]:
        """{stableCardId: key} under ``identity``, filled as cards are asked for (:meth:`identity_of`)."""
        keys = self._keys.get(identity)
        if keys is None:
            keys = self._keys[identity] = {}
        return keys

    def printing_ids(self, identity: str) -> dict[str, tuple[str, ...]]:
        """{stableCardId: the stable ids of every printing of its identity} (:meth:`printings_of`)."""
        ids = self._printing_ids.get(identity)
        if ids is None:
            ids = {}
            for card in self.by_id.values():
                printings = self.printings_of(self.identity_of(card, identity), identity)
                ids[card.id] = tuple(c.id for c in printings)
            self._printing_ids[identity] = ids
        return ids

    def _set_numbers(self) -> dict[tuple[str, str], list[CardData]]:
        if self._by_set_number is None:
            index: dict[tuple[str, str], list[CardData]] = {}
            for card in self.by_id.values():
                if card.set:
                    index.setdefault((fold(card.set), number_key(printing_number(card))), []).append(card)
            self._by_set_number = index
        return self._by_set_number

    # --- references -------------------------------------------------------------------------
    def resolve(self, ref: str) -> tuple[CardData | None, tuple[CardData, ...]]:
        """(the card, ()) when ``ref`` names exactly one card; (None, candidates) otherwise."""
        match = self.find(ref)
        return match.card, match.candidates

    def find(self, ref: str, identity: str = STABLE_ID) -> Match:
        """What ``ref`` names. Under a format whose copy identity is a name or a nameId, a name
        shared by printings of one identity names that identity (``printings``), not several cards."""
        key = (ref, identity)
        try:
            return self._memo[key]
        except KeyError:
            pass
        match = self._find(ref, identity)
        self._memo[key] = match
        return match

    def _find(self, ref: str, identity: str) -> Match:
        card = self.by_id.get(ref)
        if card is not None:
            return Match(card)
        matches = self._by_name.get(ref) or self._by_folded.get(fold(ref))
        if not matches:
            printing = self._printing(ref)
            if printing is not None:
                return printing
            return Match()
        if len(matches) == 1:
            return Match(matches[0])
        ordered = tuple(sorted(matches, key=lambda c: c.stable_id or ""))
        if identity != STABLE_ID and len({self.identity_of(c, identity) for c in ordered}) == 1:
            return Match(printings=ordered)
        return Match(candidates=ordered)

    def _printing(self, ref: str) -> Match | None:
        """A printing written by set and number, with its name or without."""
        found = _NAME_SET_NUMBER.match(ref)
        name = None
        if found:
            name, set_code, number = found.group("name"), found.group("set"), found.group("number")
        else:
            found = _SET_NUMBER.match(ref)
            if not found:
                return None
            set_code, number = found.group("set"), found.group("number")
        if number:
            cards = self._set_numbers().get((fold(set_code), number_key(number)), [])
        else:  # "Blaster Blade (TD01)": the printing of that name in that set
            cards = [c for c in self._by_folded.get(fold(name or ""), []) if fold(c.set) == fold(set_code)]
        if name:
            cards = [c for c in cards if fold(c.name) == fold(name)]
        if len(cards) == 1:
            return Match(cards[0])
        if len(cards) > 1:
            return Match(candidates=tuple(sorted(cards, key=lambda c: c.stable_id or "")))
        return None

    def resolved(
        self, section: str, ref: str, count: int, reserved: Mapping[str, str], identity: str = STABLE_ID
    ) -> Resolved:
        key = (section, ref, count, identity)
        try:
            return self._resolved[key]
        except KeyError:
            pass
        named = reserved_ref(ref, reserved)
        if named is not None:
            value = Resolved(section, ref, count, reserved=named, clean=True)
        else:
            match = self.find(ref, identity)
            clean = match.card is not None and match.card.status == VALIDATED
            value = Resolved(
                section,
                ref,
                count,
                card=match.card,
                candidates=match.candidates,
                clean=clean,
                printings=match.printings,
            )
        self._resolved[key] = value
        return value

    def suggestions(self, ref: str, limit: int = 3) -> list[str]:
        """The names closest to ``ref``, ignoring case and accents (for UNKNOWN_CARD)."""
        if self._names is None:
            self._names = sorted(self._by_folded)
        folded = fold(ref)
        close = difflib.get_close_matches(folded, self._names, n=limit, cutoff=0.6)
        if len(close) < limit:  # a word of the name is enough: "Blaster" finds "Blaster Blade"
            words = set(folded.split())
            close += [n for n in self._names if n not in close and words & set(n.split())][
                : limit - len(close)
            ]
        return [self._by_folded[name][0].name for name in close]


def pick_printing(
    printings: Iterable[CardData], fmt: FormatData, collection: Mapping[str, int] | None = None
) -> CardData:
    """The printing a deck plays for an identity: one the owner owns, else one the format allows,
    else the first by stableCardId; a VALIDATED one when there is one."""
    ordered = sorted(printings, key=lambda c: c.stable_id or "")
    playable = [c for c in ordered if c.status == VALIDATED] or ordered
    if collection:
        owned = [c for c in playable if collection.get(c.stable_id or "", 0) > 0]
        if owned:
            return owned[0]
    if fmt.allowed_sets is not None:
        allowed = [c for c in playable if c.set in fmt.allowed_sets]
        if allowed:
            return allowed[0]
    return playable[0]


def with_printing(resolved: Resolved, fmt: FormatData, collection: Mapping[str, int] | None) -> Resolved:
    """``resolved`` with the printing its identity plays in this deck (itself when it names one card)."""
    if not resolved.printings:
        return resolved
    card = pick_printing(resolved.printings, fmt, collection)
    return replace(resolved, card=card, clean=card.status == VALIDATED)


def needs_every_printing(fmt: FormatData) -> bool:
    """Whether validating in ``fmt`` needs every card of the game, not only those the deck names:
    ownership, banlists and exceptions are counted over every printing of an identity."""
    return fmt.identity != STABLE_ID and bool(fmt.owned_only or fmt.banlist or fmt.exceptions)


# --- the result ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ValidationResult:
    game: str
    format: str
    counts: Mapping[str, int]
    violations: tuple[Finding, ...]
    # A legal deck may still lack what a game needs to start (darkrow: the active Leader).
    ready_to_play: bool = True
    # {section or pick: {reference as written: stableCardId of the card it plays}}, for the
    # references that are not that stableCardId (names, printings by set and number).
    resolved: Mapping[str, Mapping[str, str]] = _EMPTY
    # {reference: closest names} for the references that name no card.
    suggestions: Mapping[str, tuple[str, ...]] = _EMPTY

    @property
    def legal(self) -> bool:
        return not any(f.severity == Severity.ERROR for f in self.violations)

    def to_dict(self) -> dict[str, Any]:
        """The FORMATS.md "Validation result", plus ``readyToPlay``, ``resolved`` and ``suggestions``."""
        return {
            "legal": self.legal,
            "game": self.game,
            "format": self.format,
            "counts": dict(self.counts),
            "violations": [f.to_dict() for f in self.violations],
            "readyToPlay": self.ready_to_play,
            "resolved": {section: dict(refs) for section, refs in self.resolved.items()},
            "suggestions": {ref: list(names) for ref, names in self.suggestions.items()},
        }


# --- what every check sees ------------------------------------------------------------
@dataclass
class DeckContext:
    """A deck resolved against its game's cards, with its format and the owner's collection."""

    ruleset: RuleSet
    deck: DeckData
    format: FormatData
    entries: list[Resolved]
    picks: dict[str, Resolved | None]
    # stableCardId -> copies owned; None when the deck has no owner (not checked).
    collection: Mapping[str, int] | None = None
    # The cards the deck was resolved against (every printing of its identities, when needed).
    pool: CardPool | None = None
    # Reference -> the closest names, for references that name no card.
    suggestions: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    by_section: dict[str, list[Resolved]] = field(default_factory=dict)
    found: dict[str, list[tuple[Resolved, CardData]]] = field(default_factory=dict)
    # What several checks derive from the same entries, computed once per validation
    # (identity groups by sections; a game's own tallies).
    memo: dict[Any, Any] = field(default_factory=dict)
    _keys: dict[str, str] | None = field(default=None, init=False, repr=False)

    def __post_init__(self):
        if self.pool is not None:
            self._keys = self.pool.identity_keys(self.format.identity)
        if not self.by_section:
            for resolved in self.entries:
                self.by_section.setdefault(resolved.section, []).append(resolved)
        if not self.found:
            self.found = {
                name: [(r, r.card) for r in rs if r.card is not None] for name, rs in self.by_section.items()
            }

    def section(self, name: str) -> list[Resolved]:
        return self.by_section.get(name, [])

    def cards(self, *sections: str) -> list[tuple[Resolved, CardData]]:
        """(entry, card) for every resolved entry of ``sections`` (every section when none)."""
        if len(sections) == 1:
            return self.found.get(sections[0], [])
        return [
            pair for name, pairs in self.found.items() if not sections or name in sections for pair in pairs
        ]

    def pick(self, name: str) -> CardData | None:
        resolved = self.picks.get(name)
        return resolved.card if resolved is not None else None

    def identity(self, card: CardData) -> str:
        keys = self._keys
        if keys is not None:
            key = keys.get(card.stable_id or "")
            if key is not None:
                return key
            return self.pool.identity_of(card, self.format.identity)  # type: ignore[union-attr]
        return identity_key(card, self.format.identity)

    def identities(self, pairs: list[tuple[Resolved, CardData]]) -> list[str]:
        """:meth:`identity` of each pair's card, in order (the pool's keys read in one pass)."""
        keys = self._keys
        if keys is None:
            return [identity_key(card, self.format.identity) for _, card in pairs]
        get = keys.get
        found = [get(card.stable_id or "") for _, card in pairs]
        if None in found:  # cards not keyed yet: one by one, as identity() keys them
            return [self.identity(card) for _, card in pairs]
        return found  # type: ignore[return-value]  # (no None left)

    def groups(self, *sections: str) -> dict[str, tuple[int, Resolved, CardData]]:
        """:func:`tally` of ``sections``' cards (every section when none) by copy identity, once per validation."""
        if sections and set(self.found) <= set(sections):
            sections = ()  # the same cards as every section: one tally
        key = ("groups", sections)
        found = self.memo.get(key)
        if found is None:
            pairs = self.cards(*sections)
            found = self.memo[key] = tally_keyed(pairs, self.identities(pairs))
        return found

    def owned(self, card: CardData) -> int:
        """Copies of ``card``'s identity in the collection, over every printing of the pool (0 without one)."""
        collection = self.collection
        if not collection:
            return 0
        sid = card.stable_id or ""
        if self.pool is None or self.format.identity == STABLE_ID:
            return collection.get(sid, 0)
        ids = self.pool.printing_ids(self.format.identity).get(sid)
        if ids is None:  # a card the pool does not hold
            return sum(collection.get(c.stable_id or "", 0) for c in self.printings(card))
        get = collection.get
        owned = 0
        for i in ids:
            owned += get(i, 0)
        return owned

    def printings(self, card: CardData) -> list[CardData]:
        """Every card of the pool with ``card``'s identity (``card`` alone without a pool)."""
        if self.pool is None or self.format.identity == STABLE_ID:
            return [card]
        return self.pool.printings_of(self.identity(card), self.format.identity) or [card]

    def limits(self, mapping: Mapping[str, Any]) -> dict[str, Any]:
        """A banlist or exceptions ({card reference: value}) by identity key: a reference by
        stableCardId or by name (or nameId) limits every printing of that identity."""
        by_identity: dict[str, Any] = {}
        for ref, value in mapping.items():
            card = self.pool.by_id.get(ref) if self.pool is not None else None
            if card is not None:
                by_identity[self.identity(card)] = value
            elif self.format.identity == STABLE_ID:
                by_identity[ref] = value
            else:
                by_identity[fold(ref)] = value
                by_identity.setdefault(ref, value)
        return by_identity

    def limit_for(self, limits: Mapping[str, Any], card: CardData) -> tuple[bool, Any]:
        """The value ``limits`` (from :meth:`limits`) gives ``card``'s identity, if any."""
        key = self.identity(card)
        if key in limits:
            return True, limits[key]
        if card.id in limits:  # a pool without the card: the stableCardId alone
            return True, limits[card.id]
        return False, None


DeckCheck = Callable[[DeckContext], Iterable[Finding]]


def label(card: CardData) -> str:
    """How messages name a card: its name and stable id."""
    return f"{card.name} ({card.stable_id})" if card.stable_id else card.name


def copies(n: int) -> str:
    return f"{n} cop{'y' if n == 1 else 'ies'}"


def tally(
    pairs: Iterable[tuple[Resolved, CardData]], key: Callable[[CardData], str]
) -> dict[str, tuple[int, Resolved, CardData]]:
    """Copies per ``key``, each with the entry and card that name the group in findings.

    The card that names a group is the one with the smallest stable id, so that
    findings do not depend on the order of the entries.
    """
    pairs = pairs if isinstance(pairs, list) else list(pairs)
    return tally_keyed(pairs, [key(card) for _, card in pairs])


def tally_keyed(
    pairs: list[tuple[Resolved, CardData]], keys: list[str]
) -> dict[str, tuple[int, Resolved, CardData]]:
    """:func:`tally` with each pair's key given (``keys[i]`` that of ``pairs[i]``)."""
    if len(set(keys)) == len(keys):  # each card once (the usual deck): each group is its entry
        return {k: (pair[0].count, pair[0], pair[1]) for k, pair in zip(keys, pairs, strict=True)}
    groups: dict[str, tuple[int, Resolved, CardData]] = {}
    for k, (resolved, card) in zip(keys, pairs, strict=True):
        found = groups.get(k)
        if found is None:
            groups[k] = (resolved.count, resolved, card)
            continue
        total, first, first_card = found
        if (card.stable_id, resolved.section) < (first_card.stable_id, first.section):
            first, first_card = resolved, card
        groups[k] = (total + resolved.count, first, first_card)
    return groups


def each_card_once(pairs: Iterable[tuple[Resolved, CardData]]) -> Iterator[tuple[Resolved, CardData]]:
    """Each card once (its first section in alphabetical order), in stable id order."""
    seen: set[str | None] = set()
    for resolved, card in sorted(pairs, key=lambda rc: (rc[1].stable_id or "", rc[0].section)):
        if card.stable_id not in seen:
            seen.add(card.stable_id)
            yield resolved, card


# --- common checks, driven by the format's data ---------------------------------------
def check_references(ctx: DeckContext) -> Iterator[Finding]:
    """UNKNOWN_CARD, AMBIGUOUS_CARD, CARD_NOT_VALIDATED for every entry and pick."""
    picks = [p for p in ctx.picks.values() if p is not None and not p.clean]
    if picks:
        in_sections = {r.ref for r in ctx.entries} | {
            r.card.stable_id for r in ctx.entries if r.card is not None
        }
        # A pick that is also an entry (the Chosen Champion in main) is reported once, as the entry.
        picks = [p for p in picks if p.ref not in in_sections]
    for resolved in [r for r in ctx.entries if not r.clean] + picks:
        where = {"section": resolved.section}
        if resolved.ambiguous:
            ids = ", ".join(c.stable_id or c.name for c in resolved.candidates)
            yield error(
                "AMBIGUOUS_CARD",
                f"{resolved.section}: {resolved.ref!r} names {len(resolved.candidates)} {ctx.deck.game} cards ({ids}); "
                "use the stableCardId of the one you mean",
                card=resolved.ref,
                params={
                    "section": resolved.section,
                    "ref": resolved.ref,
                    "game": ctx.deck.game,
                    "observed": len(resolved.candidates),
                    "candidates": [c.stable_id or c.name for c in resolved.candidates],
                },
                hint=N_("use the stableCardId of the one you mean"),
                **where,
            )
        elif resolved.card is None:
            close = ctx.suggestions.get(resolved.ref, ())
            hint = f"; did you mean {' or '.join(repr(n) for n in close)}?" if close else ""
            yield error(
                "UNKNOWN_CARD",
                f"{resolved.section}: {resolved.ref!r} names no {ctx.deck.game} card{hint or '; check the stableCardId or the name'}",
                card=resolved.ref,
                params={"section": resolved.section, "ref": resolved.ref, "game": ctx.deck.game},
                hint=N_("check the stableCardId or the name"),
                **where,
            )
        elif resolved.card.status != VALIDATED:
            yield error(
                "CARD_NOT_VALIDATED",
                f"{resolved.section}: {label(resolved.card)} is {resolved.card.status}; only VALIDATED cards may be played",
                card=resolved.card.stable_id,
                params={
                    "section": resolved.section,
                    "card": resolved.card.stable_id,
                    "name": resolved.card.name,
                    "status": resolved.card.status,
                },
                hint=N_("only VALIDATED cards may be played: wait for its review, or play another card"),
                **where,
            )


def check_sections(ctx: DeckContext) -> Iterator[Finding]:
    """WRONG_SECTION for entries in a section the game does not have (kept, never dropped)."""
    known = ctx.ruleset.deck_sections
    for resolved in (r for name, entries in ctx.by_section.items() if name not in known for r in entries):
        yield error(
            "WRONG_SECTION",
            f"{ctx.deck.game} decks have no section {resolved.section!r} (they have {', '.join(known)}); "
            f"move {resolved.ref!r} to one of them",
            section=resolved.section,
            card=_card_ref(resolved),
            params={"section": resolved.section, "ref": resolved.ref, "expected": list(known)},
            hint=f"move it to one of {', '.join(known)}",
        )


def check_sizes(ctx: DeckContext) -> Iterator[Finding]:
    for section, bound in ctx.format.sections.items():
        count = ctx.counts.get(section, 0)
        problem = bound.problem(count)
        if problem:
            yield error(
                "DECK_SIZE",
                f"{section} has {count} card{'s' if count != 1 else ''}; {problem}",
                section=section,
                params={
                    "section": section,
                    "observed": count,
                    "expected": bound.exact,
                    "minimum": bound.minimum,
                    "maximum": bound.maximum,
                },
                hint=f"{problem.replace('it must', 'the section must')}",
            )


def _shown_identity(card: CardData, identity: str) -> str:
    return {
        STABLE_ID: label(card),
        NAME: repr(card.name),
        NAME_ID: repr(card.get("nameId") or card.name),
    }[identity]


def check_copy_limit(ctx: DeckContext) -> Iterator[Finding]:
    """COPY_LIMIT: copies of one identity (every printing together) over the format's limit."""
    fmt = ctx.format
    if fmt.copy_limit is None and not fmt.exceptions:
        return
    exceptions = ctx.limits(fmt.exceptions) if fmt.exceptions else {}
    if not exceptions and fmt.copy_limit is not None:
        # Every identity at most once, in at most copy_limit copies: no group is over the limit.
        pairs = ctx.cards(*ctx.ruleset.copy_limit_sections)
        if not pairs:
            return
        if max([resolved.count for resolved, _ in pairs]) <= fmt.copy_limit:
            keys = ctx.identities(pairs)
            if len(set(keys)) == len(keys):
                return
    what = {STABLE_ID: "card", NAME: "card name", NAME_ID: "nameId"}[fmt.identity]
    groups = ctx.groups(*ctx.ruleset.copy_limit_sections)
    for total, _, card in groups.values():
        limit = fmt.copy_limit
        if limit is not None and total <= limit and not exceptions:
            continue
        named, exception = ctx.limit_for(exceptions, card)
        if named:
            limit = exception
        if limit is not None and total > limit:
            yield error(
                "COPY_LIMIT",
                f"{copies(total)} of {what} {_shown_identity(card, fmt.identity)} in {', '.join(ctx.ruleset.copy_limit_sections)}; "
                f"at most {limit} {'is' if limit == 1 else 'are'} allowed in {fmt.key}",
                section=ctx.ruleset.copy_limit_sections[0],
                card=card.stable_id,
                params={
                    "section": ctx.ruleset.copy_limit_sections[0],
                    "card": card.stable_id,
                    "name": card.name,
                    "identity": fmt.identity,
                    "observed": total,
                    "expected": limit,
                    "format": fmt.key,
                },
                hint=f"keep at most {limit} of it",
            )


def check_banlist(ctx: DeckContext) -> Iterator[Finding]:
    """BANLIST: an entry by stableCardId or by name limits every printing of that identity."""
    fmt = ctx.format
    if not fmt.banlist:
        return
    banned = ctx.limits(fmt.banlist)
    limited = []
    for resolved, card in ctx.cards():
        named, allowed = ctx.limit_for(banned, card)
        if named:
            limited.append((resolved, card, allowed))
    groups = tally(((r, c) for r, c, _ in limited), ctx.identity)
    for total, _, card in groups.values():
        _, allowed = ctx.limit_for(banned, card)
        if total > allowed:
            status = {0: "forbidden", 1: "limited to 1 copy", 2: "semi-limited to 2 copies"}.get(
                allowed, f"limited to {allowed}"
            )
            yield error(
                "BANLIST",
                f"{_shown_identity(card, fmt.identity)} is {status} in {fmt.key}; the deck has {copies(total)}",
                section="main",
                card=card.stable_id,
                params={
                    "section": "main",
                    "card": card.stable_id,
                    "observed": total,
                    "expected": allowed,
                    "format": fmt.key,
                },
                hint=f"keep at most {allowed} of it" if allowed else N_("remove it"),
            )


def check_sets(ctx: DeckContext) -> Iterator[Finding]:
    allowed = ctx.format.allowed_sets
    if allowed is None:
        return
    picked = [(p, p.card) for p in ctx.picks.values() if p is not None and p.card is not None]
    seen: set[tuple[str, str]] = set()
    for resolved, card in [*ctx.cards(), *picked]:
        if card.set not in allowed and (resolved.section, card.id) not in seen:
            seen.add((resolved.section, card.id))
            yield error(
                "FORMAT_ILLEGAL",
                f"{label(card)} is from set {card.set or '(none)'}; {ctx.format.key} allows only {', '.join(sorted(allowed))}",
                section=resolved.section,
                card=card.stable_id,
                params={
                    "section": resolved.section,
                    "card": card.stable_id,
                    "set": card.set,
                    "expected": sorted(allowed),
                    "format": ctx.format.key,
                },
                hint=f"play a print of {', '.join(sorted(allowed))}, or another format",
            )


def check_ownership(ctx: DeckContext) -> Iterator[Finding]:
    """NOT_OWNED: copies of one identity owned over all its printings (2 TD01 + 2 BT01 are 4)."""
    if not ctx.format.owned_only:
        return
    if ctx.collection is None:
        yield warning(
            "OWNERSHIP_NOT_CHECKED",
            f"{ctx.format.key} allows only cards the owner owns, and this deck has no owner: ownership was not checked",
            params={"format": ctx.format.key},
            hint=N_("give the deck an owner whose collection holds its cards"),
        )
        return
    picked = [(p, p.card) for p in ctx.picks.values() if p is not None and p.card is not None]
    if picked:
        pairs = list(ctx.cards())
        in_sections = {card.stable_id for _, card in pairs}
        pairs += [(p, card) for p, card in picked if card.stable_id not in in_sections]
        groups = tally(pairs, ctx.identity)
    else:
        groups = ctx.groups()
    owner = ctx.deck.owner or "the owner"
    for total, resolved, card in groups.values():
        owned = ctx.owned(card)
        if owned < total:
            yield error(
                "NOT_OWNED",
                f"the deck uses {copies(total)} of {_shown_identity(card, ctx.format.identity)}; {owner}'s collection has {owned}",
                section=resolved.section,
                card=card.stable_id,
                params={
                    "section": resolved.section,
                    "card": card.stable_id,
                    "observed": owned,
                    "expected": total,
                    "owner": owner,
                },
                hint=N_("add the copies to the collection, or play fewer"),
            )


COMMON_DECK_CHECKS: tuple[DeckCheck, ...] = (
    check_references,
    check_sections,
    check_sizes,
    check_copy_limit,
    check_banlist,
    check_sets,
    check_ownership,
)


def _card_ref(resolved: Resolved) -> str:
    return resolved.card.stable_id if resolved.card is not None and resolved.card.stable_id else resolved.ref


# --- the entry point ------------------------------------------------------------------------
def resolve_deck(
    ruleset: RuleSet, deck: DeckData, pool: CardPool, identity: str = STABLE_ID
) -> tuple[dict[str, list[Resolved]], dict[str, Resolved | None]]:
    """Each section's entries resolved, and each pick (None when not made)."""
    reserved = ruleset.reserved_refs
    resolved = pool.resolved
    sections = {
        section: [resolved(section, e.ref, e.count, reserved, identity) for e in entries]
        for section, entries in deck.sections.items()
    }
    picks: dict[str, Resolved | None] = {}
    for name in ruleset.deck_picks:
        ref = deck.picks.get(name)
        picks[name] = resolved(name, ref, 1, reserved, identity) if ref else None
    return sections, picks


def validate_deck(
    ruleset: RuleSet,
    deck: DeckData,
    cards: CardPool | Iterable[CardData],
    fmt: FormatData,
    collection: Mapping[str, int] | None = None,
) -> ValidationResult:
    """Every violation of ``deck`` in ``fmt``, its game's checks included.

    ``cards`` are the game's cards the deck may name (a :class:`CardPool` is
    reused as is); ``collection`` the owner's copies per stableCardId, or None
    for a deck without owner.
    """
    pool = cards if isinstance(cards, CardPool) else CardPool(cards)
    sections, picks = resolve_deck(ruleset, deck, pool, fmt.identity)
    return validate_resolved(ruleset, deck, sections, picks, fmt, collection, pool=pool)


def validate_resolved(
    ruleset: RuleSet,
    deck: DeckData,
    sections: dict[str, list[Resolved]],
    picks: dict[str, Resolved | None],
    fmt: FormatData,
    collection: Mapping[str, int] | None = None,
    *,
    pool: CardPool | None = None,
) -> ValidationResult:
    """:func:`validate_deck` for entries already resolved (from :meth:`CardPool.resolved`, with
    the format's identity).

    Checks read the entries through the context (``ctx.section``, ``ctx.cards``,
    ``ctx.picks``); ``deck`` gives the game, the format and the owner. A name that
    names printings of one identity plays the printing :func:`pick_printing` picks.
    """
    # (with_printing returns an entry without printings as it is.)
    sections = {
        name: [with_printing(r, fmt, collection) if r.printings else r for r in rs]
        for name, rs in sections.items()
    }
    picks = {
        name: (with_printing(p, fmt, collection) if p is not None and p.printings else p)
        for name, p in picks.items()
    }
    entries = [r for section_entries in sections.values() for r in section_entries]
    everything = [*entries, *(p for p in picks.values() if p is not None)]
    suggestions: dict[str, tuple[str, ...]] = {}
    if pool is not None:
        for r in [r for r in everything if r.card is None]:
            if r.reserved is None and not r.ambiguous and r.ref not in suggestions:
                suggestions[r.ref] = tuple(pool.suggestions(r.ref))
    ctx = DeckContext(
        ruleset,
        deck,
        fmt,
        entries,
        picks,
        collection,
        by_section=sections,
        pool=pool,
        suggestions=suggestions,
    )
    counts = ctx.counts
    for name in ruleset.deck_sections:
        counts[name] = 0
    for name, section_entries in ctx.by_section.items():
        counts[name] = sum([r.count for r in section_entries])
    findings: list[Finding] = []
    for check in (*COMMON_DECK_CHECKS, *ruleset.deck_checks):
        findings.extend(check(ctx))
    legal = not any(f.is_error for f in findings)
    ready = legal and not any(blocks_ready(f, ruleset) for f in findings)
    return ValidationResult(
        deck.game,
        fmt.key,
        counts,
        tuple(findings),
        ready,
        resolved=resolved_map(everything),
        suggestions={ref: names for ref, names in suggestions.items() if names},
    )


def resolved_map(entries: Iterable[Resolved]) -> dict[str, dict[str, str]]:
    """{section: {reference: stableCardId}} for references that are not the stableCardId they name."""
    found: dict[str, dict[str, str]] = {}
    for r in entries:
        card = r.card
        if card is not None and r.ref != card.stable_id and card.stable_id:
            found.setdefault(r.section, {})[r.ref] = card.stable_id
    return found
