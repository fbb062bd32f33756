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
        return None, [error("DECK_INVALID", "a deck is a JSON object with game, name and sections")]
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
        return None, [error("UNKNOWN_GAME", str(exc), field="game")]

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
_ENTRY = re.compile(r"^(\d+)\s*[xX×]?\s+(.+)$")
_KEY_VALUE = re.compile(r"^([A-Za-z][A-Za-z]*)\s*:\s*(.*)$")


def looks_like_json(text: str) -> bool:
    return text.lstrip("\ufeff \t\r\n").startswith("{")


def parse_decklist(text: str) -> tuple[dict | None, list[Finding]]:
    """A text decklist (``game: vanguard``, ``main:``, ``4 Blaster Blade``) as a deck JSON object.

    Header lines are ``key: value`` (game, format, name, owner, and the game's
    picks); a section starts with its name and a colon; an entry is a count and
    a card (``4 Blaster Blade``, ``4x Blaster Blade``; no count is 1). ``#``
    starts a comment line.
    """
    deck: dict[str, Any] = {"sections": {}}
    errors: list[Finding] = []
    header_keys = {key.lower(): key for key in (*HEADER_KEYS, *all_picks())}
    section: str | None = None
    for number, line in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith(("#", "//")):
            continue
        match = _KEY_VALUE.match(line)
        if match and not _ENTRY.match(line):
            key, value = match.group(1), match.group(2).strip()
            if not value:
                section = key
                deck["sections"].setdefault(section, [])
                continue
            if key.lower() in header_keys:
                deck[header_keys[key.lower()]] = value
                continue
        if section is None:
            errors.append(
                error(
                    "DECKLIST_INVALID",
                    f"line {number}: {line!r} comes before any section; start a section with a line such as 'main:'",
                )
            )
            continue
        entry = _ENTRY.match(line)
        card, count = (entry.group(2).strip(), int(entry.group(1))) if entry else (line, 1)
        deck["sections"][section].append({"card": card, "count": count})
    if "game" not in deck:
        errors.append(
            error(
                "FIELD_REQUIRED",
                f"the decklist needs a header line such as 'game: vanguard' (games: {', '.join(registry.keys())})",
                field="game",
            )
        )
    return (None, errors) if errors else (deck, [])


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
