"""Chess cards' table moves (seed 003): a piece moved on the board.

The board's own rules (which Coup is legal) are not enforced yet: the game has no rules mode, and
its free table moves a piece of the player's colour from a square to another (``piece``).
Registered by the rule set (``ChessCards.table_moves``); the framework is rules.tables.moves.
"""

from __future__ import annotations

from rules.i18n import N_
from rules.tables.board import BLACK, PIECES, WHITE
from rules.tables.engine import Applied, only_fields, refuse, require_turn
from rules.tables.moves import GameMoves, Move, Param
from rules.tables.state import TableState, evolve, frozen

VERSION = "chesscards-free-1"


def _piece(state: TableState, seat: int, payload: dict) -> Applied:
    only_fields(payload, "piece", "from", "to", "promote")
    board_spec = state.spec.board
    if board_spec is None:
        raise refuse(
            "TABLE_EVENT_INVALID",
            kind="piece",
            problem="kind",
            hint=N_("send one of the kinds the contract lists (draw, move, step, endTurn...)"),
        )
    require_turn(state, seat, "piece")
    source, target = payload.get("from"), payload.get("to")
    for square in (source, target):
        if not board_spec.is_square(square):
            raise refuse(
                "TABLE_SQUARE",
                kind="piece",
                square=str(square)[:8],
                hint=N_("name a square from a1 to h8"),
            )
    colour = WHITE if seat == state.first else BLACK
    piece = state.board.get(source)  # type: ignore[arg-type]
    if piece is None or piece[0] != colour:
        raise refuse(
            "TABLE_NOT_YOUR_PIECE",
            kind="piece",
            square=source,
            colour=colour,
            hint=N_("move one of your own pieces"),
        )
    promote = payload.get("promote")
    if promote is not None and promote not in PIECES[1:5]:
        raise refuse(
            "TABLE_EVENT_INVALID",
            kind="piece",
            problem="promote",
            hint=N_("send the contract's values"),
        )
    board = dict(state.board)
    captured = board.get(target)  # type: ignore[arg-type]
    board.pop(source)  # type: ignore[arg-type]
    board[target] = (colour, promote or piece[1])  # type: ignore[index]
    taken = state.captured + ((captured,) if captured and source != target else ())
    did = {"from": source, "to": target, "piece": piece[1], "captured": captured[1] if captured else None}
    return Applied(evolve(state, board=frozen(board), captured=taken), (), (("piece", did),))


PIECE = Move(
    "piece",
    N_("Move a piece"),
    (Param("from", "square"), Param("to", "square"), Param("promote", "piece", required=False)),
    reduce=_piece,
    free=True,
    rules=False,
)

MOVES = GameMoves(game="chesscards", version=VERSION, moves=(PIECE,), rules=False)
