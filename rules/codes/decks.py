"""The codes of deck construction (rules.decks and each game's deck checks): the cards a deck names,
its sections and their sizes, copies, banlists, a format's sets, ownership."""

from __future__ import annotations

from ..i18n import N_, NP_
from .core import DECK, WARNING, Code

_WHERE = ("section", "card")

CODES: tuple[Code, ...] = (
    Code(
        "UNKNOWN_CARD",
        DECK,
        N_("an entry names no card of this game"),
        params=("section", "ref", "game", "suggestions"),
        messages=(
            N_("no card is %(ref)s"),
            N_("%(ref)s is no %(game)s card"),
            N_("%(section)s: %(ref)s names no %(game)s card"),
            N_("%(section)s: %(ref)s names no %(game)s card; did you mean %(suggestions)s?"),
        ),
    ),
    Code(
        "AMBIGUOUS_CARD",
        DECK,
        N_("a name matches several cards; use the stableCardId"),
        params=("section", "ref", "game", "observed", "candidates"),
        messages=(
            NP_(
                "%(ref)s names %(observed)s %(game)s card (%(candidates)s); give its stableCardId",
                "%(ref)s names %(observed)s %(game)s cards (%(candidates)s); give its stableCardId",
                "observed",
            ),
            N_("%(section)s: %(ref)s names several %(game)s cards; use the stableCardId of the one you mean"),
            NP_(
                "%(section)s: %(ref)s names %(observed)s %(game)s card (%(candidates)s); use the stableCardId of the one you mean",
                "%(section)s: %(ref)s names %(observed)s %(game)s cards (%(candidates)s); use the stableCardId of the one you mean",
                "observed",
            ),
        ),
    ),
    Code(
        "CARD_NOT_VALIDATED",
        DECK,
        N_("the card's status is not VALIDATED"),
        params=("section", "card", "name", "status"),
        messages=(
            N_("%(section)s: %(card)s is %(status)s; only validated cards may be played"),
            N_("%(section)s: %(name)s (%(card)s) is %(status)s; only validated cards may be played"),
        ),
    ),
    Code(
        "DECK_SIZE",
        DECK,
        N_("a section holds the wrong number of cards"),
        params=("section", "observed", "expected", "minimum", "maximum"),
        messages=(
            NP_(
                "%(section)s has %(observed)s card; it must have exactly %(expected)s",
                "%(section)s has %(observed)s cards; it must have exactly %(expected)s",
                "observed",
            ),
            NP_(
                "%(section)s has %(observed)s card; it must have between %(minimum)s and %(maximum)s",
                "%(section)s has %(observed)s cards; it must have between %(minimum)s and %(maximum)s",
                "observed",
            ),
            NP_(
                "%(section)s has %(observed)s card; it must have at least %(minimum)s",
                "%(section)s has %(observed)s cards; it must have at least %(minimum)s",
                "observed",
            ),
            NP_(
                "%(section)s has %(observed)s card; it must have at most %(maximum)s",
                "%(section)s has %(observed)s cards; it must have at most %(maximum)s",
                "observed",
            ),
        ),
        hints=(
            NP_(
                "the section must have exactly %(expected)s card",
                "the section must have exactly %(expected)s cards",
                "expected",
            ),
            N_("the section must have between %(minimum)s and %(maximum)s cards"),
            NP_(
                "the section must have at least %(minimum)s card",
                "the section must have at least %(minimum)s cards",
                "minimum",
            ),
            NP_(
                "the section must have at most %(maximum)s card",
                "the section must have at most %(maximum)s cards",
                "maximum",
            ),
        ),
    ),
    Code(
        "COPY_LIMIT",
        DECK,
        N_("too many copies of one card identity"),
        params=("section", "card", "name", "identity", "observed", "expected", "format"),
        messages=(
            NP_(
                "%(observed)s copy of %(name)s (%(card)s); at most %(expected)s allowed in %(format)s",
                "%(observed)s copies of %(name)s (%(card)s); at most %(expected)s allowed in %(format)s",
                "observed",
            ),
            NP_(
                "%(observed)s copy of %(card)s; at most %(expected)s allowed in %(format)s",
                "%(observed)s copies of %(card)s; at most %(expected)s allowed in %(format)s",
                "observed",
            ),
        ),
        hints=(N_("keep at most %(expected)s of it"),),
    ),
    Code(
        "WRONG_SECTION",
        DECK,
        N_("this kind of card is not allowed in this section, or the game has no such section"),
        params=(*_WHERE, "ref", "expected", "type"),
        messages=(
            N_("%(section)s: %(ref)s does not belong in this section"),
            N_("%(section)s: %(ref)s does not belong in this section; move it to %(expected)s"),
            N_("%(section)s: %(card)s is a %(type)s; it goes in %(expected)s"),
            N_("%(section)s: %(card)s is a %(type)s and does not belong in this section"),
        ),
        hints=(N_("move it to %(expected)s"),),
    ),
    Code(
        "NO_SIDEBOARD",
        DECK,
        N_("the format has no sideboard, and the deck lists one (one finding for the whole sideboard)"),
        params=("section", "format", "observed"),
        messages=(
            NP_(
                "%(format)s has no sideboard; the %(observed)s card listed as one is not part of the deck",
                "%(format)s has no sideboard; the %(observed)s cards listed as one are not part of the deck",
                "observed",
            ),
        ),
    ),
    Code(
        "BANLIST",
        DECK,
        N_("more copies than the format's banlist allows"),
        params=("section", "card", "observed", "expected", "format"),
        messages=(
            NP_(
                "%(card)s: the deck has %(observed)s copy; %(format)s allows %(expected)s",
                "%(card)s: the deck has %(observed)s copies; %(format)s allows %(expected)s",
                "observed",
            ),
        ),
        hints=(N_("keep at most %(expected)s of it"),),
    ),
    Code(
        "FORMAT_ILLEGAL",
        DECK,
        N_("a card outside the format's sets"),
        params=("section", "card", "set", "expected", "format"),
        messages=(
            N_("%(card)s is from set %(set)s; %(format)s allows only %(expected)s"),
            N_("%(card)s is from no set; %(format)s allows only %(expected)s"),
        ),
        hints=(N_("play a print of %(expected)s, or another format"),),
    ),
    Code(
        "NOT_OWNED",
        DECK,
        N_("the owner's collection lacks copies"),
        params=("section", "card", "observed", "expected", "owner"),
        messages=(
            NP_(
                # expected: the copies the deck uses; observed: the copies the collection holds.
                "the deck uses %(expected)s copy of %(card)s; %(owner)s's collection has %(observed)s",
                "the deck uses %(expected)s copies of %(card)s; %(owner)s's collection has %(observed)s",
                "expected",
            ),
        ),
    ),
    Code(
        "OWNERSHIP_NOT_CHECKED",
        DECK,
        N_("an owned-cards-only format and a deck without owner: ownership was not checked"),
        severity=WARNING,
        params=("format",),
        blocks_ready=True,
        messages=(
            N_("%(format)s allows owned cards only and the deck has no owner: ownership was not checked"),
        ),
    ),
)
