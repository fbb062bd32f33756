"""Riftbound's mechanics (seed 001, French): Legend, Chosen Champion, runes, battlefields, domains."""

from rules.cards import CardData
from rules.decks import DeckContext, each_card_once, tally
from rules.draws import DrawSetup, Mulligan
from rules.effects import vocabulary as fx
from rules.fields import bool_field, enum_list_field, int_field, str_list_field
from rules.findings import HINT, error
from rules.formats import NAME, SIDEBOARD, FormatData, SizeBound
from rules.i18n import N_, NC_
from rules.registry import register
from rules.ruleset import RuleSet
from rules.tables import spec as tbl
from rules.text import fold
from rules.translations import GlossaryTerm

from . import evaluation, face
from .codes import CODES
from .moves import ENGINE_READS, MOVES

LEGEND, CHAMPION_UNIT, UNIT, SPELL, GEAR, RUNE, BATTLEFIELD = (
    "LEGEND",
    "CHAMPION_UNIT",
    "UNIT",
    "SPELL",
    "GEAR",
    "RUNE",
    "BATTLEFIELD",
)
DOMAINS = ("FURY", "CALM", "MIND", "BODY", "CHAOS", "ORDER")
RAINBOW = "RAINBOW"
PLAYABLE = frozenset({CHAMPION_UNIT, UNIT, SPELL, GEAR})
UNITS = frozenset({CHAMPION_UNIT, UNIT})
DOMAIN_LABELS = {
    "FURY": NC_("riftbound", "Fury"),
    "CALM": NC_("riftbound", "Calm"),
    "MIND": NC_("riftbound", "Mind"),
    "BODY": NC_("riftbound", "Body"),
    "CHAOS": NC_("riftbound", "Chaos"),
    "ORDER": NC_("riftbound", "Order"),
}


# --- Effects (issue 5): the vocabulary of Riftbound's structured effects ---------------------
# From seed 001: triggers on play, hold, conquest, defence, combat and spells, activated
# abilities, auras; keywords TANK, SHIELD n, ASSAULT n, ACCELERATE, AMBUSH, HUNT,
# DEATHKNELL, LEVEL n; runes (exhaust: Energy, recycle: Power), XP.
KEYWORDS = ("TANK", "SHIELD", "ASSAULT", "ACCELERATE", "AMBUSH", "HUNT", "DEATHKNELL", "LEVEL")
ZONES = ("HAND", "DECK", "RUNE_DECK", "DISCARD", "BASE", "BATTLEFIELD", "BANISHED")
_DURATIONS = ("UNTIL_END_OF_TURN", "THIS_COMBAT", "WHILE_ACTIVE", "PERMANENT")
_TARGET = fx.ref(N_("the unit, card, battlefield or player it applies to"))
_COUNT = fx.integer(N_("how many (default 1)"), minimum=1)

EFFECTS = fx.EffectVocabulary(
    kinds=("passive", "activated", "triggered"),
    timings={
        "ON_PLAY": N_("when the card is played"),
        "ACTIVATED": N_("an activated ability"),
        "CONTINUOUS": N_("an aura, applied while its conditions hold"),
        "ON_CONQUER": N_("when its controller conquers a battlefield"),
        "ON_HOLD": N_("when its controller holds a battlefield (start of turn)"),
        "ON_DEFEND": N_("when it defends a battlefield"),
        "ON_COMBAT": N_("in a showdown"),
        "ON_SPELL_CAST": N_("when a spell is played"),
        "DEATHKNELL": N_("when the unit dies"),
        "BEGINNING_PHASE": N_("in the Beginning phase"),
        "END_OF_TURN": N_("at the end of the turn"),
    },
    durations={
        "UNTIL_END_OF_TURN": N_("this turn"),
        "THIS_COMBAT": N_("for this showdown"),
        "WHILE_ACTIVE": N_("an aura, while its conditions hold"),
        "PERMANENT": N_("never expires"),
    },
    actions=(
        fx.variant(
            "DEAL_DAMAGE",
            N_("deal damage"),
            required=("amount", "target"),
            amount=fx.integer(minimum=0),
            target=_TARGET,
        ),
        fx.counted("DRAW", N_("draw cards")),
        fx.stat_change(("MIGHT",), _DURATIONS, N_("a Might bonus or malus")),
        fx.variant(
            "GRANT_KEYWORD",
            N_("give a keyword (with its value: SHIELD 2, ASSAULT 1, LEVEL n)"),
            required=("keyword",),
            lasting=True,
            keyword=fx.one_of(KEYWORDS),
            value=fx.integer(minimum=1),
            target=_TARGET,
            duration=fx.one_of(_DURATIONS),
        ),
        fx.variant("GAIN_XP", N_("gain XP"), required=("amount",), amount=fx.integer(minimum=1)),
        fx.counted("CHANNEL", N_("channel runes from the rune deck")),
        fx.variant(
            "ADD_RESOURCE",
            N_("add Energy or Power to the rune pool (emptied at the end of the turn)"),
            energy=fx.integer(minimum=0),
            power=fx.some_of((*DOMAINS, RAINBOW)),
        ),
        fx.variant(
            "MOVE_UNIT",
            N_("move a unit"),
            required=("target", "to"),
            target=_TARGET,
            to=fx.one_of(("BASE", "BATTLEFIELD")),
        ),
        fx.targeted("RECALL", N_("send a unit back to its base")),
        fx.targeted("KILL", N_("kill a unit")),
        fx.targeted("BANISH", N_("banish a card")),
        fx.targeted("RECYCLE", N_("put a card at the bottom of its deck")),
        fx.targeted("READY", N_("ready a unit or rune")),
        fx.targeted("EXHAUST", N_("exhaust a unit or rune")),
        fx.variant(
            "PLAY",
            N_("play a card"),
            required=("from",),
            from_=fx.some_of(ZONES),
            filter=fx.FILTER,
            free=fx.flag(),
        ),
        fx.variant(
            "MODIFY_COST",
            N_("change a cost"),
            required=("amount",),
            lasting=True,
            amount=fx.integer(),
            filter=fx.FILTER,
            duration=fx.one_of(_DURATIONS),
        ),
    ),
    costs=(
        fx.variant("EXHAUST_SELF", N_("exhaust this card")),
        fx.variant("PAY_ENERGY", N_("pay Energy"), required=("amount",), amount=fx.integer(minimum=0)),
        fx.variant(
            "PAY_POWER",
            N_("pay Power of these domains (RAINBOW: any)"),
            required=("power",),
            power=fx.some_of((*DOMAINS, RAINBOW)),
        ),
        fx.variant("RECYCLE", N_("recycle a card or rune"), target=_TARGET),
        fx.counted("DISCARD", N_("discard cards")),
        fx.variant("KILL_SELF", N_("kill this unit")),
    ),
    conditions=(
        fx.variant(
            "LEVEL_AT_LEAST",
            N_("its controller has at least N XP"),
            required=("xp",),
            xp=fx.integer(minimum=1),
        ),
        fx.variant(
            "CONTROLS_BATTLEFIELD", N_("its controller controls a battlefield"), count=fx.integer(minimum=1)
        ),
        fx.variant("AT_BATTLEFIELD", N_("the unit is at a battlefield")),
        fx.variant("OWN_TURN", N_("during its controller's turn")),
    ),
    target_kinds={
        "UNIT": N_("a unit"),
        "CARD": N_("a card in a zone"),
        "BATTLEFIELD": N_("a battlefield"),
        "RUNE": N_("a rune"),
        "PLAYER": N_("a player"),
    },
    filter_params={
        "cardTypes": fx.some_of((LEGEND, CHAMPION_UNIT, UNIT, SPELL, GEAR, RUNE, BATTLEFIELD)),
        "domains": fx.some_of(DOMAINS),
        "tags": fx.texts(),
        "names": fx.texts(N_("exact names")),
        "keywords": fx.some_of(KEYWORDS),
        "maxMight": fx.integer(minimum=0),
    },
    target_params={"zone": fx.one_of(ZONES)},
    limit=fx.LimitRule(periods=("turn",), shared_by_copies=None),
    reading=fx.TextReading(
        once_per_turn=fx.ONCE_PER_TURN_FR + fx.ONCE_PER_TURN_EN,
        durations={"UNTIL_END_OF_TURN": (r"\bce tour\b", *fx.UNTIL_END_OF_TURN_FR, *fx.UNTIL_END_OF_TURN_EN)},
    ),
)


def domains_are_one_or_two(card: CardData):
    domains = card.get("domains") or []
    if len(set(domains)) != len(domains):
        yield error(
            "DOMAINS",
            card=card.ref,
            field="domains",
            params={"card": card.ref, "observed": list(domains), "expected": list(dict.fromkeys(domains))},
            hint=N_("list each domain once"),
        )
    if card.type == LEGEND and len(set(domains)) != 2:
        yield error(
            "DOMAINS",
            card=card.ref,
            field="domains",
            # observed: the domains it has ("—": none), shown by the message
            params={"card": card.ref, "observed": list(domains) or "—"},
            hint=N_("give the Legend its two domains"),
        )
    elif len(set(domains)) > 2:
        yield error(
            "DOMAINS",
            card=card.ref,
            field="domains",
            params={"card": card.ref, "observed": list(domains)},
            hint=N_("keep at most two domains"),
        )


def signature_has_a_tag(card: CardData):
    if card.get("signature") and not card.get("tags"):
        yield error(
            "SIGNATURE_TAG",
            card=card.ref,
            field="tags",
            params={"card": card.ref, "observed": []},
            hint=N_("give it the tag of its Legend"),
        )


# --- deck construction (seed 001, "Construction de deck (constructed)") -------------------
# Sizes (40 / 12 / 3) and "max 3 copies per card name" (main deck, Chosen Champion
# included) are the constructed format's data; the rune deck is 12 basic runes and
# has no copy limit. These are the game's own rules.
SECTION_TYPES = {
    "main": frozenset({CHAMPION_UNIT, UNIT, SPELL, GEAR}),
    "runes": frozenset({RUNE}),
    "battlefields": frozenset({BATTLEFIELD}),
    # A sideboard card is one the main deck could hold (the format declares the sideboard).
    SIDEBOARD: frozenset({CHAMPION_UNIT, UNIT, SPELL, GEAR}),
}
HOME = {
    CHAMPION_UNIT: "main",
    UNIT: "main",
    SPELL: "main",
    GEAR: "main",
    RUNE: "runes",
    BATTLEFIELD: "battlefields",
    LEGEND: "legend",
}
MAX_SIGNATURES = 3


def _tags(card: CardData) -> set[str]:
    return {fold(tag) for tag in card.get("tags") or ()}


def _legend(ctx: DeckContext) -> CardData | None:
    card = ctx.pick("legend")
    return card if card is not None and card.type == LEGEND else None


def cards_in_their_sections(ctx: DeckContext):
    for section, types in SECTION_TYPES.items():
        for _resolved, card in ctx.cards(section):
            if card.type not in types:
                home = HOME.get(card.type, "another section")
                yield error(
                    "WRONG_SECTION",
                    section=section,
                    card=card.stable_id,
                    params={"section": section, "card": card.stable_id, "type": card.type, "expected": home},
                    hint=HINT,
                )


def a_legend(ctx: DeckContext):
    pick = ctx.picks.get("legend")
    if pick is None:
        yield error(
            "LEGEND",
            section="legend",
            params={"section": "legend"},
            hint=N_("pick the LEGEND that sets the deck's domains and champion"),
        )
    elif pick.card is not None and pick.card.type != LEGEND:
        yield error(
            "LEGEND",
            section="legend",
            card=pick.card.stable_id,
            params={"section": "legend", "card": pick.card.stable_id, "type": pick.card.type},
            hint=N_("pick a LEGEND"),
        )


def a_chosen_champion(ctx: DeckContext):
    pick = ctx.picks.get("champion")
    if pick is None:
        yield error(
            "CHAMPION",
            section="champion",
            params={"section": "champion"},
            hint=N_("pick a CHAMPION_UNIT of the main deck whose tag is the Legend's"),
        )
        return
    card = pick.card
    if card is None:
        return  # UNKNOWN_CARD or AMBIGUOUS_CARD already says why
    if card.type != CHAMPION_UNIT:
        yield error(
            "CHAMPION",
            section="champion",
            card=card.stable_id,
            params={"section": "champion", "card": card.stable_id, "type": card.type},
            hint=N_("pick a CHAMPION_UNIT"),
        )
    if not any(other.stable_id == card.stable_id for _, other in ctx.cards("main")):
        yield error(
            "CHAMPION",
            section="champion",
            card=card.stable_id,
            params={"section": "champion", "card": card.stable_id, "expected": "main"},
            hint=N_("add it to the main deck, or pick one of the main deck's champions"),
        )
    legend = _legend(ctx)
    if legend is not None and not _tags(card) & _tags(legend):
        yield error(
            "CHAMPION",
            section="champion",
            card=card.stable_id,
            params={
                "section": "champion",
                "card": card.stable_id,
                "expected": list(legend.get("tags") or ()),
            },
            hint=N_("pick a champion with the Legend's tag"),
        )


def unique_cards_once(ctx: DeckContext):
    uniques = tally(
        ((r, card) for r, card in ctx.cards() if card.get("unique")), lambda card: fold(card.name)
    )
    for total, resolved, card in uniques.values():
        if total > 1:
            yield error(
                "UNIQUE_LIMIT",
                section=resolved.section,
                card=card.stable_id,
                params={
                    "section": resolved.section,
                    "card": card.stable_id,
                    "observed": total,
                    "expected": 1,
                },
                hint=N_("keep one copy"),
            )


def signatures(ctx: DeckContext):
    signed = sorted(
        ((r, card) for r, card in ctx.cards() if card.get("signature")),
        key=lambda rc: (rc[1].stable_id, rc[0].section),
    )
    total = sum(r.count for r, _ in signed)
    if total > MAX_SIGNATURES:
        yield error(
            "SIGNATURE_LIMIT",
            section="main",
            card=signed[0][1].stable_id,
            params={
                "section": "main",
                "card": signed[0][1].stable_id,
                "observed": total,
                "expected": MAX_SIGNATURES,
            },
            hint=HINT,
        )
    legend = _legend(ctx)
    if legend is None:
        return
    for resolved, card in each_card_once(signed):
        if not _tags(card) & _tags(legend):
            yield error(
                "SIGNATURE_TAG",
                section=resolved.section,
                card=card.stable_id,
                params={
                    "section": resolved.section,
                    "card": card.stable_id,
                    "observed": list(card.get("tags") or ()),
                    "expected": list(legend.get("tags") or ()),
                },
                hint=N_("play only the SIGNATURE cards of the Legend's tag"),
            )


def domain_identity(ctx: DeckContext):
    legend = _legend(ctx)
    if legend is None:
        return
    identity = set(legend.get("domains") or ())
    checked = list(ctx.cards())
    champion = ctx.picks.get("champion")
    if champion is not None and champion.card is not None:
        checked.append((champion, champion.card))
    for resolved, card in each_card_once(checked):
        if set(card.get("domains") or ()) - identity:
            yield error(
                "DOMAIN_IDENTITY",
                section=resolved.section,
                card=card.stable_id,
                params={
                    "section": resolved.section,
                    "card": card.stable_id,
                    "observed": sorted(card.get("domains")),
                    "expected": sorted(identity),
                },
                hint=N_("play cards of the Legend's domains only"),
            )


def distinct_battlefields(ctx: DeckContext):
    for total, _, card in tally(ctx.cards("battlefields"), lambda card: fold(card.name)).values():
        if total > 1:
            yield error(
                "BATTLEFIELD_DUPLICATE",
                section="battlefields",
                card=card.stable_id,
                params={
                    "section": "battlefields",
                    "card": card.stable_id,
                    "name": card.name,
                    "observed": total,
                },
                hint=N_("choose battlefields with distinct names"),
            )


@register
class Riftbound(RuleSet):
    key = "riftbound"
    # Its own finding codes, with their message templates (rules/games/riftbound/codes.py).
    codes = CODES
    name = N_("Riftbound")
    language = "fr"
    # The team's words for the game's terms (rules.translations), as the catalogues write them.
    glossary = (
        GlossaryTerm("LEGEND", {"fr": ("Légende",), "en": ("Legend",), "ru": ("Легенд",)}),
        GlossaryTerm("CHAMPION", {"fr": ("Champion",), "en": ("Champion",), "ru": ("чемпион",)}),
        GlossaryTerm("RUNE", {"fr": ("rune",), "en": ("rune",), "ru": ("рун",)}),
        GlossaryTerm(
            "BATTLEFIELD",
            {
                "fr": ("champ de bataille", "champs de bataille"),
                "en": ("battlefield",),
                "ru": ("поле боя", "поля боя", "полем боя", "полю боя", "полях боя"),
            },
        ),
    )
    seed = "001_dae76ee289fde7a6.txt"
    card_types = (LEGEND, CHAMPION_UNIT, UNIT, SPELL, GEAR, RUNE, BATTLEFIELD)
    # Seed 001's words (its French keeps the game's English terms): Légende, Champion Unit, unités,
    # sorts, gears, runes, battlefields; a Power [A] is arc-en-ciel.
    type_labels = {
        LEGEND: NC_("riftbound", "Legend"),
        CHAMPION_UNIT: NC_("riftbound", "Champion unit"),
        UNIT: NC_("riftbound", "Unit"),
        SPELL: NC_("riftbound", "Spell"),
        GEAR: NC_("riftbound", "Gear"),
        RUNE: NC_("riftbound", "Rune"),
        BATTLEFIELD: NC_("riftbound", "Battlefield"),
    }
    value_labels = {
        "domains": DOMAIN_LABELS,
        "power": {**DOMAIN_LABELS, RAINBOW: NC_("riftbound", "Rainbow")},
    }
    id_prefix = "RB"
    hue = "#0f766e"
    demo_card_set = "riftbound.json"
    default_format = "constructed"
    face_template = face.template()
    fields = (
        # Empty list: a neutral card, playable in every identity.
        enum_list_field("domains", DOMAINS, label=N_("Domains")),
        int_field("energy", label=N_("Energy cost"), minimum=0, types=PLAYABLE),
        # Power cost: domain symbols, or RAINBOW (payable with any domain).
        enum_list_field("power", DOMAINS + (RAINBOW,), label=N_("Power cost"), types=PLAYABLE),
        int_field("might", label=N_("Might"), minimum=0, types=UNITS, required_for=UNITS),
        # A champion's tag matches its Legend's.
        str_list_field("tags", label=N_("Tags"), required_for=frozenset({LEGEND, CHAMPION_UNIT})),
        str_list_field(
            "keywords", label=N_("Keywords"), help=N_("e.g. TANK, SHIELD 2, ASSAULT 1, ACCELERATE")
        ),
        bool_field("unique", label=N_("Unique")),
        bool_field("signature", label=N_("Signature")),
    )
    card_checks = (domains_are_one_or_two, signature_has_a_tag)
    # Effects (issue 5)
    effect_vocabulary = EFFECTS

    deck_sections = ("main", "runes", "battlefields")
    deck_picks = ("legend", "champion")
    copy_limit_sections = ("main",)
    deck_checks = (
        cards_in_their_sections,
        a_legend,
        a_chosen_champion,
        unique_cards_once,
        signatures,
        domain_identity,
        distinct_battlefields,
    )
    deck_home = HOME
    deck_pick_choices = {"champion": ("main", frozenset({CHAMPION_UNIT}))}
    deck_labels = {
        "main": N_("Main deck"),
        "runes": N_("Rune deck"),
        "battlefields": N_("Battlefields"),
        SIDEBOARD: N_("Sideboard"),
        "legend": N_("Legend"),
        "champion": N_("Chosen Champion"),
    }
    deck_aliases = {"rune": "runes", "runepool": "runes", "battlefield": "battlefields"}
    deck_help = {
        "legend": N_(
            "The Legend sets the deck's two domains and its champion. Search t:legend and pick one."
        ),
        "champion": N_("One Champion Unit of the main deck whose tag is the Legend's."),
    }
    curve_field = "energy"
    breakdown_fields = ("domains",)
    # Seed 001, "Mise en place" and "Déroulé d'un tour". The seed says nothing of where the
    # Chosen Champion starts: it stays in the 40 cards of the main deck.
    draw_setup = DrawSetup(
        hand=4,
        mulligan=Mulligan(max_cards=2, to_bottom=True),
        draw_per_turn=1,
        summary=N_("Opening hand of 4 cards. One mulligan: put up to 2 cards under the deck, draw as many."),
        seen_by_turn=N_(
            "the 4 cards of the opening hand, then 1 card in the Draw phase of each of your turns (the seed "
            "makes no exception for the first turn). Runes come from the rune deck and are not counted."
        ),
    )
    matchup_pick = "legend"
    # Its rules mode (rules/games/riftbound/moves.py): the default of its new tables.
    table_moves = MOVES
    engine_reads = ENGINE_READS
    bot_evaluate = staticmethod(evaluation.evaluate)
    # Seed 001, "Mise en place" and "Déroulé d'un tour".
    table = tbl.TableSpec(
        zones=(
            tbl.DECK,
            tbl.HAND,
            tbl.ZoneSpec("legend", N_("Legend"), tbl.PUBLIC, capacity=1),
            tbl.ZoneSpec("champion", N_("Chosen Champion"), tbl.PUBLIC),
            tbl.ZoneSpec("base", N_("Base"), tbl.PUBLIC, play=True),
            tbl.ZoneSpec("battlefieldChoices", N_("Battlefields to choose from"), tbl.OWNER),
            tbl.ZoneSpec("battlefield1", N_("Battlefield of player 1"), tbl.PUBLIC, shared=True, play=True),
            tbl.ZoneSpec("battlefield2", N_("Battlefield of player 2"), tbl.PUBLIC, shared=True, play=True),
            tbl.ZoneSpec("runeDeck", N_("Rune deck"), tbl.HIDDEN, ordered=True, layout="pile"),
            tbl.ZoneSpec("runes", N_("Runes"), tbl.PUBLIC),
            tbl.ZoneSpec("discard", N_("Trash"), tbl.PUBLIC, ordered=True, layout="pile"),
            tbl.ZoneSpec("banishment", N_("Banishment"), tbl.PUBLIC, layout="pile"),
        ),
        counters=(
            tbl.CounterSpec("points", N_("Points"), 0, 0, None),
            tbl.CounterSpec("energy", N_("Energy"), 0, 0, None),
            tbl.CounterSpec("power", N_("Power"), 0, 0, None),
        ),
        steps=(
            tbl.StepSpec("awaken", N_("Awaken"), (tbl.Untap(),)),
            tbl.StepSpec("beginning", N_("Beginning"), note=N_("+1 point for each battlefield you hold")),
            tbl.StepSpec("channel", N_("Channel"), (tbl.Channel("runeDeck", "runes", 2, 3),)),
            tbl.StepSpec(
                "draw",
                N_("Draw"),
                (tbl.Draw(1),),
                note=N_(
                    "an empty deck: Burn Out (rule 418), the trash shuffled back and 1 point to the "
                    "opponent; the seed does not say whether that point may be the 8th (rule 451 names "
                    "a hold or a conquest): the table counts it"
                ),
            ),
            tbl.StepSpec(
                "action",
                N_("Action"),
                note=N_(
                    "play cards, move your units, launch showdowns; the seed does not say that moving "
                    "exhausts a unit, nor who orders a showdown's damage (the table: TANK first, then in "
                    "the order the units arrived), nor whether a unit goes from one battlefield to the "
                    "other (the table allows it), how many showdowns a turn (any) or what ACCELERATE "
                    "costs (nothing: the unit enters ready)"
                ),
            ),
            tbl.StepSpec(
                "end",
                N_("End"),
                (tbl.Reset(("energy", "power")),),
                note=N_("the rune pool empties"),
            ),
        ),
        setup=tbl.SetupSpec(
            sections=(("runes", "runeDeck"), ("battlefields", "battlefieldChoices")),
            picks=(("legend", "legend"), ("champion", "champion")),
            pick_leaves_deck=("champion",),
            choices=(
                tbl.Choose(
                    "battlefieldChoices",
                    ("battlefield1", "battlefield2"),
                    1,
                    N_("choose 1 of your 3 battlefields"),
                ),
            ),
            summary=N_(
                "Legend and Chosen Champion in play; each player chooses 1 of their 3 battlefields; 4 cards "
                "in hand; one mulligan of up to 2 cards under the deck."
            ),
        ),
        ends=(tbl.EndWhen("POINTS", counter="points", at_least=8, wins=True),),
        deck_out=tbl.BURN_OUT,
        burn_out=tbl.BurnOut("discard", "points", 1),
        summary=N_(
            "Legend, Champion, base, two battlefields, rune deck and runes, trash, banishment; 8 points win."
        ),
    )

    default_formats = (
        FormatData(
            game="riftbound",
            key="constructed",
            name=NC_("riftbound", "Constructed"),
            sections={
                "main": SizeBound(exact=40),
                "runes": SizeBound(exact=12),
                "battlefields": SizeBound(exact=3),
                # Tournament rules: a sideboard whose size the competition sets (the seed states
                # none: no bound here; a tournament format sets e.g. {"min": 0, "max": 8}).
                SIDEBOARD: SizeBound(),
            },
            copy_limit=3,
            identity=NAME,
            description="Seed 001: main 40 (Chosen Champion included), 12 runes, 3 battlefields; at most 3 copies per card name in the main deck and sideboard together; an optional sideboard of any size.",
        ),
    )

    def pick_fits(self, pick, card, picked):
        # A list placed by card type: the Chosen Champion is the first champion of the Legend's tag.
        legend = picked.get("legend")
        return pick != "champion" or legend is None or bool(_tags(card) & _tags(legend))

    def coerce_fields(self, values):
        # FORMATS.md: power is a list of domains, or RAINBOW; a lone symbol is a list of one.
        if isinstance(values.get("power"), str):
            values["power"] = [values["power"]]
        return values

    def normalize_fields(self, card_type, name, values):
        fields = super().normalize_fields(card_type, name, values)
        for key in ("domains", "tags", "keywords"):
            if fields.get(key) is None:
                fields[key] = []
        for key in ("unique", "signature"):
            if fields.get(key) is None:
                fields[key] = False
        return fields
