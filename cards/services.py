"""Writes to cards: create, edit, review transitions, import.

Every change is one transaction that also appends a revision (who, when, each
changed field before and after) and announces the change with the
``cards_changed`` signal, so that decks can be validated again.
"""

from __future__ import annotations

import copy
import secrets
from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.db.models import OuterRef, Subquery
from django.utils import timezone
from django.utils.translation import gettext

from common.errors import Conflict, Forbidden, InvalidInput, StaleVersion
from common.notes import checked_note
from common.users import real_user
from rules import Finding, get_ruleset
from rules.problems import invalid, problem
from rules.translations import source_changed

from .diff import field_changes
from .effect_ids import EffectIdIndex
from .interchange import (
    SOURCE_LANGUAGE_KEY,
    TRANSLATIONS_KEY,
    CardInput,
    card_data,
    card_to_dict,
    check_game,
    parse_card,
)
from .models import (
    BULK_BATCH,
    DERIVED_FIELDS,
    Card,
    CardRevision,
    CreationMethod,
    Origin,
    RevisionAction,
    Status,
)
from .page_parts import edit_holds, validation_holds
from .signals import cards_changed
from .translations import mark_stale
from .workflow import transition_refusal

_ID_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def new_stable_id(game: str) -> str:
    """A fresh stable id for a card of ``game`` (prefix of its rule set + 8 random characters)."""
    return new_stable_ids(game, 1)[0]


def new_stable_ids(game: str, count: int) -> list[str]:
    """``count`` fresh stable ids for cards of ``game``, checked against the stored ones in one query a round."""
    prefix = get_ruleset(game).id_prefix
    found: set[str] = set()
    while len(found) < count:
        candidates = {
            f"{prefix}-{''.join(secrets.choice(_ID_ALPHABET) for _ in range(8))}"
            for _ in range(count - len(found))
        } - found
        taken = set(Card.objects.filter(stable_id__in=candidates).values_list("stable_id", flat=True))
        found |= candidates - taken
    return sorted(found)


def _author_name(user) -> str:
    return getattr(user, "get_username", lambda: "")() if user is not None else ""


def card_save_change(
    card: Card, *, before: dict[str, Any], action: str, user, note: str = "", announce_it: bool = True
) -> dict[str, dict[str, Any]]:
    """Store a change made to ``card`` (in memory) since ``before`` (its interchange form then; {} for a
    new card): the one way a card is written. Bumps the version (1 for a new card), saves, appends the
    revision, keeps ``last_validated_revision``, and announces the change unless the caller announces
    a batch itself. Returns the revision's changes."""
    note = checked_note(note)
    if card.status == Status.VALIDATED:
        _refuse_validation_with_errors(card)  # nothing is stored VALIDATED that its rules refuse
    new = card._state.adding
    card.version = 1 if new else card.version + 1
    if new:
        card.save()  # the revision needs the card's id
    snapshot = card_to_dict(card)
    changes = field_changes(before, snapshot)
    revision = CardRevision.objects.create(
        card=card,
        version=card.version,
        action=action,
        author=real_user(user),
        author_name=_author_name(user),
        note=note,
        changes=changes,
        snapshot=snapshot,
    )
    if card.status == Status.VALIDATED:
        card.last_validated_revision = revision
        if new:
            card.save(update_fields=["last_validated_revision"])
    if not new:
        if source_changed(before, snapshot):
            mark_stale([card.pk])  # its translations fall behind, in this transaction
            card.forget_translations()  # and are no longer searched
        card.save()
    if announce_it:
        announce([card], changes)
    return changes


# The column each interchange key of a card is stored in (card_to_dict's inverse; a rule set's own
# fields are in game_fields). A bulk update writes the columns its cards' changes touch, not all of
# them: bulk_update builds a CASE of one WHEN a card for each column, most of a re-import's CPU.
KEY_COLUMNS = {
    "name": "name",
    "type": "type",
    "set": "set_code",
    "text": "text",
    "archetypes": "archetypes",
    "effects": "effects",
    "origin": "origin",
    "creationMethod": "creation_method",
    "userModified": "user_modified",
    "status": "status",
    SOURCE_LANGUAGE_KEY: "source_language",
}
# What the search columns are computed from (models.derived_columns, the game aside, which never
# changes): when none of it changed, neither did they.
DERIVED_FROM = frozenset({"name", "text", "set_code", "archetypes", "translated_names"})


def _changed_columns(changed_keys: Iterable[str]) -> set[str]:
    """The columns of a card whose interchange form changed at ``changed_keys``."""
    return {KEY_COLUMNS.get(key, "game_fields") for key in changed_keys if key != "stableCardId"}


def cards_save_changes(
    changes: list[tuple[Card, dict[str, Any]]], *, action: str, user, note: str = "", checked: bool = False
) -> dict[str, dict[str, dict[str, Any]]]:
    """:func:`card_save_change` for many cards at once, in batches: the same versions, revisions and
    ``last_validated_revision``, with a handful of queries per few hundred cards instead of two a card.

    ``changes`` pairs each card (changed in memory; new ones not saved yet) with its interchange form
    before (``{}`` for a new card). Nothing is announced: the caller announces the batch. Returns
    each card's revision changes by stable id. Call it inside a transaction. ``checked``: the caller
    has just run the rules of every VALIDATED card in ``changes`` and kept VALIDATED only those with
    no error (the import's review gate), so they are not run a second time.
    """
    note = checked_note(note)
    refused = {
        card.stable_id: findings
        for card, _ in changes
        if not checked and card.status == Status.VALIDATED and (findings := validation_refusal(card))
    }
    if refused:
        raise Conflict(
            gettext("these cards cannot be stored VALIDATED while their rule sets report errors: %(cards)s")
            % {"cards": ", ".join(refused)},
            findings=[f for findings in refused.values() for f in findings],
        )
    author, author_name = real_user(user), _author_name(user)
    now = timezone.now()
    created = [card for card, _ in changes if card._state.adding]
    created_ids = {id(card) for card in created}
    columns = {"version", "updated_at"}  # what the updated cards' UPDATE writes (below)
    for card, before in changes:
        card.version = 1 if card._state.adding else card.version + 1
        if before and card.translated_names and source_changed(before, card_to_dict(card)):
            card.forget_translations()  # its translations fall behind (below): no longer searched
            columns.update(("translated_names", "translated_languages"))
        card.refresh_derived()
        card.updated_at = now
    Card.objects.bulk_create(created, batch_size=BULK_BATCH)
    revisions, result = [], {}
    for card, before in changes:
        snapshot = card_to_dict(card)
        result[card.stable_id] = field_changes(before, snapshot)
        revisions.append(
            CardRevision(
                card=card,
                version=card.version,
                action=action,
                author=author,
                author_name=author_name,
                note=note,
                changes=result[card.stable_id],
                snapshot=snapshot,
            )
        )
    CardRevision.objects.bulk_create(revisions, batch_size=BULK_BATCH)
    validated = []
    for (card, before), revision in zip(changes, revisions):
        if card.status == Status.VALIDATED:
            card.last_validated_revision = revision
            validated.append(card)
        if before:
            columns |= _changed_columns(result[card.stable_id])
            if card.status == Status.VALIDATED:
                columns.add("last_validated_revision")
    if columns & DERIVED_FROM:
        columns.update(DERIVED_FIELDS)
    updated = [card for card, before in changes if before]
    Card.objects.bulk_update(updated, sorted(columns), batch_size=BULK_BATCH)
    # New VALIDATED cards point at their first revision: one UPDATE a batch, each card's own revision
    # found by a subquery. bulk_update would build a CASE of one WHEN a card, a third of an import's CPU.
    fresh_validated = [card.pk for card in validated if id(card) in created_ids]
    own_revision = CardRevision.objects.filter(card=OuterRef("pk"), version=OuterRef("version")).values("pk")
    for start in range(0, len(fresh_validated), BULK_BATCH):
        Card.objects.filter(pk__in=fresh_validated[start : start + BULK_BATCH]).update(
            last_validated_revision=Subquery(own_revision[:1])
        )
    # Their translations fall behind: one query for the whole batch, whatever their number.
    mark_stale(
        card.pk
        for (card, before), revision in zip(changes, revisions)
        if source_changed(before, revision.snapshot)
    )
    return result


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
            sender=Card,
            stable_ids=[c.stable_id for c in cards],
            changed_keys=frozenset(changed_keys),
            cards=cards,
        )


def card_findings(card: Card) -> list[Finding]:
    """The card-level findings of a stored card, from its game's rule set."""
    return card.ruleset.check_card(card_data(card))


def validation_refusal(card: Card) -> list[Finding]:
    """The errors its rule set reports for ``card`` (in memory): a card with any is never VALIDATED."""
    return [f for f in card_findings(card) if f.is_error]


def _refuse_validation_with_errors(card: Card) -> None:
    findings = validation_refusal(card)
    if findings:
        raise Conflict(
            gettext(
                "the card cannot be validated (VALIDATED) while its rule set reports errors: %(errors)s; "
                "fix them (or send the card to Needs review, NEEDS_REVIEW)"
            )
            % {"errors": "; ".join(f.message for f in findings)},
            findings=findings,
        )


def _refuse_translations(data: Any) -> None:
    """A card's own write never takes its translations (nothing is dropped silently): they have
    their own routes and reviews (cards.translations); card-set files carry them (cards.imports)."""
    if isinstance(data, dict) and data.get(TRANSLATIONS_KEY) is not None:
        raise InvalidInput([invalid(TRANSLATIONS_KEY, problem("TRANSLATIONS_APART"), code="FIELD_READ_ONLY")])


# --- create ----------------------------------------------------------------------------
@transaction.atomic
def card_create(
    *, game: str, data: dict[str, Any], user=None, note: str = "", unfinished_effects: bool = False
) -> Card:
    """Create a card from its interchange form, as ``user`` (designer or reviewer).

    ``unfinished_effects``: effects not yet meeting the schema are stored, listed as error
    findings (:func:`cards.interchange.parse_card`); the card editor's drafts.

    A card proposed as AI (origin AI or creationMethod AI_GENERATED) starts
    DRAFT whatever it asks for. Any other requested status must be a move from
    DRAFT the user may make.
    """
    findings = check_game(game)
    if findings:
        raise InvalidInput(findings)
    _refuse_translations(data)
    card_input, findings = parse_card(
        data,
        game=game,
        defaults={"creationMethod": CreationMethod.MANUAL.value},
        unfinished_effects=unfinished_effects,
    )
    if findings:
        raise InvalidInput(findings)
    if card_input.stable_id and Card.objects.filter(stable_id=card_input.stable_id).exists():
        raise Conflict(
            gettext("stableCardId %(stable_id)s is already used by another card")
            % {"stable_id": card_input.stable_id}
        )
    if card_input.origin == Origin.AI or card_input.creation_method == CreationMethod.AI_GENERATED:
        card_input.status = Status.DRAFT
    requested = card_input.status
    if requested != Status.DRAFT and user is not None:
        refusal = transition_refusal(user, Status.DRAFT, requested)
        if refusal:
            raise Forbidden(refusal.message) if refusal.forbidden else Conflict(refusal.message)
    card = Card(game=game, stable_id=card_input.stable_id or new_stable_id(game), created_by=real_user(user))
    apply_input(card, card_input)
    card_save_change(card, before={}, action=RevisionAction.CREATE, user=user, note=note)
    return card


# --- edit --------------------------------------------------------------------------------
IMMUTABLE_KEYS = {"stableCardId": "stable_id", "game": "game"}
WORKFLOW_KEYS = ("status", "origin", "creationMethod", "userModified")
# Why each key is never edited by a card's write (its problem key: rules.problems).
READ_ONLY_PROBLEMS = {
    "stableCardId": "ID_FIXED",
    "game": "GAME_FIXED",
    "status": "STATUS_NOT_HERE",
    "origin": "ORIGIN_KEPT",
    "creationMethod": "METHOD_KEPT",
    "userModified": "USER_MODIFIED_KEPT",
}


def card_apply(card: Card, data: dict[str, Any], *, unfinished_effects: bool = False) -> Card:
    """The card as the partial edit ``data`` (interchange keys) would leave it: a copy, never saved.

    Refuses what :func:`card_update` refuses (:class:`InvalidInput`). Status and
    provenance are not edited: they follow from the edit. Editing the content of
    a VALIDATED card sends it back to NEEDS_REVIEW; editing an imported or AI
    card sets userModified. Previews of a change (AI proposals) use it as is.
    """
    stable_id = card.stable_id
    _refuse_translations(data)
    problems = []
    for key, attr in IMMUTABLE_KEYS.items():
        if key in data and data[key] != getattr(card, attr):
            why = problem(READ_ONLY_PROBLEMS[key], card=stable_id)
            problems.append(invalid(key, why, code="FIELD_READ_ONLY", card=stable_id))
    before = card_to_dict(card)
    for key in WORKFLOW_KEYS:
        if key in data and data[key] != before[key]:
            why = problem(READ_ONLY_PROBLEMS[key], card=stable_id)
            problems.append(invalid(key, why, code="FIELD_READ_ONLY", card=stable_id))
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
    card_input, findings = parse_card(merged, game=card.game, unfinished_effects=unfinished_effects)
    if findings:
        raise InvalidInput(findings)
    changed = copy.copy(card)
    apply_input(changed, card_input)
    changed.status = card.status
    if card_to_dict(changed) == before:
        return changed
    if changed.status == Status.VALIDATED:
        # VALIDATED qualifies the content: any edit of it needs a human check again.
        changed.status = Status.NEEDS_REVIEW
    if (
        changed.creation_method in (CreationMethod.IMPORTED, CreationMethod.AI_GENERATED)
        or changed.origin == Origin.AI
    ):
        changed.user_modified = True
    return changed


@transaction.atomic
def card_update(
    *,
    stable_id: str,
    data: dict[str, Any],
    user=None,
    expected_version: int | None = None,
    note: str = "",
    action: str = RevisionAction.UPDATE,
    unfinished_effects: bool = False,
) -> Card:
    """Apply a partial edit (interchange keys) to a card, as :func:`card_apply` computes it.

    With ``expected_version``, a card that has moved on since is left untouched
    and :class:`StaleVersion` is raised. Status moves go through
    :func:`card_set_status`. An edit that changes nothing writes nothing.
    """
    card = Card.objects.select_for_update().get(stable_id=stable_id)
    if expected_version is not None and expected_version != card.version:
        raise StaleVersion(expected_version, card.version)
    if real_user(user) is not None and (holds := edit_holds(card, user)):
        raise Conflict("; ".join(holds))
    before = card_to_dict(card)
    changed = card_apply(card, data, unfinished_effects=unfinished_effects)
    if card_to_dict(changed) == before:
        return card
    card_save_change(changed, before=before, action=action, user=user, note=note)
    return changed


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
    if status == Status.VALIDATED and (holds := validation_holds(card)):
        raise Conflict("; ".join(holds))
    before = card_to_dict(card)
    card.status = status
    card_save_change(card, before=before, action=RevisionAction.STATUS, user=user, note=note)
    return card
