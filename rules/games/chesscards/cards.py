"""The cards played from the hand at a chesscards table in rules mode (seed 003, each card's text).

``card`` plays a card whose text the table can play as written:

- a mark and its mandatory Coup ("puis joue un Coup légal obligatoire"): Mur, Zone interdite and
  Piège on a free square, Portail on two free squares, Bouclier on one of your pieces, Gel and
  Éclipse on an opponent's piece (never a king), Pacifisme on the board; Brèche removes a visible
  temporary mark. The card lies on the board zone while its mark lasts (Piège face down) and goes
  to the discard when it ends; the card is refused when no legal Coup would follow it ("une
  annulation ou un Coup illégal ne change rien");
- Double coup: two Coups this turn, the first leaving the king out of check and giving no check;
- a move of its own, the turn's move: Mutation, Marche arrière, Trahison, Téléportation, Charge,
  Promotion express, Dépromotion.

``cardByHand`` plays any other card (its text is not plain enough for the table): the player
records its result with adjustments (``adjust``) and ends the turn. Availability as the texts say:
Sacrifice, Harakiri (and Domino, which needs a capture) are unavailable under Pacifisme; Sacrifice,
Harakiri and Rayon laser are unavailable when the chosen piece is under Éclipse.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import chess

from rules.i18n import N_
from rules.tables.engine import Applied, card_in_hand, move_card, only_fields, refuse
from rules.tables.events import Refusal
from rules.tables.moves import Move, Param, Payload, checked, rule_refusal
from rules.tables.state import PLAYING, TableState, derived, evolve, frozen
from rules.text import fold

from .laws import (
    COLOUR,
    LETTER,
    LETTERS,
    _walled,
    arrive,
    colour_of,
    has_legal_coup,
    king_attacked,
    pieces_of,
)
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
    following,
    marks_of,
)
from .turns import pass_turn, playing, seat_position

SQUARE_MARKS = {"mur": WALL, "zone interdite": NO_ENTRY, "piege": TRAP}
# card -> (mark, whose piece it lies on)
PIECE_MARKS = {"bouclier": (SHIELD, "own"), "gel": (FREEZE, "opponent"), "eclipse": (ECLIPSE, "opponent")}
CARD_MOVES = ("mutation", "marche arriere", "trahison", "teleportation", "charge")
TRANSFORMS = ("promotion express", "depromotion")
PLAYED = (
    *SQUARE_MARKS,
    *PIECE_MARKS,
    "portail",
    "pacifisme",
    "double coup",
    "breche",
    *CARD_MOVES,
    *TRANSFORMS,
)
# By hand: unavailable under Pacifisme ("indisponible sous Pacifisme"; Domino needs a capture).
UNDER_PACIFISM = ("sacrifice", "harakiri", "domino")
# By hand: the piece named must not be under Éclipse.
PIECE_NOT_ECLIPSED = {"sacrifice": "P", "harakiri": None, "rayon laser": "P"}
SQUARES = [chess.square_name(s) for s in chess.SQUARES]


def card_key(state: TableState, instance: str) -> str:
    return fold(state.card(instance).name)


def _pending(state: TableState, kind: str) -> None:
    """One card a turn, before its Coups: a card's mandatory Coup, or a card by hand, comes first."""
    ts = state.turn_state
    if ts.get("card") or ts.get("byHand"):
        raise rule_refusal(
            "TABLE_COUP_PENDING",
            "chesscards.mandatory-coup",
            kind=kind,
            hint=N_("play the Coup the card you played asks for (or record its result and end the turn)"),
        )


def _refuse_target(kind: str, rule: str, square: Any, hint: str):
    return rule_refusal("TABLE_CARD_TARGET", rule, kind=kind, square=str(square)[:8], hint=hint)


def _sq(payload: Payload, key: str, kind: str) -> str:
    value = payload.get(key)
    if not isinstance(value, str) or value not in SQUARES:
        raise refuse("TABLE_SQUARE", kind=kind, square=str(value)[:8], hint=N_("name a square from a1 to h8"))
    return value


def _has_pacifism(state: TableState) -> bool:
    return any(m.kind == PACIFISM for m in marks_of(state.game_state))


def _marked(state: TableState, kind: str, square: str) -> bool:
    return any(m.kind == kind and square in m.squares for m in marks_of(state.game_state))


def _free(state: TableState, square: str) -> bool:
    """No piece and no Mur on it."""
    return square not in state.board and not _marked(state, WALL, square)


def _permitted(state: TableState, square: str) -> bool:
    """An arrival may land there: no Mur, no Zone interdite."""
    return not _marked(state, WALL, square) and not _marked(state, NO_ENTRY, square)


# --- the card's effect, as a new state ---------------------------------------------------------------
def _mark_of(state: TableState, seat: int, instance: str, kind: str, squares: tuple[str, ...]) -> Mark:
    temporary = kind not in (TRAP, PORTAL)
    return Mark(
        kind,
        instance,
        seat,
        colour_of(state, seat),
        squares,
        until=state.turn + 1 if temporary else None,
        secret=kind == TRAP,
    )


def _with_marks(state: TableState, marks: tuple[Mark, ...]) -> TableState:
    return evolve(state, game_state=frozen({**state.game_state, "marks": marks}))


def _follow_up_exists(state: TableState, seat: int, marks: tuple[Mark, ...]) -> bool:
    return has_legal_coup(seat_position(state, seat, marks))


def _check_mark_card(
    state: TableState, seat: int, key: str, instance: str, payload: Payload
) -> tuple[Mark, ...]:
    """The marks after the card (refused when its target is wrong or no Coup would follow)."""
    marks = marks_of(state.game_state)
    colour = colour_of(state, seat)
    rule = f"chesscards.{key.replace(' ', '-')}"
    if key in SQUARE_MARKS:
        only_fields(payload, "card", "instance", "square")
        square = _sq(payload, "square", "card")
        if not _free(state, square) or _marked(state, SQUARE_MARKS[key], square):
            raise _refuse_target("card", rule, square, N_("choose a free square"))
        new = (*marks, _mark_of(state, seat, instance, SQUARE_MARKS[key], (square,)))
    elif key == "portail":
        only_fields(payload, "card", "instance", "square", "to")
        ends = (_sq(payload, "square", "card"), _sq(payload, "to", "card"))
        # "Relie deux cases libres distinctes sans Portail"
        for square in ends:
            if not _free(state, square) or _marked(state, PORTAL, square):
                raise _refuse_target(
                    "card", rule, square, N_("choose two distinct free squares without a Portail")
                )
        if ends[0] == ends[1]:
            raise _refuse_target(
                "card", rule, ends[1], N_("choose two distinct free squares without a Portail")
            )
        new = (*marks, _mark_of(state, seat, instance, PORTAL, ends))
    elif key in PIECE_MARKS:
        only_fields(payload, "card", "instance", "square")
        kind, whose = PIECE_MARKS[key]
        square = _sq(payload, "square", "card")
        piece = state.board.get(square)
        wanted = colour if whose == "own" else _other(colour)
        if piece is None or piece[0] != wanted or piece[1] == "K":
            hint = (
                N_("choose one of your pieces, not the king")
                if whose == "own"
                else N_("choose an opponent's piece, not the king")
            )
            raise _refuse_target("card", rule, square, hint)
        new = (*marks, _mark_of(state, seat, instance, kind, (square,)))
    elif key == "pacifisme":
        only_fields(payload, "card", "instance")
        new = (*marks, _mark_of(state, seat, instance, PACIFISM, ()))
    else:  # breche
        only_fields(payload, "card", "instance", "square", "mark")
        named = _sq(payload, "square", "card") if payload.get("square") is not None else None
        chosen = [
            m
            for m in marks
            if m.kind == payload.get("mark") and (named in m.squares if named else not m.squares)
        ]
        # "Tu ne peux pas retirer un effet permanent ou secret, comme Portail ou Piège."
        if not chosen or chosen[0].until is None or chosen[0].secret:
            raise _refuse_target("card", rule, named or "-", N_("choose a visible temporary effect in play"))
        new = tuple(m for m in marks if m is not chosen[0])
    if not _follow_up_exists(state, seat, new):
        raise rule_refusal(
            "TABLE_NO_FOLLOW_UP",
            rule,
            kind="card",
            hint=N_("no legal Coup would follow this card: nothing changes"),
        )
    return new


def _other(colour: str) -> str:
    return "black" if colour == "white" else "white"


# --- the moves a card makes itself --------------------------------------------------------------------
def _destinations(state: TableState, seat: int, key: str, square: str) -> tuple[str, ...]:
    """Where the card may take the piece on ``square`` (before the check on the king): read by the
    intents for the card's every candidate, then by its condition for each (kept on the state)."""
    memo = derived(state)
    known = memo.get((_destinations, seat, key, square))
    if known is None:
        known = memo[(_destinations, seat, key, square)] = tuple(_find_destinations(state, seat, key, square))
    return known


def _find_destinations(state: TableState, seat: int, key: str, square: str) -> list[str]:
    board = state.board
    colour = colour_of(state, seat)
    piece = board.get(square)
    pacifism = _has_pacifism(state)
    eclipsed = _marked(state, ECLIPSE, square)
    found: list[str] = []
    # Gel: "ni un Coup ni une Carte de son propriétaire ne peuvent la déplacer" (Trahison moves the
    # opponent's piece: "Tu peux encore lui imposer un déplacement").
    frozen_here = any(
        m.kind == FREEZE and square in m.squares and m.colour != colour for m in marks_of(state.game_state)
    )
    if piece is None or (frozen_here and piece[0] == colour):
        return found
    sq = chess.parse_square(square)
    forward = 8 if piece[0] == "white" else -8
    if key == "mutation" and piece[0] == colour:
        for to in chess.SquareSet(chess.BB_KNIGHT_ATTACKS[sq]):
            name = chess.square_name(to)
            held = board.get(name)
            if not _permitted(state, name):
                continue
            if held is None or (
                held[0] != colour
                and held[1] != "K"
                and not pacifism
                and not eclipsed
                and not _shielded_against(state, name, colour)
            ):
                found.append(name)
    elif key == "marche arriere" and piece == (colour, "P"):
        to = sq - forward
        if 0 <= to < 64 and chess.square_name(to) not in board and _permitted(state, chess.square_name(to)):
            found.append(chess.square_name(to))
    elif key == "charge" and piece == (colour, "P"):
        to = sq + forward
        while 0 <= to < 64:
            name = chess.square_name(to)
            # "sans traverser de Pièce ni de Mur. Une Zone interdite peut être traversée"
            if name in board or _marked(state, WALL, name):
                break
            if abs(to - sq) >= 16 and not _marked(state, NO_ENTRY, name):
                found.append(name)
            to += forward
    elif key == "teleportation" and piece[0] == colour and piece[1] != "K":
        found = [n for n in SQUARES if n not in board and _permitted(state, n)]
    elif key == "trahison" and piece[0] != colour and piece[1] != "K":
        pos = seat_position(state, seat)
        walled, _walls = _walled(pos)
        if piece[1] == "P":
            ahead = sq + forward
            if (
                0 <= ahead < 64
                and chess.square_name(ahead) not in board
                and _permitted(state, chess.square_name(ahead))
            ):
                found.append(chess.square_name(ahead))
            targets = chess.BB_PAWN_ATTACKS[COLOUR[piece[0]]][sq]
        else:
            targets = walled.attacks_mask(sq)
        for to in chess.SquareSet(targets):
            name = chess.square_name(to)
            held = board.get(name)
            if held is None:
                if piece[1] != "P" and _permitted(state, name):
                    found.append(name)
            elif (
                held[0] == piece[0]
                and held[1] != "K"
                and _permitted(state, name)
                and not pacifism
                and not eclipsed
                and not _shielded_against(state, name, colour)
            ):
                # "peut capturer une autre Pièce de son propre camp, sauf le roi, et ne peut pas capturer les tiennes"
                found.append(name)
    return found


def _shielded_against(state: TableState, square: str, capturer_colour: str) -> bool:
    """A Bouclier protects its piece against the captures the other side causes."""
    return any(
        m.kind == SHIELD and square in m.squares and m.colour != capturer_colour
        for m in marks_of(state.game_state)
    )


def _needs_promotion(piece: tuple[str, str], to: str) -> bool:
    return piece[1] == "P" and to[1] == ("8" if piece[0] == "white" else "1")


def _card_move(state: TableState, seat: int, key: str, payload: Payload, *, build: bool = True):
    """The board after a card's own move: (state, what it did), or the refusal of its rule.
    ``build``: False only checks the move (the condition), the state after it is None."""
    rule = f"chesscards.{key.replace(' ', '-')}"
    colour = colour_of(state, seat)
    square = _sq(payload, "square", "card")
    piece = state.board.get(square)
    marks = marks_of(state.game_state)
    did: dict[str, Any] = {"card": key, "from": square}
    if key in TRANSFORMS:
        only_fields(payload, "card", "instance", "square", "role")
        role = payload.get("role")
        if key == "promotion express":
            # "en cavalier, fou ou tour ... la dame n'est pas proposée"
            if piece != (colour, "P"):
                raise _refuse_target("card", rule, square, N_("choose one of your pawns"))
            if role not in ("N", "B", "R"):
                raise refuse("TABLE_EVENT_INVALID", kind="card", problem="role", hint=N_("send N, B or R"))
        else:
            if piece is None or piece[0] == colour or piece[1] not in ("Q", "R", "B", "N"):
                raise _refuse_target(
                    "card", rule, square, N_("choose an opponent's queen, rook, bishop or knight")
                )
            if role is not None:
                raise refuse("TABLE_EVENT_INVALID", kind="card", problem="role", hint=N_("send no role"))
            role = "P"
        changed = dict(state.board)
        changed[square] = (piece[0], role)
        did.update(role=role)
        after = evolve(state, board=frozen(changed))
        _king_safe(after, seat, rule)
        game = dict(after.game_state)
        game["castling"] = (
            game.get("castling", chess.BB_CORNERS) & ~chess.BB_SQUARES[chess.parse_square(square)]
        )
        game["ep"] = None
        return evolve(after, game_state=frozen(game)), did
    only_fields(payload, "card", "instance", "square", "to", "promote")
    to = _sq(payload, "to", "card")
    if piece is None or to not in _destinations(state, seat, key, square):
        raise _refuse_target("card", rule, to, N_("choose a destination the card's text allows"))
    promote = payload.get("promote")
    if _needs_promotion(piece, to) != (promote is not None) or (
        promote is not None and promote not in ("Q", "R", "B", "N")
    ):
        raise refuse(
            "TABLE_EVENT_INVALID",
            kind="card",
            problem="promote",
            hint=N_("a pawn reaching its last row is promoted: send Q, R, B or N"),
        )
    pos = seat_position(state, seat)
    walled, walls = _walled(pos)
    board = walled.copy(stack=False)
    taken: list[tuple[str, str]] = []
    held = board.piece_at(chess.parse_square(to))
    if held is not None:
        taken.append((("white" if held.color else "black"), LETTERS[held.piece_type]))
        marks = following(marks, to, None)
    moving = board.remove_piece_at(chess.parse_square(square))
    assert moving is not None
    if promote:
        moving = chess.Piece(LETTER[promote], moving.color)
    board.set_piece_at(chess.parse_square(to), moving)
    final, trap, portal, more = arrive(pos, board, chess.parse_square(to))
    taken += [(c, p) for _s, c, p in more]
    final_name = chess.square_name(final)
    marks = following(marks, square, final_name if board.piece_at(final) is not None else None)
    did.update(to=to)
    if portal:
        did["portal"] = list(portal)
        marks = tuple(m for m in marks if not (m.kind == PORTAL and portal[0] in m.squares))
    if trap:
        did["trap"] = {"square": trap[0], "captured": trap[1]}
        marks = tuple(
            m for m in marks if not (m.kind == TRAP and trap[0] in m.squares and m.colour != piece[0])
        )
    if taken:
        did["captured"] = [p for _c, p in taken]
    if not build:
        # The condition: the king's safety on this board, which is the walled board of the state
        # after the move (the walls stay, the moved piece never lands on one), with the marks after it.
        eclipsed = 0
        for mark in marks:
            if mark.kind == ECLIPSE:
                for name in mark.squares:
                    eclipsed |= chess.BB_SQUARES[chess.parse_square(name)]
        if king_attacked(board, pos.side, walls | eclipsed):
            raise _into_check(rule)
        return None, did
    wall_squares = tuple(chess.square_name(s) for s in chess.SquareSet(walls))
    pieces = pieces_of(board, wall_squares)
    game = dict(state.game_state)
    rights = game.get("castling", chess.BB_CORNERS)
    for name in (square, to):
        rights &= ~chess.BB_SQUARES[chess.parse_square(name)]
    if piece[1] == "K":
        rights &= ~(chess.BB_RANK_1 if piece[0] == "white" else chess.BB_RANK_8)
    spent = set(game.get("spent", ())) - {square, to}
    if key == "marche arriere" and to[1] in ("2", "7"):
        spent.add(to)
    game.update(castling=rights, ep=None, marks=marks, spent=tuple(sorted(spent)))
    after = evolve(
        state, board=frozen(pieces), captured=state.captured + tuple(taken), game_state=frozen(game)
    )
    _king_safe(after, seat, rule)
    return after, did


def _king_safe(state: TableState, seat: int, rule: str) -> None:
    """The mover's king stays out of check (a Mur and an eclipsed piece attack nothing)."""
    pos = seat_position(state, seat)
    board, walls = _walled(pos)
    eclipsed = 0
    for square in pos.of(ECLIPSE):
        eclipsed |= chess.BB_SQUARES[square]
    if king_attacked(board, pos.side, walls | eclipsed):
        raise _into_check(rule)


def _into_check(rule: str) -> Refusal:
    return rule_refusal(
        "TABLE_ILLEGAL_COUP",
        "chesscards.no-move-into-check",
        kind="card",
        move=rule,
        hint=N_("your king must stay out of check"),
    )


# --- the ``card`` move ------------------------------------------------------------------------------
def _card_check(state: TableState, seat: int, payload: Payload) -> None:
    _card_result(state, seat, payload, build=False)


def _card_result(state: TableState, seat: int, payload: Payload, *, build: bool = True):
    playing(state, seat, "card")
    _pending(state, "card")
    instance, where = card_in_hand(state, seat, payload, "card", "chesscards.from-hand")
    key = card_key(state, instance)
    if key not in PLAYED:
        raise rule_refusal(
            "TABLE_CARD_BY_HAND",
            "chesscards.by-hand",
            kind="card",
            card=state.card(instance).name,
            hint=N_("play this card by hand: the table does not play its text"),
        )
    if key == "double coup":
        only_fields(payload, "card", "instance")
        return "double", None, instance, where, key
    if key in CARD_MOVES or key in TRANSFORMS:
        after, did = _card_move(state, seat, key, payload, build=build)
        return "move", (after, did), instance, where, key
    return "mark", _check_mark_card(state, seat, key, instance, payload), instance, where, key


def _card(state: TableState, seat: int, payload: dict) -> Applied:
    what, result, instance, where, key = _card_result(state, seat, payload)
    name = state.card(instance).name
    if what == "move":
        after, done = result
        after, moved = move_card(after, seat, where, "discard", face_down=False, kind="card")
        return pass_turn(after, seat, list(moved), [("card", {"instance": instance, "name": name, **done})])
    if what == "double":
        state, moved = move_card(state, seat, where, "discard", face_down=False, kind="card")
        state = evolve(state, turn_state=frozen({**state.turn_state, "card": key, "coups": 2}))
        return Applied(state, tuple(moved), (("card", {"instance": instance, "name": name, "coups": 2}),))
    new_marks = result
    before = {m.card for m in marks_of(state.game_state)}
    removed = [m for m in marks_of(state.game_state) if m not in new_marks]
    state = _with_marks(state, new_marks)
    moved = []
    for mark in removed:  # Brèche: the removed mark's card goes to its owner's discard
        gone = state.locate(mark.card)
        if gone is not None and gone[1] == "board":
            state, more = move_card(
                state, state.owner(mark.card), gone, "discard", face_down=False, kind="card"
            )
            moved += more
    placed = [m for m in new_marks if m.card == instance and instance not in before]
    secret = bool(placed and placed[0].secret)
    target = "board" if placed else "discard"
    state, more = move_card(state, seat, where, target, face_down=secret, kind="card")
    moved += more
    state = evolve(state, turn_state=frozen({**state.turn_state, "card": key, "coups": 1}))
    # A secret Piège's square is in no public field (the payload's "square" is not one).
    did: dict[str, Any] = (
        {} if secret else {"instance": instance, "name": name, "marks": [m.kind for m in placed] or None}
    )
    return Applied(state, tuple(moved), (("card", did),))


def _cards(state: TableState, seat: int) -> Iterable[Payload]:
    """Every card of the hand the table plays, with each target its text allows."""
    if (
        state.phase != PLAYING
        or state.active != seat
        or state.turn_state.get("card")
        or state.turn_state.get("byHand")
    ):
        return
    colour = colour_of(state, seat)
    own = [sq for sq, (c, p) in state.board.items() if c == colour]
    theirs = [sq for sq, (c, p) in state.board.items() if c != colour]
    free = [sq for sq in SQUARES if _free(state, sq)]
    seen: set[str] = set()
    for card in state.seats[seat].zones["hand"]:
        key = card_key(state, card.instance)
        if key in seen:  # two copies offer the same moves: the first one stands for both
            continue
        seen.add(key)
        base = {"instance": card.instance}
        if key in SQUARE_MARKS:
            yield from ({**base, "square": sq} for sq in free)
        elif key == "portail":
            yield from ({**base, "square": a, "to": b} for i, a in enumerate(free) for b in free[i + 1 :])
        elif key in PIECE_MARKS:
            yield from ({**base, "square": sq} for sq in (own if PIECE_MARKS[key][1] == "own" else theirs))
        elif key in ("pacifisme", "double coup"):
            yield base
        elif key == "breche":
            for mark in marks_of(state.game_state):
                if mark.until is not None and not mark.secret:
                    item = {**base, "mark": mark.kind}
                    yield {**item, "square": mark.squares[0]} if mark.squares else item
        elif key in CARD_MOVES:
            sources = theirs if key == "trahison" else own
            for sq in sources:
                piece = state.board[sq]
                for to in _destinations(state, seat, key, sq):
                    payload = {**base, "square": sq, "to": to}
                    if _needs_promotion(piece, to):
                        yield from ({**payload, "promote": p} for p in ("Q", "R", "B", "N"))
                    else:
                        yield payload
        elif key == "promotion express":
            yield from (
                {**base, "square": sq, "role": r}
                for sq in own
                if state.board[sq][1] == "P"
                for r in ("N", "B", "R")
            )
        elif key == "depromotion":
            yield from ({**base, "square": sq} for sq in theirs if state.board[sq][1] in ("Q", "R", "B", "N"))


def _card_label(state: TableState, seat: int, payload: Payload) -> str:
    return state.card(payload["instance"]).name


CARD = Move(
    "card",
    N_("Play a card"),
    (
        Param("instance", "instance"),
        Param("square", "square", required=False),
        Param("to", "square", required=False),
        Param("mark", "text", required=False),
        Param("role", "piece", required=False),
        Param("promote", "piece", required=False),
    ),
    condition=checked(_card_check),
    enumerate=_cards,
    reduce=_card,
    plays=True,
    intent_label=_card_label,
    log=N_("%(who)s plays %(card)s"),
)


# --- ``cardByHand`` -------------------------------------------------------------------------------------
def _by_hand_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "cardByHand", "instance", "square")
    playing(state, seat, "cardByHand")
    _pending(state, "cardByHand")
    instance, _where = card_in_hand(state, seat, payload, "cardByHand", "chesscards.from-hand")
    key = card_key(state, instance)
    rule = f"chesscards.{key.replace(' ', '-')}"
    name = state.card(instance).name
    if key in UNDER_PACIFISM and _has_pacifism(state):
        raise rule_refusal(
            "TABLE_CARD_UNAVAILABLE",
            rule,
            kind="cardByHand",
            card=name,
            effect="Pacifisme",
            hint=N_("the card's text makes it unavailable under this effect"),
        )
    if key in PIECE_NOT_ECLIPSED:
        square = _sq(payload, "square", "cardByHand")
        piece = state.board.get(square)
        role = PIECE_NOT_ECLIPSED[key]
        if (
            piece is None
            or piece[0] != colour_of(state, seat)
            or piece[1] == "K"
            or (role and piece[1] != role)
        ):
            raise _refuse_target(
                "cardByHand", rule, square, N_("choose the piece of yours the card's text names")
            )
        if _marked(state, ECLIPSE, square):
            raise rule_refusal(
                "TABLE_CARD_UNAVAILABLE",
                rule,
                kind="cardByHand",
                card=name,
                effect="Éclipse",
                hint=N_("the card's text makes it unavailable under this effect"),
            )
    elif payload.get("square") is not None:
        raise refuse(
            "TABLE_EVENT_INVALID", kind="cardByHand", problem="square", hint=N_("send only the card")
        )


def _by_hand(state: TableState, seat: int, payload: dict) -> Applied:
    instance = payload["instance"]
    where = state.locate(instance)
    assert where is not None
    state, moved = move_card(state, seat, where, "discard", face_down=False, kind="cardByHand")
    state = evolve(state, turn_state=frozen({**state.turn_state, "byHand": True}))
    did = {"instance": instance, "name": state.card(instance).name}
    if payload.get("square"):
        did["square"] = payload["square"]
    return Applied(state, tuple(moved), (("cardByHand", did),))


def _by_hands(state: TableState, seat: int) -> Iterable[Payload]:
    if (
        state.phase != PLAYING
        or state.active != seat
        or state.turn_state.get("card")
        or state.turn_state.get("byHand")
    ):
        return
    colour = colour_of(state, seat)
    seen: set[str] = set()
    for card in state.seats[seat].zones["hand"]:
        key = card_key(state, card.instance)
        if key in PLAYED or key in seen:
            continue
        seen.add(key)
        if key in PIECE_NOT_ECLIPSED:
            role = PIECE_NOT_ECLIPSED[key]
            for sq, (c, p) in sorted(state.board.items()):
                if c == colour and p != "K" and (role is None or p == role):
                    yield {"instance": card.instance, "square": sq}
        else:
            yield {"instance": card.instance}


BY_HAND = Move(
    "cardByHand",
    N_("Play a card by hand"),
    (Param("instance", "instance"), Param("square", "square", required=False)),
    condition=checked(_by_hand_check),
    enumerate=_by_hands,
    reduce=_by_hand,
    plays=True,
    intent_label=_card_label,
    log=N_("%(who)s plays %(card)s by hand"),
    manual=True,
)

MOVES = (CARD, BY_HAND)
