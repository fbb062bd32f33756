"""Every data migration reads and writes through the database it migrates (the schema editor's
alias), as Django's documentation asks of RunPython: a migration run on another database (a
throwaway one in tests/migrating.py, a second database of a deployment) must not touch the default
one. Checked in the source: a model's manager is always narrowed by ``using(...)`` first."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MIGRATIONS = sorted(p for p in ROOT.glob("*/migrations/0*.py") if ".venv" not in p.parts)


def _unbound_manager_calls(tree: ast.AST) -> list[int]:
    """Lines where ``<something>.objects.<method>`` is called with a method other than ``using``."""
    lines = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Attribute)
            and node.value.attr == "objects"
            and node.attr not in ("using", "db_manager")
        ):
            lines.append(node.lineno)
    return lines


def test_the_migrations_are_found():
    assert len(MIGRATIONS) > 20
    assert any(p.parent.parent.name == "playstats" for p in MIGRATIONS)


def test_every_data_migration_uses_the_database_it_migrates():
    offenders = {
        str(path.relative_to(ROOT)): lines
        for path in MIGRATIONS
        if (lines := _unbound_manager_calls(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert not offenders, f"manager calls without using(schema_editor.connection.alias): {offenders}"


def test_the_check_finds_a_manager_call_without_using():
    source = "def f(apps, schema_editor):\n    Card.objects.filter(pk=1).update(x=2)\n"
    assert _unbound_manager_calls(ast.parse(source)) == [2]
    bound = (
        "def f(apps, schema_editor):\n    Card.objects.using(schema_editor.connection.alias).filter(pk=1)\n"
    )
    assert _unbound_manager_calls(ast.parse(bound)) == []
