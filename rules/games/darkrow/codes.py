"""Darkrow's own finding codes (the shared ones are in rules.codes): each with its message
templates and hints (%(param)s of its params, marked for the catalogues, rendered by
common.finding_messages in the reader's language). The rule set declares them (``codes``)."""

from rules.codes import CARD, DECK, ERROR, INPUT, OBJECT_BEHAVIOR_REVIEW, WARNING, Code
from rules.i18n import N_, NP_

CODES: tuple[Code, ...] = (
    Code(
        "OBJECT_BEHAVIOR_SEED",
        CARD,
        N_("one of the seed's named Objects without the behaviour the seed gives it"),
        params=("card", "name", "expected"),
        review_list=OBJECT_BEHAVIOR_REVIEW,
        games=("darkrow",),
        messages=(N_("the Object %(name)s is %(expected)s in the seed; give it that behaviour"),),
    ),
    Code(
        "OBJECT_BEHAVIOR_UNJUSTIFIED",
        CARD,
        N_("an Object made EQUIPMENT whose text does not ask it to stay in play"),
        severity=WARNING,
        params=("card", "name"),
        review_list=OBJECT_BEHAVIOR_REVIEW,
        games=("darkrow",),
        messages=(N_("the Object %(name)s is EQUIPMENT but its text does not ask it to stay in play"),),
    ),
    Code(
        "LEGENDARY_LIMIT",
        DECK,
        N_("more than one LEGENDARY in the deck"),
        params=("section", "card", "observed", "expected"),
        games=("darkrow",),
        messages=(
            NP_(
                "the deck has %(observed)s Legendary; at most %(expected)s is allowed",
                "the deck has %(observed)s Legendaries; at most %(expected)s is allowed",
                "observed",
            ),
        ),
    ),
    Code(
        "LEADER_CANDIDATES",
        DECK,
        N_("no Leader candidate or more than 5, or a candidate listed twice (warning)"),
        also=(WARNING,),
        params=("section", "card", "observed", "expected"),
        games=("darkrow",),
        messages=(
            N_("%(section)s: no Leader candidate; list between 1 and %(expected)s"),
            NP_(
                "%(section)s has %(observed)s candidate; at most %(expected)s may be stored",
                "%(section)s has %(observed)s candidates; at most %(expected)s may be stored",
                "observed",
            ),
            NP_(
                "%(section)s lists %(card)s %(observed)s time; it is one candidate, counted once",
                "%(section)s lists %(card)s %(observed)s times; it is one candidate, counted once",
                "observed",
            ),
        ),
        hints=(
            NP_("keep at most %(expected)s candidate", "keep at most %(expected)s candidates", "expected"),
        ),
    ),
    Code(
        "ACTIVE_LEADER",
        DECK,
        N_("no active Leader (warning: not ready to play), or it is not a Leader or not a candidate"),
        severity=WARNING,
        also=(ERROR,),
        params=("section", "card", "type"),
        blocks_ready=True,
        games=("darkrow",),
        messages=(
            N_("no active Leader: pick one of the Leader candidates"),
            N_(
                "%(section)s: %(card)s is not one of the Leader candidates; add it to the candidates or pick a candidate"
            ),
            N_("%(section)s: %(card)s is a %(type)s, not a Leader"),
        ),
    ),
    Code(
        "TABLE_HAND_LIMIT",
        INPUT,
        N_("an end of turn with more cards in hand than the game allows (darkrow: 10)"),
        games=("darkrow",),
        params=("kind", "rule", "limit", "observed"),
        messages=(
            N_("the hand holds %(observed)s cards; discard down to %(limit)s before the end of the turn"),
        ),
    ),
)
