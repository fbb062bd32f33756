"""The shipped fonts cut for web pages: each face in parts (Latin and Cyrillic text, symbols,
mathematical operators, the rest) as WOFF2, named in faces.css with the characters each part holds
(``unicode-range``).

Pages draw faces inline (their SVG names the fonts' families: faces.css). A browser downloads a part
only when the page shows a character of its range in that family: a card takes the text parts of
its fonts (a fifth of a Noto font), a game's symbol the symbols' part of DejaVu Sans; the whole TrueType files (4 MB, 2.4 MB on a card's page) went to every page showing a face.
Every table but the glyphs' own is kept (kerning, ligatures, hinting): the same glyphs laid out the
same way as from the whole font. Made by ``manage.py webfonts`` from faces/fonts/*.ttf, which also
writes the rules into faces.css; the parts are kept in git (faces/fonts/web/).
"""

from __future__ import annotations

from pathlib import Path

from faces.fonts import FACES, FONT_DIR, FontFace

WEB_DIR = FONT_DIR / "web"
CSS = Path(__file__).resolve().parent / "static" / "faces" / "faces.css"
BEGIN = "/* The shipped fonts in parts (manage.py webfonts writes these rules). */"
END = "/* End of the shipped fonts. */"
LAST = 0x10FFFF

# Each part's characters, as ranges of code points; "rest" is every other code point. The games'
# symbols (arrows, shapes, ⚔ ⚖ ★ ✦) are a part of their own, and so are the mathematical operators
# (≤ ≥ −, which DejaVu Sans has 256 of): DejaVu Sans, which draws the symbols, has most of its glyphs
# in the rest (Greek, Armenian, Hebrew, Arabic, IPA, box drawing...).
# Latin and Cyrillic are one part: split, the kerning of a Cyrillic letter with the punctuation
# they share ("карту.") was lost at the parts' border, and Russian text moved by a fraction of a pixel.
TEXT = ((0x0000, 0x024F), (0x0400, 0x052F), (0x1E00, 0x1EFF), (0x2000, 0x20CF), (0x2100, 0x214F))
SYMBOLS = ((0x2190, 0x21FF), (0x25A0, 0x27BF), (0x2B00, 0x2BFF))
MATH = ((0x2200, 0x22FF),)


def _rest() -> tuple[tuple[int, int], ...]:
    taken = sorted((*TEXT, *SYMBOLS, *MATH))
    ranges, start = [], 0
    for first, last in taken:
        if first > start:
            ranges.append((start, first - 1))
        start = last + 1
    if start <= LAST:
        ranges.append((start, LAST))
    return tuple(ranges)


PARTS: dict[str, tuple[tuple[int, int], ...]] = {
    "text": TEXT,
    "symbols": SYMBOLS,
    "math": MATH,
    "rest": _rest(),
}


def parts_of(face: FontFace) -> list[str]:
    """The parts of ``face`` that hold a character of it (Noto has no mathematical operators)."""
    from fontTools.ttLib import TTFont

    codes = TTFont(face.path, lazy=True).getBestCmap()
    return [part for part, ranges in PARTS.items() if any(a <= c <= b for c in codes for a, b in ranges)]


def part_file(face: FontFace, part: str) -> str:
    return f"{face.file.removesuffix('.ttf')}-{part}.woff2"


def unicode_range(ranges: tuple[tuple[int, int], ...]) -> str:
    return ", ".join(f"U+{a:X}" if a == b else f"U+{a:X}-{b:X}" for a, b in ranges)


def font_face_rules() -> str:
    """faces.css's @font-face rules: each face's parts, with their ranges."""
    rules = []
    for face in FACES:
        for part in parts_of(face):
            rules.append(
                f"@font-face{{font-family:'{face.family}';font-weight:{700 if face.weight == 'bold' else 400};"
                f"font-style:{face.style};src:url('fonts/web/{part_file(face, part)}') format('woff2');"
                f"unicode-range:{unicode_range(PARTS[part])};}}"
            )
    return "\n".join([BEGIN, *rules, END])


def with_rules(css: str) -> str:
    """``css`` (faces.css) with its @font-face rules replaced by ``font_face_rules()``."""
    head, _, rest = css.partition(BEGIN)
    _, _, tail = rest.partition(END)
    return head + font_face_rules() + tail


def make_part(face: FontFace, ranges: tuple[tuple[int, int], ...]) -> bytes:
    import io

    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(face.path, recalcTimestamp=False)
    cmap = font.getBestCmap()
    codes = [c for c in cmap if any(a <= c <= b for a, b in ranges)]
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    options.layout_scripts = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.legacy_kern = True
    options.notdef_outline = True
    options.glyph_names = True
    options.hinting = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=codes)
    subsetter.subset(font)
    out = io.BytesIO()
    font.flavor = "woff2"
    font.save(out)
    return out.getvalue()


def write_all() -> list[Path]:
    """Make every face's parts into faces/fonts/web/ and the rules into faces.css; the files written."""
    WEB_DIR.mkdir(exist_ok=True)
    written = []
    for face in FACES:
        for part in parts_of(face):
            path = WEB_DIR / part_file(face, part)
            path.write_bytes(make_part(face, PARTS[part]))
            written.append(path)
    CSS.write_text(with_rules(CSS.read_text(encoding="utf-8")), encoding="utf-8")
    return [*written, CSS]
