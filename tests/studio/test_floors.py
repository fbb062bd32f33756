"""The floors are one import-linter layers contract (pyproject.toml, run by `make lint`): every
package of the project sits on exactly one floor, so a new app cannot be added without one."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

from django.apps import apps

from tests.sources import nodes, python_files

ROOT = Path(__file__).resolve().parents[2]


def config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]


def floors() -> list[list[str]]:
    # The project's floors: the layers contract whose name says so (others layer a package within).
    [layers] = [
        c for c in config()["contracts"] if c["type"] == "layers" and c["name"].startswith("the floors")
    ]
    return [[name.strip() for name in floor.replace(":", "|").split("|")] for floor in layers["layers"]]


def test_every_package_of_the_project_is_on_exactly_one_floor():
    on_floors = [name for floor in floors() for name in floor]
    assert len(on_floors) == len(set(on_floors))
    assert sorted(on_floors) == sorted(config()["root_packages"])
    local = {app.name for app in apps.get_app_configs() if Path(app.path).parent == ROOT}
    assert {"cards", "tables"} <= local <= set(on_floors), local - set(on_floors)


def test_the_floors_run_from_the_shell_down_to_the_pure_core():
    order = [name for floor in floors() for name in floor]
    assert order[0] == "studio" and order[-2:] == ["common", "rules"]
    assert order.index("decks") < order.index("artwork") < order.index("cards")


def test_no_app_imports_a_private_name_of_another():
    packages = set(config()["root_packages"])
    found = []
    for package in sorted(packages):
        for path in python_files(ROOT / package, skip={"migrations"}):
            for node in nodes(path):
                if not isinstance(node, ast.ImportFrom) or node.level or not node.module:
                    continue
                top, *parts = node.module.split(".")
                if top in packages and top != package:
                    private = [a.name for a in node.names if a.name.startswith("_")]
                    private += [p for p in parts if p.startswith("_")]
                    if private:
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.module} {private}")
    assert found == []
