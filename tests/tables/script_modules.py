"""The table's script as modules (tables/static/tables/table.js and table/): each module's imports,
where they point, the graph of them from the entry (tests/tables/test_table_script.py, and the served
files' check of tests/studio/test_serving.py)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "tables" / "static"
ENTRY = "tables/table.js"
IMPORT = re.compile(r'^import \{([^}]*)\} from "([^"]+)";', re.M)
EXPORT = re.compile(r"^export (?:function|const|let|var) (\w+)", re.M)
HASHED = re.compile(r"\.[0-9a-f]{12}\.js$")


def imports(text: str) -> list[tuple[list[str], str]]:
    """The names and the path of each ``import {...} from "..."`` of a module."""
    return [
        ([n.strip() for n in names.split(",") if n.strip()], path) for names, path in IMPORT.findall(text)
    ]


@cache
def graph() -> dict[str, list[str]]:
    """Each module reached from the entry, and the modules it imports (static names)."""
    found: dict[str, list[str]] = {}
    todo = [ENTRY]
    while todo:
        name = todo.pop()
        if name in found:
            continue
        text = (STATIC / name).read_text()
        found[name] = [resolved(name, path) for _names, path in imports(text)]
        todo.extend(found[name])
    return found


def resolved(name: str, path: str) -> str:
    """The static name that the relative import ``path`` of the module ``name`` points to."""
    parts: list[str] = []
    for part in f"{name.rpartition('/')[0]}/{path}".split("/"):
        if part == "..":
            parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    return "/".join(parts)


def chain(name: str, seen: tuple[str, ...] = ()) -> int:
    """The longest chain of imports from ``name`` (0: it imports nothing); a cycle fails."""
    assert name not in seen, f"the modules import each other in a cycle: {' -> '.join((*seen, name))}"
    return max((1 + chain(other, (*seen, name)) for other in graph()[name]), default=0)
