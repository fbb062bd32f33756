"""How a vanguard bot scores a table for a seat (rules.tables.bots' greedy policy): seed 002's
race to 6 damage first, then the cards each side has to use. Public figures only."""

from rules.tables.state import TableState

CIRCLES = ("vc", "rc1", "rc2", "rc3", "rc4", "rc5")


def evaluate(state: TableState, seat: int) -> float:
    mine, theirs = state.seats[seat], state.seats[1 - seat]
    damage = len(theirs.zones.get("damage", ())) - len(mine.zones.get("damage", ()))
    field = sum(len(mine.zones.get(c, ())) for c in CIRCLES) - sum(
        len(theirs.zones.get(c, ())) for c in CIRCLES
    )
    hand = len(mine.zones.get("hand", ())) - len(theirs.zones.get("hand", ()))
    return damage + 0.1 * field + 0.05 * hand
