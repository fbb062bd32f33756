"""Rewrite the asserts of the test modules once, on every core, before pytest-xdist starts.

Each pytest process rewrites the asserts of every test module and conftest.py it imports and caches
the result in ``__pycache__/<name>.<tag>-pytest-<version>.pyc``, where the next process reads it
back. On a fresh clone every xdist worker rewrites all of them at once (11 CPU-seconds each). This
script writes that cache beforehand, in one process per core, with pytest's own functions
(``_pytest.assertion.rewrite``: the file name, the rewritten code and the checked-hash header
pytest validates), so that the workers only read it. Run from the project's root, as ``make test``
does; the files are those of the ``testpaths`` that match ``python_files`` ([tool.pytest.ini_options]
in pyproject.toml), and the conftest.py files.

pytest's functions used here are private: when one is missing or behaves otherwise, when the
settings ask for what this script does not reproduce (another configuration file, the assertion
pass hook) or when the environment forbids bytecode (PYTHONDONTWRITEBYTECODE), it writes nothing
and exits 0; pytest then rewrites as it always did. ``-v`` prints how many files it rewrote.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import tomllib
import types
from pathlib import Path

# pytest reads its settings from the first of these it finds; only pyproject.toml is read here.
OTHER_CONFIG_FILES = ("pytest.ini", ".pytest.ini", "pytest.toml", ".pytest.toml", "tox.ini", "setup.cfg")
SKIP_DIRS = {"__pycache__", "node_modules", "venv", ".venv", "build", "dist"}


def settings(root: Path) -> dict | None:
    """pytest's ini options from pyproject.toml, or None when pytest may read them elsewhere."""
    for name in OTHER_CONFIG_FILES:
        path = root / name
        if path.exists() and (name not in ("tox.ini", "setup.cfg") or "pytest" in path.read_text()):
            return None
    with open(root / "pyproject.toml", "rb") as f:
        tool = tomllib.load(f).get("tool", {}).get("pytest", {})
    if set(tool) - {"ini_options"}:
        return None  # pytest 9's native [tool.pytest] table: not read here
    return tool.get("ini_options", {})


def files_to_rewrite(root: Path, options: dict) -> list[Path]:
    """The files pytest rewrites when it collects the testpaths, biggest first."""
    from _pytest.pathlib import fnmatch_ex

    patterns = options.get("python_files", ["test_*.py", "*_test.py"])
    if isinstance(patterns, str):
        patterns = patterns.split()
    files = []
    for testpath in options.get("testpaths", ["."]):
        for dirpath, dirnames, filenames in os.walk(root / testpath):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS and not d.startswith(".")]
            for name in filenames:
                path = Path(dirpath, name)
                if name.endswith(".py") and (
                    name == "conftest.py" or any(fnmatch_ex(p, path) for p in patterns)
                ):
                    files.append(path)
    return sorted(files, key=lambda path: path.stat().st_size, reverse=True)


def cached_pyc(path: Path) -> tuple[Path, bool]:
    """Where pytest caches the rewritten *path*, and whether a valid one is there."""
    from _pytest.assertion import rewrite

    pyc = rewrite.get_cache_dir(path) / (path.name[:-3] + rewrite.PYC_TAIL)
    return pyc, rewrite._read_pyc(path, pyc) is not None


def rewrite_one(path: Path) -> bool:
    """Rewrite *path*'s asserts into pytest's cache, as AssertionRewritingHook.exec_module does."""
    from _pytest.assertion import rewrite

    try:
        pyc, valid = cached_pyc(path)
        if valid or not rewrite.try_makedirs(pyc.parent):
            return False
        # config=None: the assertion pass hook off, as settings() checked (pytest's default).
        source_hash, code = rewrite._rewrite_test(path, None)
        state = types.SimpleNamespace(trace=lambda message: None)
        return bool(rewrite._write_pyc(state, code, source_hash, pyc))
    except Exception:  # a syntax error, a file gone: pytest reports it at collection
        return False


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    if sys.dont_write_bytecode:
        return 0
    root = Path.cwd()
    try:
        from _pytest.assertion import rewrite

        for name in ("_rewrite_test", "_read_pyc", "_write_pyc", "get_cache_dir", "try_makedirs"):
            getattr(rewrite, name)
        assert rewrite.PYC_TAIL.endswith(".pyc")
        options = settings(root)
        if options is None or "enable_assertion_pass_hook" in options:
            return 0
        stale = [path for path in files_to_rewrite(root, options) if not cached_pyc(path)[1]]
    except Exception:
        return 0
    processes = min(os.cpu_count() or 1, len(stale))
    if processes <= 1:
        written = sum(map(rewrite_one, stale))
    else:
        # fork: the children start with pytest's modules already imported.
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        with context.Pool(processes) as pool:
            written = sum(pool.imap_unordered(rewrite_one, stale))
    if verbose:
        print(f"rewrote the asserts of {written} of {len(stale)} stale test modules")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
