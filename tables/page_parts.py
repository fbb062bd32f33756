"""What the table page shows of the apps above tables, as slots (:mod:`common.slots`): the comment
threads on the events of a finished table's log (comments fills it)."""

from __future__ import annotations

from common.slots import Slot

from .models import Table


def _no_part(request, table: Table) -> dict:
    return {}


# The table page's comment threads (its context: ``comments``, none when nobody fills it, and none
# before the game is over): comments.
comments_context = Slot("tables.comments_context", _no_part)
