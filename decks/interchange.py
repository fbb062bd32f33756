"""The deck file formats of FORMATS.md, in and out: JSON deck files and text decklists.

One parser serves files, commands and the API: it checks every key and every
entry, collects every error as a finding that names where it is, and never
stops at the first one. Parsing never looks cards up: a reference that names
no card is kept as written and reported by the validation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from rules import Finding, UnknownGame, get_ruleset, registry
from rules.decks import DeckData, Entry
from rules.findings import error
from rules.problems import Problem, problem
from rules.text import fold, shown

MAX_REF, MAX_NAME, MAX_SECTION, MAX_COUNT = 200, 200, 64, 1000
HEADER_KEYS = ("game", "format", "name", "owner")
# Keys the API adds to a deck; accepted (and ignored) on input so that what was read can be written back.
# "version" is the one the client read (the If-Match of a body), checked by the service, never stored.
READ_ONLY_KEYS = ("id", "version", "validation", "stale", "createdAt", "updatedAt")
DEFAULT_NAME = "Untitled deck"


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
        return None, [
            error(
                "DECK_INVALID",
                "a deck is a JSON object with game, name and sections",
                params={},
            )
        ]
    if "decklist" in raw:
        raw, found = from_decklist(raw, game=game)
        if found:
            return None, found
    errors: list[Finding] = []

    def bad(key: str, message: str, **where) -> None:
        errors.append(error("FIELD_INVALID", f"{key}: {message}", field=key, **where))

    given_game = raw.get("game", game)
    if game is not None and "game" in raw and raw["game"] != game:
        bad("game", f"a deck's game never changes (this deck is a {game} deck)")
    try:
        ruleset = get_ruleset(given_game)
    except UnknownGame as exc:
        if "game" not in raw and game is None:
            return None, [
                error("FIELD_REQUIRED", f"game: required, one of {', '.join(registry.keys())}", field="game")
            ]
        return None, [
            error(
                "UNKNOWN_GAME",
                str(exc),
                field="game",
                params={"value": given_game, "expected": list(registry.keys())},
            )
        ]

    picks_known = all_picks()
    for key in raw:
        if key in ("game", "format", "name", "owner", "sections", *READ_ONLY_KEYS):
            continue
        if key in ruleset.deck_picks:
            continue
        if key in picks_known:
            bad(
                key,
                f"{ruleset.key} decks have no {key} (their picks: {', '.join(ruleset.deck_picks) or 'none'})",
            )
        else:
            allowed = ", ".join(["game", "format", "name", "owner", "sections", *ruleset.deck_picks])
            errors.append(
                error(
                    "FIELD_UNKNOWN",
                    f"{key!r} is not a key of a {ruleset.key} deck; its keys are: {allowed}",
                    field=key,
                )
            )

    deck = DeckInput(game=ruleset.key, given=frozenset(raw))
    name = raw.get("name", DEFAULT_NAME if not partial else None)
    if name is not None:
        if not isinstance(name, str) or not name.strip():
            bad("name", "a non-empty string")
        elif len(name) > MAX_NAME:
            bad("name", f"at most {MAX_NAME} characters")
        else:
            deck.name = name.strip()
    for key in ("format", "owner"):
        value = raw.get(key)
        if value is not None and (not isinstance(value, str) or not value.strip()):
            bad(key, "a non-empty string, or null")
        elif value is not None:
            setattr(deck, key, value.strip())
    for pick in ruleset.deck_picks:
        value = raw.get(pick)
        if value is not None and (not isinstance(value, str) or not value.strip() or len(value) > MAX_REF):
            bad(pick, f"a stableCardId or a card name (1 to {MAX_REF} characters), or null")
        else:
            deck.picks[pick] = value.strip() if value else None

    if "sections" in raw or not partial:
        sections = raw.get("sections")
        if sections is None and not partial:
            sections = {}
        if not isinstance(sections, dict):
            bad(
                "sections",
                f"an object {{section: [entries]}}; {ruleset.key} sections: {', '.join(ruleset.deck_sections)}",
            )
        else:
            for section, entries in sections.items():
                parsed = _parse_section(section, entries, errors)
                if parsed is not None:
                    deck.sections[section] = parsed
    return (None, errors) if errors else (deck, [])


def _parse_section(section: Any, entries: Any, errors: list[Finding]) -> list[Entry] | None:
    if not isinstance(section, str) or not section.strip() or len(section) > MAX_SECTION:
        errors.append(
            error(
                "FIELD_INVALID",
                f"sections: a section name is 1 to {MAX_SECTION} characters",
                field="sections",
            )
        )
        return None
    if not isinstance(entries, list):
        errors.append(
            error(
                "FIELD_INVALID",
                f'sections.{section}: a list of entries such as {{"card": "DR-U12", "count": 3}}',
                field="sections",
                section=section,
            )
        )
        return None
    parsed: list[Entry] = []
    for index, raw in enumerate(entries):
        where = f"sections.{section}[{index}]"
        if not isinstance(raw, dict):
            errors.append(
                error(
                    "FIELD_INVALID",
                    f'{where}: an object {{"card": ..., "count": ...}}',
                    field="sections",
                    section=section,
                )
            )
            continue
        unknown = sorted(set(raw) - {"card", "count"})
        if unknown:
            errors.append(
                error(
                    "FIELD_UNKNOWN",
                    f"{where}: unknown key(s) {', '.join(map(repr, unknown))}; an entry has card and count",
                    field="sections",
                    section=section,
                )
            )
        card, count = raw.get("card"), raw.get("count", 1)
        ok = True
        if not isinstance(card, str) or not card.strip() or len(card) > MAX_REF:
            errors.append(
                error(
                    "FIELD_INVALID",
                    f"{where}: card must be a stableCardId or a card name (1 to {MAX_REF} characters)",
                    field="sections",
                    section=section,
                )
            )
            ok = False
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
            errors.append(
                error(
                    "FIELD_INVALID",
                    f"{where}: count must be a whole number from 1 to {MAX_COUNT}",
                    field="sections",
                    section=section,
                )
            )
            ok = False
        if ok:
            parsed.append(Entry(card.strip(), count))
    return parsed


# --- text decklists ------------------------------------------------------------------------
# The forms players paste (FORMATS.md): "4 Name", "4x Name", "4 x Name", "Name x4", "Name (SET) 005"...
_COUNT_FIRST = re.compile(
    r"^(?P<count>\d+)\s*(?:[xX×]\s*)?\s(?P<card>.+)$|^(?P<count2>\d+)[xX×](?P<card2>\S.*)$"
)
_COUNT_LAST = re.compile(r"^(?P<card>.+?)\s+[xX×]\s*(?P<count>\d+)$")
_KEY_VALUE = re.compile(r"^(?P<key>[^\W\d][\w !'()-]*?)\s*(?:\(\s*\d+\s*\))?\s*:\s*(?P<value>.*)$")
# What deck sites add after a card and that names nothing: foil marks (*F*), categories ([Ramp]), tags (^Combo^).
_DECORATIONS = re.compile(r"(?:\s+(?:\*[A-Za-z]+\*|\[[^\]]*\]|\^[^^]*\^))+$")
# Main-deck headers players write for any game, by their folded form without spaces.
MAIN_ALIASES = {"main": "main", "maindeck": "main", "deck": "main", "mainboard": "main", "cards": "main"}


def section_aliases() -> dict[str, str]:
    """Section (and pick) headers of a text decklist, by their folded form without spaces, and the
    section or pick each is: every game's sections and picks by name and English label, and the
    other names its rule set declares (``RuleSet.deck_aliases``)."""
    aliases = dict(MAIN_ALIASES)
    for ruleset in registry:
        for name in (*ruleset.deck_sections, *ruleset.deck_picks):
            aliases.setdefault(_squeezed(name), name)
            aliases.setdefault(_squeezed(ruleset.label_of(name)), name)
        for alias, name in ruleset.deck_aliases.items():
            aliases.setdefault(_squeezed(alias), name)
    return aliases


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
        count, card = (
            (match.group("count"), match.group("card"))
            if match.group("count")
            else (
                match.group("count2"),
                match.group("card2"),
            )
        )
    else:
        match = _COUNT_LAST.match(line)
        count, card = (match.group("count"), match.group("card")) if match else ("1", line)
    card = card.strip()
    if not card or card.isdigit():
        return problem("COUNT_WITHOUT_CARD", "a count needs a card after it", forms=FORMS)
    number = int(count)
    if not 1 <= number <= MAX_COUNT:
        return problem(
            "COUNT_RANGE",
            f"the count must be from 1 to {MAX_COUNT}",
            minimum=1,
            maximum=MAX_COUNT,
            forms=FORMS,
        )
    if len(card) > MAX_REF:
        return problem(
            "REF_TOO_LONG", f"a card reference is at most {MAX_REF} characters", maximum=MAX_REF, forms=FORMS
        )
    return card, number


FORMS = (
    "'4 Blaster Blade', '4x Blaster Blade', 'Blaster Blade x4', '4 Blaster Blade (TD01) 005' or '4 TD01-005'"
)


def from_decklist(raw: dict, *, game: str | None = None) -> tuple[dict, list[Finding]]:
    """``{"game": ..., "decklist": "..."}`` (and any other deck key) as a deck JSON object.

    The keys beside the decklist win over its header lines; ``game`` names the
    game when neither does (a stored deck's game).
    """
    text = raw["decklist"]
    if not isinstance(text, str):
        return raw, [error("FIELD_INVALID", "decklist: the text of a decklist", field="decklist")]
    if "sections" in raw:
        return raw, [error("FIELD_INVALID", "give sections or a decklist, not both", field="decklist")]
    given = raw.get("game", game)
    named = game_named(given) if isinstance(given, str) else None
    if given is not None and named is None:
        return raw, [
            error(
                "UNKNOWN_GAME",
                f"game: {shown(given)} is no game of the studio; use one of {', '.join(registry.keys())}",
                field="game",
                params={"value": given, "expected": list(registry.keys())},
            )
        ]
    deck, findings = parse_decklist(text, game=named)
    if findings:
        return raw, findings
    others = {key: value for key, value in raw.items() if key not in ("decklist", "game")}
    return {**deck, **others}, []


def parse_decklist(text: str, *, game: str | None = None) -> tuple[dict | None, list[Finding]]:
    """A text decklist as a deck JSON object, or every line that is wrong and why.

    Header lines are ``key: value`` (game, format, name, owner and the game's
    picks; keys in any case, the game by key or display name). A section starts
    with its name and a colon (``Main deck:``, ``Runes:``; any case, common
    aliases); lines before any section are main-deck lines. An entry is one of
    :data:`FORMS` (no count is 1). Blank lines and lines starting with ``#`` or
    ``//`` are ignored; a BOM and CRLF line ends are accepted. ``game`` is the
    game when the text names none (a game's page, ``checkdeck --game``).
    """
    deck: dict[str, Any] = {"sections": {}}
    errors: list[Finding] = []
    picks = {_squeezed(pick): pick for pick in all_picks()}
    aliases = section_aliases()
    # A pick written as a section ("Legend:" then "1 Jinx") takes the card under it.
    pick_entries: dict[str, list[tuple[int, str, int]]] = {}
    section: str | None = None
    pick_section: str | None = None

    def bad(number: int, line: str, why: Problem) -> None:
        errors.append(
            error(
                "DECKLIST_INVALID",
                f"line {number}: {shown(line)}: {why}",
                field="decklist",
                section=section,
                params={
                    "line": number,
                    "text": line,
                    "problem": str(why),
                    "problemKey": why.key,
                    "problemParams": dict(why.values),
                },
            )
        )

    for number, raw_line in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = raw_line.strip().lstrip("\ufeff")
        if not line or line.startswith(("#", "//")):
            continue
        match = _KEY_VALUE.match(line)
        if match and not _COUNT_FIRST.match(line):
            key, value = _squeezed(match.group("key")), match.group("value").strip()
            if not value and key in aliases:
                target = aliases[key]
                if target in picks.values():
                    pick_section, section = target, None
                    pick_entries.setdefault(target, [])
                else:
                    pick_section, section = None, target
                    deck["sections"].setdefault(section, [])
                continue
            if not value:  # another section: kept, and the validation says whether the game has it
                pick_section, section = None, match.group("key").strip()
                deck["sections"].setdefault(section, [])
                continue
            if section is None and pick_section is None:
                if key in HEADER_ALIASES:
                    deck[HEADER_ALIASES[key]] = value
                    continue
                if key in picks:
                    deck[picks[key]] = value
                    continue
            # Anything else with a colon is a card name ("Circle of Protection: Red").
        entry = _entry(line)
        if isinstance(entry, Problem):
            bad(number, line, entry.replace(f"{entry}; write {FORMS}"))
            continue
        card, count = entry
        if pick_section is not None:
            pick_entries[pick_section].append((number, card, count))
            continue
        deck["sections"].setdefault(section or "main", []).append({"card": card, "count": count})
    lines = text.lstrip("\ufeff").splitlines()
    for pick, entries in pick_entries.items():
        if len(entries) != 1 or entries[0][2] != 1:
            line = entries[1][0] if len(entries) > 1 else (entries[0][0] if entries else 0)
            why = problem(
                "PICK_ONE_CARD", f"{pick} is one card; list exactly one card, once, under it", pick=pick
            )
            errors.append(
                error(
                    "DECKLIST_INVALID",
                    f"line {line}: {why}",
                    field="decklist",
                    section=pick,
                    params={
                        "line": line,
                        "text": lines[line - 1].strip() if 0 < line <= len(lines) else "",
                        "problem": str(why),
                        "problemKey": why.key,
                        "problemParams": dict(why.values),
                    },
                )
            )
            continue
        deck[pick] = entries[0][1]
    _game_of(deck, game, errors)
    _picks_in_their_section(deck, [pick for pick in pick_entries if pick in deck])
    return (None, errors) if errors else (deck, [])


def _game_of(deck: dict, game: str | None, errors: list[Finding]) -> None:
    written = deck.get("game")
    if written is None:
        if game is None:
            errors.append(
                error(
                    "FIELD_REQUIRED",
                    f"the decklist needs a header line such as 'game: vanguard' (games: {', '.join(registry.keys())}), "
                    "or check it from a game's page",
                    field="game",
                )
            )
        else:
            deck["game"] = game
        return
    named = game_named(written)
    if named is None:
        errors.append(
            error(
                "UNKNOWN_GAME",
                f"game: {shown(written)} is no game of the studio; use one of {', '.join(registry.keys())}",
                field="game",
                params={"value": written, "expected": list(registry.keys())},
            )
        )
    elif game is not None and named != game:
        errors.append(
            error(
                "FIELD_INVALID",
                f"game: this is a {named} decklist, not a {game} one; check it from the {named} page",
                field="game",
            )
        )
    else:
        deck["game"] = named


def _picks_in_their_section(deck: dict, listed: list[str]) -> None:
    """A pick written under its own header (``Champion:``, ``Active Leader:``) is also one of the
    cards of the section it is chosen from, as deck sites list it (added when not there already)."""
    if deck.get("game") not in registry:
        return
    ruleset = get_ruleset(deck["game"])
    for pick in listed:
        if pick not in ruleset.deck_pick_choices:
            continue
        section, ref = ruleset.deck_pick_choices[pick][0], deck[pick]
        entries = deck["sections"].setdefault(section, [])
        if not any(fold(e["card"]) == fold(ref) for e in entries):
            entries.append({"card": ref, "count": 1})


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
