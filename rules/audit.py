"""The five review lists of seed 000, and which cards belong in them.

Pure: a card (:class:`rules.CardData`) and its findings in, the lists it belongs
to out, each with a reason. What puts a card in a list is data: each code's
entry in the catalogue (:mod:`rules.codes`) names the list it feeds, and a
rule set's field may send its missing value to a list of its own
(``FieldSpec.review_list_when_missing``). On top of that:

* NEEDS_REVIEW takes every card whose status is NEEDS_REVIEW, and every error
  finding whose code names no other list;
* a neutral code never lists a card: NOT_IMPLEMENTED only says the engine does
  not run an effect yet, it reopens no ambiguity (seed 000);
* DISABLED cards are out of play and in no list.

VERSION_CONFLICTS is fed by what a single card cannot tell: import conflicts
and identities that collide (:func:`identity_collisions`), found by the audit
service over the whole game.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as attribute
from typing import TYPE_CHECKING, Any

from . import messages
from .cards import CardData
from .codes import (
    BONUS_DURATION_REVIEW,
    NEEDS_REVIEW,
    NEW_MECHANIC_REQUIRED,
    OBJECT_BEHAVIOR_REVIEW,
    REVIEW_LISTS,
    VERSION_CONFLICTS,
    list_for,
)
from .findings import Finding, error
from .i18n import N_

if TYPE_CHECKING:
    from .ruleset import RuleSet

__all__ = [
    "BONUS_DURATION_REVIEW",
    "NEEDS_REVIEW",
    "NEW_MECHANIC_REQUIRED",
    "OBJECT_BEHAVIOR_REVIEW",
    "REVIEW_LISTS",
    "VERSION_CONFLICTS",
    "list_for",
]

STATUS_NEEDS_REVIEW = "STATUS_NEEDS_REVIEW"
IDENTITY_COLLISION = "IDENTITY_COLLISION"
IMPORT_CONFLICT = "IMPORT_CONFLICT"
NOT_IMPLEMENTED = "NOT_IMPLEMENTED"


@dataclass(frozen=True, slots=True)
class Listing:
    """One reason for one card to be in one review list: its code and params (language-free, what the
    pages render in the reader's language) and the English ``reason``."""

    list: str
    code: str
    reason: str
    card: str | None = None
    field: str | None = None
    params: Mapping[str, Any] | None = attribute(default=None, hash=False)

    def to_dict(self) -> dict:
        return {
            "list": self.list,
            "code": self.code,
            "reason": self.reason,
            "card": self.card,
            "field": self.field,
            "params": dict(self.params or {}),
        }

    @classmethod
    def of(cls, list_name: str, finding: Finding, card: str | None = None) -> Listing:
        """The listing of ``finding`` in ``list_name``."""
        return cls(
            list_name,
            finding.code,
            finding.message,
            finding.card or card,
            finding.field,
            dict(finding.params),
        )


def classify(card: CardData, findings: Iterable[Finding], ruleset: RuleSet | None = None) -> list[Listing]:
    """The review lists ``card`` belongs to, one listing per reason.

    ``findings`` are the card's findings (its rule set's ``check_card``).
    """
    if card.status == "DISABLED":
        return []
    listings: list[Listing] = []
    if card.status == "NEEDS_REVIEW":
        listings.append(
            Listing(
                NEEDS_REVIEW,
                STATUS_NEEDS_REVIEW,
                messages.message(STATUS_NEEDS_REVIEW, {"card": card.ref}) or STATUS_NEEDS_REVIEW,
                card.ref,
                params={"card": card.ref},
            )
        )
    for finding in findings:
        target = list_for(finding, ruleset)
        if target is not None and finding.code != STATUS_NEEDS_REVIEW:
            listings.append(Listing.of(target, finding, card.ref))
    return listings


def audit_card(ruleset: RuleSet, card: CardData) -> list[Listing]:
    """Every listing of one card: its rule set's findings and the audit's own, classified."""
    if card.status == "DISABLED":
        return []
    return classify(card, ruleset.check_card(card), ruleset)


# --- identities ----------------------------------------------------------------------------------
def identity_content(card: CardData) -> str:
    """What must be equal for two cards of one identity to hold the same data."""
    return json.dumps(
        {
            "text": card.text,
            "archetypes": list(card.archetypes),
            "fields": dict(card.fields),
            "effects": list(card.effects),
        },
        sort_keys=True,
        ensure_ascii=False,
        default=str,
    )


def identity_collisions(group: Sequence[CardData], distinct: Iterable[frozenset[str]] = ()) -> list[Finding]:
    """Findings for the cards of ``group`` that hold different data.

    A group is the cards of one game with the same name, type and set: the
    type is part of an identity (Gin the Leader and Gin the Legendary are two),
    and so is the set (a Vanguard card reprinted in another set is another print
    of its nameId, not a clash).

    ``distinct`` holds pairs of stable ids declared to be distinct identities;
    such a pair never collides. Each colliding card gets one finding naming the
    cards it collides with.
    """
    declared = set(distinct)
    findings = []
    for card in group:
        others = [
            other.ref
            for other in group
            if other is not card
            and other.status != "DISABLED"
            and frozenset({card.ref, other.ref}) not in declared
            and identity_content(other) != identity_content(card)
        ]
        if card.status != "DISABLED" and others:
            findings.append(
                error(
                    IDENTITY_COLLISION,
                    card=card.ref,
                    params={
                        "card": card.ref,
                        "name": card.name,
                        "type": card.type,
                        "set": card.set,
                        "cards": sorted(others),
                    },
                    hint=N_("merge them, disable one, or declare them distinct identities"),
                )
            )
    return findings
