"""Revision changes ({field: {before, after}}) as rows people can read.

Short values read best as "before -> after"; a long text or the effects read
best as one text with the removed words struck through and the added ones
marked, so a reviewer sees what moved without comparing two paragraphs.
Pure Python: the templates only lay the rows out.
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass
from typing import Any

# Above this many characters on either side, a change is shown as one text with the edits marked.
INLINE_LIMIT = 60
_TOKENS = re.compile(r"\s+|[^\s]+")


@dataclass(frozen=True, slots=True)
class Segment:
    """A piece of an inline diff: ``op`` is "equal", "delete" or "insert"."""

    op: str
    text: str


@dataclass(frozen=True, slots=True)
class ChangeRow:
    field: str
    before: str
    after: str
    # Set for long values: the after text with the deleted and inserted pieces marked.
    segments: tuple[Segment, ...] = ()

    @property
    def inline(self) -> bool:
        return bool(self.segments)


def is_blank(value: Any) -> bool:
    return value is None or value == "" or value == [] or value == {}


def show(value: Any) -> str:
    """A value as people read it in a card's history."""
    if is_blank(value):
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return ", ".join(value)
    if isinstance(value, (list, dict)):
        return json.dumps(value, ensure_ascii=False, indent=1)
    return str(value)


def word_diff(before: str, after: str) -> tuple[Segment, ...]:
    """``before`` turned into ``after``, word by word (spaces kept)."""
    old, new = _TOKENS.findall(before), _TOKENS.findall(after)
    segments: list[Segment] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if op == "equal":
            segments.append(Segment("equal", "".join(old[i1:i2])))
            continue
        if op in ("delete", "replace"):
            segments.append(Segment("delete", "".join(old[i1:i2])))
        if op in ("insert", "replace"):
            segments.append(Segment("insert", "".join(new[j1:j2])))
    return tuple(segments)


def change_rows(changes: dict[str, dict[str, Any]], *, created: bool = False) -> list[ChangeRow]:
    """The rows of one revision, in the order of ``changes``.

    ``created``: the revision made the card, so blank and "no" values are not
    worth a row (everything went from nothing to its first value).
    """
    rows = []
    for name, change in changes.items():
        before, after = change.get("before"), change.get("after")
        if created and is_blank(before) and (is_blank(after) or after is False):
            continue
        before_text, after_text = show(before), show(after)
        long = max(len(before_text), len(after_text)) > INLINE_LIMIT
        segments = word_diff("" if is_blank(before) else before_text, "" if is_blank(after) else after_text) if long and not created else ()
        rows.append(ChangeRow(name, before_text, after_text, segments))
    return rows
