"""Face templates: how a game's cards are laid out, as data (the JSON Schema and its vocabulary).

A template is plain JSON: the card's size in millimetres, the fonts by role, a
palette of named colours that the card's own values (type, clan, domains,
faction...) override layer by layer, the labels printed for coded values, and
a list of regions drawn in order (panels, text, the artwork, pips). Every
region's box is in millimetres from the card's top-left corner. Colours are
``#rgb``, ``#rrggbb``, ``#rrggbbaa``, ``none`` or ``@name`` (a colour of the
card's palette). Text content names card data with ``{field}`` placeholders,
never numbers of its own: card text and stats always come from the card.

Languages: the labels and the fixed words a template prints (``words``, named in
content as ``{@word}``: Vanguard's ``{@power} {power}``) are written in the
template's ``language`` (default: its game's), and each other language's in
``translations`` (``{"en": {"labels": {...}, "words": {...}}}``). A translation
gives every label and word that has letters (a symbol, ★ or ☀, needs none), so
the face drawn in a language prints all its labels in that language: they never
mix. :func:`localized` picks them for a face's language.

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
# A fixed word of the template in content: {@power} is the template's word "power" in the face's language.
WORD = re.compile(r"\{@([A-Za-z][A-Za-z0-9_]*)\}")
LANGUAGE_PATTERN = r"^[a-z]{2,3}$"
NAME_PATTERN = r"^[A-Za-z][A-Za-z0-9_-]*$"

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
_labels = {
    "type": "object",
    "additionalProperties": {"type": "object", "additionalProperties": {"type": "string"}},
}
_words = {
    "type": "object",
    "propertyNames": {"pattern": NAME_PATTERN},
    "additionalProperties": {"type": "string"},
}
_translation = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"labels": _labels, "words": _words},
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
        # A named card size (CARD_SIZES): the card's trim, and the size a print shop's preset prints.
        "cardSize": {"type": "string"},
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
        # The language of its labels and words (default: the game's), and the other languages'.
        "language": {"type": "string", "pattern": LANGUAGE_PATTERN},
        "labels": _labels,
        "words": _words,
        "translations": {
            "type": "object",
            "propertyNames": {"pattern": LANGUAGE_PATTERN},
            "additionalProperties": _translation,
        },
        "regions": {"type": "array", "items": _region, "minItems": 1},
        "back": _side,
    },
}


# The card sizes a template may name (``cardSize``): width and height in millimetres, as the trade
# publishes them (the inch sizes exactly: poker 2.5 x 3.5 in, bridge 2.25 x 3.5 in, mini 1.75 x 2.5 in).
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "tarot": (70.0, 120.0),
    "mini": (44.45, 63.5),
    "euro-poker": (59.0, 92.0),
}
# A template without ``cardSize`` prints as the named size within this of its own (63 x 88 mm: poker).
NEAREST_SIZE_MM = 1.0


def card_size(template: Mapping[str, Any]) -> tuple[float, float]:
    """The card's (width, height) in millimetres: its named ``cardSize``, else its ``size``."""
    named = template.get("cardSize")
    if isinstance(named, str) and named in CARD_SIZES:
        return CARD_SIZES[named]
    size = template.get("size") or {}
    return float(size.get("width", CARD_WIDTH_MM)), float(size.get("height", CARD_HEIGHT_MM))


def card_size_name(template: Mapping[str, Any]) -> str | None:
    """The named size the template's card is: its ``cardSize``, else the size within
    ``NEAREST_SIZE_MM`` of its width and height (the studio's 63 x 88 mm cards are poker cards),
    else None."""
    named = template.get("cardSize")
    if isinstance(named, str) and named in CARD_SIZES:
        return named
    width, height = card_size(template)
    for name, (w, h) in CARD_SIZES.items():
        if abs(w - width) <= NEAREST_SIZE_MM and abs(h - height) <= NEAREST_SIZE_MM:
            return name
    return None


def safe_zone_crossings(template: Mapping[str, Any], safe_mm: float) -> list[tuple[str, float]]:
    """The text regions of ``template`` whose box comes closer than ``safe_mm`` to an edge of the trim,
    each with its distance to the nearest edge (mm, negative when it runs past the edge), in
    template order. A print shop cuts within its safe zone: text there may be cut."""
    width, height = card_size(template)
    found: list[tuple[str, float]] = []
    for region in template.get("regions", []) or []:
        if not isinstance(region, Mapping) or region.get("kind") != "text":
            continue
        box = region.get("box") or {}
        try:
            x, y, w, h = (float(box[k]) for k in ("x", "y", "w", "h"))
        except (KeyError, TypeError, ValueError):
            continue
        distance = min(x, y, width - (x + w), height - (y + h))
        if distance < safe_mm - 1e-9:
            found.append((str(region.get("id", "")), round(distance, 2)))
    return found


def placeholders(content: str | list[str] | None) -> list[tuple[str, str | None]]:
    """The (field, filter) pairs that a region's content names."""
    if content is None:
        return []
    parts = [content] if isinstance(content, str) else content
    return [(m.group(1), m.group(2)) for part in parts for m in PLACEHOLDER.finditer(part)]


def words_of(content: str | list[str] | None) -> list[str]:
    """The template words (``{@word}``) that a region's content names."""
    if content is None:
        return []
    parts = [content] if isinstance(content, str) else content
    return [m.group(1) for part in parts if isinstance(part, str) for m in WORD.finditer(part)]


def has_letters(text: str) -> bool:
    """Whether a label or word is written in a language (a symbol such as ★ or ☀ is not)."""
    return any(c.isalpha() for c in text)


def template_language(template: Mapping[str, Any], default: str) -> str:
    """The language the template's own labels and words are written in."""
    language = template.get("language")
    return language if isinstance(language, str) and language else default


def template_languages(template: Mapping[str, Any], default: str) -> tuple[str, ...]:
    """Every language the template prints its labels and words in: its own first."""
    own = template_language(template, default)
    others = sorted(k for k in (template.get("translations") or {}) if k != own)
    return (own, *others)


def missing_translations(template: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(language, what) for each label or word with letters that a translation does not give:
    ``("en", "labels.type.LEADER")``, ``("fr", "words.power")``. Empty: the labels never mix."""
    labels = template.get("labels") or {}
    words = template.get("words") or {}
    missing = []
    for language, given in sorted((template.get("translations") or {}).items()):
        if not isinstance(given, Mapping):
            continue
        their_labels = given.get("labels") or {}
        their_words = given.get("words") or {}
        for table, values in labels.items():
            if not isinstance(values, Mapping):
                continue
            for value, label in values.items():
                if (
                    isinstance(label, str)
                    and has_letters(label)
                    and value not in (their_labels.get(table) or {})
                ):
                    missing.append((language, f"labels.{table}.{value}"))
        for name, word in words.items():
            if isinstance(word, str) and has_letters(word) and name not in their_words:
                missing.append((language, f"words.{name}"))
    return missing


def localized(template: Mapping[str, Any], language: str, *, default: str) -> dict[str, Any]:
    """The template as a face in ``language`` reads it: ``labels`` and ``words`` in that language
    (each translated one over the template's own: symbols stay), ``language`` the one they are in
    (the template's own when it has none for ``language``). A shallow copy: regions are shared."""
    own = template_language(template, default)
    translations = template.get("translations") or {}
    labels = template.get("labels") or {}
    words = template.get("words") or {}
    if language != own and isinstance(translations.get(language), Mapping):
        given = translations[language]
        their_labels = given.get("labels") or {}
        labels = {table: {**values, **(their_labels.get(table) or {})} for table, values in labels.items()}
        words = {**words, **(given.get("words") or {})}
        own = language
    return {**template, "labels": labels, "words": words, "language": own}
