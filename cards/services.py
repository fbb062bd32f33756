"""Writes to cards: create, edit, review transitions, import.

Every change is one transaction that also appends a revision (who, when, each
changed field before and after) and announces the change with the
``cards_changed`` signal, so that decks can be validated again.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from typing import Any

from django.db import transaction

from common.errors import Conflict, Forbidden, InvalidInput, StaleVersion
from common.notes import checked_note
from common.users import real_user
from rules import Finding, get_ruleset
from rules.findings import error

from .effect_ids import EffectIdIndex
from .interchange import CardInput, card_data, card_to_dict, check_game, parse_card
from .models import (
    Card,
    CardRevision,
    CreationMethod,
    Origin,
    RevisionAction,
    Status,
)
from .signals import cards_changed
from .workflow import transition_refusal

_ID_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def new_stable_id(game: str) -> str:
    """A fresh stable id for a card of ``game`` (prefix of its rule set + 8 random characters)."""
    prefix = get_ruleset(game).id_prefix
    while True:
        candidate = f"{prefix}-{''.join(secrets.choice(_ID_ALPHABET) for _ in range(8))}"
        if not Card.objects.filter(stable_id=candidate).exists():
            return candidate


def _author_name(user) -> str:
    return getattr(user, "get_username", lambda: "")() if user is not None else ""


def field_changes(before: dict[str, Any], after: dict[str, Any]) -> dict[str, dict[str, Any]]:
    keys = [*before, *(k for k in after if k not in before)]
    return {
        k: {"before": before.get(k), "after": after.get(k)} for k in keys if before.get(k) != after.get(k)
    }


def write_revision(card: Card, action: str, user, changes: dict, note: str = "") -> CardRevision:
    return CardRevision.objects.create(
        card=card,
        version=card.version,
        action=action,
        author=real_user(user),
        author_name=_author_name(user),
        note=checked_note(note),
        changes=changes,
        snapshot=card_to_dict(card),
    )


def apply_input(card: Card, card_input: CardInput, effect_ids: EffectIdIndex | None = None) -> None:
    # Effect ids are unique in the game and never renamed (cards/effect_ids.py).
    effect_ids = effect_ids or EffectIdIndex(card.game)
    before = card.effects or []
    problems = effect_ids.problems(
        stable_id=card.stable_id, name=card_input.name, before=before, after=card_input.effects
    )
    if problems:
        raise InvalidInput(problems)
    effect_ids.record(card.stable_id, before, card_input.effects)
    assign_input(card, card_input)


def assign_input(card: Card, card_input: CardInput) -> None:
    for attr, value in card_input.content().items():
        setattr(card, attr, value)


def announce(cards: Iterable[Card], changed_keys: Iterable[str]) -> None:
    cards = list(cards)
    if cards:
        cards_changed.send(
            sender=Card, stable_ids=[c.stable_id for c in cards], changed_keys=frozenset(changed_keys)
        )


def card_findings(card: Card) -> list[Finding]:
    """The card-level findings of a stored card, from its game's rule set."""
    return card.ruleset.check_card(card_data(card))


def _refuse_validation_with_errors(card: Card) -> None:
    findings = [f for f in card_findings(card) if f.is_error]
    if findings:
        raise Conflict(
            "the card cannot be VALIDATED while its rule set reports errors: "
            + "; ".join(f.message for f in findings)
            + "; fix them (or send the card to NEEDS_REVIEW)",
            findings=findings,
        )


# --- create ----------------------------------------------------------------------------
@transaction.atomic
def card_create(*, game: str, data: dict[str, Any], user=None, note: str = "") -> Card:
    """Create a card from its interchange form, as ``user`` (designer or reviewer).

    A card proposed as AI (origin AI or creationMethod AI_GENERATED) starts
    DRAFT whatever it asks for. Any other requested status must be a move from
    DRAFT the user may make.
    """
    findings = check_game(game)
    if findings:
        raise InvalidInput(findings)
    card_input, findings = parse_card(
        data, game=game, defaults={"creationMethod": CreationMethod.MANUAL.value}
    )
    if findings:
        raise InvalidInput(findings)
    if card_input.stable_id and Card.objects.filter(stable_id=card_input.stable_id).exists():
        raise Conflict(f"stableCardId {card_input.stable_id} is already used by another card")
    if card_input.origin == Origin.AI or card_input.creation_method == CreationMethod.AI_GENERATED:
        card_input.status = Status.DRAFT
    requested = card_input.status
    if requested != Status.DRAFT and user is not None:
        refusal = transition_refusal(user, Status.DRAFT, requested)
        if refusal:
            raise Forbidden(refusal.message) if refusal.forbidden else Conflict(refusal.message)
    card = Card(game=game, stable_id=card_input.stable_id or new_stable_id(game), created_by=real_user(user))
    apply_input(card, card_input)
    if requested == Status.VALIDATED:
        _refuse_validation_with_errors(card)
    card.version = 1
    card.save()
    write_revision(card, RevisionAction.CREATE, user, field_changes({}, card_to_dict(card)), note)
    announce([card], card_to_dict(card).keys())
    return card


# --- edit --------------------------------------------------------------------------------
IMMUTABLE_KEYS = {"stableCardId": "stable_id", "game": "game"}
WORKFLOW_KEYS = ("status", "origin", "creationMethod", "userModified")
READ_ONLY_HINTS = {
    "stableCardId": "stableCardId never changes once a card exists; to have another id, create a new card "
    "(POST /api/cards/) and disable this one",
    "game": "a card never changes game; create the card in the other game (POST /api/cards/) and disable this one",
    "status": "status is not edited here; make a review transition with POST /api/cards/{id}/status/ "
    '{{"status": "...", "note": "..."}}',
    "origin": "origin is kept by the studio (where the card came from); it cannot be edited",
    "creationMethod": "creationMethod is kept by the studio (how the card was made); it cannot be edited",
    "userModified": "userModified is kept by the studio: it turns true when an imported or AI card is edited",
}


@transaction.atomic
def card_update(
    *,
    stable_id: str,
    data: dict[str, Any],
    user=None,
    expected_version: int | None = None,
    note: str = "",
    action: str = RevisionAction.UPDATE,
) -> Card:
    """Apply a partial edit (interchange keys) to a card.

    With ``expected_version``, a card that has moved on since is left untouched
    and :class:`StaleVersion` is raised. Status and provenance are not edited
    here: status moves go through :func:`card_set_status`, provenance follows
    from what happens to the card. Editing the content of a VALIDATED card sends
    it back to NEEDS_REVIEW; editing an imported or AI card sets userModified.
    """
    card = Card.objects.select_for_update().get(stable_id=stable_id)
    if expected_version is not None and expected_version != card.version:
        raise StaleVersion(expected_version, card.version)
    problems = []
    for key, attr in IMMUTABLE_KEYS.items():
        if key in data and data[key] != getattr(card, attr):
            problems.append(error("FIELD_READ_ONLY", READ_ONLY_HINTS[key], card=stable_id, field=key))
    before = card_to_dict(card)
    for key in WORKFLOW_KEYS:
        if key in data and data[key] != before[key]:
            hint = READ_ONLY_HINTS[key].format(id=stable_id)
            problems.append(error("FIELD_READ_ONLY", hint, card=stable_id, field=key))
    if problems:
        raise InvalidInput(problems)
    merged = {
        **before,
        **{k: v for k, v in data.items() if k not in IMMUTABLE_KEYS and k not in WORKFLOW_KEYS},
    }
    if isinstance(data.get("type"), str) and data["type"] != before["type"]:
        # Fields the new type does not have are not carried over silently: the
        # client sends them again (or leaves them out) with the new type.
        for spec in card.ruleset.fields:
            if spec.name not in data and not spec.applies_to(data["type"]):
                merged[spec.name] = None
    card_input, findings = parse_card(merged, game=card.game)
    if findings:
        raise InvalidInput(findings)
    apply_input(card, card_input)
    card.status = before["status"]
    after = card_to_dict(card)
    changes = field_changes(before, after)
    if not changes:
        return card
    if card.status == Status.VALIDATED:
        # VALIDATED qualifies the content: any edit of it needs a human check again.
        card.status = Status.NEEDS_REVIEW
    if (
        card.creation_method in (CreationMethod.IMPORTED, CreationMethod.AI_GENERATED)
        or card.origin == Origin.AI
    ):
        card.user_modified = True
    card.version += 1
    card.save()
    changes = field_changes(before, card_to_dict(card))
    write_revision(card, action, user, changes, note)
    announce([card], changes)
    return card


# --- review transitions ----------------------------------------------------------------
@transaction.atomic
def card_set_status(
    *, stable_id: str, status: str, user, note: str = "", expected_version: int | None = None
) -> Card:
    """Move a card to ``status``, as ``user``, with an optional note kept in its history."""
    card = Card.objects.select_for_update().get(stable_id=stable_id)
    if expected_version is not None and expected_version != card.version:
        raise StaleVersion(expected_version, card.version)
    refusal = transition_refusal(user, card.status, status)
    if refusal:
        raise Forbidden(refusal.message) if refusal.forbidden else Conflict(refusal.message)
    if status == Status.VALIDATED:
        _refuse_validation_with_errors(card)
    before = card_to_dict(card)
    card.status = status
    card.version += 1
    card.save()
    changes = field_changes(before, card_to_dict(card))
    write_revision(card, RevisionAction.STATUS, user, changes, note)
    announce([card], changes)
    return card
