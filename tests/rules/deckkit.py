"""Helpers of the pure deck tests: cards, decks and formats as plain values, no database."""

from __future__ import annotations

import json
from pathlib import Path

from rules import CardData, get_ruleset
from rules.decks import DeckData, Entry, ValidationResult
from rules.formats import FormatData

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "cards" / "demo"
# A card-set file's keys that are not game fields (cards.interchange.COMMON_KEYS, which these pure
# tests do not import).
COMMON = {
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
    "sourceLanguage",
}


def card(
    game: str,
    stable_id: str,
    name: str,
    type: str,
    *,
    status: str = "VALIDATED",
    set: str = "",
    archetypes=(),
    **fields,
) -> CardData:
    ruleset = get_ruleset(game)
    cleaned, errors = ruleset.clean_fields(type, name, fields)
    assert not errors, errors
    return CardData(
        game=game,
        name=name,
        type=type,
        stable_id=stable_id,
        set=set,
        archetypes=tuple(archetypes),
        fields=cleaned,
        status=status,
    )


def from_file(game: str, raw: dict) -> CardData:
    fields = {k: v for k, v in raw.items() if k not in COMMON}
    return card(
        game,
        raw["stableCardId"],
        raw["name"],
        raw["type"],
        status=raw.get("status", "DRAFT"),
        set=raw.get("set", ""),
        **fields,
    )


def demo_cards(game: str) -> list[CardData]:
    with open(DEMO / f"{game}.json", encoding="utf-8") as handle:
        return [from_file(game, raw) for raw in json.load(handle)["cards"]]


def deck_file(path: Path) -> dict:
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def deck_from_file(data: dict, owner: str | None = None) -> DeckData:
    ruleset = get_ruleset(data["game"])
    return DeckData(
        game=data["game"],
        format=data.get("format", ""),
        name=data.get("name", ""),
        sections={
            name: tuple(Entry(e["card"], e.get("count", 1)) for e in entries)
            for name, entries in data["sections"].items()
        },
        picks={pick: data.get(pick) for pick in ruleset.deck_picks},
        owner=owner,
    )


def deck(
    game: str, sections: dict[str, list[tuple[int, str]]], owner: str | None = None, **picks
) -> DeckData:
    """``sections``: {section: [(count, ref), ...]}."""
    return DeckData(
        game=game,
        sections={
            name: tuple(Entry(ref, count) for count, ref in entries) for name, entries in sections.items()
        },
        picks=picks,
        owner=owner,
    )


def validate(
    game: str, deck: DeckData, cards, fmt: FormatData | None = None, collection=None
) -> ValidationResult:
    ruleset = get_ruleset(game)
    return ruleset.validate_deck(deck, cards, fmt or ruleset.default_format_data(), collection)


def codes(result: ValidationResult, severity: str = "error") -> list[str]:
    return sorted(f.code for f in result.violations if f.severity == severity)


def replace(deck: DeckData, section: str, old: str, new: list[tuple[int, str]]) -> DeckData:
    """``deck`` with the entry ``old`` of ``section`` replaced by ``new`` entries."""
    entries = []
    for entry in deck.sections[section]:
        if entry.ref == old:
            entries.extend(Entry(ref, count) for count, ref in new)
        else:
            entries.append(entry)
    return DeckData(
        deck.game, deck.format, deck.name, {**deck.sections, section: tuple(entries)}, deck.picks, deck.owner
    )


def with_picks(deck: DeckData, **picks) -> DeckData:
    return DeckData(deck.game, deck.format, deck.name, deck.sections, {**deck.picks, **picks}, deck.owner)
