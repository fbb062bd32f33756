"""Face templates: how a game's cards are laid out, as data (the JSON Schema and its vocabulary).

A template is plain JSON: the card's size in millimetres, the fonts by role, a
palette of named colours that the card's own values (type, clan, domains,
faction...) override layer by layer, the labels printed for coded values, and
a list of regions drawn in order (panels, text, the artwork, pips). Every
region's box is in millimetres from the card's top-left corner. Colours are
``#rgb``, ``#rrggbb``, ``#rrggbbaa``, ``none`` or ``@name`` (a colour of the
card's palette). Text content names card data with ``{field}`` placeholders,
never numbers of its own: card text and stats always come from the card.

Pure: no Django, no I/O. :mod:`faces.template` validates against this schema
and adds the checks a schema cannot say (boxes inside the card, known
placeholders, palette references); :mod:`faces.render` draws it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

# Finding codes of faces (card findings: field "artwork", or the field whose text is cut).
# A card without artwork is no mistake: it gets a clean placeholder and no finding.
TEXT_OVERFLOW = "TEXT_OVERFLOW"  # warning: text still too long for its box at the minimum size
ARTWORK_UNREADABLE = (
    "ARTWORK_UNREADABLE"  # warning: the primary artwork does not decode; a placeholder is drawn
)
# warning: the primary artwork has fewer pixels than the art box needs at 300 dpi (it prints blurred)
ARTWORK_LOW_RESOLUTION = "ARTWORK_LOW_RESOLUTION"
# Template errors (faces.template.validate_template): a code per kind of mistake.
TEMPLATE_INVALID = "TEMPLATE_INVALID"

# Poker size, unless a game's template says otherwise.
CARD_WIDTH_MM = 63.0
CARD_HEIGHT_MM = 88.0

# The families shipped in faces/fonts (free licences, Latin, Cyrillic, Greek and symbols),
# with the weights and styles each has.
FONT_FAMILIES: Mapping[str, tuple[tuple[str, str], ...]] = {
    "Noto Sans": (("normal", "normal"), ("bold", "normal"), ("normal", "italic")),
    "Noto Serif": (("normal", "normal"), ("bold", "normal")),
    "DejaVu Sans": (("normal", "normal"), ("bold", "normal")),
}

REGION_KINDS = ("panel", "text", "art", "pips")
SHAPES = ("rect", "ellipse", "hexagon", "diamond", "banner", "shield")
ALIGNS = ("left", "center", "right")
VALIGNS = ("top", "middle", "bottom")
FITS = ("cover", "contain")
# Filters a placeholder may name: {level|stars}, {name|upper}, {archetypes|join}, {power|thousands}.
FILTERS = ("stars", "upper", "join", "thousands", "label", "raw")
# Keys every card has, beside its game's fields.
CARD_KEYS = ("name", "type", "set", "text", "archetypes", "stableCardId")

COLOR_PATTERN = r"^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|none|@[A-Za-z][A-Za-z0-9_-]*)$"
PLACEHOLDER = re.compile(r"\{([A-Za-z][A-Za-z0-9_]*)(?:\|([A-Za-z][A-Za-z0-9_]*))?\}")

_number = {"type": "number"}
_color = {"type": "string", "pattern": COLOR_PATTERN}
_nonneg = {"type": "number", "minimum": 0}
_size_pt = {"type": "number", "exclusiveMinimum": 0, "maximum": 72}
_box = {
    "type": "object",
    "additionalProperties": False,
    "required": ["x", "y", "w", "h"],
    "properties": {"x": _number, "y": _number, "w": _nonneg, "h": _nonneg},
}
_palette = {
    "type": "object",
    "propertyNames": {"pattern": r"^[A-Za-z][A-Za-z0-9_-]*$"},
    "additionalProperties": _color,
}
_content = {
    "oneOf": [
        {"type": "string"},
        {"type": "array", "items": {"type": "string"}, "minItems": 1},
    ]
}
_when = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "types": {"type": "array", "items": {"type": "string"}},
        "notTypes": {"type": "array", "items": {"type": "string"}},
        "field": {"type": "string"},
        "present": {"type": "boolean"},
        "equals": {},
        "in": {"type": "array"},
        "notIn": {"type": "array"},
    },
}
_region = {
    "type": "object",
    "additionalProperties": False,
    "required": ["id", "kind", "box"],
    "properties": {
        "id": {"type": "string", "minLength": 1},
        "kind": {"enum": list(REGION_KINDS)},
        "box": _box,
        "when": _when,
        "shape": {"enum": list(SHAPES)},
        "radius": _nonneg,
        "fill": _color,
        "fill2": _color,
        "stroke": _color,
        "strokeWidth": _nonneg,
        "opacity": {"type": "number", "minimum": 0, "maximum": 1},
        # text
        "content": _content,
        "separator": {"type": "string"},
        "font": {"type": "string"},
        "size": _size_pt,
        "minSize": _size_pt,
        "color": _color,
        "align": {"enum": list(ALIGNS)},
        "valign": {"enum": list(VALIGNS)},
        "maxLines": {"type": "integer", "minimum": 1},
        "lineHeight": {"type": "number", "minimum": 0.8, "maximum": 3},
        "padding": _nonneg,
        "upper": {"type": "boolean"},
        # art
        "fit": {"enum": list(FITS)},
        "emblem": {"type": "string"},
        # pips
        "field": {"type": "string"},
        "colors": _palette,
    },
}
_font = {
    "type": "object",
    "additionalProperties": False,
    "required": ["family"],
    "properties": {
        "family": {"type": "string"},
        "weight": {"enum": ["normal", "bold"]},
        "style": {"enum": ["normal", "italic"]},
    },
}
_layer = {
    "type": "object",
    "additionalProperties": False,
    "required": ["field", "values"],
    "properties": {
        "field": {"type": "string"},
        # A list field with two values (riftbound's domains) blends the two palettes.
        "split": {"type": "boolean"},
        "values": {"type": "object", "additionalProperties": _palette},
    },
}
_side = {
    "type": "object",
    "additionalProperties": False,
    "required": ["regions"],
    "properties": {"palette": _palette, "regions": {"type": "array", "items": _region}},
}

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Card face template",
    "type": "object",
    "additionalProperties": False,
    "required": ["game", "fonts", "palette", "regions"],
    "properties": {
        "game": {"type": "string"},
        "name": {"type": "string"},
        "size": {
            "type": "object",
            "additionalProperties": False,
            "required": ["width", "height"],
            "properties": {
                "width": {"type": "number", "minimum": 20, "maximum": 300},
                "height": {"type": "number", "minimum": 20, "maximum": 300},
            },
        },
        "cornerRadius": {"type": "number", "minimum": 0, "maximum": 10},
        "fonts": {
            "type": "object",
            "propertyNames": {"pattern": r"^[A-Za-z][A-Za-z0-9_-]*$"},
            "additionalProperties": _font,
            "minProperties": 1,
        },
        "palette": _palette,
        "frame": {
            "type": "object",
            "additionalProperties": False,
            "properties": {"layers": {"type": "array", "items": _layer}},
        },
        "labels": {
            "type": "object",
            "additionalProperties": {"type": "object", "additionalProperties": {"type": "string"}},
        },
        "regions": {"type": "array", "items": _region, "minItems": 1},
        "back": _side,
    },
}


def card_size(template: Mapping[str, Any]) -> tuple[float, float]:
    """The card's (width, height) in millimetres."""
    size = template.get("size") or {}
    return float(size.get("width", CARD_WIDTH_MM)), float(size.get("height", CARD_HEIGHT_MM))


def placeholders(content: str | list[str] | None) -> list[tuple[str, str | None]]:
    """The (field, filter) pairs that a region's content names."""
    if content is None:
        return []
    parts = [content] if isinstance(content, str) else content
    return [(m.group(1), m.group(2)) for part in parts for m in PLACEHOLDER.finditer(part)]
