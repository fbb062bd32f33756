"""Helpers of the rule-set tests: cards as plain values, findings by code (no database)."""

from __future__ import annotations

from rules import CardData, get_ruleset


def check(game: str, card_type: str, name: str = "A card", *, set: str = "", **fields) -> list:
    """Every card-level finding of a card whose fields have the right shape."""
    ruleset = get_ruleset(game)
    cleaned, errors = ruleset.clean_fields(card_type, name, fields, card_ref=name)
    assert errors == [], f"shape errors where none were expected: {errors}"
    return ruleset.check_card(CardData(game=game, name=name, type=card_type, set=set, fields=cleaned))


def shape(game: str, card_type: str, name: str = "A card", **fields) -> list:
    """The shape errors of a card's type and fields (what can never be stored)."""
    return get_ruleset(game).clean_fields(card_type, name, fields, card_ref=name)[1]


def codes(findings) -> list[tuple[str, str | None]]:
    """(code, field) of each finding, in order."""
    return [(f.code, f.field) for f in findings]


def errors(findings) -> list[tuple[str, str | None]]:
    return [(f.code, f.field) for f in findings if f.is_error]
