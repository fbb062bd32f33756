"""Duel (seed 004, French): monsters with levels and ATK/DEF, spells, traps, equipment, characters, terrains."""

from rules.draws import DrawSetup
from rules.effects import vocabulary as fx
from rules.fields import enum_field, int_field, str_field
from rules.formats import NAME, FormatData, SizeBound
from rules.i18n import N_, NC_
from rules.registry import register
from rules.ruleset import RuleSet
from rules.tables import spec as tbl
from rules.translations import GlossaryTerm

from . import face
from .codes import CODES
from .moves import ENGINE_READS, MOVES

MONSTER = "MONSTER"
MONSTERS = frozenset({MONSTER})


# --- Effects (issue 5): the vocabulary of Duel's structured effects ---------------------------
# From seed 004: spells played then sent to the graveyard, traps set face down and triggered
# from the next turn when their condition occurs, equipment, characters (a permanent effect
# or a once-per-turn power), terrains; summon effects (a flip summon triggers them too).
CARD_TYPES = (MONSTER, "SPELL", "TRAP", "EQUIPMENT", "CHARACTER", "TERRAIN")
STATS = ("ATK", "DEF", "LEVEL")
ZONES = ("HAND", "DECK", "GRAVEYARD", "FIELD", "BANISHED")
_DURATIONS = ("UNTIL_END_OF_TURN", "WHILE_EQUIPPED", "WHILE_ACTIVE", "PERMANENT")
_TARGET = fx.ref(N_("the monster, card or duelist it applies to"))
_COUNT = fx.integer(N_("how many (default 1)"), minimum=1)

EFFECTS = fx.EffectVocabulary(
    kinds=("passive", "activated", "triggered"),
    timings={
        "ON_PLAY": N_("when the spell, equipment, character or terrain is played"),
        "ACTIVATED": N_("a power used in its controller's main phase"),
        "CONTINUOUS": N_("a permanent effect, applied while the card stays"),
        "ON_SUMMON": N_("when the monster is summoned (a flip summon too)"),
        "ON_FLIP": N_("when the monster is turned face up"),
        "ON_ATTACK_DECLARED": N_("when an attack is declared"),
        "ON_DESTROYED": N_("when the card is destroyed"),
        "ON_CONDITION": N_("a trap, from the turn after it is set, when its condition occurs"),
        "START_OF_TURN": N_("at the start of the turn"),
        "END_OF_TURN": N_("at the end of the turn"),
    },
    durations={
        "UNTIL_END_OF_TURN": N_("jusqu'à la fin du tour"),
        "WHILE_EQUIPPED": N_("while the equipment stays on the monster"),
        "WHILE_ACTIVE": N_("while the card stays"),
        "PERMANENT": N_("never expires"),
    },
    actions=(
        fx.counted("DRAW", N_("draw cards")),
        fx.targeted("DESTROY", N_("destroy a card")),
        fx.variant("NEGATE_ATTACK", N_("the attack is cancelled")),
        fx.stat_change(STATS, _DURATIONS, N_("an ATK, DEF or level bonus or malus")),
        fx.variant(
            "GAIN_LP",
            N_("gain LP (capped at 6,000 in the beta)"),
            required=("amount",),
            amount=fx.integer(minimum=0),
            target=_TARGET,
        ),
        fx.variant(
            "DEAL_DAMAGE",
            N_("the duelist loses LP"),
            required=("amount",),
            amount=fx.integer(minimum=0),
            target=_TARGET,
        ),
        fx.variant(
            "SPECIAL_SUMMON",
            N_("summon a monster"),
            required=("from",),
            from_=fx.some_of(ZONES),
            filter=fx.FILTER,
            position=fx.one_of(("ATTACK", "DEFENCE")),
        ),
        fx.targeted("CHANGE_POSITION", N_("switch a monster's position")),
        fx.targeted("RETURN_TO_HAND", N_("return a card to the hand")),
        fx.targeted("SEND_TO_GRAVEYARD", N_("send a card to the graveyard")),
        fx.variant(
            "SEARCH",
            N_("look for a card in the deck"),
            required=("to",),
            to=fx.one_of(ZONES),
            filter=fx.FILTER,
            count=_COUNT,
        ),
        fx.targeted("EQUIP", N_("equip a monster (1 per monster, 2 per Machine)")),
    ),
    costs=(
        fx.counted("TRIBUTE", N_("sacrifice monsters")),
        fx.variant("PAY_LP", N_("pay LP"), required=("amount",), amount=fx.integer(minimum=1)),
        fx.variant("DISCARD", N_("discard cards"), required=("count",), count=_COUNT, filter=fx.FILTER),
    ),
    conditions=(
        fx.variant("OPPONENT_ATTACKS", N_("an opposing monster attacks")),
        fx.variant("OWN_TURN", N_("during its controller's turn")),
        fx.variant(
            "CONTROLS",
            N_("its controller controls cards that qualify"),
            required=("filter",),
            filter=fx.FILTER,
            atLeast=fx.integer(minimum=1),
        ),
    ),
    target_kinds={"MONSTER": N_("a monster"), "CARD": N_("a card"), "DUELIST": N_("a duelist")},
    filter_params={
        "cardTypes": fx.some_of(CARD_TYPES),
        "factions": fx.some_of(("LIGHT", "DARKNESS")),
        "monsterTypes": fx.texts(N_("e.g. Machine")),
        "minLevel": fx.integer(minimum=1, maximum=8),
        "maxLevel": fx.integer(minimum=1, maximum=8),
        "names": fx.texts(N_("exact names")),
    },
    target_params={"zone": fx.one_of(ZONES)},
    limit=fx.LimitRule(periods=("turn",), shared_by_copies=None),
    reading=fx.TextReading(
        once_per_turn=fx.ONCE_PER_TURN_FR + fx.ONCE_PER_TURN_EN,
        durations={"UNTIL_END_OF_TURN": fx.UNTIL_END_OF_TURN_FR + fx.UNTIL_END_OF_TURN_EN},
    ),
)


@register
class Duel(RuleSet):
    key = "duel"
    name = N_("Duel")
    language = "fr"
    # The team's words for the game's terms (rules.translations), as the catalogues write them.
    glossary = (
        GlossaryTerm("MONSTER", {"fr": ("Monstre",), "en": ("Monster",), "ru": ("монстр",)}),
        GlossaryTerm("TRAP", {"fr": ("Piège",), "en": ("Trap",), "ru": ("ловушк",)}),
    )
    seed = "004_6b37b58a3c9ef58c.txt"
    card_types = CARD_TYPES
    # Seed 004's words: monstres, magies, pièges, équipements, personnages, terrains; Lumière, Ténèbre.
    type_labels = {
        MONSTER: NC_("duel", "Monster"),
        "SPELL": NC_("duel", "Spell"),
        "TRAP": NC_("duel", "Trap"),
        "EQUIPMENT": NC_("duel", "Equipment"),
        "CHARACTER": NC_("duel", "Character"),
        "TERRAIN": NC_("duel", "Terrain"),
    }
    value_labels = {"faction": {"LIGHT": NC_("duel", "Light"), "DARKNESS": NC_("duel", "Darkness")}}
    id_prefix = "DU"
    hue = "#9f1239"
    demo_card_set = "duel.json"
    default_format = "standard"
    face_template = face.template()
    fields = (
        int_field(
            "level", label=N_("Level (stars)"), minimum=1, maximum=8, types=MONSTERS, required_for=MONSTERS
        ),
        int_field("atk", label=N_("ATK"), minimum=0, types=MONSTERS, required_for=MONSTERS),
        int_field("def", label=N_("DEF"), minimum=0, types=MONSTERS, required_for=MONSTERS),
        # Factions give no automatic bonus: only cards refer to them.
        enum_field("faction", ("LIGHT", "DARKNESS"), label=N_("Faction"), types=MONSTERS),
        str_field(
            "monsterType",
            label=N_("Monster kind"),
            types=MONSTERS,
            help=N_("e.g. Machine (2 equipments instead of 1)"),
        ),
    )
    # Effects (issue 5)
    effect_vocabulary = EFFECTS
    # A 40-card deck; the seed sets no copy limit. The banlist is empty: none is invented;
    # reviewers fill it by stableCardId or by card name (the identity of such banlists).
    default_formats = (
        FormatData(
            game="duel",
            key="standard",
            name=NC_("duel", "Standard"),
            sections={"main": SizeBound(exact=40)},
            identity=NAME,
            description="Seed 004: a 40-card deck; no copy limit; the banlist starts empty (entries by stableCardId or card name).",
        ),
    )
    curve_field = "level"
    # Its own finding codes (rules/games/duel/codes.py) and its table moves (rules.tables.moves;
    # rules/games/duel/moves.py): the rules mode of seed 004.
    codes = CODES
    table_moves = MOVES
    engine_reads = ENGINE_READS
    # Seed 004: "5 cartes en main"; "Au début de votre tour, vous piochez une carte (sauf le tout premier tour de la partie)".
    # Seed 004: 6,000 LP, 5 cards, 5 monster, 5 support and 1 character zones, one Terrain on the board.
    table = tbl.TableSpec(
        zones=(
            tbl.DECK,
            tbl.HAND,
            tbl.ZoneSpec("monsters", N_("Monster zones"), tbl.PUBLIC, capacity=5, play=True),
            tbl.ZoneSpec("supports", N_("Support zones"), tbl.PUBLIC, capacity=5, play=True),
            tbl.ZoneSpec("character", N_("Character zone"), tbl.PUBLIC, capacity=1, play=True),
            tbl.ZoneSpec(
                "terrain",
                N_("Terrain"),
                tbl.PUBLIC,
                capacity=1,
                replaced_to="discard",
                shared=True,
                play=True,
            ),
            tbl.ZoneSpec("discard", N_("Graveyard"), tbl.PUBLIC, ordered=True, layout="pile"),
        ),
        counters=(tbl.CounterSpec("lp", N_("LP"), 6000, None, None),),
        steps=(
            tbl.StepSpec("draw", N_("Draw"), (tbl.Draw(1, skip_first_turn=True),)),
            tbl.StepSpec("main1", N_("Main phase")),
            tbl.StepSpec(
                "battle", N_("Battle phase"), note=N_("the first player cannot attack on their first turn")
            ),
            tbl.StepSpec("main2", N_("Main phase 2")),
        ),
        setup=tbl.SetupSpec(summary=N_("Each duelist starts with 6,000 LP and 5 cards in hand.")),
        ends=(tbl.EndWhen("LIFE_POINTS", counter="lp", at_most=0),),
        summary=N_(
            "5 monster, 5 support and 1 character zones a duelist, one Terrain on the board, 6,000 LP."
        ),
    )

    draw_setup = DrawSetup(
        hand=5,
        draw_per_turn=1,
        first_player_skips_first_draw=True,
        summary=N_("Each duelist starts with 5 cards in hand. No mulligan."),
        seen_by_turn=N_(
            "the 5 cards in hand at the start, then 1 card at the start of each of your turns, except the very "
            "first turn of the game (the first player's)."
        ),
    )
