"""Duel's own finding codes (the shared ones are in rules.codes): the refusals of its table's rules
(rules/games/duel/moves.py), each naming the seed's rule in its ``rule`` param."""

from rules.codes import INPUT, Code
from rules.i18n import N_, NP_, Plural


def _table(key: str, help: str, params: tuple[str, ...], message: str | Plural) -> Code:
    return Code(key, INPUT, help, params=(*params, "rule"), games=("duel",), messages=(message,))


CODES: tuple[Code, ...] = (
    _table(
        "TABLE_DUEL_CARD_TYPE",
        N_("a duel move played with a card of another type than the move takes"),
        ("kind", "type", "expected"),
        N_("%(kind)s takes a card of type %(expected)s, not %(type)s"),
    ),
    _table(
        "TABLE_DUEL_CARD_INCOMPLETE",
        N_("a monster without the level its summon needs"),
        ("kind", "field"),
        N_("the monster has no %(field)s: give it one in the studio"),
    ),
    _table(
        "TABLE_DUEL_TRIBUTES",
        N_("a normal summon with another number of tributes than the monster's level asks"),
        ("kind", "level", "expected", "observed"),
        NP_(
            "a level %(level)s monster is summoned with %(expected)s tribute, not %(observed)s",
            "a level %(level)s monster is summoned with %(expected)s tributes, not %(observed)s",
            "expected",
        ),
    ),
    _table(
        "TABLE_DUEL_POSITION",
        N_("a normal summon in another position than face up in attack or face down in defence"),
        ("kind", "position"),
        N_("summon face up in attack (attack) or face down in defence (defence), not %(position)s"),
    ),
    _table(
        "TABLE_DUEL_TOO_SOON",
        N_("a face-down monster flipped, or a trap used, on the turn it was set"),
        ("kind",),
        N_("%(kind)s is possible from the turn after the card was set"),
    ),
    _table(
        "TABLE_DUEL_SUMMON_TURN",
        N_("a monster's position changed on the turn of its summon"),
        ("kind",),
        N_("a monster does not change its position on the turn of its summon"),
    ),
    _table(
        "TABLE_DUEL_ATTACKED",
        N_("a monster's position changed after it attacked this turn"),
        ("kind",),
        N_("a monster does not change its position after it attacked"),
    ),
    _table(
        "TABLE_DUEL_FACE_DOWN",
        N_("a position change of a face-down monster, or a flip summon of a face-up one"),
        ("kind", "faceDown"),
        N_("%(kind)s does not apply to this monster (face down: %(faceDown)s)"),
    ),
    _table(
        "TABLE_DUEL_FIRST_TURN_NO_ATTACK",
        N_("an attack on the first player's first turn"),
        ("kind",),
        N_("the first player does not attack on their first turn"),
    ),
    _table(
        "TABLE_DUEL_ATTACKER",
        N_("an attack by a card that is not one's own face-up monster in attack position"),
        ("kind",),
        N_("attack with one of your face-up monsters in attack position"),
    ),
    _table(
        "TABLE_DUEL_TARGET",
        N_("an attack aimed at no monster of the opponent"),
        ("kind", "at", "monsters"),
        NP_(
            "the opponent has %(monsters)s monster: aim at it (0 to %(monsters)s - 1), not %(at)s",
            "the opponent has %(monsters)s monsters: aim at one of them (0 to %(monsters)s - 1), not %(at)s",
            "monsters",
        ),
    ),
    _table(
        "TABLE_DUEL_DIRECT_ATTACK",
        N_("a direct attack while the opponent has a monster"),
        ("kind", "monsters"),
        NP_(
            "the opponent has %(monsters)s monster: an attack goes direct only when they have none",
            "the opponent has %(monsters)s monsters: an attack goes direct only when they have none",
            "monsters",
        ),
    ),
    _table(
        "TABLE_DUEL_BATTLE_OPEN",
        N_("a move played while an attack waits for its outcome"),
        ("kind",),
        N_("an attack waits for the defender: %(kind)s comes after it"),
    ),
    _table(
        "TABLE_DUEL_NO_BATTLE",
        N_("an attack's outcome asked while no attack waits for this duelist"),
        ("kind",),
        N_("no attack waits for your answer"),
    ),
    _table(
        "TABLE_DUEL_NO_REACTION",
        N_("an attack negated without a card used in answer to it"),
        ("kind",),
        N_("an attack is negated by a card used in answer to it: use the card first"),
    ),
    _table(
        "TABLE_DUEL_EQUIP_TARGET",
        N_("an equipment put on a card that is not a monster of the field one can see"),
        ("kind",),
        N_("equip a monster of the field"),
    ),
    _table(
        "TABLE_DUEL_EQUIP_LIMIT",
        N_("a second equipment on a monster (a third on a Machine)"),
        ("kind", "limit"),
        N_("this monster already carries %(limit)s equipment, its most"),
    ),
    _table(
        "TABLE_DUEL_NOT_ON_FIELD",
        N_("a move of a card of the field naming a card that is not there"),
        ("kind",),
        N_("%(kind)s takes one of your cards of the field"),
    ),
    _table(
        "TABLE_DUEL_ONE_REACTION",
        N_("a second reaction to the same action, at a table with the option one reaction per action"),
        ("kind",),
        N_("one reaction per action at this table: this action was already answered"),
    ),
    _table(
        "TABLE_DUEL_OPTION",
        N_("a table option that does not exist, or set after the first turn began"),
        ("kind", "option"),
        N_("the option %(option)s is set before the first player's main phase, among the table's options"),
    ),
)
