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
says its TrimBox and BleedBox, as print shops ask), ``printer`` (a print shop's preset: its published
``spec`` (a link), the ``trim`` it cuts (``{"width", "height", "unit": "in"|"mm"}``), the ``image`` it
takes per card (``{"width": px, "height": px, "dpi": 300, "format": "png"|"jpeg"}``: the trim and its
bleed), the ``safe`` margin inside the trim (in the trim's unit) that text must keep to, and ``order``,
``front-back`` (default) or ``back-front``, each card's pages with backs; a printer layout is a card page).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils.translation import get_language

SHIPPED = Path(__file__).resolve().parent / "layouts"
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
KEYS = {
    "name",
    "label",
    "labels",
    "paper",
    "columns",
    "rows",
    "gutter",
    "margin",
    "cropMarks",
    "pageBoxes",
    "printer",
}
PRINTER_KEYS = {"spec", "trim", "image", "safe"}
PRINTER_OPTIONAL = {"order", "size", "sizes"}
ORDERS = ("front-back", "back-front")  # with backs: each card's pages in this order
UNITS = {"in": Fraction(72), "mm": Fraction(720, 254)}  # points per unit, exactly
IMAGE_FORMATS = ("png", "jpeg")
DEFAULT = "a4"


class LayoutError(ValueError):
    """A layout file that cannot be used: what is wrong, in which file."""


@dataclass(frozen=True, slots=True)
class Printer:
    """A print shop's numbers for one card (exact: points are computed from the published inches or
    millimetres as fractions, never rounded before the PDF is written)."""

    spec: str  # the printer's published specification (a link)
    unit: str  # "in" or "mm": the unit the printer publishes
    trim: tuple[Fraction, Fraction]  # the cut card, in ``unit``
    safe: Fraction  # the margin inside the trim that text keeps to, in ``unit``
    pixels: tuple[int, int]  # the image per card (trim and bleed)
    dpi: int
    image_format: str  # "png" or "jpeg"
    order: str = "front-back"  # with backs, each card's two pages: DriveThruCards asks the back first
    size: str = "poker"  # the card size (rules.face_template.CARD_SIZES) of ``trim`` and ``pixels``
    # The other sizes the printer prints: (name, trim in ``unit``), each with the same bleed around it.
    sizes: tuple[tuple[str, tuple[Fraction, Fraction]], ...] = ()

    @property
    def offers(self) -> tuple[str, ...]:
        """The card sizes this printer prints, its own first."""
        return (self.size, *(name for name, _trim in self.sizes if name != self.size))

    def for_size(self, name: str) -> Printer | None:
        """The printer's numbers for a card of the named size: its trim for that size, and the image
        its bleed around that trim makes at its dpi (whole pixels); None when it does not print it."""
        if name == self.size:
            return self
        trim = dict(self.sizes).get(name)
        if trim is None:
            return None
        unit_points = UNITS[self.unit]
        bx, by = (b / unit_points for b in self.bleed_points)
        pixels = (round((trim[0] + 2 * bx) * self.dpi), round((trim[1] + 2 * by) * self.dpi))
        return replace(self, trim=trim, pixels=pixels, size=name, sizes=())

    def points(self, value: Fraction) -> Fraction:
        return value * UNITS[self.unit]

    @property
    def page_points(self) -> tuple[Fraction, Fraction]:
        """The page (the image: trim and bleed) in points."""
        return Fraction(self.pixels[0] * 72, self.dpi), Fraction(self.pixels[1] * 72, self.dpi)

    @property
    def trim_points(self) -> tuple[Fraction, Fraction]:
        return self.points(self.trim[0]), self.points(self.trim[1])

    @property
    def bleed_points(self) -> tuple[Fraction, Fraction]:
        """The bleed on each side (left and right, top and bottom), in points."""
        (pw, ph), (tw, th) = self.page_points, self.trim_points
        return (pw - tw) / 2, (ph - th) / 2

    @property
    def trim_mm(self) -> tuple[float, float]:
        return tuple(float(p * Fraction(254, 720)) for p in self.trim_points)  # type: ignore[return-value]

    @property
    def safe_mm(self) -> float:
        return float(self.points(self.safe) * Fraction(254, 720))

    @property
    def bleed_mm(self) -> float:
        return float(max(self.bleed_points) * Fraction(254, 720))

    @property
    def trim_pixels(self) -> tuple[Fraction, Fraction]:
        return tuple(p * self.dpi / 72 for p in self.trim_points)  # type: ignore[return-value]


def _printer(data: Any, problems: list[str]) -> Printer | None:
    if not isinstance(data, dict):
        problems.append("printer must be an object with spec, trim, image and safe")
        return None
    unknown = sorted(set(data) - PRINTER_KEYS - PRINTER_OPTIONAL)
    missing = sorted(PRINTER_KEYS - set(data))
    if unknown or missing:
        problems.append(
            f"printer has the keys {', '.join(sorted(PRINTER_KEYS))} (and may have {', '.join(PRINTER_OPTIONAL)})"
        )
        return None
    if data.get("order", ORDERS[0]) not in ORDERS:
        problems.append(f"printer.order must be one of {', '.join(ORDERS)}")
        return None
    spec, trim, image, safe = data["spec"], data["trim"], data["image"], data["safe"]
    before = len(problems)
    if not isinstance(spec, str) or not spec.startswith("https://"):
        problems.append("printer.spec must be a link (https://) to the printer's published specification")
    if (
        not isinstance(trim, dict)
        or set(trim) != {"width", "height", "unit"}
        or trim.get("unit") not in UNITS
    ):
        problems.append('printer.trim must be {"width": W, "height": H, "unit": "in" or "mm"}')
        return None
    sizes = [trim["width"], trim["height"], safe]
    if any(isinstance(v, bool) or not isinstance(v, int | float) or not 0 <= v <= 1000 for v in sizes):
        problems.append("printer.trim and printer.safe must be numbers")
        return None
    if (
        not isinstance(image, dict)
        or set(image) != {"width", "height", "dpi", "format"}
        or any(
            isinstance(image[k], bool) or not isinstance(image[k], int) or not 10 <= image[k] <= 20000
            for k in ("width", "height", "dpi")
        )
        or image["format"] not in IMAGE_FORMATS
    ):
        problems.append(
            'printer.image must be {"width": px, "height": px, "dpi": whole numbers, "format": "png" or "jpeg"}'
        )
        return None
    size, sizes = _printer_sizes(data, problems)
    printer = Printer(
        size=size,
        sizes=sizes,
        spec=spec if isinstance(spec, str) else "",
        unit=trim["unit"],
        trim=(Fraction(str(trim["width"])), Fraction(str(trim["height"]))),
        safe=Fraction(str(safe)),
        pixels=(image["width"], image["height"]),
        dpi=image["dpi"],
        image_format=image["format"],
        order=data.get("order", ORDERS[0]),
    )
    if min(printer.bleed_points) < 0:
        problems.append("printer.image is smaller than printer.trim at its dpi")
    return printer if len(problems) == before else None


def _printer_sizes(data: dict, problems: list[str]) -> tuple[str, tuple]:
    """``size`` (the card size of ``trim`` and ``image``, default poker) and ``sizes`` (the other sizes
    the printer prints: ``{"bridge": {"width": 2.25, "height": 3.5}}``, in the trim's unit)."""
    from rules.face_template import CARD_SIZES

    allowed = ", ".join(CARD_SIZES)
    size = data.get("size", "poker")
    if size not in CARD_SIZES:
        problems.append(f"printer.size must be one of {allowed}")
        size = "poker"
    sizes = data.get("sizes", {})
    if not isinstance(sizes, dict):
        problems.append(f"printer.sizes must be an object: a card size ({allowed}) and its trim")
        return size, ()
    out = []
    for name, trim in sizes.items():
        if name not in CARD_SIZES:
            problems.append(f"printer.sizes: {name!r} is no card size ({allowed})")
            continue
        if (
            not isinstance(trim, dict)
            or set(trim) != {"width", "height"}
            or any(
                isinstance(v, bool) or not isinstance(v, int | float) or not 0 < v <= 1000
                for v in trim.values()
            )
        ):
            problems.append(f'printer.sizes.{name} must be {{"width": W, "height": H}} in the trim\'s unit')
            continue
        out.append((name, (Fraction(str(trim["width"])), Fraction(str(trim["height"])))))
    return size, tuple(out)


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
    printer: Printer | None = None

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
    printer = _printer(data["printer"], problems) if "printer" in data else None
    if "printer" in data and not card_page:
        problems.append('a printer layout is a card page: its paper is "card"')
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
        printer=printer,
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


class SizeNotPrinted(ValueError):
    """A print shop's layout asked for a card size it does not print (or a card of no named size):
    ``key`` and ``params`` are the problem (rules.problems: SIZE_NOT_PRINTED, SIZE_UNNAMED)."""

    def __init__(self, key: str, params: dict[str, Any], text: str):
        super().__init__(text)
        self.key, self.params = key, params


def printer_for(layout: Layout | str | None, template: Any) -> Printer | None:
    """The layout's printer for the card size of ``template`` (rules.face_template.card_size_name): its
    trim for that size, its bleed and safe zone around it; None for a layout without a printer.
    SizeNotPrinted when the printer does not print that size, or the card is of no named size."""
    from rules.face_template import CARD_SIZES, card_size, card_size_name

    spec = layout if isinstance(layout, Layout) else layout_named(layout) if layout else None
    if spec is None or spec.printer is None:
        return None
    width, height = card_size(template)
    name = card_size_name(template)
    if name is None:
        params = {"width": f"{width:g}", "height": f"{height:g}", "expected": ", ".join(CARD_SIZES)}
        raise SizeNotPrinted(
            "SIZE_UNNAMED",
            params,
            f"the template's card is {width:g} x {height:g} mm, none of the card sizes a print shop prints "
            f"({params['expected']}): set the template's card size (cardSize)",
        )
    printer = spec.printer.for_size(name)
    if printer is None:
        params = {
            "layout": spec.name,
            "size": name,
            "width": f"{width:g}",
            "height": f"{height:g}",
            "expected": ", ".join(spec.printer.offers),
        }
        raise SizeNotPrinted(
            "SIZE_NOT_PRINTED",
            params,
            f"{spec.name} does not print {name} cards ({width:g} x {height:g} mm); it prints "
            f"{params['expected']}: choose a layout for {name} cards or change the template's cardSize",
        )
    return printer


def drawn_bleed(name: str | Layout | None, bleed_mm: float) -> float:
    """The bleed to draw faces with for the layout: a printer's preset asks its own (and a margin for
    its scale and cut: faces.printer), whatever ``bleed_mm`` says; another layout, ``bleed_mm``."""
    spec = name if isinstance(name, Layout) else layout_named(name)
    if spec is not None and spec.printer is not None:
        from .printer import face_bleed_mm

        return face_bleed_mm(spec.printer)
    return bleed_mm
