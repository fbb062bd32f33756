"""A game's own table moves: what each kind takes, when it is legal, what it offers, what it does.

A rule set declares ``table_moves = GameMoves(...)`` (built in ``rules/games/<game>/moves.py``).
Each :class:`Move` is one kind of event:

- ``params``: the payload's fields (:class:`Param`), as the page and ``GET /api/tables/rules/{game}/``
  list them;
- ``condition(state, seat, payload)``: ``None`` when the move is legal now, else a :class:`Refusal`
  (made with :func:`rule_refusal`: a ``TABLE_*`` code whose ``rule`` param names the seed's rule,
  e.g. ``vanguard.ride-grade``); it checks the payload's shape too;
- ``enumerate(state, seat)``: the candidate payloads now; the seat's intents are those the
  condition accepts (:func:`rules.tables.engine.intents`), so the two never disagree;
- ``reduce(state, seat, payload)``: the :class:`~rules.tables.events.Applied` it makes (``None``:
  the shared engine's handler of that kind, e.g. ``step``, ``endTurn``, ``mulligan``).

Two modes (:data:`RULES`, :data:`FREE`). In rules mode only the declared kinds are played, each
checked by its condition; in free mode (today's sandbox) the shared kinds are played and, of the
game's declarations, only those marked ``free`` (a kind the free table lacks without them:
vanguard's ``driveCheck``, chesscards' ``piece``; or a check the free table keeps: darkrow's hand
limit at the end of the turn). A game without a declaration has only the free table.

The game's own state lives on :class:`~rules.tables.state.TableState`: ``turn_state`` (a frozen
mapping cleared when a turn begins: "rode this turn") and ``game_state`` (kept across turns).

Pure: plain frozen values, no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .events import Applied, Refusal
from .state import TableState, evolve, frozen

RULES, FREE = "rules", "free"
MODES = (RULES, FREE)
# The free table's rules version: the shared kinds and every game's free moves (change it when one of
# them changes what a stored free game replays to).
FREE_VERSION = "free-2"
# The free table before what no player decides alone (rules.tables.fairness): a result ended the game
# at once, even during the setup, and a card of a hidden pile could be named by its instance. Its
# tables replay as they were played (TableState.start.legacy).
LEGACY_FREE_VERSION = "free-1"

Payload = Mapping[str, Any]
Condition = Callable[[TableState, int, Payload], Refusal | None]
Enumerate = Callable[[TableState, int], Iterable[Payload]]
Reduce = Callable[[TableState, int, dict], Applied]
Label = Callable[[TableState, int, Payload], str]
# What the table shows on a visible card beside its identity (darkrow: a unit's effective ATK and PV,
# its damage): (state, instance, zone) -> fields of the card's view.
CardView = Callable[[TableState, str, str], Mapping[str, Any]]
# What the table shows on its board beside the pieces (chesscards: the cards' marks on their
# squares): (state, viewers) -> fields added to the view's "board".
BoardView = Callable[[TableState, frozenset[int]], Mapping[str, Any]]


@dataclass(frozen=True, slots=True)
class Param:
    """One field of a move's payload: ``type`` is "instance" (a card's instance id), "zone", "int",
    "bool" or "instances" (a list of instance ids)."""

    key: str
    type: str
    label: str = ""
    required: bool = True


def _nothing(state: TableState, seat: int) -> Iterable[Payload]:
    return ()


@dataclass(frozen=True, slots=True)
class Move:
    kind: str
    label: str
    params: tuple[Param, ...] = ()
    condition: Condition | None = None
    enumerate: Enumerate = _nothing
    reduce: Reduce | None = None
    # Playable during the setup (mulligan, first, choose, concede).
    setup: bool = False
    # Also a move of the game's free table (its condition then applies there too).
    free: bool = False
    # A move of the rules mode (False: of the free table only, e.g. vanguard's lone drive check).
    rules: bool = True
    # The label of one intent (default: the move's label).
    intent_label: Label | None = None
    # A card it takes from the hand is played, wherever it goes (the play statistics count it; darkrow:
    # an Action or Object played goes to the discard). A zone marked ``play`` counts by itself.
    plays: bool = False
    # An effect's outcome a player applies by hand (the engine executes no effect: a logged
    # adjustment, a card played "by hand"), or a setting people choose (duel's table options):
    # never a bot's move (rules.tables.bots).
    manual: bool = False
    # The log's line for it, marked N_: %(who)s (the seat), %(card)s (the card it moved, as the
    # reader may see it), %(from)s and %(to)s (the payload's zones); "": "<who>: <label>".
    log: str = ""
    # What the seed leaves free about this move (never a rule invented), said beside it on the page,
    # marked N_ (darkrow's equip: whose unit, how many equipments a unit holds).
    leaves_free: str = ""

    def serves(self, mode: str) -> bool:
        return self.rules if mode == RULES else self.free

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "label": self.label,
            "log": self.log,
            "leftFree": self.leaves_free,
            "params": [
                {"key": p.key, "type": p.type, "label": p.label, "required": p.required} for p in self.params
            ],
        }


@dataclass(frozen=True, slots=True)
class GameMoves:
    """A game's table moves (``RuleSet.table_moves``).

    ``version``: the rules version a table records when it is dealt (``rulesVersion``); change it
    whenever a move's rule changes what a stored game replays to. ``rules``: the game has a rules
    mode (the default of its new tables); False: its declarations only serve its free table.
    ``replays``: the older versions whose stored logs these moves replay to the same states (a move
    added, none changed): a table dealt under one of them is still replayed. ``previous``: the moves of
    older versions whose logs these would replay otherwise (a rule changed): a table dealt under one
    of them is replayed, and played on, under those (:meth:`for_version`).
    """

    game: str
    version: str
    moves: tuple[Move, ...]
    rules: bool = True
    # The fields a visible card's view adds (rules.tables.views.card_view), in both modes.
    card_view: CardView | None = None
    replays: tuple[str, ...] = ()
    # What the table's view adds of the game's own state, public to every seat (rules.tables.views:
    # its "gameView"; duel: its table options).
    view: Callable[[TableState], Mapping[str, Any]] | None = None
    # The fields the view's board adds (rules.tables.views.table_view), in rules mode.
    board_view: BoardView | None = None
    previous: tuple[GameMoves, ...] = ()

    def for_version(self, version: str) -> GameMoves | None:
        """The moves a table dealt under rules ``version`` plays by (these, or an older version's
        kept in ``previous``), or None when this studio does not know that version."""
        if version == self.version or version in self.replays:
            return self
        for older in self.previous:
            found = older.for_version(version)
            if found is not None:
                return found
        return None

    def versions(self) -> tuple[str, ...]:
        """Every rules version these moves replay: their own first, then the older ones."""
        found = (self.version, *self.replays)
        for older in self.previous:
            found += tuple(v for v in older.versions() if v not in found)
        return found

    def get(self, kind: str, mode: str) -> Move | None:
        # Read for every event of a replay: an index by mode and kind, built once for these moves.
        index = _INDEXES.get(id(self))
        if index is None or index[0] is not self:
            index = _INDEXES[id(self)] = (self, {m: _by_kind(self.moves, m) for m in MODES})
        by_kind = index[1].get(mode)
        return by_kind.get(kind) if by_kind is not None else _first(self.moves, kind, mode)

    def kinds(self, mode: str) -> tuple[str, ...]:
        return tuple(m.kind for m in self.moves if m.serves(mode))

    def declared(self, mode: str) -> tuple[Move, ...]:
        return tuple(m for m in self.moves if m.serves(mode))


def _first(moves: tuple[Move, ...], kind: str, mode: str) -> Move | None:
    for move in moves:
        if move.kind == kind and move.serves(mode):
            return move
    return None


def _by_kind(moves: tuple[Move, ...], mode: str) -> dict[str, Move]:
    found: dict[str, Move] = {}
    for move in moves:
        if move.serves(mode):
            found.setdefault(move.kind, move)
    return found


# GameMoves -> its moves by mode and kind (keyed by id, the declaration kept alive beside it).
_INDEXES: dict[int, tuple[GameMoves, dict[str, dict[str, Move]]]] = {}


def rule_refusal(code: str, rule: str, *, hint: str = "", **params: Any) -> Refusal:
    """A refusal of ``code`` naming the seed's ``rule`` (``params["rule"]``), e.g. ``vanguard.ride-grade``."""
    return Refusal(code=code, params={**params, "rule": rule}, hint=hint)


def checked(check: Callable[[TableState, int, Payload], None]) -> Condition:
    """A move's condition from a check that raises its refusal (a game's checks read as a list of
    rules, each raising the refusal of its own rule)."""

    def condition(state: TableState, seat: int, payload: Payload) -> Refusal | None:
        try:
            check(state, seat, payload)
        except Refusal as refusal:
            return refusal
        return None

    return condition


def passes(check: Callable[..., None], *args: Any) -> bool:
    """Whether ``check(*args)`` raises no refusal. A move's enumerator asks it of the checks its
    condition makes on the state alone, before any of the payload's (the seat's turn, the step): when
    one refuses, the condition refuses every candidate, so none is made (the intents stay the same)."""
    try:
        check(*args)
    except Refusal:
        return False
    return True


def hand_cards(state: TableState, seat: int) -> Iterable[Payload]:
    """The candidates of a move that plays one card of the seat's hand (``{"instance"}``)."""
    for card in state.seats[seat].zones["hand"]:
        yield {"instance": card.instance}


def with_turn_state(state: TableState, **values: Any) -> TableState:
    """The state with the game's per-turn values changed (cleared when the next turn begins)."""
    return evolve(state, turn_state=frozen({**state.turn_state, **values}))


def with_game_state(state: TableState, **values: Any) -> TableState:
    """The state with the game's own values (kept across turns) changed."""
    return evolve(state, game_state=frozen({**state.game_state, **values}))
