"""Writes: store a correction of a card's effect, withdraw one.

A correction is checked before it is stored: it names an effect the card has,
its operations fit that effect (as corrected so far), and the corrected effect
still passes the game's effect schema. The card itself is never written.
"""

from __future__ import annotations

import copy
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from cards.models import Card, Status
from cards.services import validation_refusal
from cards.translations import mark_stale, refresh_searched_names
from common.errors import Conflict, InvalidInput
from common.users import real_user
from rules import Finding
from rules.corrections import ChangeConflict, apply_change, change_problems
from rules.problems import invalid, problem, refusal
from rules.translations import source_texts

from .models import EffectCorrection
from .selectors import effective_effects


def _effect_texts(card: Card) -> dict[str, str]:
    """The printed texts of the card's effective effects (what its translations translate)."""
    return source_texts({"effects": effective_effects(card=card).effects})["effects"]


def _stale_if_texts_changed(card: Card, before: dict[str, str]) -> None:
    # A correction that changes an effect's text puts the card's translations behind (same transaction).
    if _effect_texts(card) != before:
        mark_stale([card.pk])
        refresh_searched_names(card)


KEYS = ("effectId", "change", "why")


def _user_name(user) -> str:
    return user.get_username() if user is not None and getattr(user, "is_authenticated", False) else ""


def correction_problems(*, card: Card, data: Any) -> list[Finding]:
    """Every reason why ``data`` ({effectId, change, why}) cannot be stored as a correction of ``card``."""
    ref = card.stable_id
    if not isinstance(data, dict):
        return [refusal(problem("CORRECTION_OBJECT"), card=ref)]
    findings = [
        invalid(key, problem("CORRECTION_KEY", expected=list(KEYS)), code="FIELD_UNKNOWN", card=ref)
        for key in sorted(set(data) - set(KEYS))
    ]
    why, effect_id, change = data.get("why"), data.get("effectId"), data.get("change")
    if not isinstance(why, str) or not why.strip():
        findings.append(invalid("why", problem("WHY_IMPORTED"), card=ref))
    if not isinstance(effect_id, str) or not effect_id:
        findings.append(invalid("effectId", problem("EFFECT_ID_REQUIRED"), card=ref))
    findings += [invalid(path, why, card=ref) for path, why in change_problems(change)]
    if findings:
        return findings
    ids = [e.get("effectId") for e in card.effects or [] if isinstance(e, dict)]
    if effect_id not in ids:
        why = problem(
            "NO_SUCH_EFFECT", card=card.stable_id, value=repr(effect_id), expected=[str(i) for i in ids]
        )
        return [invalid("effectId", why, card=ref)]
    # The change applies to the effect as corrected so far.
    current = effective_effects(card=card)
    index = next(i for i, e in enumerate(current.effects) if e.get("effectId") == effect_id)
    try:
        corrected, _ = apply_change(current.effects[index], change)
    except ChangeConflict as exc:
        return [invalid("change", exc.problem, card=ref)]
    return [
        invalid(
            "change",
            problem(
                "BREAKS_SCHEMA",
                game=card.game,
                detail=f.message.replace("effects[0]", f"effects[{index}]", 1),
            ),
            card=ref,
        )
        for f in card.ruleset.effect_errors([corrected], card_ref=ref)
    ]


def _refuse_what_its_rules_refuse(card: Card, data: dict) -> None:
    """A VALIDATED card stays one its rules accept: a correction that would make its effective card
    fail them (a bonus losing its duration) is refused with the findings; send the card back first."""
    current = effective_effects(card=card)
    index = next(i for i, e in enumerate(current.effects) if e.get("effectId") == data["effectId"])
    corrected, _ = apply_change(current.effects[index], data["change"])
    effective = copy.copy(card)
    effective.effects = [*current.effects[:index], corrected, *current.effects[index + 1 :]]
    before = copy.copy(card)
    before.effects = list(current.effects)
    known = {(f.code, f.field, f.message) for f in validation_refusal(before)}
    new = [f for f in validation_refusal(effective) if (f.code, f.field, f.message) not in known]
    if new:
        raise Conflict(
            gettext(
                "%(card)s is VALIDATED and its rules would refuse it with this correction: %(errors)s; "
                "send the card to Needs review (NEEDS_REVIEW) first"
            )
            % {"card": card.stable_id, "errors": "; ".join(f.message for f in new)},
            findings=new,
        )


@transaction.atomic
def correction_create(*, stable_id: str, data: Any, user=None) -> EffectCorrection:
    """Store a correction of one effect of a card (the card itself is not changed)."""
    card = Card.objects.select_for_update().get(stable_id=stable_id)
    problems = correction_problems(card=card, data=data)
    if problems:
        raise InvalidInput(problems)
    if card.status == Status.VALIDATED:
        _refuse_what_its_rules_refuse(card, data)
    texts = _effect_texts(card)
    correction = EffectCorrection.objects.create(
        card=card,
        effect_id=data["effectId"],
        change=data["change"],
        why=data["why"].strip(),
        author=real_user(user),
        author_name=_user_name(user),
    )
    _stale_if_texts_changed(card, texts)
    return correction


@transaction.atomic
def correction_withdraw(*, stable_id: str, correction_id: int, why: Any, user=None) -> EffectCorrection:
    """Withdraw a stored correction: it stops applying and stays in the history with who, when and why."""
    correction = EffectCorrection.objects.select_for_update().get(card_id=stable_id, pk=correction_id)
    if not isinstance(why, str) or not why.strip():
        raise InvalidInput([invalid("why", problem("WHY_WITHDRAWN"), card=stable_id)])
    if not correction.active:
        raise Conflict(
            f"correction #{correction.pk} was already withdrawn on {correction.withdrawn_at:%Y-%m-%d} by {correction.withdrawn_by_name or 'someone'}"
        )
    texts = _effect_texts(correction.card)
    correction.withdrawn_at = timezone.now()
    correction.withdrawn_by = real_user(user)
    correction.withdrawn_by_name = _user_name(user)
    correction.withdrawn_why = why.strip()
    correction.save(update_fields=["withdrawn_at", "withdrawn_by", "withdrawn_by_name", "withdrawn_why"])
    _stale_if_texts_changed(correction.card, texts)
    return correction
