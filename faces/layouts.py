"""Print sheet layouts as data: paper, grid, gutter, margin, crop marks, page boxes.

A layout is a JSON file. The studio ships its own (``faces/layouts/*.json``: A4 and Letter with
3 x 3 cards, A4 landscape with 8 cards and a gutter, a print shop's one card a page), and reads
more from ``FACES_SHEET_LAYOUTS_DIR`` (a folder of the team's files): a designer adds a layout
without code. A file that cannot be used is left out and said by ``manage.py check`` (faces.W006).

Keys (docs/faces.md): ``name`` (lower case letters, digits and ``-``), ``label`` (English) and
``labels`` (per language), ``paper`` (``a4``, ``letter``, ``{"width": mm, "height": mm}``, or
``card``: each page is one card and its bleed), ``columns`` and ``rows`` (1 to 10), ``gutter``
(mm between cards, 0 to 30), ``margin`` (mm of blank paper kept at the edges, 0 to 50; default 5,
what a home printer leaves unprinted), ``cropMarks`` (true/false), ``pageBoxes`` (true: each page
says its TrimBox and BleedBox, as print shops ask).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils.translation import get_language

SHIPPED = Path(__file__).resolve().parent / "layouts"
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
KEYS = {"name", "label", "labels", "paper", "columns", "rows", "gutter", "margin", "cropMarks", "pageBoxes"}
DEFAULT = "a4"


class LayoutError(ValueError):
    """A layout file that cannot be used: what is wrong, in which file."""


@dataclass(frozen=True, slots=True)
class Layout:
    name: str
    label: str
    paper: tuple[float, float] | None  # None: the page is the card and its bleed
    columns: int = 3
    rows: int = 3
    gutter: float = 0.0
    margin: float = 5.0
    crop_marks: bool = True
    page_boxes: bool = False
    labels: dict[str, str] = field(default_factory=dict, hash=False, compare=False)
    source: str = ""

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    def label_in(self, language: str | None = None) -> str:
        language = (language or get_language() or "en").split("-")[0]
        return self.labels.get(language) or self.label


def _number(data: dict, key: str, default: float, low: float, high: float, problems: list[str]) -> float:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        problems.append(f"{key} must be a number from {low:g} to {high:g}, not {value!r}")
        return default
    return float(value)


def _whole(data: dict, key: str, default: int, problems: list[str]) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10:
        problems.append(f"{key} must be a whole number from 1 to 10, not {value!r}")
        return default
    return value


def _flag(data: dict, key: str, default: bool, problems: list[str]) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        problems.append(f"{key} must be true or false, not {value!r}")
        return default
    return value


def parse(data: Any, source: str = "") -> Layout:
    """A layout from its JSON value; LayoutError lists every problem."""
    if not isinstance(data, dict):
        raise LayoutError(f"{source}: a layout is a JSON object")
    problems: list[str] = []
    unknown = sorted(set(data) - KEYS)
    if unknown:
        problems.append(f"unknown keys {', '.join(unknown)}; the keys are {', '.join(sorted(KEYS))}")
    name = data.get("name")
    if not isinstance(name, str) or not NAME.match(name):
        problems.append(f"name must be lower case letters, digits and '-' (1 to 40), not {name!r}")
    label = data.get("label")
    if not isinstance(label, str) or not label.strip() or len(label) > 120:
        problems.append("label must be a text of 1 to 120 characters")
    labels = data.get("labels", {})
    if not isinstance(labels, dict) or not all(
        isinstance(k, str) and isinstance(v, str) and 0 < len(v) <= 120 for k, v in labels.items()
    ):
        problems.append('labels must map a language to its label, e.g. {"fr": "..."}')
        labels = {}
    paper = data.get("paper", DEFAULT)
    size: tuple[float, float] | None
    if paper == "card":
        size = None
    elif isinstance(paper, str) and paper in PAPERS:
        size = PAPERS[paper]
    elif isinstance(paper, dict) and set(paper) == {"width", "height"}:
        size = (
            _number(paper, "width", 210, 50, 1500, problems),
            _number(paper, "height", 297, 50, 1500, problems),
        )
    else:
        problems.append(f'paper must be a4, letter, card or {{"width": mm, "height": mm}}, not {paper!r}')
        size = PAPERS[DEFAULT]
    card_page = size is None
    layout = Layout(
        name=name if isinstance(name, str) else "",
        label=label if isinstance(label, str) else "",
        paper=size,
        columns=1 if card_page else _whole(data, "columns", 3, problems),
        rows=1 if card_page else _whole(data, "rows", 3, problems),
        gutter=_number(data, "gutter", 0, 0, 30, problems),
        margin=_number(data, "margin", 0 if card_page else 5, 0, 50, problems),
        crop_marks=_flag(data, "cropMarks", not card_page, problems),
        page_boxes=_flag(data, "pageBoxes", card_page, problems),
        labels=dict(labels),
        source=source,
    )
    if card_page and (data.get("columns", 1) != 1 or data.get("rows", 1) != 1 or layout.crop_marks):
        problems.append("a card page holds one card and no crop marks: leave columns, rows and cropMarks out")
    if problems:
        raise LayoutError(f"{source or name}: " + "; ".join(problems))
    return layout


def read(path: Path) -> Layout:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise LayoutError(f"{path}: not a JSON file that can be read ({exc})") from None
    return parse(data, str(path))


def _files(folder: Path) -> tuple[tuple[str, float], ...]:
    try:
        return tuple(sorted((str(p), p.stat().st_mtime) for p in folder.glob("*.json")))
    except OSError:
        return ()


@lru_cache(maxsize=8)
def _load(files: tuple[tuple[str, float], ...], shipped: tuple[tuple[str, float], ...]):
    layouts: dict[str, Layout] = {}
    problems: list[str] = []
    for path, _mtime in shipped:
        layout = read(Path(path))  # the studio's own: a broken one is a bug, and fails loudly
        layouts[layout.name] = layout
    for path, _mtime in files:
        try:
            layout = read(Path(path))
        except LayoutError as exc:
            problems.append(str(exc))
            continue
        if layout.name in layouts:
            problems.append(
                f"{path}: the layout {layout.name!r} exists already ({layouts[layout.name].source})"
            )
            continue
        layouts[layout.name] = layout
    # The papers first (the layouts a page offers first), then the others by name.
    order = sorted(layouts, key=lambda n: (n not in PAPERS, n))
    return {n: layouts[n] for n in order}, tuple(problems)


def _state():
    folder = settings.FACES_SHEET_LAYOUTS_DIR
    return _load(_files(Path(folder)) if folder else (), _files(SHIPPED))


def layouts() -> dict[str, Layout]:
    """Every usable layout by name: the shipped ones first, then the team's (read again when a file changes)."""
    return _state()[0]


def problems() -> tuple[str, ...]:
    """What is wrong with the team's layout files (each left out)."""
    return _state()[1]


def layout_named(name: str | None) -> Layout | None:
    return layouts().get((name or DEFAULT).lower())
