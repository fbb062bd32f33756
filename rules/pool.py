"""Resolution: what a deck's references name among a game's cards (by stableCardId, name, or
printing), and which printing of an identity a deck plays."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace

from .cards import CardData
from .formats import NAME, NAME_ID, STABLE_ID, FormatData
from .text import fold

VALIDATED = "VALIDATED"


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
# "TD01-005", "OGN 066a", and Tabletop Simulator's "OGN-265-1" (its art variant last): a set and a number;
# deckstats writes "BT01#001", Vanguard's printed cards "BT01/001EN" (its language last: `_LANGUAGE`).
_CODE = r"(?P<set>[A-Za-z0-9]{1,12})[-_ #/](?P<number>[A-Za-z]{0,3}\d[A-Za-z0-9]{0,8})(?:-(?P<art>\d{1,3}))?"
_SET_NUMBER = re.compile(rf"^{_CODE}$")
# The code beside a name, as deck sites write it: "Wingal (TD01-009)", "Wingal [TD01-009]",
# "[BT01-002] Blaster Blade", "Kennen SGN-040", "Kennen SGN-040-1", and Untap's game tag before
# the code: "Blaster Blade (CFV) (BT01-001)".
_NAME_CODE = (
    re.compile(rf"^(?P<name>.*?)\s*[\[(]{_CODE}[\])]$"),
    re.compile(rf"^[\[(]{_CODE}[\])]\s*(?P<name>.*)$"),
    re.compile(rf"^(?P<name>.+?)\s+{_CODE}$"),
    re.compile(rf"^(?P<name>.*?)\s*\([A-Za-z0-9]{{1,12}}\)\s*[\[(]{_CODE}[\])]$"),
    # A name of several words then its bare code, "Solitary Knight, Gancelot TD01-003": the code's own
    # separator is no space (else "Gancelot TD01-003" would be read as set "Gancelot").
    re.compile(rf"^(?P<name>.+?)\s+{_CODE.replace('[-_ #/]', '[-_#/]')}$"),
)
# The language a printed collector number ends with ("001EN", "001JP").
_LANGUAGE = re.compile(r"^(?P<number>.*\d)(?:EN|JP|JA|FR|DE|IT|ES|PT|KR|KO|CN|ZH|TH|ID)$", re.IGNORECASE)
# How deck sites write a name that the studio writes otherwise: a champion's name and epithet
# joined by ", " or " - " ("Kennen - Heart of the Tempest"), curly or straight quotes.
_QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"', "\u00bb": '"'})
_EPITHET = re.compile(r"\s*(?:,|\s[-\u2013\u2014])\s+")


def loose_name(name: str) -> str:
    """``name`` folded, its quotes straight and ", " or " - " between a name and an epithet as one."""
    return _EPITHET.sub(", ", fold(name.translate(_QUOTES)))


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
    one card, else the name ignoring case and accents; then a name in another language (a
    card's ``translated_names``, its current translations'), ignoring case and accents too;
    then a printing written by set and number ("Blaster Blade (TD01) 005", "TD01-005"). A name
    shared by several cards is ambiguous (darkrow's "Gin" is a Leader and a Legendary),
    unless they are printings of one copy identity of the format (:meth:`find`). Source names
    win: a name that is one card's own name and another's translated name names the first, so
    that a translation never changes what a list already names; a translated name shared by
    several cards (and nobody's own name) is ambiguous.

    What is derived from a card (its folded name, its key under each identity,
    its set and number) is computed once, when it is first needed, and shared by
    every deck validated against the pool.
    """

    def __init__(self, cards: Iterable[CardData] = ()):
        self.by_id: dict[str, CardData] = {}
        self._by_name: dict[str, list[CardData]] = {}
        self._by_folded: dict[str, list[CardData]] = {}
        self._by_loose: dict[str, list[CardData]] | None = None
        # Translated names, folded (and as deck sites write them): the cards they name, and how
        # each is written (for suggestions).
        self._by_translated: dict[str, list[CardData]] = {}
        self._by_translated_loose: dict[str, list[CardData]] | None = None
        self._translated_spelling: dict[str, str] = {}
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
        for name in card.translated_names:
            folded = fold(name)
            if folded and folded != card.folded():
                named = self._by_translated.setdefault(folded, [])
                if all(c is not card for c in named):
                    named.append(card)
                    self._translated_spelling.setdefault(folded, name)
        self._by_set_number = None
        self._by_loose = None
        self._by_translated_loose = None
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
        matches = self._by_name.get(ref) or self._by_folded.get(fold(ref)) or self._loose(ref)
        if not matches:  # a name in another language; the cards' own names came first
            matches = self._translated(ref)
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

    def _loose(self, ref: str) -> list[CardData] | None:
        """The cards whose name is ``ref`` written as deck sites write it (:func:`loose_name`)."""
        if self._by_loose is None:
            index: dict[str, list[CardData]] = {}
            for card in self.by_id.values():
                index.setdefault(loose_name(card.name), []).append(card)
            self._by_loose = index
        return self._by_loose.get(loose_name(ref))

    def _translated(self, ref: str) -> list[CardData] | None:
        """The cards whose translated name is ``ref``, ignoring case and accents, or as deck sites
        write it (:func:`loose_name`)."""
        found = self._by_translated.get(fold(ref))
        if found:
            return found
        if self._by_translated_loose is None:
            index: dict[str, list[CardData]] = {}
            for folded, cards in self._by_translated.items():
                loose = index.setdefault(loose_name(folded), [])
                loose += [card for card in cards if all(c is not card for c in loose)]
            self._by_translated_loose = index
        return self._by_translated_loose.get(loose_name(ref))

    def _named(self, name: str) -> list[CardData]:
        """The cards ``name`` names as deck sites write it: by their own name, else a translated one."""
        return self._loose(name) or self._translated(name) or []

    def _printing(self, ref: str) -> Match | None:
        """A printing written by set and number, with its name or without.

        A name beside the code must be the printing's (``loose_name``): a set and number
        that name another card name nothing."""
        ref = ref.strip()
        for form in (_SET_NUMBER, *_NAME_CODE, _NAME_SET_NUMBER):
            found = form.match(ref)
            if not found:
                continue
            groups = found.groupdict()
            name, set_code, number = groups.get("name"), groups["set"], groups["number"]
            if number:
                cards = self._set_numbers().get((fold(set_code), number_key(number)), [])
                unlanguaged = _LANGUAGE.match(number)
                if not cards and unlanguaged:  # "BT01/001EN": the printing, in the language it names
                    cards = self._set_numbers().get((fold(set_code), number_key(unlanguaged["number"])), [])
            else:  # "Blaster Blade (TD01)": the printing of that name in that set
                cards = [c for c in self._named(name or "") if fold(c.set) == fold(set_code)]
            if name and number:
                named = self._named(name)
                cards = [c for c in cards if any(c is n for n in named)]
            if cards:
                break
        else:
            return None
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
        if self._names is None:  # every name, in every language, folded
            self._names = sorted({*self._by_folded, *self._by_translated})
        folded = fold(ref)
        close = difflib.get_close_matches(folded, self._names, n=limit, cutoff=0.6)
        if len(close) < limit:  # a word of the name is enough: "Blaster" finds "Blaster Blade"
            words = set(folded.split())
            close += [n for n in self._names if n not in close and words & set(n.split())][
                : limit - len(close)
            ]
        return [
            self._by_folded[name][0].name if name in self._by_folded else self._translated_spelling[name]
            for name in close
        ]


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
