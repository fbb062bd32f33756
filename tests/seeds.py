"""The games of the seeds (/work/shared/seeds): tests about those games' own facts name them here.

A test that checks what holds for every game iterates ``rules.registry`` instead, so that a
game added as one module in ``rules/games/`` is checked too (``tests/test_no_hard_coded_games.py``
fails on any other hand-written list of the games).
"""

SEED_GAMES = frozenset({"chesscards", "darkrow", "duel", "riftbound", "vanguard"})
