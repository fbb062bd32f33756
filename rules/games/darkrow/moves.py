"""Darkrow's table moves (seed 000). Its rules mode is still to come: for now its declaration only
keeps its free table's hand limit at the end of the turn.

Registered by the rule set (``Darkrow.table_moves``); the framework is rules.tables.moves.
"""

from __future__ import annotations

from rules.i18n import N_
from rules.tables.common_moves import END_TURN_MOVE
from rules.tables.engine import Refusal
from rules.tables.moves import GameMoves, Payload, rule_refusal
from rules.tables.state import TableState, evolve

VERSION = "darkrow-free-1"
# Seed 000: "Fin de son propre tour : effets de fin, puis défausser au choix jusqu’à 10 cartes."
HAND_LIMIT = 10


def _hand_limit(state: TableState, seat: int, payload: Payload) -> Refusal | None:
    hand = len(state.seats[seat].zones["hand"])
    if state.active == seat and hand > HAND_LIMIT:
        return rule_refusal(
            "TABLE_HAND_LIMIT",
            "darkrow.hand-limit",
            kind="endTurn",
            limit=HAND_LIMIT,
            observed=hand,
            hint=N_("move cards from your hand to your discard"),
        )
    return None


END_TURN = evolve(END_TURN_MOVE, condition=_hand_limit, free=True)

MOVES = GameMoves(game="darkrow", version=VERSION, moves=(END_TURN,), rules=False)
