"""Cardfight!! Vanguard, Classic format (seed 002, Russian): BT01, TD01, TD02."""

from rules.cards import CardData
from rules.decks import DeckContext
from rules.draws import DrawSetup, Mulligan
from rules.effects import vocabulary as fx
from rules.fields import bool_field, enum_field, int_field, str_field
from rules.findings import HINT, error
from rules.formats import NAME_ID, FormatData, SizeBound
from rules.i18n import N_, NC_
from rules.registry import register
from rules.ruleset import RuleSet
from rules.tables import spec as tbl
from rules.tables.clock import TurnTimer
from rules.translations import GlossaryTerm

from . import evaluation, face
from .codes import CODES
from .moves import ENGINE_READS, MOVES

NORMAL_UNIT, TRIGGER_UNIT = "NORMAL_UNIT", "TRIGGER_UNIT"
TRIGGERS = ("CRITICAL", "DRAW", "STAND", "HEAL")


# --- Effects (issue 5): the vocabulary of Vanguard's structured effects ---------------------
# From seed 002: ACT / AUTO / CONT abilities, their windows (OnPlace, OnRideOver, Drive and
# Damage Checks...), the costs (Counter Blast, Soul Blast...) and the ModifierDuration values
# UntilEndOfBattle, UntilEndOfTurn, UntilOwnerNextStand, Permanent. A "[1/Turn]" limit is
# counted per player and turn; each effect says whether copies share it.
CIRCLES = ("VC", "RC", "GC")
ZONES = ("DECK", "HAND", "VC", "RC", "GC", "DAMAGE", "DROP", "SOUL", "TRIGGER")
STATS = ("POWER", "SHIELD", "CRITICAL", "DRIVE")
_DURATIONS = (
    "UNTIL_END_OF_BATTLE",
    "UNTIL_END_OF_TURN",
    "UNTIL_OWNER_NEXT_STAND",
    "PERMANENT",
    "WHILE_ACTIVE",
)
_TARGET = fx.ref(N_("the unit, card or player it applies to"))
_COUNT = fx.integer(N_("how many (default 1)"), minimum=1)

EFFECTS = fx.EffectVocabulary(
    kinds=("passive", "activated", "triggered"),
    timings={
        "MAIN_PHASE": N_("[ACT] in its controller's Main Phase"),
        "CONTINUOUS": N_("[CONT] recomputed from the state"),
        "ON_PLACE": N_("[AUTO] when placed on a circle (OnPlace)"),
        "ON_RIDE": N_("[AUTO] when a unit rides on it (OnRideOver)"),
        "ON_ATTACK": N_("[AUTO] when it attacks"),
        "ON_BOOST": N_("[AUTO] when it boosts"),
        "ON_ATTACK_HITS": N_("[AUTO] when its attack hits (resolved after the damage)"),
        "ON_DRIVE_CHECK": N_("[AUTO] at a Drive Check"),
        "ON_DAMAGE_CHECK": N_("[AUTO] at a Damage Check"),
        "ON_GUARD": N_("[AUTO] when placed on the Guardian Circle"),
        "ON_INTERCEPT": N_("[AUTO] when it intercepts"),
        "ON_LEAVE_GUARDIAN": N_("[AUTO] when it leaves the Guardian Circle, after the battle"),
        "END_OF_BATTLE": N_("[AUTO] at the end of the battle"),
        "END_OF_TURN": N_("[AUTO] at the end of the turn"),
    },
    durations={
        "UNTIL_END_OF_BATTLE": N_("UntilEndOfBattle"),
        "UNTIL_END_OF_TURN": N_("UntilEndOfTurn"),
        "UNTIL_OWNER_NEXT_STAND": N_("UntilOwnerNextStand"),
        "PERMANENT": N_("Permanent"),
        "WHILE_ACTIVE": N_("a [CONT] modifier, while its conditions hold"),
    },
    actions=(
        fx.stat_change(STATS, _DURATIONS, N_("a power, shield, critical or drive bonus or malus")),
        fx.counted("DRAW", N_("draw cards")),
        fx.variant(
            "CALL",
            N_("call units to rear-guard circles (a call into an occupied circle retires the old unit)"),
            required=("from",),
            from_=fx.some_of(ZONES),
            count=_COUNT,
            filter=fx.FILTER,
        ),
        fx.variant(
            "SEARCH",
            N_("look for cards in the deck"),
            required=("to",),
            to=fx.one_of(ZONES),
            count=_COUNT,
            filter=fx.FILTER,
            reveal=fx.flag(),
        ),
        fx.targeted("RETIRE", N_("retire a unit to the Drop")),
        fx.targeted("STAND", N_("stand a unit")),
        fx.targeted("REST", N_("rest a unit")),
        fx.counted("HEAL", N_("heal damage (a card of its own Damage Zone)")),
        fx.counted("SOUL_CHARGE", N_("top cards of the deck to the Soul")),
        fx.counted("COUNTER_CHARGE", N_("turn face-down damage face up")),
        fx.targeted("ADD_TO_HAND", N_("put a card into the hand")),
        fx.variant("NULLIFY_ATTACK", N_("the attack cannot hit (perfect guard)")),
        fx.variant(
            "RESTRICT",
            N_("a restriction on a unit"),
            required=("restriction",),
            lasting=True,
            restriction=fx.one_of(("CANNOT_STAND", "CANNOT_GUARD", "CANNOT_INTERCEPT", "CANNOT_ATTACK")),
            target=_TARGET,
            duration=fx.one_of(_DURATIONS),
        ),
    ),
    costs=(
        fx.counted("COUNTER_BLAST", N_("turn face-up damage face down")),
        fx.counted("COUNTER_CHARGE", N_("turn face-down damage face up")),
        fx.counted("SOUL_BLAST", N_("cards from the Soul to the Drop")),
        fx.counted("SOUL_CHARGE", N_("top cards of the deck to the Soul")),
        fx.variant(
            "DISCARD",
            N_("cards from the hand to the Drop"),
            required=("count",),
            count=_COUNT,
            filter=fx.FILTER,
        ),
        fx.variant("REST_SELF", N_("rest this unit")),
        fx.variant("RETIRE_SELF", N_("retire this unit")),
    ),
    conditions=(
        fx.variant(
            "SOURCE_ON",
            N_("this card is on a circle (or in the hand)"),
            required=("circle",),
            circle=fx.one_of((*CIRCLES, "HAND")),
        ),
        fx.variant(
            "VANGUARD_IS", N_("its controller's vanguard qualifies"), required=("filter",), filter=fx.FILTER
        ),
        fx.variant(
            "DAMAGE_AT_LEAST",
            N_("its controller has at least N damage (Limit Break)"),
            required=("count",),
            count=fx.integer(minimum=1),
        ),
        fx.variant(
            "UNITS_AT_LEAST",
            N_("its controller has at least N units that qualify"),
            required=("filter", "count"),
            filter=fx.FILTER,
            count=fx.integer(minimum=1),
        ),
        fx.variant("OWN_TURN", N_("during its controller's turn")),
        fx.variant("OPPONENT_TURN", N_("during the opponent's turn")),
    ),
    target_kinds={"UNIT": N_("a unit on a circle"), "CARD": N_("a card in a zone"), "PLAYER": N_("a player")},
    target_params={"circles": fx.some_of(CIRCLES, N_("where it is chosen"))},
    filter_params={
        "grades": fx.some_of(("0", "1", "2", "3"), N_("grades, as strings")),
        "clans": fx.texts(),
        "names": fx.texts(N_("exact names (nameId)")),
        "triggers": fx.some_of(TRIGGERS),
        "cardTypes": fx.some_of((NORMAL_UNIT, TRIGGER_UNIT)),
    },
    references={
        "SELF": N_("this unit"),
        "CONTROLLER": N_("its controller"),
        "OPPONENT": N_("the opponent"),
        "OWN_VANGUARD": N_("its controller's vanguard"),
        "OPPONENT_VANGUARD": N_("the opponent's vanguard"),
        "BOOSTED_UNIT": N_("the unit it boosts"),
        "ATTACKED_UNIT": N_("the attacked unit"),
    },
    limit=fx.LimitRule(periods=("turn",), shared_by_copies=None),
    reading=fx.TextReading(
        once_per_turn=fx.ONCE_PER_TURN_RU + fx.ONCE_PER_TURN_EN,
        durations={
            "UNTIL_END_OF_TURN": fx.UNTIL_END_OF_TURN_RU + fx.UNTIL_END_OF_TURN_EN,
            "UNTIL_END_OF_BATTLE": fx.UNTIL_END_OF_BATTLE_RU + fx.UNTIL_END_OF_BATTLE_EN,
        },
        kinds={
            "activated": (r"\[(?:act|акт)\]",),
            "triggered": (r"\[(?:auto|авто)\]",),
            "passive": (r"\[(?:cont|пост)\]",),
        },
    ),
)


def trigger_unit_is_grade_zero(card: CardData):
    grade = card.get("grade")
    if card.type == TRIGGER_UNIT and grade is not None and grade != 0:
        yield error(
            "TRIGGER_GRADE",
            card=card.ref,
            field="grade",
            params={"card": card.ref, "observed": grade},
            hint=N_("make it grade 0, or a normal unit"),
        )


# --- deck construction (seed 002, section 2) ------------------------------------------------
# 50 cards, at most 4 copies per nameId (not per print or art), the Classic sets and
# "owned cards only" are the classic format's data; these are the game's own rules.
# Clans may be mixed: deliberately not checked.
TRIGGER_CARDS, MAX_HEALS, MAX_SENTINELS = 16, 4, 4


def main_tally(ctx: DeckContext) -> tuple[int, int, int, bool]:
    """(trigger units, HEAL triggers, Sentinels, a starting vanguard) of main: one pass for the four checks."""
    found = ctx.memo.get("vanguard.main")
    if found is None:
        triggers = heals = sentinels = 0
        starter = False
        for r, card in ctx.cards("main"):
            fields = card.fields
            if card.type == TRIGGER_UNIT:
                triggers += r.count
                if fields.get("trigger") == "HEAL":
                    heals += r.count
            elif not starter and card.type == NORMAL_UNIT and fields.get("grade") == 0:
                starter = True
            if fields.get("sentinel"):
                sentinels += r.count
        found = ctx.memo["vanguard.main"] = (triggers, heals, sentinels, starter)
    return found


def sixteen_triggers(ctx: DeckContext):
    triggers = main_tally(ctx)[0]
    if triggers != TRIGGER_CARDS:
        yield error(
            "TRIGGER_COUNT",
            section="main",
            params={"section": "main", "observed": triggers, "expected": TRIGGER_CARDS},
            hint=HINT,
        )


def four_heals_at_most(ctx: DeckContext):
    heals = main_tally(ctx)[1]
    if heals > MAX_HEALS:
        yield error(
            "HEAL_LIMIT",
            section="main",
            params={"section": "main", "observed": heals, "expected": MAX_HEALS},
            hint=HINT,
        )


def four_sentinels_at_most(ctx: DeckContext):
    sentinels = main_tally(ctx)[2]
    if sentinels > MAX_SENTINELS:
        yield error(
            "SENTINEL_LIMIT",
            section="main",
            params={"section": "main", "observed": sentinels, "expected": MAX_SENTINELS},
            hint=HINT,
        )


def is_starting_vanguard(card) -> bool:
    """A grade 0 unit without a trigger: a starting vanguard."""
    return isinstance(card, CardData) and card.type == NORMAL_UNIT and card.get("grade") == 0


def a_starting_vanguard(ctx: DeckContext):
    # The engine takes the first candidate; "exactly one" is an open point of the seed, not a rule.
    if not main_tally(ctx)[3]:
        yield error(
            "NO_STARTING_VANGUARD",
            section="main",
            params={"section": "main"},
            hint=N_("add a grade 0 unit without trigger"),
        )


@register
class Vanguard(RuleSet):
    key = "vanguard"
    # Its own finding codes, with their message templates (rules/games/vanguard/codes.py).
    codes = CODES
    # Its table moves (rules.tables.moves; rules/games/vanguard/moves.py).
    table_moves = MOVES
    engine_reads = ENGINE_READS
    bot_evaluate = staticmethod(evaluation.evaluate)
    # Seed 002, section 1: "Таймер: 90 секунд на ход + банк 5 минут; отсутствие 5 минут — поражение"
    # (rules.tables.clock; kept by the server, off at a hot seat unless asked for).
    table_timer = TurnTimer(turn=90, bank=300)
    name = N_("Cardfight!! Vanguard (Classic)")
    language = "ru"
    # The team's words for the game's terms (rules.translations): the circles, Counter Blast and the
    # trigger names, as the catalogues write them.
    glossary = (
        GlossaryTerm(
            "REAR_GUARD", {"en": ("Rear-guard", "rearguard"), "fr": ("arrière-garde",), "ru": ("арьергард",)}
        ),
        GlossaryTerm("VANGUARD", {"en": ("Vanguard",), "fr": ("avant-garde",), "ru": ("авангард",)}),
        GlossaryTerm(
            "COUNTER_BLAST", {"en": ("Counter Blast",), "fr": ("Counter Blast",), "ru": ("Counter Blast",)}
        ),
        GlossaryTerm(
            "CRITICAL_TRIGGER",
            {"en": ("Critical Trigger",), "fr": ("Critical Trigger",), "ru": ("Critical Trigger",)},
        ),
        GlossaryTerm(
            "DRAW_TRIGGER", {"en": ("Draw Trigger",), "fr": ("Draw Trigger",), "ru": ("Draw Trigger",)}
        ),
        GlossaryTerm(
            "STAND_TRIGGER", {"en": ("Stand Trigger",), "fr": ("Stand Trigger",), "ru": ("Stand Trigger",)}
        ),
        GlossaryTerm(
            "HEAL_TRIGGER", {"en": ("Heal Trigger",), "fr": ("Heal Trigger",), "ru": ("Heal Trigger",)}
        ),
    )
    seed = "002_827004924486c707.txt"
    card_types = (NORMAL_UNIT, TRIGGER_UNIT)
    # Seed 002's words: юниты, триггер-карты; its triggers keep their names (Critical, Draw, Stand, Heal).
    type_labels = {NORMAL_UNIT: NC_("vanguard", "Normal unit"), TRIGGER_UNIT: NC_("vanguard", "Trigger unit")}
    value_labels = {
        "trigger": {
            "CRITICAL": NC_("vanguard", "Critical"),
            "DRAW": NC_("vanguard", "Draw"),
            "STAND": NC_("vanguard", "Stand"),
            "HEAL": NC_("vanguard", "Heal"),
        }
    }
    id_prefix = "VG"
    hue = "#b45309"
    demo_card_set = "vanguard.json"
    default_format = "classic"
    face_template = face.template()
    set_required = True
    fields = (
        int_field("grade", label=N_("Grade"), minimum=0, maximum=3, required_for=frozenset(card_types)),
        int_field("power", label=N_("Power"), minimum=0, required_for=frozenset(card_types)),
        int_field("shield", label=N_("Shield"), minimum=0),
        int_field("critical", label=N_("Critical"), minimum=0),
        enum_field(
            "trigger",
            TRIGGERS,
            label=N_("Trigger"),
            types=frozenset({TRIGGER_UNIT}),
            required_for=frozenset({TRIGGER_UNIT}),
        ),
        str_field("clan", label=N_("Clan")),
        # The copy identity: the 4-copy limit counts prints and arts of one nameId together.
        str_field("nameId", label=N_("Name identity"), help=N_("copy identity; defaults to the name")),
        bool_field("sentinel", label=N_("Sentinel (perfect guard)")),
    )
    card_checks = (trigger_unit_is_grade_zero,)
    # Effects (issue 5)
    effect_vocabulary = EFFECTS

    deck_checks = (sixteen_triggers, four_heals_at_most, four_sentinels_at_most, a_starting_vanguard)
    curve_field = "grade"
    breakdown_fields = ("trigger",)
    # Seed 002, section 3 "Начало партии", and the Draw phase of section 5.
    draw_setup = DrawSetup(
        hand=5,
        mulligan=Mulligan(max_cards=None, to_bottom=True, shuffle_after=True),
        starter=is_starting_vanguard,
        starter_label=N_("Starting vanguard"),
        draw_per_turn=1,
        summary=N_(
            "Shuffle; the starting vanguard (a grade 0 unit without trigger: the engine takes the first one of "
            "the deck list) is set aside face down; draw 5. One mulligan: put any number of cards under the deck, "
            "draw as many from the top (they cannot come back in that draw), then shuffle."
        ),
        seen_by_turn=N_(
            "the 5 cards of the opening hand, then 1 card in the Draw phase of each of your turns, for both "
            "players (the seed skips the first player's battle, not the draw). Drive checks and card effects are "
            "not counted; the starting vanguard is out of the deck (49 cards)."
        ),
    )
    matchup_field = "clan"
    # Seed 002, sections 3 (setup), 4 (zones) and 5 (the turn's phases).
    table = tbl.TableSpec(
        zones=(
            tbl.DECK,
            tbl.HAND,
            tbl.ZoneSpec("vc", N_("Vanguard circle"), tbl.PUBLIC, capacity=1, replaced_to="soul", play=True),
            tbl.ZoneSpec("soul", N_("Soul"), tbl.PUBLIC, layout="pile"),
            tbl.ZoneSpec(
                "rc3",
                N_("Rear-guard circle, front left"),
                tbl.PUBLIC,
                capacity=1,
                replaced_to="discard",
                play=True,
            ),
            tbl.ZoneSpec(
                "rc4",
                N_("Rear-guard circle, front right"),
                tbl.PUBLIC,
                capacity=1,
                replaced_to="discard",
                play=True,
            ),
            tbl.ZoneSpec(
                "rc0",
                N_("Rear-guard circle, back left"),
                tbl.PUBLIC,
                capacity=1,
                replaced_to="discard",
                play=True,
            ),
            tbl.ZoneSpec(
                "rc1",
                N_("Rear-guard circle, back centre"),
                tbl.PUBLIC,
                capacity=1,
                replaced_to="discard",
                play=True,
            ),
            tbl.ZoneSpec(
                "rc2",
                N_("Rear-guard circle, back right"),
                tbl.PUBLIC,
                capacity=1,
                replaced_to="discard",
                play=True,
            ),
            tbl.ZoneSpec("gc", N_("Guardian circle"), tbl.PUBLIC, play=True),
            tbl.ZoneSpec("trigger", N_("Trigger zone"), tbl.PUBLIC),
            tbl.ZoneSpec("damage", N_("Damage"), tbl.PUBLIC),
            tbl.ZoneSpec("discard", N_("Drop"), tbl.PUBLIC, ordered=True, layout="pile"),
        ),
        steps=(
            tbl.StepSpec("stand", N_("Stand"), (tbl.Untap(),)),
            tbl.StepSpec("draw", N_("Draw"), (tbl.Draw(1),)),
            tbl.StepSpec("ride", N_("Ride"), note=N_("once a turn: a card of the same grade or one higher")),
            tbl.StepSpec("main", N_("Main phase")),
            tbl.StepSpec("battle", N_("Battle"), note=N_("no battle on the first player's first turn")),
            tbl.StepSpec("end", N_("End")),
        ),
        setup=tbl.SetupSpec(
            starter_zone="vc",
            summary=N_(
                "Shuffle; the starting vanguard goes face down on the VC; draw 5; one mulligan (any number "
                "under the deck, as many drawn, then shuffle); the starting vanguards are revealed."
            ),
        ),
        ends=(tbl.EndWhen("DAMAGE", zone="damage", at_least=6),),
        summary=N_("VC with its soul, five RCs, GC, damage (6 loses), drop, trigger zone."),
    )

    default_formats = (
        FormatData(
            game="vanguard",
            key="classic",
            name=NC_("vanguard", "Classic"),
            sections={"main": SizeBound(exact=50)},
            copy_limit=4,
            identity=NAME_ID,
            allowed_sets=frozenset({"BT01", "TD01", "TD02"}),
            owned_only=True,
            description="Seed 002: 50 cards, 16 triggers, at most 4 copies per nameId; sets BT01, TD01, TD02; only cards the owner owns.",
        ),
    )

    def normalize_fields(self, card_type, name, values):
        fields = super().normalize_fields(card_type, name, values)
        if not fields.get("nameId"):
            fields["nameId"] = name
        if fields.get("sentinel") is None:
            fields["sentinel"] = False
        return fields
