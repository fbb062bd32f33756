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
    # --- the Battle (seed 002, section 5 "Battle", sections 6 and 7) -----------------------------
    Code(
        "TABLE_BATTLE_OPEN",
        INPUT,
        N_("a move that waits for the open battle to end (the next step, the end of the turn, a new attack)"),
        params=("kind", "stage", "rule"),
        games=("vanguard",),
        messages=(N_("a battle is open (%(stage)s): finish it before %(kind)s"),),
    ),
    Code(
        "TABLE_BATTLE_STAGE",
        INPUT,
        N_("a battle's move played at another moment of the battle, or with no battle open"),
        params=("kind", "stage", "expected", "rule"),
        games=("vanguard",),
        messages=(N_("%(kind)s is played at the battle's %(expected)s moment, not now (%(stage)s)"),),
    ),
    Code(
        "TABLE_ATTACK_UNIT",
        INPUT,
        N_("an attack by a unit that is not a standing unit of the front row"),
        params=("kind", "zone", "rule"),
        games=("vanguard",),
        messages=(N_("no standing unit of the front row on %(zone)s to attack with"),),
    ),
    Code(
        "TABLE_TARGET_CIRCLE",
        INPUT,
        N_("an attack on something other than the opponent's vanguard or front row"),
        params=("kind", "zone", "rule"),
        games=("vanguard",),
        messages=(N_("%(zone)s is not a unit of the other player's vanguard circle or front row"),),
    ),
    Code(
        "TABLE_BOOST_UNIT",
        INPUT,
        N_("a boost by a unit that is not a standing grade 0 or 1 unit behind the attacker"),
        params=("kind", "zone", "rule"),
        games=("vanguard",),
        messages=(N_("no standing grade 0 or 1 unit behind the attacker on %(zone)s to boost"),),
    ),
    Code(
        "TABLE_GUARD_GRADE",
        INPUT,
        N_("a guard with a card of a higher grade than the defender's vanguard"),
        params=("kind", "grade", "vanguard", "rule"),
        games=("vanguard",),
        messages=(N_("a grade %(grade)s card cannot guard under a grade %(vanguard)s vanguard"),),
    ),
    Code(
        "TABLE_INTERCEPT_UNIT",
        INPUT,
        N_("an intercept by a unit that is not a grade 2 front-row rear-guard, or by the attacked unit"),
        params=("kind", "zone", "rule"),
        games=("vanguard",),
        messages=(
            N_("the unit on %(zone)s cannot intercept: a grade 2 front-row rear-guard that is not attacked"),
        ),
    ),
    Code(
        "TABLE_PERFECT_GUARD",
        INPUT,
        N_("a perfect guard by a card that is not a Sentinel, or whose discard is not of its clan"),
        params=("kind", "rule"),
        games=("vanguard",),
        messages=(N_("a perfect guard is a Sentinel's, paid by discarding another card of its clan"),),
    ),
    Code(
        "TABLE_TRIGGER_TARGET",
        INPUT,
        N_("a trigger's target the seed does not allow (its +5000, its second effect)"),
        params=("kind", "trigger", "field", "rule"),
        games=("vanguard",),
        messages=(N_("the %(trigger)s trigger cannot take this %(field)s"),),
    ),
    Code(
        "TABLE_COUNTER_BLAST",
        INPUT,
        N_("a Counter Blast of cards that are not face-up cards of the player's damage zone"),
        params=("kind", "rule"),
        games=("vanguard",),
        messages=(N_("a Counter Blast turns face-up cards of your own damage zone face down"),),
    ),
)
