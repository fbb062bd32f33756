"""Signals of the cards app.

``cards_changed`` is sent inside the transaction of every card change with
``stable_ids`` (the cards), ``changed_keys`` (interchange keys that changed) and ``cards``
(the cards as just stored, so that receivers need not read them again).
Receivers that start background work enqueue it on commit.
"""

from django.dispatch import Signal

cards_changed = Signal()
