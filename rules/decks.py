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

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .cards import CardData
from .findings import Finding, Severity, error, warning
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
        object.__setattr__(
            self, "sections", MappingProxyType({k: tuple(v) for k, v in self.sections.items()})
        )
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

    @property
    def ambiguous(self) -> bool:
        return len(self.candidates) > 1


class CardPool:
    """The cards of one game a deck may name, indexed by stable id and by name.

    A reference is first a stableCardId; otherwise a name: the exact name if it
    names one card, else the name ignoring case and accents. A name shared by
    several cards is ambiguous (darkrow's "Gin" is a Leader and a Legendary).
    """

    def __init__(self, cards: Iterable[CardData] = ()):
        self.by_id: dict[str, CardData] = {}
        self._by_name: dict[str, list[CardData]] = {}
        self._by_folded: dict[str, list[CardData]] = {}
        self._memo: dict[str, tuple[CardData | None, tuple[CardData, ...]]] = {}
        # Resolved entries are values: one per (section, reference, count, reserved) is shared by every deck.
        self._resolved: dict[tuple, Resolved] = {}
        for card in cards:
            self.add(card)

    def add(self, card: CardData) -> None:
        if card.stable_id in self.by_id:
            return
        self.by_id[card.id] = card
        self._by_name.setdefault(card.name, []).append(card)
        self._by_folded.setdefault(card.folded(), []).append(card)
        self._memo.clear()
        self._resolved.clear()

    def __len__(self) -> int:
        return len(self.by_id)

    def resolve(self, ref: str) -> tuple[CardData | None, tuple[CardData, ...]]:
        """(the card, ()) when ``ref`` names exactly one card; (None, candidates) otherwise."""
        try:
            return self._memo[ref]
        except KeyError:
            pass
        card = self.by_id.get(ref)
        if card is not None:
            found: tuple[CardData | None, tuple[CardData, ...]] = (card, ())
        else:
            matches = self._by_name.get(ref) or self._by_folded.get(fold(ref)) or []
            found = (
                (matches[0], ())
                if len(matches) == 1
                else (None, tuple(sorted(matches, key=lambda c: c.stable_id or "")))
            )
        self._memo[ref] = found
        return found

    def resolved(self, section: str, ref: str, count: int, reserved: Mapping[str, str]) -> Resolved:
        key = (section, ref, count)
        try:
            return self._resolved[key]
        except KeyError:
            pass
        if ref in reserved:
            value = Resolved(section, ref, count, reserved=ref, clean=True)
        else:
            card, candidates = self.resolve(ref)
            clean = card is not None and card.status == VALIDATED
            value = Resolved(section, ref, count, card=card, candidates=candidates, clean=clean)
        self._resolved[key] = value
        return value


# --- the result ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ValidationResult:
    game: str
    format: str
    counts: Mapping[str, int]
    violations: tuple[Finding, ...]
    # A legal deck may still lack what a game needs to start (darkrow: the active Leader).
    ready_to_play: bool = True

    @property
    def legal(self) -> bool:
        return not any(f.severity == Severity.ERROR for f in self.violations)

    def to_dict(self) -> dict[str, Any]:
        """The FORMATS.md "Validation result", plus ``readyToPlay``."""
        return {
            "legal": self.legal,
            "game": self.game,
            "format": self.format,
            "counts": dict(self.counts),
            "violations": [f.to_dict() for f in self.violations],
            "readyToPlay": self.ready_to_play,
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
    counts: dict[str, int] = field(default_factory=dict)
    by_section: dict[str, list[Resolved]] = field(default_factory=dict)
    found: dict[str, list[tuple[Resolved, CardData]]] = field(default_factory=dict)

    def __post_init__(self):
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
        return identity_key(card, self.format.identity)


DeckCheck = Callable[[DeckContext], Iterable[Finding]]


def identity_key(card: CardData, identity: str) -> str:
    # Folded once per card (CardData.folded), not once per validation.
    if identity == NAME:
        return card.folded()
    if identity == NAME_ID:
        return card.folded("nameId")
    return card.stable_id or card.name


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
    groups: dict[str, tuple[int, Resolved, CardData]] = {}
    for resolved, card in pairs:
        k = key(card)
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


def _per_card_limit(mapping: Mapping[str, Any], card: CardData, identity: str) -> tuple[bool, Any]:
    """A banlist or exception entry that names ``card`` by stable id or by its identity."""
    if not mapping:
        return False, None
    if card.stable_id in mapping:
        return True, mapping[card.id]
    key = identity_key(card, identity)
    for ref, value in mapping.items():
        if fold(ref) == key:
            return True, value
    return False, None


# --- common checks, driven by the format's data ---------------------------------------
def check_references(ctx: DeckContext) -> Iterator[Finding]:
    """UNKNOWN_CARD, AMBIGUOUS_CARD, CARD_NOT_VALIDATED for every entry and pick."""
    picks = [p for p in ctx.picks.values() if p is not None]
    if picks:
        in_sections = {r.ref for r in ctx.entries} | {
            r.card.stable_id for r in ctx.entries if r.card is not None
        }
        # A pick that is also an entry (the Chosen Champion in main) is reported once, as the entry.
        picks = [p for p in picks if p.ref not in in_sections]
    for resolved in [r for r in ctx.entries if not r.clean] + [p for p in picks if not p.clean]:
        where = {"section": resolved.section}
        if resolved.ambiguous:
            ids = ", ".join(c.stable_id or c.name for c in resolved.candidates)
            yield error(
                "AMBIGUOUS_CARD",
                f"{resolved.section}: {resolved.ref!r} names {len(resolved.candidates)} {ctx.deck.game} cards ({ids}); "
                "use the stableCardId of the one you mean",
                card=resolved.ref,
                **where,
            )
        elif resolved.card is None:
            yield error(
                "UNKNOWN_CARD",
                f"{resolved.section}: {resolved.ref!r} names no {ctx.deck.game} card; check the stableCardId or the name",
                card=resolved.ref,
                **where,
            )
        elif resolved.card.status != VALIDATED:
            yield error(
                "CARD_NOT_VALIDATED",
                f"{resolved.section}: {label(resolved.card)} is {resolved.card.status}; only VALIDATED cards may be played",
                card=resolved.card.stable_id,
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
            )


def check_copy_limit(ctx: DeckContext) -> Iterator[Finding]:
    fmt = ctx.format
    if fmt.copy_limit is None and not fmt.exceptions:
        return
    totals: dict[str, int] = {}
    first: dict[str, CardData] = {}
    by_id = fmt.identity == STABLE_ID
    for resolved, card in ctx.cards(*ctx.ruleset.copy_limit_sections):
        key = card.id if by_id else identity_key(card, fmt.identity)
        if key in totals:
            totals[key] += resolved.count
            if card.id < first[key].id:  # the same card names the group whatever the order
                first[key] = card
        else:
            totals[key] = resolved.count
            first[key] = card
    what = {STABLE_ID: "card", NAME: "card name", NAME_ID: "nameId"}[fmt.identity]
    for key, total in totals.items():
        limit = fmt.copy_limit
        if limit is not None and total <= limit and not fmt.exceptions:
            continue
        card = first[key]
        named, exception = _per_card_limit(fmt.exceptions, card, fmt.identity)
        if named:
            limit = exception
        if limit is not None and total > limit:
            shown = {
                STABLE_ID: label(card),
                NAME: repr(card.name),
                NAME_ID: repr(card.get("nameId") or card.name),
            }[fmt.identity]
            yield error(
                "COPY_LIMIT",
                f"{copies(total)} of {what} {shown} in {', '.join(ctx.ruleset.copy_limit_sections)}; "
                f"at most {limit} {'is' if limit == 1 else 'are'} allowed in {fmt.key}",
                section=ctx.ruleset.copy_limit_sections[0],
                card=card.stable_id,
            )


def check_banlist(ctx: DeckContext) -> Iterator[Finding]:
    fmt = ctx.format
    if not fmt.banlist:
        return
    totals: Counter[str] = Counter()
    first: dict[str, tuple[CardData, int]] = {}
    for resolved, card in ctx.cards():
        named, allowed = _per_card_limit(fmt.banlist, card, fmt.identity)
        if named:
            key = ctx.identity(card)
            totals[key] += resolved.count
            if key not in first or card.id < first[key][0].id:
                first[key] = (card, allowed)
    for key, total in totals.items():
        card, allowed = first[key]
        if total > allowed:
            status = {0: "forbidden", 1: "limited to 1 copy", 2: "semi-limited to 2 copies"}.get(
                allowed, f"limited to {allowed}"
            )
            yield error(
                "BANLIST",
                f"{label(card)} is {status} in {fmt.key}; the deck has {copies(total)}",
                section="main",
                card=card.stable_id,
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
            )


def check_ownership(ctx: DeckContext) -> Iterator[Finding]:
    if not ctx.format.owned_only:
        return
    if ctx.collection is None:
        yield warning(
            "OWNERSHIP_NOT_CHECKED",
            f"{ctx.format.key} allows only cards the owner owns, and this deck has no owner: ownership was not checked",
        )
        return
    needed: Counter[str] = Counter()
    cards: dict[str, tuple[str, CardData]] = {}
    for resolved, card in ctx.cards():
        needed[card.id] += resolved.count
        if card.id not in cards or resolved.section < cards[card.id][0]:
            cards[card.id] = (resolved.section, card)
    for pick in ctx.picks.values():
        if pick is not None and pick.card is not None and pick.card.id not in needed:
            needed[pick.card.id] += 1
            cards[pick.card.id] = (pick.section, pick.card)
    owner = ctx.deck.owner or "the owner"
    for stable_id, count in needed.items():
        owned = ctx.collection.get(stable_id, 0)
        if owned < count:
            section, card = cards[stable_id]
            yield error(
                "NOT_OWNED",
                f"the deck uses {copies(count)} of {label(card)}; {owner}'s collection has {owned}",
                section=section,
                card=stable_id,
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
    ruleset: RuleSet, deck: DeckData, pool: CardPool
) -> tuple[dict[str, list[Resolved]], dict[str, Resolved | None]]:
    """Each section's entries resolved, and each pick (None when not made)."""
    reserved = ruleset.reserved_refs
    resolved = pool.resolved
    sections = {
        section: [resolved(section, e.ref, e.count, reserved) for e in entries]
        for section, entries in deck.sections.items()
    }
    picks: dict[str, Resolved | None] = {}
    for name in ruleset.deck_picks:
        ref = deck.picks.get(name)
        picks[name] = resolved(name, ref, 1, reserved) if ref else None
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
    sections, picks = resolve_deck(ruleset, deck, pool)
    return validate_resolved(ruleset, deck, sections, picks, fmt, collection)


def validate_resolved(
    ruleset: RuleSet,
    deck: DeckData,
    sections: dict[str, list[Resolved]],
    picks: dict[str, Resolved | None],
    fmt: FormatData,
    collection: Mapping[str, int] | None = None,
) -> ValidationResult:
    """:func:`validate_deck` for entries already resolved (from :meth:`CardPool.resolved`).

    Checks read the entries through the context (``ctx.section``, ``ctx.cards``,
    ``ctx.picks``); ``deck`` gives the game, the format and the owner.
    """
    entries = [r for section_entries in sections.values() for r in section_entries]
    ctx = DeckContext(ruleset, deck, fmt, entries, picks, collection, by_section=sections)
    counts = ctx.counts
    for name in ruleset.deck_sections:
        counts[name] = 0
    for name, section_entries in ctx.by_section.items():
        counts[name] = sum(r.count for r in section_entries)
    findings: list[Finding] = []
    for check in (*COMMON_DECK_CHECKS, *ruleset.deck_checks):
        findings.extend(check(ctx))
    legal = not any(f.is_error for f in findings)
    ready = legal and not any(f.code in ruleset.not_ready_codes for f in findings)
    return ValidationResult(deck.game, fmt.key, counts, tuple(findings), ready)
