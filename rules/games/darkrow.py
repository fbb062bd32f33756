"""Darkrow (seed 000, French): a detective-themed custom game.

Leader, Units, Legendaries, Actions, Objects and Places; the resource is the
INDICE, a system resource that is not a card.
"""

import json

from rules.audit import OBJECT_BEHAVIOR_REVIEW
from rules.cards import CardData
from rules.fields import enum_field, int_field
from rules.findings import error, warning
from rules.registry import register
from rules.ruleset import RuleSet
from rules.text import fold

LEADER, UNIT, LEGENDARY, ACTION, OBJECT, PLACE = "LEADER", "UNIT", "LEGENDARY", "ACTION", "OBJECT", "PLACE"
FIGHTERS = frozenset({UNIT, LEGENDARY})
PAID = frozenset({UNIT, LEGENDARY, ACTION, OBJECT, PLACE})

# The seed's four equipments; every other Object is a consumable unless its text
# needs it to stay in play.
EQUIPMENTS = ("Casque de moto", "Uniforme", "Épée d’entraînement", "Pansement de Makoto")
# Objects the seed names as consumables: "Rouge à lèvre : ... ; consommable, pas équipement."
CONSUMABLES = ("Rouge à lèvre",)
CONSUMABLE, EQUIPMENT = "CONSUMABLE", "EQUIPMENT"

# Codes of the Object behaviour check (review list OBJECT_BEHAVIOR_REVIEW).
OBJECT_BEHAVIOR_MISSING = "OBJECT_BEHAVIOR_MISSING"
OBJECT_BEHAVIOR_SEED = "OBJECT_BEHAVIOR_SEED"
OBJECT_BEHAVIOR_UNJUSTIFIED = "OBJECT_BEHAVIOR_UNJUSTIFIED"

# "Objet par défaut : jouer, résoudre, défausser. Exception uniquement si texte exige
# maintien, notamment équipement ou effet continu nécessitant sa présence." Words
# (folded) by which a text asks for the Object to stay in play; a reviewer decides.
# "Une limite une fois par tour ne rend pas un Objet permanent": not a marker.
STAY_IN_PLAY_MARKERS = ("equip", "attach", "tant que", "reste en jeu", "reste sur le terrain", "continu", "permanent")

_EQUIPMENT_NAMES = {fold(name) for name in EQUIPMENTS}
_CONSUMABLE_NAMES = {fold(name) for name in CONSUMABLES}


def needs_to_stay_in_play(card: CardData) -> bool:
    """Whether the card's text (or effects) asks for it to stay in play."""
    haystack = fold(card.text) + " " + fold(json.dumps(list(card.effects), ensure_ascii=False))
    return any(marker in haystack for marker in STAY_IN_PLAY_MARKERS)


def object_behavior_follows_seed(card: CardData):
    """Objects: the four named equipments are EQUIPMENT, the others CONSUMABLE unless their text needs them to stay."""
    if card.type != OBJECT:
        return
    behavior = card.get("behavior")
    where = {"card": card.ref, "field": "behavior"}
    name = fold(card.name)
    if behavior is None:
        yield warning(
            OBJECT_BEHAVIOR_MISSING,
            "an Object needs its behaviour: CONSUMABLE (play, resolve, discard) or EQUIPMENT (stays attached)",
            **where,
        )
    elif name in _EQUIPMENT_NAMES and behavior != EQUIPMENT:
        yield error(OBJECT_BEHAVIOR_SEED, f"{card.name} is one of the four equipments of the seed; its behaviour is EQUIPMENT", **where)
    elif name in _CONSUMABLE_NAMES and behavior != CONSUMABLE:
        yield error(OBJECT_BEHAVIOR_SEED, f"the seed says {card.name} is a consumable, not an equipment; its behaviour is CONSUMABLE", **where)
    elif behavior == EQUIPMENT and name not in _EQUIPMENT_NAMES and not needs_to_stay_in_play(card):
        yield warning(
            OBJECT_BEHAVIOR_UNJUSTIFIED,
            f"{card.name} is EQUIPMENT but is not one of the seed's four equipments and its text does not ask it to "
            "stay in play; Objects are consumables unless their text needs them to stay",
            **where,
        )


@register
class Darkrow(RuleSet):
    key = "darkrow"
    name = "Darkrow"
    language = "fr"
    seed = "000_cc960ce6dc782e57.txt"
    card_types = (LEADER, UNIT, LEGENDARY, ACTION, OBJECT, PLACE)
    id_prefix = "DR"
    default_format = "standard"
    fields = (
        # A Leader has no deployment cost, no ATK and no PV: it never attacks.
        int_field("cost", label="Cost (Indices)", minimum=0, types=PAID, required_for=PAID),
        int_field("atk", label="ATK", minimum=0, types=FIGHTERS, required_for=FIGHTERS),
        int_field("pv", label="PV", minimum=1, types=FIGHTERS, required_for=FIGHTERS),
        enum_field(
            "behavior",
            ("CONSUMABLE", "EQUIPMENT"),
            label="Object behaviour",
            types=frozenset({OBJECT}),
            required_for=frozenset({OBJECT}),
            help="CONSUMABLE: play, resolve, discard. EQUIPMENT: stays attached to a unit.",
        ),
    )
    # Canonical decision of 28 September: "Gadget" and "Gadgets" both resolve to
    # GADGET. Nothing else is merged: Lycéen, Lycéenne and Lycéen(ne) stay distinct.
    archetype_aliases = {"GADGETS": "GADGET"}
    card_checks = (object_behavior_follows_seed,)
    review_lists = {
        OBJECT_BEHAVIOR_MISSING: OBJECT_BEHAVIOR_REVIEW,
        OBJECT_BEHAVIOR_SEED: OBJECT_BEHAVIOR_REVIEW,
        OBJECT_BEHAVIOR_UNJUSTIFIED: OBJECT_BEHAVIOR_REVIEW,
    }
    # The timings seed 000 names: ON_DEPLOY / ON_ENTER_FIELD (Otaki), ON_RESOLVE (Actions,
    # Objects), ACTIVATED; passive, activated and quick effects stay distinct ("Passif,
    # activable et rapide"); start and end of turn, the Draw Phase (Pansement de Makoto),
    # on attack (Kazuha), on damage (Chianti & Korn, Vodka), on destruction (Matsuda).
    effect_timings = (
        "ON_DEPLOY",
        "ON_ENTER_FIELD",
        "ON_RESOLVE",
        "ACTIVATED",
        "PASSIVE",
        "QUICK",
        "START_OF_TURN",
        "DRAW_PHASE",
        "END_OF_TURN",
        "ON_ATTACK",
        "ON_DAMAGE",
        "ON_DESTROY",
    )
    # Keywords the seed names: Rush, Initiative (en attaque), Percent.
    effect_keywords = ("RUSH", "INITIATIVE", "PERCENT")
    # Seed 000: "72 identités uniques"; "72 HD principaux, 53 références PK, 3 Full
    # Artwork, 6 anciens HD conservés après révision".
    expected_counts = {
        "identities": 72,
        "artwork": {"HD": 72, "REFERENCE": 53, "FULL_ART": 3, "LEGACY_HD": 6},
    }
