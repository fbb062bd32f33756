"""Writes of the review workflow: bulk transitions, reverts, AI proposals, identity decisions, audits.

Card writes go through :mod:`cards.services`, so every change is a revision
with who, when and a note. Audits stream a game's cards and store, for each of
the five review lists of seed 000, the cards in it and why.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from cards import services as card_services
from cards.diff import card_diff
from cards.interchange import card_to_dict
from cards.models import Card, RevisionAction, Status
from cards.selectors import card_list
from common.errors import Conflict, Forbidden, InvalidInput, StaleVersion, StudioError
from common.notes import checked_note
from common.users import real_user
from rules import Finding
from rules.findings import error
from rules.problems import invalid, problem, refusal

from .models import (
    DistinctIdentity,
    Proposal,
    ProposalStatus,
)

logger = logging.getLogger("reviews")

REVIEW = "cards.review_card"
MAX_BULK_CARDS = 500


# --- bulk transitions ----------------------------------------------------------------------
class BulkRefused(InvalidInput):
    """Some cards of a bulk transition cannot move: none moved. One finding per refused card."""

    def __init__(self, findings: list[Finding], status_code: int, total: int):
        self.status_code = status_code
        super().__init__(findings, message=f"nothing changed: {len(findings)} of {total} card(s) cannot move")


_REFUSAL_CODES = {
    Forbidden: ("TRANSITION_FORBIDDEN", 403),
    Conflict: ("TRANSITION_REFUSED", 409),
    StaleVersion: ("STALE_VERSION", 412),
}


def cards_set_status(*, stable_ids: Iterable[str], status: str, user, note: str = "") -> list[Card]:
    """Move several cards to ``status`` at once, with one note: all of them, or none.

    Every card is tried, so the refusal names each card that cannot move and
    why (403 when the role forbids a move, 409 when a card's state does).
    """
    note = checked_note(note)  # once, not once per card
    ids = list(dict.fromkeys(stable_ids))
    if not ids:
        raise InvalidInput([invalid("cards", problem("AT_LEAST_ONE_CARD"), code="FIELD_REQUIRED")])
    if len(ids) > MAX_BULK_CARDS:
        raise InvalidInput(
            [invalid("cards", problem("BULK_TOO_MANY", maximum=MAX_BULK_CARDS, observed=len(ids)))]
        )
    visible = set(card_list(user=user).filter(stable_id__in=ids).values_list("stable_id", flat=True))
    unknown = [sid for sid in ids if sid not in visible]
    if unknown:
        raise InvalidInput(
            [error("UNKNOWN_CARD", card=sid, field="cards", params={"ref": sid or '""'}) for sid in unknown]
        )
    moved: list[Card] = []
    refusals: list[tuple[Finding, int]] = []
    with transaction.atomic():
        for sid in ids:
            try:
                moved.append(
                    card_services.card_set_status(stable_id=sid, status=status, user=user, note=note)
                )
            except StudioError as exc:
                code, http = next(
                    ((c, h) for kind, (c, h) in _REFUSAL_CODES.items() if isinstance(exc, kind)),
                    ("TRANSITION_INVALID", 400),
                )
                # the refusal's words: the service's, already in the reader's language
                said = {"card": sid, "problem": exc.message}
                refusals.append((error(code, card=sid, field="cards", params=said), http))
        if refusals:
            # Forbidden first: a user who may not make the move learns that before the cards' states.
            worst = 403 if any(h == 403 for _, h in refusals) else max(h for _, h in refusals)
            raise BulkRefused([f for f, _ in refusals], worst, len(ids))
    return moved


# --- revert ----------------------------------------------------------------------------------
def card_revert(
    *, stable_id: str, version: int, user, note: str = "", expected_version: int | None = None
) -> Card:
    """Give a card the content it had at ``version``, as a new revision (action REVERT).

    Status and provenance follow the rules of any edit: a VALIDATED card goes
    back to NEEDS_REVIEW. The earlier revisions stay as they are.
    """
    if not (user.has_perm("cards.change_card") or user.has_perm(REVIEW)):
        raise Forbidden(gettext("only a designer or a reviewer can revert a card"))
    card = card_list(user=user).get(stable_id=stable_id)
    revision = card.revisions.filter(version=version).first()
    if revision is None:
        raise InvalidInput(
            [
                refusal(
                    problem("NO_SUCH_VERSION", card=stable_id, value=version, maximum=card.version),
                    field="version",
                )
            ]
        )
    content = {
        k: v for k, v in revision.snapshot.items() if k not in ("stableCardId", *card_services.WORKFLOW_KEYS)
    }
    current = card_to_dict(card)
    if all(current.get(k) == v for k, v in content.items()):
        raise Conflict(
            gettext("%(stable_id)s already has the content of version %(version)s; nothing to revert")
            % {"stable_id": stable_id, "version": version}
        )
    text = f"reverted to version {version}" + (f": {note}" if note else "")
    return card_services.card_update(
        stable_id=stable_id,
        data=content,
        user=user,
        expected_version=expected_version,
        note=text,
        action=RevisionAction.REVERT,
    )


# --- AI proposals ----------------------------------------------------------------------------
PROPOSE = "reviews.add_proposal"
PROPOSAL_READ_ONLY = ("stableCardId", "game", *card_services.WORKFLOW_KEYS)


def _may_propose(user) -> None:
    if not user.has_perm(PROPOSE):
        raise Forbidden(gettext("you may not submit proposals (permission reviews.add_proposal)"))


def proposal_submit_card(*, game: Any, data: dict[str, Any], user, note: str = "") -> Card:
    """A proposed new card: created DRAFT, origin AI, creationMethod AI_GENERATED, waiting for a reviewer."""
    _may_propose(user)
    if not isinstance(data, dict):
        raise InvalidInput([invalid("card", problem("CARD_OBJECT"))])
    proposed = {
        k: v
        for k, v in data.items()
        if k not in ("status", "origin", "creationMethod", "userModified", "game")
    }
    proposed.update(origin="AI", creationMethod="AI_GENERATED", status=Status.DRAFT)
    return card_services.card_create(game=game, data=proposed, user=user, note=note or "AI proposal")


@transaction.atomic
def proposal_submit_change(*, stable_id: str, changes: Any, user, note: str = "") -> Proposal:
    """A proposed change to an existing card, stored apart (DRAFT) until a reviewer accepts or rejects it."""
    _may_propose(user)
    card = card_list(user=user).select_for_update().get(stable_id=stable_id)
    if not isinstance(changes, dict) or not changes:
        raise InvalidInput([invalid("changes", problem("CHANGES_OBJECT"))])
    read_only = [k for k in changes if k in PROPOSAL_READ_ONLY]
    if read_only:
        raise InvalidInput(
            [invalid(key, problem("NOT_IN_PROPOSAL"), code="FIELD_READ_ONLY") for key in read_only]
        )
    before = card_to_dict(card)
    after = card_to_dict(card_services.card_apply(card, changes))
    for key in card_services.WORKFLOW_KEYS:
        after[key] = before[key]
    diff = card_diff(before, after, game_fields=card.ruleset.field_names())
    if not diff["changed"]:
        raise InvalidInput([error("NO_CHANGE", field="changes", params={"card": card.stable_id})])
    return Proposal.objects.create(
        card=card,
        game=card.game,
        changes=changes,
        diff=diff,
        base_version=card.version,
        note=checked_note(note),
        submitted_by=real_user(user),
    )


def _reviewable(proposal_id: int, user) -> Proposal:
    if not user.has_perm(REVIEW):
        raise Forbidden(gettext("only a reviewer can accept or reject a proposal"))
    proposal = Proposal.objects.select_for_update().select_related("card").get(pk=proposal_id)
    if proposal.status != ProposalStatus.DRAFT:
        raise Conflict(
            gettext("proposal #%(pk)s is already %(status)s") % {"pk": proposal.pk, "status": proposal.status}
        )
    return proposal


@transaction.atomic
def proposal_accept(
    *, proposal_id: int, user, note: str = "", expected_version: int | None = None
) -> Proposal:
    """Apply a proposal to its card through the card service; the revision says it came from the proposal."""
    proposal = _reviewable(proposal_id, user)
    text = f"applied AI proposal #{proposal.pk} (origin AI, AI_GENERATED)" + (f": {note}" if note else "")
    card = card_services.card_update(
        stable_id=proposal.card.stable_id,
        data=proposal.changes,
        user=user,
        expected_version=expected_version,
        note=text,
    )
    proposal.status = ProposalStatus.ACCEPTED
    proposal.applied_version = card.version
    return _close(proposal, user, note)


@transaction.atomic
def proposal_reject(*, proposal_id: int, user, note: str = "") -> Proposal:
    proposal = _reviewable(proposal_id, user)
    proposal.status = ProposalStatus.REJECTED
    return _close(proposal, user, note)


def _close(proposal: Proposal, user, note: str) -> Proposal:
    proposal.reviewed_by = real_user(user)
    proposal.reviewed_at = timezone.now()
    proposal.review_note = checked_note(note)
    proposal.save(update_fields=["status", "applied_version", "reviewed_by", "reviewed_at", "review_note"])
    return proposal


# --- identities ------------------------------------------------------------------------------
def distinct_identity_declare(*, stable_ids: list[str], user, note: str = "") -> DistinctIdentity:
    """Declare two cards of one game with the same name and type to be two identities."""
    if not user.has_perm(REVIEW):
        raise Forbidden(gettext("only a reviewer can declare distinct identities"))
    if not isinstance(stable_ids, list) or len(set(stable_ids)) != 2:
        raise InvalidInput([invalid("cards", problem("TWO_CARDS"))])
    cards = list(Card.objects.filter(stable_id__in=stable_ids))
    if len(cards) != 2:
        found = {c.stable_id for c in cards}
        raise InvalidInput(
            [
                error("UNKNOWN_CARD", card=sid, field="cards", params={"ref": sid or '""'})
                for sid in stable_ids
                if sid not in found
            ]
        )
    a, b = sorted(cards, key=lambda c: c.pk)
    if a.game != b.game:
        raise InvalidInput([refusal(problem("TWO_GAMES"), field="cards")])
    try:
        with transaction.atomic():
            return DistinctIdentity.objects.create(
                card_a=a, card_b=b, note=checked_note(note), created_by=real_user(user)
            )
    except IntegrityError:
        raise Conflict(
            gettext("%(first)s and %(second)s are already declared distinct identities")
            % {"first": a.stable_id, "second": b.stable_id}
        ) from None
