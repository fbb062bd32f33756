"""What the deck pages show: a deck's verdict, sections and picks, each violation attached to its entry.

Plain values built from a deck read by :func:`decks.selectors.deck_get`
(entries and their cards prefetched): no query of its own. A stale deck's
verdict is the one computed now (:func:`decks.validation.fresh_results`),
never its old stored result.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from cards.models import Card, CardTranslation, Status
from common.finding_messages import message as finding_message
from common.i18n import tr
from rules import get_ruleset
from rules.decks import ValidationResult, known_sections, played_id
from rules.formats import SIDEBOARD, SizeBound
from rules.text import fold

from .models import Deck, EntryKind


@dataclass
class Violation:
    code: str
    severity: str
    message: str
    section: str | None
    card: str | None
    # Where it points on the page (an entry, a pick or a section), and what that is.
    anchor: str = ""
    target: str = ""
    # The section a card in the wrong one belongs to (WRONG_SECTION's params), when it says one.
    home: str = ""
    # The entry it points at, its section, and the label of ``home``: the fix buttons of the verdict.
    row: Any = None
    row_section: str = ""
    home_label: str = ""

    @property
    def is_error(self) -> bool:
        return self.severity == "error"


@dataclass
class Verdict:
    legal: bool
    ready: bool
    stale: bool
    # Computed for this page because the stored result is stale (or missing).
    computed_now: bool
    validated_at: datetime | None
    counts: dict[str, int]
    violations: list[Violation]
    # {section: {reference: stableCardId played}} and {reference: closest names} (rules.decks).
    resolved: dict[str, dict[str, str]] = field(default_factory=dict)
    suggestions: dict[str, list[str]] = field(default_factory=dict)

    @property
    def errors(self) -> list[Violation]:
        return [v for v in self.violations if v.is_error]

    @property
    def badge(self) -> str:
        return "legal" if self.legal else "illegal"


def verdict_of(deck: Deck, fresh: ValidationResult | None = None) -> Verdict:
    """The deck's verdict: ``fresh`` (computed now) when given, else the stored result."""
    if fresh is not None:
        legal, ready, counts = fresh.legal, fresh.ready_to_play, dict(fresh.counts)
        violations = [f.to_dict() for f in fresh.violations]
        data = fresh.to_dict()
        resolved, suggestions = data["resolved"], data["suggestions"]
    else:
        legal, ready, counts, violations = (
            bool(deck.legal),
            bool(deck.ready_to_play),
            dict(deck.counts or {}),
            deck.violations or [],
        )
        resolved, suggestions = deck.resolved or {}, deck.suggestions or {}
    names = _section_names(deck.game)
    return Verdict(
        legal=legal,
        ready=ready,
        stale=deck.stale or deck.legal is None,
        computed_now=fresh is not None,
        validated_at=deck.validated_at,
        counts=counts,
        violations=[_violation(v, deck.game, names) for v in violations],
        resolved=resolved,
        suggestions=suggestions,
    )


def _section_names(game: str) -> dict[str, dict[str, str]]:
    """How the page names the game's sections and picks, for the messages that name one ("Main deck has
    5 cards", not "main has 5 cards")."""
    ruleset = get_ruleset(game)
    return {
        "section": {
            name: tr(ruleset.label_of(name))
            for name in (*ruleset.deck_sections, SIDEBOARD, *ruleset.deck_picks)
            if name != SIDEBOARD or name in ruleset.deck_labels
        }
    }


def _violation(data: dict[str, Any], game: str | None = None, names: dict | None = None) -> Violation:
    return Violation(
        code=data.get("code", ""),
        severity=data.get("severity", "error"),
        # In the reader's language, from its code and params; the game's card types by their labels, a
        # section by its name on the page.
        message=finding_message(data, game, names),
        section=data.get("section"),
        card=data.get("card"),
        home=_home(data),
    )


def _home(data: dict[str, Any]) -> str:
    expected = (data.get("params") or {}).get("expected")
    return expected if data.get("code") == "WRONG_SECTION" and isinstance(expected, str) else ""


# --- sections and picks ------------------------------------------------------------------------------
@dataclass
class Row:
    position: int
    ref: str
    count: int
    card: Card | None
    anchor: str
    problems: list[Violation] = field(default_factory=list)
    # Printings of the card's identity the player may choose from (empty: nothing to choose).
    printings: list[Card] = field(default_factory=list)
    # The printing the entry plays: the one chosen (``card``), else the one the studio picked.
    played: Card | None = None
    # Closest names, when the reference names no card.
    suggestions: list[str] = field(default_factory=list)
    # The shown card's translation into the reader's language, when they see it through one (a
    # current one: cards.translation_selectors.reader_translations); None: its source.
    translation: CardTranslation | None = None

    @property
    def shown(self) -> Card | None:
        """The card shown for the entry: the one it names, else the printing the studio picked."""
        return self.card or self.played

    @property
    def chosen(self) -> bool:
        """The player chose this printing (the entry names it, not only its name)."""
        return self.card is not None and bool(self.printings)

    @property
    def playable(self) -> bool:
        card = self.card or self.played
        return card is not None and card.status == Status.VALIDATED

    @property
    def has_error(self) -> bool:
        return any(p.is_error for p in self.problems)

    @property
    def name(self) -> str:
        """The entry's name as the reader reads it: the card's translated name, else its own, else the
        reference."""
        if self.translation is not None:
            return self.translation.name
        card = self.card or self.played
        return card.name if card is not None else self.ref

    @property
    def ambiguous(self) -> bool:
        return any(p.code == "AMBIGUOUS_CARD" for p in self.problems)


@dataclass
class SectionView:
    name: str
    label: str
    anchor: str
    rows: list[Row]
    count: int
    # The format's size rule, e.g. "40" or "1–5"; empty when the format has none.
    bound: str = ""
    size_ok: bool = True
    # A section the game does not have (kept from an import: WRONG_SECTION says so).
    known: bool = True
    problems: list[Violation] = field(default_factory=list)


@dataclass
class PickView:
    name: str
    label: str
    help: str
    anchor: str
    ref: str | None
    card: Card | None
    # (stable id, label) of the deck's cards that can be picked; empty: pick from the search.
    choices: list[tuple[str, str]]
    problems: list[Violation] = field(default_factory=list)
    # The picked card's translation into the reader's language (see Row.translation).
    translation: CardTranslation | None = None


@dataclass
class Board:
    """A deck's sections, picks and verdict, cross-linked."""

    sections: list[SectionView]
    picks: list[PickView]
    verdict: Verdict
    # Violations that point at nothing on the page (the whole deck).
    general: list[Violation]
    # Copies in the deck per card primary key (every section), for the search results.
    copies: dict[int, int]
    # (section, label) of the sections an entry may move to (the game's, the format's sideboard).
    targets: list[tuple[str, str]] = field(default_factory=list)


def _bound_text(bound: dict | None) -> str:
    if not bound:
        return ""
    size = SizeBound.from_dict(bound)
    if size.exact is not None:
        return str(size.exact)
    if size.minimum is not None and size.maximum is not None:
        return f"{size.minimum}–{size.maximum}"
    return f"≥ {size.minimum}" if size.minimum is not None else f"≤ {size.maximum}"


def copies_by_card(played: Iterable[Any]) -> dict[int, int]:
    """Copies in the deck (every section) per card primary key, of the cards its entries play
    (``played``: :func:`decks.selectors.deck_played`; a name of several printings counts as the
    printing the deck plays)."""
    copies: dict[int, int] = defaultdict(int)
    for entry in played:
        if entry.kind == EntryKind.CARD and entry.card_id is not None:
            copies[entry.card_id] += entry.count
    return dict(copies)


def deck_cards(deck: Deck, printings: dict[str, list[Card]] | None = None) -> list[Card]:
    """The cards the deck's page may show: its entries' and picks' cards and the printings of their
    names (no query: entries prefetched), whose translations the page reads at once."""
    cards = [entry.card for entry in deck.entries.all() if entry.card is not None]
    return cards + [card for group in (printings or {}).values() for card in group]


def board(
    deck: Deck,
    verdict: Verdict,
    printings: dict[str, list[Card]] | None = None,
    translations: dict[int, CardTranslation] | None = None,
    played: Iterable[Any] = (),
) -> Board:
    """``printings``: :func:`decks.selectors.deck_printings`, for the printing choice of each entry;
    ``translations``: the reader's translation of each card by primary key
    (:func:`cards.translation_selectors.reader_translations` of :func:`deck_cards`), which names it;
    ``played``: :func:`decks.selectors.deck_played`, the card an entry holding none plays when it is
    not a printing of its name (an id written before its owner could see the card)."""
    printings = printings or {}
    translations = translations or {}
    plays = {(p.kind, p.section, p.position): p.card for p in played if p.card is not None}

    def named(card: Card) -> str:
        translation = translations.get(card.pk)
        return translation.name if translation is not None else card.name

    ruleset = get_ruleset(deck.game)
    entries = sorted(deck.entries.all(), key=lambda e: (e.kind, e.section, e.position))
    by_section: dict[str, list[Row]] = defaultdict(list)
    picked: dict[str, Any] = {}
    known = known_sections(ruleset, deck.format.data())
    names = list(known)
    for entry in entries:
        if entry.kind == EntryKind.PICK:
            picked[entry.section] = entry
            continue
        if entry.section not in names:
            names.append(entry.section)
        index = names.index(entry.section)
        row = Row(entry.position, entry.ref, entry.count, entry.card, f"s{index}-e{entry.position}")
        row.printings = printings.get(fold(entry.card.name if entry.card is not None else entry.ref), [])
        if entry.card is None:  # the printing its validation picked (rules.decks.played_id)
            row.played = _played(row.printings, verdict, entry) or plays.get(
                (entry.kind, entry.section, entry.position)
            )
        row.suggestions = list(verdict.suggestions.get(entry.ref, []))
        if row.shown is not None:
            row.translation = translations.get(row.shown.pk)
        by_section[entry.section].append(row)

    format_sections = deck.format.sections or {}
    sections = []
    for index, name in enumerate(names):
        rows = by_section.get(name, [])
        count = sum(row.count for row in rows)
        bound = format_sections.get(name)
        sections.append(
            SectionView(
                name=name,
                label=tr(ruleset.label_of(name)),
                anchor=f"s{index}",
                rows=rows,
                count=count,
                bound=_bound_text(bound),
                size_ok=SizeBound.from_dict(bound).problem(count) is None if bound else True,
                known=name in known,
            )
        )

    picks = []
    for name in ruleset.deck_picks:
        entry = picked.get(name)
        choices: list[tuple[str, str]] = []
        source = ruleset.deck_pick_choices.get(name)
        if source is not None:
            section, types = source
            for row in by_section.get(section, []):
                card = row.shown
                if (
                    card is not None
                    and (types is None or card.type in types)
                    and card.stable_id not in dict(choices)
                ):
                    choices.append((card.stable_id, f"{named(card)} ({card.stable_id})"))
        card = None
        if entry is not None:
            card = (
                entry.card
                or _played(printings.get(fold(entry.ref), []), verdict, entry)
                or plays.get((entry.kind, entry.section, entry.position))
            )
        if card is not None and card.stable_id not in dict(choices):
            choices.insert(0, (card.stable_id, f"{named(card)} ({card.stable_id})"))
        picks.append(
            PickView(
                name=name,
                label=tr(ruleset.label_of(name)),
                help=tr(ruleset.deck_help.get(name, "")),
                anchor=f"pick-{name}",
                ref=entry.ref if entry is not None else None,
                card=card,
                choices=choices,
                translation=translations.get(card.pk) if card is not None else None,
            )
        )

    general = _attach(verdict.violations, sections, picks)
    return Board(
        sections=sections,
        picks=picks,
        verdict=verdict,
        general=general,
        copies=_shown_copies(sections),
        targets=[(name, tr(ruleset.label_of(name))) for name in known],
    )


def _played(printings: list[Card], verdict: Verdict, entry) -> Card | None:
    """The printing (among ``printings``) that an entry holding no card plays, as its verdict resolved it."""
    stable_id = played_id(verdict.resolved, entry.section, entry.ref)
    return next((c for c in printings if c.stable_id == stable_id), None) if stable_id else None


def _shown_copies(sections: list[SectionView]) -> dict[int, int]:
    """Copies in the deck per card primary key, of the card each row shows (the one it holds, else
    the printing it plays)."""
    copies: dict[int, int] = defaultdict(int)
    for section in sections:
        for row in section.rows:
            if row.shown is not None:
                copies[row.shown.pk] += row.count
    return dict(copies)


def _attach(
    violations: list[Violation], sections: list[SectionView], picks: list[PickView]
) -> list[Violation]:
    """Point each violation at its entry (by card and section), its pick or its section; return those left."""
    sections_by_name = {s.name: s for s in sections}
    picks_by_name = {p.name: p for p in picks}
    general = []
    for violation in violations:
        pick = picks_by_name.get(violation.section or "")
        if pick is not None:
            pick.problems.append(violation)
            violation.anchor, violation.target = pick.anchor, pick.label
            continue
        rows = []
        if violation.card:
            places = (
                [sections_by_name[violation.section]] if violation.section in sections_by_name else sections
            )
            rows = [
                row
                for section in places
                for row in section.rows
                if row.ref == violation.card
                or (row.card is not None and row.card.stable_id == violation.card)
                or (row.played is not None and row.played.stable_id == violation.card)
            ]
        for row in rows:
            row.problems.append(violation)
        if rows:
            section = next(s for s in sections if rows[0] in s.rows)
            violation.anchor, violation.target = rows[0].anchor, f"{section.label} · {rows[0].name}"
            violation.row, violation.row_section = rows[0], section.name
            home = sections_by_name.get(violation.home)
            if home is not None and home.known and home.name != section.name:
                violation.home_label = home.label
        elif violation.section in sections_by_name:
            section = sections_by_name[violation.section]
            section.problems.append(violation)
            violation.anchor, violation.target = section.anchor, section.label
        else:
            general.append(violation)
    return general
