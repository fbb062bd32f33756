"""Random event sequences (hypothesis): every event applies or is refused without a change, no
card is ever lost or doubled, and replaying the accepted events gives the live state."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import get_ruleset
from rules.tables import Event, Refusal, apply, replay, table_view
from rules.tables.engine import table_kinds

from .kit import GAMES, dealt

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 10**12),
    st.text(max_size=8),
    st.lists(st.integers(), max_size=3),
)


def instances(state) -> list[str]:
    found = [c.instance for seat in state.seats for cards in seat.zones.values() for c in cards]
    found += [c.instance for pairs in state.shared.values() for _o, c in pairs]
    return found


def through_setup(state):
    """The setup's decisions made as a player would (keep, the coin winner plays first, a battlefield)."""
    seq = state.seq
    for seat in (0, 1):
        for decision in sorted(state.seats[seat].pending):
            seq += 1
            if decision == "mulligan":
                event = Event(seq, seat, "mulligan", {"cards": []})
            elif decision == "first":
                event = Event(seq, seat, "first", {"first": 1})
            else:
                source = decision.split(":", 1)[1]
                event = Event(seq, seat, "choose", {"instance": state.seats[seat].zones[source][0].instance})
            yield event
            state = apply(state, event).state


def payload_for(data, state, game: str, kind: str) -> dict:
    spec = get_ruleset(game).table_spec()
    everyone = sorted(state.start.instances)
    mine = [c.instance for seat in state.seats for cards in seat.zones.values() for c in cards]
    ids = data.draw(st.sampled_from([mine, mine, mine, everyone])) or everyone
    zones = [z.key for z in spec.zones] + ["nowhere"]
    counters = [c.key for c in spec.counters] + ["nothing"]
    squares = ["e2", "e4", "d7", "d5", "a1", "z9"]
    pick = {
        "mulligan": lambda: {"cards": data.draw(st.lists(st.sampled_from(ids), max_size=6))},
        "first": lambda: {"first": data.draw(st.sampled_from([1, 2, 3]))},
        "choose": lambda: {"instance": data.draw(st.sampled_from(ids))},
        "draw": lambda: {"count": data.draw(st.integers(0, 4))},
        "move": lambda: data.draw(
            st.one_of(
                st.fixed_dictionaries(
                    {"instance": st.sampled_from(ids), "to": st.sampled_from(zones)},
                    optional={"faceDown": st.booleans(), "bottom": st.booleans()},
                ),
                st.fixed_dictionaries({"from": st.sampled_from(zones), "to": st.sampled_from(zones)}),
            )
        ),
        "tap": lambda: {"instance": data.draw(st.sampled_from(ids))},
        "flip": lambda: {"instance": data.draw(st.sampled_from(ids))},
        "reveal": lambda: data.draw(
            st.one_of(
                st.fixed_dictionaries({"instance": st.sampled_from(ids)}),
                st.fixed_dictionaries({"zone": st.sampled_from(zones), "count": st.integers(0, 4)}),
            )
        ),
        "shuffle": lambda: {"zone": data.draw(st.sampled_from(zones))},
        "counter": lambda: {
            "key": data.draw(st.sampled_from(counters)),
            "value": data.draw(st.integers(-3, 12)),
        },
        "note": lambda: {"text": data.draw(st.text(max_size=20))},
        "piece": lambda: {
            "from": data.draw(st.sampled_from(squares)),
            "to": data.draw(st.sampled_from(squares)),
        },
        "result": lambda: {"winner": data.draw(st.sampled_from([1, 2]))},
        "roll": lambda: {"sides": data.draw(st.integers(0, 120))},
        "search": lambda: {"zone": data.draw(st.sampled_from(zones))},
    }
    payload = pick.get(kind, dict)()
    if data.draw(st.integers(0, 19)) == 0:  # now and then, a field that is not the contract's
        payload[data.draw(st.sampled_from(["x", "count", "instance", "to"]))] = data.draw(JUNK)
    return payload


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), game=st.sampled_from(GAMES), seed=st.integers(0, 2**32))
def test_random_sequences_apply_or_are_refused_and_replay_to_the_live_state(data, game, seed):
    start = dealt(game, seed)
    total = len(start.start.instances)
    state = start
    accepted: list[Event] = []
    if data.draw(st.integers(0, 4)):  # most games get past the setup
        for event in through_setup(state):
            state = apply(state, event).state
            accepted.append(event)
    weights = [k for k in table_kinds(start) if k not in ("concede", "result")] * 20 + ["concede", "result"]
    for _ in range(data.draw(st.integers(1, 60))):
        kind = data.draw(st.sampled_from(weights))
        seat = data.draw(st.sampled_from([0, 1] * 10 + [None, 2]))
        if state.active is not None and data.draw(st.booleans()):
            seat = state.active
        event = Event(state.seq + 1, seat, kind, payload_for(data, state, game, kind))
        before = state
        try:
            state = apply(state, event).state
        except Refusal as refused:
            assert refused.finding.code.startswith("TABLE_")
            assert state is before
            continue
        accepted.append(event)
        assert state.seq == event.seq
        found = instances(state)
        assert len(found) == total and len(set(found)) == total, "a card was lost or doubled"
        table_view(state, frozenset({0}))
    assert replay(start, accepted) == state
    for at in range(0, len(accepted) + 1, 5):
        assert replay(start, accepted, at=at) == replay(start, accepted[:at])


def secrets(state, viewer: int) -> set[str]:
    """The instances of the other seat that ``viewer`` may not know (hidden zones, the hand, face down)."""
    spec = state.spec
    other = 1 - viewer
    hidden = set()
    for key, cards in state.seats[other].zones.items():
        visibility = spec.zone(key).visibility
        for card in cards:
            if card.revealed:
                continue
            if visibility != "public" or card.face_down:
                hidden.add(card.instance)
    for pairs in state.shared.values():
        hidden.update(c.instance for o, c in pairs if o == other and c.face_down and not c.revealed)
    return hidden


def identities(data, found: list | None = None) -> list:
    """Every (instance, stableCardId, name) a JSON-like value holds."""
    found = [] if found is None else found
    if isinstance(data, dict):
        if "instance" in data or "stableCardId" in data or "name" in data:
            found.append((data.get("instance"), data.get("stableCardId"), data.get("name")))
        for value in data.values():
            identities(value, found)
    elif isinstance(data, list):
        for value in data:
            identities(value, found)
    return found


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), game=st.sampled_from(GAMES), seed=st.integers(0, 2**32))
def test_no_view_and_no_event_tells_the_other_seat_a_hidden_card(data, game, seed):
    from rules.tables import event_view

    state = dealt(game, seed)
    if data.draw(st.integers(0, 3)):
        for event in through_setup(state):
            state = apply(state, event).state
    weights = [k for k in table_kinds(state) if k not in ("concede", "result")]
    for _ in range(data.draw(st.integers(1, 40))):
        kind = data.draw(st.sampled_from(weights))
        seat = (
            state.active
            if state.active is not None and data.draw(st.booleans())
            else data.draw(st.sampled_from([0, 1]))
        )
        event = Event(state.seq + 1, seat, kind, payload_for(data, state, game, kind))
        before = state
        try:
            applied = apply(state, event)
        except Refusal:
            continue
        state = applied.state
        for viewer in (0, 1):
            secret = secrets(before, viewer) & secrets(state, viewer)
            shown = identities(event_view(state, event, applied, frozenset({viewer})))
            assert not {i for i, _s, _n in shown} & secret, (kind, shown)
            view = table_view(state, frozenset({viewer}))
            seen = identities(view["seats"][1 - viewer]) + identities(view["shared"])
            assert not {i for i, _s, _n in seen} & secrets(state, viewer)
            # No identity without an instance: each listed card is one the viewer may see.
            assert all(i is not None for i, _s, _n in seen)
        spectator = table_view(state, frozenset())
        assert not {i for i, _s, _n in identities(spectator)} & (secrets(state, 0) | secrets(state, 1))
