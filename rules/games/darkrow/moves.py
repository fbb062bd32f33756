"""Darkrow's table moves (seed 000, "Règles canoniques — 28 septembre 2026"): its rules mode.

Each rule quotes the seed line it enforces; where the seed is silent the table leaves it free.
Registered by the rule set (``Darkrow.table_moves``); the framework is rules.tables.moves.

What the table keeps of its own (``TableState.game_state``): ``damage`` (instance -> damageTaken),
``mods`` (instance -> [ATK, PV] changes a player recorded) and ``attack`` (a Leader attack waiting
for the defender's block); per turn (``turn_state``): ``sick`` (the units deployed this turn) and
``actions`` (the seats that played an Action card this turn).

Card effects are not executed ("Aucun effet de carte n'est encore exécuté"): a player applies an
effect's outcome by hand, as a logged move the opponent sees: ``markDamage`` / ``heal`` (damage
counters on a unit), ``exhaust`` / ``ready`` (a unit or a Leader), ``modify`` (ATK/PV changes) and,
for a cost an effect changes, the ``factor`` and ``amount`` of a ``deploy`` or ``play``.
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
    text_param,
)
from rules.tables.moves import (
    GameMoves,
    Move,
    Param,
    Payload,
    checked,
    hand_cards,
    rule_refusal,
    with_game_state,
    with_turn_state,
)
from rules.tables.state import FINISHED, PLAYING, TableState, evolve, frozen
from rules.text import fold

# The rules version a table records (rulesVersion): change it when a rule changes a replay.
VERSION = "darkrow-1"
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
    return max(0, (printed(state, instance, "atk") or 0) + _mods(state, instance)[0])


def effective_pv(state: TableState, instance: str) -> int:
    # "PV effectifs = base + modificateurs, sans minimum artificiel."
    return (printed(state, instance, "pv") or 0) + _mods(state, instance)[1]


def card_stats(state: TableState, instance: str, zone: str) -> Mapping[str, Any]:
    """What the table shows on a unit (its effective ATK and PV, its damage, summoning sickness)."""
    if zone != UNITS or state.card(instance).type not in FIGHTERS:
        return {}
    return {
        "atk": effective_atk(state, instance),
        "pv": effective_pv(state, instance),
        "damage": damage(state, instance),
        "sick": instance in state.turn_state.get("sick", ()),
    }


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


def _set_tapped(state: TableState, instance: str, tapped: bool) -> TableState:
    where = state.locate(instance)
    assert where is not None
    seat, zone, position = where
    assert seat is not None
    current = state.seats[seat]
    cards = list(current.zones[zone])
    cards[position] = evolve(cards[position], tapped=tapped)
    zones = dict(current.zones)
    zones[zone] = tuple(cards)
    return state.with_seat(seat, evolve(current, zones=frozen(zones)))


def _forget(state: TableState, instance: str) -> TableState:
    """A card left the field: its damage and changes go ("Dégâts persistants séparés des PV de base")."""
    values: dict[str, Any] = {}
    for key in ("damage", "mods"):
        held = state.game_state.get(key, {})
        if instance in held:
            values[key] = {k: v for k, v in held.items() if k != instance}
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
        for card in state.seats[seat].zones[UNITS]:
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
            state = _forget(state, instance)
            moved += more
            did.append(("destroyed", {"seat": seat + 1, "to": target}))
    return state, moved, did


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
    card_in_hand(state, seat, payload, "discard", "darkrow.hand-limit")


def _discard(state: TableState, seat: int, payload: dict) -> Applied:
    where = own_card(state, seat, payload["instance"], "discard")
    state, moved = move_card(state, seat, where, DISCARD, face_down=False, kind="discard")
    return Applied(state, tuple(moved), (("discard", {}),))


DISCARD_MOVE = Move(
    "discard",
    N_("Discard"),
    (Param("instance", "instance", N_("a card of your hand")),),
    condition=checked(_discard_check),
    enumerate=hand_cards,
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
    if card_type != PLACE and len(state.seats[seat].zones[UNITS]) >= 6:
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
    target = PLACE_ZONE if state.card(instance).type == PLACE else UNITS
    # "L'entrée normale est READY, avec mal d'invocation" (the units deployed this turn).
    state, moved = move_card(state, seat, where, target, face_down=False, kind="deploy")
    if target == UNITS:
        state = with_turn_state(state, sick=(*state.turn_state.get("sick", ()), instance))
    return Applied(state, tuple(moved), (("deploy", {"cost": cost}),))


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
    enumerate=lambda state, seat: _hand_of(state, seat, (UNIT, LEGENDARY, PLACE)),
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
        if state.card(instance).get("behavior") == "EQUIPMENT":
            # "Bonus d'équipement valable uniquement tant qu'il reste attaché à cette unité": the table
            # has no attachment yet; an equipment is not played in rules mode (the free table plays it).
            raise rule_refusal(
                "TABLE_CARD_TYPE",
                "darkrow.equipment",
                kind="play",
                type="EQUIPMENT",
                expected=[ACTION, "CONSUMABLE"],
                hint=N_("choose a card of a type this move plays"),
            )
    _cost(state, seat, instance, payload, "play")


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
    enumerate=lambda state, seat: _hand_of(state, seat, (ACTION, OBJECT)),
    reduce=_play,
    plays=True,
    log=N_("%(who)s played %(card)s"),
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
    # "Le Leader ... n'attaque pas": an attacker is a unit of the field.
    _in_zone(state, seat, instance, (UNITS,), "attack", "darkrow.attacker")
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
        and where[1] == UNITS
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
    state = _set_tapped(state, attacker, True)
    other = 1 - seat
    if state.locate(target)[1] == UNITS:  # type: ignore[index]
        state, moved, did = _combat(state, attacker, target)
        return Applied(state, tuple(moved), (("attack", {"target": "unit"}), *did))
    # "Le défenseur choisit lui-même de bloquer ... Sans bloqueur éligible, aucune décision vide n'est
    # proposée." ("Le blocage ... exige une unité READY")
    if any(not c.tapped for c in state.seats[other].zones[UNITS]):
        state = with_game_state(state, attack={"attacker": attacker, "seat": seat})
        return Applied(state, (), (("attack", {"target": "leader"}),))
    state, moved, did = _leader_hit(state, seat)
    return Applied(state, tuple(moved), (("attack", {"target": "leader"}), *did))


def _attacks(state: TableState, seat: int) -> Iterable[Payload]:
    other = 1 - seat
    targets = [c.instance for c in state.seats[other].zones[LEADER_ZONE]]
    targets += [c.instance for c in state.seats[other].zones[UNITS] if c.tapped]
    for card in state.seats[seat].zones[UNITS]:
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
    state = with_game_state(_set_tapped(state, blocker, True), attack=None)
    # "Blocage : aucune Life perdue, aucun surplus vers Leader."
    state, moved, did = _combat(state, attack["attacker"], blocker)
    return Applied(state, tuple(moved), (("block", {}), *did))


def _blocks(state: TableState, seat: int) -> Iterable[Payload]:
    attack = state.game_state.get("attack")
    if attack and attack["seat"] != seat:
        for card in state.seats[seat].zones[UNITS]:
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
    if where is None or where[0] is None or where[1] not in zones:
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
        for card in state.seats[owner].zones[UNITS]:
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
        state = _set_tapped(state, payload["instance"], tapped)
        return Applied(state, (), (("exhaust" if tapped else "ready", {}),))

    return reduce


def _tappable(tapped: bool):
    def enumerate_(state: TableState, seat: int) -> Iterable[Payload]:
        if state.phase != PLAYING:
            return
        for owner in (seat, 1 - seat):
            for zone in (LEADER_ZONE, UNITS):
                for card in state.seats[owner].zones[zone]:
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
)
READY = Move(
    "ready",
    N_("Ready"),
    (Param("instance", "instance", N_("a unit or Leader of the field")),),
    condition=checked(_tap_check("ready", False)),
    enumerate=_tappable(False),
    reduce=_tap(False),
    log=N_("%(who)s readied %(card)s (a card's effect)"),
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
)

MOVES = GameMoves(
    game="darkrow",
    version=VERSION,
    moves=(
        FIRST_MOVE,
        MULLIGAN_MOVE,
        DARKROW_STEP,
        DEPLOY,
        PLAY,
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
    "effective_atk",
    "effective_pv",
    "has_keyword",
]
