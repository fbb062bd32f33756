"""What the engine keeps of a state (rules.tables.state.derived) is that very state's, never another's.

A state's intents check every candidate move on the same state, so what the checks derive of it is
kept beside it: where its cards lie (TableState.locate), chesscards' legal Coups and the squares a
card may take a piece to. Each is held here to the same answer derived afresh, on an equal state that
is another object (nothing kept yet), state after state of games where cards move and the board
changes: an answer kept for one state and served for another fails.
"""

from __future__ import annotations

import pytest

from rules.games.chesscards import cards as chess_cards
from rules.games.chesscards.moves import coups
from rules.tables import Event, apply, intents
from rules.tables.bots import RANDOM, play_out
from rules.tables.state import evolve

from .kit import GAMES, dealt
from .test_chesscards_rules import at, hand_card, offered, refused


def fresh(state):
    """An equal state, another object: nothing derived of it yet."""
    copy = evolve(state)
    assert copy == state and copy is not state
    return copy


def states_of(game: str, seed: int, events: int):
    start = dealt(game, seed=seed, mode="rules")
    state = start
    yield state
    for event in play_out(start, policies=(RANDOM, RANDOM), seed=seed, max_events=events).events:
        state = apply(state, event).state
        yield state


@pytest.mark.parametrize("game", GAMES)
def test_a_states_cards_are_located_where_they_lie_in_that_state(game):
    seen = 0
    for state in states_of(game, seed=1, events=40):
        for seat in (0, 1):
            intents(state, seat)  # its cards' places kept
        for _ in range(2):  # the first call scans, the next ones read the index
            for instance in state.start.instances:
                assert state.locate(instance) == fresh(state).locate(instance), (game, state.seq, instance)
        assert state.locate("nobody") is None
        seen += 1
    assert seen > 20, "a game long enough that its cards move"


def test_chesscards_coups_and_card_destinations_are_the_states_own():
    checked = 0
    for state in states_of("chesscards", seed=0, events=40):
        afresh = fresh(state)
        for seat in (0, 1):
            intents(state, seat)  # its Coups and the cards' destinations kept
            found = coups(state, seat)
            assert _coups(found) == _coups(coups(afresh, seat)), (state.seq, seat)
            for move, _outcome in found[::4]:
                assert _coups(coups(state, seat, move)) == _coups(coups(afresh, seat, move))
            for key in chess_cards.CARD_MOVES:
                for square in state.board:
                    kept = chess_cards._destinations(state, seat, key, square)
                    # Each asked of its own copy: a copy's kept answers are not the truth either.
                    assert kept == chess_cards._destinations(fresh(state), seat, key, square), (key, square)
            checked += len(found)
    assert checked > 100


def _coups(found):
    return [
        (move.uci(), None if o is None else (o.board.fen(), o.captured, o.trap, o.portal, o.final))
        for move, o in found
    ]


def test_a_coup_asked_alone_is_the_coup_of_the_whole_list():
    state = at("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1")
    seat = state.active
    # The one Coup first (a replay's condition), then the whole list (the intents), on the same state.
    only = next(m for m, _o in coups(fresh(state), seat) if m.uci() == "e2e4")
    alone = coups(state, seat, only)
    assert [m.uci() for m, _o in alone] == ["e2e4"]
    assert sorted(m.uci() for m, _o in coups(state, seat)) == sorted(
        m.uci() for m, _o in coups(fresh(state), seat)
    )
    assert len(coups(state, seat)) > 1


def test_a_cards_own_move_never_leaves_its_king_in_check():
    # The rook on e2 is pinned to its king by the rook on e8: teleported off the file it would leave
    # the king in check; along the file it still shields it.
    state = at("4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1", hand=("Téléportation",))
    teleport = hand_card(state, state.active, "Téléportation")
    targets = {p["to"] for p in offered(state, "card") if p.get("square") == "e2"}
    assert {"e3", "e4", "e5", "e6", "e7"} <= targets
    assert not targets & {"a4", "d2", "h5"}
    finding = refused(
        state,
        "card",
        "TABLE_ILLEGAL_COUP",
        "chesscards.no-move-into-check",
        instance=teleport,
        square="e2",
        to="a4",
    )
    assert finding.params["move"] == "chesscards.teleportation"
    after = apply(
        state, Event(state.seq + 1, state.active, "card", {"instance": teleport, "square": "e2", "to": "e5"})
    ).state
    assert after.board["e5"] == ("white", "R") and "e2" not in after.board
