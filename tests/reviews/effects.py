"""Structured Darkrow effects for review tests, valid for the effect schema (rules.effects)."""

from __future__ import annotations

import itertools

_ids = itertools.count(1)


def _effect(actions: list[dict], **extra) -> dict:
    return {
        "effectId": f"DR-T.e{next(_ids)}",
        "kind": "triggered",
        "timing": "ON_DEPLOY",
        "actions": actions,
        **extra,
    }


def bonus(*, duration: str | None = None, **extra) -> dict:
    """+2 ATK to itself; without ``duration`` the audit lists it in BONUS_DURATION_REVIEW."""
    action = {"do": "MODIFY_STAT", "stat": "ATK", "amount": 2, "target": "SELF"}
    if duration:
        action["duration"] = duration
    return _effect([action], **extra)


def new_mechanic(**extra) -> dict:
    """What the vocabulary cannot say yet: NEW_MECHANIC_REQUIRED."""
    return _effect([{"do": "NEW_MECHANIC", "description": "emprisonner l’unité adverse"}], **extra)


def draw(**extra) -> dict:
    return _effect([{"do": "DRAW", "count": 1}], **extra)


def imported(name: str, effects: list[dict], status: str = "DRAFT", **fields):
    """A darkrow Unit as an import stores it: with the file's status (a VALIDATED one its rules
    refuse is stored NEEDS_REVIEW)."""
    from cards.imports import cards_import
    from cards.models import Card

    card = {
        "name": name,
        "type": "UNIT",
        "cost": 3,
        "atk": 4,
        "pv": 3,
        "effects": effects,
        "status": status,
        **fields,
    }
    report = cards_import(payload={"game": "darkrow", "cards": [card]})
    return Card.objects.get(stable_id=(report.created or report.updated or report.unchanged)[0])
