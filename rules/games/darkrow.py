"""Darkrow (seed 000, French): a detective-themed custom game.

Leader, Units, Legendaries, Actions, Objects and Places; the resource is the
INDICE, a system resource that is not a card.
"""

from rules.fields import enum_field, int_field
from rules.registry import register
from rules.ruleset import RuleSet

LEADER, UNIT, LEGENDARY, ACTION, OBJECT, PLACE = "LEADER", "UNIT", "LEGENDARY", "ACTION", "OBJECT", "PLACE"
FIGHTERS = frozenset({UNIT, LEGENDARY})
PAID = frozenset({UNIT, LEGENDARY, ACTION, OBJECT, PLACE})

# The seed's four equipments; every other Object is a consumable unless its text
# needs it to stay in play.
EQUIPMENTS = ("Casque de moto", "Uniforme", "Épée d’entraînement", "Pansement de Makoto")


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
