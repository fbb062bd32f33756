"""Deck construction rules as pure Python: plain frozen values in, every violation out.

A deck (:class:`DeckData`) names cards by reference (a stableCardId, or a
name that names exactly one card of its game) in sections, plus per-game picks
(darkrow's active Leader, riftbound's Legend and Chosen Champion). A format
(:class:`FormatData`, in :mod:`rules.formats`) is data: per-section sizes, a copy limit and what counts
as one card identity, allowed sets, a banlist, per-card exceptions, and whether
only owned cards may be used.

:func:`validate_deck` resolves every reference against the game's cards (:mod:`rules.pool`), runs
the common, data-driven checks below, then the game's own checks (declared by
its rule set, like ``AUTH_PASSWORD_VALIDATORS``), and collects every finding:
it never stops at the first one, and it never drops an entry, even an unknown
one. Nothing here imports Django or does I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .cards import CardData
from .codes import blocks_ready
from .findings import HINT, Finding, Severity, error, warning
from .formats import (
    NAME,
    NAME_ID,
    SIDEBOARD,
    STABLE_ID,
    FormatData,
)
from .i18n import N_
from .pool import (
    VALIDATED,
    CardPool,
    Resolved,
    identity_key,
    with_printing,
)
from .text import fold

if TYPE_CHECKING:
    from .ruleset import RuleSet

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
            yield error(
                "AMBIGUOUS_CARD",
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
            yield error(
                "UNKNOWN_CARD",
                card=resolved.ref,
                params={
                    "section": resolved.section,
                    "ref": resolved.ref,
                    "game": ctx.deck.game,
                    "suggestions": list(close),
                },
                hint=N_("check the stableCardId or the name"),
                **where,
            )
        elif resolved.card.status != VALIDATED:
            yield error(
                "CARD_NOT_VALIDATED",
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


def known_sections(ruleset: RuleSet, fmt: FormatData) -> tuple[str, ...]:
    """The sections a deck of ``fmt`` may have: its game's, and the sideboard when the format declares one."""
    if fmt.sideboard is not None and SIDEBOARD not in ruleset.deck_sections:
        return (*ruleset.deck_sections, SIDEBOARD)
    return ruleset.deck_sections


def copy_sections(ctx: DeckContext) -> tuple[str, ...]:
    """The sections the copy limit counts: the game's, and the format's sideboard with them
    (riftbound's tournament rule 403.3)."""
    sections = ctx.ruleset.copy_limit_sections
    if ctx.format.sideboard is not None and SIDEBOARD not in sections:
        return (*sections, SIDEBOARD)
    return sections


def check_sections(ctx: DeckContext) -> Iterator[Finding]:
    """WRONG_SECTION for entries in a section the game does not have (kept, never dropped); a
    sideboard in a format without one is one NO_SIDEBOARD for the whole section."""
    known = known_sections(ctx.ruleset, ctx.format)
    side = ctx.by_section.get(SIDEBOARD) if SIDEBOARD not in known else None
    if side:
        total = sum(r.count for r in side)
        yield error(
            "NO_SIDEBOARD",
            section=SIDEBOARD,
            params={"section": SIDEBOARD, "format": ctx.format.key, "observed": total},
            hint=N_("remove the sideboard, or move its cards to the deck's sections"),
        )
    for resolved in (
        r
        for name, entries in ctx.by_section.items()
        if name not in known and name != SIDEBOARD
        for r in entries
    ):
        yield error(
            "WRONG_SECTION",
            section=resolved.section,
            card=_card_ref(resolved),
            params={"section": resolved.section, "ref": resolved.ref, "expected": list(known)},
            hint=HINT,
        )


def check_sizes(ctx: DeckContext) -> Iterator[Finding]:
    for section, bound in ctx.format.sections.items():
        count = ctx.counts.get(section, 0)
        problem = bound.problem(count)
        if problem:
            yield error(
                "DECK_SIZE",
                section=section,
                params={
                    "section": section,
                    "observed": count,
                    "expected": bound.exact,
                    "minimum": bound.minimum,
                    "maximum": bound.maximum,
                },
                hint=HINT,
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
        pairs = ctx.cards(*copy_sections(ctx))
        if not pairs:
            return
        if max([resolved.count for resolved, _ in pairs]) <= fmt.copy_limit:
            keys = ctx.identities(pairs)
            if len(set(keys)) == len(keys):
                return
    sections = copy_sections(ctx)
    groups = ctx.groups(*sections)
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
                hint=HINT,
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
            yield error(
                "BANLIST",
                section="main",
                card=card.stable_id,
                params={
                    "section": "main",
                    "card": card.stable_id,
                    "observed": total,
                    "expected": allowed,
                    "format": fmt.key,
                },
                hint=HINT if allowed else N_("remove it"),
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
                section=resolved.section,
                card=card.stable_id,
                params={
                    "section": resolved.section,
                    "card": card.stable_id,
                    "set": card.set,
                    "expected": sorted(allowed),
                    "format": ctx.format.key,
                },
                hint=HINT,
            )


def check_ownership(ctx: DeckContext) -> Iterator[Finding]:
    """NOT_OWNED: copies of one identity owned over all its printings (2 TD01 + 2 BT01 are 4)."""
    if not ctx.format.owned_only:
        return
    if ctx.collection is None:
        yield warning(
            "OWNERSHIP_NOT_CHECKED",
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
    if fmt.identity != STABLE_ID:  # only a name or nameId identity has printings (CardPool.find)
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
        for r in everything:
            if r.card is None and r.reserved is None and not r.ambiguous and r.ref not in suggestions:
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


def played_id(
    resolved: Mapping[str, Mapping[str, str]], section: str, ref: str, held: str | None = None
) -> str | None:
    """The stableCardId a deck entry plays: the card it holds (``held``: its reference named that
    card when it was written, or the player chose that printing), else the card its validation
    resolved its reference to (``resolved``: the result's :func:`resolved_map`). A name that
    printings of one copy identity share holds no card and plays the printing
    :func:`~rules.pool.pick_printing` picked for the deck (FORMATS.md, "Deck file"). None: the
    reference names no card the deck's owner may see, or several.

    Every reader of a stored deck (validation, statistics, draws, odds, faces, print sheets,
    Tabletop Simulator, tables, play statistics, exports) sees the deck's cards through this
    rule (``decks.selectors.played_entries``), so none of them loses an entry the verdict counts.
    """
    if held is not None:
        return held
    return resolved.get(section, {}).get(ref)
