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
            NP_(
                "the hand holds %(observed)s card; discard down to %(limit)s before the end of the turn",
                "the hand holds %(observed)s cards; discard down to %(limit)s before the end of the turn",
                "observed",
            ),
        ),
    ),
    # --- the rules mode's refusals (rules/games/darkrow/moves.py), each naming its seed rule ---------
    Code(
        "TABLE_HAND_UNDER_LIMIT",
        INPUT,
        N_("a discard at the end of the turn while the hand is within the limit (darkrow: 10)"),
        games=("darkrow",),
        params=("kind", "rule", "limit", "observed"),
        messages=(
            NP_(
                "the hand holds %(observed)s card, within the limit of %(limit)s: nothing to discard",
                "the hand holds %(observed)s cards, within the limit of %(limit)s: nothing to discard",
                "observed",
            ),
        ),
    ),
    Code(
        "TABLE_CARD_TYPE",
        INPUT,
        N_("a card played by a move that does not play its type (a deployment of an Action, an equipment)"),
        games=("darkrow",),
        params=("kind", "rule", "type", "expected"),
        messages=(N_("%(kind)s does not play a card of type %(type)s"),),
    ),
    Code(
        "TABLE_CARD_INCOMPLETE",
        INPUT,
        N_("a card played whose data lacks what the rules need (its printed cost)"),
        games=("darkrow",),
        params=("kind", "rule", "field"),
        messages=(N_("the card has no %(field)s in its data: the table cannot play it by the rules"),),
    ),
    Code(
        "TABLE_NOT_ENOUGH_INDICES",
        INPUT,
        N_("a card whose cost is more than the player's READY Indices"),
        games=("darkrow",),
        params=("kind", "rule", "cost", "ready"),
        messages=(
            NP_(
                "the card costs %(cost)s Indice; %(ready)s are READY",
                "the card costs %(cost)s Indices; %(ready)s are READY",
                "cost",
            ),
        ),
    ),
    Code(
        "TABLE_ACTION_QUOTA",
        INPUT,
        N_("a second Action card in the same turn (one in one's own turn, one in the opponent's)"),
        games=("darkrow",),
        params=("kind", "rule"),
        messages=(N_("you already played an Action card this turn"),),
    ),
    Code(
        "TABLE_FIRST_TURN_NO_ATTACK",
        INPUT,
        N_("an attack on the first player's very first turn (even with Rush)"),
        games=("darkrow",),
        params=("kind", "rule"),
        messages=(N_("the first player does not attack on the very first turn, even with Rush"),),
    ),
    Code(
        "TABLE_NOT_READY",
        INPUT,
        N_("an EXHAUSTED card asked to attack, block or be exhausted"),
        games=("darkrow",),
        params=("kind", "rule", "instance"),
        messages=(N_("this card is EXHAUSTED"),),
    ),
    Code(
        "TABLE_NOT_EXHAUSTED",
        INPUT,
        N_("a READY card asked to be readied"),
        games=("darkrow",),
        params=("kind", "rule", "instance"),
        messages=(N_("this card is already READY"),),
    ),
    Code(
        "TABLE_SUMMONING_SICK",
        INPUT,
        N_("an attack by a unit deployed this turn, without Rush (summoning sickness)"),
        games=("darkrow",),
        params=("kind", "rule", "instance"),
        messages=(N_("this unit arrived this turn: it attacks from your next turn, unless it has Rush"),),
    ),
    Code(
        "TABLE_ATTACK_TARGET",
        INPUT,
        N_("an attack on something else than the opposing Leader or an EXHAUSTED opposing unit"),
        games=("darkrow",),
        params=("kind", "rule", "target"),
        messages=(
            N_("attack the opposing Leader or an EXHAUSTED opposing unit; a READY unit can only block"),
        ),
    ),
    Code(
        "TABLE_ATTACK_PENDING",
        INPUT,
        N_("a move of the attacker while the defender chooses whether to block"),
        games=("darkrow",),
        params=("kind", "rule"),
        messages=(N_("the defender first chooses to block or to let the attack through"),),
    ),
    Code(
        "TABLE_NO_ATTACK",
        INPUT,
        N_("a block, or a let-through, with no attack on the player's Leader waiting"),
        games=("darkrow",),
        params=("kind", "rule"),
        messages=(N_("no attack on your Leader waits for your block"),),
    ),
    Code(
        "TABLE_EQUIP_TARGET",
        INPUT,
        N_("an equipment attached to something else than a Unit or Legendary of the field"),
        games=("darkrow",),
        params=("kind", "rule", "target"),
        messages=(N_("an equipment is attached to a Unit or Legendary of the field"),),
    ),
    Code(
        "TABLE_NOT_EQUIPPED",
        INPUT,
        N_("an unequip of a card that is not an equipment attached to a unit"),
        games=("darkrow",),
        params=("kind", "rule", "instance"),
        messages=(N_("this card is not an equipment attached to a unit"),),
    ),
)
