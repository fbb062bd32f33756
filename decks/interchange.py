"""The deck file formats of FORMATS.md, in and out: JSON deck files and text decklists.

One parser serves files, commands and the API: it checks every key and every
entry, collects every error as a finding that names where it is, and never
stops at the first one. Parsing never looks cards up: a reference that names
no card is kept as written and reported by the validation.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from common import guards
from rules import Finding, UnknownGame, get_ruleset, registry
from rules.decks import DeckData, Entry
from rules.findings import error
from rules.formats import SIDEBOARD
from rules.i18n import N_
from rules.problems import Problem, problem
from rules.text import fold

MAX_REF, MAX_NAME, MAX_SECTION, MAX_COUNT = 200, 200, 64, 1000
HEADER_KEYS = ("game", "format", "name", "owner")
# Keys the API adds to a deck; accepted (and ignored) on input so that what was read can be written back.
# "version" is the one the client read (the If-Match of a body), checked by the service, never stored.
READ_ONLY_KEYS = ("id", "version", "validation", "stale", "createdAt", "updatedAt")
DEFAULT_NAME = "Untitled deck"
# A deck whose entries are placed in their sections by card type when it is stored or checked
# (a decklist without any section header, a Tabletop Simulator code); never stored as a key.
PLACE_BY_TYPE = "placeByType"


def default_name() -> str:
    """The name of a deck that gives none, in the reader's language."""
    from django.utils.translation import gettext

    return gettext("Untitled deck")


def all_picks() -> tuple[str, ...]:
    return tuple(dict.fromkeys(pick for ruleset in registry for pick in ruleset.deck_picks))


@dataclass
class DeckInput:
    """A deck as read from outside, shape-checked; references are not resolved yet."""

    game: str
    name: str = DEFAULT_NAME
    format: str | None = None
    owner: str | None = None
    sections: dict[str, list[Entry]] = field(default_factory=dict)
    picks: dict[str, str | None] = field(default_factory=dict)
    # The keys present in the input (a PATCH changes only those).
    given: frozenset[str] = frozenset()
    # Entries to place in their sections by card type once the cards are known (PLACE_BY_TYPE).
    place_by_type: bool = False

    def data(self, format_key: str | None = None) -> DeckData:
        """The deck as the pure rules see it."""
        return DeckData(
            game=self.game,
            format=format_key or self.format or "",
            name=self.name,
            sections={name: tuple(entries) for name, entries in self.sections.items()},
            picks=self.picks,
            owner=self.owner,
        )


def parse_deck(
    raw: Any, *, game: str | None = None, partial: bool = False
) -> tuple[DeckInput | None, list[Finding]]:
    """Read a deck JSON object; every problem is reported, each naming its key, section and entry.

    ``game`` is the deck's game when it is known (a PATCH of a stored deck);
    ``partial`` accepts a deck with only some keys (the keys absent keep their
    stored values).
    """
    if not isinstance(raw, dict):
        return None, [error("DECK_INVALID", params={})]
    if "decklist" in raw:
        raw, found = from_decklist(raw, game=game)
        if found:
            return None, found
    errors: list[Finding] = []

    def bad(key: str, why: Problem, **where) -> None:
        errors.append(error("FIELD_INVALID", field=key, params={"field": key, **why.params()}, **where))

    given_game = raw.get("game", game)
    if game is not None and "game" in raw and raw["game"] != game:
        bad("game", problem("GAME_NEVER_CHANGES", game=game))
    try:
        ruleset = get_ruleset(given_game)
    except UnknownGame:
        if "game" not in raw and game is None:
            why = problem("REQUIRED_ONE_OF", expected=list(registry.keys()))
            return None, [error("FIELD_REQUIRED", field="game", params={"field": "game", **why.params()})]
        return None, [
            error(
                "UNKNOWN_GAME",
                field="game",
                params={"value": given_game, "expected": list(registry.keys())},
            )
        ]

    picks_known = all_picks()
    for key in raw:
        if key in ("game", "format", "name", "owner", "sections", PLACE_BY_TYPE, *READ_ONLY_KEYS):
            continue
        if key in ruleset.deck_picks:
            continue
        if key in picks_known:
            bad(key, problem("NO_SUCH_PICK", game=ruleset.key, expected=list(ruleset.deck_picks)))
        else:
            allowed = ["game", "format", "name", "owner", "sections", *ruleset.deck_picks]
            why = problem("NOT_A_DECK_KEY", game=ruleset.key, expected=allowed)
            errors.append(error("FIELD_UNKNOWN", field=key, params={"field": key or '""', **why.params()}))

    deck = DeckInput(game=ruleset.key, given=frozenset(raw) - {PLACE_BY_TYPE})
    if raw.get(PLACE_BY_TYPE) not in (None, True, False):
        bad(PLACE_BY_TYPE, problem("NOT_YES_NO"))
    deck.place_by_type = raw.get(PLACE_BY_TYPE) is True
    name = raw.get("name", default_name() if not partial else None)
    if name is not None:
        if not isinstance(name, str) or not name.strip():
            bad("name", problem("NOT_EMPTY_TEXT"))
        elif len(name) > MAX_NAME:
            bad("name", problem("TOO_LONG", maximum=MAX_NAME, observed=len(name)))
        else:
            deck.name = name.strip()
    for key in ("format", "owner"):
        value = raw.get(key)
        if value is not None and (not isinstance(value, str) or not value.strip()):
            bad(key, problem("NOT_EMPTY_TEXT_OR_NULL"))
        elif value is not None:
            setattr(deck, key, value.strip())
    for pick in ruleset.deck_picks:
        value = raw.get(pick)
        if value is not None and (not isinstance(value, str) or not value.strip() or len(value) > MAX_REF):
            bad(pick, problem("CARD_REF_OR_NULL", maximum=MAX_REF))
        else:
            deck.picks[pick] = value.strip() if value else None

    if "sections" in raw or not partial:
        sections = raw.get("sections")
        if sections is None and not partial:
            sections = {}
        if not isinstance(sections, dict):
            bad(
                "sections", problem("SECTIONS_OBJECT", game=ruleset.key, expected=list(ruleset.deck_sections))
            )
        else:
            for section, entries in sections.items():
                parsed = _parse_section(section, entries, errors)
                if parsed is not None:
                    deck.sections[section] = parsed
    return (None, errors) if errors else (deck, [])


def _parse_section(section: Any, entries: Any, errors: list[Finding]) -> list[Entry] | None:
    if not isinstance(section, str) or not section.strip() or len(section) > MAX_SECTION:
        why = problem("SECTION_NAME", maximum=MAX_SECTION)
        errors.append(error("FIELD_INVALID", field="sections", params={"field": "sections", **why.params()}))
        return None
    if not isinstance(entries, list):
        why = problem("ENTRY_LIST")
        errors.append(
            error(
                "FIELD_INVALID",
                field="sections",
                section=section,
                params={"field": f"sections.{section}", **why.params()},
            )
        )
        return None
    parsed: list[Entry] = []
    for index, raw in enumerate(entries):
        where = f"sections.{section}[{index}]"
        if not isinstance(raw, dict):
            why = problem("ENTRY_OBJECT")
            errors.append(
                error(
                    "FIELD_INVALID",
                    field="sections",
                    section=section,
                    params={"field": where, **why.params()},
                )
            )
            continue
        unknown = sorted(set(raw) - {"card", "count"})
        if unknown:
            why = problem("ENTRY_KEYS", value=unknown)
            errors.append(
                error(
                    "FIELD_UNKNOWN",
                    field="sections",
                    section=section,
                    params={"field": where, **why.params()},
                )
            )
        card, count = raw.get("card"), raw.get("count", 1)
        ok = True
        if not isinstance(card, str) or not card.strip() or len(card) > MAX_REF:
            why = problem("CARD_REF", maximum=MAX_REF)
            errors.append(
                error(
                    "FIELD_INVALID",
                    field="sections",
                    section=section,
                    params={"field": f"{where}.card", **why.params()},
                )
            )
            ok = False
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
            why = problem("COUNT_FROM_TO", minimum=1, maximum=MAX_COUNT)
            errors.append(
                error(
                    "FIELD_INVALID",
                    field="sections",
                    section=section,
                    params={"field": f"{where}.count", **why.params()},
                )
            )
            ok = False
        if ok:
            parsed.append(Entry(card.strip(), count))
    return parsed


# --- text decklists ------------------------------------------------------------------------
# The forms players paste and deck sites export (FORMATS.md v1.2): counts "4 Name", "4x Name",
# "4 x Name", "x4 Name", "Name x4", "Name (4)"; codes beside names are read by the card pool
# ("Wingal (TD01-009)", "[BT01-002] Blaster Blade", "OGN-265-1": rules.pool).
_COUNT_FIRST = re.compile(
    r"^(?P<count>\d{1,9})\s*(?:[xX×]\s*)?\s(?P<card>.+)$"
    r"|^(?P<count2>\d{1,9})[xX×](?P<card2>\S.*)$"
    r"|^[xX×]\s*(?P<count3>\d{1,9})\s+(?P<card3>\S.*)$"
)
_COUNT_LAST = re.compile(r"^(?P<card>.+?)(?:\s+[xX×]\s*(?P<count>\d{1,9})|\s*\(\s*(?P<count2>\d{1,9})\s*\))$")
_KEY_VALUE = re.compile(r"^(?P<key>[^\W\d][\w !'()-]*?)\s*(?:\(\s*\d+\s*\))?\s*:\s*(?P<value>.*)$")
# What deck sites add after a card and that names nothing: foil marks (*F*), categories ([Ramp]), tags (^Combo^).
# A bracketed code ("[BT01-002]") is not one of them: the pool reads it.
_DECORATIONS = re.compile(
    r"(?:\s+(?:\*[A-Za-z]+\*|\[(?![A-Za-z0-9]{1,12}[-_ #/][A-Za-z]{0,3}\d)[^\]]*\]|\^[^^]*\^))+$"
)
# A header as deck sites dress it: "~~Mainboard~~", "== Runes ==", "// Sideboard", "# Legend", "**Deck**".
_DRESSED = re.compile(r"^(?:~~|==|\*\*|__)\s*(?P<inner>.+?)\s*(?:~~|==|\*\*|__)$")
_COMMENT = re.compile(r"^(?://+|#+)\s*(?P<inner>.*?)\s*$")
# A heading's own count ("Units (12)", "Main Deck [40]", "Runes - 12") and colon.
_HEADING_TAIL = re.compile(r"\s*(?:[(\[]\s*\d+\s*[)\]]|-\s*\d+)?\s*:?\s*$")
# A Tabletop Simulator deck code: whitespace-separated SET-NNN-ART codes on one line.
_TTS_CODE = re.compile(r"^[A-Za-z0-9]{1,12}-[A-Za-z]{0,3}\d[A-Za-z0-9]{0,8}-\d{1,3}$")
# Main-deck headers players write for any game, by their folded form without spaces.
MAIN_ALIASES = {"main": "main", "maindeck": "main", "deck": "main", "mainboard": "main", "cards": "main"}
SIDE_ALIASES = dict.fromkeys(("sideboard", "side", "sidedeck", "sb"), SIDEBOARD)
# Boards some sites keep beside the deck: kept as sections of their own (the validation says the
# game has none), never read into the main deck.
ASIDE = frozenset({"maybeboard", "maybe", "considering", "wishlist", "tokens"})
# Group headings inside a section that are not sections: a card type (in any game, singular or
# plural), a grade, triggers ("Triggers:", "Grade 3:", "Units (12)", "Champion Units").
_GROUP_WORDS = frozenset(
    {"trigger", "triggers", "unit", "units", "champion", "champions", "spell", "spells", "gear", "gears"}
    | {"normal", "normalunits", "triggerunits", "others", "other", "creatures", "lands", "artifacts"}
)
_GRADE = re.compile(r"^(?:grade|g|gr)\d{1,2}(?:units?)?$")
MAX_DECKLIST_CHARS = 200_000
MAX_DECKLIST_LINES = 10_000
# Unreadable lines reported one by one; the ones after these are counted in one more finding.
MAX_LINE_FINDINGS = 50
# Invisible characters a paste may carry and that name nothing: direction marks and embeddings,
# zero-width spaces and joiners, the BOM (a line is read without them).
_INVISIBLE = re.compile("[\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")
# What no card reference holds: lone surrogates (from a JSON "\\ud800"), C0 and C1 controls, DEL.
_UNREADABLE = re.compile("[\ud800-\udfff\x00-\x08\x0b-\x1f\x7f-\x9f\ufffe\uffff]")


def section_aliases(game: str | None = None) -> dict[str, str]:
    """Section (and pick) headers of a text decklist, by their folded form without spaces, and the
    section or pick each is: ``game``'s own sections and picks by name and English label and the
    other names its rule set declares (``RuleSet.deck_aliases``) first, then the headers of every
    game (``main``, ``sideboard``...), then the other games' own."""
    aliases: dict[str, str] = {}
    rulesets = list(registry)
    own = [r for r in rulesets if r.key == game]
    others = [r for r in rulesets if r.key != game]

    def add(ruleset) -> None:
        for name in (*ruleset.deck_sections, *ruleset.deck_picks):
            aliases.setdefault(_squeezed(name), name)
            aliases.setdefault(_squeezed(ruleset.label_of(name)), name)
        for alias, name in ruleset.deck_aliases.items():
            aliases.setdefault(_squeezed(alias), name)

    for ruleset in own:
        add(ruleset)
    for alias, name in {**MAIN_ALIASES, **SIDE_ALIASES}.items():
        aliases.setdefault(alias, name)
    for ruleset in others:
        add(ruleset)
    return aliases


def _group_words() -> frozenset[str]:
    words = set(_GROUP_WORDS)
    for ruleset in registry:
        for card_type in ruleset.card_types:
            for name in (card_type, ruleset.type_labels.get(card_type) or ""):
                squeezed = _squeezed(str(name))
                if squeezed:
                    words.update({squeezed, squeezed + "s"})
    return frozenset(words)


# Header keys, by the same folded form.
HEADER_ALIASES = {"game": "game", "format": "format", "name": "name", "deckname": "name", "owner": "owner"}


def _squeezed(text: str) -> str:
    return re.sub(r"[\s_-]+", "", fold(text))


def game_named(value: str) -> str | None:
    """The game a decklist's ``game:`` names: its key or display name, in any case."""
    wanted = _squeezed(value)
    for ruleset in registry:
        names = {ruleset.key, ruleset.name, re.sub(r"\s*\(.*\)$", "", ruleset.name)}
        if wanted in {_squeezed(n) for n in names}:
            return ruleset.key
    return None


def looks_like_json(text: str) -> bool:
    return text.lstrip("\ufeff \t\r\n").startswith("{")


def _entry(line: str) -> tuple[str, int] | Problem:
    """(card, count) of an entry line, or why it is none."""
    line = _DECORATIONS.sub("", line).strip()
    match = _COUNT_FIRST.match(line)
    if match:
        count, card = next(
            (match.group(c), match.group(k))
            for c, k in (("count", "card"), ("count2", "card2"), ("count3", "card3"))
            if match.group(c)
        )
    else:
        match = _COUNT_LAST.match(line)
        if match:
            count, card = match.group("count") or match.group("count2"), match.group("card")
        else:
            count, card = "1", line
    card = _DECORATIONS.sub("", card).strip()
    if not card or card.isdigit():
        return problem("COUNT_WITHOUT_CARD", forms=FORMS)
    number = int(count)
    if not 1 <= number <= MAX_COUNT:
        return problem(
            "COUNT_RANGE",
            minimum=1,
            maximum=MAX_COUNT,
            forms=FORMS,
        )
    if len(card) > MAX_REF:
        return problem("REF_TOO_LONG", maximum=MAX_REF, forms=FORMS)
    return card, number


FORMS = (
    "'4 Blaster Blade', '4x Blaster Blade', 'Blaster Blade x4', '4 Blaster Blade (TD01) 005' or '4 TD01-005'"
)


def _unreadable_character(line: str) -> Problem | None:
    """Why ``line`` cannot be read for a character it holds (a lone surrogate, a control), or None."""
    found = _UNREADABLE.search(line)
    if found is None:
        return None
    character = f"U+{ord(found.group()):04X}"
    return problem(
        "LINE_CHARACTER",
        character=character,
        position=found.start() + 1,
    )


def _heading(text: str) -> str:
    """A heading line without its dress, its own count and its colon, squeezed ("Units (12)": "units")."""
    return _squeezed(_HEADING_TAIL.sub("", text))


def from_decklist(raw: dict, *, game: str | None = None) -> tuple[dict, list[Finding]]:
    """``{"game": ..., "decklist": "..."}`` (and any other deck key) as a deck JSON object.

    The keys beside the decklist win over its header lines; ``game`` names the
    game when neither does (a stored deck's game).
    """
    text = raw["decklist"]
    if not isinstance(text, str):
        why = problem("NOT_TEXT")
        return raw, [error("FIELD_INVALID", field="decklist", params={"field": "decklist", **why.params()})]
    if "sections" in raw:
        why = problem("SECTIONS_OR_DECKLIST")
        return raw, [error("FIELD_INVALID", field="decklist", params={"field": "decklist", **why.params()})]
    given = raw.get("game", game)
    named = game_named(given) if isinstance(given, str) else None
    if given is not None and named is None:
        return raw, [
            error(
                "UNKNOWN_GAME",
                field="game",
                params={"value": given, "expected": list(registry.keys())},
            )
        ]
    deck, findings = parse_decklist(text, game=named)
    if findings:
        return raw, findings
    others = {key: value for key, value in raw.items() if key not in ("decklist", "game")}
    if "name" in others and "name" in deck:
        others.pop("name") if others["name"] in (None, "") else None
    return {**deck, **others}, []


def _too_big(text: str) -> Finding | None:
    """A refusal of a decklist too long to be one deck (before any line is read), or None."""
    if len(text) > MAX_DECKLIST_CHARS:
        why = problem(
            "DECKLIST_TOO_LONG",
            maximum=MAX_DECKLIST_CHARS,
            observed=len(text),
        )
    else:
        lines = text.count("\n") + 1
        if lines <= MAX_DECKLIST_LINES:
            return None
        why = problem(
            "DECKLIST_TOO_MANY_LINES",
            maximum=MAX_DECKLIST_LINES,
            observed=lines,
        )
    return error(
        "DECK_INVALID",
        field="decklist",
        params=why.params(),
        hint=N_("paste one deck at a time"),
    )


def _written_game(lines: list[str], game: str | None) -> str | None:
    """The game a decklist is for, before it is read: ``game``, else its first ``game:`` line."""
    if game is not None:
        return game
    for line in lines[:200]:
        match = _KEY_VALUE.match(line.strip())
        if match and _squeezed(match.group("key")) == "game":
            return game_named(match.group("value").strip())
    return None


def parse_decklist(text: str, *, game: str | None = None) -> tuple[dict | None, list[Finding]]:
    """A text decklist as a deck JSON object, or every line that is wrong and why.

    Header lines are ``key: value`` (game, format, name, owner and the game's
    picks; keys in any case, the game by key or display name). A section starts
    with its name (``Main deck:``, ``MAIN DECK``, ``~~Mainboard~~``, ``// Sideboard``,
    ``Runes (12)``; any case, with or without a colon, common aliases); a heading
    that names no section (``Triggers:``, ``Grade 3:``, ``Units (12)``) is a group of
    the section it is in. Lines before any section are main-deck lines; a list
    without any section header is placed by card type when it is stored or
    checked (``placeByType``). An entry is one of :data:`FORMS` (no count is 1),
    or a Tabletop Simulator code line. Blank lines and other lines starting with
    ``#`` or ``//`` are ignored (the first such comment names a deck that has no
    ``name:``); a BOM, CRLF line ends and invisible direction marks are accepted.
    ``game`` is the game when the text names none (a game's page, ``checkdeck --game``).
    """
    too_big = _too_big(text)
    if too_big is not None:
        return None, [too_big]
    converted = _other_tool(text)
    if isinstance(converted, Problem):
        return None, [
            error("DECKLIST_INVALID", field="decklist", params={"line": 1, "text": "", **converted.params()})
        ]
    if converted is not None:
        text = converted
        too_big = _too_big(text)  # one line of XML may hold thousands of cards
        if too_big is not None:
            return None, [too_big]
    lines = text.lstrip("\ufeff").splitlines()
    deck: dict[str, Any] = {"sections": {}}
    errors: list[Finding] = []
    written_game = _written_game(lines, game)
    picks = {_squeezed(pick): pick for pick in all_picks()}
    aliases = section_aliases(written_game)
    groups = _group_words()
    # A pick written as a section ("Legend:" then "1 Jinx") takes the card under it.
    pick_entries: dict[str, list[tuple[int, str, int]]] = {}
    section: str | None = None
    pick_section: str | None = None
    headed = False
    first_comment: str | None = None
    unreadable = 0
    about = False  # inside an MTG Arena-style "About" block ("Name My deck")

    def bad(number: int, line: str, why: Problem) -> None:
        nonlocal unreadable
        unreadable += 1
        if unreadable > MAX_LINE_FINDINGS:
            return
        errors.append(
            error(
                "DECKLIST_INVALID",
                field="decklist",
                section=section,
                params={"line": number, "text": line[:MAX_REF], **why.params()},
            )
        )

    def start(target: str) -> None:
        nonlocal section, pick_section, headed, about
        headed, about = True, False
        if target in picks.values():
            pick_section, section = target, None
            pick_entries.setdefault(target, [])
        else:
            pick_section, section = None, target
            deck["sections"].setdefault(section, [])

    def header(words: str) -> str | None:
        """The section or pick a heading names, an aside board as written, or None."""
        key = _heading(words)
        if key in aliases:
            return aliases[key]
        if key in ASIDE:
            return _HEADING_TAIL.sub("", words).strip()
        return None

    def group(words: str) -> bool:
        key = _heading(words)
        return key in groups or bool(_GRADE.match(key))

    def add(number: int, card: str, count: int) -> None:
        if pick_section is not None:
            pick_entries[pick_section].append((number, card, count))
            return
        entries = deck["sections"].setdefault(section or "main", [])
        entries.append({"card": card, "count": count})

    for number, raw_line in enumerate(lines, start=1):
        line = _INVISIBLE.sub("", raw_line).replace("\u00a0", " ").strip()
        if not line:
            continue
        odd = _unreadable_character(line)
        if odd is not None:
            bad(number, line.encode("utf-8", "backslashreplace").decode("utf-8"), odd)
            continue
        if section is None and pick_section is None and _squeezed(line) == "about":
            about = True  # MTG Arena: "About", then "Name My deck", then "Deck"
            continue
        arena_name = _ARENA_NAME.match(line) if about else None
        if arena_name:
            deck["name"] = arena_name.group("name")[:MAX_NAME]
            continue
        comment = _COMMENT.match(line)
        if comment:
            inner = comment.group("inner")
            dressed = _DRESSED.match(inner)
            inner = dressed.group("inner") if dressed else inner
            target = header(inner) if inner else None
            if target is not None:
                start(target)
            elif inner and first_comment is None and not group(inner):
                first_comment = inner
            continue
        dressed = _DRESSED.match(line)
        if dressed:
            target = header(dressed.group("inner"))
            if target is not None:
                start(target)
            elif pick_section is not None:  # a group heading after a pick: the main deck again
                pick_section = None
            continue
        match = _KEY_VALUE.match(line)
        if match and not _COUNT_FIRST.match(line):
            key, value = _squeezed(match.group("key")), match.group("value").strip()
            if value.isdigit() and (
                header(match.group("key")) or group(match.group("key")) or key == "total"
            ):
                value = ""  # a heading with its count after the colon ("Units: 12", "Total: 40")
            if not value:
                target = header(match.group("key")) if key != "total" else None
                if target is not None:
                    start(target)
                else:  # a group heading ("Triggers:", "Grade 3:"): the section goes on
                    if pick_section is not None:
                        pick_section = None
                continue
            if section is None and pick_section is None:
                if key in HEADER_ALIASES:
                    deck[HEADER_ALIASES[key]] = value
                    continue
                if key in picks:
                    deck[picks[key]] = value
                    continue
            # Anything else with a colon is a card name ("Circle of Protection: Red").
        if not _COUNT_FIRST.match(line):
            target = header(line)
            if target is not None:  # a bare header: "MAIN DECK", "Sideboard", "Runes (12)"
                start(target)
                continue
            if group(line):  # a bare group heading: "Units (12)", "Triggers"
                if pick_section is not None:
                    pick_section = None
                continue
        tokens = line.split()
        if len(tokens) > 1 and all(_TTS_CODE.match(token) for token in tokens):
            counted = Counter(tokens)
            over = next((code for code, count in counted.items() if count > MAX_COUNT), None)
            if over is not None:
                bad(
                    number,
                    line[:MAX_REF],
                    problem(
                        "COUNT_RANGE",
                        value=over,
                        observed=counted[over],
                        minimum=1,
                        maximum=MAX_COUNT,
                        forms=FORMS,
                    ),
                )
                continue
            for code, count in counted.items():
                add(number, code, count)
            continue
        entry = _entry(line)
        if isinstance(entry, Problem):
            bad(number, line, entry)
            continue
        add(number, *entry)
    if unreadable > MAX_LINE_FINDINGS:
        why = problem(
            "MORE_LINES",
            observed=unreadable - MAX_LINE_FINDINGS,
        )
        errors.append(
            error(
                "DECKLIST_INVALID",
                field="decklist",
                params={"line": number, "text": "", **why.params()},
            )
        )
    for pick, entries in pick_entries.items():
        if len(entries) != 1 or entries[0][2] != 1:
            line = entries[1][0] if len(entries) > 1 else (entries[0][0] if entries else 0)
            why = problem("PICK_ONE_CARD", pick=pick)
            errors.append(
                error(
                    "DECKLIST_INVALID",
                    field="decklist",
                    section=pick,
                    params={
                        "line": line,
                        "text": lines[line - 1].strip() if 0 < line <= len(lines) else "",
                        **why.params(),
                    },
                )
            )
            continue
        deck[pick] = entries[0][1]
    if "name" not in deck and first_comment:
        deck["name"] = first_comment[:MAX_NAME]
    if not headed and not any(deck.get(pick) for pick in picks.values()):
        deck[PLACE_BY_TYPE] = True
    _game_of(deck, game, errors)
    _picks_in_their_section(deck, [pick for pick in pick_entries if pick in deck])
    return (None, errors) if errors else (deck, [])


# --- decklists other tools write ------------------------------------------------------------
# MTG Arena's "About" block names the deck on a "Name ..." line.
_ARENA_NAME = re.compile(r"^Name\s+(?P<name>\S.*)$", re.IGNORECASE)
# A Pixelborn deck code: base64 of Tabletop Simulator codes joined by "$" (one a copy).
_BASE64 = re.compile(r"^[A-Za-z0-9+/]{12,}={0,2}$")
COCKATRICE_ZONES = {"main": "Main", "side": "Sideboard"}


def _other_tool(text: str) -> str | Problem | None:
    """A deck another tool wrote, as the text decklist it means, why it cannot be read, or None for
    a text decklist: a Cockatrice ``.cod`` file (XML), a JSON array of Tabletop Simulator codes, a
    Pixelborn deck code."""
    stripped = _INVISIBLE.sub("", text).strip()
    if stripped.startswith("<"):
        return _cockatrice(stripped)
    if stripped.startswith("[") and stripped.endswith("]"):
        try:
            codes = guards.loads(stripped)  # its depth bounded: "[[[[..." is refused, never a RecursionError
        except json.JSONDecodeError:
            return None  # a line such as "[BT01#001] Blaster Blade"
        except guards.BadInput:
            return problem("CODES_ARRAY")
        if not isinstance(codes, list) or not all(isinstance(code, str) for code in codes):
            return problem("CODES_ARRAY")
        wrong = next((code for code in codes if not _TTS_CODE.match(code.strip())), None)
        if wrong is not None or not codes:
            return problem("CODES_ARRAY")
        return " ".join(code.strip() for code in codes) + "\n"
    sheet = _sheet_deck(stripped)
    if sheet is not None:
        return sheet
    if _BASE64.match(stripped):
        try:
            decoded = base64.b64decode(stripped, validate=True).decode("utf-8")
        except (binascii.Error, ValueError):
            return None
        codes = decoded.split("$")
        if len(codes) > 1 and all(_TTS_CODE.match(code) for code in codes):
            return " ".join(codes) + "\n"
    return None


# A card sheet saved as CSV by a design tool (nanDECK, Component.studio) read as a deck: a header
# (below any title rows) naming a card column and a quantity column; each row is that many copies.
_SHEET_NAME = frozenset({"name", "card", "cardname", "title"})
_SHEET_QUANTITY = frozenset({"quantity", "qty", "count", "copies"})
_SHEET_CODE = frozenset({"stablecardid", "code", "id"})


def _sheet_deck(text: str) -> str | None:
    """A CSV card sheet with a quantity column (see above) as a text decklist, or None."""
    import csv
    import io

    lines = text.splitlines()
    for index, line in enumerate(lines[:20]):
        delimiter = max((",", ";", "\t"), key=line.count)
        if line.count(delimiter) == 0:
            continue
        columns = [_squeezed(c) for c in next(csv.reader([line], delimiter=delimiter))]
        named = [i for i, c in enumerate(columns) if c in _SHEET_NAME or c in _SHEET_CODE]
        counted = [i for i, c in enumerate(columns) if c in _SHEET_QUANTITY]
        if not named or not counted:
            continue
        code = next((i for i, c in enumerate(columns) if c in _SHEET_CODE), None)
        name = next((i for i, c in enumerate(columns) if c in _SHEET_NAME), None)
        quantity = counted[0]
        out: list[str] = []
        reader = csv.reader(io.StringIO("\n".join(lines[index + 1 :])), delimiter=delimiter)
        try:
            for row in reader:
                if not any(cell.strip() for cell in row):
                    continue
                ref = _sheet_cell(row, code) or _sheet_cell(row, name)
                out.append(f"{_sheet_cell(row, quantity) or 1} {ref}")
        except csv.Error:
            return None
        return "\n".join(out) + "\n"
    return None


def _sheet_cell(row: list[str], index: int | None) -> str:
    return row[index].strip() if index is not None and index < len(row) else ""


def _cockatrice(text: str) -> str | Problem:
    """A Cockatrice deck file (``<cockatrice_deck>``: ``<deckname>``, ``<zone name="main">`` and
    ``"side"`` with ``<card number="4" name="..."/>``) as a text decklist; read with defusedxml (no
    entities, no external references). Its comments may name the game (``game: vanguard``)."""
    from xml.etree.ElementTree import ParseError

    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import fromstring

    try:
        root = fromstring(text)
    except (ParseError, DefusedXmlException, ValueError):
        return problem("COCKATRICE_XML")
    if root.tag != "cockatrice_deck" or root.find("zone") is None:
        return problem("COCKATRICE_XML")
    lines: list[str] = []
    for line in (root.findtext("comments") or "").splitlines():
        match = _KEY_VALUE.match(line.strip())
        if match and _squeezed(match.group("key")) == "game":
            lines.append(f"game: {match.group('value').strip()}")
    name = " ".join((root.findtext("deckname") or "").split())
    if name:
        lines.append(f"name: {name}")
    for zone in root.iter("zone"):
        zone_name = " ".join((zone.get("name") or "main").split())
        cards = list(zone.iter("card"))
        if cards:  # an empty zone (Cockatrice writes "side" always) is no section
            lines.append(f"{COCKATRICE_ZONES.get(zone_name, zone_name)}:")
        for card in cards:
            card_name = " ".join((card.get("name") or "").split())
            count = (card.get("number") or "1").strip()
            set_code, number = card.get("setShortName"), card.get("collectorNumber")
            if set_code and number:
                card_name = f"{card_name} ({set_code.strip()}) {number.strip()}"
            lines.append(f"{count} {card_name}")
    return "\n".join(lines) + "\n"


def _game_of(deck: dict, game: str | None, errors: list[Finding]) -> None:
    written = deck.get("game")
    if written is None:
        if game is None:
            why = problem("GAME_LINE", expected=list(registry.keys()))
            errors.append(error("FIELD_REQUIRED", field="game", params={"field": "game", **why.params()}))
        else:
            deck["game"] = game
        return
    named = game_named(written)
    if named is None:
        errors.append(
            error(
                "UNKNOWN_GAME",
                field="game",
                params={"value": written, "expected": list(registry.keys())},
            )
        )
    elif game is not None and named != game:
        why = problem("OTHER_GAME_DECKLIST", value=named, game=game)
        errors.append(error("FIELD_INVALID", field="game", params={"field": "game", **why.params()}))
    else:
        deck["game"] = named


def _picks_in_their_section(deck: dict, listed: list[str]) -> None:
    """A pick written under its own header (``Champion:``, ``Active Leader:``) is also one of the
    cards of the section it is chosen from: deck sites list it apart from the others (Piltover
    Archive: the Champion, then the 39 other cards of the main deck), so it is one more copy there."""
    if deck.get("game") not in registry:
        return
    ruleset = get_ruleset(deck["game"])
    for pick in listed:
        if pick not in ruleset.deck_pick_choices:
            continue
        section, ref = ruleset.deck_pick_choices[pick][0], deck[pick]
        entries = deck["sections"].setdefault(section, [])
        listed = next((e for e in entries if fold(e["card"]) == fold(ref)), None)
        if listed is None:
            entries.append({"card": ref, "count": 1})
        elif section in ruleset.copy_limit_sections and listed["count"] < MAX_COUNT:
            # A section of copies (riftbound's main deck): the pick listed apart is one more. A
            # section of distinct candidates (darkrow's Leaders) already holds it.
            listed["count"] += 1


def deck_to_text(deck: dict, names: dict[str, str] | None = None) -> str:
    """A deck JSON object as a text decklist; ``names`` gives the name to write for a stableCardId."""
    names = names or {}
    lines = [f"game: {deck['game']}"]
    for key in ("format", "name", "owner", *all_picks()):
        if deck.get(key):
            lines.append(f"{key}: {deck[key]}")
    for section, entries in deck["sections"].items():
        lines.append("")
        lines.append(f"{section}:")
        for entry in entries:
            lines.append(f"{entry.get('count', 1)} {names.get(entry['card'], entry['card'])}")
    return "\n".join(lines) + "\n"


# --- stored decks out ---------------------------------------------------------------------
def deck_to_dict(deck) -> dict[str, Any]:
    """A stored deck in the deck file format (entries prefetched: ``deck.entries.all()``).

    A reference that names a card is written as its stableCardId; one that names
    none is written as it was given, so that nothing is lost.
    """
    from .models import EntryKind

    ruleset = get_ruleset(deck.game)
    data: dict[str, Any] = {"game": deck.game, "format": deck.format.key, "name": deck.name}
    data["owner"] = deck.owner.get_username() if deck.owner_id else None
    entries = sorted(deck.entries.all(), key=lambda e: (e.kind, e.section, e.position))
    picks = {e.section: e for e in entries if e.kind == EntryKind.PICK}
    for name in ruleset.deck_picks:
        entry = picks.get(name)
        data[name] = _written(entry) if entry is not None else None
    sections: dict[str, list[dict[str, Any]]] = {name: [] for name in ruleset.deck_sections}
    for entry in entries:
        if entry.kind != EntryKind.PICK:
            sections.setdefault(entry.section, []).append({"card": _written(entry), "count": entry.count})
    data["sections"] = sections
    return data


def _written(entry) -> str:
    return entry.card.stable_id if entry.card_id is not None else entry.ref
