"""The codes of the audits: what a single card cannot tell (rules.audit, reviews.audits)."""

from __future__ import annotations

from ..i18n import N_
from .core import NEEDS_REVIEW, REVIEW, VERSION_CONFLICTS, Code

CODES: tuple[Code, ...] = (
    Code(
        "STATUS_NEEDS_REVIEW",
        REVIEW,
        N_("the card's status is NEEDS_REVIEW"),
        params=("card",),
        review_list=NEEDS_REVIEW,
        messages=(N_("%(card)s waits for review"),),
    ),
    Code(
        "IDENTITY_COLLISION",
        REVIEW,
        N_("another card with the same name, type and set holds different data"),
        params=("card", "name", "type", "set", "cards"),
        review_list=VERSION_CONFLICTS,
        messages=(
            N_("another card named %(name)s (%(type)s, set %(set)s) holds different data: %(cards)s"),
            N_("%(card)s: another card with the same name, type and set holds different data"),
        ),
    ),
    Code(
        "IMPORT_CONFLICT",
        REVIEW,
        N_("an open import conflict: the studio kept a card a user changed"),
        params=("card", "conflict", "fields"),
        review_list=VERSION_CONFLICTS,
        messages=(N_("%(card)s: import conflict #%(conflict)s is open; the studio kept the user's change"),),
    ),
)
