"""The fonts that ship with the studio (faces/fonts), their metrics, and their embedding in SVG.

Noto Sans and Noto Serif (SIL Open Font License 1.1) cover Latin with French
typography (« », ’, œ, accented capitals) and Cyrillic; DejaVu Sans (Bitstream
Vera licence) is the fallback for the games' symbols (★, ♞, ⚔, ✚...). The files
are committed with their licences (LICENSE-*.txt): nothing is fetched and no
system font is needed.

Text is measured with the fonts' own advance widths (fontTools), glyph by
glyph, falling back to DejaVu Sans for a character the chosen font lacks, as
the browser, resvg and fpdf2 do. Kerning is left out of the measure, so a line
measured to fit always fits (kerning only ever tightens these fonts' Latin).
"""

from __future__ import annotations

import base64
import hashlib
import io
import logging
import os
import tempfile
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import fontTools
from fontTools.ttLib import TTFont

logger = logging.getLogger(__name__)
logging.getLogger("fontTools.subset").setLevel(logging.ERROR)

FONT_DIR = Path(__file__).resolve().parent / "fonts"
PT_MM = 25.4 / 72  # one typographic point in millimetres


@dataclass(frozen=True, slots=True)
class FontFace:
    family: str
    weight: str  # normal | bold
    style: str  # normal | italic
    file: str

    @property
    def path(self) -> Path:
        return FONT_DIR / self.file

    @property
    def key(self) -> str:
        """A short name for PDF libraries (fpdf2 family names)."""
        return self.file.removesuffix(".ttf").replace("-", "").lower()


FACES: tuple[FontFace, ...] = (
    FontFace("Noto Sans", "normal", "normal", "NotoSans-Regular.ttf"),
    FontFace("Noto Sans", "bold", "normal", "NotoSans-Bold.ttf"),
    FontFace("Noto Sans", "normal", "italic", "NotoSans-Italic.ttf"),
    FontFace("Noto Serif", "normal", "normal", "NotoSerif-Regular.ttf"),
    FontFace("Noto Serif", "bold", "normal", "NotoSerif-Bold.ttf"),
    FontFace("DejaVu Sans", "normal", "normal", "DejaVuSans.ttf"),
    FontFace("DejaVu Sans", "bold", "normal", "DejaVuSans-Bold.ttf"),
)
FALLBACK_FAMILY = "DejaVu Sans"


def face_for(family: str, weight: str = "normal", style: str = "normal") -> FontFace:
    """The shipped face of ``family`` closest to the weight and style asked (KeyError: no such family)."""
    candidates = [f for f in FACES if f.family == family]
    if not candidates:
        raise KeyError(family)
    for face in candidates:
        if face.weight == weight and face.style == style:
            return face
    for face in candidates:
        if face.weight == weight:
            return face
    return candidates[0]


def fallback_for(face: FontFace) -> FontFace:
    return face_for(FALLBACK_FAMILY, face.weight)


def font_files() -> list[str]:
    return [str(face.path) for face in FACES]


class _Metrics:
    __slots__ = ("advances", "ascent", "descent")

    def __init__(self, face: FontFace):
        font = TTFont(face.path, lazy=True)
        upem = font["head"].unitsPerEm
        hmtx = font["hmtx"].metrics
        self.advances = {cp: hmtx[name][0] / upem for cp, name in font.getBestCmap().items()}
        os2 = font["OS/2"]
        self.ascent = os2.sTypoAscender / upem
        self.descent = -os2.sTypoDescender / upem
        font.close()


@cache
def _metrics(face: FontFace) -> _Metrics:
    return _Metrics(face)


def has_glyph(face: FontFace, char: str) -> bool:
    return ord(char) in _metrics(face).advances


def face_of_char(face: FontFace, char: str) -> FontFace:
    """The face that draws ``char``: ``face``, else the fallback (whether or not it has it)."""
    return face if has_glyph(face, char) else fallback_for(face)


def text_width(text: str, face: FontFace, size: float) -> float:
    """The advance width of ``text`` set in ``face`` at ``size`` (any unit: the result is in the same)."""
    own = _metrics(face).advances
    fallback = None
    total = 0.0
    for char in text:
        advance = own.get(ord(char))
        if advance is None:
            fallback = fallback or _metrics(fallback_for(face)).advances
            advance = fallback.get(ord(char), 0.6)
        total += advance
    return total * size


def ascent(face: FontFace) -> float:
    """The ascender as a fraction of the font size."""
    return _metrics(face).ascent


def descent(face: FontFace) -> float:
    return _metrics(face).descent


def runs_by_face(text: str, face: FontFace) -> list[tuple[FontFace, str]]:
    """``text`` cut where the face drawing it changes (spaces stay with the run they are in)."""
    runs: list[tuple[FontFace, str]] = []
    for char in text:
        drawn_by = face if char.isspace() else face_of_char(face, char)
        if runs and (runs[-1][0] == drawn_by or char.isspace()):
            runs[-1] = (runs[-1][0], runs[-1][1] + char)
        else:
            runs.append((drawn_by, char))
    return runs


def split_by_face(text: str, face: FontFace) -> dict[FontFace, set[str]]:
    """The characters of ``text`` that each face draws (for embedding subsets)."""
    used: dict[FontFace, set[str]] = {}
    for char in text:
        if char.isspace():
            continue
        used.setdefault(face_of_char(face, char), set()).add(char)
    return used


# Subsets are made by whole blocks of characters, so that a handful of subsets serve every card
# (each made once on the machine, kept on disk: see _subset_woff2): Latin with Latin-1, Latin Extended-A (œ, Œ), general punctuation
# (’ « » … —), Cyrillic. Characters outside these (the games' symbols) are taken one by one.
BLOCKS = ((0x20, 0xFF), (0x100, 0x17F), (0x2000, 0x206F), (0x400, 0x4FF))


def _subset_key(chars: set[str]) -> frozenset[str]:
    wanted: set[str] = set()
    for char in chars:
        code = ord(char)
        block = next((b for b in BLOCKS if b[0] <= code <= b[1]), None)
        if block is None:
            wanted.add(char)
        else:
            wanted.update(chr(c) for c in range(block[0], block[1] + 1))
    return frozenset(wanted)


# The tables no subset here keeps (lines are measured without kerning or ligatures, so the browser
# and the PDF set them the same way). Deleted from the font before the subsetter sees it: fontTools
# (4.69) decompiles GDEF, GSUB and GPOS whole before it drops them, most of a subset's time.
LAYOUT_TABLES = ("GSUB", "GPOS", "GDEF")


def drop_layout_tables(font: TTFont) -> None:
    """``font`` without its OpenType layout tables (kerning, ligatures), unread; and without its legacy
    ``kern`` table where it has GPOS, as the subsetter drops it then (its ``legacy_kern`` off)."""
    if "GPOS" in font and "kern" in font:
        del font["kern"]
    for tag in LAYOUT_TABLES:
        if tag in font:
            del font[tag]


# A subset's file on disk is named by what makes it: the font file's bytes, the characters, the
# subsetter's version and these options (SUBSET_OPTIONS_VERSION: bump it when they change), so a
# changed font, a new fontTools or new options never serve an old file. Shared by every process on
# the machine (web processes, workers, the test processes), each subset made once and kept.
SUBSET_OPTIONS_VERSION = 1
PDF_SUBSET_OPTIONS_VERSION = 1  # the options of _make_pdf_font
WOFF2_SIGNATURE = b"wOF2"
SFNT_SIGNATURE = b"\x00\x01\x00\x00"  # TrueType outlines


def subset_cache_dir() -> Path | None:
    """Where subsets are kept: the setting ``FACES_FONT_CACHE_DIR`` (default ``VAR_DIR/cache/font-subsets``);
    None (each process makes its own) outside Django or when it is empty."""
    from django.conf import settings

    if not settings.configured:
        return None
    folder = str(getattr(settings, "FACES_FONT_CACHE_DIR", ""))
    return Path(folder) if folder else None


@lru_cache(maxsize=32)
def _file_digest(path: Path, mtime_ns: int, size: int) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _subset_file_name(face: FontFace, chars: frozenset[str], kind: str = "woff2") -> str:
    stat = face.path.stat()
    options = SUBSET_OPTIONS_VERSION if kind == "woff2" else f"{kind}-{PDF_SUBSET_OPTIONS_VERSION}"
    key = "\n".join(
        (
            _file_digest(face.path, stat.st_mtime_ns, stat.st_size),
            fontTools.version,
            str(options),
            "".join(sorted(chars)),
        )
    )
    return f"{face.key}-{hashlib.sha256(key.encode()).hexdigest()[:40]}.{kind}"


def _whole_woff2(data: bytes) -> bool:
    """A WOFF2 file as long as its header says (not a torn or foreign file)."""
    return len(data) >= 12 and data[:4] == WOFF2_SIGNATURE and int.from_bytes(data[8:12], "big") == len(data)


def _whole_sfnt(data: bytes) -> bool:
    """A TrueType file holding every table its directory lists (not a torn or foreign file)."""
    if len(data) < 12 or data[:4] != SFNT_SIGNATURE:
        return False
    tables = int.from_bytes(data[4:6], "big")
    if len(data) < 12 + 16 * tables:
        return False
    for i in range(tables):
        record = 12 + 16 * i
        offset = int.from_bytes(data[record + 8 : record + 12], "big")
        length = int.from_bytes(data[record + 12 : record + 16], "big")
        if offset + length > len(data):
            return False
    return True


def _read_cached(path: Path, whole=_whole_woff2) -> bytes | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    return data if whole(data) else None


def _write_cached(path: Path, data: bytes) -> None:
    """Written whole under another name, then renamed: a reader never sees half a file, and writers
    making the same subset at once each rename a whole one over the other."""
    part = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, prefix=".part-", delete=False) as handle:
            part = handle.name
            handle.write(data)
        os.replace(part, path)
    except OSError:  # a read-only or full disk: the subset is served all the same, made again next time
        logger.warning("font subset not kept in %s", path.parent, exc_info=True)
        if part is not None:
            Path(part).unlink(missing_ok=True)


def _make_woff2(face: FontFace, chars: frozenset[str]) -> bytes:
    # Imported here: the subsetter costs every process that sets Django up 0.2 CPU-seconds to import,
    # and most (commands, workers, web processes until a face is drawn) never make a subset.
    from fontTools import subset

    options = subset.Options()
    options.flavor = "woff2"
    # No layout tables: lines are measured without kerning or ligatures, so the browser sets them
    # the same way (dropped before subsetting: see LAYOUT_TABLES).
    options.layout_features = []
    options.drop_tables += [*LAYOUT_TABLES, "FFTM"]
    options.name_IDs = []
    options.notdef_outline = True
    options.hinting = False
    font = TTFont(face.path, recalcTimestamp=False)
    drop_layout_tables(font)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text="".join(sorted(chars)) + " ")
    subsetter.subset(font)
    out = io.BytesIO()
    font.flavor = "woff2"
    font.save(out)
    return out.getvalue()


@lru_cache(maxsize=256)
def _subset_woff2(face: FontFace, chars: frozenset[str]) -> str:
    """The subset of ``face`` with ``chars``, as WOFF2 in base64: from this process's memory, else the
    machine's cache on disk (:func:`subset_cache_dir`), else made (and kept there)."""
    folder = subset_cache_dir()
    path = folder / _subset_file_name(face, chars) if folder is not None else None
    data = _read_cached(path) if path is not None else None
    if data is None:
        data = _make_woff2(face, chars)
        if path is not None:
            _write_cached(path, data)
    return base64.b64encode(data).decode("ascii")


def font_face_css(used: dict[FontFace, set[str]], *, font_url: str | None = None) -> str:
    """@font-face rules for the faces used: subsets as data URLs, or links under ``font_url``."""
    rules = []
    for face in sorted(used, key=lambda f: f.file):
        if font_url is not None:
            src = f"url('{font_url}{face.file}') format('truetype')"
        else:
            data = _subset_woff2(face, _subset_key(used[face]))
            src = f"url(data:font/woff2;base64,{data}) format('woff2')"
        rules.append(
            f"@font-face{{font-family:'{face.family}';font-weight:{700 if face.weight == 'bold' else 400};"
            f"font-style:{face.style};src:{src};}}"
        )
    return "".join(rules)


# --- the fonts fpdf2 is given -----------------------------------------------------------------------
# fpdf2 reads every glyph of the font file it is given (outlines, names, metrics: 0.02 CPU-seconds for
# a Noto face, 0.035 for DejaVu Sans) for each PDF document (each batch of a sheet's pages), and
# subsets that font when it writes the document. It is given instead the font cut to the blocks of
# characters the document draws (as the SVG subsets are: a handful serve every card), with every
# table, outline, instruction, name and metric of those glyphs as in the font and its header
# untouched: it reads a fraction of the glyphs, and its own subset of that file is the same bytes as
# its subset of the whole font (tests/faces/test_font_subsets.py). Kept on disk beside the SVG subsets.
# fpdf2 always maps U+0000 and the space (its reserved codes), so they are always in.
PDF_RESERVED = frozenset("\x00 ")


def _make_pdf_font(face: FontFace, chars: frozenset[str]) -> bytes:
    from fontTools import subset

    font = TTFont(face.path, recalcTimestamp=False, recalcBBoxes=False)
    drop_layout_tables(font)
    cmap = font.getBestCmap()
    options = subset.Options()
    # What fpdf2 keeps, it finds here as in the font: every name, glyph name, instruction and code
    # range; the glyphs by name, so every code point drawn by a glyph kept keeps its mapping.
    options.glyph_names = True
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.name_legacy = True
    options.notdef_outline = True
    options.recommended_glyphs = True
    options.prune_unicode_ranges = False
    options.prune_codepage_ranges = False
    options.layout_features = []
    options.drop_tables += list(LAYOUT_TABLES)
    subsetter = subset.Subsetter(options)
    subsetter.populate(glyphs={cmap[ord(c)] for c in chars | PDF_RESERVED if ord(c) in cmap})
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


_checked_pdf_fonts: set[Path] = set()  # the kept files this process has read whole or written


def pdf_font_file(face: FontFace, chars: set[str]) -> Path:
    """The font file to give fpdf2 for a document that draws ``chars`` in ``face``: the subset of their
    blocks kept on disk (made once on the machine), else (no cache folder, or none kept) the face's own."""
    folder = subset_cache_dir()
    if folder is None:
        return face.path
    key = _subset_key(set(chars))
    path = folder / _subset_file_name(face, key, "ttf")
    if path in _checked_pdf_fonts and path.exists():
        return path
    if _read_cached(path, _whole_sfnt) is None:
        _write_cached(path, _make_pdf_font(face, key))
        if _read_cached(path, _whole_sfnt) is None:  # not kept (a read-only or full disk)
            return face.path
    _checked_pdf_fonts.add(path)
    return path
