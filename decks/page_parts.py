"""What the deck pages show of the apps above decks, as slots (:mod:`common.slots`): the deck's
comment threads (comments fills it)."""

from __future__ import annotations

from common.slots import Slot

from .models import Deck


def _no_part(request, deck: Deck) -> dict:
    return {}


# The deck page's comment threads (its context: ``comments``, none when nobody fills it): comments.
comments_context = Slot("decks.comments_context", _no_part)
