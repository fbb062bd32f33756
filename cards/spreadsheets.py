"""Card-set spreadsheets (FORMATS.md "Card-set spreadsheets"): CSV and XLSX to and from card-set JSON.

A spreadsheet is only another spelling of the card-set file: a row is a card,
a column a key. Reading turns the rows into the card-set JSON payload, which
the one importer (:func:`cards.imports.cards_import`) takes, all or nothing;
each error is then named by its row and column. Writing turns an exported
card set into rows so that reading them back gives the same payload.

Cells: an empty cell is a key left out (the key's default; null for a game
field); list keys are separated by ``;`` or ``|`` (``[]`` is an empty list
where an empty cell would read as null); ``effects`` is JSON text; booleans are
``true``/``false`` (also ``yes``/``no``, ``1``/``0``); numbers are whole
numbers. Limits against bombs: the file's size, the XLSX archive's unpacked
size, the number of rows and columns.
"""

from __future__ import annotations

import csv
import datetime
import io
import itertools
import json
import re
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _

from common import guards
from rules import Finding, get_ruleset, registry
from rules.fields import FieldSpec, Kind
from rules.findings import error, warning
from rules.problems import Problem, invalid, problem
from rules.text import shown

from .interchange import COMMON_KEYS, SOURCE_LANGUAGE_KEY

FORMATS = ("json", "csv", "xlsx")
CONTENT_TYPES = {
    "json": "application/json",
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}
LIST_KEYS = frozenset({"archetypes"})
# A card's translations (FORMATS.md v1.2): a column `key@lang` per translated key and language.
TRANSLATION_KEYS = ("name", "text", "flavour", "archetypes", "effects", "sourceVersion", "status")
_TRANSLATION_COLUMN = re.compile(r"^(?P<key>[A-Za-z]+)@(?P<lang>[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})?)$")


def translation_column(name: str) -> tuple[str, str] | None:
    """(key, language) of a `name@ru` column (any case), or None."""
    found = _TRANSLATION_COLUMN.match(name.strip())
    if found is None:
        return None
    key = {k.lower(): k for k in TRANSLATION_KEYS}.get(found["key"].lower())
    return (key, found["lang"].lower()) if key else None


GAME_COLUMN = "game"
TRUE_WORDS = frozenset({"true", "yes", "1", "y", "vrai", "oui"})
FALSE_WORDS = frozenset({"false", "no", "0", "n", "faux", "non"})


def max_bytes() -> int:
    return settings.CARDSETS_MAX_BYTES


def max_rows() -> int:
    return settings.CARDSETS_MAX_ROWS


def max_unpacked_bytes() -> int:
    return settings.CARDSETS_MAX_UNPACKED_BYTES


MAX_COLUMNS = 200
# Empty rows (a sheet's formatting often reaches further than its cards) also count, up to this many more.
EMPTY_ROWS_ALLOWED = 10_000


class UnusableFile(ValueError):
    """The file is no card set at all (not JSON, CSV or XLSX; unreadable; too large): one line says why."""

    def __init__(self, message: str, *, too_large: bool = False):
        self.too_large = too_large
        super().__init__(message)


@dataclass
class Sheet:
    """A card set read from a file: the payload for the importer, and where each card came from."""

    payload: dict[str, Any]
    fmt: str
    # The spreadsheet row of each card of payload["cards"] (None for JSON).
    rows: list[int] | None = None
    # The column letter of each key (spreadsheets).
    columns: dict[str, str] = field(default_factory=dict)
    errors: list[Finding] = field(default_factory=list)
    # What the import says and goes on: the header row taken below a title, the columns left out.
    warnings: list[Finding] = field(default_factory=list)

    def card_label(self, index: int, raw: Any) -> str:
        if self.rows is None:
            return ""
        name = raw.get("name") if isinstance(raw, dict) else None
        shown_name = f" ({name})" if isinstance(name, str) and name else ""
        return f"row {self.rows[index]}{shown_name}"

    def column(self, key: str | None) -> str:
        """'column grade (E)' for the key (or JSON path: effects[0].do is column effects)."""
        translated = re.match(r"translations\.([\w-]+)\.(\w+)", key or "")
        match = re.match(r"[A-Za-z_]+", key or "")
        name = match.group(0) if match else (key or "")
        if translated:  # translations.ru.name is column name@ru
            name = (
                f"{translated[2]}@{translated[1]}" if translated[2] != "language" else f"name@{translated[1]}"
            )
        letter = self.columns.get(name)
        return f"column {name} ({letter})" if letter else f"column {name}"


# --- which format ----------------------------------------------------------------------------
def sniff(name: str | None, head: bytes) -> str:
    """The format of a file from its name's extension, else from its first bytes (JSON, XLSX)."""
    suffix = (name or "").rsplit(".", 1)[-1].lower() if name and "." in name else ""
    if suffix in FORMATS:
        return suffix
    if head.startswith(b"PK\x03\x04"):
        return "xlsx"
    if head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{"):
        return "json"
    if suffix:
        raise UnusableFile(
            _("a .%(suffix)s file is no card set: use a card-set .json, .csv or .xlsx file")
            % {"suffix": suffix}
        )
    raise UnusableFile(_("this file is no card set: use a card-set .json, .csv or .xlsx file"))


def read_card_set(data: bytes, *, name: str | None = None, game: str | None = None) -> Sheet:
    """A card-set file (JSON, CSV or XLSX, chosen by ``name``'s extension or the content) as a payload.

    ``game`` is the game when the file names none (``--game``); a file that
    names another game is an error. Raises :class:`UnusableFile` for a file
    that is no card set at all; cell errors are in ``Sheet.errors``."""
    if len(data) > max_bytes():
        raise UnusableFile(
            _("the file is larger than %(bytes)s bytes") % {"bytes": max_bytes()}, too_large=True
        )
    fmt = sniff(name, data[:64])
    if fmt == "json":
        return _read_json(data, game)
    rows = _xlsx_rows(data) if fmt == "xlsx" else _csv_rows(data)
    return rows_to_sheet(rows, fmt=fmt, game=game)


def _read_json(data: bytes, game: str | None) -> Sheet:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UnusableFile(_("not UTF-8 text (byte %(byte)s)") % {"byte": exc.start}) from None
    try:
        payload = guards.loads(text)
    except json.JSONDecodeError as exc:
        raise UnusableFile(
            _("not valid JSON (line %(line)s, column %(column)s: %(why)s)")
            % {"line": exc.lineno, "column": exc.colno, "why": exc.msg}
        ) from None
    except guards.BadInput as exc:
        raise UnusableFile(str(exc)) from None
    errors: list[Finding] = []
    if isinstance(payload, dict) and game is not None:
        if "game" not in payload:
            payload = {"game": game, **payload}
        elif payload["game"] != game:
            errors.append(
                invalid("game", problem("OTHER_GAME_FILE", value=shown(payload["game"]), game=game))
            )
    return Sheet(payload=payload, fmt="json", errors=errors)


# --- reading rows ------------------------------------------------------------------------------
def _csv_rows(data: bytes) -> Iterator[list[Any]]:
    if b"\x00" in data:
        raise UnusableFile(_("not a CSV text file (it holds NUL bytes)"))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UnusableFile(
            _("not UTF-8 text (byte %(byte)s); save the CSV as UTF-8") % {"byte": exc.start}
        ) from None
    first = text.split("\n", 1)[0]
    # The header decides: comma or semicolon, whichever separates more of it; the header is the first
    # line naming known columns when a title sits above it (see rows_to_sheet).
    for line in text.split("\n", HEADER_SCAN_ROWS)[:HEADER_SCAN_ROWS]:
        if _header_like(line.split(",")) or _header_like(line.split(";")):
            first = line
            break
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        for row in reader:
            yield [formula_restored(cell) for cell in row]
    except csv.Error as exc:
        raise UnusableFile(
            _("not a readable CSV file (line %(line)s: %(why)s)") % {"line": reader.line_num, "why": exc}
        ) from None


def _xlsx_rows(data: bytes) -> Iterator[list[Any]]:
    from openpyxl import load_workbook  # only imports of spreadsheets pay for it

    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, ValueError, OSError):
        raise UnusableFile(_("not an XLSX file (not a zip archive)")) from None
    if unpacked > max_unpacked_bytes():
        raise UnusableFile(
            _("the XLSX file unpacks to %(bytes)s bytes, more than %(maximum)s")
            % {"bytes": unpacked, "maximum": max_unpacked_bytes()},
            too_large=True,
        )
    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a damaged workbook
        raise UnusableFile(
            _("not a readable XLSX workbook (%(why)s)") % {"why": type(exc).__name__}
        ) from None
    try:
        sheet = book.worksheets[0] if book.worksheets else None
        if sheet is None:
            raise UnusableFile(_("the XLSX workbook has no sheet"))
        # Read-only mode trusts the sheet's declared <dimension>; a stale one (A1:K2 for a sheet
        # of 5 rows, as some writers leave it) would drop rows without a word. Read them all.
        sheet.reset_dimensions()
        try:
            for values in sheet.iter_rows(values_only=True, max_col=MAX_COLUMNS + 1):
                yield list(values)
        except UnusableFile:
            raise
        except Exception as exc:
            raise UnusableFile(
                _("not a readable XLSX workbook (%(why)s)") % {"why": type(exc).__name__}
            ) from None
    finally:
        book.close()


def _empty(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


# Design tools put a title (and a blank row) above the header: the header is the first of these
# many non-empty rows that names at least two columns the studio knows.
HEADER_SCAN_ROWS = 20
# Keys whose cells are codes a spreadsheet may turn into dates ("1-5" becomes 5 January, "05-Jan").
CODE_KEYS = frozenset({"set", "stableCardId"})
_MONTHS = "jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec"
_DATE_TEXT = re.compile(
    rf"^(?:\d{{1,2}}[-/ ](?:{_MONTHS})[a-z]*|(?:{_MONTHS})[a-z]*[-/ ]\d{{1,2}})$", re.IGNORECASE
)


def _column_names() -> frozenset[str]:
    """Every column name a card-set spreadsheet may have, in any game, lowercased."""
    names = {GAME_COLUMN, *COMMON_KEYS, SOURCE_LANGUAGE_KEY}
    for ruleset in registry:
        names.update(spec.name for spec in ruleset.fields)
    return frozenset(name.lower() for name in names)


def _header_like(values: list[Any]) -> bool:
    known = _column_names()
    named = [str(v).strip() for v in values if not _empty(v)]
    return sum(1 for n in named if n.lower() in known or translation_column(n)) >= 2


def _dated(value: Any) -> str | None:
    """The date a spreadsheet made of a code, as it shows it, or None."""
    if isinstance(value, datetime.datetime | datetime.date):
        return value.strftime("%d-%b")
    if isinstance(value, str) and _DATE_TEXT.match(value.strip()):
        return value.strip()
    return None


def rows_to_sheet(rows: Iterable[list[Any]], *, fmt: str, game: str | None) -> Sheet:
    """Rows (the header, then a card a row) as a card-set payload; every cell error named by row and
    column. The header is the first row that names two known columns among the first
    :data:`HEADER_SCAN_ROWS` non-empty ones (a title row above it is said, SHEET_HEADER_ROW), else the
    first non-empty row; columns that are no key of the game's cards are left out with one
    SHEET_COLUMNS_LEFT_OUT warning naming them."""
    errors: list[Finding] = []
    warnings: list[Finding] = []
    iterator = iter(rows)
    leading: list[tuple[int, list[Any]]] = []
    number = 0
    for number, values in enumerate(iterator, start=1):
        if all(_empty(v) for v in values):
            continue
        leading.append((number, values))
        if _header_like(values) or len(leading) >= HEADER_SCAN_ROWS:
            break
    if not leading:
        raise UnusableFile(_("the spreadsheet is empty: its first row names the columns (name, type, ...)"))
    chosen = next((i for i, (_, values) in enumerate(leading) if _header_like(values)), 0)
    header_row, header = leading[chosen]
    if chosen:
        warnings.append(warning("SHEET_HEADER_ROW", params={"row": header_row}))
    following = itertools.chain(leading[chosen + 1 :], enumerate(iterator, start=number + 1))
    names = [str(v).strip() if v is not None else "" for v in header]
    while names and not names[-1]:
        names.pop()
    if len(names) > MAX_COLUMNS:
        raise UnusableFile(_("the spreadsheet has more than %(maximum)s columns") % {"maximum": MAX_COLUMNS})
    letters = {name: _letter(i) for i, name in enumerate(names) if name}
    games = [game] if game else []
    rows_read: list[tuple[int, list[Any]]] = []
    for number, values in following:
        if number > max_rows() + EMPTY_ROWS_ALLOWED:
            raise UnusableFile(
                _("the spreadsheet has more than %(maximum)s rows of cards") % {"maximum": max_rows()},
                too_large=True,
            )
        if all(_empty(v) for v in values):
            continue
        if len(rows_read) >= max_rows():
            raise UnusableFile(
                _("the spreadsheet has more than %(maximum)s rows of cards") % {"maximum": max_rows()},
                too_large=True,
            )
        rows_read.append((number, values))
    if game is None and GAME_COLUMN in letters:
        index = names.index(GAME_COLUMN)
        cells = (values[index] if index < len(values) else None for _, values in rows_read)
        games = [str(v).strip() for v in cells if not _empty(v)][:1]
    if not games:
        raise UnusableFile(
            _("the spreadsheet names no game: give --game (or the game field), or a 'game' column")
        )
    the_game = games[0]
    try:
        ruleset = get_ruleset(the_game)
    except Exception:
        raise UnusableFile(
            _("unknown game %(game)s; the games are: %(games)s")
            % {"game": shown(the_game), "games": ", ".join(registry.keys())}
        ) from None
    specs = {spec.name: spec for spec in ruleset.fields}
    known = {k.lower(): k for k in (GAME_COLUMN, *COMMON_KEYS, SOURCE_LANGUAGE_KEY, *specs)}
    keys: list[str | None] = []
    seen: dict[str, str] = {}
    left_out: list[str] = []
    for i, name in enumerate(names):
        if not name:
            keys.append(None)
            continue
        key = known.get(name.lower())
        if key is None and translation_column(name):
            key = "{}@{}".format(*translation_column(name))
        if key is None:  # a design tool's column (Notes, quantity, image): left out, said once
            left_out.append(f"{name} ({_letter(i)})")
        elif key in seen:
            errors.append(
                error(
                    "FIELD_INVALID",
                    field=key,
                    params={
                        "row": header_row,
                        "column": _letter(i),
                        **problem("SAME_KEY_TWICE", value=key, other=seen[key]).params(),
                    },
                )
            )
            key = None
        else:
            seen[key] = _letter(i)
        keys.append(key)
    if left_out:
        warnings.append(
            warning(
                "SHEET_COLUMNS_LEFT_OUT",
                params={"game": the_game, "columns": ", ".join(left_out), "row": header_row},
            )
        )
    columns = dict(seen)
    cards: list[dict[str, Any]] = []
    row_numbers: list[int] = []
    for number, values in rows_read:
        card: dict[str, Any] = {}
        problems: list[tuple[str, str, Problem]] = []  # (key or letter, column, problem)
        for i in range(max(len(keys), len(values))):
            key = keys[i] if i < len(keys) else None
            value = values[i] if i < len(values) else None
            if key is None:
                if (i >= len(names) or not names[i]) and not _empty(value):
                    problems.append((_letter(i), _letter(i), problem("UNNAMED_COLUMN")))
                continue
            if _empty(value) and not (key == "text" and isinstance(value, str) and value):
                continue
            dated = _dated(value) if key in CODE_KEYS else None
            if dated is not None:
                problems.append((key, f"{key} ({columns[key]})", problem("CELL_DATE", value=shown(dated))))
                continue
            converted, why = _cell(key.split("@")[0], specs.get(key), value)
            if why:
                problems.append((key, f"{key} ({columns[key]})", why))
                continue
            if "@" in key:  # a translation's column: into the card's translations
                tkey, lang = key.split("@")
                if tkey == "sourceVersion" and isinstance(converted, str) and converted.isdigit():
                    converted = int(converted)
                card.setdefault("translations", {}).setdefault(lang, {})[tkey] = converted
                continue
            card[key] = converted
        name = card.get("name")
        label = f"row {number}" + (f" ({name})" if isinstance(name, str) and name else "")
        for key, column, why in problems:
            code = "FIELD_UNKNOWN" if key not in columns else "FIELD_INVALID"
            params = {"row": number, "name": name if isinstance(name, str) else "", "column": column}
            errors.append(error(code, card=name or label, field=key, params={**params, **why.params()}))
        cards.append(card)
        row_numbers.append(number)
    return Sheet(
        payload={"game": the_game, "cards": cards},
        fmt=fmt,
        rows=row_numbers,
        columns=columns,
        errors=errors,
        warnings=warnings,
    )


def _letter(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _cell(key: str, spec: FieldSpec | None, value: Any) -> tuple[Any, Problem | None]:
    """A cell's value as the card-set JSON holds it, or why it cannot be."""
    if key == "effects":
        if not isinstance(value, str):
            return None, problem("CELL_NOT_JSON", value=shown(value))
        try:
            return guards.loads(value), None
        except (json.JSONDecodeError, guards.BadInput) as exc:
            return None, problem("CELL_BAD_JSON", detail=str(exc))
    if key == "userModified":
        return _bool(value)
    if key in LIST_KEYS:
        return _list(value)
    if spec is None:  # the other common keys and the game column: text
        return _text(value) if key == "text" else _text(value).strip(), None
    match spec.kind:
        case Kind.INT:
            return _int(value, spec)
        case Kind.BOOL:
            return _bool(value)
        case Kind.ENUM_LIST | Kind.STR_LIST:
            return _list(value, spec)
        case Kind.ENUM:
            return _text(value).strip(), None
        case _:
            return _text(value), None


def _int(value: Any, spec: FieldSpec) -> tuple[Any, Problem | None]:
    if isinstance(value, int) and not isinstance(value, bool):
        return value, None
    if isinstance(value, float) and value.is_integer():
        return int(value), None
    text = _text(value).strip()
    if re.fullmatch(r"[+-]?\d{1,18}", text):
        return int(text), None
    # The field's bounds, not words: the finding is said in its reader's language when shown (a job's
    # report is stored, and read again later by others).
    bounds = {"minimum": spec.minimum, "maximum": spec.maximum}
    return None, problem(
        "CELL_NOT_WHOLE",
        value=shown(text),
        **{name: bound for name, bound in bounds.items() if bound is not None},
    )


def _bool(value: Any) -> tuple[Any, Problem | None]:
    if isinstance(value, bool):
        return value, None
    word = _text(value).strip().lower()
    if word in TRUE_WORDS:
        return True, None
    if word in FALSE_WORDS:
        return False, None
    return None, problem("CELL_NOT_YES_NO", value=shown(_text(value)))


def _list(value: Any, spec: FieldSpec | None = None) -> tuple[Any, Problem | None]:
    text = _text(value).strip()
    if text.startswith("["):
        try:
            items = guards.loads(text)
        except (json.JSONDecodeError, guards.BadInput):
            items = None
        if isinstance(items, list):
            return items, None
        return None, problem("CELL_NOT_LIST", value=shown(text))
    separator = ";" if ";" in text else "|"
    return [item.strip() for item in text.split(separator) if item.strip()], None


# --- writing ---------------------------------------------------------------------------------
def columns_of(game: str) -> list[str]:
    return [GAME_COLUMN, *COMMON_KEYS, *get_ruleset(game).field_names()]


def card_rows(payload: dict[str, Any]) -> Iterator[list[Any]]:
    """The rows of an exported card set (header first); reading them back gives the same payload.
    Cards with translations add a column `key@lang` per translated key and language; cards that say
    the language they are printed in (sourceLanguage), that column."""
    game = payload["game"]
    ruleset = get_ruleset(game)
    specs = {spec.name: spec for spec in ruleset.fields}
    keys = columns_of(game)
    if any(card.get(SOURCE_LANGUAGE_KEY) for card in payload["cards"]):
        keys.append(SOURCE_LANGUAGE_KEY)  # only for a set whose cards say their own language
    languages = sorted({lang for card in payload["cards"] for lang in card.get("translations") or {}})
    translated = [f"{key}@{lang}" for lang in languages for key in TRANSLATION_KEYS]
    yield [*keys, *translated]
    for card in payload["cards"]:
        row = [game, *(_written(key, specs.get(key), card.get(key)) for key in keys[1:])]
        for column in translated:
            key, lang = column.split("@")
            value = ((card.get("translations") or {}).get(lang) or {}).get(key)
            row.append(_written(key, None, value) if key != "effects" else _written_effects(value))
        yield row


def _written_effects(value: Any) -> Any:
    return json.dumps(value, ensure_ascii=False) if value else None


def _written(key: str, spec: FieldSpec | None, value: Any) -> Any:
    if value is None:
        return None
    if key == "effects":
        return json.dumps(value, ensure_ascii=False) if value else None
    if isinstance(value, list):
        if not value:
            # An empty cell is null for a game field; write [] where null is not the same.
            return None if key in LIST_KEYS or _normalizes_to_empty_list(spec) else "[]"
        items = [str(item) for item in value]
        # A cell that starts with "[" is read as a JSON list, so such a first item needs JSON.
        if not items[0].startswith("["):
            for separator in (";", "|"):
                if not any(separator in item or item != item.strip() or not item for item in items):
                    return f"{separator} ".join(items) if separator == ";" else separator.join(items)
        return json.dumps(value, ensure_ascii=False)
    return value


def _normalizes_to_empty_list(spec: FieldSpec | None) -> bool:
    # riftbound: domains, tags and keywords are [] when left out.
    return spec is not None and spec.name in {"domains", "tags", "keywords"}


# CSV injection (OWASP): a spreadsheet program runs a cell that starts with one of these as a
# formula (=HYPERLINK(...), +SUM(...), @cmd, and tab or carriage return before one).
FORMULA_STARTS = frozenset("=+-@\t\r")
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")


def _quoted_again(text: str) -> bool:
    """A text that starts with the quote this neutralising adds (so a round trip keeps it)."""
    return text[:1] == "'" and (text[1:2] in FORMULA_STARTS or text[1:2] == "'")


def formula_neutralised(text: str) -> str:
    """A CSV cell a spreadsheet will not run: a leading ``'`` before a text that starts like a
    formula (and before a text that starts with such a quote already); numbers stay numbers."""
    if (text[:1] in FORMULA_STARTS and not _NUMBER.fullmatch(text)) or _quoted_again(text):
        return "'" + text
    return text


def formula_restored(cell: str) -> str:
    """The text :func:`formula_neutralised` wrote: its one added quote taken off again."""
    return cell[1:] if _quoted_again(cell) else cell


def to_csv(payload: dict[str, Any]) -> bytes:
    """The card set as CSV: UTF-8 with a BOM (spreadsheet programs then read accents right), commas;
    a cell that would run as a formula starts with ``'`` (:func:`formula_neutralised`)."""
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\r\n")
    for row in card_rows(payload):
        writer.writerow(["" if v is None else formula_neutralised(_text(v)) for v in row])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def to_xlsx(payload: dict[str, Any]) -> bytes:
    """The card set as an XLSX workbook of one sheet named after the game; text stays text (no formulas)."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    rows = list(card_rows(payload))
    for number, row in enumerate(rows, start=1):
        if any(isinstance(v, str) and ILLEGAL_CHARACTERS_RE.search(v) for v in row):
            raise UnusableFile(
                _(
                    "row %(row)s (%(name)s) holds a control character an XLSX cell cannot keep; "
                    "export this game as CSV or JSON"
                )
                % {"row": number, "name": row[1]}
            )
    book = Workbook(write_only=True)
    sheet = book.create_sheet(payload["game"])
    for row in rows:
        cells = []
        for value in row:
            cell = WriteOnlyCell(sheet, value=value)
            if isinstance(value, str):
                cell.data_type = "s"  # a text starting with "=" is text, never a formula
            cells.append(cell)
        sheet.append(cells)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def to_json(payload: dict[str, Any]) -> bytes:
    return (json.dumps(payload, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


WRITERS = {"json": to_json, "csv": to_csv, "xlsx": to_xlsx}


def write_card_set(payload: dict[str, Any], fmt: str) -> bytes:
    return WRITERS[fmt](payload)
