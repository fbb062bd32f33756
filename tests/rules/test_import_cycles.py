"""rules/ imports itself without a cycle: no module needs, at run time, a module that needs it back,
directly or through others. An import under ``if TYPE_CHECKING:`` is for the type checker only and
does not count; an import deferred into a function does (it runs, later). Read statically: the
files are parsed (ast), nothing is imported. As import-linter does, a module's import of a
submodule is not counted as an import of its parent packages' ``__init__``."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


class _Imports(ast.NodeVisitor):
    """Every import of a module that runs (at its top or in a function), as (module, names, level)."""

    def __init__(self) -> None:
        self.found: list[tuple[str, tuple[str, ...], int]] = []

    def visit_If(self, node: ast.If) -> None:
        if _is_type_checking(node.test):
            for statement in node.orelse:  # `else:` of a typing-only block runs
                self.visit(statement)
        else:
            self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        self.found += [(alias.name, (), 0) for alias in node.names]

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        self.found.append((node.module or "", tuple(alias.name for alias in node.names), node.level))


def module_files(package_dir: Path) -> dict[str, Path]:
    """{dotted name: file} of the modules of the package at ``package_dir`` (its __init__ its name)."""
    modules = {}
    for path in sorted(package_dir.rglob("*.py")):
        parts = path.relative_to(package_dir.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


def import_graph(package_dir: Path) -> dict[str, set[str]]:
    """{module: the modules of the same package it imports at run time}."""
    modules = module_files(package_dir)

    def known(name: str) -> str | None:
        """``name`` or its longest prefix that is a module of the package."""
        parts = name.split(".")
        while parts and ".".join(parts) not in modules:
            parts.pop()
        return ".".join(parts) or None

    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        visitor = _Imports()
        visitor.visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
        here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        edges = set()
        for module, names, level in visitor.found:
            if level:
                base = here[: len(here) - (level - 1)]
                module = ".".join([*base, *([module] if module else [])])
            for target in [f"{module}.{n}" for n in names if f"{module}.{n}" in modules] or [module]:
                found = known(target)
                if found is not None and found != name:
                    edges.add(found)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import one another (strongly connected, Tarjan), each sorted."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        order[node] = low[node] = len(order)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in order:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], order[target])
        if low[node] == order[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in order:
            visit(node)
    return sorted(groups)


def test_rules_has_no_import_cycle_but_typing_only_ones():
    graph = import_graph(ROOT / "rules")
    # The walk sees the imports (a walk that saw none would find no cycle either).
    assert {"rules.codes", "rules.ruleset"} <= graph["rules.registry"]
    assert "rules.codes.core" in graph["rules.codes.tables"] and "rules.codes" in graph["rules.messages"]
    assert "rules.registry" in graph["rules.games.duel.ruleset"]
    assert {"rules.tables.fairness", "rules.tables.common_moves"} <= graph["rules.tables.engine"]
    assert "rules.games.chesscards.cards" in graph["rules.games.chesscards.moves"]
    # The catalogue never reaches the registry, nor a game, nor what they import.
    assert not {"rules.registry", "rules.ruleset", "rules.findings"} & graph["rules.codes.core"]
    # The table's engine is on top of its moves, its fairness, the events and the state, none of which
    # imports it (issue 42: they did, in functions); chesscards' cards and Coups share its turns.
    below_engine = ["state", "events", "moves", "common_moves", "fairness"]
    assert not any("rules.tables.engine" in graph[f"rules.tables.{name}"] for name in below_engine)
    assert "rules.games.chesscards.moves" not in graph["rules.games.chesscards.cards"]
    found = cycles(graph)
    assert found == [], "a cycle of imports in rules/ (put the import under TYPE_CHECKING, or move it)"


def _package(root: Path, files: dict[str, str]) -> Path:
    package = root / "planted"
    for name, text in files.items():
        path = package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return package


def test_a_planted_cycle_is_found_even_deferred_and_a_typing_only_one_is_not(tmp_path):
    package = _package(
        tmp_path,
        {
            "__init__.py": "",
            # a -> b at the top, b -> a deferred into a function: a cycle at run time
            "a.py": "from . import b\n",
            "b.py": "def later():\n    from .a import thing\n    return thing\n",
            # c -> d, d -> c for the type checker only: no cycle
            "c.py": "from .d import D\n",
            "d.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .c import C\n",
            # e -> sub.f absolutely, sub.f -> e relatively through its parent: a cycle
            "e.py": "import planted.sub.f\n",
            "sub/__init__.py": "",
            "sub/f.py": "from ..e import thing\n",
        },
    )
    graph = import_graph(package)
    assert graph["planted.a"] == {"planted.b"} and graph["planted.b"] == {"planted.a"}
    assert graph["planted.d"] == set()
    assert cycles(graph) == [["planted.a", "planted.b"], ["planted.e", "planted.sub.f"]]


def test_a_package_importing_its_submodules_is_no_cycle(tmp_path):
    """rules/codes/__init__ gathers its topic modules, which import rules.codes.core: no cycle."""
    package = _package(
        tmp_path,
        {
            "__init__.py": "from . import topic\nfrom .core import Code\n",
            "core.py": "class Code: ...\n",
            "topic.py": "from .core import Code\n",
        },
    )
    assert cycles(import_graph(package)) == []
    # ... but the core importing the package back would be one.
    (package / "core.py").write_text("def later():\n    from planted import Code\n", encoding="utf-8")
    assert cycles(import_graph(package)) == [["planted", "planted.core", "planted.topic"]]
