"""The codes of a card's face: the drawing of a card, never its data (faces.render raises them;
the audit lists a card whose text or artwork does not fit)."""

from __future__ import annotations

from ..i18n import N_
from .core import CARD, NEEDS_REVIEW, WARNING, Code

_FIELD = ("card", "field")

CODES: tuple[Code, ...] = (
    Code(
        "TEXT_OVERFLOW",
        CARD,
        N_(
            "a text of the card does not fit its box on the face even at the template's smallest size "
            "(with language: the text of its translation into that language, on the face in that language)"
        ),
        severity=WARNING,
        params=(*_FIELD, "language"),
        review_list=NEEDS_REVIEW,  # the audit lists it: shorten the text, or adjust the template
        messages=(
            N_("%(field)s does not fit its box on the face, even at the smallest size"),
            N_("%(card)s: %(field)s does not fit its box on the face, even at the smallest size"),
            N_(
                "%(field)s of the %(language)s translation does not fit its box on the face, even at the smallest size"
            ),
            N_(
                "%(card)s: %(field)s of the %(language)s translation does not fit its box on the face, "
                "even at the smallest size"
            ),
        ),
    ),
    Code(
        "SAFE_ZONE",
        CARD,
        N_(
            "a text box of the game's face template comes closer to the trim than the print shop's safe zone "
            "(the layout chosen for a print file): its text may be cut"
        ),
        severity=WARNING,
        params=("region", "layout", "distance", "safe", "card", "text"),
        review_list=None,  # a template's, not a card's: no card is listed
        neutral=True,
        messages=(
            N_(
                "the text box %(region)s is %(distance)s mm from the trim, inside the %(safe)s mm safe zone "
                "of %(layout)s: its text may be cut"
            ),
            N_(
                "%(card)s: the text “%(text)s” of %(region)s is %(distance)s mm from the trim, inside the "
                "%(safe)s mm safe zone of %(layout)s: it may be cut"
            ),
        ),
    ),
    Code(
        "ARTWORK_UNREADABLE",
        CARD,
        N_("the card's primary artwork cannot be decoded; its face shows a placeholder"),
        severity=WARNING,
        params=_FIELD,
        messages=(
            N_("the primary artwork cannot be read; the face shows a placeholder"),
            N_("%(card)s: the primary artwork cannot be read; the face shows a placeholder"),
        ),
    ),
    Code(
        "ARTWORK_LOW_RESOLUTION",
        CARD,
        N_("the card's primary artwork has fewer pixels than its box on the face needs at 300 dpi"),
        severity=WARNING,
        params=(*_FIELD, "width", "height", "neededWidth", "neededHeight"),
        review_list=NEEDS_REVIEW,  # the audit lists it: upload a larger image
        messages=(
            N_(
                "the primary artwork is %(width)s × %(height)s pixels; its box on the face needs "
                "%(neededWidth)s × %(neededHeight)s at 300 dpi: upload a larger image"
            ),
        ),
    ),
)
