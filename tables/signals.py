"""Signals of the tables app.

``table_finished`` is sent inside the transaction of the event that ends a table's game, once, with
``table`` (its status and result stored) and ``by`` (the user whose event ended it; None when the
server did, a turn timer run out). Apps above tables (comments: the players' notifications) receive
it; tables never imports them.
"""

from django.dispatch import Signal

table_finished = Signal()
