"""Find the user-facing strings of a Django template that no translation tag holds.

The template is cut by Django's own lexer. ``{% translate %}`` tags and
``{% blocktranslate %}...{% endblocktranslate %}`` blocks are taken as
translated; every other tag and variable becomes an opaque placeholder. What is
left is HTML, read by the standard library's parser: a text node, or a
user-facing attribute (``title``, ``placeholder``, ``aria-label``, ``alt``,
``hx-confirm``, a submit input's ``value``...), that still holds a letter once the
placeholders are gone is a string outside a translation tag.

Not words, so not reported: symbols and numbers (``×``, ``→``, ``42``), text
inside ``<script>``, ``<style>``, ``<code>``, ``<kbd>``, ``<samp>`` and any element
marked ``translate="no"`` (code keys, game data, the product's name).

Literal strings inside tags are checked too where they reach the page: the
arguments of ``default``/``default_if_none``/``yesno`` and the user-facing
keywords of ``{% include ... with title="..." %}`` must be ``_("...")``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from django.template.base import Lexer, TokenType

PLACEHOLDER = (
    " "  # a space: a tag inside an HTML tag (`<tr{% if a %} class="b"{% endif %}>`) keeps it readable
)
LETTER = re.compile(r"[^\W\d_]")

#: Attributes whose value a reader sees or hears.
TEXT_ATTRIBUTES = frozenset(
    {
        "title",
        "placeholder",
        "alt",
        "label",
        "aria-label",
        "aria-description",
        "aria-placeholder",
        "aria-roledescription",
        "aria-valuetext",
        "hx-confirm",
        "hx-prompt",
        "data-confirm",
    }
)
#: Elements whose text is not prose: code, key names, scripts.
SKIPPED_ELEMENTS = frozenset({"script", "style", "code", "kbd", "samp", "template"})
#: ``{% include ... with NAME="..." %}`` keywords that end up on the page.
TEXT_KWARGS = frozenset(
    {"title", "caption", "label", "help", "heading", "text", "message", "placeholder", "empty", "hint"}
)
TEXT_FILTERS = ("default", "default_if_none", "yesno")

_TRANSLATE = re.compile(r"^(translate|trans)\b")
_BLOCKTRANSLATE = re.compile(r"^(blocktranslate|blocktrans)\b")
_ENDBLOCKTRANSLATE = re.compile(r"^(endblocktranslate|endblocktrans)\b")
_FILTER_LITERAL = re.compile(r"\|(" + "|".join(TEXT_FILTERS) + r"):(\"[^\"]*\"|'[^']*')")
_KWARG_LITERAL = re.compile(r"\b([a-z_]+)=(\"[^\"]*\"|'[^']*')")


@dataclass(frozen=True)
class Untranslated:
    line: int
    where: str  # "text", an attribute's name, or the tag argument
    text: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.where}: {self.text!r}"


#: Names, not words: the same in every language.
PROPER_NAMES = ("Card Studio", "SVG", "PNG", "PDF", "JSON")
#: A file's extension (a link text such as ``.json``) is not a word either.
EXTENSION = re.compile(r"(?<!\w)\.[a-z0-9]{2,5}\b")
#: Nor a code with a digit and no small letter: card ids (``DR-002*3``), sizes (``A4``).
CODE = re.compile(r"(?<!\S)(?=\S*\d)[^\sa-z]+(?!\S)")


def _words(text: str) -> str | None:
    """The text without placeholders, when it holds a letter outside a proper name."""
    bare = " ".join(text.replace(PLACEHOLDER, " ").split())
    letters = bare
    for name in PROPER_NAMES:
        letters = letters.replace(name, "")
    letters = CODE.sub("", EXTENSION.sub("", letters))
    return bare if LETTER.search(letters) else None


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[Untranslated] = []
        self.skipping: list[str] = []

    def handle_starttag(self, tag, attrs):
        self._attributes(tag, attrs)
        nested = bool(self.skipping) and tag == self.skipping[-1]
        starts = not self.skipping and (tag in SKIPPED_ELEMENTS or dict(attrs).get("translate") == "no")
        if nested or starts:
            self.skipping.append(tag)

    def handle_startendtag(self, tag, attrs):
        self._attributes(tag, attrs)

    def handle_endtag(self, tag):
        if self.skipping and tag == self.skipping[-1]:
            self.skipping.pop()

    def handle_data(self, data):
        if self.skipping:
            return
        words = _words(data)
        if words:
            self.found.append(Untranslated(self.getpos()[0], "text", words))

    def _attributes(self, tag, attrs):
        attributes = dict(attrs)
        for name, value in attrs:
            if value is None:
                continue
            # A <button>'s value is sent, never shown; an <input type="submit">'s is its label.
            shown = name in TEXT_ATTRIBUTES or (
                name == "value" and tag == "input" and attributes.get("type") in {"submit", "button", "reset"}
            )
            words = _words(value) if shown else None
            if words:
                self.found.append(Untranslated(self.getpos()[0], name, words))


def _literal_arguments(contents: str, line: int, block: bool) -> list[Untranslated]:
    found = []
    for match in _FILTER_LITERAL.finditer(contents):
        words = _words(match.group(2)[1:-1])
        if words:
            found.append(Untranslated(line, f"|{match.group(1)}", words))
    if block and contents.startswith("include"):
        for match in _KWARG_LITERAL.finditer(contents):
            words = _words(match.group(2)[1:-1])
            if words and match.group(1) in TEXT_KWARGS:
                found.append(Untranslated(line, f"with {match.group(1)}=", words))
    return found


def skeleton(source: str) -> tuple[str, list[Untranslated]]:
    """The template's HTML with every tag and variable a placeholder, and the
    literal strings of tags that reach the page untranslated.

    Lines are kept, so the HTML parser's line numbers are the template's."""
    parts: list[str] = []
    found: list[Untranslated] = []
    in_blocktranslate = False
    in_comment = False
    for token in Lexer(source).tokenize():
        raw = source[token.position[0] : token.position[1]] if token.position else token.contents
        newlines = "\n" * raw.count("\n")
        contents = token.contents
        if in_comment:
            if token.token_type == TokenType.BLOCK and contents == "endcomment":
                in_comment = False
            parts.append(newlines)
            continue
        if in_blocktranslate:
            if token.token_type == TokenType.BLOCK and _ENDBLOCKTRANSLATE.match(contents):
                in_blocktranslate = False
            parts.append(newlines)
            continue
        if token.token_type == TokenType.TEXT:
            parts.append(contents)
            continue
        if token.token_type == TokenType.COMMENT:
            parts.append(newlines)
            continue
        if token.token_type == TokenType.BLOCK:
            if contents == "comment" or contents.startswith("comment "):
                in_comment = True
            elif _BLOCKTRANSLATE.match(contents):
                in_blocktranslate = True
            elif not _TRANSLATE.match(contents):
                found += _literal_arguments(contents, token.lineno, block=True)
        else:
            found += _literal_arguments(contents, token.lineno, block=False)
        parts.append(PLACEHOLDER + newlines)
    return "".join(parts), found


def untranslated(source: str) -> list[Untranslated]:
    """Every user-facing string of the template outside a translation tag."""
    html, found = skeleton(source)
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return sorted(found + reader.found, key=lambda u: u.line)


def templates(root: Path) -> list[Path]:
    return sorted(root.rglob("*.html"))
