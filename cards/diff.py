"""Field-by-field differences between two versions of a card, for reviewers.

Pure: two cards in the interchange format (``card_to_dict``, or a revision's
``snapshot``) in, a JSON-ready description out. Each changed key is one entry,
with its ``kind`` so a page can show it the right way:

* ``card``: name, type, set; ``game``: the rule set's own fields;
* ``text``: before, after, and word-level ``ops`` (equal / delete / insert);
* ``archetypes``: before, after, ``added``, ``removed`` (printed labels);
* ``effects``: one entry per effect, matched by ``effectId`` (or ``id``), else by
  position, each with its structured ``changes`` (path, before, after), never
  a string diff of the JSON;
* ``other``: any other key (artwork, once cards carry it), as a structured diff;
* ``workflow``: status and provenance.

``before`` None means the card was never VALIDATED: ``{"newCard": true}``.

The same words-level diff also lays out a revision's ``changes``
(``{field: {before, after}}``) as rows people read in a card's history
(:func:`change_rows`): short values as "before -> after", long ones as one
text with the removed words struck through and the added ones marked.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from common.labels import LABELS, label_with_code

CARD_KEYS = ("name", "type", "set")
WORKFLOW_KEYS = ("status", "origin", "creationMethod", "userModified")
SPECIAL_KEYS = ("text", "archetypes", "effects")
IGNORED_KEYS = ("stableCardId",)
_TOKENS = re.compile(r"\s+|\w+|[^\w\s]", re.UNICODE)


def field_changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Each key whose value differs, as ``{"before": ..., "after": ...}``: what a revision stores."""
    keys = [*before, *(k for k in after if k not in before)]
    return {
        k: {"before": before.get(k), "after": after.get(k)} for k in keys if before.get(k) != after.get(k)
    }


def card_diff(
    before: Mapping[str, Any] | None, after: Mapping[str, Any], *, game_fields: Sequence[str] | None = None
) -> dict:
    """What changed from ``before`` to ``after``.

    ``game_fields`` names the rule set's fields (in its order); other unknown
    keys are kind ``other``. Without it, every unknown key is a game field.
    """
    if before is None:
        return {"newCard": True, "changed": True, "fields": []}
    known = set(CARD_KEYS) | set(WORKFLOW_KEYS) | set(SPECIAL_KEYS) | set(IGNORED_KEYS)
    extra = [k for k in [*before, *(k for k in after if k not in before)] if k not in known]
    if game_fields is None:
        games, others = extra, []
    else:
        games = [k for k in game_fields if k in before or k in after]
        others = [k for k in extra if k not in game_fields]
    entries: list[dict] = []
    for key in CARD_KEYS:
        entries += _scalar(key, "card", before, after)
    for key in games:
        entries += _scalar(key, "game", before, after)
    entries += _text(before, after)
    entries += _archetypes(before, after)
    entries += _effects(before, after)
    for key in others:
        entries += _structured(key, before, after)
    for key in WORKFLOW_KEYS:
        entries += _scalar(key, "workflow", before, after)
    return {"newCard": False, "changed": bool(entries), "fields": entries}


def _scalar(key: str, kind: str, before: Mapping, after: Mapping) -> list[dict]:
    old, new = before.get(key), after.get(key)
    if same(old, new):
        return []
    entry = {"key": key, "kind": kind, "before": old, "after": new}
    if isinstance(old, (list, Mapping)) or isinstance(new, (list, Mapping)):
        entry["changes"] = json_diff(old, new)
    return [entry]


def _text(before: Mapping, after: Mapping) -> list[dict]:
    old, new = before.get("text") or "", after.get("text") or ""
    if old == new:
        return []
    return [{"key": "text", "kind": "text", "before": old, "after": new, "ops": text_ops(old, new)}]


@dataclass(frozen=True, slots=True)
class Segment:
    """A piece of an inline diff: ``op`` is "equal", "delete" or "insert"."""

    op: str
    text: str


def text_ops(old: str, new: str) -> list[dict]:
    """Word-level edit operations turning ``old`` into ``new`` (whitespace and punctuation kept)."""
    a, b = _TOKENS.findall(old), _TOKENS.findall(new)
    ops: list[dict] = []

    def add(op: str, tokens: list[str]) -> None:
        if not tokens:
            return
        text = "".join(tokens)
        if ops and ops[-1]["op"] == op:
            ops[-1]["text"] += text
        else:
            ops.append({"op": op, "text": text})

    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            add("equal", a[i1:i2])
        else:
            add("delete", a[i1:i2])
            add("insert", b[j1:j2])
    return ops


def text_segments(old: str, new: str) -> tuple[Segment, ...]:
    """:func:`text_ops` as segments, for templates."""
    return tuple(Segment(op["op"], op["text"]) for op in text_ops(old, new))


def _archetypes(before: Mapping, after: Mapping) -> list[dict]:
    old, new = list(before.get("archetypes") or []), list(after.get("archetypes") or [])
    if old == new:
        return []
    return [
        {
            "key": "archetypes",
            "kind": "archetypes",
            "before": old,
            "after": new,
            "added": [a for a in new if a not in old],
            "removed": [a for a in old if a not in new],
        }
    ]


def _effect_id(effect: Any) -> Any:
    if isinstance(effect, Mapping):
        for key in ("effectId", "id"):
            value = effect.get(key)
            if isinstance(value, (str, int)) and not isinstance(value, bool):
                return value
    return None


def _keys(effects: list) -> list[tuple]:
    ids = [_effect_id(e) for e in effects]
    return [("id", i) if i is not None and ids.count(i) == 1 else ("index", n) for n, i in enumerate(ids)]


def effects_diff(old: list, new: list) -> list[dict]:
    """Per effect: added, removed, changed (with structured changes) or moved; unchanged effects are left out."""
    old_keys, new_keys = _keys(old), _keys(new)
    old_by_key = {key: (n, effect) for n, (key, effect) in enumerate(zip(old_keys, old, strict=True))}
    out: list[dict] = []
    for n, (key, effect) in enumerate(zip(new_keys, new, strict=True)):
        ident = key[1] if key[0] == "id" else _effect_id(effect)
        if key not in old_by_key:
            out.append(
                {
                    "effectId": ident,
                    "index": n,
                    "change": "added",
                    "before": None,
                    "after": effect,
                    "changes": [],
                }
            )
            continue
        m, previous = old_by_key[key]
        if not same(previous, effect):
            out.append(
                {
                    "effectId": ident,
                    "index": n,
                    "change": "changed",
                    "before": previous,
                    "after": effect,
                    "changes": json_diff(previous, effect),
                }
            )
        elif m != n:
            out.append(
                {
                    "effectId": ident,
                    "index": n,
                    "fromIndex": m,
                    "change": "moved",
                    "before": previous,
                    "after": effect,
                    "changes": [],
                }
            )
    seen = set(new_keys)
    for m, (key, effect) in enumerate(zip(old_keys, old, strict=True)):
        if key not in seen:
            ident = key[1] if key[0] == "id" else _effect_id(effect)
            out.append(
                {
                    "effectId": ident,
                    "index": m,
                    "change": "removed",
                    "before": effect,
                    "after": None,
                    "changes": [],
                }
            )
    return out


def _effects(before: Mapping, after: Mapping) -> list[dict]:
    old, new = list(before.get("effects") or []), list(after.get("effects") or [])
    if same(old, new):
        return []
    return [{"key": "effects", "kind": "effects", "effects": effects_diff(old, new)}]


def _structured(key: str, before: Mapping, after: Mapping) -> list[dict]:
    old, new = before.get(key), after.get(key)
    if same(old, new):
        return []
    return [{"key": key, "kind": "other", "before": old, "after": new, "changes": json_diff(old, new)}]


def json_diff(old: Any, new: Any, path: str = "") -> list[dict]:
    """Structured differences of two JSON values: ``{"path", "change", "before", "after"}`` per leaf.

    Objects are compared key by key and lists position by position; ``change``
    is ``added``, ``removed`` or ``changed``. Paths look like ``cost.amount`` or
    ``actions[1].stat``; the empty path is the value itself.
    """
    if isinstance(old, Mapping) and isinstance(new, Mapping):
        out: list[dict] = []
        for key in [*old, *(k for k in new if k not in old)]:
            sub = f"{path}.{key}" if path else str(key)
            if key not in new:
                out.append({"path": sub, "change": "removed", "before": old[key], "after": None})
            elif key not in old:
                out.append({"path": sub, "change": "added", "before": None, "after": new[key]})
            else:
                out += json_diff(old[key], new[key], sub)
        return out
    if isinstance(old, list) and isinstance(new, list):
        out = []
        for i in range(max(len(old), len(new))):
            sub = f"{path}[{i}]"
            if i >= len(new):
                out.append({"path": sub, "change": "removed", "before": old[i], "after": None})
            elif i >= len(old):
                out.append({"path": sub, "change": "added", "before": None, "after": new[i]})
            else:
                out += json_diff(old[i], new[i], sub)
        return out
    if old == new and type(old) is type(new):
        return []
    return [{"path": path, "change": "changed", "before": old, "after": new}]


def same(old: Any, new: Any) -> bool:
    """Equal as JSON values (``true`` is not ``1``)."""
    return not json_diff(old, new)


# --- a revision's changes as rows people read (the card history) ------------------------------------
# Above this many characters on either side, a change is shown as one text with the edits marked.
INLINE_LIMIT = 60


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


def show(value: Any, key: str | None = None) -> str:
    """A value as people read it in a card's history; a status or provenance (``key``) in words with its
    code ("Validated (VALIDATED)")."""
    if key in LABELS and isinstance(value, str) and value:
        return label_with_code(value, key)
    if is_blank(value):
        return "—"
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return ", ".join(value)
    if isinstance(value, (list, dict)):
        return json.dumps(value, ensure_ascii=False, indent=1)
    return str(value)


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
        before_text, after_text = show(before, name), show(after, name)
        long = max(len(before_text), len(after_text)) > INLINE_LIMIT
        segments = (
            text_segments("" if is_blank(before) else before_text, "" if is_blank(after) else after_text)
            if long and not created
            else ()
        )
        rows.append(ChangeRow(name, before_text, after_text, segments))
    return rows
