"""No test hard-codes the list of games where what it checks holds for every game.

A test about every game iterates ``rules.registry`` (a sixth game, added as one
module in ``rules/games/``, is then checked too); a test about the games of the
seeds (their demo data, their setups) says so with ``tests.seeds.SEED_GAMES``.
This test fails on any other list, tuple or set in ``tests/`` that names every
one of the seeds' games, which is how such lists were written (a few games named
for their own facts, ``darkrow, duel = ...``, are not a list of the games).
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.seeds import SEED_GAMES

TESTS = Path(__file__).resolve().parent


def literal_game_lists(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.List | ast.Tuple | ast.Set):
            names = {e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)}
            if names >= SEED_GAMES:
                yield node.lineno


def test_no_test_lists_the_games_by_hand():
    found = [
        f"{path.relative_to(TESTS.parent)}:{line}"
        for path in sorted(TESTS.rglob("*.py"))
        if path.name != "seeds.py"
        for line in literal_game_lists(path)
    ]
    assert found == [], "iterate rules.registry, or use tests.seeds.SEED_GAMES for the seeds' own games"


def test_it_can_fail(tmp_path):
    sample = tmp_path / "test_sample.py"
    sample.write_text(
        'GAMES = ["chesscards", "darkrow", "duel", "riftbound", "vanguard"]\nOK = ("darkrow", "duel", "vanguard")\n',
        encoding="utf-8",
    )
    assert list(literal_game_lists(sample)) == [1]
