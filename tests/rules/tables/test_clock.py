"""The turn timer, pure (rules.tables.clock): 90 s a turn, then the bank, an empty bank loses (seed
002, section 1); times given as plain numbers."""

from __future__ import annotations

from rules.tables.clock import TurnTimer, clock

TIMER = TurnTimer(turn=90, bank=300)


def test_before_the_first_turn_nothing_runs():
    now = clock(TIMER, [], 1000.0)
    assert now.active is None and now.banks == (300.0, 300.0) and now.out is None and now.deadline is None


def test_a_turn_within_its_90_seconds_leaves_the_bank_whole():
    now = clock(TIMER, [(0, 1000.0)], 1060.0)
    assert now.active == 0 and now.turn_left == 30.0 and now.banks == (300.0, 300.0)
    assert now.deadline == 1000.0 + 90 + 300 and now.out is None


def test_beyond_90_seconds_the_bank_runs():
    now = clock(TIMER, [(0, 1000.0)], 1000.0 + 90 + 100)
    assert now.turn_left == 0.0 and now.banks == (200.0, 300.0) and now.out is None


def test_the_bank_is_kept_from_turn_to_turn():
    turns = [(0, 0.0), (1, 150.0), (0, 200.0)]  # seat 1 took 150 s: 60 from its bank
    now = clock(TIMER, turns, 210.0)
    assert now.active == 0 and now.banks == (240.0, 300.0) and now.turn_left == 80.0
    assert now.deadline == 200.0 + 90 + 240


def test_an_empty_bank_puts_the_seat_to_act_out_of_time():
    now = clock(TIMER, [(0, 0.0), (1, 10.0)], 10.0 + 90 + 300)
    assert now.out == 1 and now.banks == (300.0, 0.0)
    assert clock(TIMER, [(0, 0.0), (1, 10.0)], 10.0 + 90 + 299).out is None


def test_a_turn_that_outlasted_the_bank_is_out_even_if_the_next_began():
    now = clock(TIMER, [(0, 0.0), (1, 500.0)], 510.0)
    assert now.out == 0 and now.deadline == 390.0


def test_the_state_records_the_event_that_began_each_turn_and_a_timeout_ends_the_game():
    import pytest

    from rules.tables import Event, Refusal, apply

    from .kit import dealt

    state = dealt("vanguard", mode="rules")
    assert state.turns_began == ()
    for seat in (0, 1):
        state = apply(state, Event(state.seq + 1, seat, "mulligan", {"cards": []})).state
    first = state.active
    assert state.turns_began == ((first, 2),)
    state = apply(state, Event(3, first, "endTurn", {})).state
    assert state.turns_began == ((first, 2), (1 - first, 3))
    with pytest.raises(Refusal):  # only the seat to act runs out of time
        apply(state, Event(4, first, "timeout", {}))
    applied = apply(state, Event(4, 1 - first, "timeout", {}))
    assert applied.state.phase == "finished" and applied.state.result == (first, "TIME")
    assert applied.did == (("result", {"winner": first + 1, "reason": "TIME"}),)
