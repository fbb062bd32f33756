"""The card sizes a face template may name (``cardSize``, rules.face_template.CARD_SIZES), in words
for the template editor: its choice beside the rows, and what choosing one does to the template."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.face_template import CARD_SIZES, card_size, card_size_name

NAMES = {
    "poker": gettext_lazy("Poker"),
    "bridge": gettext_lazy("Bridge"),
    "tarot": gettext_lazy("Tarot"),
    "mini": gettext_lazy("Mini"),
    "euro-poker": gettext_lazy("Euro poker"),
}
INCHES = {"poker": (2.5, 3.5), "bridge": (2.25, 3.5), "mini": (1.75, 2.5)}  # the sizes published in inches


def _mm(value: float) -> str:
    return f"{value:g}"


def label(name: str) -> str:
    """``Poker, 63.5 × 88.9 mm (2.5 × 3.5 in)``."""
    width, height = CARD_SIZES[name]
    text = _("%(name)s, %(width)s × %(height)s mm") % {
        "name": NAMES[name],
        "width": _mm(width),
        "height": _mm(height),
    }
    if name in INCHES:
        text += " " + _("(%(width)s × %(height)s in)") % {
            "width": _mm(INCHES[name][0]),
            "height": _mm(INCHES[name][1]),
        }
    return text


def choices() -> list[tuple[str, str]]:
    return [(name, label(name)) for name in CARD_SIZES]


def current(data: dict[str, Any]) -> dict[str, Any]:
    """What the editor shows: the template's named size (or none) and its card's size in words."""
    width, height = card_size(data)
    named = data.get("cardSize") if data.get("cardSize") in CARD_SIZES else None
    prints_as = card_size_name(data)
    return {
        "name": named or "",
        "prints_as": label(prints_as) if prints_as else "",
        "size": _("%(width)s × %(height)s mm") % {"width": _mm(width), "height": _mm(height)},
    }


def apply(data: dict[str, Any], value: str | None) -> dict[str, Any]:
    """The template with the size chosen: a named size sets ``cardSize`` and ``size`` (its width and
    height); an empty choice leaves the size to ``size``; an unknown name is kept for the validator
    to refuse, with the sizes allowed."""
    if value is None:
        return data
    value = value.strip()
    if not value:
        data.pop("cardSize", None)
        return data
    data["cardSize"] = value
    if value in CARD_SIZES:
        width, height = CARD_SIZES[value]
        data["size"] = {"width": width, "height": height}
    return data
