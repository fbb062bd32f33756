"""Each game one package: a code that one game's checks raise is declared in that game's package
(rules/games/<game>/codes.py, with its templates), emitted only there, and the shared catalogue
(rules/codes/) keeps only the codes every game may raise."""

from __future__ import annotations

import ast
from pathlib import Path

from rules import registry
from rules.codes import CODES, ENTRIES
from tests.sources import nodes, python_files

from .test_codes import _literal_codes

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "rules" / "games"
SEED_PACKAGES = sorted(path.parent.name for path in GAMES.glob("*/__init__.py"))


def _own_codes() -> dict[str, str]:
    """{code: game} of the codes the rule sets declare (RuleSet.codes)."""
    return {code.key: ruleset.key for ruleset in registry for code in ruleset.codes}


def _package_of(place: str) -> str | None:
    """The game whose package holds ``place`` ("rules/games/darkrow/ruleset.py:12"), else None."""
    parts = Path(place.split(":")[0]).parts
    return parts[2] if parts[:2] == ("rules", "games") and len(parts) > 3 else None


def test_the_shared_catalogue_names_no_game():
    assert [code.key for code in ENTRIES if code.games] == [], "move it to rules/games/<game>/codes.py"


def test_a_games_codes_are_its_own_declared_in_its_package_with_their_templates():
    assert SEED_PACKAGES, "no game package in rules/games/"
    for ruleset in registry:
        module = type(ruleset).__module__
        if module.startswith("rules.games."):
            assert module.split(".")[2] == ruleset.key, f"{ruleset.key}'s rule set lives in {module}"
        for code in ruleset.codes:
            assert code.key not in CODES, f"{ruleset.key} declares {code.key}, a shared code"
            assert code.games == (ruleset.key,), f"{code.key}: games={code.games}, declared by {ruleset.key}"
            assert code.messages, f"{code.key} has no message template"


def test_no_game_code_is_declared_outside_its_package():
    """Statically: a Code(...) that names its games is written in rules/games/<that game>/ only."""
    misplaced = []
    for path in python_files(ROOT, skip={".venv", "tests", "migrations"}):
        relative = path.relative_to(ROOT)
        if len(relative.parts) < 2:  # those in a folder (*/**/*.py), not manage.py
            continue
        for node in nodes(path):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("Code", "_c")):
                continue
            games = next((k.value for k in node.keywords if k.arg == "games"), None)
            if not isinstance(games, ast.Tuple) or not games.elts:
                continue
            named = {e.value for e in games.elts if isinstance(e, ast.Constant)}
            package = _package_of(f"{relative}:{node.lineno}")
            if named != {package}:
                misplaced.append(f"{relative}:{node.lineno} declares a code of {sorted(named)}")
    assert misplaced == []


def test_no_game_code_is_raised_outside_its_package_and_no_shared_code_by_one_game_only():
    own = _own_codes()
    assert own, "the seed games declare their own codes"
    outside, single = [], []
    for code, places in _literal_codes().items():
        packages = {_package_of(place) for place in places}
        if code in own:
            outside += [place for place in sorted(places) if _package_of(place) != own[code]]
        elif code in CODES and len(packages) == 1 and None not in packages:
            single.append(f"{code}: raised only by {packages.pop()} ({sorted(places)})")
    assert outside == [], "a game's code raised outside its package: raise a shared code there"
    assert single == [], "a shared code only one game raises: declare it in that game's codes.py"
