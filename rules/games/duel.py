"""Duel (seed 004, French): monsters with levels and ATK/DEF, spells, traps, equipment, characters, terrains."""

from rules.decks import NAME, FormatData, SizeBound
from rules.fields import enum_field, int_field, str_field
from rules.registry import register
from rules.ruleset import RuleSet

MONSTER = "MONSTER"
MONSTERS = frozenset({MONSTER})


@register
class Duel(RuleSet):
    key = "duel"
    name = "Duel"
    language = "fr"
    seed = "004_6b37b58a3c9ef58c.txt"
    card_types = (MONSTER, "SPELL", "TRAP", "EQUIPMENT", "CHARACTER", "TERRAIN")
    id_prefix = "DU"
    default_format = "standard"
    fields = (
        int_field("level", label="Level (stars)", minimum=1, maximum=8, types=MONSTERS, required_for=MONSTERS),
        int_field("atk", label="ATK", minimum=0, types=MONSTERS, required_for=MONSTERS),
        int_field("def", label="DEF", minimum=0, types=MONSTERS, required_for=MONSTERS),
        # Factions give no automatic bonus: only cards refer to them.
        enum_field("faction", ("LIGHT", "DARKNESS"), label="Faction", types=MONSTERS),
        str_field("monsterType", label="Monster kind", types=MONSTERS, help="e.g. Machine (2 equipments instead of 1)"),
    )
    # A 40-card deck; the seed sets no copy limit. The banlist is empty: none is invented;
    # reviewers fill it by stableCardId or by card name (the identity of such banlists).
    default_formats = (
        FormatData(game="duel", key="standard", name="Standard", sections={"main": SizeBound(exact=40)}, identity=NAME),
    )
