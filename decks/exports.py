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

import base64
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


# --- named sites and tools (issue 40) ---------------------------------------------------------------
# Each writes exactly what the named site or tool writes; ``exportdeck --site NAME``.
#   piltover:   Piltover Archive's text export (riftbound): "N Name" lines, no headers, blocks split
#               by a blank line: the Legend, the Chosen Champion, the 39 others of the main deck,
#               the battlefields, the runes. It has no sideboard (:func:`dropped`).
#   pixelborn:  Pixelborn's deck code (riftbound): the Tabletop Simulator codes joined by "$", base64.
#   tts:        the Tabletop Simulator code line (riftbound).
#   cockatrice: a Cockatrice deck file (.cod), any game: <cockatrice_deck version="1">, <deckname>,
#               <comments> ("game: ..."), <zone name="main"> and "side" (other sections and picks:
#               zones of their own name), <card number="4" name="..."/> with setShortName and
#               collectorNumber where the card has a set code.
#   decksite:   the studio's headed form of the game's deck site (:func:`site_text`).
SITES: Mapping[str, frozenset[str] | None] = {
    "piltover": frozenset({"riftbound"}),
    "pixelborn": frozenset({"riftbound"}),
    "tts": frozenset({"riftbound"}),
    "cockatrice": None,
    "decksite": None,
}
# What ``--site`` alone writes for a game: its deck site.
DEFAULT_SITE = {"riftbound": "piltover"}


def sites_of(game: str) -> list[str]:
    """The sites ``game``'s decks can be written for."""
    return [site for site, games in SITES.items() if games is None or game in games]


def default_site(game: str) -> str:
    return DEFAULT_SITE.get(game, "decksite")


def dropped(deck: Mapping[str, Any], site: str) -> list[str]:
    """The sections a site's form has no place for (and that the deck fills): not written."""
    if site in ("piltover", "pixelborn", "tts"):
        return [SIDEBOARD] if deck["sections"].get(SIDEBOARD) else []
    return []


def site_export(deck: Mapping[str, Any], printings: Mapping[str, Printing], site: str) -> str:
    """``deck`` as the named ``site`` writes it (:data:`SITES`); NotExportable for a card a code
    form cannot name."""
    if site == "piltover":
        return piltover_text(deck, printings)
    if site == "tts":
        return tts_line(deck, printings)
    if site == "pixelborn":
        return pixelborn_code(deck, printings)
    if site == "cockatrice":
        return cockatrice_xml(deck, printings)
    return site_text(deck, printings)


def _name(ref: str, printings: Mapping[str, Printing]) -> str:
    printing = printings.get(ref)
    return printing.name if printing is not None else ref


def _apart(deck: Mapping[str, Any]) -> dict[str, str]:
    """The picks listed apart from the section of copies they are chosen from (riftbound's Champion)."""
    ruleset = get_ruleset(deck["game"])
    apart = {}
    for pick, (section, _types) in ruleset.deck_pick_choices.items():
        if deck.get(pick) and section in ruleset.copy_limit_sections:
            apart[section] = deck[pick]
    return apart


def _without_apart(entries: list, ref: str | None) -> list[tuple[int, str]]:
    rows = []
    for entry in entries:
        count = entry.get("count", 1)
        if ref is not None and entry["card"] == ref:
            count, ref = count - 1, None
        if count > 0:
            rows.append((count, entry["card"]))
    return rows


def piltover_text(deck: Mapping[str, Any], printings: Mapping[str, Printing]) -> str:
    """Piltover Archive's export: blocks of "N Name" lines, no headers (see :data:`SITES`)."""
    ruleset = get_ruleset(deck["game"])
    sections = deck["sections"]
    apart = _apart(deck)
    blocks: list[list[str]] = []
    for pick in ruleset.deck_picks:
        if deck.get(pick):
            blocks.append([f"1 {_name(deck[pick], printings)}"])
    order = {"main": 0, "battlefields": 1, "runes": 2}  # as Piltover Archive lists them
    for name in sorted(ruleset.deck_sections, key=lambda n: order.get(n, len(order))):
        if name == SIDEBOARD:
            continue
        rows = _without_apart(list(sections.get(name, [])), apart.get(name))
        if rows:
            blocks.append([f"{count} {_name(ref, printings)}" for count, ref in rows])
    return "\n\n".join("\n".join(block) for block in blocks) + "\n"


def pixelborn_code(deck: Mapping[str, Any], printings: Mapping[str, Printing]) -> str:
    """Pixelborn's deck code: the Tabletop Simulator codes joined by "$", in base64."""
    codes = tts_line(deck, printings).split()
    return base64.b64encode("$".join(codes).encode("ascii")).decode("ascii") + "\n"


def cockatrice_xml(deck: Mapping[str, Any], printings: Mapping[str, Printing]) -> str:
    """A Cockatrice deck file (.cod), as Cockatrice saves one (see :data:`SITES`)."""
    from xml.etree.ElementTree import Element, SubElement, indent, tostring

    ruleset = get_ruleset(deck["game"])
    root = Element("cockatrice_deck", version="1")
    SubElement(root, "deckname").text = deck.get("name") or ""
    SubElement(root, "comments").text = f"game: {deck['game']}"
    apart = _apart(deck)

    def zone(name: str, rows: list[tuple[int, str]]) -> None:
        element = SubElement(root, "zone", name=name)
        for count, ref in rows:
            printing = printings.get(ref)
            attributes = {"number": str(count), "name": _name(ref, printings)}
            if printing is not None and printing.coded:
                attributes |= {"setShortName": printing.set, "collectorNumber": printing.number}
            SubElement(element, "card", attributes)

    for pick in ruleset.deck_picks:
        if deck.get(pick):
            zone(pick, [(1, deck[pick])])
    for name, entries in deck["sections"].items():
        rows = _without_apart(list(entries), apart.get(name))
        if rows or name == "main":
            zone({SIDEBOARD: "side"}.get(name, name), rows)
    indent(root, space="    ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + tostring(root, encoding="unicode") + "\n"
