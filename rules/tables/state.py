"""The state of a playtest table: plain frozen values, dealt from a seed and two frozen decks.

:func:`lay_out` lays the table as the game's :class:`~rules.tables.spec.TableSpec` says (the same
seed and decks always give the same table; :func:`rules.tables.engine.dealt` then begins its first
turn if the setup leaves nothing to decide). The state then only changes by
:func:`rules.tables.engine.apply`, one event at a time. Below the events, the moves and the
engine: of the table's modules it imports only the spec (and a game's moves' type, for the type
checker).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from types import MappingProxyType, MemberDescriptorType
from typing import TYPE_CHECKING, Any, TypeVar

from ..cards import CardData
from ..draws import DrawSetup, starter_index
from .spec import PUBLIC, TableSpec

if TYPE_CHECKING:
    from .moves import GameMoves

SETUP, PLAYING, FINISHED = "setup", "playing", "finished"
MULLIGAN, FIRST = "mulligan", "first"


@dataclass(frozen=True, slots=True)
class SeatDeck:
    """A seat's deck as the table froze it: each copy with its section, and the picks.

    ``cards``: (section, card) in deck-list order, one item per copy; ``picks``: pick -> card.
    The cards carry their version (``CardData.version``): a card edited later changes nothing here.
    """

    cards: tuple[tuple[str, CardData], ...]
    picks: tuple[tuple[str, CardData], ...] = ()


@dataclass(frozen=True, slots=True)
class Card:
    """A card on the table: its instance id and how it lies."""

    instance: str
    face_down: bool = False
    tapped: bool = False
    revealed: bool = False


@dataclass(frozen=True, slots=True)
class Seat:
    zones: Mapping[str, tuple[Card, ...]]
    counters: Mapping[str, int]
    # Setup decisions still to make (MULLIGAN, FIRST, a Choose's target zone).
    pending: frozenset[str] = frozenset()
    turns: int = 0


@dataclass(frozen=True, slots=True)
class Start:
    """What never changes during a game: the spec, the seed, the decks and who each instance is."""

    game: str
    spec: TableSpec
    seed: int
    decks: tuple[SeatDeck, SeatDeck]
    # instance -> (seat, card)
    instances: Mapping[str, tuple[int, CardData]]
    coin_winner: int | None
    # The game's own moves (rules.tables.moves.GameMoves; None: the free table only) and the
    # table's mode ("rules" or "free").
    moves: GameMoves | None = None
    mode: str = "free"
    # A table of the free rules before rules.tables.fairness (moves.LEGACY_FREE_VERSION): replayed
    # as it was played.
    legacy: bool = False


@dataclass(frozen=True, slots=True)
class TableState:
    start: Start
    seats: tuple[Seat, Seat]
    shared: Mapping[str, tuple[tuple[int, Card], ...]]
    phase: str = SETUP
    seq: int = 0
    turn: int = 0
    active: int | None = None
    first: int | None = None
    step: int = 0
    # (seat, reason): what the seed says ends the game, proposed for a player to confirm.
    proposal: tuple[int, str, bool] | None = None
    # (winner or None, reason)
    result: tuple[int | None, str] | None = None
    board: Mapping[str, tuple[str, str]] = field(default_factory=lambda: MappingProxyType({}))
    captured: tuple[tuple[str, str], ...] = ()
    notes: tuple[tuple[int, str], ...] = ()
    # The game's own state (rules.tables.moves): per turn (cleared when a turn begins), and kept.
    turn_state: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    game_state: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    # What no player decides alone (rules.tables.fairness): a result a seat claims, for the other to
    # accept or refuse, (seat, winner or None, reason); an undo a seat asks for, (seat, seq of the
    # event undone); the state before the last event that may be undone, with that event's seq (the
    # kept state has none of these of its own); the own hidden zones a seat is looking through (a
    # search), (seat, zone), until they are shuffled or the turn ends.
    claim: tuple[int, int | None, str] | None = None
    undo_request: tuple[int, int] | None = None
    undo_point: tuple[int, TableState] | None = None
    searching: frozenset[tuple[int, str]] = frozenset()
    # (seat, seq of the event that began it) of every turn so far (seq 0: dealt playing): the turn
    # timer reads the server's stamps of these events (rules.tables.clock).
    turns_began: tuple[tuple[int, int], ...] = ()

    @property
    def spec(self) -> TableSpec:
        return self.start.spec

    def card(self, instance: str) -> CardData:
        return self.start.instances[instance][1]

    def owner(self, instance: str) -> int:
        return self.start.instances[instance][0]

    def locate(self, instance: str) -> tuple[int | None, str, int] | None:
        """(seat or None for a shared zone, zone, position) of an instance, or None."""
        if instance not in self.start.instances:
            return None
        seat = self.owner(instance)
        # The intents of a state locate many of its cards (each candidate's condition): an index of
        # the state's cards from the second call on. Any other state (a replay's, one a condition
        # builds) is scanned: mostly located once or twice.
        known = _DERIVED.get(id(self))
        if known is None or known[0] is not self:
            return _scan(self, seat, instance)
        memo = known[1]
        index = memo.get(_LOCATIONS)
        if index is None:
            memo[_LOCATIONS] = _SCANNED
            return _scan(self, seat, instance)
        if index is _SCANNED:
            index = memo[_LOCATIONS] = _locations(self)
        found = index[seat].get(instance)
        return found if found is not None else index[2].get(instance)

    def with_seat(self, index: int, seat: Seat) -> TableState:
        return evolve(self, seats=(seat, self.seats[1]) if index == 0 else (self.seats[0], seat))


def _scan(state: TableState, seat: int, instance: str) -> tuple[int | None, str, int] | None:
    """Where ``instance`` lies: the first of its owner's zones that holds it, else of the shared zones."""
    for key, cards in state.seats[seat].zones.items():
        for position, card in enumerate(cards):
            if card.instance == instance:
                return seat, key, position
    for key, pairs in state.shared.items():
        for position, (_owner, card) in enumerate(pairs):
            if card.instance == instance:
                return None, key, position
    return None


_Where = tuple[int | None, str, int]


def _locations(state: TableState) -> tuple[dict[str, _Where], dict[str, _Where], dict[str, _Where]]:
    """Every card of the state where :func:`_scan` finds it: the first place in each seat's zones
    (the owner's are looked at first), then the first in the shared zones."""
    index: tuple[dict[str, _Where], dict[str, _Where], dict[str, _Where]] = ({}, {}, {})
    for seat in (0, 1):
        found = index[seat]
        for key, cards in state.seats[seat].zones.items():
            for position, card in enumerate(cards):
                if card.instance not in found:
                    found[card.instance] = (seat, key, position)
    shared = index[2]
    for key, pairs in state.shared.items():
        for position, (_owner, card) in enumerate(pairs):
            if card.instance not in shared:
                shared[card.instance] = (None, key, position)
    return index


# What is derived from one state, by the state's identity (the state kept alive beside it, so its id
# is never another's while it is here). A state never changes (frozen values, frozen mappings), nor
# does what a pure function derives from it: the intents try every candidate move on the same state.
_DERIVED: dict[int, tuple[TableState, dict[Any, Any]]] = {}
_MOST_DERIVED = 256
_LOCATIONS, _SCANNED = object(), object()


def derived(state: TableState) -> dict[Any, Any]:
    """The memo of ``state``: a dict for the values pure functions derive from this very state (keyed
    by the function and its other arguments); empty for a state not seen lately."""
    known = _DERIVED.get(id(state))
    if known is not None and known[0] is state:
        return known[1]
    if len(_DERIVED) >= _MOST_DERIVED:
        _DERIVED.clear()
    memo: dict[Any, Any] = {}
    _DERIVED[id(state)] = (state, memo)
    return memo


_T = TypeVar("_T")
# Per class: (the field names, a function that builds the changed copy).
_EVOLVERS: dict[type, tuple[frozenset[str], Callable[[Any, dict[str, Any]], Any]]] = {}


def _evolver(cls: type) -> tuple[frozenset[str], Callable[[Any, dict[str, Any]], Any]]:
    """The copier of ``cls``'s frozen values: a function written for its fields, which sets each slot
    through its descriptor (no loop over the names, no ``getattr``, no frozen ``__setattr__``)."""
    names = tuple(f.name for f in fields(cls))
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    lines = ["def _copy(value, changes):", "    new = _new(_cls)"]
    for n, name in enumerate(names):
        slot = cls.__dict__.get(name)
        namespace[f"_set{n}"] = (
            slot.__set__
            if isinstance(slot, MemberDescriptorType)
            else (lambda obj, v, _name=name: object.__setattr__(obj, _name, v))
        )
        lines.append(f"    _set{n}(new, changes[{name!r}] if {name!r} in changes else value.{name})")
    lines.append("    return new")
    # Code written here from the class's own field names only.
    exec("\n".join(lines), namespace)
    made = _EVOLVERS[cls] = (frozenset(names), namespace["_copy"])
    return made


def evolve(value: _T, **changes: Any) -> _T:
    """``dataclasses.replace`` for these frozen values, without its per-call checks (a replay makes
    thousands of them: 2.5x faster than a loop over the fields, 6x than ``replace``)."""
    cls = type(value)
    made = _EVOLVERS.get(cls) or _evolver(cls)
    if not made[0].issuperset(changes):
        raise TypeError(f"{cls.__name__} has no field {sorted(set(changes) - made[0])}")
    return made[1](value, changes)


def frozen(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping))


def rng_for(seed: int, *parts: object) -> random.Random:
    """A generator for one random act of the table: the same seed and act always give the same draw."""
    return random.Random(":".join(str(p) for p in (seed, *parts)))


def lay_out(
    game: str,
    spec: TableSpec,
    draws: DrawSetup,
    seed: int,
    decks: Sequence[SeatDeck],
    main: str,
    *,
    moves: GameMoves | None = None,
    mode: str = "free",
    legacy: bool = False,
) -> TableState:
    """The table laid out for two seats, before any event: seq 0 (``moves``, ``mode``: rules.tables.moves);
    its setup not yet over (rules.tables.engine.dealt begins the first turn when nothing is left to decide)."""
    if len(decks) != 2:
        raise ValueError("a table has two seats")
    spec = with_draws(spec, draws)
    setup = spec.setup
    instances: dict[str, tuple[int, CardData]] = {}
    seats: list[Seat] = []
    hand_size = setup.hand or 0
    mulligan = setup.mulligan
    for index, deck in enumerate(decks):
        rng = rng_for(seed, "deal", index)
        total = len(deck.cards) + len(deck.picks)
        # Instance ids carry nothing of the card: numbered in a seeded random order.
        numbers = rng.sample(range(1, total + 1), total)
        ids = iter(f"{'ab'[index]}{n}" for n in numbers)
        zones: dict[str, list[Card]] = {z.key: [] for z in spec.own_zones}
        by_section: dict[str, list[str]] = {}
        for section, card in deck.cards:
            instance = next(ids)
            instances[instance] = (index, card)
            by_section.setdefault(section, []).append(instance)
        main_ids = by_section.get(main, [])
        for pick, zone in setup.picks:
            picked = dict(deck.picks).get(pick)
            if picked is None or zone not in zones:
                continue
            if pick in setup.pick_leaves_deck:
                same = next((i for i in main_ids if instances[i][1].id == picked.id and picked.id), None)
                if same is None:
                    same = next((i for i in main_ids if instances[i][1].name == picked.name), None)
                if same is not None:
                    main_ids.remove(same)
                    zones[zone].append(Card(same))
                    continue
            instance = next(ids)
            instances[instance] = (index, picked)
            zones[zone].append(Card(instance))
        if setup.starter_zone and draws.starter is not None:
            at = starter_index(draws, [instances[i][1] for i in main_ids])
            if at is not None:
                zones[setup.starter_zone].append(Card(main_ids.pop(at), face_down=True))
        rng.shuffle(main_ids)
        zones["hand"] = [Card(i) for i in main_ids[:hand_size]]
        zones["deck"] = [Card(i) for i in main_ids[hand_size:]]
        for section, zone in setup.sections:
            placed = list(by_section.get(section, []))
            target = spec.zone(zone)
            if target is None or target.shared:
                continue
            if target.ordered:
                rng.shuffle(placed)
            zones[zone].extend(Card(i, face_down=target.face_down) for i in placed)
        pending = set()
        if mulligan is not None:
            pending.add(MULLIGAN)
        else:
            zones = _deal_life(spec, zones)
        pending.update(choice.decision for choice in setup.choices)
        counters = {c.key: c.initial for c in spec.counters}
        seats.append(
            Seat(
                zones=frozen({k: tuple(v) for k, v in zones.items()}),
                counters=frozen(counters),
                pending=frozenset(pending),
            )
        )
    coin_winner = None
    first = None
    if setup.coin_toss:
        coin_winner = rng_for(seed, "coin").randrange(2)
        seats[coin_winner] = evolve(seats[coin_winner], pending=seats[coin_winner].pending | {FIRST})
    else:
        first = rng_for(seed, "first").randrange(2)
    start = Start(game, spec, seed, (decks[0], decks[1]), frozen(instances), coin_winner, moves, mode, legacy)
    board = frozen(dict(spec.board.initial)) if spec.board is not None else frozen({})
    return TableState(
        start=start,
        seats=(seats[0], seats[1]),
        shared=frozen({z.key: () for z in spec.shared_zones}),
        first=first,
        board=board,
    )


def with_draws(spec: TableSpec, draws: DrawSetup) -> TableSpec:
    """The spec with the hand, mulligan and Life its setup leaves to the game's test draws."""
    setup = spec.setup
    return evolve(
        spec,
        setup=evolve(
            setup,
            hand=setup.hand if setup.hand is not None else draws.hand,
            mulligan=setup.mulligan if setup.mulligan is not None else draws.mulligan,
            life=setup.life if setup.life is not None else draws.life,
        ),
    )


def _deal_life(spec: TableSpec, zones: dict[str, list[Card]]) -> dict[str, list[Card]]:
    life = spec.setup.life
    zone = spec.setup.life_zone
    if not life or zone is None:
        return zones
    deck = zones["deck"]
    zones[zone] = zones.get(zone, []) + [evolve(c, face_down=True) for c in deck[:life]]
    zones["deck"] = deck[life:]
    return zones


def deal_life(state: TableState, seat: int) -> TableState:
    """After a seat's mulligan: the next cards of its deck become its face-down Life (darkrow)."""
    start = state.start
    spec = start.spec
    life = spec.setup.life
    zone = spec.setup.life_zone
    if not life or zone is None:
        return state
    current = state.seats[seat]
    deck = current.zones["deck"]
    zones = dict(current.zones)
    zones[zone] = zones.get(zone, ()) + tuple(evolve(c, face_down=True) for c in deck[:life])
    zones["deck"] = deck[life:]
    return state.with_seat(seat, evolve(current, zones=frozen(zones)))


def is_public(visibility: str) -> bool:
    return visibility == PUBLIC
