"""Vanguard's own finding codes (the shared ones are in rules.codes): each with its message
templates and hints (%(param)s of its params, marked for the catalogues, rendered by
common.finding_messages in the reader's language). The rule set declares them (``codes``)."""

from rules.codes import CARD, DECK, INPUT, Code
from rules.i18n import N_, NP_

CODES: tuple[Code, ...] = (
    Code(
        "TRIGGER_GRADE",
        CARD,
        N_("a vanguard trigger unit that is not grade 0"),
        params=("card", "observed"),
        games=("vanguard",),
        messages=(N_("a trigger unit is grade 0; this one is grade %(observed)s"),),
    ),
    Code(
        "TRIGGER_COUNT",
        DECK,
        N_("not exactly 16 trigger units"),
        params=("section", "observed", "expected"),
        games=("vanguard",),
        messages=(
            NP_(
                "%(section)s has %(observed)s trigger unit; it must have exactly %(expected)s",
                "%(section)s has %(observed)s trigger units; it must have exactly %(expected)s",
                "observed",
            ),
        ),
        hints=(
            NP_(
                "play exactly %(expected)s trigger unit",
                "play exactly %(expected)s trigger units",
                "expected",
            ),
        ),
    ),
    Code(
        "HEAL_LIMIT",
        DECK,
        N_("more than 4 HEAL triggers"),
        params=("section", "observed", "expected"),
        games=("vanguard",),
        messages=(
            NP_(
                "%(section)s has %(observed)s Heal trigger; at most %(expected)s are allowed",
                "%(section)s has %(observed)s Heal triggers; at most %(expected)s are allowed",
                "observed",
            ),
        ),
        hints=(
            NP_(
                "keep at most %(expected)s Heal trigger",
                "keep at most %(expected)s Heal triggers",
                "expected",
            ),
        ),
    ),
    Code(
        "SENTINEL_LIMIT",
        DECK,
        N_("more than 4 Sentinels"),
        params=("section", "observed", "expected"),
        games=("vanguard",),
        messages=(
            NP_(
                "%(section)s has %(observed)s Sentinel; at most %(expected)s are allowed",
                "%(section)s has %(observed)s Sentinels; at most %(expected)s are allowed",
                "observed",
            ),
        ),
        hints=(NP_("keep at most %(expected)s Sentinel", "keep at most %(expected)s Sentinels", "expected"),),
    ),
    Code(
        "NO_STARTING_VANGUARD",
        DECK,
        N_("no grade 0 non-trigger unit to start"),
        params=("section",),
        games=("vanguard",),
        messages=(N_("%(section)s has no grade 0 unit (other than a trigger) to start with"),),
    ),
    # --- the table's rules (rules/games/vanguard/moves.py): a move the seed does not allow ----------
    Code(
        "TABLE_RIDE_GRADE",
        INPUT,
        N_("a ride onto a vanguard of a grade other than the card's or one below it"),
        params=("kind", "grade", "vanguard", "rule"),
        games=("vanguard",),
        messages=(
            N_(
                "a grade %(grade)s card cannot ride a grade %(vanguard)s vanguard: ride the same grade or one higher"
            ),
        ),
    ),
    Code(
        "TABLE_CALL_GRADE",
        INPUT,
        N_("a call of a unit of a higher grade than the vanguard's"),
        params=("kind", "grade", "vanguard", "rule"),
        games=("vanguard",),
        messages=(N_("a grade %(grade)s unit cannot be called under a grade %(vanguard)s vanguard"),),
    ),
    Code(
        "TABLE_MOVE_COLUMN",
        INPUT,
        N_("a rear-guard moved out of its column (0 and 3, 2 and 4)"),
        params=("kind", "zone", "target", "rule"),
        games=("vanguard",),
        messages=(N_("a rear-guard on %(zone)s moves only within its column, not to %(target)s"),),
    ),
    Code(
        "TABLE_FIRST_TURN_NO_BATTLE",
        INPUT,
        N_("a battle on the first player's first turn"),
        params=("kind", "rule"),
        games=("vanguard",),
        messages=(N_("the first player does not battle on the first turn; end the turn"),),
    ),
)
