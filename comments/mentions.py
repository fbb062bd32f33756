"""``@username`` in a comment's body: who it names, and the body as plain text with its links."""

from __future__ import annotations

import re

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

# Django's usernames hold letters, digits and @ . + - _; a mention ends before a final full stop.
MENTION = re.compile(r"(?<![\w@.+-])@([\w.@+-]+)")
LINK = re.compile(r"https?://[^\s<>\"']+", re.IGNORECASE)
# A link ends before the punctuation that closes a sentence around it.
TRAILING = ".,;:!?)]}»"


def mentioned_names(body: str) -> set[str]:
    return {
        match.group(1).rstrip(".") for match in MENTION.finditer(body or "") if match.group(1).rstrip(".")
    }


def rendered(body: str, known: set[str] = frozenset()) -> SafeString:
    """``body`` as HTML: every character escaped (no HTML of the author's reaches a page), its links
    made links (http and https only) and its mentions of ``known`` usernames marked."""
    out: list[str] = []
    position = 0
    for match in LINK.finditer(body):
        url = match.group(0).rstrip(TRAILING)
        out.append(_mentions(body[position : match.start()], known))
        out.append(format_html('<a href="{}" rel="nofollow noopener" target="_blank">{}</a>', url, url))
        position = match.start() + len(url)
    out.append(_mentions(body[position:], known))
    return mark_safe("".join(out))


def _mentions(text: str, known: set[str]) -> str:
    out: list[str] = []
    position = 0
    for match in MENTION.finditer(text):
        name = match.group(1).rstrip(".")
        if name not in known:
            continue
        out.append(escape(text[position : match.start()]))
        out.append(format_html('<span class="mention">@{}</span>', name))
        position = match.start() + 1 + len(name)
    out.append(escape(text[position:]))
    return "".join(out)
