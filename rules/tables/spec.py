"""A game's playtest table as data: its zones, counters, setup and turn, declared on its rule set.

A rule set declares ``table = TableSpec(...)`` from its seed (zones and what each player sees of
them, capacities the seed states, counters, the setup the server deals, the steps of a turn and
what each does by itself). :func:`plain_table` is the table of a game that declares none: a deck,
a hand, a discard and a shared play area. Nothing here plays a card: effects stay declarative.

Pure: plain frozen values, no Django, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..i18n import N_
from .board import BoardSpec

if TYPE_CHECKING:
    from ..draws import Mulligan

# Who sees the cards of a zone. PUBLIC: everyone (a face-down card there only its owner).
# OWNER: its owner; the others its count (a hand). HIDDEN: nobody, the count only (a deck's order,
# darkrow's Life: "face cachée sans choix ni révélation").
PUBLIC, OWNER, HIDDEN = "public", "owner", "hidden"
VISIBILITIES = (PUBLIC, OWNER, HIDDEN)


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    """One zone of each player (or, ``shared``, one of the whole table).

    ``capacity``: the most cards the seed allows there (None: no bound; a shared zone counts the
    cards of both players: duel's one Terrain of the whole board); a move into a full zone
    is refused, unless ``replaced_to`` names where the card already there goes (vanguard: a call
    on an occupied RC sends the old unit to the drop, a ride sends the old vanguard to the soul).
    ``face_down``: cards enter face down (Life). ``ordered``: a pile with a top (a deck).
    """

    key: str
    label: str
    visibility: str = PUBLIC
    capacity: int | None = None
    replaced_to: str | None = None
    face_down: bool = False
    ordered: bool = False
    shared: bool = False
    # Where the page shows it: "pile" (deck, discard), "row" (a play area), "hand".
    layout: str = "row"
    # A card put here from the hand or the deck was played (the play statistics count it).
    play: bool = False


@dataclass(frozen=True, slots=True)
class CounterSpec:
    key: str
    label: str
    initial: int = 0
    minimum: int | None = 0
    maximum: int | None = None


# --- what a step does by itself, once, when the turn enters it ------------------------------------
@dataclass(frozen=True, slots=True)
class Untap:
    """The active player's cards stand up (ready, awaken, stand)."""


@dataclass(frozen=True, slots=True)
class Draw:
    """The active player draws ``count``; ``skip_first_turn``: not on the first player's very first turn."""

    count: int = 1
    skip_first_turn: bool = False


@dataclass(frozen=True, slots=True)
class Schedule:
    """A counter set by the player's own turn number (darkrow's maximum Indices, 1,3,5,7,9,10)."""

    counter: str
    first: tuple[int, ...]
    second: tuple[int, ...]
    # Counters set to the same value (the Indices that are READY).
    also: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Channel:
    """Cards from the top of one zone to another (riftbound: 2 runes, 3 on the second player's first turn)."""

    source: str
    target: str
    count: int
    second_player_first_turn: int | None = None


@dataclass(frozen=True, slots=True)
class Reset:
    """Counters back to their initial value (riftbound's rune pool empties at the end of the turn)."""

    counters: tuple[str, ...]


StepAction = Untap | Draw | Schedule | Channel | Reset


@dataclass(frozen=True, slots=True)
class StepSpec:
    key: str
    label: str
    actions: tuple[StepAction, ...] = ()
    # What the seed says of this step, shown beside it ("no battle on the first player's first turn").
    note: str = ""


# --- how the game ends ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class EndWhen:
    """A state the seed says ends the game: the table proposes the result, a player confirms it.

    ``counter`` or ``zone`` of a player at least (``at_least``) or at most (``at_most``) a value;
    ``wins``: that player wins (riftbound's 8 points), else loses (6 damage, 0 LP).
    """

    reason: str
    counter: str | None = None
    zone: str | None = None
    at_least: int | None = None
    at_most: int | None = None
    wins: bool = False


# What a mandatory draw from an empty deck does: the player loses (darkrow's Deck Out, vanguard,
# duel), or riftbound's Burn Out (the trash is shuffled into the deck, the opponent scores 1).
DECK_OUT_LOSES, BURN_OUT = "loses", "burn-out"


@dataclass(frozen=True, slots=True)
class BurnOut:
    source: str
    counter: str
    points: int = 1


@dataclass(frozen=True, slots=True)
class Choose:
    """A setup decision: each player moves ``count`` of their cards from ``source`` to their target
    (``targets``: the first seat's, the second's; riftbound: each player's chosen battlefield)."""

    source: str
    targets: tuple[str, str]
    count: int = 1
    label: str = ""

    @property
    def decision(self) -> str:
        return f"choose:{self.source}"


@dataclass(frozen=True, slots=True)
class SetupSpec:
    """What the server deals before the first turn.

    ``sections``: deck section -> the zone its cards start in (shuffled if the zone is ordered);
    the first section of the rule set is the deck. ``picks``: pick -> the zone it starts in (darkrow's
    active Leader; riftbound's Legend and Chosen Champion, whose copy leaves the main deck).
    ``starter``: the zone the setup's starter goes to, face down until the setup is done (vanguard).
    ``coin_toss``: a seeded coin, whose winner chooses to play first or second (darkrow); otherwise
    the first player is drawn by the seed. ``hand``, ``mulligan`` and ``life`` follow the game's
    test draws (RuleSet.draw_setup) unless given here.
    """

    sections: tuple[tuple[str, str], ...] = ()
    picks: tuple[tuple[str, str], ...] = ()
    pick_leaves_deck: tuple[str, ...] = ()
    starter_zone: str | None = None
    life_zone: str | None = None
    coin_toss: bool = False
    choices: tuple[Choose, ...] = ()
    hand: int | None = None
    mulligan: Mulligan | None = None
    life: int | None = None
    summary: str = ""


@dataclass(frozen=True, slots=True)
class TableSpec:
    """Everything about a game's playtest table (see the module's docstring)."""

    zones: tuple[ZoneSpec, ...]
    counters: tuple[CounterSpec, ...] = ()
    steps: tuple[StepSpec, ...] = (StepSpec("main", N_("Main phase")),)
    setup: SetupSpec = field(default_factory=SetupSpec)
    ends: tuple[EndWhen, ...] = ()
    deck_out: str = DECK_OUT_LOSES
    burn_out: BurnOut | None = None
    board: BoardSpec | None = None
    summary: str = ""

    def zone(self, key: str) -> ZoneSpec | None:
        for zone in self.zones:
            if zone.key == key:
                return zone
        return None

    def counter(self, key: str) -> CounterSpec | None:
        for counter in self.counters:
            if counter.key == key:
                return counter
        return None

    @property
    def own_zones(self) -> tuple[ZoneSpec, ...]:
        return tuple(z for z in self.zones if not z.shared)

    @property
    def shared_zones(self) -> tuple[ZoneSpec, ...]:
        return tuple(z for z in self.zones if z.shared)


# The zones every table has (FORMATS.md: deck, hand and discard).
DECK = ZoneSpec("deck", N_("Deck"), HIDDEN, ordered=True, layout="pile")
HAND = ZoneSpec("hand", N_("Hand"), OWNER, layout="hand")
DISCARD = ZoneSpec("discard", N_("Discard pile"), PUBLIC, ordered=True, layout="pile")


def plain_table() -> TableSpec:
    """The table of a game whose rule set declares none: deck, hand, discard and a shared play area."""
    return TableSpec(
        zones=(DECK, HAND, ZoneSpec("play", N_("Play area"), PUBLIC, shared=True, play=True), DISCARD),
        summary=N_("The game declares no table: a shuffled deck, a hand, a play area and a discard."),
    )
