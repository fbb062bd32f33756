"""Validating face templates, and each game's default one.

:func:`validate_template` reports every mistake of a template at its path
(``regions[3].box``), with what is allowed there: the JSON Schema of
:mod:`rules.face_template` first (unknown keys, wrong kinds of values, colours
that are not colours), then what a schema cannot say (a region outside the
card, a font that is not shipped, a placeholder that names no field of the
game, a palette colour that does not exist). An empty list means the template
can be stored and drawn.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator

from rules import get_ruleset
from rules.face_template import (
    CARD_KEYS,
    CARD_SIZES,
    COLOR_PATTERN,
    FILTERS,
    FONT_FAMILIES,
    LANGUAGE_PATTERN,
    SCHEMA,
    card_size,
    missing_translations,
    placeholders,
    words_of,
)
from rules.registry import UnknownGame, registry

COLOR_FORMS = ("#rgb", "#rrggbb", "#rrggbbaa", "none", "@name (a colour of the palette)")
TOLERANCE_MM = 0.05


@dataclass(frozen=True, slots=True)
class TemplateError:
    path: str  # e.g. regions[3].box ("" for the template itself)
    message: str
    allowed: tuple[str, ...] = field(default=())
    # What kind of mistake (the system checks' ids follow it): schema | outside | font | "" (the rest).
    kind: str = field(default="", compare=False)

    def to_dict(self) -> dict:
        return {"path": self.path, "message": self.message, "allowed": list(self.allowed)}

    def __str__(self) -> str:
        where = f"{self.path}: " if self.path else ""
        hint = f" (allowed: {', '.join(self.allowed)})" if self.allowed else ""
        return f"{where}{self.message}{hint}"


def path_of(parts) -> str:
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


@cache
def _validator() -> Draft202012Validator:
    Draft202012Validator.check_schema(SCHEMA)
    return Draft202012Validator(SCHEMA)


def _schema_at(parts) -> Mapping[str, Any]:
    """The subschema that governs the value at ``parts`` (enough for objects, arrays and maps)."""
    node: Mapping[str, Any] = SCHEMA
    for part in parts:
        if isinstance(part, int):
            node = node.get("items", {})
        elif part in node.get("properties", {}):
            node = node["properties"][part]
        else:
            extra = node.get("additionalProperties")
            node = extra if isinstance(extra, Mapping) else {}
    return node


def _schema_errors(data: Any) -> list[TemplateError]:
    return [replace(e, kind="schema") for e in _schema_errors_of(data)]


def _schema_errors_of(data: Any) -> list[TemplateError]:
    errors: list[TemplateError] = []
    for err in _validator().iter_errors(data):
        parts = list(err.absolute_path)
        kind = err.validator
        if kind == "additionalProperties" and isinstance(err.instance, Mapping):
            known = tuple(err.schema.get("properties", {}))
            for key in sorted(set(err.instance) - set(known)):
                errors.append(TemplateError(path_of([*parts, key]), f"unknown key {key!r}", known))
        elif kind == "required":
            errors.append(TemplateError(path_of(parts), err.message.replace("'", "", 0)))
        elif kind == "enum":
            errors.append(
                TemplateError(
                    path_of(parts),
                    f"{err.instance!r} is not allowed here",
                    tuple(str(v) for v in err.validator_value),
                )
            )
        elif kind == "pattern" and err.validator_value == COLOR_PATTERN:
            errors.append(TemplateError(path_of(parts), f"{err.instance!r} is not a colour", COLOR_FORMS))
        elif kind == "pattern" and err.validator_value == LANGUAGE_PATTERN:
            errors.append(
                TemplateError(
                    path_of(parts), f"{err.instance!r} is not a language code", ("en", "fr", "ru", "...")
                )
            )
        elif kind == "pattern":
            errors.append(
                TemplateError(
                    path_of(parts), f"{err.instance!r} is not a valid name", ("letters, digits, _ and -",)
                )
            )
        elif kind == "type":
            errors.append(
                TemplateError(path_of(parts), f"{err.instance!r} is not {_kind(err.validator_value)}")
            )
        elif kind == "oneOf":
            errors.append(TemplateError(path_of(parts), "content is a text or a list of texts"))
        else:
            errors.append(TemplateError(path_of(parts), err.message))
    return errors


def _kind(expected) -> str:
    names = {
        "object": "an object",
        "array": "a list",
        "string": "a text",
        "number": "a number",
        "integer": "a whole number",
        "boolean": "true or false",
    }
    if isinstance(expected, list):
        return " or ".join(names.get(e, e) for e in expected)
    return names.get(expected, expected)


def _fields_of(game: str) -> tuple[str, ...]:
    return (*CARD_KEYS, *get_ruleset(game).field_names())


def _check_region(
    errors: list[TemplateError],
    where: str,
    region: Mapping[str, Any],
    *,
    size: tuple[float, float],
    fonts: Mapping[str, Any],
    colors: set[str],
    fields: tuple[str, ...],
    types: tuple[str, ...],
    labels: set[str],
    words: set[str],
    literal: bool = False,
) -> None:
    box = region.get("box") or {}
    width, height = size
    try:
        x, y, w, h = (float(box[k]) for k in ("x", "y", "w", "h"))
    except (KeyError, TypeError, ValueError):
        pass
    else:
        if (
            x < -TOLERANCE_MM
            or y < -TOLERANCE_MM
            or x + w > width + TOLERANCE_MM
            or y + h > height + TOLERANCE_MM
        ):
            errors.append(
                TemplateError(
                    f"{where}.box",
                    f"the region ({x:g}, {y:g}, {w:g} x {h:g} mm) is outside the card",
                    (f"x from 0 and x + w up to {width:g}", f"y from 0 and y + h up to {height:g}"),
                    kind="outside",
                )
            )
    role = region.get("font")
    if role is not None and role not in fonts:
        errors.append(
            TemplateError(f"{where}.font", f"no font {role!r} in the template's fonts", tuple(fonts))
        )
    for key in ("fill", "fill2", "stroke", "color"):
        value = region.get(key)
        if isinstance(value, str) and value.startswith("@") and value[1:] not in colors:
            errors.append(
                TemplateError(
                    f"{where}.{key}", f"the palette has no colour {value[1:]!r}", tuple(sorted(colors))
                )
            )
    for name, value in (region.get("colors") or {}).items():
        if isinstance(value, str) and value.startswith("@") and value[1:] not in colors:
            errors.append(
                TemplateError(
                    f"{where}.colors.{name}",
                    f"the palette has no colour {value[1:]!r}",
                    tuple(sorted(colors)),
                )
            )
    for word in words_of(region.get("content")):
        if word not in words:
            errors.append(
                TemplateError(
                    f"{where}.content",
                    f"{{@{word}}} names no word of the template's words",
                    tuple(sorted(words)),
                )
            )
    if not literal:
        for key, flt in placeholders(region.get("content")):
            if key not in fields:
                errors.append(
                    TemplateError(f"{where}.content", f"{{{key}}} names no field of the card", fields)
                )
            if flt is not None and flt not in FILTERS and flt not in labels:
                errors.append(
                    TemplateError(
                        f"{where}.content", f"{{{key}|{flt}}}: no such filter", (*FILTERS, *sorted(labels))
                    )
                )
        for key in ("field",):
            value = region.get(key)
            if value is not None and value not in fields:
                errors.append(TemplateError(f"{where}.{key}", f"{value!r} is no field of the card", fields))
    when = region.get("when") or {}
    if when.get("field") is not None and when["field"] not in fields:
        errors.append(
            TemplateError(f"{where}.when.field", f"{when['field']!r} is no field of the card", fields)
        )
    for key in ("types", "notTypes"):
        for i, value in enumerate(when.get(key) or []):
            if value not in types:
                errors.append(
                    TemplateError(f"{where}.when.{key}[{i}]", f"{value!r} is not a card type", types)
                )
    size_pt, min_pt = region.get("size"), region.get("minSize")
    if isinstance(size_pt, int | float) and isinstance(min_pt, int | float) and min_pt > size_pt:
        errors.append(
            TemplateError(
                f"{where}.minSize", f"the minimum size {min_pt:g} pt is above the size {size_pt:g} pt"
            )
        )


def _check_translations(errors: list[TemplateError], data: Mapping[str, Any]) -> None:
    """Each translation gives every label and word with letters (so a face's labels never mix
    languages), and nothing the template itself does not print."""
    translations = data.get("translations")
    labels = data.get("labels")
    words = data.get("words")
    if not isinstance(translations, Mapping) or not all(
        isinstance(x, Mapping) for x in (labels or {}, words or {})
    ):
        return
    if not all(isinstance(t, Mapping) for t in translations.values()):
        return
    for language, what in missing_translations(data):
        errors.append(
            TemplateError(
                f"translations.{language}.{what.split('.', 1)[0]}",
                f"the {language} translation does not give {what}: a face in {language} would mix languages",
            )
        )
    for language, given in translations.items():
        if language == data.get("language"):
            errors.append(
                TemplateError(
                    f"translations.{language}",
                    f"{language} is the template's own language: its labels and words are the template's",
                )
            )
        for table, values in (given.get("labels") or {}).items():
            own = (labels or {}).get(table)
            if not isinstance(own, Mapping):
                errors.append(
                    TemplateError(
                        f"translations.{language}.labels.{table}",
                        f"the template has no labels {table!r}",
                        tuple(sorted(labels or {})),
                    )
                )
                continue
            for value in values:
                if value not in own:
                    errors.append(
                        TemplateError(
                            f"translations.{language}.labels.{table}.{value}",
                            f"the template's labels {table!r} have no {value!r}",
                            tuple(sorted(own)),
                        )
                    )
        for name in given.get("words") or {}:
            if name not in (words or {}):
                errors.append(
                    TemplateError(
                        f"translations.{language}.words.{name}",
                        f"the template has no word {name!r}",
                        tuple(sorted(words or {})),
                    )
                )


def validate_template(data: Any, *, game: str | None = None) -> list[TemplateError]:
    """Every error of ``data`` as a face template (of ``game``, else of the game it names)."""
    errors = _schema_errors(data)
    if not isinstance(data, Mapping):
        return errors or [TemplateError("", "a template is an object")]
    game_key = game if game is not None else data.get("game")
    if game is not None and data.get("game") not in (None, game):
        errors.append(
            TemplateError("game", f"this is the template of {game}, not {data.get('game')!r}", (game,))
        )
    try:
        ruleset = get_ruleset(game_key)
    except UnknownGame:
        errors.append(TemplateError("game", f"unknown game {game_key!r}", tuple(registry.keys())))
        return sorted(errors, key=lambda e: e.path)
    fields = _fields_of(ruleset.key)
    types = tuple(ruleset.card_types)
    fonts = data.get("fonts") if isinstance(data.get("fonts"), Mapping) else {}
    for role, spec in fonts.items():
        if not isinstance(spec, Mapping):
            continue
        family = spec.get("family")
        if family not in FONT_FAMILIES:
            errors.append(
                TemplateError(
                    f"fonts.{role}.family",
                    f"no font {family!r} ships with the studio",
                    tuple(FONT_FAMILIES),
                    kind="font",
                )
            )
            continue
        styles = FONT_FAMILIES[family]
        wanted = (spec.get("weight", "normal"), spec.get("style", "normal"))
        if wanted not in styles:
            errors.append(
                TemplateError(
                    f"fonts.{role}",
                    f"{family} has no {wanted[0]} {wanted[1]} face",
                    tuple(f"{w} {s}" for w, s in styles),
                    kind="font",
                )
            )
    palette = data.get("palette") if isinstance(data.get("palette"), Mapping) else {}
    colors = set(palette)
    labels = set(data.get("labels") or {}) if isinstance(data.get("labels"), Mapping) else set()
    frame = data.get("frame") if isinstance(data.get("frame"), Mapping) else {}
    for i, layer in enumerate(frame.get("layers") or []):
        if isinstance(layer, Mapping) and layer.get("field") is not None and layer["field"] not in fields:
            errors.append(
                TemplateError(
                    f"frame.layers[{i}].field", f"{layer['field']!r} is no field of the card", fields
                )
            )
    _check_card_size(errors, data)
    size = card_size(data) if isinstance(data.get("size", {}), Mapping) else (63.0, 88.0)
    words = set(data.get("words") or {}) if isinstance(data.get("words"), Mapping) else set()
    _check_translations(errors, data)
    common = dict(size=size, fonts=fonts, fields=fields, types=types, labels=labels, words=words)
    ids: set[str] = set()
    for i, region in enumerate(data.get("regions") or []):
        if not isinstance(region, Mapping):
            continue
        if region.get("id") in ids:
            errors.append(TemplateError(f"regions[{i}].id", f"two regions are called {region.get('id')!r}"))
        ids.add(region.get("id"))
        _check_region(errors, f"regions[{i}]", region, colors=colors, **common)
    back = data.get("back") if isinstance(data.get("back"), Mapping) else {}
    back_colors = colors | set(back.get("palette") or {})
    for i, region in enumerate(back.get("regions") or []):
        if isinstance(region, Mapping):
            _check_region(errors, f"back.regions[{i}]", region, colors=back_colors, literal=True, **common)
    unique = {(e.path, e.message): e for e in errors}
    return sorted(unique.values(), key=lambda e: e.path)


def _check_card_size(errors: list[TemplateError], data: Mapping) -> None:
    """``cardSize`` names one of CARD_SIZES; a ``size`` beside it says the same width and height."""
    named = data.get("cardSize")
    if named is None:
        return
    if not isinstance(named, str) or named not in CARD_SIZES:
        errors.append(TemplateError("cardSize", f"no card size {named!r}", tuple(CARD_SIZES), kind="schema"))
        return
    size = data.get("size")
    width, height = CARD_SIZES[named]
    if (
        isinstance(size, Mapping)
        and isinstance(size.get("width"), int | float)
        and isinstance(size.get("height"), int | float)
        and (abs(size["width"] - width) > 0.01 or abs(size["height"] - height) > 0.01)
    ):
        errors.append(
            TemplateError(
                "size",
                f"the size is {size['width']:g} x {size['height']:g} mm but cardSize {named} is "
                f"{width:g} x {height:g} mm: give that size, or leave size out",
                (f"{width:g} x {height:g}",),
            )
        )


def template_for(game: str) -> dict:
    """A copy of the default face template of ``game``'s rule set (UnknownGame when there is none)."""
    return copy.deepcopy(dict(get_ruleset(game).face_template_data()))
