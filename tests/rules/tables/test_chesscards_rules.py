"""Chess cards' rules mode (seed 003; rules/games/chesscards): each law of chess and each card the
table plays, a legal case accepted and an illegal one refused with its code and rule; perft through
the table's own intents; random offered intents play whole games. Pure: no database."""

from __future__ import annotations

import random

import chess
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.games.chesscards.laws import LETTERS
from rules.tables import Event, Refusal, apply, intents, replay, table_view
from rules.tables.state import Card, evolve, frozen

from .kit import dealt


def start(seed: int = 7):
    state = dealt("chesscards", seed, mode="rules")
    assert state.phase == "playing" and state.active == state.first
    return state


def at(fen: str, *, seed: int = 7, hand: tuple[str, ...] = (), other_hand: tuple[str, ...] = ()):
    """The table with the position of ``fen`` (its side to move is the active seat), and the named
    cards moved from each deck to the hand (the mover's ``hand``, the other's ``other_hand``)."""
    state = start(seed)
    board = chess.Board(fen)
    pieces = {
        chess.square_name(sq): ("white" if p.color else "black", LETTERS[p.piece_type])
        for sq, p in board.piece_map().items()
    }
    white, black = state.first, 1 - state.first
    mover = white if board.turn == chess.WHITE else black
    ep = chess.square_name(board.ep_square) if board.ep_square is not None else None
    state = evolve(
        state,
        board=frozen(pieces),
        active=mover,
        game_state=frozen({"castling": int(board.castling_rights), "ep": ep}),
    )
    state = _to_hand(state, mover, hand)
    return _to_hand(state, 1 - mover, other_hand)


def _to_hand(state, seat: int, names: tuple[str, ...]):
    for name in names:
        current = state.seats[seat]
        deck = list(current.zones["deck"])
        card = next(c for c in deck if state.card(c.instance).name == name)
        deck.remove(card)
        zones = dict(current.zones)
        zones["deck"] = tuple(deck)
        zones["hand"] = (*zones["hand"], Card(card.instance))
        state = state.with_seat(seat, evolve(current, zones=frozen(zones)))
    return state


def hand_card(state, seat: int, name: str) -> str:
    return next(c.instance for c in state.seats[seat].zones["hand"] if state.card(c.instance).name == name)


def play(state, kind: str, seat: int | None = None, **payload):
    seat = state.active if seat is None else seat
    return apply(state, Event(state.seq + 1, seat, kind, payload)).state


def refused(state, kind: str, code: str, rule: str | None = None, seat: int | None = None, **payload):
    seat = state.active if seat is None else seat
    with pytest.raises(Refusal) as caught:
        apply(state, Event(state.seq + 1, seat, kind, payload))
    finding = caught.value.finding
    assert finding.code == code, finding
    if rule is not None:
        assert finding.params["rule"] == rule, finding.params
    return finding


def coup(state, move: str, **extra):
    return play(state, "piece", **{"from": move[:2], "to": move[2:4], **extra})


def offered(state, kind: str, seat: int | None = None) -> list[dict]:
    seat = state.active if seat is None else seat
    return [p for m, p in intents(state, seat) if m.kind == kind]


# --- the laws of chess ---------------------------------------------------------------------------------
def perft(state, depth: int) -> int:
    moves = offered(state, "piece")
    if depth == 1:
        return len(moves)
    return sum(
        perft(apply(state, Event(state.seq + 1, state.active, "piece", p)).state, depth - 1) for p in moves
    )


def test_perft_from_the_start_through_the_tables_own_intents():
    state = start()
    assert [perft(state, depth) for depth in (1, 2, 3)] == [20, 400, 8902]


def test_perft_of_a_position_with_castling_en_passant_and_promotions():
    # "Kiwipete" (chessprogramming.org's perft results): 48 Coups, then 2,039.
    state = at("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    assert [perft(state, depth) for depth in (1, 2)] == [48, 2039]


@pytest.mark.parametrize(
    "fen",
    [
        chess.STARTING_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b Kq - 0 1",
        "8/8/8/3pP3/8/8/8/4K2k w - d6 0 1",
    ],
)
def test_the_board_of_a_tables_pieces_is_python_chess_own(fen):
    """laws.board_of builds the python-chess board of the table's pieces (every piece on its square,
    the side to move, the castling rights whose rook is home, the en passant square)."""
    from rules.games.chesscards.laws import board_of

    expected = chess.Board(fen)
    pieces = {
        chess.square_name(sq): ("white" if p.color else "black", LETTERS[p.piece_type])
        for sq, p in expected.piece_map().items()
    }
    ep = chess.square_name(expected.ep_square) if expected.ep_square is not None else None
    game = {"castling": expected.castling_rights, "ep": ep}
    board = board_of(frozen(pieces), game, "white" if expected.turn == chess.WHITE else "black")
    assert board.piece_map() == expected.piece_map()
    assert (board.turn, board.castling_rights, board.ep_square) == (
        expected.turn,
        expected.castling_rights,
        expected.ep_square,
    )
    assert board.is_valid() and board.fen(en_passant="fen") == expected.fen(en_passant="fen")


def test_the_playtesters_illegal_moves_are_refused_each_with_its_rule():
    state = start()
    seat = state.active
    refused(state, "piece", "TABLE_ILLEGAL_COUP", "chesscards.illegal-move", **{"from": "a1", "to": "a3"})
    refused(state, "piece", "TABLE_ILLEGAL_COUP", "chesscards.illegal-move", **{"from": "d1", "to": "d2"})
    refused(state, "piece", "TABLE_ILLEGAL_COUP", "chesscards.illegal-move", **{"from": "b1", "to": "e8"})
    refused(state, "piece", "TABLE_NOT_YOUR_PIECE", "chesscards.own-piece", **{"from": "e7", "to": "e5"})
    refused(state, "piece", "TABLE_SQUARE", **{"from": "e2", "to": "e9"})
    after = coup(state, "e2e4")
    # One Coup a turn: the turn passed with it.
    assert after.active == 1 - seat and after.board["e4"] == ("white", "P")
    refused(after, "piece", "TABLE_NOT_YOUR_TURN", seat=seat, **{"from": "d2", "to": "d4"})
    refused(after, "endTurn", "TABLE_COUP_REQUIRED", "chesscards.one-move-a-turn")


def test_no_move_into_check():
    state = at("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")
    refused(
        state, "piece", "TABLE_ILLEGAL_COUP", "chesscards.no-move-into-check", **{"from": "e1", "to": "d2"}
    )
    assert coup(state, "e1e2").board["e2"] == ("white", "K")  # the rook taken


def test_castling_allowed_and_refused_through_check():
    state = at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    after = coup(state, "e1g1")
    assert after.board["g1"] == ("white", "K") and after.board["f1"] == ("white", "R")
    attacked = at("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1")  # f1 attacked: no short castling
    refused(attacked, "piece", "TABLE_ILLEGAL_COUP", **{"from": "e1", "to": "g1"})
    assert coup(attacked, "e1c1").board["d1"] == ("white", "R")


def test_en_passant_right_after_the_double_step_only():
    state = at("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1")
    state = coup(state, "d7d5")
    after = coup(state, "e5d6")
    assert "d5" not in after.board and after.board["d6"] == ("white", "P")
    assert ("black", "P") in after.captured


def test_promotion_is_chosen():
    state = at("4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    refused(state, "piece", "TABLE_ILLEGAL_COUP", "chesscards.promotion", **{"from": "a7", "to": "a8"})
    assert sorted(p["promote"] for p in offered(state, "piece") if p["from"] == "a7") == ["B", "N", "Q", "R"]
    assert coup(state, "a7a8", promote="N").board["a8"] == ("white", "N")


def test_checkmate_ends_the_game():
    state = start()
    for move in ("f2f3", "e7e5", "g2g4"):
        state = coup(state, move)
    black = state.active
    state = coup(state, "d8h4")
    assert state.phase == "finished" and state.result == (black, "CHECKMATE")
    assert intents(state, 0) == [] == intents(state, 1)
    refused(state, "piece", "TABLE_FINISHED", seat=1 - black, **{"from": "e2", "to": "e3"})


def test_stalemate_ends_the_game_in_a_draw():
    state = at("7k/8/6Q1/8/8/8/8/4K3 w - - 0 1")
    after = coup(state, "g6f7")
    assert after.phase == "finished" and after.result == (None, "STALEMATE")


# --- the cards -----------------------------------------------------------------------------------
def test_mur_blocks_lines_and_destinations_of_both_sides_and_lasts_until_the_next_opponent_turn_ends():
    state = at("4k3/8/8/8/8/8/8/R3K1N1 w - - 0 1", hand=("Mur", "Bouclier"))
    mur = hand_card(state, state.active, "Mur")
    refused(state, "card", "TABLE_CARD_TARGET", "chesscards.mur", instance=mur, square="a1")
    placed = play(state, "card", instance=mur, square="a4")
    assert mur in [c.instance for c in placed.seats[state.active].zones["board"]]
    # The mandatory Coup comes next: no other card, no end of the turn.
    refused(
        placed, "card", "TABLE_COUP_PENDING", instance=hand_card(state, state.active, "Bouclier"), square="a1"
    )
    refused(placed, "piece", "TABLE_ILLEGAL_COUP", "chesscards.marks", **{"from": "a1", "to": "a6"})
    refused(placed, "piece", "TABLE_ILLEGAL_COUP", **{"from": "a1", "to": "a4"})
    view = table_view(placed, frozenset({1 - state.active}))["board"]
    assert [(m["kind"], m["squares"], m["until"]) for m in view["marks"]] == [
        ("wall", ["a4"], placed.turn + 1)
    ]
    state = coup(placed, "a1a2")
    state = coup(state, "e8d8")  # the opponent's turn: the wall ends with it
    assert state.game_state["marks"] == ()
    assert mur in [c.instance for c in state.seats[state.active].zones["discard"]]
    assert offered(state, "piece") and {"from": "a2", "to": "a8"} in offered(state, "piece")


def test_a_knight_jumps_a_mur_but_never_lands_on_it():
    state = at("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", hand=("Mur",))
    state = play(state, "card", instance=hand_card(state, state.active, "Mur"), square="f3")
    refused(state, "piece", "TABLE_ILLEGAL_COUP", **{"from": "g1", "to": "f3"})
    assert {"from": "g1", "to": "e2"} in offered(state, "piece")


def test_bouclier_stops_the_opponents_captures_of_its_piece():
    state = at("4k3/8/8/3p4/4P3/8/8/4K3 b - - 0 1", other_hand=("Bouclier",))
    state = coup(state, "e8d8")
    shield = hand_card(state, state.active, "Bouclier")
    refused(state, "card", "TABLE_CARD_TARGET", "chesscards.bouclier", instance=shield, square="e1")
    state = play(state, "card", instance=shield, square="e4")
    state = coup(state, "e1e2")
    refused(state, "piece", "TABLE_ILLEGAL_COUP", "chesscards.marks", **{"from": "d5", "to": "e4"})


def test_piege_is_secret_and_captures_an_opponents_piece_arriving_on_it():
    state = at("4k3/3p4/8/8/8/8/8/4K3 w - - 0 1", hand=("Piège",))
    owner = state.active
    trap = hand_card(state, owner, "Piège")
    state = play(state, "card", instance=trap, square="d5")
    for_other = table_view(state, frozenset({1 - owner}))
    assert for_other["board"]["marks"] == []
    assert trap not in str(for_other)
    assert table_view(state, frozenset({owner}))["board"]["marks"][0]["secret"] is True
    state = coup(state, "e1e2")
    state = coup(state, "d7d5")  # the pawn arrives on the trap
    assert "d5" not in state.board and ("black", "P") in state.captured
    assert state.game_state["marks"] == ()
    assert trap in [c.instance for c in state.seats[owner].zones["discard"]]


def test_portail_carries_a_piece_to_its_other_end():
    state = at("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", hand=("Portail",))
    portal = hand_card(state, state.active, "Portail")
    refused(state, "card", "TABLE_CARD_TARGET", "chesscards.portail", instance=portal, square="a3", to="a3")
    state = play(state, "card", instance=portal, square="a3", to="h6")
    state = coup(state, "a2a3")
    assert state.board.get("h6") == ("white", "P") and "a3" not in state.board
    assert state.game_state["marks"] == ()


def test_pacifisme_forbids_every_capture_and_the_cards_unavailable_under_it():
    state = at("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", hand=("Pacifisme",), other_hand=("Sacrifice",))
    state = play(state, "card", instance=hand_card(state, state.active, "Pacifisme"))
    refused(state, "piece", "TABLE_ILLEGAL_COUP", "chesscards.marks", **{"from": "e4", "to": "d5"})
    state = coup(state, "e1d1")
    refused(state, "piece", "TABLE_ILLEGAL_COUP", **{"from": "d5", "to": "e4"})
    sacrifice = hand_card(state, state.active, "Sacrifice")
    refused(
        state, "cardByHand", "TABLE_CARD_UNAVAILABLE", "chesscards.sacrifice", instance=sacrifice, square="d5"
    )


def test_eclipse_takes_a_pieces_check_and_captures_away():
    state = at("B2rk3/8/8/8/3N4/8/8/3K4 w - - 0 1", hand=("Éclipse",), other_hand=("Harakiri",))
    refused(
        state, "piece", "TABLE_ILLEGAL_COUP", "chesscards.no-move-into-check", **{"from": "d4", "to": "b5"}
    )
    eclipse = hand_card(state, state.active, "Éclipse")
    refused(state, "card", "TABLE_CARD_TARGET", "chesscards.eclipse", instance=eclipse, square="e8")
    state = play(state, "card", instance=eclipse, square="d8")
    # The eclipsed rook gives no check: the knight it pinned moves.
    state = coup(state, "d4b5")
    # It takes nothing, and its owner may not play Harakiri with it.
    refused(state, "piece", "TABLE_ILLEGAL_COUP", **{"from": "d8", "to": "a8"})
    assert {"from": "d8", "to": "b8"} in offered(state, "piece")
    harakiri = hand_card(state, state.active, "Harakiri")
    refused(
        state, "cardByHand", "TABLE_CARD_UNAVAILABLE", "chesscards.harakiri", instance=harakiri, square="d8"
    )


def test_gel_keeps_a_piece_on_its_square():
    state = at("3rk3/8/8/8/8/8/8/R3K3 b - - 0 1", other_hand=("Gel",))
    state = coup(state, "e8f8")
    gel = hand_card(state, state.active, "Gel")
    refused(state, "card", "TABLE_CARD_TARGET", "chesscards.gel", instance=gel, square="f8")
    state = play(state, "card", instance=gel, square="d8")
    state = coup(state, "a1a2")
    assert not [p for p in offered(state, "piece") if p["from"] == "d8"]


def test_zone_interdite_forbids_an_arrival_but_not_a_crossing():
    state = at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", hand=("Zone interdite",))
    state = play(state, "card", instance=hand_card(state, state.active, "Zone interdite"), square="a4")
    refused(state, "piece", "TABLE_ILLEGAL_COUP", **{"from": "a1", "to": "a4"})
    assert coup(state, "a1a7").board["a7"] == ("white", "R")


def test_double_coup_plays_two_coups_the_first_giving_no_check():
    state = at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", hand=("Double coup",))
    seat = state.active
    state = play(state, "card", instance=hand_card(state, seat, "Double coup"))
    refused(
        state, "piece", "TABLE_ILLEGAL_COUP", "chesscards.double-coup-first", **{"from": "a1", "to": "a8"}
    )
    state = coup(state, "a1a2")
    assert state.active == seat
    state = coup(state, "a2a8")
    assert state.active == 1 - seat


def test_the_cards_own_moves():
    state = at("4k3/8/8/8/8/8/4P3/2B1K3 w - - 0 1", hand=("Mutation",))
    mutation = hand_card(state, state.active, "Mutation")
    refused(
        state, "card", "TABLE_CARD_TARGET", "chesscards.mutation", instance=mutation, square="c1", to="c3"
    )
    after = play(state, "card", instance=mutation, square="c1", to="d3")
    assert after.board["d3"] == ("white", "B") and after.active != state.active

    back = at("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", hand=("Marche arrière",))
    back = play(back, "card", instance=hand_card(back, back.active, "Marche arrière"), square="e3", to="e2")
    back = coup(back, "e8d8")
    # "Revenir à son départ ne lui rend pas son avance initiale de deux cases."
    refused(back, "piece", "TABLE_ILLEGAL_COUP", **{"from": "e2", "to": "e4"})
    assert coup(back, "e2e3").board["e3"] == ("white", "P")

    treason = at("4k3/3n4/8/8/8/3b4/8/K7 w - - 0 1", hand=("Trahison",))
    card = hand_card(treason, treason.active, "Trahison")
    refused(treason, "card", "TABLE_CARD_TARGET", "chesscards.trahison", instance=card, square="e8", to="d8")
    after = play(treason, "card", instance=card, square="d3", to="b5")
    assert after.board["b5"] == ("black", "B")
    own_side = play(treason, "card", instance=card, square="d7", to="f6")
    assert own_side.board["f6"] == ("black", "N")

    charge = at("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", hand=("Charge",))
    card = hand_card(charge, charge.active, "Charge")
    refused(charge, "card", "TABLE_CARD_TARGET", "chesscards.charge", instance=card, square="e2", to="e3")
    assert play(charge, "card", instance=card, square="e2", to="e7").board["e7"] == ("white", "P")


def test_breche_removes_a_visible_temporary_mark_never_a_piege():
    state = at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", hand=("Mur", "Piège"), other_hand=("Brèche",))
    state = play(state, "card", instance=hand_card(state, state.active, "Mur"), square="a4")
    state = coup(state, "e1d1")
    breach = hand_card(state, state.active, "Brèche")
    refused(
        state, "card", "TABLE_CARD_TARGET", "chesscards.breche", instance=breach, square="a5", mark="wall"
    )
    state = play(state, "card", instance=breach, square="a4", mark="wall")
    assert state.game_state["marks"] == ()


def test_a_card_by_hand_is_recorded_with_adjustments_then_the_turn_ends():
    state = at("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", hand=("Tsunami",))
    seat = state.active
    refused(state, "adjust", "TABLE_NO_CARD_BY_HAND", "chesscards.by-hand", **{"from": "e2", "to": "d2"})
    tsunami = hand_card(state, seat, "Tsunami")
    refused(state, "card", "TABLE_CARD_BY_HAND", "chesscards.by-hand", instance=tsunami)
    state = play(state, "cardByHand", instance=tsunami)
    refused(state, "piece", "TABLE_BY_HAND_PENDING", **{"from": "e2", "to": "e3"})
    refused(state, "adjust", "TABLE_KING_STAYS", remove="e1")
    state = play(state, "adjust", **{"from": "e2", "to": "d2"})
    assert state.board["d2"] == ("white", "P") and state.active == seat
    state = play(state, "endTurn")
    assert state.active == 1 - seat


# --- whole games ---------------------------------------------------------------------------------
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_random_offered_intents_always_apply_and_replay(seed, choices):
    rnd = random.Random(choices)
    begin = state = dealt("chesscards", seed, mode="rules")
    events = []
    for _ in range(120):
        offers = {
            s: [(m, p) for m, p in intents(state, s) if m.kind not in ("concede", "result")] for s in (0, 1)
        }
        if state.phase == "finished":
            assert intents(state, 0) == [] == intents(state, 1)
            break
        assert offers[state.active], "the player to move always has a move"
        # Now and then a card, else mostly a Coup (a draw while the hand is small).
        kinds = sorted({m.kind for m, _p in offers[state.active]})
        game = [
            k for k in kinds if k in ("piece", "card", "cardByHand", "draw", "endTurn", "adjust")
        ] or kinds
        kind = rnd.choice(game)
        move, payload = rnd.choice([(m, p) for m, p in offers[state.active] if m.kind == kind])
        event = Event(state.seq + 1, state.active, move.kind, payload)
        state = apply(state, event).state  # never refused
        events.append(event)
    assert replay(begin, events) == state


def test_a_frozen_piece_moves_by_no_card_of_its_owner():
    state = at("3rk3/8/8/8/8/8/8/R3K3 b - - 0 1", other_hand=("Gel",), hand=("Téléportation",))
    state = coup(state, "e8f8")
    state = play(state, "card", instance=hand_card(state, state.active, "Gel"), square="d8")
    state = coup(state, "a1a2")
    teleport = hand_card(state, state.active, "Téléportation")
    refused(
        state,
        "card",
        "TABLE_CARD_TARGET",
        "chesscards.teleportation",
        instance=teleport,
        square="d8",
        to="d4",
    )
    assert not [p for p in offered(state, "card") if p.get("square") == "d8"]


def test_a_secret_piege_that_takes_a_kings_square_away_is_revealed_before_the_choice():
    state = at("8/8/8/8/8/8/8/K5k1 w - - 0 1", hand=("Piège",))
    owner = state.active
    state = play(state, "card", instance=hand_card(state, owner, "Piège"), square="b2")
    assert table_view(state, frozenset({1 - owner}))["board"]["marks"] == []
    state = coup(state, "a1a2")  # the black king cannot reach b2: the trap stays secret
    assert table_view(state, frozenset({1 - owner}))["board"]["marks"] == []
    far = at("8/8/8/8/8/8/6k1/K7 w - - 0 1", hand=("Piège",))
    owner = far.active
    far = play(far, "card", instance=hand_card(far, owner, "Piège"), square="f1")
    far = coup(far, "a1b1")  # the black king on g2 could step to f1: the trap shows to both
    shown = table_view(far, frozenset({1 - owner}))["board"]["marks"]
    assert [(m["kind"], m["squares"], m["secret"]) for m in shown] == [("trap", ["f1"], False)]
    assert {"from": "g2", "to": "f1"} not in offered(far, "piece")
    # The mark names its card: the card on the board is revealed with it, so the board zone and the
    # marks tell the other seat the same (a revealed mark beside a hidden card named it anyway).
    trap = shown[0]["instance"]
    board = [c for c in far.seats[owner].zones["board"] if c.instance == trap]
    assert board and board[0].revealed
