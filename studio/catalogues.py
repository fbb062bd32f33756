"""The translation catalogues: where they are, compiling them without gettext, reading their entries.

The ``.po`` files under ``locale/<lang>/LC_MESSAGES/`` are the sources; the ``.mo`` files beside them
are committed, compiled by ``manage.py compilecatalogues`` with polib (a fresh machine has no
``msgfmt``). ``make messages`` (README, Translations) extracts the strings and compiles.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from django.conf import settings
from django.utils.translation import to_locale

DOMAINS = ("django", "djangojs")

# %(name)s, %s, %d, %r... and %% (kept as a pair); python-brace-format is not used by the studio.
_PLACEHOLDER = re.compile(r"%(?:\([^)]*\))?[#0 +-]*\d*(?:\.\d+)?[sdifgeExXorc%]")


def locale_dirs() -> list[Path]:
    """The project's locale directories (LOCALE_PATHS, else ``BASE_DIR/locale``)."""
    paths = [Path(p) for p in settings.LOCALE_PATHS]
    return paths or [Path(settings.BASE_DIR) / "locale"]


def po_files(languages: Iterable[str] | None = None) -> list[Path]:
    """Every ``<lang>/LC_MESSAGES/<domain>.po`` of the project (of ``languages`` when given)."""
    wanted = None if languages is None else {to_locale(code) for code in languages}
    found = []
    for root in locale_dirs():
        for path in sorted(root.glob("*/LC_MESSAGES/*.po")):
            if path.stem in DOMAINS and (wanted is None or path.parent.parent.name in wanted):
                found.append(path)
    return found


def compile_po(po_path: Path) -> bytes:
    """The ``.mo`` bytes polib makes of ``po_path`` (translated entries only: no fuzzy, no empty)."""
    import polib

    return polib.pofile(str(po_path)).to_binary()


def entries(catalogue) -> dict[tuple[str, str, str], str | tuple[str, ...]]:
    """A polib catalogue's translated entries: (context, msgid, msgid_plural) -> msgstr or its forms."""
    out: dict[tuple[str, str, str], str | tuple[str, ...]] = {}
    for entry in catalogue.translated_entries():
        key = (entry.msgctxt or "", entry.msgid, entry.msgid_plural or "")
        if entry.msgid_plural:
            out[key] = tuple(entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural))
        else:
            out[key] = entry.msgstr
    return out


def placeholders(text: str) -> list[str]:
    """The printf placeholders of ``text``, sorted (``%(n)s`` twice counts twice; ``%%`` is not one)."""
    return sorted(p for p in _PLACEHOLDER.findall(text) if p != "%%")


def tags(text: str) -> list[str]:
    """The HTML tags of ``text``, sorted (a translation keeps the same markup, in its own order)."""
    return sorted(re.findall(r"</?[a-zA-Z][^>]*>", text))


def nplurals(catalogue) -> int:
    """The number of plural forms the catalogue's Plural-Forms header declares."""
    match = re.search(r"nplurals\s*=\s*(\d+)", catalogue.metadata.get("Plural-Forms", ""))
    return int(match.group(1)) if match else 2
