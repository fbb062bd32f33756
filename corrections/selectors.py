"""Reads: a card's corrections, and its effective card (corrections applied, with provenance)."""

from __future__ import annotations

import dataclasses
from typing import Any

from django.db.models import QuerySet

from cards.interchange import card_data, card_to_dict
from cards.models import Card
from cards.selectors import filter_text
from rules.corrections import Correction, Effective, Outcome, Report, apply_corrections, canonical_for

from .models import EffectCorrection


def card_corrections(*, card: Card) -> QuerySet[EffectCorrection]:
    """Every stored correction of ``card``, withdrawn ones included, oldest first."""
    return EffectCorrection.objects.filter(card=card).order_by("created_at", "id")


def as_correction(stored: EffectCorrection) -> Correction:
    return Correction(
        ref=f"#{stored.pk}",
        change=tuple(stored.change),
        why=stored.why,
        author=stored.author_name,
        at=stored.created_at.isoformat() if stored.created_at else None,
        effect_id=stored.effect_id,
    )


def effective_effects(*, card: Card, stored: list[EffectCorrection] | None = None) -> Effective:
    """The card's effects with the game's canonical corrections, then the active stored ones, applied."""
    if stored is None:
        stored = list(card_corrections(card=card))
    corrections = [
        *canonical_for(card.name, card.ruleset.canonical_corrections),
        *(as_correction(c) for c in stored if c.active),
    ]
    return apply_corrections(card.effects or [], corrections, check=card.ruleset.effect_errors)


def effective_card(*, card: Card) -> dict[str, Any]:
    """The card as play and review should read it: imported data + corrections, each corrected value with its provenance.

    ``effects`` are the effective effects; ``importedEffects`` what the card
    itself holds (untouched); ``provenance`` one entry per corrected value
    (path, before, after, which correction, why, by, at); ``corrections`` what
    became of each correction; ``findings`` the rule set's findings on the
    effective card.
    """
    stored = list(card_corrections(card=card))
    effective = effective_effects(card=card, stored=stored)
    data = card_to_dict(card)
    data["effects"] = effective.effects
    data["game"] = card.game
    data["version"] = card.version
    data["importedEffects"] = list(card.effects or [])
    data["provenance"] = effective.provenance
    data["corrections"] = correction_reports(effective=effective, stored=stored)
    cleaned = dataclasses.replace(card_data(card), effects=tuple(effective.effects))
    data["findings"] = [f.to_dict() for f in card.ruleset.check_card(cleaned)]
    return data


def correction_reports(*, effective: Effective, stored: list[EffectCorrection]) -> list[dict[str, Any]]:
    """Each correction of the card (canonical, stored, withdrawn) with what became of it."""
    by_ref = {f"#{c.pk}": c for c in stored}
    reports = [_report(r, by_ref.get(r.correction.ref)) for r in effective.reports]
    for correction in stored:
        if not correction.active:
            reports.append(
                {**correction_dict(correction), "outcome": "WITHDRAWN", "reason": correction.withdrawn_why}
            )
    return reports


def correction_list(*, card: Card) -> list[dict[str, Any]]:
    stored = list(card_corrections(card=card))
    return correction_reports(effective=effective_effects(card=card, stored=stored), stored=stored)


def _report(report: Report, stored: EffectCorrection | None) -> dict[str, Any]:
    correction = report.correction
    data = (
        correction_dict(stored)
        if stored is not None
        else {
            "id": None,
            "ref": correction.ref,
            "canonical": correction.canonical,
            "effectId": report.effect_id,
            "change": [dict(op) for op in correction.change],
            "why": correction.why,
            "by": correction.author,
            "at": correction.at,
        }
    )
    data["effectId"] = report.effect_id or data["effectId"]
    data["outcome"] = str(report.outcome)
    data["reason"] = report.reason
    return data


def correction_dict(correction: EffectCorrection) -> dict[str, Any]:
    """A stored correction as the API shows it."""
    return {
        "id": correction.pk,
        "ref": f"#{correction.pk}",
        "canonical": False,
        "effectId": correction.effect_id,
        "change": correction.change,
        "why": correction.why,
        "by": correction.author_name,
        "at": correction.created_at.isoformat() if correction.created_at else None,
        "withdrawnAt": correction.withdrawn_at.isoformat() if correction.withdrawn_at else None,
        "withdrawnBy": correction.withdrawn_by_name,
        "withdrawnWhy": correction.withdrawn_why,
    }


def canonical_status() -> list[dict[str, Any]]:
    """Every canonical correction of every game, and where it applies (or why it is pending)."""
    from rules import registry

    status = []
    for ruleset in registry:
        for canonical in ruleset.canonical_corrections:
            candidates = filter_text(Card.objects.filter(game=ruleset.key), canonical.card_name)
            cards = [c for c in candidates if canonical.names(c.name)]
            outcomes = []
            for card in cards:
                effective = effective_effects(card=card)
                outcomes += [
                    (card, r) for r in effective.reports if r.correction.ref == f"canonical:{canonical.key}"
                ]
            status.append({"game": ruleset.key, "correction": canonical, "outcomes": outcomes})
    return status


def describe_status(entry: dict[str, Any]) -> str:
    canonical = entry["correction"]
    # The operator reads this line (loaddemo): the card's name and the game, not the seed's
    # internal reference, which the correction's page and docs/workflow.md keep.
    head = f"{entry['game']}: the rules correction for « {canonical.card_name} »"
    if not entry["outcomes"]:
        return f"{head} waits for a {entry['game']} card of that name (none yet)"
    parts = []
    for card, report in entry["outcomes"]:
        if report.outcome == Outcome.APPLIED:
            parts.append(f"applied to {card.stable_id}, effect {report.effect_id}")
        else:
            parts.append(f"pending on {card.stable_id} ({report.outcome}: {report.reason})")
    return f"{head}: " + "; ".join(parts)
