"""How a darkrow bot scores a table for a seat (rules.tables.bots' greedy policy): seed 000's Life
race first (a successful Leader attack with no Life left wins), then the units' ATK on the field and
the cards in hand. Public figures only."""

from rules.tables.state import TableState

from .moves import effective_atk


def evaluate(state: TableState, seat: int) -> float:
    mine, theirs = state.seats[seat], state.seats[1 - seat]
    life = len(mine.zones.get("life", ())) - len(theirs.zones.get("life", ()))
    atk = sum(effective_atk(state, c.instance) for c in mine.zones.get("units", ())) - sum(
        effective_atk(state, c.instance) for c in theirs.zones.get("units", ())
    )
    hand = len(mine.zones.get("hand", ())) - len(theirs.zones.get("hand", ()))
    return life + 0.1 * atk + 0.02 * hand
