"""The project's Python sources as the static tests read them, parsed once a process.

Several tests walk the same modules with ``ast`` (who writes cards, where codes are declared and
raised, whose words an emit site gives, which imports cross a floor...). Each of them read and
parsed the whole tree again: about a CPU-second and a half a test. Here the file list, each
module's tree and the list of its nodes (``ast.walk``'s order) are made once a process and shared;
nothing that reads them changes them.

``python_files(root, skip)`` is ``sorted(root.rglob("*.py"))`` less the paths that have a part in
``skip``, but never walks into those folders (a fresh clone's ``.venv`` holds 8,000 modules).
"""

from __future__ import annotations

import ast
import functools
import os
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@functools.cache
def _python_files(root: Path, skip: frozenset[str]) -> tuple[Path, ...]:
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = [name for name in dirs if name not in skip]
        found += [Path(folder, name) for name in files if name.endswith(".py") and name not in skip]
    return tuple(sorted(found))


def python_files(root: Path = ROOT, skip: Iterable[str] = ()) -> tuple[Path, ...]:
    """Every ``*.py`` under ``root`` (symbolic links to folders not followed, as ``rglob``), sorted,
    but those with a part of their path below ``root`` in ``skip``."""
    return _python_files(Path(root), frozenset(skip))


@functools.cache
def tree(path: Path) -> ast.Module:
    """The module at ``path``, parsed (shared: never change it)."""
    return ast.parse(Path(path).read_text(encoding="utf-8"))


@functools.cache
def nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of the module at ``path``, in ``ast.walk``'s order (shared: never change them)."""
    return tuple(ast.walk(tree(path)))
