"""Signals of the decks app.

``deck_changed`` is sent inside the transaction of every change of what a deck's player wrote (its
name, format, owner, entries, picks: each change that makes its version grow), with ``deck`` (at
its new version) and ``user`` (who changed it; None for a command). Apps above decks (comments: the
change feed, the deck's watchers) receive it; decks never imports them.
"""

from django.dispatch import Signal

deck_changed = Signal()
