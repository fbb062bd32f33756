"""A finding's text is written once: its code's template (rules.codes), a problem's its key's
(rules.problems.PROBLEMS). No emit site of the studio writes words of its own beside them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rules.findings import error, warning
from rules.problems import PROBLEMS, problem
from tests.sources import nodes, python_files

ROOT = Path(__file__).resolve().parents[2]
SKIP = {".venv", "tests", "migrations", "node_modules", "var", "media", "test-output"}
# Loggers and Django's messages have an error() and a warning() of their own.
NOT_FINDINGS = {"logger", "log", "logging", "messages", "parser", "self"}


def _sources():
    return python_files(ROOT, SKIP)


def _called(node: ast.Call) -> str | None:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute) and not (
        isinstance(func.value, ast.Name) and func.value.id in NOT_FINDINGS
    ):
        return func.attr
    return None


def _words_given(path: Path) -> list[str]:
    """Each call of error(), warning() or problem() in ``path`` that gives words: a message (a second
    positional argument, or message=), or for a problem anything but its key and its values."""
    found = []
    for node in nodes(path):
        if not isinstance(node, ast.Call):
            continue
        name = _called(node)
        where = f"{path.relative_to(ROOT)}:{node.lineno} {name}()"
        if name in ("error", "warning"):
            if len(node.args) > 1 or any(k.arg == "message" for k in node.keywords):
                found.append(where)
            # A hint is marked N_ (fixed words, translated as they are) or HINT (its code's hint
            # template filled with the params), never English built at the emit site.
            for hint in (k.value for k in node.keywords if k.arg == "hint"):
                if isinstance(hint, ast.JoinedStr) or (isinstance(hint, ast.Constant) and hint.value):
                    found.append(f"{where}: hint")
        elif name == "problem" and isinstance(node.func, ast.Name):  # not SizeBound.problem()
            key = node.args[0] if node.args else None
            if len(node.args) != 1:
                found.append(where)
            elif isinstance(key, ast.Constant) and key.value not in PROBLEMS:
                found.append(f"{where}: no problem key {key.value}")
    return found


def test_no_emit_site_writes_words_of_its_own():
    words = [where for path in _sources() for where in _words_given(path)]
    assert words == [], (
        "give the code and its params (error(CODE, params={...})) or a problem's key and values "
        "(problem(KEY, value=...)); their words are the templates of rules.codes and rules.problems"
    )


def test_the_scan_sees_words_given_at_an_emit_site(tmp_path):
    """The test above would fail on a message given beside a code, or a problem given words."""
    bad = tmp_path / "app.py"
    bad.write_text(
        'error("FIELD_INVALID", f"count: at most {n}", field="count")\n'
        'warning("TEXT_OVERFLOW", message="too long")\n'
        'problem("COUNT_RANGE", "the count must be from 1", minimum=1)\n'
        'problem("NO_SUCH_KEY")\n'
        'logger.error("a log line", exc)\n'
        'error("FIELD_INVALID", field="count", params={"field": "count"})\n'
        'error("SENTINEL_LIMIT", section="main", params={"expected": 4}, hint=f"keep at most {n}")\n'
        'error("SENTINEL_LIMIT", section="main", params={"expected": 4}, hint=HINT)\n'
    )
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert [w.split(" ", 1)[0] for w in _words_given(bad)] == [
            "app.py:1",
            "app.py:2",
            "app.py:3",
            "app.py:4",
            "app.py:7",
        ]
    finally:
        ROOT = saved


def test_error_and_warning_take_no_words():
    with pytest.raises(TypeError):
        error("FIELD_INVALID", "count: too many", field="count")  # type: ignore[misc]
    with pytest.raises(TypeError):
        warning("TEXT_OVERFLOW", message="too long", field="text")
    with pytest.raises(TypeError):
        problem("COUNT_RANGE", "the count must be from 1", minimum=1)  # type: ignore[call-arg]
