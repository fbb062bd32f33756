"""Fitting text in a box: shrink down to a minimum size, then wrap onto more lines, else say it overflows.

Sizes are in points, boxes in millimetres. Only ordinary spaces break a line:
the no-break spaces of French typography (before « : ; ! ? », after «) keep
their words together, as a typesetter would.
"""

from __future__ import annotations

from dataclasses import dataclass

from .fonts import PT_MM, FontFace, text_width

ELLIPSIS = "…"
STEP_PT = 0.25


@dataclass(frozen=True, slots=True)
class FittedText:
    lines: tuple[str, ...]
    size: float  # points
    line_height: float  # millimetres from one baseline to the next
    overflow: bool


def _width_mm(text: str, face: FontFace, size_pt: float) -> float:
    return text_width(text, face, size_pt * PT_MM)


def _break_word(word: str, face: FontFace, size_pt: float, width: float) -> list[str]:
    """A word wider than the box, cut where it must be (no hyphenation dictionary: cut, never lose)."""
    pieces, current = [], ""
    for char in word:
        if current and _width_mm(current + char, face, size_pt) > width:
            pieces.append(current)
            current = char
        else:
            current += char
    if current:
        pieces.append(current)
    return pieces


def wrap(text: str, face: FontFace, size_pt: float, width: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` mm; paragraphs (newlines) are kept."""
    lines: list[str] = []
    space = _width_mm(" ", face, size_pt)
    for paragraph in text.split("\n"):
        words = [w for w in paragraph.split(" ") if w]
        if not words:
            lines.append("")
            continue
        current, current_width = "", 0.0
        for word in words:
            word_width = _width_mm(word, face, size_pt)
            if word_width > width:
                if current:
                    lines.append(current)
                *full, current = _break_word(word, face, size_pt, width)
                lines.extend(full)
                current_width = _width_mm(current, face, size_pt)
                continue
            if not current:
                current, current_width = word, word_width
            elif current_width + space + word_width <= width:
                current += " " + word
                current_width += space + word_width
            else:
                lines.append(current)
                current, current_width = word, word_width
        lines.append(current)
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _truncate(line: str, face: FontFace, size_pt: float, width: float) -> str:
    while line and _width_mm(line + ELLIPSIS, face, size_pt) > width:
        line = line[:-1].rstrip()
    return line + ELLIPSIS


def _sizes(size: float, min_size: float):
    """From ``size`` down to ``min_size`` by quarter points, ``min_size`` itself last (never skipped)."""
    current = size
    while current > min_size + 1e-9:
        yield current
        current = round(current - STEP_PT, 4)
    yield min_size


def _room(height: float, size_pt: float, lead: float, max_lines: int | None) -> int:
    """How many lines of ``size_pt`` the box's height holds (at most ``max_lines``)."""
    room = max(1, int((height - size_pt * PT_MM) / lead + 1e-6) + 1) if height > 0 else 0
    return room if max_lines is None else min(room, max_lines)


def _fits(text, face, width, height, sizes, line_height, max_lines):
    for current in sizes:
        lead = current * PT_MM * line_height
        lines = wrap(text, face, current, width)
        if len(lines) <= _room(height, current, lead, max_lines) and current * PT_MM <= height + 1e-6:
            return FittedText(tuple(lines), current, lead, False)
    return None


def fit_text(
    text: str,
    face: FontFace,
    *,
    width: float,
    height: float,
    size: float,
    min_size: float,
    line_height: float = 1.2,
    max_lines: int | None = None,
) -> FittedText:
    """``text`` in the box: shrink first, then wrap, and only then overflow.

    1. Shrink: the largest size from ``size`` down to ``min_size`` (itself included) at which the text
       fits in ``max_lines`` lines (a name on its one line; a rules text wraps in its box as it always does).
    2. Wrap: when even ``min_size`` does not fit in ``max_lines`` lines, the text may take more lines,
       as many as the box's height holds, at the largest size that fits.
    3. Overflow: when nothing fits, the lines that fit are kept at ``min_size``, the last one ends
       with an ellipsis, and ``overflow`` is true.
    """
    min_size = min(min_size, size)
    fitted = _fits(text, face, width, height, _sizes(size, min_size), line_height, max_lines)
    if fitted is None and max_lines is not None:
        fitted = _fits(text, face, width, height, _sizes(size, min_size), line_height, None)
    if fitted is not None:
        return fitted
    lead = min_size * PT_MM * line_height
    lines = wrap(text, face, min_size, width)
    room = _room(height, min_size, lead, None)
    kept = lines[:room] if room else []
    if kept:
        kept[-1] = _truncate(kept[-1], face, min_size, width)
    return FittedText(tuple(kept), min_size, lead, True)
