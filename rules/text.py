"""Text helpers shared by every game: folding for search, canonical keys, "citing X".

Card data is French and Russian: folding removes case and accents so that
"echange equivalent" finds "Échange équivalent", and leaves Cyrillic letters
(lower-cased) as they are.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable

_LIGATURES = str.maketrans({"œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE", "’": "'", "‘": "'", "ʼ": "'"})
# Й/й keep their breve: in Russian it is a distinct letter, not an accent.
_KEEP_COMBINING_AFTER = {"и": "\u0306", "И": "\u0306"}
_SPACES = re.compile(r"\s+")


def fold(text: str) -> str:
    """Lower-case, accent-free, single-spaced form of ``text`` for comparisons."""
    if not text:
        return ""
    if text.isascii():
        # Nothing to decompose, join or strip: the same result as _fold_letter_by_letter in a
        # quarter of the time (casefold is lower on ASCII).
        return _SPACES.sub(" ", text.lower()).strip()
    return _fold_letter_by_letter(text)


# The same few names are folded again and again (a table's intents fold each card of a hand for every
# candidate): a pure function of its text, the recent ones kept.
@functools.lru_cache(maxsize=2048)
def _fold_letter_by_letter(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.translate(_LIGATURES))
    out = []
    previous = ""
    for char in text:
        if unicodedata.combining(char):
            if _KEEP_COMBINING_AFTER.get(previous) == char:
                out.append(char)
            continue
        out.append(char)
        previous = char
    folded = unicodedata.normalize("NFC", "".join(out)).casefold()
    return _SPACES.sub(" ", folded).strip()


_AMPERSAND = re.compile(r"\s*&\s*")
_PUNCTUATION = re.compile(r"([^\w\s&])")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
# Characters no card text may hold: the C0 and C1 controls, DEL and the two non-characters XML
# forbids (a face is SVG: one of them and it is not well-formed). Tab, line feed and carriage
# return are kept where a field has lines (:func:`control_character`, ``lines=True``).
_UNPRINTABLE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffe\uffff]")
_UNPRINTABLE_ON_ONE_LINE = re.compile(r"[\x00-\x1f\x7f-\x9f\ufffe\uffff]")


def control_character(text: str, *, lines: bool = False) -> tuple[int, str] | None:
    """The first character of ``text`` no card may hold, as (its index, ``U+001B``), or None.

    ``lines``: the field has lines (a card's text), so tab, line feed and carriage return are kept."""
    found = (_UNPRINTABLE if lines else _UNPRINTABLE_ON_ONE_LINE).search(text)
    if found is None:
        return None
    return found.start(), f"U+{ord(found.group()):04X}"


def search_fold(text: str) -> str:
    """The searchable form of ``text``: folded, its words between single spaces, padded with a space.

    Punctuation stands apart (" l ' agent ") so that a whole word is `` word `` and a
    word start is `` wo``; names joined by "&" are glued into one token
    ("chianti&korn"), so that a component of a composite name is not a word of
    its own. With these, "citing X" (:func:`cites`) is a plain substring test,
    ``search_fold(X) in search_fold(text)``, that a database index can answer.
    """
    folded = _CONTROL.sub(" ", fold(text))
    folded = _PUNCTUATION.sub(r" \1 ", _AMPERSAND.sub("&", folded))
    folded = _SPACES.sub(" ", folded).strip()
    return f" {folded} " if folded else ""


def search_terms(query: str) -> list[str]:
    """The folded words of a free-text query; every one must be found."""
    return [word for word in fold(query).split(" ") if word]


def canonical_key(label: str) -> str:
    """The canonical key of a printed label: upper case, no accents, words joined by '_'.

    Distinct labels keep distinct keys ("Lycéen" LYCEEN, "Lycéenne" LYCEENNE,
    "Lycéen(ne)" LYCEEN_NE); only a rule set's explicit aliases merge keys.
    """
    return re.sub(r"[^0-9a-zа-яё\u0306]+", "_", fold(label)).strip("_").upper()


def key_words(key: object) -> str:
    """A key read as words, for a label nobody declared: ``NORMAL_UNIT`` -> ``Normal unit``."""
    return str(key or "").replace("_", " ").capitalize()


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, to quote what a user sent in a message."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


_QUOTES = "\"'«»“”„‹›"


def strip_quotes(text: str) -> str:
    text = text.strip()
    while len(text) >= 2 and text[0] in _QUOTES and text[-1] in _QUOTES:
        text = text[1:-1].strip()
    return text


def cites(x: str, haystacks: Iterable[str]) -> bool:
    """Whether a card whose title and text are ``haystacks`` cites ``x``.

    The seed's meaning: « citant X » searches X in the title OR the effect text, as whole words,
    ignoring case and accents. Quotes around X change nothing (a citation stays a citation). A
    composite character ("Chianti & Korn") is its own identity: an occurrence joined to another
    name by "&" does not cite either component, so "Chianti" does not match "Chianti & Korn".

    It is the search's own test, on the :func:`search_fold` forms, so that a deck's rules and the
    studio's ``cites:`` search (which a database index answers) never disagree: spacing around
    punctuation is not part of a name ("J.J" cites "J. J").
    """
    needle = cited_form(x)
    if not needle:
        return False
    return any(needle in search_fold(haystack or "") for haystack in haystacks)


def cited_form(x: str) -> str:
    """What a citation of ``x`` is looked for as, in :func:`search_fold` forms: X without its quotes,
    folded and padded (empty for no name). :func:`cites` and the ``cites:`` search both use it."""
    return search_fold(strip_quotes(x))
