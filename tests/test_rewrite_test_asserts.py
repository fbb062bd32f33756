"""scripts/rewrite_test_asserts.py (make test): pytest reads back what it wrote, rewriting nothing."""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

from _pytest.assertion import rewrite

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "rewrite_test_asserts.py"

# A plugin for the pytest below: how many modules pytest's import hook rewrote itself.
COUNTING_PLUGIN = """
import _pytest.assertion.rewrite as rewrite

rewritten = []
original = rewrite._rewrite_test

def counting(fn, config):
    rewritten.append(fn.name)
    return original(fn, config)

rewrite._rewrite_test = counting

def pytest_terminal_summary(terminalreporter):
    terminalreporter.write_line(f"rewritten by pytest: {sorted(rewritten)}")
"""


def a_project(root: Path) -> None:
    (root / "pyproject.toml").write_text(
        '[tool.pytest.ini_options]\ntestpaths = ["checks"]\npython_files = ["check_*.py"]\n'
    )
    (root / "checks" / "deeper").mkdir(parents=True)
    (root / "checks" / "conftest.py").write_text(
        "import pytest\n\n@pytest.fixture\ndef three():\n    assert 3 > 2\n    return 3\n"
    )
    (root / "checks" / "deeper" / "check_numbers.py").write_text(
        "def test_three_is_four(three):\n    assert three + 0 == len('four')\n"
    )
    (root / "checks" / "helpers.py").write_text("ANSWER = 42\n")  # not a test module: left alone
    (root / "counting.py").write_text(COUNTING_PLUGIN)


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PYTEST_", "DJANGO_"))}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.update(PYTHONPATH=str(cwd), PYTEST_DISABLE_PLUGIN_AUTOLOAD="1")
    return subprocess.run(
        [sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )


def rewritten_pycs(root: Path) -> list[str]:
    return sorted(path.name for path in root.rglob(f"*{rewrite.PYC_TAIL}"))


def test_pytest_reads_back_the_rewritten_modules_and_rewrites_none(tmp_path):
    a_project(tmp_path)
    made = run([str(SCRIPT), "-v"], tmp_path)
    assert made.returncode == 0, made.stderr
    assert "rewrote the asserts of 2 of 2 stale test modules" in made.stdout
    assert rewritten_pycs(tmp_path) == [f"check_numbers{rewrite.PYC_TAIL}", f"conftest{rewrite.PYC_TAIL}"]

    checked = run(["-m", "pytest", "-p", "counting", "-p", "no:cacheprovider"], tmp_path)
    assert "rewritten by pytest: []" in checked.stdout, checked.stdout
    # The asserts are pytest's, rewritten: the failure explains its values.
    assert "1 failed" in checked.stdout
    assert "assert (3 + 0) == 4" in checked.stdout
    assert "+  where 4 = len('four')" in checked.stdout

    again = run([str(SCRIPT), "-v"], tmp_path)
    assert "rewrote the asserts of 0 of 0 stale test modules" in again.stdout


def test_a_changed_module_is_rewritten_again(tmp_path):
    a_project(tmp_path)
    run([str(SCRIPT)], tmp_path)
    check = tmp_path / "checks" / "deeper" / "check_numbers.py"
    check.write_text(check.read_text().replace("'four'", "'two'"))
    made = run([str(SCRIPT), "-v"], tmp_path)
    assert "rewrote the asserts of 1 of 1 stale test modules" in made.stdout
    checked = run(["-m", "pytest", "-p", "counting", "-p", "no:cacheprovider"], tmp_path)
    assert "rewritten by pytest: []" in checked.stdout
    assert "1 passed" in checked.stdout


def load_script():
    spec = importlib.util.spec_from_file_location("rewrite_test_asserts", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_without_pytests_private_functions_it_writes_nothing_and_succeeds(tmp_path, monkeypatch):
    a_project(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.delattr(rewrite, "_rewrite_test")
    assert load_script().main(["-v"]) == 0
    assert rewritten_pycs(tmp_path) == []


def test_settings_it_does_not_reproduce_leave_the_rewriting_to_pytest(tmp_path, monkeypatch):
    a_project(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    script = load_script()
    (tmp_path / "pytest.ini").write_text("[pytest]\n")  # pytest would read this one instead
    assert script.main([]) == 0
    (tmp_path / "pytest.ini").unlink()
    with open(tmp_path / "pyproject.toml", "a") as f:
        f.write("enable_assertion_pass_hook = true\n")
    assert script.main([]) == 0
    assert rewritten_pycs(tmp_path) == []
    monkeypatch.setattr(sys, "dont_write_bytecode", True)  # PYTHONDONTWRITEBYTECODE: pytest writes none
    (tmp_path / "pyproject.toml").write_text('[tool.pytest.ini_options]\ntestpaths = ["checks"]\n')
    assert script.main([]) == 0
    assert rewritten_pycs(tmp_path) == []
