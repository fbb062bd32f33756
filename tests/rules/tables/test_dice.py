"""A die and a coin at the table (rules.tables, pure): drawn by the table from its seed and the
event's seq, never chosen by a player; every replay rolls the same; a bad die is refused unchanged."""

from __future__ import annotations

import pytest

from rules.tables import Event, Refusal, apply, event_view, replay

from .kit import GAMES, dealt


@pytest.mark.parametrize("game", GAMES)
def test_a_die_and_a_coin_are_drawn_by_the_table_and_replay_the_same(game):
    start = dealt(game, 11)
    events = [Event(n, n % 2, "roll", {"sides": 20} if n % 3 else {}) for n in range(1, 31)]
    events += [Event(n, n % 2, "coin", {}) for n in range(31, 61)]
    state, did = start, []
    for event in events:
        applied = apply(state, event)
        assert applied.moved == () and applied.state.seats == state.seats  # nothing else changes
        did += applied.did
        # Both seats (and a spectator) read the value in the log.
        for viewers in (frozenset({0}), frozenset({1}), frozenset()):
            shown = event_view(state, event, applied, viewers)
            assert shown["did"] == [{"what": event.kind, **dict(applied.did[0][1])}]
        state = applied.state
    rolls = [params for what, params in did if what == "roll"]
    assert all(1 <= r["value"] <= r["sides"] for r in rolls)
    assert {r["sides"] for r in rolls} == {6, 20} and len({r["value"] for r in rolls}) > 3
    assert {params["side"] for what, params in did if what == "coin"} == {"heads", "tails"}

    # The same seed and events: the same values (a replay, the page's ?at=N); another seed: others.
    def rolled(state, events):
        out = []
        for event in events:
            applied = apply(state, event)
            out += applied.did
            state = applied.state
        return out

    assert rolled(dealt(game, 11), events) == did
    assert rolled(replay(start, events[:20]), events[20:]) == did[20:]
    assert rolled(dealt(game, 12), events) != did


@pytest.mark.parametrize(
    "payload", [{"sides": 1}, {"sides": 101}, {"sides": "6"}, {"sides": True}, {"value": 6}]
)
def test_a_die_the_table_cannot_roll_is_refused_and_nothing_changes(payload):
    start = dealt("vanguard")
    with pytest.raises(Refusal) as refused:
        apply(start, Event(1, 0, "roll", payload))
    assert refused.value.finding.code == "TABLE_EVENT_INVALID"
    with pytest.raises(Refusal):
        apply(start, Event(1, 0, "coin", {"side": "heads"}))  # the player does not choose it
    finished = apply(start, Event(1, 0, "concede", {})).state
    with pytest.raises(Refusal) as late:
        apply(finished, Event(2, 1, "roll", {}))
    assert late.value.finding.code == "TABLE_FINISHED"
