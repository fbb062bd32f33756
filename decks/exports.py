"""The deck exports that deck sites and tools read back (issue 29, FORMATS.md v1.2 shapes).

- :func:`site_text`: a text decklist in the form of the game's main deck site: riftbound as
  Piltover Archive writes it (``Legend:``, ``Champion:``, ``MainDeck:`` with the 39 others,
  ``Battlefields:``, ``Runes:``, ``Sideboard:``), vanguard as its deck sites write it (``MAIN
  DECK``, ``Grade 3:`` ... ``Triggers:`` groups, ``4 Name [SET-001]``), any other game as
  sections with ``Name (SET) 001``. Every card is written with its set code and collector
  number, so that the printing comes back.
- :func:`tts_line`: riftbound's Tabletop Simulator deck code, one ``SET-NNN-1`` per copy (the
  Legend, the Chosen Champion, the main deck, battlefields, runes; TTS has no sideboard).

Each reads back as the same deck (``parse_decklist``, then placement by type for the TTS line):
the round-trip tests in ``tests/decks/test_deck_exports.py``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules import get_ruleset
from rules.formats import SIDEBOARD

_CODE_PART = re.compile(r"^[A-Za-z0-9]{1,12}$")


@dataclass(frozen=True, slots=True)
class Printing:
    """What an export writes of a card: its name, set code and collector number, its type and grade."""

    name: str
    set: str
    number: str
    type: str = ""
    grade: int | None = None

    @property
    def coded(self) -> bool:
        return bool(_CODE_PART.match(self.set or "")) and bool(_CODE_PART.match(self.number or ""))


class NotExportable(ValueError):
    """A deck an export form cannot write (a card without a set code, for a TTS line)."""


# How each game's main deck site heads its sections and picks; other games: the studio's own headers.
SITE_HEADERS: Mapping[str, Mapping[str, str]] = {
    "riftbound": {
        "legend": "Legend:",
        "champion": "Champion:",
        "main": "MainDeck:",
        "battlefields": "Battlefields:",
        "runes": "Runes:",
        SIDEBOARD: "Sideboard:",
    },
    "vanguard": {"main": "MAIN DECK", SIDEBOARD: "Sideboard"},
}
# Where a site writes the code: after the name in brackets (vanguard), or as (SET) NUMBER.
BRACKETED = frozenset({"vanguard"})
# The sites that group the main deck by grade, triggers last.
GRADED = frozenset({"vanguard"})


def _line(count: int, ref: str, printing: Printing | None, game: str) -> str:
    if printing is None:
        return f"{count} {ref}"
    if not printing.set or not printing.number:
        return f"{count} {ref}"  # no printing to name: the stableCardId (a name may name several cards)
    if game in BRACKETED:
        return f"{count} {printing.name} [{printing.set}-{printing.number}]"
    return f"{count} {printing.name} ({printing.set}) {printing.number}"


def site_text(deck: Mapping[str, Any], printings: Mapping[str, Printing]) -> str:
    """``deck`` (a deck JSON object, references by stableCardId) in its game's deck-site form."""
    game = deck["game"]
    ruleset = get_ruleset(game)
    headers = SITE_HEADERS.get(game, {})
    lines: list[str] = []
    if deck.get("name"):
        lines.append(f"// {deck['name']}")
    sections = {name: list(entries) for name, entries in deck["sections"].items()}
    listed_apart: dict[str, str] = {}
    for pick in ruleset.deck_picks:
        ref = deck.get(pick)
        if not ref:
            continue
        header = headers.get(pick) or f"{ruleset.label_of(pick)}:"
        lines += [header, _line(1, ref, printings.get(ref), game)]
        chosen_from = ruleset.deck_pick_choices.get(pick)
        if chosen_from is not None and chosen_from[0] in ruleset.copy_limit_sections:
            # Listed apart from the others of its section of copies (decks.interchange reads it back so).
            listed_apart[chosen_from[0]] = ref
    for name, entries in sections.items():
        if not entries:
            continue
        apart = listed_apart.get(name)
        rows = []
        for entry in entries:
            count = entry.get("count", 1) - (1 if apart is not None and entry["card"] == apart else 0)
            if apart is not None and entry["card"] == apart:
                apart = None  # one copy is the pick, written under its own header
            if count > 0:
                rows.append((count, entry["card"]))
        if not rows:
            continue
        lines.append(headers.get(name) or f"{ruleset.label_of(name)}:")
        if game in GRADED and name == "main":
            lines += _graded(rows, printings, game)
        else:
            lines += [_line(count, ref, printings.get(ref), game) for count, ref in rows]
    return "\n".join(lines) + "\n"


def _graded(rows: list[tuple[int, str]], printings: Mapping[str, Printing], game: str) -> list[str]:
    """Vanguard sites' groups: ``Grade 3:`` down to ``Grade 0:``, then ``Triggers:``."""
    groups: dict[str, list[str]] = {}
    for count, ref in rows:
        printing = printings.get(ref)
        if printing is not None and printing.type == "TRIGGER_UNIT":
            key = "Triggers:"
        elif printing is not None and printing.grade is not None:
            key = f"Grade {printing.grade}:"
        else:
            key = "Other:"
        groups.setdefault(key, []).append(_line(count, ref, printing, game))
    order = sorted((k for k in groups if k.startswith("Grade")), reverse=True)
    out: list[str] = []
    for key in [*order, "Triggers:", "Other:"]:
        if key in groups:
            out += [key, *groups[key]]
    return out


def tts_line(deck: Mapping[str, Any], printings: Mapping[str, Printing]) -> str:
    """Riftbound's Tabletop Simulator code line: one ``SET-NNN-1`` a copy; the Legend first, then
    the Chosen Champion's copies, the rest of the main deck, battlefields and runes."""
    ruleset = get_ruleset(deck["game"])
    refs: list[tuple[str, int]] = []
    legend, champion = deck.get("legend"), deck.get("champion")
    if legend:
        refs.append((legend, 1))
    sections = deck["sections"]
    main = list(sections.get("main", []))
    main.sort(key=lambda e: e["card"] != champion)  # the champion first: it is read back as the Chosen one
    refs += [(e["card"], e.get("count", 1)) for e in main]
    for name in ruleset.deck_sections:
        if name != "main":
            refs += [(e["card"], e.get("count", 1)) for e in sections.get(name, [])]
    codes = []
    for ref, count in refs:
        printing = printings.get(ref)
        if printing is None or not printing.coded:
            raise NotExportable(ref)
        codes += [f"{printing.set}-{printing.number}-1"] * count
    return " ".join(codes) + "\n"


def tts_exportable(game: str) -> bool:
    """Whether a game's decks have a Tabletop Simulator code line."""
    return game == "riftbound"
