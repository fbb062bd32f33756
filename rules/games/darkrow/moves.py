"""Darkrow's table moves (seed 000, "Règles canoniques — 28 septembre 2026"): its rules mode.

Each rule quotes the seed line it enforces; where the seed is silent the table leaves it free.
Registered by the rule set (``Darkrow.table_moves``); the framework is rules.tables.moves.

What the table keeps of its own (``TableState.game_state``): ``damage`` (instance -> damageTaken),
``mods`` (instance -> [ATK, PV] changes a player recorded), ``attack`` (a Leader attack waiting
for the defender's block) and ``equipped`` (equipment instance -> the unit it is attached to, in the
order they were attached); per turn (``turn_state``): ``sick`` (the units deployed this turn) and
``actions`` (the seats that played an Action card this turn).

Card effects are not executed ("Aucun effet de carte n'est encore exécuté"): a player applies an
effect's outcome by hand, as a logged move the opponent sees: ``markDamage`` / ``heal`` (damage
counters on a unit), ``exhaust`` / ``ready`` (a unit or a Leader), ``modify`` (ATK/PV changes) and,
for a cost an effect changes, the ``factor`` and ``amount`` of a ``deploy``, ``play`` or ``equip``;
``unequip`` (an effect detaches an equipment: Épée d'entraînement's "déséquiper").

Equipment ("Actions, Objets et équipements"): an EQUIPMENT Object is played by ``equip`` onto a unit of
the field, its cost paid like a deployment's; it lies on the field beside its unit (in its owner's
units zone, taking no Unit/Legendary slot: "Aucune zone Objet autonome créée"), its bonus counts only
while it stays attached, and it goes to the discard when its unit leaves the field. Its ATK/PV bonus is
applied where the card's data declare it (:func:`equipment_bonus`); any other effect of it is logged,
not executed. The seed says neither whose unit an equipment may be attached to nor how many a unit
may hold: the table leaves both free.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from rules.i18n import N_
from rules.tables.common_moves import (
    CONCEDE_MOVE,
    END_TURN_MOVE,
    FAIR_MOVES,
    FIRST_MOVE,
    MULLIGAN_MOVE,
    NOTE_MOVE,
    STEP_MOVE,
)
from rules.tables.coverage import EngineReads
from rules.tables.engine import (
    Applied,
    Moved,
    Refusal,
    card_in_hand,
    int_param,
    move_card,
    only_fields,
    own_card,
    refuse,
    require_turn,
    set_tapped,
    text_param,
)
from rules.tables.moves import (
    GameMoves,
    Move,
    Param,
    Payload,
    checked,
    hand_cards,
    passes,
    rule_refusal,
    with_game_state,
    with_turn_state,
)
from rules.tables.state import FINISHED, PLAYING, Card, TableState, evolve, frozen
from rules.text import fold

# The rules version a table records (rulesVersion): change it when a rule changes a replay.
# darkrow-2 adds the equipment (equip, unequip); a darkrow-1 log (no equipment ever played: the rules
# table refused it) replays the same under its moves, so a darkrow-1 table is still replayed.
VERSION = "darkrow-2"
REPLAYS = ("darkrow-1",)
LEADER, UNIT, LEGENDARY, ACTION, OBJECT, PLACE = "LEADER", "UNIT", "LEGENDARY", "ACTION", "OBJECT", "PLACE"
FIGHTERS = (UNIT, LEGENDARY)
# Seed 000: "Par joueur : Leader, main, deck, Life, 6 emplacements partagés Unités/Légendaires, 1 Lieu".
UNITS, PLACE_ZONE, LEADER_ZONE, LIFE, DISCARD, BANISHED = (
    "units",
    "place",
    "leader",
    "life",
    "discard",
    "banished",
)
# Seed 000: "Fin de son propre tour : effets de fin, puis défausser au choix jusqu'à 10 cartes."
HAND_LIMIT = 10
MAX_ADJUST = 99
# The Object behaviour that stays attached to a unit (the rule set's "behavior" field).
EQUIPMENT = "EQUIPMENT"
# An equipment's declared bonus: an effect of these timings, without conditions or costs, whose every
# action is a MODIFY_STAT of ATK or PV on the EQUIPPED_UNIT lasting WHILE_ATTACHED (seed 000: "Bonus
# d'équipement valable uniquement tant qu'il reste attaché à cette unité").
_BONUS_TIMINGS = frozenset({"CONTINUOUS", "ON_RESOLVE", "ON_DEPLOY", "ON_ENTER_FIELD"})
_FACTOR = re.compile(r"^([0-9]{1,2})/([1-9][0-9]?)$")


# --- the cards -------------------------------------------------------------------------------------
def printed(state: TableState, instance: str, key: str) -> int | None:
    """A card's printed value (cost, atk, pv), or None when its data has none."""
    value = state.card(instance).get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def has_keyword(state: TableState, instance: str, word: str) -> bool:
    """Whether the card says ``word`` (Rush, Initiative): in its keywords, its text or its effects."""
    card = state.card(instance)
    keywords = card.get("keywords")
    if isinstance(keywords, list | tuple) and any(fold(str(k)) == word for k in keywords):
        return True
    haystack = fold(card.text) + " " + fold(json.dumps(list(card.effects), ensure_ascii=False))
    return re.search(rf"\b{word}\b", haystack) is not None


def damage(state: TableState, instance: str) -> int:
    return state.game_state.get("damage", {}).get(instance, 0)


def _mods(state: TableState, instance: str) -> tuple[int, int]:
    atk, pv = state.game_state.get("mods", {}).get(instance, (0, 0))
    return atk, pv


def effective_atk(state: TableState, instance: str) -> int:
    # Seed 000, 0.4.1: "Après tous les modificateurs, l'ATK effective est max(0, calculatedATK)."
    atk = (printed(state, instance, "atk") or 0) + _mods(state, instance)[0]
    return max(0, atk + equipment_bonus(state, instance)[0])


def effective_pv(state: TableState, instance: str) -> int:
    # "PV effectifs = base + modificateurs, sans minimum artificiel."
    pv = (printed(state, instance, "pv") or 0) + _mods(state, instance)[1]
    return pv + equipment_bonus(state, instance)[1]


# --- equipment -----------------------------------------------------------------------------------
def is_equipment(state: TableState, instance: str) -> bool:
    card = state.card(instance)
    return card.type == OBJECT and card.get("behavior") == EQUIPMENT


def equipped(state: TableState) -> Mapping[str, str]:
    """Equipment instance -> the unit it is attached to, in the order they were attached."""
    return state.game_state.get("equipped", {})


def equipment_of(state: TableState, unit: str) -> list[str]:
    return [e for e, u in equipped(state).items() if u == unit]


def _declared_bonus(effect: Any) -> tuple[int, int] | None:
    """The ATK/PV bonus an equipment's effect declares while it is attached, or None when the effect
    is something else (the table logs it, and executes nothing of it)."""
    if not isinstance(effect, Mapping) or effect.get("timing") not in _BONUS_TIMINGS:
        return None
    if effect.get("conditions") or effect.get("costs"):
        return None
    actions = effect.get("actions")
    if not isinstance(actions, list | tuple) or not actions:
        return None
    atk = pv = 0
    for action in actions:
        amount = action.get("amount") if isinstance(action, Mapping) else None
        if (
            not isinstance(action, Mapping)
            or action.get("do") != "MODIFY_STAT"
            or action.get("stat") not in ("ATK", "PV")
            or action.get("target") != "EQUIPPED_UNIT"
            or action.get("duration", effect.get("duration")) != "WHILE_ATTACHED"
            or not isinstance(amount, int)
            or isinstance(amount, bool)
        ):
            return None
        if action["stat"] == "ATK":
            atk += amount
        else:
            pv += amount
    return atk, pv


def declared_effects(state: TableState, equipment: str) -> tuple[tuple[int, int], list[str], list[str]]:
    """An equipment's bonus (ATK, PV) its data declare, the ids of the effects that make it (applied)
    and of its other effects (logged, not executed)."""
    atk = pv = 0
    applied: list[str] = []
    logged: list[str] = []
    for n, effect in enumerate(state.card(equipment).effects):
        bonus = _declared_bonus(effect)
        effect_id = str(effect.get("effectId") or n) if isinstance(effect, Mapping) else str(n)
        if bonus is None:
            logged.append(effect_id)
        else:
            applied.append(effect_id)
            atk, pv = atk + bonus[0], pv + bonus[1]
    return (atk, pv), applied, logged


def equipment_bonus(state: TableState, unit: str) -> tuple[int, int]:
    """The ATK and PV the equipment attached to ``unit`` gives it (only while attached)."""
    held = equipped(state)
    if not held:
        return 0, 0
    atk = pv = 0
    for equipment, on in held.items():
        if on == unit:
            bonus = declared_effects(state, equipment)[0]
            atk, pv = atk + bonus[0], pv + bonus[1]
    return atk, pv


def _fighters(state: TableState, seat: int) -> list[Card]:
    """The seat's units of the field (its Units and Legendaries; not the equipment beside them)."""
    return [c for c in state.seats[seat].zones[UNITS] if state.card(c.instance).type in FIGHTERS]


def _is_fighter(state: TableState, instance: str) -> bool:
    where = state.locate(instance)
    return where is not None and where[1] == UNITS and state.card(instance).type in FIGHTERS


def card_stats(state: TableState, instance: str, zone: str) -> Mapping[str, Any]:
    """What the table shows on a unit (its effective ATK and PV, its damage, summoning sickness, the
    equipment attached to it), and on an equipment the unit it is attached to."""
    if zone != UNITS:
        return {}
    if state.card(instance).type not in FIGHTERS:
        on = equipped(state).get(instance)
        return {"attachedTo": {"instance": on, "name": state.card(on).name}} if on else {}
    stats: dict[str, Any] = {
        "atk": effective_atk(state, instance),
        "pv": effective_pv(state, instance),
        "damage": damage(state, instance),
        "sick": instance in state.turn_state.get("sick", ()),
    }
    gear = equipment_of(state, instance)
    if gear:
        stats["equipment"] = [{"instance": e, "name": state.card(e).name} for e in gear]
    return stats


def cost_of(printed_cost: int, factor: Fraction | None, amount: int) -> int:
    """Seed 000: "Ordre : coût imprimé → modifications proportionnelles → arrondi supérieur →
    réductions/augmentations fixes → minimum final 0." (5/2 = 2,5 → 3 → -1 = 2)."""
    value = printed_cost if factor is None else math.ceil(printed_cost * factor)
    return max(0, value + amount)


# --- shared checks ----------------------------------------------------------------------------------


def _playing(state: TableState, kind: str) -> None:
    if state.phase != PLAYING:
        raise refuse("TABLE_SETUP_PENDING", kind=kind, decisions=[])


def _no_attack_waiting(state: TableState, kind: str) -> None:
    # "Déclarer → réponses → réévaluer le terrain → choix du bloqueur si Leader → ... → dégâts":
    # the attacker's turn goes on once the defender has chosen to block or not.
    if state.game_state.get("attack"):
        raise rule_refusal(
            "TABLE_ATTACK_PENDING",
            "darkrow.block-choice",
            kind=kind,
            hint=N_("wait for the defender to block or let the attack through"),
        )


def _free_play(state: TableState, seat: int, kind: str, rule: str) -> None:
    """The active seat's own turn, after the turn's procedure: "Pas de phases rigides Main puis Combat :
    après la procédure initiale, jouer/attaquer/activer dans l'ordre légal choisi."""
    _playing(state, kind)
    require_turn(state, seat, kind)
    step = state.spec.steps[state.step].key
    if step != "play":
        raise rule_refusal(
            "TABLE_WRONG_STEP",
            rule,
            kind=kind,
            step=step,
            expected="play",
            hint=N_("play this move in its step"),
        )
    _no_attack_waiting(state, kind)


def _in_zone(state: TableState, seat: int, instance: str, zones: tuple[str, ...], kind: str, rule: str):
    where = state.locate(instance)
    if where is None or where[0] != seat or where[1] not in zones:
        raise rule_refusal(
            "TABLE_UNKNOWN_CARD",
            rule,
            kind=kind,
            instance=instance[:40],
            hint=N_("use the instance of a card you can see"),
        )
    return where


def _type(state: TableState, instance: str, expected: tuple[str, ...], kind: str, rule: str) -> str:
    card_type = state.card(instance).type
    if card_type not in expected:
        raise rule_refusal(
            "TABLE_CARD_TYPE",
            rule,
            kind=kind,
            type=card_type,
            expected=list(expected),
            hint=N_("choose a card of a type this move plays"),
        )
    return card_type


def _cost(state: TableState, seat: int, instance: str, payload: Payload, kind: str) -> int:
    """The cost to pay: the printed cost, changed by the proportional ``factor`` ("1/2") and the fixed
    ``amount`` a player records for an effect that changes it (the table executes no effect)."""
    value = printed(state, instance, "cost")
    if value is None:
        raise rule_refusal(
            "TABLE_CARD_INCOMPLETE",
            "darkrow.printed-cost",
            kind=kind,
            field="cost",
            hint=N_("give the card its printed cost in the studio"),
        )
    factor = None
    raw = payload.get("factor")
    if raw is not None:
        match = _FACTOR.match(raw) if isinstance(raw, str) else None
        if match is None:
            raise refuse(
                "TABLE_EVENT_INVALID", kind=kind, problem="factor", hint=N_("send a factor such as 1/2")
            )
        factor = Fraction(int(match.group(1)), int(match.group(2)))
    amount = int_param(payload, "amount", kind, low=-MAX_ADJUST, high=MAX_ADJUST, default=0)
    cost = cost_of(value, factor, amount)
    # "Le déploiement normal paie le coût imprimé en Indices READY"; "Payer épuise les Indices READY."
    ready = state.seats[seat].counters.get("indicesReady", 0)
    if cost > ready:
        raise rule_refusal(
            "TABLE_NOT_ENOUGH_INDICES",
            "darkrow.pay-indices",
            kind=kind,
            cost=cost,
            ready=ready,
            hint=N_("play a card whose cost your READY Indices pay"),
        )
    return cost


def _pay(state: TableState, seat: int, cost: int) -> TableState:
    current = state.seats[seat]
    counters = dict(current.counters)
    counters["indicesReady"] = counters.get("indicesReady", 0) - cost
    return state.with_seat(seat, evolve(current, counters=frozen(counters)))


def _forget(state: TableState, instance: str) -> TableState:
    """A card left the field: its damage and changes go ("Dégâts persistants séparés des PV de base")."""
    values: dict[str, Any] = {}
    for key in ("damage", "mods"):
        held = state.game_state.get(key, {})
        if instance in held:
            values[key] = {k: v for k, v in held.items() if k != instance}
    gear = equipped(state)
    if any(instance in pair for pair in gear.items()):
        # "Bonus d'équipement valable uniquement tant qu'il reste attaché à cette unité."
        values["equipped"] = {e: u for e, u in gear.items() if instance not in (e, u)}
    attack = state.game_state.get("attack")
    if attack and attack["attacker"] == instance:
        # "Une attaque échouée ou annulée ne rend pas READY": the attack ends with its attacker.
        values["attack"] = None
    return with_game_state(state, **values) if values else state


def _destroy_the_dead(
    state: TableState,
) -> tuple[TableState, list[Moved], list[tuple[str, Mapping[str, Any]]]]:
    """ "destruction immédiate si PV effectifs <= 0 ou damageTaken >= PV effectifs"; "Légendaire :
    élimination terrain → défausse remplacée par bannissement."""
    moved: list[Moved] = []
    did: list[tuple[str, Mapping[str, Any]]] = []
    for seat in (0, 1):
        for card in _fighters(state, seat):
            instance = card.instance
            if printed(state, instance, "pv") is None:
                continue  # no printed PV: the table cannot tell (the players can, by hand)
            pv = effective_pv(state, instance)
            if pv > 0 and damage(state, instance) < pv:
                continue
            where = state.locate(instance)
            assert where is not None
            target = BANISHED if state.card(instance).type == LEGENDARY else DISCARD
            state, more = move_card(state, seat, where, target, face_down=False, kind="destroy")
            moved += more
            did.append(("destroyed", {"seat": seat + 1, "to": target}))
            state, more, gone = _unit_left(state, instance)
            moved += more
            did += gone
    return state, moved, did


def _unit_left(
    state: TableState, unit: str
) -> tuple[TableState, list[Moved], list[tuple[str, Mapping[str, Any]]]]:
    """A unit left the field: "Lorsque l'unité quitte le terrain, ses équipements vont à la défausse
    sauf exception explicite" (each to its owner's discard; no exception is executed, effects are not)."""
    moved: list[Moved] = []
    did: list[tuple[str, Mapping[str, Any]]] = []
    for equipment in equipment_of(state, unit):
        where = state.locate(equipment)
        assert where is not None
        owner = state.owner(equipment)
        state, more = move_card(state, owner, where, DISCARD, face_down=False, kind="destroy")
        moved += more
        did.append(("equipmentDiscarded", {"seat": owner + 1}))
    return _forget(state, unit), moved, did


def _hurt(state: TableState, instance: str, amount: int) -> TableState:
    if amount <= 0:
        return state
    held = dict(state.game_state.get("damage", {}))
    held[instance] = held.get(instance, 0) + amount
    return with_game_state(state, damage=held)


# --- the turn ------------------------------------------------------------------------------------------
def _step_check(state: TableState, seat: int, payload: Payload) -> None:
    _no_attack_waiting(state, "step")


# "Début de tour : redresser les cartes concernées, augmenter les ressources et ajouter les nouveaux
# Indices READY, pioche normale de 1, effets de début de tour, jeu libre." Each step does its part by
# itself, once (the rule set's TableSpec: Ready, Indices by the schedule, Draw); "Premier joueur :
# aucune pioche ... au tout premier tour"; "Deck Out uniquement si une pioche obligatoire est
# impossible" (the Draw step's draw from an empty deck). No draw is a move of its own in rules mode.
DARKROW_STEP = evolve(STEP_MOVE, condition=checked(_step_check))


def _end_turn_check(state: TableState, seat: int, payload: Payload) -> None:
    _no_attack_waiting(state, "endTurn")
    hand = len(state.seats[seat].zones["hand"])
    if state.active == seat and hand > HAND_LIMIT:
        # Seed 000, Phase 5: "La fin de tour exige une défausse jusqu'à exactement dix cartes lorsqu'on
        # dépasse cette limite."
        raise rule_refusal(
            "TABLE_HAND_LIMIT",
            "darkrow.hand-limit",
            kind="endTurn",
            limit=HAND_LIMIT,
            observed=hand,
            hint=N_("move cards from your hand to your discard"),
        )


def _hand_limit(state: TableState, seat: int, payload: Payload) -> Refusal | None:
    """The free table keeps the hand limit too (its only check)."""
    hand = len(state.seats[seat].zones["hand"])
    if state.active == seat and hand > HAND_LIMIT:
        return rule_refusal(
            "TABLE_HAND_LIMIT",
            "darkrow.hand-limit",
            kind="endTurn",
            limit=HAND_LIMIT,
            observed=hand,
            hint=N_("move cards from your hand to your discard"),
        )
    return None


END_TURN = evolve(END_TURN_MOVE, condition=_hand_limit, free=True, rules=False)
RULES_END_TURN = evolve(END_TURN_MOVE, condition=checked(_end_turn_check))


def _discard_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "discard", "instance")
    _discard_time(state, seat)
    card_in_hand(state, seat, payload, "discard", "darkrow.hand-limit")


def _discard_time(state: TableState, seat: int) -> None:
    _playing(state, "discard")
    require_turn(state, seat, "discard")
    step = state.spec.steps[state.step].key
    # "Fin de son propre tour : effets de fin, puis défausser au choix jusqu'à 10 cartes." "Pas de
    # défausse forcée immédiate pendant le tour adverse."
    if step != "end":
        raise rule_refusal(
            "TABLE_WRONG_STEP",
            "darkrow.hand-limit",
            kind="discard",
            step=step,
            expected="end",
            hint=N_("play this move in its step"),
        )
    hand = len(state.seats[seat].zones["hand"])
    if hand <= HAND_LIMIT:
        raise rule_refusal(
            "TABLE_HAND_UNDER_LIMIT",
            "darkrow.hand-limit",
            kind="discard",
            limit=HAND_LIMIT,
            observed=hand,
            hint=N_("end the turn: your hand is within the limit"),
        )


def _discards(state: TableState, seat: int) -> Iterable[Payload]:
    return hand_cards(state, seat) if passes(_discard_time, state, seat) else ()


def _discard(state: TableState, seat: int, payload: dict) -> Applied:
    where = own_card(state, seat, payload["instance"], "discard")
    state, moved = move_card(state, seat, where, DISCARD, face_down=False, kind="discard")
    return Applied(state, tuple(moved), (("discard", {}),))


DISCARD_MOVE = Move(
    "discard",
    N_("Discard"),
    (Param("instance", "instance", N_("a card of your hand")),),
    condition=checked(_discard_check),
    enumerate=_discards,
    reduce=_discard,
    log=N_("%(who)s discarded %(card)s"),
)


# --- deployment -------------------------------------------------------------------------------------
def _deploy_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "deploy", "instance", "factor", "amount")
    _free_play(state, seat, "deploy", "darkrow.free-play")
    instance, _where = card_in_hand(state, seat, payload, "deploy", "darkrow.deploy-from-hand")
    card_type = _type(state, instance, (UNIT, LEGENDARY, PLACE), "deploy", "darkrow.deploy-type")
    # "Le déploiement normal ... utilise un emplacement libre." (6 Unit/Legendary slots; the Place's
    # one slot: "un nouveau Lieu remplace son propre ancien Lieu, envoyé à la défausse")
    if card_type != PLACE and len(_fighters(state, seat)) >= 6:
        raise rule_refusal(
            "TABLE_ZONE_FULL",
            "darkrow.unit-slots",
            kind="deploy",
            zone=UNITS,
            capacity=6,
            hint=N_("move a card out of that zone first"),
        )
    _cost(state, seat, instance, payload, "deploy")


def _deploy(state: TableState, seat: int, payload: dict) -> Applied:
    instance = payload["instance"]
    cost = _cost(state, seat, instance, payload, "deploy")
    state = _pay(state, seat, cost)
    where = own_card(state, seat, instance, "deploy")
    # "L'entrée normale est READY, avec mal d'invocation" (the units deployed this turn).
    if state.card(instance).type == PLACE:
        state, moved = move_card(state, seat, where, PLACE_ZONE, face_down=False, kind="deploy")
    else:
        # Into a free slot (checked above): the equipment lying beside the units takes none.
        state, placed = _to_field(state, seat, where, len(state.seats[seat].zones[UNITS]))
        state, moved = with_turn_state(state, sick=(*state.turn_state.get("sick", ()), instance)), [placed]
    return Applied(state, tuple(moved), (("deploy", {"cost": cost}),))


def _to_field(state: TableState, seat: int, where: tuple[Any, str, int], at: int) -> tuple[TableState, Moved]:
    """A card of the seat's hand onto the field (its units zone, at position ``at``), face up, READY:
    the Unit/Legendary slots are counted by the moves themselves (the attached equipment lies in the
    zone and takes no slot)."""
    current = state.seats[seat]
    zones = dict(current.zones)
    hand = list(zones[where[1]])
    card = hand.pop(where[2])
    field = list(zones[UNITS])
    field.insert(at, Card(card.instance))
    zones[where[1]], zones[UNITS] = tuple(hand), tuple(field)
    state = state.with_seat(seat, evolve(current, zones=frozen(zones)))
    return state, Moved(
        card.instance, seat, where[1], False, card.face_down, card.revealed, UNITS, False, False
    )


def _hand_of(state: TableState, seat: int, types: tuple[str, ...]) -> Iterable[Payload]:
    for card in state.seats[seat].zones["hand"]:
        if state.card(card.instance).type in types:
            yield {"instance": card.instance}


DEPLOY = Move(
    "deploy",
    N_("Deploy"),
    (
        Param("instance", "instance", N_("a Unit, Legendary or Place of your hand")),
        Param(
            "factor", "text", N_("a proportional cost change an effect makes, such as 1/2"), required=False
        ),
        Param("amount", "int", N_("a fixed cost change an effect makes, such as -1"), required=False),
    ),
    condition=checked(_deploy_check),
    enumerate=lambda state, seat: (
        _hand_of(state, seat, (UNIT, LEGENDARY, PLACE))
        if passes(_free_play, state, seat, "deploy", "darkrow.free-play")
        else ()
    ),
    reduce=_deploy,
    log=N_("%(who)s deployed %(card)s"),
)


# --- Actions and Objects ----------------------------------------------------------------------------
def _play_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "play", "instance", "factor", "amount")
    _playing(state, "play")
    instance, _where = card_in_hand(state, seat, payload, "play", "darkrow.play-from-hand")
    card_type = _type(state, instance, (ACTION, OBJECT), "play", "darkrow.play-type")
    if card_type == ACTION:
        # "Maximum une carte Action pendant son propre tour et une pendant le tour adverse." and
        # "Une carte Action peut être jouée en réponse avec la priorité".
        if seat in state.turn_state.get("actions", ()):
            raise rule_refusal(
                "TABLE_ACTION_QUOTA",
                "darkrow.action-quota",
                kind="play",
                hint=N_("one Action card in your turn and one in your opponent's"),
            )
    else:
        # "Les Objets ON_RESOLVE ordinaires et les capacités ACTIVATED restent réservés au tour libre
        # de leur contrôleur."
        _free_play(state, seat, "play", "darkrow.object-own-turn")
        if state.card(instance).get("behavior") == EQUIPMENT:
            # "Objet par défaut : jouer, résoudre, défausser. Exception uniquement si texte exige
            # maintien, notamment équipement": an equipment is attached to a unit (equip), never
            # played to the discard.
            raise rule_refusal(
                "TABLE_CARD_TYPE",
                "darkrow.equipment",
                kind="play",
                type=EQUIPMENT,
                expected=[ACTION, "CONSUMABLE"],
                hint=N_("attach an equipment to a unit of the field (Equip)"),
            )
    _cost(state, seat, instance, payload, "play")


def _playable(state: TableState, seat: int) -> Iterable[Payload]:
    """The Actions and Objects of the hand, but those the condition refuses whatever the payload: an
    Action over the seat's quota, an Object out of its free play (the setup: none)."""
    if state.phase != PLAYING:
        return
    action = seat not in state.turn_state.get("actions", ())
    obj = passes(_free_play, state, seat, "play", "darkrow.object-own-turn")
    for payload in _hand_of(state, seat, (ACTION, OBJECT)):
        if action if state.card(payload["instance"]).type == ACTION else obj:
            yield payload


def _play(state: TableState, seat: int, payload: dict) -> Applied:
    instance = payload["instance"]
    cost = _cost(state, seat, instance, payload, "play")
    # "Payer coûts/quota avant résolution ; aucun remboursement après annulation."
    state = _pay(state, seat, cost)
    if state.card(instance).type == ACTION:
        state = with_turn_state(state, actions=(*state.turn_state.get("actions", ()), seat))
    # "Objet par défaut : jouer, résoudre, défausser." An Action card goes to the discard once played
    # too; its effect is the players' to apply (not executed).
    where = own_card(state, seat, instance, "play")
    state, moved = move_card(state, seat, where, DISCARD, face_down=False, kind="play")
    return Applied(state, tuple(moved), (("play", {"cost": cost}),))


PLAY = Move(
    "play",
    N_("Play"),
    (
        Param("instance", "instance", N_("an Action or Object of your hand")),
        Param(
            "factor", "text", N_("a proportional cost change an effect makes, such as 1/2"), required=False
        ),
        Param("amount", "int", N_("a fixed cost change an effect makes, such as -1"), required=False),
    ),
    condition=checked(_play_check),
    enumerate=lambda state, seat: _playable(state, seat),
    reduce=_play,
    plays=True,
    log=N_("%(who)s played %(card)s"),
)


# --- equipment ---------------------------------------------------------------------------------------
def _equip_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "equip", "instance", "target", "factor", "amount")
    # An equipment is an Object: "Les Objets ON_RESOLVE ordinaires et les capacités ACTIVATED restent
    # réservés au tour libre de leur contrôleur."
    _free_play(state, seat, "equip", "darkrow.object-own-turn")
    instance, _where = card_in_hand(state, seat, payload, "equip", "darkrow.play-from-hand")
    if not is_equipment(state, instance):
        raise rule_refusal(
            "TABLE_CARD_TYPE",
            "darkrow.equipment",
            kind="equip",
            type=state.card(instance).type,
            expected=[EQUIPMENT],
            hint=N_("choose an equipment of your hand"),
        )
    # "Bonus d'équipement valable uniquement tant qu'il reste attaché à cette unité" and "Aucun Objet
    # autonome ne reste sur le terrain": it is attached to a unit (a Unit or Legendary) of the field.
    # Whose unit, and how many equipments a unit holds, the seed does not say: left free.
    target = text_param(payload, "target", "equip")
    if target not in state.start.instances or not _is_fighter(state, target):
        raise rule_refusal(
            "TABLE_EQUIP_TARGET",
            "darkrow.equipment-target",
            kind="equip",
            target=target[:40],
            hint=N_("attach it to a Unit or Legendary of the field"),
        )
    # "Payer coûts/quota avant résolution": its cost as a deployment's (the seed's cost rule).
    _cost(state, seat, instance, payload, "equip")


def _equip(state: TableState, seat: int, payload: dict) -> Applied:
    instance, target = payload["instance"], payload["target"]
    cost = _cost(state, seat, instance, payload, "equip")
    state = _pay(state, seat, cost)
    where = own_card(state, seat, instance, "equip")
    # Beside its unit when the unit is the seat's own (after the equipment already attached to it).
    field = state.seats[seat].zones[UNITS]
    gear = {target, *equipment_of(state, target)}
    at = max((n + 1 for n, c in enumerate(field) if c.instance in gear), default=len(field))
    state, placed = _to_field(state, seat, where, at)
    state = with_game_state(state, equipped={**equipped(state), instance: target})
    (atk, pv), applied, logged = declared_effects(state, instance)
    # Its bonus counts at once (effective ATK/PV read it); its other effects are logged, not executed.
    state, moved, did = _destroy_the_dead(state)
    done = ("equip", {"cost": cost, "atk": atk, "pv": pv, "applied": applied, "logged": logged})
    return Applied(state, (placed, *moved), (done, *did))


def _equips(state: TableState, seat: int) -> Iterable[Payload]:
    if not passes(_free_play, state, seat, "equip", "darkrow.object-own-turn"):
        return
    units = [c.instance for s in (seat, 1 - seat) for c in _fighters(state, s)]
    for card in state.seats[seat].zones["hand"]:
        if is_equipment(state, card.instance):
            for unit in units:
                yield {"instance": card.instance, "target": unit}


EQUIP = Move(
    "equip",
    N_("Equip"),
    (
        Param("instance", "instance", N_("an equipment of your hand")),
        Param("target", "instance", N_("the unit it is attached to")),
        Param(
            "factor", "text", N_("a proportional cost change an effect makes, such as 1/2"), required=False
        ),
        Param("amount", "int", N_("a fixed cost change an effect makes, such as -1"), required=False),
    ),
    condition=checked(_equip_check),
    enumerate=_equips,
    reduce=_equip,
    plays=True,
    log=N_("%(who)s equipped %(card)s"),
    leaves_free=N_(
        "The game's rules say neither whose unit an equipment may be attached to nor how many equipments a unit "
        "may hold: the table leaves both free."
    ),
)


def _unequip_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "unequip", "instance")
    _playing(state, "unequip")
    instance = text_param(payload, "instance", "unequip")
    if instance not in equipped(state):
        raise rule_refusal(
            "TABLE_NOT_EQUIPPED",
            "darkrow.unequip",
            kind="unequip",
            instance=instance[:40],
            hint=N_("choose an equipment attached to a unit"),
        )


def _unequip(state: TableState, seat: int, payload: dict) -> Applied:
    """An effect detaches an equipment (Épée d'entraînement: "déséquiper → retirer immédiatement +2 ATK
    → infliger les 2 dégâts → envoyer l'Épée à la défausse"): "Déséquipement ... : bonus retiré
    immédiatement", and "Aucun Objet autonome ne reste sur le terrain": to its owner's discard. What
    the effect does besides (the Épée's 2 damage) is applied by hand."""
    instance = payload["instance"]
    owner = state.owner(instance)
    where = state.locate(instance)
    assert where is not None
    state, moved = move_card(state, owner, where, DISCARD, face_down=False, kind="unequip")
    state = _forget(state, instance)
    # "Le retrait d'un bonus PV entraîne immédiatement la vérification létale."
    state, more, did = _destroy_the_dead(state)
    return Applied(state, (*moved, *more), (("unequip", {}), *did))


def _unequips(state: TableState, seat: int) -> Iterable[Payload]:
    if state.phase != PLAYING:
        return
    for equipment in equipped(state):
        yield {"instance": equipment}


UNEQUIP = Move(
    "unequip",
    N_("Unequip"),
    (Param("instance", "instance", N_("an equipment attached to a unit")),),
    condition=checked(_unequip_check),
    enumerate=_unequips,
    reduce=_unequip,
    log=N_("%(who)s unequipped %(card)s (a card's effect): it goes to the discard"),
    manual=True,
)


# --- attacks ----------------------------------------------------------------------------------------
def _attack_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "attack", "instance", "target")
    _free_play(state, seat, "attack", "darkrow.free-play")
    # "Premier joueur : aucune pioche ni attaque au tout premier tour, même avec Rush." (the game's
    # turn 1 is the first player's first turn)
    if state.turn == 1:
        raise rule_refusal(
            "TABLE_FIRST_TURN_NO_ATTACK",
            "darkrow.first-turn-no-attack",
            kind="attack",
            hint=N_("the first player does not attack on the very first turn"),
        )
    instance = text_param(payload, "instance", "attack")
    # "Le Leader ... n'attaque pas": an attacker is a unit of the field (not an equipment beside it).
    _in_zone(state, seat, instance, (UNITS,), "attack", "darkrow.attacker")
    _type(state, instance, FIGHTERS, "attack", "darkrow.attacker")
    # "Déclaration d'attaque épuise l'unité": an EXHAUSTED unit does not attack.
    if state.seats[seat].zones[UNITS][state.locate(instance)[2]].tapped:  # type: ignore[index]
        raise rule_refusal(
            "TABLE_NOT_READY",
            "darkrow.attacker-ready",
            kind="attack",
            instance=instance,
            hint=N_("choose a READY unit"),
        )
    # "READY/EXHAUSTED séparés du mal d'invocation ... Rush l'ignore"
    if instance in state.turn_state.get("sick", ()) and not has_keyword(state, instance, "rush"):
        raise rule_refusal(
            "TABLE_SUMMONING_SICK",
            "darkrow.summoning-sickness",
            kind="attack",
            instance=instance,
            hint=N_("a unit attacks from the turn after it arrives, unless it has Rush"),
        )
    target = text_param(payload, "target", "attack")
    where = state.locate(target)
    other = 1 - seat
    # HOTFIX 0.9.3: "le Leader adverse est TOUJOURS attaquable ... Seules les unités adverses
    # EXHAUSTED peuvent être attaquées directement ... Une unité adverse READY ne peut pas être
    # attaquée directement : elle peut seulement bloquer une attaque contre son Leader."
    if where is not None and where[0] == other and where[1] == LEADER_ZONE:
        return
    if (
        where is not None
        and where[0] == other
        and _is_fighter(state, target)
        and state.seats[other].zones[UNITS][where[2]].tapped
    ):
        return
    raise rule_refusal(
        "TABLE_ATTACK_TARGET",
        "darkrow.attack-target",
        kind="attack",
        target=target[:40],
        hint=N_("attack the opposing Leader or an EXHAUSTED opposing unit"),
    )


def _combat(state: TableState, attacker: str, defender: str):
    """ "dégâts simultanés : l'attaquant et l'unité attaquée (ou le bloqueur) s'infligent leur ATK lors du
    même combat, même si l'une est détruite ; le défenseur riposte, qu'il soit READY ou EXHAUSTED ...
    Seule exception : une carte qui le dit explicitement (Initiative en attaque ... « si elle est
    détruite, elle ne riposte pas »)."""
    strike, riposte = effective_atk(state, attacker), effective_atk(state, defender)
    if has_keyword(state, attacker, "initiative"):
        state = _hurt(state, defender, strike)
        pv = effective_pv(state, defender)
        if pv > 0 and damage(state, defender) < pv:
            state = _hurt(state, attacker, riposte)
    else:
        state = _hurt(_hurt(state, defender, strike), attacker, riposte)
    return _destroy_the_dead(state)


def _leader_hit(
    state: TableState, seat: int
) -> tuple[TableState, list[Moved], list[tuple[str, Mapping[str, Any]]]]:
    """An unblocked Leader attack by ``seat``: "Attaque Leader non bloquée : première Life vers main,
    exactement une quelle que soit l'ATK. Après les 5 Life, la prochaine attaque réussie fait perdre."""
    other = 1 - seat
    life = state.seats[other].zones[LIFE]
    if not life:
        # "une attaque réussie sans Life restante gagne": the engine ends the game.
        state = evolve(state, phase=FINISHED, result=(seat, "NO_LIFE"), proposal=None)
        return state, [], [("result", {"winner": seat + 1, "reason": "NO_LIFE"})]
    state, moved = move_card(
        state, other, (other, LIFE, len(life) - 1), "hand", face_down=False, kind="attack"
    )
    return state, moved, [("life", {"seat": other + 1})]


def _attack(state: TableState, seat: int, payload: dict) -> Applied:
    attacker, target = payload["instance"], payload["target"]
    state = set_tapped(state, attacker, True)
    other = 1 - seat
    if state.locate(target)[1] == UNITS:  # type: ignore[index]
        state, moved, did = _combat(state, attacker, target)
        return Applied(state, tuple(moved), (("attack", {"target": "unit"}), *did))
    # "Le défenseur choisit lui-même de bloquer ... Sans bloqueur éligible, aucune décision vide n'est
    # proposée." ("Le blocage ... exige une unité READY")
    if any(not c.tapped for c in _fighters(state, other)):
        state = with_game_state(state, attack={"attacker": attacker, "seat": seat})
        return Applied(state, (), (("attack", {"target": "leader"}),))
    state, moved, did = _leader_hit(state, seat)
    return Applied(state, tuple(moved), (("attack", {"target": "leader"}), *did))


def _attacks(state: TableState, seat: int) -> Iterable[Payload]:
    # None out of the seat's free play, nor on the game's first turn (the condition's refusals).
    if state.turn == 1 or not passes(_free_play, state, seat, "attack", "darkrow.free-play"):
        return
    other = 1 - seat
    targets = [c.instance for c in state.seats[other].zones[LEADER_ZONE]]
    targets += [c.instance for c in _fighters(state, other) if c.tapped]
    for card in _fighters(state, seat):
        for target in targets:
            yield {"instance": card.instance, "target": target}


ATTACK = Move(
    "attack",
    N_("Attack"),
    (
        Param("instance", "instance", N_("a READY unit of yours")),
        Param("target", "instance", N_("the opposing Leader or an EXHAUSTED opposing unit")),
    ),
    condition=checked(_attack_check),
    enumerate=_attacks,
    reduce=_attack,
    log=N_("%(who)s attacked with %(card)s"),
)


def _defending(state: TableState, seat: int, kind: str) -> Mapping[str, Any]:
    attack = state.game_state.get("attack")
    if not attack or attack["seat"] == seat:
        raise rule_refusal(
            "TABLE_NO_ATTACK",
            "darkrow.block",
            kind=kind,
            hint=N_("a block answers an attack on your Leader"),
        )
    return attack


def _block_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "block", "instance")
    _playing(state, "block")
    _defending(state, seat, "block")
    instance = text_param(payload, "instance", "block")
    # "Le blocage est facultatif, exige une unité READY et l'épuise" ("Mal d'invocation n'empêche pas
    # de bloquer").
    where = _in_zone(state, seat, instance, (UNITS,), "block", "darkrow.block")
    _type(state, instance, FIGHTERS, "block", "darkrow.block")
    if state.seats[seat].zones[UNITS][where[2]].tapped:
        raise rule_refusal(
            "TABLE_NOT_READY",
            "darkrow.block",
            kind="block",
            instance=instance,
            hint=N_("choose a READY unit"),
        )


def _block(state: TableState, seat: int, payload: dict) -> Applied:
    attack = state.game_state["attack"]
    blocker = payload["instance"]
    state = with_game_state(set_tapped(state, blocker, True), attack=None)
    # "Blocage : aucune Life perdue, aucun surplus vers Leader."
    state, moved, did = _combat(state, attack["attacker"], blocker)
    return Applied(state, tuple(moved), (("block", {}), *did))


def _blocks(state: TableState, seat: int) -> Iterable[Payload]:
    attack = state.game_state.get("attack")
    if attack and attack["seat"] != seat:
        for card in _fighters(state, seat):
            yield {"instance": card.instance}


BLOCK = Move(
    "block",
    N_("Block"),
    (Param("instance", "instance", N_("a READY unit of yours")),),
    condition=checked(_block_check),
    enumerate=_blocks,
    reduce=_block,
    log=N_("%(who)s blocked with %(card)s"),
)


def _no_block_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "noBlock")
    _playing(state, "noBlock")
    _defending(state, seat, "noBlock")


def _no_block(state: TableState, seat: int, payload: dict) -> Applied:
    attack = state.game_state["attack"]
    state = with_game_state(state, attack=None)
    state, moved, did = _leader_hit(state, attack["seat"])
    return Applied(state, tuple(moved), (("noBlock", {}), *did))


def _no_blocks(state: TableState, seat: int) -> Iterable[Payload]:
    attack = state.game_state.get("attack")
    if attack and attack["seat"] != seat:
        yield {}


NO_BLOCK = Move(
    "noBlock",
    N_("Let the attack through"),
    condition=checked(_no_block_check),
    enumerate=_no_blocks,
    reduce=_no_block,
    log=N_("%(who)s let the attack through"),
)


# --- an effect's outcome, applied by hand ---------------------------------------------------------
def _field_card(state: TableState, payload: Payload, kind: str, zones: tuple[str, ...]) -> tuple[int, str]:
    instance = text_param(payload, "instance", kind)
    where = state.locate(instance)
    if (
        where is None
        or where[0] is None
        or where[1] not in zones
        or (where[1] == UNITS and state.card(instance).type not in FIGHTERS)
    ):
        raise rule_refusal(
            "TABLE_UNKNOWN_CARD",
            "darkrow.manual-adjustment",
            kind=kind,
            instance=instance[:40],
            hint=N_("choose a card of the field"),
        )
    return where[0], instance


def _damage_check(kind: str):
    def check(state: TableState, seat: int, payload: Payload) -> None:
        only_fields(payload, kind, "instance", "amount")
        _playing(state, kind)
        _owner, instance = _field_card(state, payload, kind, (UNITS,))
        amount = int_param(payload, "amount", kind, low=1, high=MAX_ADJUST, default=1)
        if kind == "heal" and amount > damage(state, instance):
            # "Soin = retirer des dégâts, pas augmenter le maximum."
            raise rule_refusal(
                "TABLE_COUNTER_RANGE",
                "darkrow.heal",
                kind=kind,
                counter="damage",
                minimum=0,
                maximum=damage(state, instance),
                hint=N_("send a whole number within the counter's bounds"),
            )

    return check


def _mark_damage(state: TableState, seat: int, payload: dict) -> Applied:
    amount = payload.get("amount", 1)
    state = _hurt(state, payload["instance"], amount)
    state, moved, did = _destroy_the_dead(state)
    return Applied(state, tuple(moved), (("damage", {"value": amount}), *did))


def _heal(state: TableState, seat: int, payload: dict) -> Applied:
    amount = payload.get("amount", 1)
    instance = payload["instance"]
    held = dict(state.game_state.get("damage", {}))
    held[instance] = held.get(instance, 0) - amount
    if not held[instance]:
        del held[instance]
    return Applied(with_game_state(state, damage=held), (), (("heal", {"value": amount}),))


def _field_units(state: TableState, seat: int, healing: bool = False) -> Iterable[Payload]:
    if state.phase != PLAYING:
        return
    for owner in (seat, 1 - seat):
        for card in _fighters(state, owner):
            if not healing or damage(state, card.instance):
                yield {"instance": card.instance}


MARK_DAMAGE = Move(
    "markDamage",
    N_("Mark 1 damage"),
    (
        Param("instance", "instance", N_("a unit of the field")),
        Param("amount", "int", N_("how much damage (default 1)"), required=False),
    ),
    condition=checked(_damage_check("markDamage")),
    enumerate=_field_units,
    reduce=_mark_damage,
    log=N_("%(who)s marked damage on %(card)s (a card's effect)"),
    manual=True,
)
HEAL = Move(
    "heal",
    N_("Remove 1 damage"),
    (
        Param("instance", "instance", N_("a damaged unit of the field")),
        Param("amount", "int", N_("how much damage (default 1)"), required=False),
    ),
    condition=checked(_damage_check("heal")),
    enumerate=lambda state, seat: _field_units(state, seat, healing=True),
    reduce=_heal,
    log=N_("%(who)s removed damage from %(card)s (a card's effect)"),
    manual=True,
)


def _tap_check(kind: str, tapped: bool):
    def check(state: TableState, seat: int, payload: Payload) -> None:
        only_fields(payload, kind, "instance")
        _playing(state, kind)
        owner, instance = _field_card(state, payload, kind, (UNITS, LEADER_ZONE))
        where = state.locate(instance)
        assert where is not None
        if state.seats[owner].zones[where[1]][where[2]].tapped == tapped:
            raise rule_refusal(
                "TABLE_NOT_READY" if tapped else "TABLE_NOT_EXHAUSTED",
                "darkrow.manual-adjustment",
                kind=kind,
                instance=instance,
                hint=N_("choose a READY unit") if tapped else N_("choose an EXHAUSTED card"),
            )

    return check


def _tap(tapped: bool):
    def reduce(state: TableState, seat: int, payload: dict) -> Applied:
        # "Sommeil et paralysie = EXHAUST"; "redresser ne supprime pas le mal d'invocation".
        state = set_tapped(state, payload["instance"], tapped)
        return Applied(state, (), (("exhaust" if tapped else "ready", {}),))

    return reduce


def _tappable(tapped: bool):
    def enumerate_(state: TableState, seat: int) -> Iterable[Payload]:
        if state.phase != PLAYING:
            return
        for owner in (seat, 1 - seat):
            for card in (*state.seats[owner].zones[LEADER_ZONE], *_fighters(state, owner)):
                if card.tapped != tapped:
                    yield {"instance": card.instance}

    return enumerate_


EXHAUST = Move(
    "exhaust",
    N_("Exhaust"),
    (Param("instance", "instance", N_("a unit or Leader of the field")),),
    condition=checked(_tap_check("exhaust", True)),
    enumerate=_tappable(True),
    reduce=_tap(True),
    log=N_("%(who)s exhausted %(card)s (a card's effect)"),
    manual=True,
)
READY = Move(
    "ready",
    N_("Ready"),
    (Param("instance", "instance", N_("a unit or Leader of the field")),),
    condition=checked(_tap_check("ready", False)),
    enumerate=_tappable(False),
    reduce=_tap(False),
    log=N_("%(who)s readied %(card)s (a card's effect)"),
    manual=True,
)


def _modify_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "modify", "instance", "atk", "pv")
    _playing(state, "modify")
    _field_card(state, payload, "modify", (UNITS,))
    int_param(payload, "atk", "modify", low=-MAX_ADJUST, high=MAX_ADJUST, default=0)
    int_param(payload, "pv", "modify", low=-MAX_ADJUST, high=MAX_ADJUST, default=0)


def _modify(state: TableState, seat: int, payload: dict) -> Applied:
    instance = payload["instance"]
    atk, pv = _mods(state, instance)
    mods = dict(state.game_state.get("mods", {}))
    mods[instance] = (atk + payload.get("atk", 0), pv + payload.get("pv", 0))
    if mods[instance] == (0, 0):
        del mods[instance]
    state = with_game_state(state, mods=mods)
    # "Le retrait d'un bonus PV entraîne immédiatement la vérification létale."
    state, moved, did = _destroy_the_dead(state)
    return Applied(
        state, tuple(moved), (("modify", {"atk": payload.get("atk", 0), "pv": payload.get("pv", 0)}), *did)
    )


MODIFY = Move(
    "modify",
    N_("Change ATK/PV"),
    (
        Param("instance", "instance", N_("a unit of the field")),
        Param("atk", "int", N_("the change of its ATK"), required=False),
        Param("pv", "int", N_("the change of its PV"), required=False),
    ),
    condition=checked(_modify_check),
    reduce=_modify,
    log=N_("%(who)s changed the ATK/PV of %(card)s (a card's effect)"),
    manual=True,
)

MOVES = GameMoves(
    game="darkrow",
    version=VERSION,
    replays=REPLAYS,
    moves=(
        FIRST_MOVE,
        MULLIGAN_MOVE,
        DARKROW_STEP,
        DEPLOY,
        PLAY,
        EQUIP,
        ATTACK,
        BLOCK,
        NO_BLOCK,
        DISCARD_MOVE,
        RULES_END_TURN,
        MARK_DAMAGE,
        HEAL,
        EXHAUST,
        READY,
        MODIFY,
        UNEQUIP,
        CONCEDE_MOVE,
        NOTE_MOVE,
        *FAIR_MOVES,
        END_TURN,
    ),
    card_view=card_stats,
)

__all__ = [
    "HAND_LIMIT",
    "MOVES",
    "VERSION",
    "card_stats",
    "cost_of",
    "declared_effects",
    "effective_atk",
    "effective_pv",
    "equipment_bonus",
    "equipped",
    "has_keyword",
]


# What the moves above read of a card (rules.tables.coverage): its stats and kind, Rush and Initiative
# (in its keywords, text or effects: has_keyword); its effects are only logged.
ENGINE_READS = EngineReads(
    fields=("cost", "atk", "pv", "behavior"), keywords=("RUSH", "INITIATIVE"), keywords_in_text=True
)
