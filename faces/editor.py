"""The template editor's form: a template as rows of paths and values, and back.

Every leaf of the template (a colour, a number, a word, a switch) is one input
named by its path (``regions.name.fontSize``): a designer adjusts the values
the game's template has without writing JSON, and an error found at a path is
shown next to that input. Lists stay JSON text. The whole template can also be
edited as JSON for what the rows cannot say (adding a region).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.findings import Finding
from rules.problems import Problem, invalid, problem, refusal

COLOUR = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
PREFIX = "t:"


@dataclass(frozen=True)
class Row:
    path: str
    kind: str  # colour, number, integer, switch, text, json
    value: Any
    depth: int
    section: str = ""

    @property
    def name(self) -> str:
        return PREFIX + self.path

    @property
    def label(self) -> str:
        return self.path.rsplit(".", 1)[-1]

    @property
    def input_value(self) -> str:
        if self.kind == "json":
            return json.dumps(self.value, ensure_ascii=False)
        if self.kind == "colour" and len(self.value) == 4:
            return "#" + "".join(ch * 2 for ch in self.value[1:])  # <input type=color> wants #rrggbb
        return "" if self.value is None else str(self.value)


def _kind(value) -> str:
    if isinstance(value, bool):
        return "switch"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "colour" if COLOUR.match(value) else "text"
    return "json"


def rows(data: Mapping[str, Any] | list, prefix: str = "", depth: int = 0, section: str = "") -> list[Row]:
    """Every leaf of the template with its path; a list of objects (the regions) is walked item by item."""
    out: list[Row] = []
    items = enumerate(data) if isinstance(data, list) else data.items()
    for key, value in items:
        path = f"{prefix}{key}"
        here = section or str(key)
        if isinstance(data, list) and isinstance(value, Mapping) and depth == 1:
            # The template's own regions, one section each; a nested list (the back's) stays in its section.
            here = f"{section} · {value.get('id', key)}"
        if (isinstance(value, Mapping) and value) or (
            isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value)
        ):
            out.extend(rows(value, path + ".", depth + 1, here))
        else:
            out.append(Row(path, _kind(value), value, depth, here))
    return out


def normal_path(path: str) -> str:
    """A validator's path (``$.a.b``, ``/a/b``, ``a[0]``) as the rows name it (``a.b``, ``a.0``)."""
    path = re.sub(r"\[(\d+)\]", r".\1", str(path or ""))
    return path.lstrip("$").replace("/", ".").strip(".")


def _read(row: Row, raw: str) -> tuple[Any, Problem | None]:
    raw = raw.strip()
    if row.kind == "switch":
        return raw in ("on", "1", "true"), None
    if row.kind in ("integer", "number"):
        try:
            number = float(raw.replace(",", "."))
        except ValueError:
            return row.value, problem("NUMBER_EXPECTED", value=row.value)
        return (int(number) if number.is_integer() else number), None
    if row.kind == "json":
        try:
            return json.loads(raw), None
        except json.JSONDecodeError as exc:
            return row.value, problem("NOT_JSON", line=exc.lineno, column=exc.colno, detail=exc.msg)
    return raw, None


def _set(data: dict, path: str, value) -> None:
    node = data
    keys = [int(k) if isinstance(node, list) or k.isdigit() else k for k in path.split(".")]
    for key in keys[:-1]:
        node = node[int(key) if isinstance(node, list) else str(key)]
    last = keys[-1]
    node[int(last) if isinstance(node, list) else str(last)] = value


def from_form(base: Mapping[str, Any], post: Mapping[str, str]) -> tuple[dict, list[Finding]]:
    """``base`` with each row's value taken from the form (a switch not sent is off); what could not be read."""
    data = json.loads(json.dumps(base))
    problems: list[Finding] = []
    for row in rows(base):
        if row.kind == "switch":
            value, why = row.name in post, None
        elif row.name in post:
            value, why = _read(row, post[row.name])
        else:
            continue
        if why:
            problems.append(invalid(row.path, why, code="TEMPLATE_INVALID"))
        _set(data, row.path, value)
    return data, problems


def from_json(text: str) -> tuple[dict | None, list[Finding]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        why = problem("NOT_JSON", line=exc.lineno, column=exc.colno, detail=exc.msg)
        return None, [invalid("$", why, code="TEMPLATE_INVALID")]
    if not isinstance(data, dict):
        return None, [refusal(problem("TEMPLATE_OBJECT"), code="TEMPLATE_INVALID", field="$")]
    return data, []


def errors_by_path(findings) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for finding in findings:
        out.setdefault(normal_path(finding.field or ""), []).append(finding.message)
    return out
