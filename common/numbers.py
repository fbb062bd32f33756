"""Numbers as the reader writes them: a percentage in French or Russian is ``33,8 %`` (decimal
comma, a no-break space before the sign), in English ``33.8%``.

The rules core writes percentages in one plain form (``rules.odds.percent``: "33.8%", "< 0.1%");
the pages show them through :func:`percent`, in the active language's formats.
"""

from __future__ import annotations

from django.utils import formats
from django.utils.translation import get_language

# Languages that set a (no-break) space between a number and its percent sign.
SPACED_PERCENT = frozenset({"fr", "ru"})


def percent(text: str) -> str:
    """``"33.8%"`` (or ``"< 0.1%"``) in the reader's locale: ``"33,8 %"`` in French."""
    text = str(text)
    if not text.endswith("%"):
        return text
    separator = formats.get_format("DECIMAL_SEPARATOR")
    number = text[:-1].rstrip()
    if separator != ".":
        number = number.replace(".", separator)
    language = (get_language() or "en").split("-")[0]
    return f"{number}\u00a0%" if language in SPACED_PERCENT else f"{number}%"


def whole_percent(part: int, total: int) -> str:
    """``part`` of ``total`` as a whole percentage, in the reader's locale ("" when total is 0)."""
    return percent(f"{round(100 * part / total)}%") if total else ""


def short_number(value: float) -> str:
    """``value`` in the reader's locale, with one decimal when it has one (20, 2.5; « 2,5 »)."""
    value = round(value, 1)
    return formats.number_format(value, decimal_pos=0 if value == int(value) else 1, use_l10n=True)


def ascii_whole(text: object, *, digits: int = 18) -> int | None:
    """The whole number ``text`` writes in ASCII digits (``"12"``), else None: Python's ``int`` and
    ``str.isdigit`` also read fullwidth and other scripts' digits (``"１２"``, ``"١٢"``), signs,
    underscores and spaces, none of which a query's number is. At most ``digits`` digits."""
    if not isinstance(text, str) or not 0 < len(text) <= digits or not (text.isascii() and text.isdigit()):
        return None
    return int(text)
