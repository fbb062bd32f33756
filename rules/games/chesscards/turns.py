"""Chess cards' turns (seed 003): the position a seat plays, and the end of a turn.

Shared by the Coups (rules/games/chesscards/moves.py) and the cards played from the hand
(rules/games/chesscards/cards.py), below both: a turn's last Coup, or its card that is a move of
its own, passes the turn (:func:`pass_turn`: the marks that last until then go, the other player's
turn begins, the game ends when that player has no legal Coup).
"""

from __future__ import annotations

import chess

from rules.i18n import N_
from rules.tables.engine import Applied, Moved, move_card, refuse, require_turn
from rules.tables.engine import end_turn_handler as end_turn
from rules.tables.state import FINISHED, PLAYING, TableState, evolve, frozen

from .laws import Position, colour_of, has_legal_coup, in_check, legal_coups, position
from .marks import TRAP, Mark, marks_of


def seat_position(state: TableState, seat: int, marks: tuple[Mark, ...] | None = None) -> Position:
    return position(
        state.board,
        state.game_state,
        colour_of(state, seat),
        marks_of(state.game_state) if marks is None else marks,
        state.turn,
    )


def playing(state: TableState, seat: int, kind: str) -> None:
    """A Coup, a card or the end of a turn is the seat's to play now: the setup done, its turn."""
    if state.phase != PLAYING:
        raise refuse("TABLE_SETUP_PENDING", kind=kind, decisions=[], hint=N_("finish the setup first"))
    require_turn(state, seat, kind)


# --- the end of a turn -------------------------------------------------------------------------------
def discard(state: TableState, instance: str) -> tuple[TableState, list[Moved]]:
    """A card whose mark is gone: from the board zone to its owner's discard, face up."""
    where = state.locate(instance)
    if where is None or where[1] != "board":
        return state, []
    return move_card(state, state.owner(instance), where, "discard", face_down=False, kind="piece")


def pass_turn(state: TableState, seat: int, moved: list[Moved], did: list) -> Applied:
    """The turn's action is done: the marks that last until the end of this turn go, the other
    player's turn begins; with no legal Coup there, the game ends (checkmate or stalemate)."""
    marks = marks_of(state.game_state)
    gone = [m for m in marks if m.until is not None and m.until <= state.turn]
    if gone:
        marks = tuple(m for m in marks if m not in gone)
        state = evolve(state, game_state=frozen({**state.game_state, "marks": marks}))
        for mark in gone:
            state, more = discard(state, mark.card)
            moved += more
        did.append(("expired", {"marks": [m.kind for m in gone]}))
    ended = end_turn(state, seat, {})
    state = ended.state
    moved += list(ended.moved)
    did += list(ended.did)
    following_seat = 1 - seat
    state = reveal_blocking_traps(state, following_seat)
    if not has_legal_coup(seat_position(state, following_seat)):
        pos = seat_position(state, following_seat)
        if in_check(pos):
            state = evolve(state, phase=FINISHED, result=(seat, "CHECKMATE"), proposal=None)
            did.append(("result", {"winner": seat + 1, "reason": "CHECKMATE"}))
        else:
            state = evolve(state, phase=FINISHED, result=(None, "STALEMATE"), proposal=None)
            did.append(("result", {"winner": None, "reason": "STALEMATE"}))
    return Applied(state, tuple(moved), tuple(did))


def reveal_blocking_traps(state: TableState, seat: int) -> TableState:
    """Piège: "Si son secret devait retirer un choix légal, révèle sa case au joueur concerné avant le
    choix ; le roi adverse ne peut pas y arriver": a secret trap that takes a Coup away from the seat
    (its king's arrival there, or a Coup whose result it makes illegal) is revealed before the seat
    chooses."""
    marks = marks_of(state.game_state)
    colour = colour_of(state, seat)
    secret = [m for m in marks if m.kind == TRAP and m.colour != colour and not m.revealed]
    if not secret:
        return state
    unseen = {
        m.from_square * 64 + m.to_square
        for m, _o in legal_coups(seat_position(state, seat, tuple(m for m in marks if m not in secret)))
    }
    seen = {m.from_square * 64 + m.to_square for m, _o in legal_coups(seat_position(state, seat, marks))}
    lost = unseen - seen
    if not lost:
        return state
    reach = {chess.square_name(code % 64) for code in lost}
    # A trap on a lost Coup's square is the one that takes it away; else each of them may be.
    named = [m for m in secret if set(m.squares) & reach] or secret
    changed = tuple(
        Mark(m.kind, m.card, m.owner, m.colour, m.squares, m.until, m.secret, True) if m in named else m
        for m in marks
    )
    state = evolve(state, game_state=frozen({**state.game_state, "marks": changed}))
    for mark in named:  # the revealed mark names its card: the card on the board is shown with it
        state = _revealed_on_board(state, mark.card)
    return state


def _revealed_on_board(state: TableState, instance: str) -> TableState:
    where = state.locate(instance)
    if where is None:
        return state
    seat, zone, position = where
    if seat is None or zone != "board":
        return state
    current = state.seats[seat]
    cards = list(current.zones[zone])
    cards[position] = evolve(cards[position], revealed=True)
    return state.with_seat(seat, evolve(current, zones=frozen({**current.zones, zone: tuple(cards)})))
