"""Darkrow (seed 000, French): a detective-themed custom game.

Leader, Units, Legendaries, Actions, Objects and Places; the resource is the
INDICE, a system resource that is not a card.
"""

import json

from rules.cards import CardData
from rules.codes import OBJECT_BEHAVIOR_REVIEW
from rules.corrections import CanonicalCorrection, EffectSelector
from rules.decks import DeckContext
from rules.draws import DrawSetup, Mulligan
from rules.effects import vocabulary as fx
from rules.fields import enum_field, int_field
from rules.findings import HINT, error, warning
from rules.formats import STABLE_ID, FormatData, SizeBound
from rules.i18n import N_, NC_
from rules.registry import register
from rules.ruleset import RuleSet
from rules.tables import spec as tbl
from rules.text import fold
from rules.translations import GlossaryTerm

from . import evaluation, face
from .codes import CODES
from .moves import ENGINE_READS, MOVES

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
OBJECT_BEHAVIOR_SEED = "OBJECT_BEHAVIOR_SEED"
OBJECT_BEHAVIOR_UNJUSTIFIED = "OBJECT_BEHAVIOR_UNJUSTIFIED"

# "Objet par défaut : jouer, résoudre, défausser. Exception uniquement si texte exige
# maintien, notamment équipement ou effet continu nécessitant sa présence." Words
# (folded) by which a text asks for the Object to stay in play; a reviewer decides.
# "Une limite une fois par tour ne rend pas un Objet permanent": not a marker.
STAY_IN_PLAY_MARKERS = (
    "equip",
    "attach",
    "tant que",
    "reste en jeu",
    "reste sur le terrain",
    "continu",
    "permanent",
)

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
        return  # FIELD_REQUIRED already says so (and lists the card in OBJECT_BEHAVIOR_REVIEW)
    if name in _EQUIPMENT_NAMES and behavior != EQUIPMENT:
        yield error(
            OBJECT_BEHAVIOR_SEED,
            params={"card": card.ref, "name": card.name, "expected": EQUIPMENT},
            hint=N_("set its behaviour to EQUIPMENT"),
            **where,
        )
    elif name in _CONSUMABLE_NAMES and behavior != CONSUMABLE:
        yield error(
            OBJECT_BEHAVIOR_SEED,
            params={"card": card.ref, "name": card.name, "expected": CONSUMABLE},
            hint=N_("set its behaviour to CONSUMABLE"),
            **where,
        )
    elif behavior == EQUIPMENT and name not in _EQUIPMENT_NAMES and not needs_to_stay_in_play(card):
        yield warning(
            OBJECT_BEHAVIOR_UNJUSTIFIED,
            params={"card": card.ref, "name": card.name or card.ref},
            hint=N_("make it CONSUMABLE, or say in its text why it stays in play"),
            **where,
        )


# --- Effects (issue 5): the vocabulary of Darkrow's structured effects ----------------------
# From seed 000: timings ON_DEPLOY / ON_ENTER_FIELD / ON_RESOLVE / ACTIVATED, quick and
# passive effects, the Draw Phase; every "once per turn" limit is keyed by player + turn +
# effectId and shared by all copies; durations "jusqu’à fin du tour" and "pour cette
# présence sur le terrain".
ZONES = ("HAND", "DECK", "DISCARD", "BANISHED", "FIELD", "LIFE", "PRISON")
STATS = ("ATK", "PV")
KEYWORDS = ("RUSH", "INITIATIVE", "PERCENT")
_COUNT = fx.integer(N_("how many (default 1)"), minimum=1)
_TARGET = fx.ref(N_("the card, unit or player it applies to"))
_FROM = fx.some_of(ZONES, N_("the zones it is taken from"))
# The durations of something that lasts; an equipment's bonus lasts while it is attached.
_LASTING = ("UNTIL_END_OF_TURN", "THIS_PRESENCE", "WHILE_ACTIVE", "PERMANENT")
_LASTING_ON_UNITS = (*_LASTING, "WHILE_ATTACHED")

EFFECTS = fx.EffectVocabulary(
    timings={
        "ON_DEPLOY": N_("when the card is deployed"),
        "ON_ENTER_FIELD": N_("when it arrives on the field, deployed or otherwise"),
        "ON_RESOLVE": N_("when an Action or Object card resolves (it may still be played in response)"),
        "ACTIVATED": N_("an activated ability, in its controller's free turn"),
        "CONTINUOUS": N_("a passive effect, applied while its conditions hold"),
        "DRAW_PHASE": N_("at the normal draw of the Draw Phase, not the generic start of turn"),
        "START_OF_TURN": N_("at the start-of-turn effects"),
        "END_OF_TURN": N_("at the end of its controller's turn"),
        "ON_ATTACK": N_("when the unit attacks"),
        "ON_BLOCK": N_("when the unit blocks"),
        "ON_DAMAGE_DEALT": N_("when damage is dealt (e.g. by your Snipers to an opposing unit)"),
        "ON_DAMAGE_TAKEN": N_("when the unit takes damage"),
        "ON_DESTROYED": N_("when the unit is destroyed, even if it is banished"),
        "ON_LEAVE_FIELD": N_("when the card leaves the field"),
        "BEFORE_SENT_TO_DISCARD": N_("before a card would be sent to the discard"),
        "ON_SENT_TO_DISCARD": N_("when the card reaches its discard"),
        "ON_UNEQUIP": N_("when the equipment is unequipped"),
    },
    durations={
        "UNTIL_END_OF_TURN": N_("jusqu’à (la) fin du tour"),
        "THIS_PRESENCE": N_(
            "pour cette présence sur le terrain: lost when the card leaves the field, not regained on its return"
        ),
        "WHILE_ATTACHED": N_("while the equipment stays attached to the unit"),
        "WHILE_ACTIVE": N_("while the passive effect's source and conditions hold"),
        "PERMANENT": N_("never expires"),
    },
    actions=(
        fx.counted("DRAW", N_("draw cards")),
        fx.variant(
            "DEPLOY",
            N_("deploy cards (free unless a cost is stated; conditions, targets and slots still apply)"),
            required=("from",),
            from_=_FROM,
            count=_COUNT,
            free=fx.flag(N_("deployed without paying its cost")),
            filter=fx.FILTER,
            target=_TARGET,
        ),
        fx.variant(
            "SEARCH",
            N_("look for cards (a search of the deck shuffles it)"),
            required=("from", "to"),
            from_=_FROM,
            to=fx.one_of(ZONES),
            count=_COUNT,
            filter=fx.FILTER,
            reveal=fx.flag(N_("the chosen card is revealed")),
        ),
        fx.variant("REVEAL", N_("reveal cards"), required=("from",), from_=_FROM, count=_COUNT),
        fx.variant(
            "DISCARD",
            N_("discard cards"),
            from_=fx.one_of(ZONES),
            count=_COUNT,
            filter=fx.FILTER,
            target=_TARGET,
        ),
        fx.targeted("SEND_TO_DISCARD", N_("send a card to its discard")),
        fx.variant(
            "DEAL_DAMAGE",
            N_("deal damage"),
            required=("amount", "target"),
            amount=fx.integer(minimum=0),
            target=_TARGET,
        ),
        fx.variant(
            "HEAL",
            N_("remove damage (does not raise the maximum)"),
            required=("amount", "target"),
            amount=fx.integer(minimum=0),
            target=_TARGET,
        ),
        fx.stat_change(STATS, _LASTING_ON_UNITS),
        fx.variant(
            "MODIFY_COST",
            N_("change a cost: proportional factor first, rounded up, then the fixed amount, minimum 0"),
            lasting=True,
            factor=fx.text(N_("a proportional change such as 1/2")),
            amount=fx.integer(N_("a fixed change in Indices")),
            filter=fx.FILTER,
            target=_TARGET,
            duration=fx.one_of(_LASTING),
        ),
        fx.variant(
            "MODIFY_DAMAGE",
            N_("change the damage dealt"),
            required=("amount",),
            lasting=True,
            amount=fx.integer(),
            filter=fx.FILTER,
            duration=fx.one_of(_LASTING),
        ),
        fx.variant(
            "GRANT_KEYWORD",
            N_("give a keyword"),
            required=("keyword",),
            lasting=True,
            keyword=fx.one_of(KEYWORDS),
            target=_TARGET,
            duration=fx.one_of(_LASTING_ON_UNITS),
        ),
        fx.counted("REACTIVATE_INDICES", N_("ready exhausted Indices")),
        fx.targeted("EXHAUST", N_("exhaust (sleep and paralysis are EXHAUST)")),
        fx.targeted("READY", N_("ready (does not remove summoning sickness)")),
        fx.targeted("RETURN_TO_HAND", N_("return a card to its owner's hand")),
        fx.variant(
            "RETURN_TO_DECK",
            N_("return a card to the deck: on top or bottom keeps the order, otherwise shuffle"),
            required=("target",),
            target=_TARGET,
            position=fx.one_of(("TOP", "BOTTOM", "SHUFFLED")),
        ),
        fx.variant(
            "MOVE_TO_ZONE",
            N_("put a card in a zone (e.g. PRISON)"),
            required=("target", "to"),
            target=_TARGET,
            to=fx.one_of(ZONES),
        ),
        fx.targeted("BANISH", N_("banish a card")),
        fx.targeted("DESTROY", N_("destroy a unit")),
        fx.variant(
            "REDIRECT_DAMAGE",
            N_("damage meant for a unit goes to others instead, never duplicated"),
            required=("target", "toward"),
            target=fx.ref(N_("whose damage is redirected")),
            toward=fx.ref(N_("who receives it")),
            split=fx.one_of(
                ("ALL", "EVEN"),
                N_("EVEN: floor(D/N) each, the controller picks D mod N distinct recipients of +1"),
            ),
        ),
        fx.variant(
            "COPY_ABILITIES",
            N_(
                "copy every ability (passive, activated, quick, triggered) of a card; name, cost, stats unchanged"
            ),
            required=("source", "target"),
            lasting=True,
            source=fx.ref(N_("copied from")),
            target=fx.ref(N_("copied onto")),
            duration=fx.one_of(("UNTIL_END_OF_TURN", "THIS_PRESENCE", "PERMANENT")),
        ),
        fx.targeted(
            "REPLACE_ATTACKER", N_("another unit becomes the attacker (not a new attack declaration)")
        ),
        fx.variant(
            "CANCEL",
            N_("cancel a combat or a card or effect, with no refund of costs"),
            required=("what",),
            what=fx.one_of(("COMBAT", "ATTACK", "EFFECT")),
        ),
        fx.variant("CHOOSE_BLOCKER", N_("the attacker chooses the blocker among the eligible READY units")),
        fx.targeted("EQUIP", N_("attach an equipment to a unit")),
        fx.targeted("UNEQUIP", N_("detach an equipment (its bonus goes at once)")),
        fx.variant("SHUFFLE", N_("shuffle a zone"), required=("zone",), zone=fx.one_of(("DECK",))),
    ),
    costs=(
        fx.variant(
            "PAY_INDICES", N_("exhaust READY Indices"), required=("amount",), amount=fx.integer(minimum=0)
        ),
        fx.variant("EXHAUST_SELF", N_("exhaust this card (a Leader's activated ability)")),
        fx.targeted("EXHAUST", N_("exhaust a card")),
        fx.variant("DISCARD", N_("discard cards"), from_=fx.one_of(ZONES), count=_COUNT, filter=fx.FILTER),
        fx.variant("BANISH_SELF", N_("banish this card (e.g. from the discard)"), from_=fx.one_of(ZONES)),
        fx.variant(
            "DEAL_DAMAGE",
            N_("damage dealt as a cost (paid even if the unit is destroyed)"),
            required=("amount", "target"),
            amount=fx.integer(minimum=0),
            target=_TARGET,
        ),
        fx.targeted("SEND_TO_DISCARD", N_("send a card to the discard")),
    ),
    conditions=(
        fx.variant("OWN_TURN", N_("during its controller's turn")),
        fx.variant("OPPONENT_TURN", N_("during the opponent's turn")),
        fx.variant("SOURCE_READY", N_("this card is READY")),
        fx.variant("OUT_OF_COMBAT", N_("outside a combat")),
        fx.variant(
            "CONTROLS",
            N_("its controller controls cards"),
            required=("filter",),
            filter=fx.FILTER,
            atLeast=fx.integer(minimum=1),
        ),
        fx.variant(
            "DISTINCT_NAMES_AT_LEAST",
            N_("at least N distinct names among the cards that qualify (units and Leader)"),
            required=("filter", "count"),
            filter=fx.FILTER,
            count=fx.integer(minimum=1),
        ),
        fx.variant(
            "EVENT_THIS_TURN",
            N_("something happened to a card this turn"),
            required=("event",),
            event=fx.one_of(("SENT_TO_DISCARD", "DESTROYED", "DEPLOYED", "DAMAGED")),
            target=_TARGET,
        ),
        fx.variant(
            "STAT_BELOW",
            N_("a card's stat is below a value"),
            required=("stat", "value", "target"),
            stat=fx.one_of(STATS),
            value=fx.integer(),
            target=_TARGET,
        ),
    ),
    target_kinds={
        "UNIT": N_("a Unit or Legendary on the field"),
        "LEADER": N_("a Leader"),
        "CARD": N_("a card in a zone"),
        "PLAYER": N_("a player"),
        "EFFECT": N_("a card or effect being played"),
    },
    target_params={"zone": fx.one_of(ZONES, N_("where it is chosen (default: the field)"))},
    filter_params={
        "cardTypes": fx.some_of((LEADER, UNIT, LEGENDARY, ACTION, OBJECT, PLACE)),
        "names": fx.texts(N_("exact identities: the full name (Chianti is not Chianti & Korn)")),
        "cites": fx.texts(N_("cards citing any of these, in their title or text")),
        "archetypes": fx.texts(N_("printed archetype labels (the rule set's aliases apply)")),
        "state": fx.one_of(("READY", "EXHAUSTED")),
        "maxCost": fx.integer(minimum=0),
        "distinctNames": fx.flag(N_("the chosen cards have different names")),
        "other": fx.flag(N_("another card than this one")),
    },
    references={
        "SELF": N_("this card"),
        "CONTROLLER": N_("its controller"),
        "OPPONENT": N_("the opponent"),
        "OWN_LEADER": N_("its controller's Leader"),
        "OPPONENT_LEADER": N_("the opponent's Leader"),
        "ATTACKER": N_("the attacking unit"),
        "BLOCKER": N_("the blocking unit"),
        "EQUIPPED_UNIT": N_("the unit this equipment is attached to"),
    },
    limit=fx.LimitRule(periods=("turn",), shared_by_copies=True),
    reading=fx.TextReading(
        once_per_turn=fx.ONCE_PER_TURN_FR + fx.ONCE_PER_TURN_EN,
        durations={
            "UNTIL_END_OF_TURN": fx.UNTIL_END_OF_TURN_FR + fx.UNTIL_END_OF_TURN_EN,
            "THIS_PRESENCE": (r"\bpour cette presence\b", r"\bfor this presence\b"),
            "WHILE_ATTACHED": (r"\btant qu'(?:il|elle) reste attache",),
        },
        kinds={
            "quick": (r"\brapides?\b", r"\bquick\b"),
            "activated": (r"\bactivables?\b", r"\bactivated\b"),
            "passive": (r"\bpassifs?\b", r"\bpassive\b"),
        },
    ),
)

# Seed 000, "Précision utilisateur Phase 6.2.2": the historical import lacked this limit;
# the correction is declarative, on top of the imported card, its image and text untouched.
KOJIMA_GENTA_QUICK_DEPLOY_LIMIT = CanonicalCorrection(
    key="darkrow-kojima-genta-quick-deploy-limit",
    card_name="Kojima Genta",
    selector=EffectSelector(kind="quick", timings=("ON_DEPLOY", "ON_ENTER_FIELD"), actions=("DEPLOY",)),
    change=(
        {
            "op": "add",
            "path": "/limit",
            "value": {
                "per": "turn",
                "count": 1,
                "scope": "player",
                "key": fx.LIMIT_KEY,
                "sharedByCopies": True,
            },
        },
    ),
    why="L’effet rapide de déploiement de Kojima Genta est limité à une utilisation par joueur et par tour, "
    "commune à ses exemplaires. L’import historique ne renseignait pas cette limite.",
    source="seed 000 (règles canoniques), précision utilisateur Phase 6.2.2",
)

INDICE = "INDICE"
MAX_LEADER_CANDIDATES = 5


# --- deck construction (seed 000, "Decks, ressources et zones") ----------------------------
# Main deck exactly 40 and at most 3 copies per stableCardId are the standard
# format's data; these are the game's own rules. No rule makes the deck share
# the Leader's archetype, and none is invented here.
def leaders_and_indice_stay_out_of_main(ctx: DeckContext):
    for resolved in ctx.section("main"):
        if resolved.reserved == INDICE:
            yield error(
                "WRONG_SECTION",
                section="main",
                card=INDICE,
                params={"section": "main", "card": INDICE, "ref": INDICE},
                hint=N_("remove it from main"),
            )
        elif resolved.card is not None and resolved.card.type == LEADER:
            yield error(
                "WRONG_SECTION",
                section="main",
                card=resolved.card.stable_id,
                params={
                    "section": "main",
                    "card": resolved.card.stable_id,
                    "type": LEADER,
                    "expected": "leaders",
                },
                hint=N_("list it under leaders"),
            )
    for resolved in ctx.section("leaders"):
        if resolved.reserved == INDICE or (resolved.card is not None and resolved.card.type != LEADER):
            yield error(
                "WRONG_SECTION",
                section="leaders",
                card=resolved.card.stable_id if resolved.card is not None else resolved.ref,
                params={
                    "section": "leaders",
                    "card": resolved.card.stable_id if resolved.card is not None else resolved.ref,
                    "type": resolved.card.type
                    if resolved.card is not None and not resolved.reserved
                    else INDICE,
                },
                hint=N_("only Leaders can be Leader candidates: move it to main or remove it"),
            )


def one_legendary_at_most(ctx: DeckContext):
    legendaries = sorted(
        ((r, card) for r, card in ctx.cards("main") if card.type == LEGENDARY),
        key=lambda rc: (rc[1].stable_id, rc[0].count),
    )
    total = sum(r.count for r, _ in legendaries)
    if total > 1:
        yield error(
            "LEGENDARY_LIMIT",
            section="main",
            card=legendaries[0][1].stable_id,
            params={"section": "main", "card": legendaries[0][1].stable_id, "observed": total, "expected": 1},
            hint=N_("keep at most one Legendary"),
        )


def _candidate_key(resolved) -> str:
    return resolved.card.id if resolved.card is not None else resolved.ref


def at_most_five_leader_candidates(ctx: DeckContext):
    """Up to 5 Leader candidates (seed 000), each counted once however often it is listed.

    No candidate is no error: construction stays valid and the deck is not ready
    to play (:func:`active_leader_is_a_candidate` says so, FORMATS.md v1.1).
    """
    repeated: dict[str, int] = {}  # copies per candidate (a dict: a Counter costs more here)
    for resolved in ctx.section("leaders"):
        key = _candidate_key(resolved)
        repeated[key] = repeated.get(key, 0) + resolved.count
    if len(repeated) > MAX_LEADER_CANDIDATES:
        yield error(
            "LEADER_CANDIDATES",
            section="leaders",
            params={"section": "leaders", "observed": len(repeated), "expected": MAX_LEADER_CANDIDATES},
            hint=HINT,
        )
    for ref, count in repeated.items():
        if count > 1:
            yield warning(
                "LEADER_CANDIDATES",
                section="leaders",
                card=ref,
                params={"section": "leaders", "card": ref, "observed": count, "expected": 1},
                hint=N_("list each candidate once"),
            )


def active_leader_is_a_candidate(ctx: DeckContext):
    pick = ctx.picks.get("activeLeader")
    if not ctx.section("leaders") and (pick is None or pick.card is None or pick.card.type == LEADER):
        # Seed 000: up to 5 candidates "peuvent être stockés"; none leaves construction valid.
        yield warning(
            "ACTIVE_LEADER",
            section="activeLeader" if pick is None else "leaders",
        )
        return
    if pick is None:
        # Construction can be valid without it; the deck is not ready to play (seed:
        # "la validation de construction est distincte de la validation pour une partie").
        yield warning(
            "ACTIVE_LEADER",
            section="activeLeader",
            params={"section": "activeLeader"},
            hint=N_("choose one of the Leader candidates (activeLeader) before playing"),
        )
        return
    if pick.reserved == INDICE:
        yield error(
            "ACTIVE_LEADER",
            section="activeLeader",
            card=INDICE,
            params={"section": "activeLeader", "card": INDICE, "type": INDICE},
            hint=N_("choose one of the Leader candidates"),
        )
        return
    if pick.card is None:
        return  # UNKNOWN_CARD or AMBIGUOUS_CARD already says why
    if pick.card.type != LEADER:
        yield error(
            "ACTIVE_LEADER",
            section="activeLeader",
            card=pick.card.stable_id,
            params={"section": "activeLeader", "card": pick.card.stable_id, "type": pick.card.type},
            hint=N_("choose one of the Leader candidates"),
        )
    candidates = {r.card.stable_id for r in ctx.section("leaders") if r.card is not None}
    if pick.card.stable_id not in candidates:
        yield error(
            "ACTIVE_LEADER",
            section="activeLeader",
            card=pick.card.stable_id,
            params={"section": "activeLeader", "card": pick.card.stable_id},
            hint=N_("add it to leaders, or pick a candidate"),
        )


@register
class Darkrow(RuleSet):
    key = "darkrow"
    # Its own finding codes, with their message templates (rules/games/darkrow/codes.py).
    codes = CODES
    # Its table moves (rules.tables.moves; rules/games/darkrow/moves.py).
    table_moves = MOVES
    engine_reads = ENGINE_READS
    bot_evaluate = staticmethod(evaluation.evaluate)
    name = N_("Darkrow")
    language = "fr"
    # The team's words for the game's terms (rules.translations; the catalogues' Indices, Leader, Life).
    glossary = (
        GlossaryTerm("INDICE", {"fr": ("Indice",), "en": ("Indice",), "ru": ("индекс",)}),
        GlossaryTerm("LEADER", {"fr": ("Leader",), "en": ("Leader",), "ru": ("лидер",)}),
        GlossaryTerm("LIFE", {"fr": ("Life",), "en": ("Life",), "ru": ("жизнь", "жизн")}),
    )
    seed = "000_cc960ce6dc782e57.txt"
    card_types = (LEADER, UNIT, LEGENDARY, ACTION, OBJECT, PLACE)
    # Seed 000's words: Leader, Unités, Légendaires, Action, Objet, Lieu; consommable, équipement.
    type_labels = {
        LEADER: NC_("darkrow", "Leader"),
        UNIT: NC_("darkrow", "Unit"),
        LEGENDARY: NC_("darkrow", "Legendary"),
        ACTION: NC_("darkrow", "Action"),
        OBJECT: NC_("darkrow", "Object"),
        PLACE: NC_("darkrow", "Place"),
    }
    value_labels = {
        "behavior": {CONSUMABLE: NC_("darkrow", "Consumable"), EQUIPMENT: NC_("darkrow", "Equipment")},
    }
    id_prefix = "DR"
    hue = "#3d3a5c"
    demo_card_set = "darkrow.json"
    default_format = "standard"
    face_template = face.template()
    fields = (
        # A Leader has no deployment cost, no ATK and no PV: it never attacks.
        int_field("cost", label=N_("Cost (Indices)"), minimum=0, types=PAID, required_for=PAID),
        int_field("atk", label=N_("ATK"), minimum=0, types=FIGHTERS, required_for=FIGHTERS),
        int_field("pv", label=N_("PV"), minimum=1, types=FIGHTERS, required_for=FIGHTERS),
        enum_field(
            "behavior",
            ("CONSUMABLE", "EQUIPMENT"),
            label=N_("Object behaviour"),
            types=frozenset({OBJECT}),
            required_for=frozenset({OBJECT}),
            help=N_("CONSUMABLE: play, resolve, discard. EQUIPMENT: stays attached to a unit."),
            # An Object without behaviour is for the Object behaviour review.
            review_list_when_missing=OBJECT_BEHAVIOR_REVIEW,
        ),
    )
    # Canonical decision of 28 September: "Gadget" and "Gadgets" both resolve to
    # GADGET. Nothing else is merged: Lycéen, Lycéenne and Lycéen(ne) stay distinct.
    archetype_aliases = {"GADGETS": "GADGET"}
    # Effects (issue 5)
    effect_vocabulary = EFFECTS
    canonical_corrections = (KOJIMA_GENTA_QUICK_DEPLOY_LIMIT,)
    card_checks = (object_behavior_follows_seed,)
    # Seed 000: "72 identités uniques"; "72 HD principaux, 53 références PK, 3 Full
    # Artwork, 6 anciens HD conservés après révision".
    expected_counts = {
        "identities": 72,
        "artwork": {"HD": 72, "REFERENCE": 53, "FULL_ART": 3, "LEGACY_HD": 6},
    }

    deck_sections = ("main", "leaders")
    deck_picks = ("activeLeader",)
    copy_limit_sections = ("main",)
    reserved_refs = {INDICE: "the INDICE system resource"}
    deck_checks = (
        leaders_and_indice_stay_out_of_main,
        one_legendary_at_most,
        at_most_five_leader_candidates,
        active_leader_is_a_candidate,
    )
    deck_home = {LEADER: "leaders"}
    deck_pick_choices = {"activeLeader": ("leaders", frozenset({LEADER}))}
    deck_labels = {
        "main": N_("Main deck"),
        "leaders": N_("Leader candidates"),
        "activeLeader": N_("Active Leader"),
    }
    deck_aliases = {"leader": "leaders", "candidates": "leaders"}
    deck_help = {
        "activeLeader": N_("Exactly one of the Leader candidates is active; it is not one of the 40.")
    }
    curve_field = "cost"
    # Seed 000, "Mise en place et tour".
    draw_setup = DrawSetup(
        hand=5,
        mulligan=Mulligan(max_cards=5, to_bottom=False),
        life=5,
        draw_per_turn=1,
        first_player_skips_first_draw=True,
        summary=N_(
            "Shuffle and draw 5. Optional mulligan of 0 to 5 cards: put them back, shuffle, draw as many "
            "(the same cards may come back). Then the next 5 cards become face-down Life."
        ),
        seen_by_turn=N_(
            "the 5 cards of the opening hand, then 1 card at the start of each of your turns; the first player "
            "does not draw on the very first turn. Life cards are not in the hand (an attack may bring one there later)."
        ),
    )
    matchup_pick = "activeLeader"
    # Seed 000, "Decks, ressources et zones" and "Mise en place et tour".
    table = tbl.TableSpec(
        zones=(
            tbl.DECK,
            tbl.HAND,
            tbl.ZoneSpec("leader", N_("Leader"), tbl.PUBLIC, capacity=1),
            tbl.ZoneSpec("life", N_("Life"), tbl.HIDDEN, face_down=True, ordered=True, layout="pile"),
            tbl.ZoneSpec("units", N_("Units and Legendaries"), tbl.PUBLIC, capacity=6, play=True),
            tbl.ZoneSpec("place", N_("Place"), tbl.PUBLIC, capacity=1, replaced_to="discard", play=True),
            tbl.ZoneSpec("prison", N_("Prison"), tbl.PUBLIC),
            tbl.DISCARD,
            tbl.ZoneSpec("banished", N_("Banished"), tbl.PUBLIC, layout="pile"),
        ),
        counters=(
            tbl.CounterSpec("indices", N_("Indices"), 0, 0, 10),
            tbl.CounterSpec("indicesReady", N_("Indices ready"), 0, 0, 10),
        ),
        steps=(
            tbl.StepSpec("ready", N_("Ready"), (tbl.Untap(),)),
            tbl.StepSpec(
                "indices",
                N_("Indices"),
                (tbl.Schedule("indices", (1, 3, 5, 7, 9, 10), (2, 4, 6, 8, 10), also=("indicesReady",)),),
            ),
            tbl.StepSpec(
                "draw",
                N_("Draw"),
                (tbl.Draw(1, skip_first_turn=True),),
                note=N_("the first player neither draws nor attacks on the very first turn"),
            ),
            tbl.StepSpec("play", N_("Free play"), note=N_("play, attack and activate in any legal order")),
            tbl.StepSpec("end", N_("End of turn"), note=N_("end effects, then discard down to 10 cards")),
        ),
        setup=tbl.SetupSpec(
            picks=(("activeLeader", "leader"),),
            life_zone="life",
            coin_toss=True,
            summary=N_(
                "Coin toss: its winner chooses to play first or second. Each player draws 5, may put 0 to 5 "
                "back (shuffled, drawn again), then the next 5 cards become face-down Life."
            ),
        ),
        summary=N_(
            "Leader, hand, deck, Life, 6 Unit/Legendary slots, 1 Place, discard, banished, up to 10 Indices."
        ),
    )

    default_formats = (
        FormatData(
            game="darkrow",
            key="standard",
            name=NC_("darkrow", "Standard"),
            sections={"main": SizeBound(exact=40)},
            copy_limit=3,
            identity=STABLE_ID,
            description="Seed 000: 40 cards, at most 3 copies per stableCardId, 0 or 1 Legendary, 1 to 5 Leader candidates and one active Leader.",
        ),
    )
