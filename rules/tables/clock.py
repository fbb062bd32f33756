"""A table's turn timer, pure: the time each seat has left, from the times its turns began.

A game may declare a :class:`TurnTimer` (``RuleSet.table_timer``; vanguard's seed 002, section 1:
"Таймер: 90 секунд на ход + банк 5 минут; отсутствие 5 минут — поражение"). Each turn gives the
seat to act ``turn`` seconds; the time it takes beyond them comes out of its ``bank``, kept for
the whole game; a seat whose turn and bank are spent loses (the server records it: the shared
kind ``timeout``, reason ``TIME``).

Times are plain numbers (seconds, e.g. a POSIX timestamp): the server stamps each event, and
:func:`clock` derives the seats' time from the stamps of the events that began each turn. No clock
is read here: the caller gives ``now``.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TurnTimer:
    """Seconds a turn gives, and the bank each seat draws on beyond them."""

    turn: int = 90
    bank: int = 300


@dataclass(frozen=True, slots=True)
class Clock:
    """The clocks at ``now``: the seat to act (0 or 1; None before the first turn) and the seconds
    left of its turn, each seat's bank left, the seat out of time (None: none) and when the seat to
    act runs out (``deadline``)."""

    active: int | None
    turn_left: float
    banks: tuple[float, float]
    out: int | None
    deadline: float | None


def clock(timer: TurnTimer, turns: Sequence[tuple[int, float]], now: float) -> Clock:
    """The clocks at ``now`` of a game whose turns began at ``turns`` ((seat, time), in order; a
    turn ends when the next begins)."""
    banks = [float(timer.bank), float(timer.bank)]
    if not turns:
        return Clock(None, float(timer.turn), (banks[0], banks[1]), None, None)
    for (seat, began), (_next_seat, ended) in itertools.pairwise(turns):
        before = banks[seat]
        banks[seat] -= max(0.0, (ended - began) - timer.turn)
        if banks[seat] < 0:
            # Spent before its turn ended (the timeout was not recorded in time): out of time.
            banks[seat] = 0.0
            return Clock(seat, 0.0, (banks[0], banks[1]), seat, began + timer.turn + before)
    seat, began = turns[-1]
    deadline = began + timer.turn + banks[seat]
    elapsed = max(0.0, now - began)
    turn_left = max(0.0, timer.turn - elapsed)
    banks[seat] -= max(0.0, elapsed - timer.turn)
    out = seat if banks[seat] <= 0 and now >= deadline else None
    return Clock(seat, turn_left, (max(banks[0], 0.0), max(banks[1], 0.0)), out, deadline)
