"""Chess cards' table moves (seed 003): the laws of chess, and the cards played from the hand.

Rules mode ("chesscards-1"). The seed plays on a real chessboard: a Coup (``piece``) is legal by
the laws of chess (python-chess: check, castling, en passant, promotion, no move into check) and
by the marks the cards leave (rules/games/chesscards/laws.py). A turn is one Coup, or one card
with the Coups its text includes ("puis joue un Coup légal obligatoire", Double coup's two Coups):
its last Coup passes the turn, as in chess. A card whose text is a plain move of its own (Mutation,
Marche arrière, Trahison, Téléportation, Charge, Promotion express, Dépromotion) is that turn's
move (rules/games/chesscards/cards.py). A card whose text the table does not play is played by
hand (``cardByHand``): the player then records its result as logged adjustments (``adjust``) and
ends the turn. When the player to move has no legal Coup the game ends: checkmate when the king is
in check, stalemate otherwise. The seed says nothing of a draw per turn or an opening hand: a
player draws as they choose during their turn, as at the free table (said on the page).

Free mode keeps its ``piece`` move (a piece from a square to another, the players' own business)
under the free table's version: its logs replay as before.
Registered by the rule set (``ChessCards.table_moves``); the framework is rules.tables.moves.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import chess

from rules.i18n import N_
from rules.tables.board import BLACK, PIECES, WHITE
from rules.tables.common_moves import CONCEDE_MOVE, DRAW_MOVE, END_TURN_MOVE, FAIR_MOVES, NOTE_MOVE
from rules.tables.coverage import EngineReads
from rules.tables.engine import Applied, Moved, only_fields, refuse, require_turn
from rules.tables.moves import GameMoves, Move, Param, Payload, checked, rule_refusal
from rules.tables.state import PLAYING, TableState, derived, evolve, frozen
from rules.text import fold

from . import cards as card_rules
from .laws import (
    Outcome,
    colour_of,
    gives_check,
    has_legal_coup,
    in_check,
    legal_coups,
    move_of,
    payload_of,
    pieces_of,
    rights_of,
)
from .marks import PORTAL, TRAP, WALL, following, marks_of
from .turns import discard, pass_turn, playing, seat_position

VERSION = "chesscards-1"


# --- the free table ---------------------------------------------------------------------------------
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


def _square(payload: Payload, key: str, kind: str, *, required: bool = True) -> str | None:
    value = payload.get(key)
    if value is None and not required:
        return None
    if (
        not isinstance(value, str)
        or len(value) != 2
        or value[0] not in "abcdefgh"
        or value[1] not in "12345678"
    ):
        raise refuse("TABLE_SQUARE", kind=kind, square=str(value)[:8], hint=N_("name a square from a1 to h8"))
    return value


# --- a Coup -------------------------------------------------------------------------------------------
def coups(
    state: TableState, seat: int, only: chess.Move | None = None
) -> list[tuple[chess.Move, Outcome | None]]:
    """The seat's legal Coups now (``only``: that one, if legal); Double coup's first: not one that
    gives check, nor one after which no second Coup is legal.

    Kept on the state (rules.tables.state.derived): the intents list every Coup, then each one's
    condition asks for it again; a replay's condition, then its move, ask for the one Coup. The
    outcomes' boards are shared: read them, never change them."""
    memo = derived(state)
    every = memo.get((coups, seat, None))
    if every is not None:
        return list(every) if only is None else [c for c in every if c[0] == only]
    found = memo.get((coups, seat, only))
    if found is None:
        found = memo[(coups, seat, only)] = _legal_coups_now(state, seat, only)
    return list(found)


def _legal_coups_now(
    state: TableState, seat: int, only: chess.Move | None
) -> list[tuple[chess.Move, Outcome | None]]:
    pos = seat_position(state, seat)
    found = legal_coups(pos, only=only)
    if state.turn_state.get("coups") == 2:
        found = [(m, o) for m, o in found if not gives_check(pos, o, m) and _second_exists(state, seat, m, o)]
    return found


def _second_exists(state: TableState, seat: int, move: chess.Move, outcome: Outcome | None) -> bool:
    after = _after_coup(state, seat, move, outcome)[0]
    return has_legal_coup(seat_position(after, seat))


def _coup_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "piece", "from", "to", "promote")
    playing(state, seat, "piece")
    _no_hand_result(state, "piece")
    source = _square(payload, "from", "piece")
    _square(payload, "to", "piece")
    promote = payload.get("promote")
    if promote is not None and promote not in ("Q", "R", "B", "N"):
        raise refuse("TABLE_EVENT_INVALID", kind="piece", problem="promote", hint=N_("send Q, R, B or N"))
    own = state.board.get(source)  # type: ignore[arg-type]
    if own is None or own[0] != colour_of(state, seat):
        raise rule_refusal(
            "TABLE_NOT_YOUR_PIECE",
            "chesscards.own-piece",
            kind="piece",
            square=source,
            colour=colour_of(state, seat),
            hint=N_("move one of your own pieces"),
        )
    move = move_of(payload)
    if move is None or not coups(state, seat, move):
        raise rule_refusal(
            "TABLE_ILLEGAL_COUP",
            _why(state, seat, move),
            kind="piece",
            move=f"{payload.get('from')}-{payload.get('to')}",
            hint=N_(
                "play one of the Coups the table offers: the laws of chess and the cards in play allow only those"
            ),
        )


def _why(state: TableState, seat: int, move: chess.Move | None) -> str:
    """The rule a refused Coup breaks, as precisely as the table can tell."""
    if move is None:
        return "chesscards.illegal-move"
    if state.turn_state.get("coups") == 2:
        return "chesscards.double-coup-first"
    pos = seat_position(state, seat)
    board = pos.board
    if board.is_pseudo_legal(move) and not board.is_legal(move):
        return "chesscards.no-move-into-check"
    if board.is_legal(move):
        return "chesscards.marks"
    moving = board.piece_at(move.from_square)
    last_row = chess.square_rank(move.to_square) in (0, 7)
    if moving is not None and moving.piece_type == chess.PAWN and last_row and move.promotion is None:
        return "chesscards.promotion"
    return "chesscards.illegal-move"


def _coups(state: TableState, seat: int) -> Iterable[Payload]:
    if state.phase != PLAYING or state.active != seat or state.turn_state.get("byHand"):
        return ()
    return [payload_of(m) for m, _o in coups(state, seat)]


def _after_coup(state: TableState, seat: int, move: chess.Move, outcome: Outcome | None):
    """The state after the Coup (the turn not passed yet), the cards it moved, what it did."""
    pos = seat_position(state, seat)
    board = pos.board
    mover = board.piece_at(move.from_square)
    assert mover is not None
    marks = marks_of(state.game_state)
    walls = tuple(sq for m in marks if m.kind == WALL for sq in m.squares)
    did: dict[str, Any] = {
        "from": chess.square_name(move.from_square),
        "to": chess.square_name(move.to_square),
        "piece": mover.symbol().upper(),
    }
    if outcome is None:
        captured: list[tuple[str, str, str]] = []
        if board.is_capture(move):
            at = move.to_square
            if board.is_en_passant(move):
                at = move.to_square + (-8 if mover.color == chess.WHITE else 8)
            victim = board.piece_at(at)
            assert victim is not None
            captured.append(
                (chess.square_name(at), "white" if victim.color else "black", victim.symbol().upper())
            )
        after = board.copy(stack=False)
        after.push(move)
        outcome = Outcome(after, tuple(captured), None, None, chess.square_name(move.to_square))
    after = outcome.board
    if move.promotion:
        did["promote"] = chess.piece_symbol(move.promotion).upper()
    moved: list[Moved] = []
    # The marks: a piece's marks follow it or go with it; a sprung trap and a used portal go.
    for square, _colour, _piece in outcome.captured:
        marks = following(marks, square, None)
    marks = following(marks, chess.square_name(move.from_square), outcome.final)
    if outcome.portal is not None:
        did["portal"] = list(outcome.portal)
        gone = next(m for m in marks if m.kind == PORTAL and outcome.portal[0] in m.squares)
        marks = tuple(m for m in marks if m is not gone)
        state, moved_now = discard(state, gone.card)
        moved += moved_now
    if outcome.trap is not None:
        square, took = outcome.trap
        did["trap"] = {"square": square, "captured": took}
        gone = next(m for m in marks if m.kind == TRAP and square in m.squares and m.colour != pos.colour)
        marks = tuple(m for m in marks if m is not gone)
        state, moved_now = discard(state, gone.card)
        moved += moved_now
    if outcome.captured:
        did["captured"] = [piece for _sq, _c, piece in outcome.captured]
    rights = rights_of(after)
    # A pawn's spent double step (Marche arrière) goes with the pawn once it moves or is taken.
    spent = set(state.game_state.get("spent", ())) - {chess.square_name(move.from_square)}
    spent -= {square for square, _c, _p in outcome.captured}
    rights["spent"] = tuple(sorted(spent))
    state = evolve(
        state,
        board=frozen(pieces_of(after, walls)),
        captured=state.captured + tuple((c, p) for _sq, c, p in outcome.captured),
        game_state=frozen({**state.game_state, **rights, "marks": marks}),
    )
    return state, moved, did


def _coup(state: TableState, seat: int, payload: dict) -> Applied:
    move = move_of(payload)
    assert move is not None
    outcome = coups(state, seat, move)[0][1]
    check = gives_check(seat_position(state, seat), outcome, move)
    state, moved, did = _after_coup(state, seat, move, outcome)
    did["check"] = check
    left = state.turn_state.get("coups", 1) - 1
    if left > 0:
        # Double coup: the second Coup of the same turn; the en passant right is the opponent's only.
        game = {**state.game_state, "ep": None}
        state = evolve(state, turn_state=frozen({**state.turn_state, "coups": left}), game_state=frozen(game))
        return Applied(state, tuple(moved), (("coup", did),))
    return pass_turn(state, seat, moved, [("coup", did)])


def _no_hand_result(state: TableState, kind: str) -> None:
    if state.turn_state.get("byHand"):
        raise rule_refusal(
            "TABLE_BY_HAND_PENDING",
            "chesscards.by-hand",
            kind=kind,
            hint=N_("record the card's result with adjustments, then end the turn"),
        )


COUP = Move(
    "piece",
    N_("Play a Coup"),
    (Param("from", "square"), Param("to", "square"), Param("promote", "piece", required=False)),
    condition=checked(_coup_check),
    enumerate=_coups,
    reduce=_coup,
    log=N_("%(who)s: Coup"),
)


# --- drawing: the seed states no draw rule -------------------------------------------------------------
def _draw_check(state: TableState, seat: int, payload: Payload) -> None:
    playing(state, seat, "draw")


CHESS_DRAW = evolve(DRAW_MOVE, condition=checked(_draw_check), enumerate=lambda s, seat: _draws(s, seat))


def _draws(state: TableState, seat: int) -> Iterable[Payload]:
    if state.phase == PLAYING and state.active == seat and state.seats[seat].zones.get("deck"):
        yield {"count": 1}


# --- a card applied by hand: the adjustments, then the end of the turn ------------------------------
def _adjust_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "adjust", "from", "to", "remove", "place", "colour", "piece")
    playing(state, seat, "adjust")
    if not state.turn_state.get("byHand"):
        raise rule_refusal(
            "TABLE_NO_CARD_BY_HAND",
            "chesscards.by-hand",
            kind="adjust",
            hint=N_("play a card by hand first: the adjustments record its result"),
        )
    if "remove" in payload:
        square = _square(payload, "remove", "adjust")
        if square not in state.board:
            raise refuse(
                "TABLE_SQUARE_EMPTY", kind="adjust", square=square, hint=N_("name a square with a piece")
            )
        if state.board[square][1] == "K":  # type: ignore[index]
            raise rule_refusal(
                "TABLE_KING_STAYS",
                "chesscards.king",
                kind="adjust",
                square=square,
                hint=N_("a king never leaves the board"),
            )
        return
    if "place" in payload:
        square = _square(payload, "place", "adjust")
        if square in state.board:
            raise refuse("TABLE_SQUARE_TAKEN", kind="adjust", square=square, hint=N_("name a free square"))
        if payload.get("colour") not in (WHITE, BLACK) or payload.get("piece") not in PIECES[1:]:
            raise refuse(
                "TABLE_EVENT_INVALID",
                kind="adjust",
                problem="piece",
                hint=N_("send a colour (white, black) and a piece (Q, R, B, N, P)"),
            )
        return
    source = _square(payload, "from", "adjust")
    target = _square(payload, "to", "adjust")
    if source not in state.board:
        raise refuse(
            "TABLE_SQUARE_EMPTY", kind="adjust", square=source, hint=N_("name a square with a piece")
        )
    held = state.board.get(target)  # type: ignore[arg-type]
    if source == target or (held is not None and held[1] == "K"):
        raise refuse(
            "TABLE_SQUARE_TAKEN",
            kind="adjust",
            square=target,
            hint=N_("name another square (a king is never taken)"),
        )


def _adjust(state: TableState, seat: int, payload: dict) -> Applied:
    board = dict(state.board)
    marks = marks_of(state.game_state)
    taken = state.captured
    if "remove" in payload:
        square = payload["remove"]
        taken += (board.pop(square),)
        marks = following(marks, square, None)
        did = {"remove": square}
    elif "place" in payload:
        board[payload["place"]] = (payload["colour"], payload["piece"])
        did = {"place": payload["place"], "colour": payload["colour"], "piece": payload["piece"]}
    else:
        source, target = payload["from"], payload["to"]
        if target in board:
            taken += (board[target],)
            marks = following(marks, target, None)
        board[target] = board.pop(source)
        marks = following(marks, source, target)
        did = {"from": source, "to": target}
    # A piece moved by hand loses the castling and en passant rights it had (the card's text decides
    # the rest, recorded by the players).
    game = {**state.game_state, "marks": marks, "ep": None, "castling": _rights_left(state, payload)}
    state = evolve(state, board=frozen(board), captured=taken, game_state=frozen(game))
    return Applied(state, (), (("adjust", did),))


def _rights_left(state: TableState, payload: Payload) -> int:
    rights = state.game_state.get("castling", chess.BB_CORNERS)
    for key in ("from", "to", "remove", "place"):
        square = payload.get(key)
        if isinstance(square, str):
            rights &= ~chess.BB_SQUARES[chess.parse_square(square)]
            if square in ("e1", "e8"):
                rights &= ~(chess.BB_RANK_1 if square == "e1" else chess.BB_RANK_8)
    return rights


ADJUST = Move(
    "adjust",
    N_("Adjust the board by hand"),
    (
        Param("from", "square", required=False),
        Param("to", "square", required=False),
        Param("remove", "square", required=False),
        Param("place", "square", required=False),
        Param("colour", "colour", required=False),
        Param("piece", "piece", required=False),
    ),
    condition=checked(_adjust_check),
    reduce=_adjust,
    log=N_("%(who)s: an adjustment by hand"),
    manual=True,
)


def _end_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "endTurn")
    playing(state, seat, "endTurn")
    if not state.turn_state.get("byHand"):
        raise rule_refusal(
            "TABLE_COUP_REQUIRED",
            "chesscards.one-move-a-turn",
            kind="endTurn",
            hint=N_("play a Coup or a card: the turn passes with it"),
        )


def _end_turns(state: TableState, seat: int) -> Iterable[Payload]:
    if state.phase == PLAYING and state.active == seat and state.turn_state.get("byHand"):
        yield {}


def _end(state: TableState, seat: int, payload: dict) -> Applied:
    return pass_turn(state, seat, [], [])


CHESS_END_TURN = evolve(END_TURN_MOVE, condition=checked(_end_check), enumerate=_end_turns, reduce=_end)


def _card_view(state: TableState, instance: str, zone: str) -> dict[str, Any]:
    """A card on the board zone says what it marks and until when."""
    if zone != "board":
        return {}
    for mark in marks_of(state.game_state):
        if mark.card == instance:
            return {"mark": {"kind": mark.kind, "squares": list(mark.squares), "until": mark.until}}
    return {}


def board_view(state: TableState, viewers: frozenset[int]) -> dict[str, Any]:
    """The marks on the board as ``viewers`` may see them (a secret Piège: its owner only, until
    revealed), each with its card, its squares and the turn at whose end it goes."""
    shown = []
    for mark in marks_of(state.game_state):
        if mark.secret and not mark.revealed and mark.owner not in viewers:
            continue
        card = state.card(mark.card)
        shown.append(
            {
                "kind": mark.kind,
                "squares": list(mark.squares),
                "seat": mark.owner + 1,
                "colour": mark.colour,
                "until": mark.until,
                "secret": mark.secret and not mark.revealed,
                "instance": mark.card,
                "name": card.name,
                "stableCardId": card.stable_id,
            }
        )
    data: dict[str, Any] = {"marks": shown, "check": None}
    if state.phase == PLAYING and state.active is not None:
        data["check"] = in_check(seat_position(state, state.active))
    return data


MOVES = GameMoves(
    game="chesscards",
    version=VERSION,
    moves=(
        COUP,
        *card_rules.MOVES,
        CHESS_DRAW,
        ADJUST,
        CHESS_END_TURN,
        CONCEDE_MOVE,
        NOTE_MOVE,
        *FAIR_MOVES,
        PIECE,
    ),
    card_view=_card_view,
    board_view=board_view,
)


def _played_as_written(card) -> bool:
    return fold(card.name) in card_rules.PLAYED


# What the table plays of a card (rules.tables.coverage): its text as written for the cards of
# ``cards.PLAYED``; any other card is played by hand (``cardByHand``), which a bot never does.
ENGINE_READS = EngineReads(keyword_field="", text_played=_played_as_written)
