"""French typography in the French catalogues (issue 25, item 7).

Usage: scripts/french-typography [--check] [PO ...] (this file, run by .venv/bin/python)
(default: locale/fr/LC_MESSAGES/django.po and djangojs.po).

Every French ``msgstr`` (each plural form too) gets a no-break space where French puts a space:

- before ``:`` a no-break space, U+00A0;
- before ``;``, ``!`` and ``?`` a narrow no-break space, U+202F;
- after ``«`` and before ``»`` a no-break space, U+00A0.

That is the Imprimerie nationale's usage (Lexique des règles typographiques): the colon and the
guillemets take a word space that does not break, the three other marks a thin one. A plain space
there becomes that character, a no-break space of the other width is made the chosen one, and a
mark glued to a letter, a digit, a closing parenthesis or a placeholder (``%(n)s``, ``{{ n }}``)
gets one. Only plain spaces are touched: a line break before a mark stays.

A mark is punctuation only where it ends a phrase: ``:`` followed by a space or the end of the
string (``arch:GADGET``, ``12:30``, ``%s:%s``, ``::`` are not), ``; ! ?`` followed by a space, the
end, or a closing ``) » " ’ <`` (``?lang=fr``, ``!=`` are not). Nothing is changed inside a URL
(``scheme://...``), an HTML tag or attribute, an HTML entity (``&amp;``), a placeholder
(``%(name)s``, ``%s``, ``{{ }}``, ``{% %}``, ``{name}``), code (in backquotes, ``<code>``,
``<kbd>``, ``<pre>``, ``<samp>``), a Markdown link's address, or an ASCII ``...``. A query key
written as syntax (``order:``, ``lang:``: a lowercase word glued to its colon that the English
msgid writes the same way) keeps its colon glued. msgids (English) are never changed.

An entry that must keep its plain punctuation carries the translator comment
``french-typography: keep`` (``# french-typography: keep`` above it in the .po; msgmerge keeps
translator comments); the script and tests/i18n/test_french_typography.py leave it alone.

The script is idempotent. ``--check`` changes nothing, lists every entry it would change and
exits 1 if there is one. After a change, run ``manage.py compilecatalogues``.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CATALOGUES = [
    ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.po",
    ROOT / "locale" / "fr" / "LC_MESSAGES" / "djangojs.po",
]
KEEP = "french-typography: keep"

NBSP = "\u00a0"  # before ':' and inside « »
NNBSP = "\u202f"  # before ; ! ?
SPACES = " " + NBSP + NNBSP
BEFORE = {":": NBSP, ";": NNBSP, "!": NNBSP, "?": NNBSP}

# Spans no rule may touch, in the order they are tried.
PROTECTED = re.compile(
    r"""
      <(code|kbd|pre|samp)\b[^>]*>.*?</\1\s*>   # code
    | `[^`]*`                                   # code in backquotes
    | <[^>]*>                                   # a tag and its attributes
    | \{\{.*?\}\} | \{%.*?%\} | \{[A-Za-z_][\w.]*\}   # template and format placeholders
    | %\([A-Za-z_]\w*\)[-#0 +]*\d*(?:\.\d+)?[sdifrxXeEgGc%]   # %(name)s
    | %[-#0 +]*\d*(?:\.\d+)?[sdifrxXeEgGc%]     # %s %d %%
    | [A-Za-z][A-Za-z0-9+.-]*://[^\s<>"»]*      # a URL
    | \]\([^)\s]*\)                             # a Markdown link's address
    | &(?:[A-Za-z]+|\#\d+|\#x[0-9A-Fa-f]+);     # an HTML entity
    | \.\.\.                                    # ASCII ellipsis
    | ::                                        # '::'
    """,
    re.VERBOSE | re.DOTALL | re.IGNORECASE,
)
# What may stand right before a mark that has no space: a letter, a digit, ')' or a placeholder.
GLUED = re.compile(r"[^\W_]|\)")
PLACEHOLDER_END = re.compile(r"(%\([A-Za-z_]\w*\)[-#0 +]*\d*(?:\.\d+)?[sdifrxXeEgGc]|%[sd]|\}\})$")
QUERY_KEY = re.compile(r"(?<![\w.:/%)-])([a-z][a-z_]*)$")


def _protected_spans(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in PROTECTED.finditer(text)]


def _inside(pos: int, spans: list[tuple[int, int]]) -> bool:
    return any(start <= pos < end for start, end in spans)


def _is_punctuation(text: str, i: int) -> bool:
    mark = text[i]
    after = text[i + 1] if i + 1 < len(text) else ""
    before_space = i > 0 and text[i - 1] in SPACES
    if mark == ":":
        # A colon glued to what follows is syntax (t:unit, 12:30, %s:%s); a spaced one is French.
        return after == "" or after.isspace() or (before_space and after in "<\"'»)")
    return after == "" or after.isspace() or after in ")»\"'’<" or (before_space and after in ".,")


def fix(msgstr: str, msgid: str = "") -> str:
    """msgstr with French spacing; msgid (English) tells a query key's colon from punctuation."""
    spans = _protected_spans(msgstr)
    out: list[str] = []
    i = 0
    n = len(msgstr)
    while i < n:
        ch = msgstr[i]
        if _inside(i, spans):
            out.append(ch)
            i += 1
            continue
        if ch in BEFORE and _is_punctuation(msgstr, i):
            space = BEFORE[ch]
            # the spaces already written before the mark (plain or no-break), not a line break
            j = len(out)
            while j > 0 and out[j - 1] in SPACES:
                j -= 1
            if j < len(out):
                if j > 0:  # never a no-break space at the start of a string
                    out[j:] = [space]
            elif out:
                head = "".join(out)
                key = QUERY_KEY.search(head)
                syntax = key is not None and f"{key.group(1)}{ch}" in msgid
                if not syntax and (GLUED.match(out[-1]) or PLACEHOLDER_END.search(head)):
                    out.append(space)
            out.append(ch)
            i += 1
            continue
        if ch == "«":
            out.append(ch)
            k = i + 1
            while k < n and msgstr[k] in SPACES:
                k += 1
            if k < n and msgstr[k] not in "\n»":
                out.append(NBSP)
            i = k
            continue
        if ch == "»":
            j = len(out)
            while j > 0 and out[j - 1] in SPACES:
                j -= 1
            if j > 0 and out[j - 1] not in "\n«":
                out[j:] = [NBSP]
            out.append(ch)
            i += 1
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def keeps_plain(entry: polib.POEntry) -> bool:
    return KEEP in (entry.tcomment or "") or KEEP in (entry.comment or "")


def entry_forms(entry: polib.POEntry) -> list[tuple[str, str]]:
    """(key, msgstr) of each translated form: ('', msgstr) or (str(index), msgstr[index])."""
    if entry.msgid_plural:
        return [(str(k), v) for k, v in sorted(entry.msgstr_plural.items())]
    return [("", entry.msgstr)]


def fix_entry(entry: polib.POEntry) -> bool:
    """Fix one entry in place; True when it changed."""
    if keeps_plain(entry) or entry.obsolete:
        return False
    changed = False
    msgid = entry.msgid + "\n" + (entry.msgid_plural or "")
    if entry.msgid_plural:
        for k, v in list(entry.msgstr_plural.items()):
            new = fix(v, msgid)
            if new != v:
                entry.msgstr_plural[k] = new
                changed = True
    elif entry.msgstr:
        new = fix(entry.msgstr, msgid)
        if new != entry.msgstr:
            entry.msgstr = new
            changed = True
    return changed


def offending(po: polib.POFile) -> list[polib.POEntry]:
    """The entries fix_entry would change (the catalogue is left as it was)."""
    found = []
    for entry in po:
        if keeps_plain(entry) or entry.obsolete:
            continue
        msgid = entry.msgid + "\n" + (entry.msgid_plural or "")
        if any(v and fix(v, msgid) != v for _, v in entry_forms(entry)):
            found.append(entry)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; list what would change, exit 1")
    parser.add_argument("catalogues", nargs="*", type=Path)
    args = parser.parse_args(argv)
    paths = args.catalogues or [p for p in DEFAULT_CATALOGUES if p.exists()]
    total = 0
    for path in paths:
        po = polib.pofile(str(path), wrapwidth=79)
        if args.check:
            bad = offending(po)
            for entry in bad:
                where = entry.occurrences[0] if entry.occurrences else ("", "")
                shown = " | ".join(v for _, v in entry_forms(entry))
                print(f"{path}:{entry.linenum}: {where[0]}:{where[1]} {shown!r}")
            total += len(bad)
        else:
            n = sum(fix_entry(entry) for entry in po)
            if n:
                po.save(str(path))
            print(f"{path}: {n} entries changed")
            total += n
    if args.check and total:
        print(
            f"{total} French entries break the typography rule; run scripts/french-typography",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
