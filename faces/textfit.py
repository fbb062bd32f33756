"""Fitting text in a box: wrap on word boundaries, shrink down to a minimum size, else say it overflows.

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
    """The largest size from ``size`` down to ``min_size`` at which ``text`` fits the box.

    When it does not fit even at ``min_size``, the lines that fit are kept, the
    last one ends with an ellipsis, and ``overflow`` is true.
    """
    min_size = min(min_size, size)
    current = size
    while True:
        lead = current * PT_MM * line_height
        lines = wrap(text, face, current, width)
        room = max(1, int((height - current * PT_MM) / lead + 1e-6) + 1) if height > 0 else 0
        if max_lines is not None:
            room = min(room, max_lines)
        fits_height = len(lines) <= room and current * PT_MM <= height + 1e-6
        if fits_height:
            return FittedText(tuple(lines), current, lead, False)
        if current - STEP_PT < min_size - 1e-9:
            break
        current = round(current - STEP_PT, 4)
    kept = lines[:room] if room else []
    if kept:
        kept[-1] = _truncate(kept[-1], face, current, width)
    return FittedText(tuple(kept), current, current * PT_MM * line_height, True)
