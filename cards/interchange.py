"""The card interchange format of FORMATS.md, in and out.

One parser serves every way a card comes in (card-set files, the API, the
admin): it checks every key, collects every error as a finding that names the
field, and never stops at the first one.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings

from rules import CardData, Finding, UnknownGame, get_ruleset, registry
from rules.findings import error
from rules.problems import Problem, invalid, problem
from rules.text import control_character, shown

from .models import Card, CreationMethod, Origin, Status

COMMON_KEYS = (
    "stableCardId",
    "name",
    "type",
    "set",
    "text",
    "archetypes",
    "effects",
    "origin",
    "creationMethod",
    "userModified",
    "status",
)
# Keys the API adds to a card; accepted (and ignored) on input so that what
# was read can be written back.
READ_ONLY_KEYS = ("game", "version", "archetypeKeys", "createdAt", "updatedAt", "findings")
# Optional keys of a card beside the common ones (FORMATS.md v1.2): the language of its printed
# texts when it is not its rule set's, and its translations (read by cards.imports).
SOURCE_LANGUAGE_KEY, TRANSLATIONS_KEY = "sourceLanguage", "translations"
OPTIONAL_KEYS = (SOURCE_LANGUAGE_KEY, TRANSLATIONS_KEY)

STABLE_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
STABLE_ID_HELP = "1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit"
NAME_MAX_LENGTH = 200
SET_MAX_LENGTH = 64
TEXT_MAX_LENGTH = 20_000
ARCHETYPE_MAX_LENGTH = 100
ARCHETYPES_MAX = 20


@dataclass
class CardInput:
    """A card as read from outside, shape-checked and ready to store."""

    game: str
    name: str
    type: str
    stable_id: str | None = None
    set_code: str = ""
    text: str = ""
    archetypes: list[str] = field(default_factory=list)
    effects: list[dict] = field(default_factory=list)
    origin: str = Origin.USER
    creation_method: str = CreationMethod.IMPORTED
    user_modified: bool = False
    status: str = Status.DRAFT
    game_fields: dict[str, Any] = field(default_factory=dict)
    # The language of its printed texts; "": its rule set's.
    source_language: str = ""
    # The keys present in the input (the others took their defaults).
    given: frozenset[str] = frozenset()
    # Its translations as the file gives them (language -> parsed values), read by cards.imports.
    translations: dict[str, dict[str, Any]] = field(default_factory=dict)

    def content(self) -> dict[str, Any]:
        """The stored values, keyed by model field name."""
        return {
            "name": self.name,
            "type": self.type,
            "set_code": self.set_code,
            "text": self.text,
            "archetypes": self.archetypes,
            "effects": self.effects,
            "game_fields": self.game_fields,
            "origin": self.origin,
            "creation_method": self.creation_method,
            "user_modified": self.user_modified,
            "status": self.status,
            "source_language": self.source_language,
        }


def parse_card(
    raw: Any,
    *,
    game: str,
    defaults: dict[str, Any] | None = None,
    where: str | None = None,
    unfinished_effects: bool = False,
) -> tuple[CardInput | None, list[Finding]]:
    """Read one card of ``game`` from its interchange form.

    ``defaults`` gives the values of absent common keys (the FORMATS.md defaults
    otherwise). ``where`` names the card in messages (e.g. "card 3"); the
    finding's ``card`` is the stable id, or the name, or ``where``.
    With ``unfinished_effects`` (the card editor's saves), effects that are a list of objects
    but do not meet the game's schema yet are stored: the rule set lists them as error
    findings of the stored card, which keep it from VALIDATED until they are gone.
    """
    if not isinstance(raw, dict):
        return None, [error("CARD_NOT_OBJECT", card=where, params={})]
    ruleset = get_ruleset(game)
    values = {
        "stableCardId": None,
        "set": "",
        "text": "",
        "archetypes": [],
        "effects": [],
        "origin": Origin.USER.value,
        "creationMethod": CreationMethod.IMPORTED.value,
        "userModified": False,
        "status": Status.DRAFT.value,
        **(defaults or {}),
        **{k: v for k, v in raw.items() if k in COMMON_KEYS},
    }
    ref = _ref(raw, where)
    errors: list[Finding] = []

    def bad(key: str, why: Problem) -> None:
        errors.append(invalid(key, why, card=ref))

    unstorable = dict(_unstorable_keys(raw))
    for key, reason in unstorable.items():
        bad(key, reason)
    for key, position, code in _control_characters(raw, skip=unstorable):
        bad(key, problem("CONTROL_CHARACTER", character=code, position=position))
    if "game" in raw and raw["game"] != game:
        bad("game", problem("OTHER_GAME", value=shown(raw["game"]), game=game))
    stable_id = values["stableCardId"]
    if stable_id is not None and (not isinstance(stable_id, str) or not STABLE_ID_RE.match(stable_id)):
        bad("stableCardId", problem("STABLE_ID", value=shown(stable_id)))
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        bad("name", problem("REQUIRED_TEXT"))
    elif len(name.strip()) > NAME_MAX_LENGTH:
        bad("name", problem("TOO_LONG", maximum=NAME_MAX_LENGTH, observed=len(name.strip())))
    card_type = raw.get("type")
    if not isinstance(card_type, str) or not card_type:
        bad("type", problem("REQUIRED_ONE_OF", expected=list(ruleset.card_types)))
    for key in ("set", "text"):
        if not isinstance(values[key], str):
            bad(key, problem("NOT_TEXT"))
    if isinstance(values["set"], str) and len(values["set"].strip()) > SET_MAX_LENGTH:
        bad("set", problem("TOO_LONG", maximum=SET_MAX_LENGTH, observed=len(values["set"].strip())))
    if isinstance(values["text"], str) and len(values["text"]) > TEXT_MAX_LENGTH:
        bad("text", problem("TOO_LONG", maximum=TEXT_MAX_LENGTH, observed=len(values["text"])))
    archetypes = values["archetypes"]
    if not isinstance(archetypes, list) or not all(isinstance(a, str) and a.strip() for a in archetypes):
        bad("archetypes", problem("ARCHETYPES_LIST"))
    elif len(archetypes) > ARCHETYPES_MAX or any(len(a.strip()) > ARCHETYPE_MAX_LENGTH for a in archetypes):
        bad("archetypes", problem("ARCHETYPES_LIMIT", labels=ARCHETYPES_MAX, maximum=ARCHETYPE_MAX_LENGTH))
    if not isinstance(values["effects"], list) or not all(isinstance(e, dict) for e in values["effects"]):
        bad("effects", problem("EFFECTS_LIST"))
    elif "effects" not in unstorable and not unfinished_effects:
        # The game's effect schema: every error names its JSON path (effects[2].actions[0].stat).
        errors.extend(ruleset.effect_errors(values["effects"], card_ref=ref))
    for key, choices in (("origin", Origin), ("creationMethod", CreationMethod), ("status", Status)):
        if not isinstance(values[key], str) or values[key] not in choices.values:
            bad(key, problem("NOT_ALLOWED", value=shown(values[key]), expected=list(choices.values)))
    if not isinstance(values["userModified"], bool):
        bad("userModified", problem("NOT_YES_NO"))
    source_language = raw.get(SOURCE_LANGUAGE_KEY) or ""
    languages = [code for code, _ in settings.LANGUAGES]
    if source_language and source_language not in languages:
        bad(SOURCE_LANGUAGE_KEY, problem("NOT_A_LANGUAGE", value=shown(source_language), expected=languages))
    if raw.get(TRANSLATIONS_KEY) is not None and not isinstance(raw.get(TRANSLATIONS_KEY), dict):
        bad(TRANSLATIONS_KEY, problem("TRANSLATIONS_OBJECT"))

    game_values = {
        k: v
        for k, v in raw.items()
        if k not in COMMON_KEYS and k not in READ_ONLY_KEYS and k not in OPTIONAL_KEYS
    }
    game_fields: dict[str, Any] = {}
    if isinstance(card_type, str) and card_type:
        game_fields, field_errors = ruleset.clean_fields(
            card_type, name if isinstance(name, str) else "", game_values, card_ref=ref
        )
        errors.extend(field_errors)
    if errors:
        return None, errors
    return (
        CardInput(
            game=game,
            name=name.strip(),
            type=card_type,
            stable_id=stable_id,
            set_code=values["set"].strip(),
            text=values["text"],
            archetypes=[a.strip() for a in values["archetypes"]],
            effects=values["effects"],
            origin=values["origin"],
            creation_method=values["creationMethod"],
            user_modified=values["userModified"],
            status=values["status"],
            game_fields=game_fields,
            source_language=source_language,
            given=frozenset(raw),
        ),
        [],
    )


MAX_DEPTH = 32


def _unstorable(value: Any) -> Problem | None:
    """Why a JSON value cannot be stored: a NUL in text or an infinite number (no database keeps
    them), or nesting deeper than any card needs (walked without recursion)."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if "\x00" in item:
                return problem("NUL_CHARACTER")
        elif isinstance(item, float):
            if not math.isfinite(item):
                return problem("NOT_FINITE")
        elif isinstance(item, dict | list):
            if depth >= MAX_DEPTH:
                return problem("TOO_DEEP", maximum=MAX_DEPTH)
            children = [part for pair in item.items() for part in pair] if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return None


# The keys whose text has lines: tab, line feed and carriage return are kept there.
LINED_KEYS = frozenset({"text", "effects", TRANSLATIONS_KEY})


def _control_characters(raw: dict, *, skip) -> list[tuple[str, int, str]]:
    """(key, position from 1, ``U+001B``) for each key whose text holds a control character
    (:func:`rules.text.control_character`): it would be stored, then break the card's face (SVG)
    and the game's XLSX export."""
    found = []
    for key, value in raw.items():
        if key in skip or not isinstance(key, str):
            continue
        lines = key in LINED_KEYS
        stack = [value]
        hit = control_character(key) if key else None
        while hit is None and stack:
            item = stack.pop()
            if isinstance(item, str):
                hit = control_character(item, lines=lines)
            elif isinstance(item, dict):
                stack.extend(part for pair in item.items() for part in pair)
            elif isinstance(item, list):
                stack.extend(item)
        if hit is not None:
            found.append((key, hit[0] + 1, hit[1]))
    return found


def _unstorable_keys(raw: dict) -> list[tuple[str, Problem]]:
    """(key, why) for each key whose value (or the key itself) cannot be stored."""
    found = []
    for key, value in raw.items():
        reason = _unstorable(key) or _unstorable(value)
        if reason:
            found.append((str(key).replace("\x00", "\\u0000"), reason))
    return found


def _ref(raw: dict, where: str | None) -> str | None:
    stable_id = raw.get("stableCardId")
    if isinstance(stable_id, str) and stable_id:
        return stable_id
    name = raw.get("name")
    if isinstance(name, str) and name:
        return name
    return where


def check_game(game: Any) -> list[Finding]:
    try:
        get_ruleset(game)
    except UnknownGame:
        return [
            error(
                "UNKNOWN_GAME",
                field="game",
                params={"value": game, "expected": list(registry.keys())},
            )
        ]
    return []


def card_to_dict(card: Card) -> dict[str, Any]:
    """A stored card in the interchange format (the game fields in their rule set's order)."""
    data = {
        "stableCardId": card.stable_id,
        "name": card.name,
        "type": card.type,
        "set": card.set_code,
        "text": card.text,
        "archetypes": list(card.archetypes or []),
        "effects": list(card.effects or []),
        "origin": card.origin,
        "creationMethod": card.creation_method,
        "userModified": card.user_modified,
        "status": card.status,
    }
    stored = card.game_fields or {}
    for name in card.ruleset.field_names():
        data[name] = stored.get(name)
    if card.source_language:
        data[SOURCE_LANGUAGE_KEY] = card.source_language
    return data


def card_data(card: Card) -> CardData:
    """A stored card as the pure rules see it."""
    return CardData(
        game=card.game,
        name=card.name,
        type=card.type,
        stable_id=card.stable_id,
        set=card.set_code,
        text=card.text,
        archetypes=tuple(card.archetypes or ()),
        fields=card.game_fields or {},
        effects=tuple(card.effects or ()),
        status=card.status,
        version=card.version,
    )
