"""What the statistics pages show of the apps above playstats, as slots (:mod:`common.slots`): the
simulation lab's own figures of a game (simulations fills it)."""

from __future__ import annotations

from typing import Any

from common.slots import Slot


def _no_lab(*, game: str, filters: Any) -> None:
    return None


# The lab's games of a game under the page's filters: {"games", "firstPlayerWinRate" (a Rate),
# "averageTurns", "unfinished"}; None when nobody fills it (no lab).
lab_summary = Slot("playstats.lab_summary", _no_lab)
