"""Darkrow (seed 000, French): a detective-themed custom game.

Leader, Units, Legendaries, Actions, Objects and Places; the resource is the
INDICE, a system resource that is not a card.
"""

from collections import Counter

from rules.decks import STABLE_ID, DeckContext, FormatData, SizeBound, label
from rules.fields import enum_field, int_field
from rules.findings import error, warning
from rules.registry import register
from rules.ruleset import RuleSet

LEADER, UNIT, LEGENDARY, ACTION, OBJECT, PLACE = "LEADER", "UNIT", "LEGENDARY", "ACTION", "OBJECT", "PLACE"
FIGHTERS = frozenset({UNIT, LEGENDARY})
PAID = frozenset({UNIT, LEGENDARY, ACTION, OBJECT, PLACE})

# The seed's four equipments; every other Object is a consumable unless its text
# needs it to stay in play.
EQUIPMENTS = ("Casque de moto", "Uniforme", "Épée d’entraînement", "Pansement de Makoto")

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
                "main: INDICE is a system resource outside the deck (at most 10 per player); remove it from main",
                section="main",
                card=INDICE,
            )
        elif resolved.card is not None and resolved.card.type == LEADER:
            yield error(
                "WRONG_SECTION",
                f"main: {label(resolved.card)} is a Leader; Leaders are not in the 40-card deck, list it under leaders",
                section="main",
                card=resolved.card.stable_id,
            )
    for resolved in ctx.section("leaders"):
        if resolved.reserved == INDICE or (resolved.card is not None and resolved.card.type != LEADER):
            what = "INDICE is a system resource" if resolved.reserved else f"{label(resolved.card)} is a {resolved.card.type}"
            yield error(
                "WRONG_SECTION",
                f"leaders: {what}, not a Leader; only Leaders can be Leader candidates",
                section="leaders",
                card=resolved.card.stable_id if resolved.card is not None else resolved.ref,
            )


def one_legendary_at_most(ctx: DeckContext):
    legendaries = sorted(((r, card) for r, card in ctx.cards("main") if card.type == LEGENDARY), key=lambda rc: (rc[1].stable_id, rc[0].count))
    total = sum(r.count for r, _ in legendaries)
    if total > 1:
        names = ", ".join(f"{r.count} × {label(card)}" for r, card in legendaries)
        yield error(
            "LEGENDARY_LIMIT",
            f"main has {total} Legendary cards ({names}); a deck holds 0 or 1 Legendary in total",
            section="main",
            card=legendaries[0][1].stable_id,
        )


def one_to_five_leader_candidates(ctx: DeckContext):
    entries = list(ctx.section("leaders"))
    total = sum(r.count for r in entries)
    if total == 0:
        yield error("LEADER_CANDIDATES", "leaders is empty; store from 1 to 5 Leader candidates", section="leaders")
    elif total > MAX_LEADER_CANDIDATES:
        yield error(
            "LEADER_CANDIDATES",
            f"leaders has {total} candidates; at most {MAX_LEADER_CANDIDATES} may be stored",
            section="leaders",
        )
    repeated = Counter()
    for resolved in entries:
        repeated[resolved.card.stable_id if resolved.card is not None else resolved.ref] += resolved.count
    for ref, count in repeated.items():
        if count > 1:
            yield warning(
                "LEADER_CANDIDATES",
                f"leaders lists {ref} {count} times; a candidate needs to be listed once",
                section="leaders",
                card=ref,
            )


def active_leader_is_a_candidate(ctx: DeckContext):
    pick = ctx.picks.get("activeLeader")
    if pick is None:
        # Construction can be valid without it; the deck is not ready to play (seed:
        # "la validation de construction est distincte de la validation pour une partie").
        yield warning(
            "ACTIVE_LEADER",
            "no active Leader: choose one of the Leader candidates (activeLeader) before playing",
            section="activeLeader",
        )
        return
    if pick.reserved == INDICE:
        yield error("ACTIVE_LEADER", "activeLeader: INDICE is a system resource, not a Leader", section="activeLeader", card=INDICE)
        return
    if pick.card is None:
        return  # UNKNOWN_CARD or AMBIGUOUS_CARD already says why
    if pick.card.type != LEADER:
        yield error(
            "ACTIVE_LEADER",
            f"activeLeader: {label(pick.card)} is a {pick.card.type}, not a Leader",
            section="activeLeader",
            card=pick.card.stable_id,
        )
    candidates = {r.card.stable_id for r in ctx.section("leaders") if r.card is not None}
    if pick.card.stable_id not in candidates:
        yield error(
            "ACTIVE_LEADER",
            f"activeLeader: {label(pick.card)} is not one of the Leader candidates; add it to leaders or pick a candidate",
            section="activeLeader",
            card=pick.card.stable_id,
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

    deck_sections = ("main", "leaders")
    deck_picks = ("activeLeader",)
    copy_limit_sections = ("main",)
    reserved_refs = {INDICE: "the INDICE system resource"}
    deck_checks = (
        leaders_and_indice_stay_out_of_main,
        one_legendary_at_most,
        one_to_five_leader_candidates,
        active_leader_is_a_candidate,
    )
    not_ready_codes = frozenset({"ACTIVE_LEADER"})
    default_formats = (
        FormatData(
            game="darkrow",
            key="standard",
            name="Standard",
            sections={"main": SizeBound(exact=40)},
            copy_limit=3,
            identity=STABLE_ID,
        ),
    )
