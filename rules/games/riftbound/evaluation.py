"""How a riftbound bot scores a table for a seat (rules.tables.bots' greedy policy): seed 001's
points first (8 win), then the battlefields held and the Might there. Public figures only."""

from rules.tables.state import TableState

from .moves import FIELDS, controller, might, units_at


def evaluate(state: TableState, seat: int) -> float:
    points = state.seats[seat].counters.get("points", 0) - state.seats[1 - seat].counters.get("points", 0)
    held = sum((controller(state, f) == seat) - (controller(state, f) == 1 - seat) for f in FIELDS)
    strength = sum(might(state, u) for f in FIELDS for u in units_at(state, f, seat)) - sum(
        might(state, u) for f in FIELDS for u in units_at(state, f, 1 - seat)
    )
    base = len(state.seats[seat].zones.get("base", ())) - len(state.seats[1 - seat].zones.get("base", ()))
    return points + 0.5 * held + 0.1 * strength + 0.05 * base
