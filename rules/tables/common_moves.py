"""The moves every game shares, as declarations a game's ``moves.py`` reuses (rules.tables.moves).

Each reduces with the shared engine's handler of its kind; what a game adds is its own condition
(``evolve(STEP, condition=...)``) or its own moves. :data:`FREE_MOVES`: what a free table offers as
intents (the moves that need no choice of a card).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from ..i18n import N_
from .moves import Move, Param, Payload, rule_refusal
from .state import FIRST, MULLIGAN, PLAYING, SETUP, TableState

# A hand this big or smaller offers every mulligan (2^cards intents); a bigger one: keep, or one card.
MULLIGAN_ALL_UP_TO = 6


def _mulligans(state: TableState, seat: int) -> Iterable[Payload]:
    rule = state.spec.setup.mulligan
    if state.phase != SETUP or rule is None or MULLIGAN not in state.seats[seat].pending:
        return
    hand = [c.instance for c in state.seats[seat].zones["hand"]]
    most = len(hand) if rule.max_cards is None else min(rule.max_cards, len(hand))
    sizes = range(most + 1) if len(hand) <= MULLIGAN_ALL_UP_TO else range(min(most, 1) + 1)
    for size in sizes:
        for chosen in combinations(hand, size):
            yield {"cards": list(chosen)}


def _firsts(state: TableState, seat: int) -> Iterable[Payload]:
    if state.phase == SETUP and FIRST in state.seats[seat].pending:
        yield {"first": 1}
        yield {"first": 2}


def _chooses(state: TableState, seat: int) -> Iterable[Payload]:
    if state.phase != SETUP:
        return
    for choice in state.spec.setup.choices:
        if choice.decision in state.seats[seat].pending:
            for card in state.seats[seat].zones.get(choice.source, ()):
                yield {"instance": card.instance}


def _active(state: TableState, seat: int) -> bool:
    return state.phase == PLAYING and state.active == seat


def _steps(state: TableState, seat: int) -> Iterable[Payload]:
    if _active(state, seat) and state.step + 1 < len(state.spec.steps):
        yield {}


def _end_turns(state: TableState, seat: int) -> Iterable[Payload]:
    if _active(state, seat):
        yield {}


def _draws(state: TableState, seat: int) -> Iterable[Payload]:
    if state.phase == PLAYING and state.seats[seat].zones.get("deck"):
        yield {"count": 1}


def _concedes(state: TableState, seat: int) -> Iterable[Payload]:
    yield {}


MULLIGAN_MOVE = Move(
    "mulligan",
    N_("Mulligan"),
    (Param("cards", "instances", N_("the cards put back ([] keeps the hand)")),),
    enumerate=_mulligans,
    setup=True,
)
FIRST_MOVE = Move(
    "first",
    N_("Choose who plays first"),
    (Param("first", "int", N_("seat 1 or 2")),),
    enumerate=_firsts,
    setup=True,
)
CHOOSE_MOVE = Move("choose", N_("Choose"), (Param("instance", "instance"),), enumerate=_chooses, setup=True)
STEP_MOVE = Move("step", N_("Next step"), enumerate=_steps)
END_TURN_MOVE = Move("endTurn", N_("End the turn"), enumerate=_end_turns)
DRAW_MOVE = Move("draw", N_("Draw"), (Param("count", "int", required=False),), enumerate=_draws)
CONCEDE_MOVE = Move("concede", N_("Concede"), enumerate=_concedes, setup=True)
# A note is free text: allowed, never offered as an intent.
NOTE_MOVE = Move("note", N_("Note"), (Param("text", "text"),), setup=True)


# --- what no player decides alone (rules.tables.fairness), offered at every table of the rules ------
def _claims(state: TableState, seat: int) -> Iterable[Payload]:
    if state.phase == PLAYING:
        yield {"winner": 1}
        yield {"winner": 2}
        yield {}  # a draw


def _answers(field: str):
    def enumerate_answers(state: TableState, seat: int) -> Iterable[Payload]:
        pending = getattr(state, field)
        if pending is not None and pending[0] != seat:
            yield {}

    return enumerate_answers


def _undos(state: TableState, seat: int) -> Iterable[Payload]:
    if state.phase == PLAYING and state.undo_point is not None and state.undo_request is None:
        yield {}


def _searches(state: TableState, seat: int) -> Iterable[Payload]:
    if (
        state.phase == PLAYING
        and state.seats[seat].zones.get("deck")
        and (seat, "deck") not in state.searching
    ):
        yield {"zone": "deck"}


def _reveals(state: TableState, seat: int) -> Iterable[Payload]:
    if state.phase == PLAYING and state.seats[seat].zones.get("deck"):
        yield {"zone": "deck", "count": 1}


def _lucks(payload: Payload):
    def enumerate_luck(state: TableState, seat: int) -> Iterable[Payload]:
        yield dict(payload)

    return enumerate_luck


RESULT_MOVE = Move(
    "result",
    N_("Propose the result"),
    (Param("winner", "int", N_("seat 1 or 2 (none: a draw)"), required=False),),
    enumerate=_claims,
)
ACCEPT_RESULT_MOVE = Move("acceptResult", N_("Accept the proposed result"), enumerate=_answers("claim"))
REFUSE_RESULT_MOVE = Move("refuseResult", N_("Refuse the proposed result"), enumerate=_answers("claim"))
UNDO_MOVE = Move("undo", N_("Ask to undo the last move"), enumerate=_undos)
ACCEPT_UNDO_MOVE = Move("acceptUndo", N_("Accept the undo"), enumerate=_answers("undo_request"))
REFUSE_UNDO_MOVE = Move("refuseUndo", N_("Refuse the undo"), enumerate=_answers("undo_request"))
SEARCH_MOVE = Move("search", N_("Search your deck"), (Param("zone", "zone"),), enumerate=_searches)


def _top_only(state: TableState, seat: int, payload: Payload):
    """Rules mode reveals the top of one's own pile (a card of one's hand is shown by its move)."""
    if "zone" in payload:
        return None
    return rule_refusal(
        "TABLE_EVENT_INVALID",
        "table.reveal-top",
        kind="reveal",
        problem="zone",
        hint=N_("reveal the top of one of your own hidden piles (your deck)"),
    )


REVEAL_TOP_MOVE = Move(
    "reveal",
    N_("Reveal the top of your deck"),
    (Param("zone", "zone"), Param("count", "int")),
    condition=_top_only,
    enumerate=_reveals,
)
ROLL_MOVE = Move(
    "roll",
    N_("Roll a die"),
    (Param("sides", "int", required=False),),
    enumerate=_lucks({"sides": 6}),
    setup=True,
)
COIN_MOVE = Move("coin", N_("Toss a coin"), enumerate=_lucks({}), setup=True)
# Every game's rules offer them (a game's moves.py adds them to its own).
FAIR_MOVES: tuple[Move, ...] = (
    RESULT_MOVE,
    ACCEPT_RESULT_MOVE,
    REFUSE_RESULT_MOVE,
    UNDO_MOVE,
    ACCEPT_UNDO_MOVE,
    REFUSE_UNDO_MOVE,
    SEARCH_MOVE,
    REVEAL_TOP_MOVE,
    ROLL_MOVE,
    COIN_MOVE,
)

FREE_MOVES: tuple[Move, ...] = (
    MULLIGAN_MOVE,
    FIRST_MOVE,
    CHOOSE_MOVE,
    STEP_MOVE,
    END_TURN_MOVE,
    DRAW_MOVE,
    CONCEDE_MOVE,
)

__all__ = [
    "CHOOSE_MOVE",
    "CONCEDE_MOVE",
    "DRAW_MOVE",
    "END_TURN_MOVE",
    "FAIR_MOVES",
    "FIRST_MOVE",
    "FREE_MOVES",
    "MULLIGAN_MOVE",
    "NOTE_MOVE",
    "STEP_MOVE",
]
