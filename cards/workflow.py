"""Who may move a card from one validation status to another.

Designers submit their drafts for review (and take them back); reviewers make
every move, those included. VALIDATED is reached only from DRAFT or NEEDS_REVIEW, and
only by a reviewer, for a card with no error finding.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext

from .models import Status

D, R, V, X = Status.DRAFT, Status.NEEDS_REVIEW, Status.VALIDATED, Status.DISABLED

# (from, to) -> the permission it needs.
REVIEW = "cards.review_card"
EDIT = "cards.change_card"
TRANSITIONS: dict[tuple[str, str], str] = {
    (D, R): EDIT,
    (R, D): EDIT,
    (D, V): REVIEW,
    (R, V): REVIEW,
    (D, X): REVIEW,
    (R, X): REVIEW,
    (V, R): REVIEW,
    (V, X): REVIEW,
    (X, D): REVIEW,
    (X, R): REVIEW,
}


@dataclass(frozen=True)
class Refusal:
    """Why a transition is refused; ``forbidden`` tells a permission problem from a state one."""

    message: str
    forbidden: bool = False


def transition_refusal(user, current: str, target: str) -> Refusal | None:
    if target not in Status.values:
        return Refusal(
            gettext("%(target)s is not a status; use one of %(items)s")
            % {"target": repr(target), "items": ", ".join(Status.values)}
        )
    if current == target:
        return Refusal(gettext("the card is already %(target)s") % {"target": target})
    permission = TRANSITIONS.get((current, target))
    if permission is None:
        allowed = sorted(t for (f, t) in TRANSITIONS if f == current)
        return Refusal(
            gettext("a %(current)s card cannot go to %(target)s; from %(current)s it can go to %(items)s")
            % {"current": current, "target": target, "items": ", ".join(allowed)}
        )
    if not _may(user, permission):
        if permission == REVIEW:
            return Refusal(
                gettext("only a reviewer can move a card from %(current)s to %(target)s")
                % {"current": current, "target": target},
                forbidden=True,
            )
        return Refusal(
            gettext("you may not move a card from %(current)s to %(target)s")
            % {"current": current, "target": target},
            forbidden=True,
        )
    return None


def _may(user, permission: str) -> bool:
    # Reviewers make every status move, the designers' submit and take-back included.
    return user.has_perm(permission) or user.has_perm(REVIEW)


def allowed_targets(user, current: str) -> list[str]:
    return [t for (f, t), perm in TRANSITIONS.items() if f == current and _may(user, perm)]
