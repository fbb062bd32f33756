"""Vanguard's table in rules mode (seed 002): each rule, a legal case accepted and an illegal one
refused with its code, its rule, and nothing changed (rules/games/vanguard/moves.py)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.games.vanguard.moves import grade, vanguard_grade
from rules.tables import Event, Refusal, apply, intents, replay
from rules.tables.state import evolve, frozen
from rules.tables.views import visible

from .kit import dealt


def play(state, seat: int, kind: str, **payload):
    return apply(state, Event(state.seq + 1, seat, kind, payload)).state


def refused(state, seat: int, kind: str, **payload):
    with pytest.raises(Refusal) as caught:
        apply(state, Event(state.seq + 1, seat, kind, payload))
    return caught.value.finding


def zone(state, seat: int, key: str) -> list[str]:
    return [c.instance for c in state.seats[seat].zones[key]]


def started(seed: int = 7):
    """A vanguard table in rules mode past its mulligans: the first player's first turn, Stand step."""
    state = dealt("vanguard", seed, mode="rules")
    state = play(state, 0, "mulligan", cards=[])
    return play(state, 1, "mulligan", cards=[])


def to_step(state, key: str):
    while state.spec.steps[state.step].key != key:
        state = play(state, state.active, "step")
    return state


def with_hand(state, seat: int, grades: dict[int, int]):
    """The seat's hand with, for each grade asked, a card of that grade moved in from the deck."""
    current = state.seats[seat]
    hand = list(current.zones["hand"])
    deck = list(current.zones["deck"])
    for wanted, count in grades.items():
        for _ in range(count):
            found = next(c for c in deck if grade(state, c.instance) == wanted)
            deck.remove(found)
            hand.append(found)
    zones = dict(current.zones)
    zones["hand"], zones["deck"] = tuple(hand), tuple(deck)
    return state.with_seat(seat, evolve(current, zones=frozen(zones)))


def of_grade(state, seat: int, wanted: int) -> str:
    return next(i for i in zone(state, seat, "hand") if grade(state, i) == wanted)


def test_the_first_player_is_drawn_by_the_seed_and_the_turn_starts_at_stand():
    firsts = {started(seed).active for seed in range(12)}
    assert firsts == {0, 1}  # the seeded coin, not always the same seat
    state = started()
    assert state.start.mode == "rules" and state.phase == "playing"
    assert state.spec.steps[state.step].key == "stand"
    assert state.active == state.first


def test_draw_by_the_step_once_and_no_free_draw():
    state = started()
    seat = state.active
    before = len(zone(state, seat, "hand"))
    state = play(state, seat, "step")  # "Draw: Взять 1 карту сверху."
    assert len(zone(state, seat, "hand")) == before + 1
    finding = refused(state, seat, "draw", count=1)
    assert finding.code == "TABLE_MOVE_NOT_ALLOWED" and finding.params["rule"] == "vanguard.moves"
    assert all(m.kind != "draw" for m, _p in intents(state, seat))


def test_an_empty_deck_at_the_draw_loses():
    state = started()
    seat = state.active
    current = state.seats[seat]
    zones = dict(current.zones)
    zones["deck"] = ()
    state = state.with_seat(seat, evolve(current, zones=frozen(zones)))
    state = play(state, seat, "step")  # "Пустая колода — поражение."
    assert state.phase == "finished" and state.result == (1 - seat, "DECK_OUT")
    assert intents(state, 0) == [] and intents(state, 1) == []


def test_ride_the_same_grade_or_one_higher_once_a_turn_old_vanguard_to_the_soul():
    state = with_hand(started(), 0, {1: 2, 2: 1, 3: 1})
    state = with_hand(state, 1, {1: 2, 2: 1, 3: 1})
    seat = state.active
    state = to_step(state, "ride")
    old = zone(state, seat, "vc")
    assert vanguard_grade(state, seat) == 0
    # Illegal: grade 2 on grade 0 ("ранг равен текущему или на 1 выше").
    finding = refused(state, seat, "ride", instance=of_grade(state, seat, 2))
    assert finding.code == "TABLE_RIDE_GRADE" and finding.params["rule"] == "vanguard.ride-grade"
    assert finding.params["grade"] == 2 and finding.params["vanguard"] == 0
    ride = of_grade(state, seat, 1)
    assert any(m.kind == "ride" and p == {"instance": ride} for m, p in intents(state, seat))
    assert not any(m.kind == "ride" and grade(state, p["instance"]) >= 2 for m, p in intents(state, seat))
    after = play(state, seat, "ride", instance=ride)
    assert zone(after, seat, "vc") == [ride] and zone(after, seat, "soul") == old
    assert after.turn_state["rode"] is True
    # Once a turn ("Ride — один раз за ход").
    again = of_grade(after, seat, 1)
    finding = refused(after, seat, "ride", instance=again)
    assert finding.code == "TABLE_ONCE_A_TURN" and finding.params["rule"] == "vanguard.ride-once"
    assert not any(m.kind == "ride" for m, _p in intents(after, seat))
    # The next turn may ride again: the per-turn state is cleared.
    other = play(to_step(after, "main"), seat, "endTurn")
    assert other.turn_state == {}


def test_ride_is_optional_and_only_in_the_ride_step():
    state = with_hand(started(), 0, {1: 1})
    state = with_hand(state, 1, {1: 1})
    seat = state.active
    ride = of_grade(state, seat, 1)
    finding = refused(state, seat, "ride", instance=ride)  # still at Stand
    assert finding.code == "TABLE_WRONG_STEP" and finding.params["rule"] == "vanguard.ride-step"
    state = to_step(state, "main")  # skipped ("можно пропустить")
    assert refused(state, seat, "ride", instance=ride).code == "TABLE_WRONG_STEP"


def test_only_the_active_seat_rides():
    state = to_step(with_hand(with_hand(started(), 0, {1: 1}), 1, {1: 1}), "ride")
    other = 1 - state.active
    finding = refused(state, other, "ride", instance=of_grade(state, other, 1))
    assert finding.code == "TABLE_NOT_YOUR_TURN" and finding.params["rule"] == "table.not-your-turn"


def test_call_grade_at_most_the_vanguard_s_onto_any_circle_an_occupied_one_to_the_drop():
    state = with_hand(started(), 0, {0: 2, 1: 1})
    state = with_hand(state, 1, {0: 2, 1: 1})
    seat = state.active
    state = to_step(state, "main")
    assert vanguard_grade(state, seat) == 0
    finding = refused(state, seat, "call", instance=of_grade(state, seat, 1), to="rc3")
    assert finding.code == "TABLE_CALL_GRADE" and finding.params["rule"] == "vanguard.call-grade"
    finding = refused(state, seat, "call", instance=of_grade(state, seat, 0), to="vc")
    assert finding.code == "TABLE_UNKNOWN_ZONE" and finding.params["rule"] == "vanguard.call-circle"
    first = of_grade(state, seat, 0)
    state = play(state, seat, "call", instance=first, to="rc3")
    assert zone(state, seat, "rc3") == [first]
    second = of_grade(state, seat, 0)
    state = play(state, seat, "call", instance=second, to="rc3")  # "прежний юнит уходит в Drop"
    assert zone(state, seat, "rc3") == [second] and zone(state, seat, "discard") == [first]
    calls = [p for m, p in intents(state, seat) if m.kind == "call"]
    assert calls and all(grade(state, p["instance"]) <= 0 for p in calls)
    assert {p["to"] for p in calls} == {"rc0", "rc1", "rc2", "rc3", "rc4"}


def test_move_only_within_a_column_swapping():
    state = with_hand(started(), 0, {0: 2})
    state = with_hand(state, 1, {0: 2})
    seat = state.active
    state = to_step(state, "main")
    front, back = of_grade(state, seat, 0), None
    state = play(state, seat, "call", instance=front, to="rc3")
    back = of_grade(state, seat, 0)
    state = play(state, seat, "call", instance=back, to="rc0")
    finding = refused(state, seat, "moveUnit", **{"from": "rc3", "to": "rc4"})
    assert finding.code == "TABLE_MOVE_COLUMN" and finding.params["rule"] == "vanguard.move-column"
    assert refused(state, seat, "moveUnit", **{"from": "rc1", "to": "vc"}).code == "TABLE_MOVE_COLUMN"
    state = play(state, seat, "moveUnit", **{"from": "rc3", "to": "rc0"})
    assert zone(state, seat, "rc0") == [front] and zone(state, seat, "rc3") == [back]
    shifts = {(p["from"], p["to"]) for m, p in intents(state, seat) if m.kind == "moveUnit"}
    assert shifts == {("rc0", "rc3"), ("rc3", "rc0")}


def test_no_battle_on_the_first_player_s_first_turn_but_on_the_next():
    state = to_step(started(), "main")
    seat = state.active
    finding = refused(state, seat, "step")
    assert finding.code == "TABLE_FIRST_TURN_NO_BATTLE"
    assert finding.params["rule"] == "vanguard.first-turn-no-battle"
    assert not any(m.kind == "step" for m, _p in intents(state, seat))
    state = play(state, seat, "endTurn")
    state = to_step(state, "battle")  # the second player's first turn battles
    assert state.active == 1 - seat


def test_free_moves_are_not_the_rules():
    state = started()
    seat = state.active
    for kind, payload in (
        ("move", {"from": "deck", "to": "hand"}),
        ("tap", {"instance": "a1"}),
    ):
        finding = refused(state, seat, kind, **payload)
        assert finding.code == "TABLE_MOVE_NOT_ALLOWED" and finding.params["rule"] == "vanguard.moves"
    # A result is a claim the other seat answers (rules.tables.fairness), not the end of the game.
    claimed = apply(state, Event(state.seq + 1, seat, "result", {"winner": 1})).state
    assert claimed.phase == "playing" and claimed.claim == (seat, 0, "RECORDED")
    # The drive check is the battle's (its own moment), not a free one.
    finding = refused(state, seat, "driveCheck")
    assert finding.code == "TABLE_BATTLE_STAGE" and finding.params["rule"] == "vanguard.drive-check"


def test_a_refused_move_changes_nothing():
    state = to_step(started(), "ride")
    before = state
    with pytest.raises(Refusal):
        apply(state, Event(state.seq + 1, state.active, "ride", {"instance": "nope"}))
    assert state == before


def test_the_mulligan_intents_are_every_choice_of_the_hand():
    state = dealt("vanguard", 3, mode="rules")
    mulligans = [p for m, p in intents(state, 0) if m.kind == "mulligan"]
    assert len(mulligans) == 2**5
    assert {"cards": []} in mulligans


def named_cards(payload) -> set[str]:
    """The card instances an intent's payload names (a card, a discard, a healed card, a list)."""
    named = {payload[k] for k in ("instance", "discard", "heal") if isinstance(payload.get(k), str)}
    return named | set(payload.get("cards", []))


def assert_sees_what_it_names(state, offered) -> None:
    """An intent names no card its seat may not see (the deck's order, the other hand stay hidden)."""
    for seat in (0, 1):
        seen = {
            card.instance
            for owner in (0, 1)
            for key, cards in state.seats[owner].zones.items()
            for card in cards
            if visible(state.spec, key, owner, card, frozenset({seat}))
        }
        for _m, p in offered[seat]:
            assert named_cards(p) <= seen, (p, "names a card its seat may not see")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_random_offered_intents_always_apply_and_a_seat_always_has_one(data, seed):
    start = dealt("vanguard", seed, mode="rules")
    state = start
    events = []
    for _ in range(data.draw(st.integers(1, 120))):
        offered = {seat: intents(state, seat) for seat in (0, 1)}
        if state.phase == "finished":
            assert offered == {0: [], 1: []}
            break
        assert_sees_what_it_names(state, offered)
        # Beyond conceding: a seat always has a move of the game to play.
        playable = [m for s in (0, 1) for m, _p in offered[s] if m.kind != "concede"]
        assert playable, "an unfinished table left both seats without intents"
        # Conceding ends the game: rarely chosen.
        seats = [s for s in (0, 1) if any(m.kind != "concede" for m, _p in offered[s])] or [0, 1]
        seat = data.draw(st.sampled_from(seats))
        choices = [(m, p) for m, p in offered[seat] if m.kind != "concede"] or offered[seat]
        move, payload = data.draw(st.sampled_from(choices))
        event = Event(state.seq + 1, seat, move.kind, payload)
        state = apply(state, event).state  # never refused
        events.append(event)
    assert replay(start, events) == state
