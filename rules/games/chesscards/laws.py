"""The laws of chess on a chesscards table, by python-chess, with the marks the cards leave.

Seed 003 plays on a real chessboard: a Coup is legal by the laws of chess (check, castling, en
passant, promotion, no move into check), and the cards' marks change what is legal while they
last: a Mur blocks lines and destinations of both sides (a knight jumps over it, never onto it), a
Zone interdite forbids an arrival, a Bouclier stops the opponent's captures of its piece, Gel stops
its owner moving the piece, Éclipse takes a piece's attacks and captures away, Pacifisme every
capture; an opponent's Piège captures a piece arriving on it and a king may not arrive there; a
Portail carries a piece other than a king that arrives on one end to the other end when it is free.

:class:`Position` is one side's view of the board with those marks; :func:`legal_coups` lists its
Coups, :func:`play_coup` plays one. Pure: the board is rebuilt from the table's frozen state.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import chess

from rules.tables.board import BLACK, WHITE

from .marks import (
    ECLIPSE,
    FREEZE,
    NO_ENTRY,
    PACIFISM,
    PORTAL,
    SHIELD,
    TRAP,
    WALL,
    Mark,
)

LETTER = {
    "K": chess.KING,
    "Q": chess.QUEEN,
    "R": chess.ROOK,
    "B": chess.BISHOP,
    "N": chess.KNIGHT,
    "P": chess.PAWN,
}
LETTERS = {v: k for k, v in LETTER.items()}
COLOUR = {WHITE: chess.WHITE, BLACK: chess.BLACK}
PROMOTIONS = ("Q", "R", "B", "N")


def colour_of(state: Any, seat: int) -> str:
    """White is the first player's (the free table's own reading of the seed)."""
    return WHITE if seat == state.first else BLACK


# The boards last built, by the identity of the table's frozen pieces (kept alive beside them): a
# state's board is read many times while its intents are listed. Never changed once built.
_BOARDS: dict[tuple[int, str, int, Any], tuple[Mapping[str, tuple[str, str]], chess.Board]] = {}
_MOST_BOARDS = 512


def board_of(pieces: Mapping[str, tuple[str, str]], game: Mapping[str, Any], colour: str) -> chess.Board:
    """The python-chess board of the table's pieces, ``colour`` to move, with the castling rights and
    the en passant square the table keeps (``game``: the game's state). Shared: copy it to change it."""
    key = (id(pieces), colour, game.get("castling", chess.BB_CORNERS), game.get("ep"))
    known = _BOARDS.get(key)
    if known is not None and known[0] is pieces:
        return known[1]
    board = _build(pieces, game, colour)
    if len(_BOARDS) >= _MOST_BOARDS:
        _BOARDS.clear()
    _BOARDS[key] = (pieces, board)
    return board


# Each square's index by its name and each piece as python-chess has it: a board is built of a state's
# pieces for every card and Coup its intents try (chess.parse_square looks the name up in a list).
_SQUARE_INDEX = {name: index for index, name in enumerate(chess.SQUARE_NAMES)}
_PIECES = {
    (side, letter): chess.Piece(kind, COLOUR[side]) for side in COLOUR for letter, kind in LETTER.items()
}


def _build(pieces: Mapping[str, tuple[str, str]], game: Mapping[str, Any], colour: str) -> chess.Board:
    board = chess.Board(None)
    # In one call (set_piece_at clears the move stack again for each piece).
    board.set_piece_map({_SQUARE_INDEX[square]: _PIECES[placed] for square, placed in pieces.items()})
    board.turn = COLOUR[colour]
    board.castling_rights = game.get("castling", chess.BB_CORNERS) & _rooks(board)
    ep = game.get("ep")
    board.ep_square = chess.parse_square(ep) if ep else None
    return board


def _rooks(board: chess.Board) -> int:
    # A castling right needs its rook still in its corner (a card may have moved it away).
    return (board.rooks & board.occupied_co[chess.WHITE] & chess.BB_RANK_1) | (
        board.rooks & board.occupied_co[chess.BLACK] & chess.BB_RANK_8
    )


@dataclass(frozen=True, slots=True)
class Position:
    """The board as ``colour`` plays it now, with the marks in force."""

    board: chess.Board
    colour: str
    marks: tuple[Mark, ...] = ()
    # The table's turn: a mark whose ``until`` is this turn goes at its end.
    turn: int = 0
    # Pawns that have no initial two-square advance (Marche arrière: "Revenir à son départ ne lui
    # rend pas son avance initiale de deux cases"), by square.
    spent: frozenset[str] = frozenset()

    @property
    def side(self) -> chess.Color:
        return COLOUR[self.colour]

    def of(self, kind: str, owner_colour: str | None = None, *, expiring: bool = False) -> frozenset[int]:
        # The marks' squares are names a card's payload checked (rules/games/chesscards/cards.py).
        return frozenset(
            _SQUARE_INDEX[sq]
            for m in self.marks
            if m.kind == kind
            and (owner_colour is None or m.colour == owner_colour)
            and (not expiring or m.until == self.turn)
            for sq in m.squares
        )


def position(pieces, game, colour: str, marks: Iterable[Mark] = (), turn: int = 0) -> Position:
    return Position(
        board_of(pieces, game, colour), colour, tuple(marks), turn, frozenset(game.get("spent", ()))
    )


def _walled(pos: Position) -> tuple[chess.Board, int]:
    """The board with each Mur as a blocker of the side to move (its own pieces never land there; its
    lines stop there; it attacks nothing the side to move fears), and the walls' mask."""
    walls = pos.of(WALL)
    if not walls:
        return pos.board, 0
    board = pos.board.copy(stack=False)
    mask = 0
    for square in walls:
        board.set_piece_at(square, chess.Piece(chess.BISHOP, pos.side))
        mask |= chess.BB_SQUARES[square]
    return board, mask


def attackers(board: chess.Board, by: chess.Color, square: int, ignore: int) -> int:
    """The pieces of ``by`` attacking ``square`` (the walls and eclipsed pieces, ``ignore``, do not)."""
    return int(board.attackers_mask(by, square)) & ~ignore


def king_attacked(board: chess.Board, side: chess.Color, ignore: int) -> bool:
    king = board.king(side)
    return king is not None and bool(attackers(board, not side, king, ignore))


def _mask(squares: Iterable[int]) -> int:
    mask = 0
    for square in squares:
        mask |= chess.BB_SQUARES[square]
    return mask


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a Coup did: the board after it, what it took (square, colour, piece), the trap it sprang
    (its square, and whether it captured), the portal it went through (the pair)."""

    board: chess.Board
    captured: tuple[tuple[str, str, str], ...] = ()
    trap: tuple[str, bool] | None = None
    portal: tuple[str, str] | None = None
    final: str = ""


def _resolve(pos: Position, move: chess.Move, board: chess.Board) -> Outcome:
    """The Coup on the walled board, with its arrival effects (a trap, a portal)."""
    after = board.copy(stack=False)
    mover = after.piece_at(move.from_square)
    assert mover is not None
    taken: list[tuple[str, str, str]] = []
    if after.is_capture(move):
        at = move.to_square
        if after.is_en_passant(move):
            at = move.to_square + (-8 if mover.color == chess.WHITE else 8)
        victim = after.piece_at(at)
        assert victim is not None
        taken.append((chess.square_name(at), _colour_name(victim.color), LETTERS[victim.piece_type]))
    after.push(move)
    final, trap, portal, more = arrive(pos, after, move.to_square)
    return Outcome(after, tuple(taken) + more, trap, portal, chess.square_name(final))


def arrive(pos: Position, after: chess.Board, square: int):
    """A piece's arrival on ``square`` of ``after`` (changed in place): an opponent's Piège there
    springs; a piece other than a king that survives on a Portail's end goes through to the other
    end when it is free and permitted (the pair goes), and arrives there in turn. Returns the final
    square, the trap sprung (square, captured), the portal used (the pair) and what was taken."""
    piece = after.piece_at(square)
    assert piece is not None
    trap, sprung = _spring(pos, after, square, piece.color)
    taken: tuple[tuple[str, str, str], ...] = (sprung,) if sprung else ()
    portal = None
    if piece.piece_type != chess.KING and after.piece_at(square) is not None:
        name = chess.square_name(square)
        for mark in pos.marks:
            if mark.kind == PORTAL and name in mark.squares:
                other = chess.parse_square(next(s for s in mark.squares if s != name))
                if (
                    after.piece_at(other) is None
                    and other not in pos.of(WALL)
                    and other not in pos.of(NO_ENTRY)
                ):
                    after.remove_piece_at(square)
                    after.set_piece_at(other, piece)
                    portal = (name, chess.square_name(other))
                    square = other
                    exit_trap, sprung = _spring(pos, after, square, piece.color)
                    trap = exit_trap or trap
                    taken += (sprung,) if sprung else ()
                break
    return square, trap, portal, taken


def _spring(pos: Position, after: chess.Board, square: int, color: chess.Color):
    """A Piège of the other side than the arriving piece's on ``square``: it shows and goes (under
    Pacifisme it stays armed); the piece is captured unless a Bouclier protects it."""
    name = chess.square_name(square)
    side = _colour_name(color)
    for mark in pos.marks:
        if mark.kind == TRAP and name in mark.squares and mark.colour != side:
            if any(m.kind == PACIFISM for m in pos.marks):
                return None, None
            piece = after.piece_at(square)
            if square in pos.of(SHIELD, side) or piece is None or piece.piece_type == chess.KING:
                return (name, False), None
            after.remove_piece_at(square)
            return (name, True), (name, side, LETTERS[piece.piece_type])
    return None, None


def _colour_name(color: chess.Color) -> str:
    return WHITE if color == chess.WHITE else BLACK


def plain_position(pos: Position) -> bool:
    """No mark changes the laws here: python-chess's own legal moves are the table's Coups (a pawn a
    card put on its first row, or one whose double step is spent, asks for the checks below)."""
    return not pos.marks and not pos.spent and not (pos.board.pawns & chess.BB_BACKRANKS)


def _double_step_allowed(pos: Position, board: chess.Board, move: chess.Move) -> bool:
    """A two-square advance only from the pawn's second row, and not for a pawn whose advance is spent."""
    piece = board.piece_at(move.from_square)
    if piece is None or piece.piece_type != chess.PAWN or abs(move.to_square - move.from_square) != 16:
        return True
    home = 1 if piece.color == chess.WHITE else 6
    return (
        chess.square_rank(move.from_square) == home and chess.square_name(move.from_square) not in pos.spent
    )


def legal_coups(
    pos: Position, *, captures: bool = True, only: chess.Move | None = None
) -> list[tuple[chess.Move, Outcome | None]]:
    """Every legal Coup of the side to move, with what it does (None on a plain board: python-chess's
    own ``push`` is the outcome). ``captures``: False keeps the Coups that take nothing. ``only``:
    that Coup alone, if it is legal."""
    return list(_legal(pos, captures, only))


def has_legal_coup(pos: Position) -> bool:
    """Whether the side to move has a legal Coup (stops at the first one)."""
    return next(_legal(pos, True, None), None) is not None


def _legal(
    pos: Position, captures: bool, only: chess.Move | None
) -> Iterator[tuple[chess.Move, Outcome | None]]:
    from_mask = chess.BB_ALL if only is None else chess.BB_SQUARES[only.from_square]
    # Not narrowed to the Coup's target: python-chess finds a castling by its rook's square.
    to_mask = chess.BB_ALL
    if plain_position(pos):
        board = pos.board
        for m in board.generate_legal_moves(from_mask, to_mask):
            if (captures or not board.is_capture(m)) and (only is None or m == only):
                yield m, None
        return
    board, walls = _walled(pos)
    side = pos.side
    zones = pos.of(NO_ENTRY)
    frozen = pos.of(FREEZE, _other(pos.colour))  # a Gel of the opponent on one of our pieces
    eclipsed = _mask(pos.of(ECLIPSE))
    shields = pos.of(SHIELD, _other(pos.colour))  # the opponent's pieces it protects
    traps = pos.of(TRAP, _other(pos.colour))
    pacifism = any(m.kind == PACIFISM for m in pos.marks)
    opponent = _other(pos.colour)
    gone = (
        _mask(pos.of(WALL, opponent, expiring=True)) & walls,
        _mask(pos.of(ECLIPSE, opponent, expiring=True)),
    )
    expiring = gone if any(gone) else None
    for move in board.generate_pseudo_legal_moves(from_mask, to_mask):
        if only is not None and move != only:
            continue
        if walls & chess.BB_SQUARES[move.from_square] or move.from_square in frozen:
            continue
        if not _double_step_allowed(pos, board, move):
            continue
        if move.to_square in zones:
            continue
        piece = board.piece_at(move.from_square)
        assert piece is not None
        # Castling: python-chess asks the path free and unattacked (an eclipsed piece still counts
        # there: the rare case of castling past an eclipsed piece is refused, never wrongly allowed).
        if board.is_castling(move) and _rook_target(move) in zones:
            continue
        if piece.piece_type == chess.KING and move.to_square in traps:
            continue
        if board.is_capture(move):
            if not captures or pacifism or chess.BB_SQUARES[move.from_square] & eclipsed:
                continue
            at = move.to_square
            if board.is_en_passant(move):
                at = move.to_square + (-8 if side == chess.WHITE else 8)
            if at in shields:
                continue
        outcome = _resolve(pos, move, board)
        # The eclipsed pieces give no check; a piece taken by the Coup attacks nothing any more.
        if king_attacked(outcome.board, side, walls | eclipsed):
            continue
        if expiring and _checked_after_expiry(outcome.board, side, expiring, walls, eclipsed):
            continue
        yield move, outcome


def _checked_after_expiry(board: chess.Board, side: chess.Color, expiring, walls: int, eclipsed: int) -> bool:
    """Mur, Éclipse: "Après son expiration, le roi adverse doit rester hors d'échec": the opponent's
    mark going at the end of this turn, the mover's king must be out of check without it too."""
    gone_walls, gone_eclipsed = expiring
    board = board.copy(stack=False)
    for square in chess.scan_forward(gone_walls):
        board.remove_piece_at(square)
    return king_attacked(board, side, (walls & ~gone_walls) | (eclipsed & ~gone_eclipsed))


def _rook_target(move: chess.Move) -> int:
    """Where the rook lands when the king castles (f or d file of its rank)."""
    rank = chess.square_rank(move.from_square)
    return chess.square(5 if move.to_square > move.from_square else 3, rank)


def _other(colour: str) -> str:
    return BLACK if colour == WHITE else WHITE


def gives_check(pos: Position, outcome: Outcome | None, move: chess.Move) -> bool:
    """Whether the Coup puts the opponent's king in check (the walls and eclipsed pieces attack nothing)."""
    if outcome is None:
        return pos.board.gives_check(move)
    eclipsed = pos.of(ECLIPSE)
    ignore = _mask(pos.of(WALL)) | _mask(eclipsed)
    if move.from_square in eclipsed:  # the mark follows its piece
        ignore |= chess.BB_SQUARES[chess.parse_square(outcome.final)]
    return king_attacked(outcome.board, not pos.side, ignore)


def in_check(pos: Position) -> bool:
    board, walls = _walled(pos)
    return king_attacked(board, pos.side, walls | _mask(pos.of(ECLIPSE)))


def payload_of(move: chess.Move) -> dict[str, str]:
    payload = {"from": chess.square_name(move.from_square), "to": chess.square_name(move.to_square)}
    if move.promotion:
        payload["promote"] = LETTERS[move.promotion]
    return payload


def move_of(payload: Mapping[str, Any]) -> chess.Move | None:
    try:
        move = chess.Move(
            chess.parse_square(payload["from"]),
            chess.parse_square(payload["to"]),
            LETTER[payload["promote"]] if payload.get("promote") is not None else None,
        )
    except (KeyError, ValueError, TypeError):
        return None
    return move


def pieces_of(board: chess.Board, walls: Iterable[str] = ()) -> dict[str, tuple[str, str]]:
    """The table's pieces (square -> (colour, piece)) from a board (the walls are not pieces)."""
    skip = set(walls)
    return {
        chess.square_name(sq): (_colour_name(p.color), LETTERS[p.piece_type])
        for sq, p in board.piece_map().items()
        if chess.square_name(sq) not in skip
    }


def rights_of(board: chess.Board) -> dict[str, Any]:
    """What the table keeps of the board besides its pieces: castling rights, en passant, clocks."""
    ep = board.ep_square
    # python-chess keeps an en passant square only if a capture there is possible... or not: keep
    # the square a double step passed (the laws allow the capture on the next Coup only).
    return {
        "castling": int(board.castling_rights),
        "ep": chess.square_name(ep) if ep is not None else None,
        "halfmove": board.halfmove_clock,
    }
