"""Duel's table moves (seed 004, "Règles du duel"): its rules mode.

Each rule quotes the seed line it enforces; where the seed is silent the table leaves it free.
Registered by the rule set (``Duel.table_moves``); the framework is rules.tables.moves.

A monster's position is how it lies: face up and upright, attack; turned sideways (``tapped``),
defence; face down, defence too ("face cachée en défense"). What the table keeps of its own
(``TableState.game_state``, never shown: it names face-down cards): ``arrived`` (monster -> the turn
it came to the field), ``setOn`` (trap -> the turn it was set), ``equips`` (equipment -> its
monster), ``mods`` (monster -> [ATK, DEF] changes a player recorded for a card's effect), ``target``
(the monster an attack aims at), ``options`` (the table options turned on). Per turn (``turn_state``,
public): ``summoned`` (the normal summon is used), ``changed`` (monsters whose position changed),
``attacked``, ``powers`` (characters whose power was used), ``battle`` (the attack waiting for the
defender) and ``reacted`` (the last action was answered: the option "one reaction per action").

Card effects are not executed (effects stay data): a player applies an effect's outcome by hand,
as a logged move the opponent sees (``changeLp``, ``modify``, ``toGraveyard``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from itertools import combinations
from typing import Any

from rules.i18n import N_
from rules.tables.common_moves import CONCEDE_MOVE, END_TURN_MOVE, FAIR_MOVES, NOTE_MOVE, STEP_MOVE
from rules.tables.coverage import EngineReads
from rules.tables.engine import (
    Applied,
    Moved,
    card_in_hand,
    end_turn_handler,
    int_param,
    move_card,
    only_fields,
    require_turn,
    step_handler,
    text_param,
)
from rules.tables.moves import (
    GameMoves,
    Move,
    Param,
    Payload,
    checked,
    passes,
    rule_refusal,
    with_game_state,
    with_turn_state,
)
from rules.tables.state import FINISHED, PLAYING, TableState, evolve, frozen
from rules.text import fold

# The rules version a table records (rulesVersion): change it when a rule changes a replay.
VERSION = "duel-1"
MONSTER, SPELL, TRAP, EQUIPMENT, CHARACTER, TERRAIN = (
    "MONSTER",
    "SPELL",
    "TRAP",
    "EQUIPMENT",
    "CHARACTER",
    "TERRAIN",
)
MONSTERS, SUPPORTS, CHARACTER_ZONE, TERRAIN_ZONE, GRAVEYARD = (
    "monsters",
    "supports",
    "character",
    "terrain",
    "discard",
)
FIELD = (MONSTERS, SUPPORTS, CHARACTER_ZONE)
MAIN_STEPS = ("main1", "main2")
ATTACK, DEFENCE = "attack", "defence"
# Seed 004: "Chaque invocateur commence avec 6 000 PV".
START_LP = 6000
MAX_ADJUST = 99_999

# Seed 004's last paragraph: "Les points suivants sont encore en discussion" -- each a table option,
# off by default, set before the first player's main phase (the page shows them).
ONE_REACTION = "oneReaction"
FLIP_TRIGGERS = "flipSummonEffects"
LP_CAP = "lpCap"
NO_HAND_LIMIT = "noHandLimit"
TURN_LIMIT = "drawAfter150"
OPTIONS: tuple[tuple[str, str, str], ...] = (
    (
        ONE_REACTION,
        N_("One reaction per action (no chain)"),
        N_("a second trap used in answer to the same action is refused"),
    ),
    (
        FLIP_TRIGGERS,
        N_("A flip summon triggers summon effects"),
        N_("the log says a flip summon's summon effects apply (by hand)"),
    ),
    (LP_CAP, N_("LP capped at 6,000"), N_("a gain of LP stops at 6,000")),
    (
        NO_HAND_LIMIT,
        N_("No hand limit"),
        N_("the seed sets no hand limit: the table enforces none, on or off"),
    ),
    (
        TURN_LIMIT,
        N_("A draw beyond 150 turns"),
        N_("the game ends in a draw when the 150th turn ends"),
    ),
)
OPTION_KEYS = tuple(key for key, _label, _note in OPTIONS)
LAST_TURN = 150


# --- the cards -------------------------------------------------------------------------------------
def _number(state: TableState, instance: str, key: str) -> int | None:
    value = state.card(instance).get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def level(state: TableState, instance: str) -> int | None:
    return _number(state, instance, "level")


def tributes_for(value: int) -> int:
    """Seed 004: "★1 à ★4 : sans sacrifice. ★5 et ★6 : sacrifier 1 monstre. ★7 et ★8 : sacrifier 2
    monstres." """
    return 0 if value <= 4 else 1 if value <= 6 else 2


def _mods(state: TableState, instance: str) -> tuple[int, int]:
    atk, def_ = state.game_state.get("mods", {}).get(instance, (0, 0))
    return atk, def_


def atk(state: TableState, instance: str) -> int:
    """Its printed ATK with the changes a player recorded (never below 0: the seed has no negative ATK)."""
    return max(0, (_number(state, instance, "atk") or 0) + _mods(state, instance)[0])


def def_(state: TableState, instance: str) -> int:
    return max(0, (_number(state, instance, "def") or 0) + _mods(state, instance)[1])


def equip_limit(state: TableState, instance: str) -> int:
    """Seed 004: "Équipements : ... 1 par monstre, 2 par Machine." (its kind, "monsterType")."""
    kind = state.card(instance).get("monsterType")
    return 2 if isinstance(kind, str) and "machine" in fold(kind) else 1


def option_on(state: TableState, key: str) -> bool:
    return key in state.game_state.get("options", ())


def lp(state: TableState, seat: int) -> int:
    return state.seats[seat].counters.get("lp", START_LP)


def card_view(state: TableState, instance: str, zone: str) -> Mapping[str, Any]:
    """What the table shows on a visible card: a monster of the field, its ATK/DEF (with the recorded
    changes), its position and level; an equipment, the monster it is on (when that one is face up)."""
    data = state.card(instance)
    if zone == MONSTERS and data.type == MONSTER:
        where = state.locate(instance)
        assert where is not None and where[0] is not None
        card = state.seats[where[0]].zones[MONSTERS][where[2]]
        return {
            "atk": atk(state, instance),
            "def": def_(state, instance),
            "level": level(state, instance),
            "position": DEFENCE if card.tapped or card.face_down else ATTACK,
            "equips": sum(1 for m in state.game_state.get("equips", {}).values() if m == instance),
        }
    if zone == SUPPORTS and data.type == EQUIPMENT:
        monster = state.game_state.get("equips", {}).get(instance)
        if monster is not None and _face_up(state, monster):
            return {"on": monster, "onName": state.card(monster).name}
    return {}


def game_view(state: TableState) -> Mapping[str, Any]:
    """What the page shows of the table's own state: its options (all public)."""
    return {
        "options": [{"key": key, "on": option_on(state, key)} for key in OPTION_KEYS],
        "optionsOpen": _options_open(state),
    }


def _face_up(state: TableState, instance: str) -> bool:
    where = state.locate(instance)
    if where is None or where[0] is None:
        return False
    return not state.seats[where[0]].zones[where[1]][where[2]].face_down


def _lying(state: TableState, seat: int, instance: str):
    for card in state.seats[seat].zones[MONSTERS]:
        if card.instance == instance:
            return card
    return None


# --- shared checks ----------------------------------------------------------------------------------
def _step(state: TableState) -> str:
    return state.spec.steps[state.step].key


def _playing(state: TableState, kind: str) -> None:
    if state.phase != PLAYING:
        raise rule_refusal("TABLE_WRONG_STEP", "duel.turn", kind=kind, step="setup", expected="main1")


def _no_battle(state: TableState, kind: str) -> None:
    # "Un monstre face cachée attaqué est révélé avant le calcul": an attack is one act; the defender
    # answers it (a trap, or let it through) before the attacker plays on.
    if state.turn_state.get("battle"):
        raise rule_refusal(
            "TABLE_DUEL_BATTLE_OPEN",
            "duel.attack-resolves",
            kind=kind,
            hint=N_("wait for the defender to answer the attack"),
        )


def _own_turn(state: TableState, seat: int, kind: str) -> None:
    _playing(state, kind)
    require_turn(state, seat, kind)
    _no_battle(state, kind)


def _main_phase(state: TableState, seat: int, kind: str) -> None:
    """Seed 004: "Phase principale : invoquer, poser des pièges, jouer magies, équipements, personnages
    et terrains." and "Phase principale 2 : mêmes actions qu'en phase principale." """
    _own_turn(state, seat, kind)
    if _step(state) not in MAIN_STEPS:
        raise rule_refusal(
            "TABLE_WRONG_STEP",
            "duel.main-phase",
            kind=kind,
            step=_step(state),
            expected="main1/main2",
            hint=N_("play this move in a main phase"),
        )


def _of_type(state: TableState, instance: str, expected: str, kind: str, rule: str) -> None:
    card_type = state.card(instance).type
    if card_type != expected:
        raise rule_refusal(
            "TABLE_DUEL_CARD_TYPE",
            rule,
            kind=kind,
            type=card_type,
            expected=expected,
            hint=N_("choose a card of a type this move plays"),
        )


def _to_zone(payload: Payload, kind: str, zone: str, rule: str) -> None:
    to = payload.get("to", zone)
    if to != zone:
        raise rule_refusal(
            "TABLE_UNKNOWN_ZONE",
            rule,
            kind=kind,
            zone=str(to)[:40],
            expected=[zone],
            hint=N_("use one of the table's zones"),
        )


def _room(state: TableState, seat: int, zone: str, kind: str, rule: str, leaving: int = 0) -> None:
    spec = state.spec.zone(zone)
    assert spec is not None and spec.capacity is not None
    if len(state.seats[seat].zones[zone]) - leaving >= spec.capacity:
        raise rule_refusal(
            "TABLE_ZONE_FULL",
            rule,
            kind=kind,
            zone=zone,
            capacity=spec.capacity,
            hint=N_("move a card out of that zone first"),
        )


def _own_field_card(state: TableState, seat: int, payload: Payload, kind: str, zones: tuple[str, ...]) -> str:
    instance = text_param(payload, "instance", kind)
    where = state.locate(instance)
    if where is None or where[0] != seat or where[1] not in zones:
        raise rule_refusal(
            "TABLE_DUEL_NOT_ON_FIELD",
            f"duel.{kind}",
            kind=kind,
            hint=N_("choose one of your cards of the field"),
        )
    return instance


def _listed(state: TableState, key: str) -> tuple[str, ...]:
    return tuple(state.turn_state.get(key, ()))


# --- what the table does with cards -------------------------------------------------------------------
def _forget(state: TableState, instance: str) -> TableState:
    """A card left the field: what the table kept of it there goes."""
    values: dict[str, Any] = {}
    for key in ("arrived", "setOn", "equips", "mods"):
        held = state.game_state.get(key, {})
        if instance in held:
            values[key] = frozen({k: v for k, v in held.items() if k != instance})
    return with_game_state(state, **values) if values else state


def _to_graveyard(state: TableState, instance: str, kind: str) -> tuple[TableState, list[Moved]]:
    """A card of the field to its owner's graveyard; a monster's equipment goes with it ("Détruits si
    le monstre quitte le terrain")."""
    where = state.locate(instance)
    assert where is not None
    owner = state.owner(instance)
    state, moved = move_card(state, owner, where, GRAVEYARD, face_down=False, kind=kind)
    carried = [e for e, m in state.game_state.get("equips", {}).items() if m == instance]
    state = _forget(state, instance)
    for equipment in carried:
        state, more = _to_graveyard(state, equipment, kind)
        moved += more
    return state, moved


def _lose(state: TableState, seat: int, amount: int) -> TableState:
    """The duelist loses LP; "Le premier à tomber à 0 PV perd" (the table's end: LP at most 0)."""
    current = state.seats[seat]
    counters = dict(current.counters)
    counters["lp"] = max(0, counters.get("lp", START_LP) - amount)
    return state.with_seat(seat, evolve(current, counters=frozen(counters)))


def _gain(state: TableState, seat: int, amount: int) -> TableState:
    current = state.seats[seat]
    counters = dict(current.counters)
    value = counters.get("lp", START_LP) + amount
    if option_on(state, LP_CAP):
        # Option "plafond de 6 000 PV": a gain stops at 6,000 (LP above it, if any, are kept).
        value = min(value, max(START_LP, counters.get("lp", START_LP)))
    counters["lp"] = value
    return state.with_seat(seat, evolve(current, counters=frozen(counters)))


def _set_lying(state: TableState, seat: int, instance: str, **flags: bool) -> tuple[TableState, Moved]:
    current = state.seats[seat]
    cards = list(current.zones[MONSTERS])
    at = next(i for i, c in enumerate(cards) if c.instance == instance)
    before = cards[at]
    cards[at] = evolve(before, **flags)
    zones = dict(current.zones)
    zones[MONSTERS] = tuple(cards)
    state = state.with_seat(seat, evolve(current, zones=frozen(zones)))
    after = cards[at]
    moved = Moved(
        instance, seat, MONSTERS, False, before.face_down, before.revealed, MONSTERS, False, after.face_down
    )
    return state, moved


def _acted(reduce: Callable[[TableState, int, dict], Applied]) -> Callable[[TableState, int, dict], Applied]:
    """A move that is an action: what answers it next is a new reaction ("une seule réaction par
    action")."""

    def reduced(state: TableState, seat: int, payload: dict) -> Applied:
        applied = reduce(state, seat, payload)
        after = applied.state
        if after.turn_state.get("reacted"):
            after = evolve(
                after, turn_state=frozen({k: v for k, v in after.turn_state.items() if k != "reacted"})
            )
            applied = evolve(applied, state=after)
        return applied

    return reduced


# --- the turn -------------------------------------------------------------------------------------------
# Seed 004: "Au début de votre tour, vous piochez une carte (sauf le tout premier tour de la partie).
# Vous jouez ensuite trois phases" -- the rule set's steps: the draw (by itself, once; "Un invocateur
# qui ne peut plus piocher en début de tour perd également": the table's deck out), the main phase,
# the battle phase, the main phase 2. No draw is a move of its own.
def _step_check(state: TableState, seat: int, payload: Payload) -> None:
    _no_battle(state, "step")


DUEL_STEP = evolve(STEP_MOVE, condition=checked(_step_check), reduce=_acted(step_handler))


def _end_turn_check(state: TableState, seat: int, payload: Payload) -> None:
    _no_battle(state, "endTurn")


def _end_turn(state: TableState, seat: int, payload: dict) -> Applied:
    only_fields(payload, "endTurn")
    require_turn(state, seat, "endTurn")
    if option_on(state, TURN_LIMIT) and state.turn >= LAST_TURN:
        # Option "match nul au-delà de 150 tours": the 150th turn is the last.
        state = evolve(state, phase=FINISHED, result=(None, "TURN_LIMIT"), proposal=None)
        return Applied(state, (), (("result", {"winner": None, "reason": "TURN_LIMIT"}),))
    return end_turn_handler(state, seat, payload)


DUEL_END_TURN = evolve(END_TURN_MOVE, condition=checked(_end_turn_check), reduce=_end_turn)


# --- the table's options (seed 004's points still under discussion) -------------------------------------
def _options_open(state: TableState) -> bool:
    # Set before the first player's main phase: the game is then played under them from its start.
    return state.phase == PLAYING and state.turn == 1 and state.step == 0


def _option_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "option", "key", "on")
    key, on = payload.get("key"), payload.get("on")
    if key not in OPTION_KEYS or not isinstance(on, bool) or not _options_open(state):
        raise rule_refusal(
            "TABLE_DUEL_OPTION",
            "duel.options",
            kind="option",
            option=str(key)[:40],
            hint=N_("set the table's options before the first player's main phase"),
        )


def _option(state: TableState, seat: int, payload: dict) -> Applied:
    chosen = set(state.game_state.get("options", ()))
    (chosen.add if payload["on"] else chosen.discard)(payload["key"])
    state = with_game_state(state, options=tuple(k for k in OPTION_KEYS if k in chosen))
    return Applied(state, (), (("option", {"key": payload["key"], "on": payload["on"]}),))


def _options(state: TableState, seat: int) -> Iterable[Payload]:
    if _options_open(state):
        for key in OPTION_KEYS:
            yield {"key": key, "on": not option_on(state, key)}


_OPTION_LABELS = {
    (ONE_REACTION, True): N_("Turn on: one reaction per action (no chain)"),
    (ONE_REACTION, False): N_("Turn off: one reaction per action (no chain)"),
    (FLIP_TRIGGERS, True): N_("Turn on: a flip summon triggers summon effects"),
    (FLIP_TRIGGERS, False): N_("Turn off: a flip summon triggers summon effects"),
    (LP_CAP, True): N_("Turn on: LP capped at 6,000"),
    (LP_CAP, False): N_("Turn off: LP capped at 6,000"),
    (NO_HAND_LIMIT, True): N_("Turn on: no hand limit"),
    (NO_HAND_LIMIT, False): N_("Turn off: no hand limit"),
    (TURN_LIMIT, True): N_("Turn on: a draw beyond 150 turns"),
    (TURN_LIMIT, False): N_("Turn off: a draw beyond 150 turns"),
}


def _option_label(state: TableState, seat: int, payload: Payload) -> str:
    key, on = payload.get("key"), payload.get("on")
    if isinstance(key, str) and isinstance(on, bool):
        return _OPTION_LABELS.get((key, on), N_("Table option"))
    return N_("Table option")


OPTION = Move(
    "option",
    N_("Table option"),
    (Param("key", "text", N_("the option")), Param("on", "bool", N_("on or off"))),
    condition=checked(_option_check),
    enumerate=_options,
    reduce=_option,
    intent_label=_option_label,
    log=N_("%(who)s set a table option"),
    manual=True,
)


# --- the normal summon --------------------------------------------------------------------------------
def _summon_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "summon", "instance", "position", "tributes", "to")
    _main_phase(state, seat, "summon")
    instance, _where = card_in_hand(state, seat, payload, "summon", "duel.summon-from-hand")
    _of_type(state, instance, MONSTER, "summon", "duel.summon-monster")
    _to_zone(payload, "summon", MONSTERS, "duel.monster-zones")
    # "Une seule invocation normale par tour"
    if state.turn_state.get("summoned"):
        raise rule_refusal(
            "TABLE_ONCE_A_TURN", "duel.normal-summon-once", kind="summon", hint=N_("one normal summon a turn")
        )
    # "face visible en attaque, ou face cachée en défense"
    position = payload.get("position")
    if position not in (ATTACK, DEFENCE):
        raise rule_refusal(
            "TABLE_DUEL_POSITION",
            "duel.summon-position",
            kind="summon",
            position=str(position)[:20],
            hint=N_("summon face up in attack or face down in defence"),
        )
    stars = level(state, instance)
    if stars is None:
        raise rule_refusal(
            "TABLE_DUEL_CARD_INCOMPLETE",
            "duel.summon-tributes",
            kind="summon",
            field="level",
            hint=N_("give the monster its level in the studio"),
        )
    tributes = payload.get("tributes", [])
    own = {c.instance for c in state.seats[seat].zones[MONSTERS]}
    expected = tributes_for(stars)
    if (
        not isinstance(tributes, list)
        or len(set(map(str, tributes))) != len(tributes)
        or not set(tributes) <= own
        or len(tributes) != expected
    ):
        raise rule_refusal(
            "TABLE_DUEL_TRIBUTES",
            "duel.summon-tributes",
            kind="summon",
            level=stars,
            expected=expected,
            observed=len(tributes) if isinstance(tributes, list) else 0,
            hint=N_("tribute as many of your monsters as the level asks: 1-4 none, 5-6 one, 7-8 two"),
        )
    # "5 zones Monstre ... par invocateur"
    _room(state, seat, MONSTERS, "summon", "duel.monster-zones", leaving=len(tributes))


def _summon(state: TableState, seat: int, payload: dict) -> Applied:
    moved: list[Moved] = []
    did: list[tuple[str, Mapping[str, Any]]] = []
    for tribute in payload.get("tributes", []):
        state, more = _to_graveyard(state, tribute, "summon")
        moved += more
    instance = payload["instance"]
    where = state.locate(instance)
    assert where is not None
    defence = payload["position"] == DEFENCE
    state, more = move_card(state, seat, where, MONSTERS, face_down=defence, kind="summon")
    moved += more
    if defence:
        state, _lain = _set_lying(state, seat, instance, tapped=True)
    arrived = dict(state.game_state.get("arrived", {}))
    arrived[instance] = state.turn
    state = with_turn_state(with_game_state(state, arrived=frozen(arrived)), summoned=True)
    did.append(("summon", {"position": payload["position"], "tributes": len(payload.get("tributes", []))}))
    return Applied(state, tuple(moved), tuple(did))


def _summons(state: TableState, seat: int) -> Iterable[Payload]:
    if state.turn_state.get("summoned") or not passes(_main_phase, state, seat, "summon"):
        return
    own = [c.instance for c in state.seats[seat].zones[MONSTERS]]
    for card in state.seats[seat].zones["hand"]:
        stars = level(state, card.instance) if state.card(card.instance).type == MONSTER else None
        if stars is None:
            continue
        for chosen in combinations(own, tributes_for(stars)):
            for position in (ATTACK, DEFENCE):
                yield {
                    "instance": card.instance,
                    "to": MONSTERS,
                    "position": position,
                    "tributes": list(chosen),
                }


def _summon_label(state: TableState, seat: int, payload: Payload) -> str:
    return N_("Summon in attack") if payload.get("position") == ATTACK else N_("Set face down in defence")


SUMMON = Move(
    "summon",
    N_("Normal summon"),
    (
        Param("instance", "instance", N_("a monster of your hand")),
        Param("position", "text", N_("attack (face up) or defence (face down)")),
        Param("tributes", "instances", N_("the monsters tributed")),
        Param("to", "zone", N_("the monster zones"), required=False),
    ),
    condition=checked(_summon_check),
    enumerate=_summons,
    reduce=_acted(_summon),
    intent_label=_summon_label,
    plays=True,
    log=N_("%(who)s summoned %(card)s"),
)


# --- flip summon and position changes ------------------------------------------------------------------
def _position_rules(state: TableState, seat: int, instance: str, kind: str) -> None:
    """Seed 004: "Chaque monstre peut changer de position une fois par tour, sauf le tour de son
    invocation et après avoir attaqué." """
    if instance in _listed(state, "changed"):
        raise rule_refusal(
            "TABLE_ONCE_A_TURN",
            "duel.position-once",
            kind=kind,
            hint=N_("a monster changes position once a turn"),
        )
    if instance in _listed(state, "attacked"):
        raise rule_refusal(
            "TABLE_DUEL_ATTACKED",
            "duel.position-after-attack",
            kind=kind,
            hint=N_("change it before it attacks"),
        )


def _flip_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "flipSummon", "instance")
    # A flip summon is a summon ("l'invocation par retournement"): a main phase's.
    _main_phase(state, seat, "flipSummon")
    instance = _own_field_card(state, seat, payload, "flipSummon", (MONSTERS,))
    card = _lying(state, seat, instance)
    if not card.face_down:
        raise rule_refusal(
            "TABLE_DUEL_FACE_DOWN",
            "duel.flip-summon",
            kind="flipSummon",
            faceDown=False,
            hint=N_("flip a face-down monster"),
        )
    # "Un monstre posé face cachée peut être retourné en attaque à partir du tour suivant."
    if state.game_state.get("arrived", {}).get(instance, 0) >= state.turn:
        raise rule_refusal(
            "TABLE_DUEL_TOO_SOON",
            "duel.flip-next-turn",
            kind="flipSummon",
            hint=N_("flip it on a later turn"),
        )
    _position_rules(state, seat, instance, "flipSummon")


def _flip(state: TableState, seat: int, payload: dict) -> Applied:
    instance = payload["instance"]
    state, moved = _set_lying(state, seat, instance, face_down=False, tapped=False)
    state = with_turn_state(state, changed=(*_listed(state, "changed"), instance))
    did: list[tuple[str, Mapping[str, Any]]] = [("flipSummon", {})]
    if option_on(state, FLIP_TRIGGERS):
        # Option "l'invocation par retournement déclenche les effets d'invocation": applied by hand.
        did.append(("summonEffects", {}))
    return Applied(state, (moved,), tuple(did))


def _own_monsters(face_down: bool | None):
    def enumerate_(state: TableState, seat: int) -> Iterable[Payload]:
        if state.phase != PLAYING or state.active != seat:
            return
        for card in state.seats[seat].zones[MONSTERS]:
            if face_down is None or card.face_down == face_down:
                yield {"instance": card.instance}

    return enumerate_


FLIP_SUMMON = Move(
    "flipSummon",
    N_("Flip summon (to attack)"),
    (Param("instance", "instance", N_("a face-down monster of yours")),),
    condition=checked(_flip_check),
    enumerate=_own_monsters(True),
    reduce=_acted(_flip),
    log=N_("%(who)s flip summoned %(card)s"),
)


def _position_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "position", "instance")
    # The seed names no phase for it: any step of the duelist's own turn.
    _own_turn(state, seat, "position")
    instance = _own_field_card(state, seat, payload, "position", (MONSTERS,))
    if _lying(state, seat, instance).face_down:
        # "peut être retourné en attaque": a face-down monster changes position by its flip summon.
        raise rule_refusal(
            "TABLE_DUEL_FACE_DOWN",
            "duel.flip-summon",
            kind="position",
            faceDown=True,
            hint=N_("flip summon it to attack"),
        )
    if state.game_state.get("arrived", {}).get(instance) == state.turn:
        raise rule_refusal(
            "TABLE_DUEL_SUMMON_TURN",
            "duel.position-summon-turn",
            kind="position",
            hint=N_("change its position on a later turn"),
        )
    _position_rules(state, seat, instance, "position")


def _position(state: TableState, seat: int, payload: dict) -> Applied:
    instance = payload["instance"]
    card = _lying(state, seat, instance)
    state, moved = _set_lying(state, seat, instance, tapped=not card.tapped)
    state = with_turn_state(state, changed=(*_listed(state, "changed"), instance))
    return Applied(state, (moved,), (("position", {"position": ATTACK if card.tapped else DEFENCE}),))


POSITION = Move(
    "position",
    N_("Change position"),
    (Param("instance", "instance", N_("a face-up monster of yours")),),
    condition=checked(_position_check),
    enumerate=_own_monsters(False),
    reduce=_acted(_position),
    log=N_("%(who)s changed the position of %(card)s"),
)


# --- battle -------------------------------------------------------------------------------------------------
def _attack_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "attack", "instance", "at")
    _own_turn(state, seat, "attack")
    # "Phase de combat : chacun de vos monstres en attaque peut attaquer une fois."
    if _step(state) != "battle":
        raise rule_refusal(
            "TABLE_WRONG_STEP",
            "duel.battle-phase",
            kind="attack",
            step=_step(state),
            expected="battle",
            hint=N_("attack in the battle phase"),
        )
    # "Le premier joueur ne peut pas attaquer à son premier tour." (the game's first turn is theirs)
    if state.turn == 1:
        raise rule_refusal(
            "TABLE_DUEL_FIRST_TURN_NO_ATTACK",
            "duel.first-turn-no-attack",
            kind="attack",
            hint=N_("end the turn: the first player does not attack on the first turn"),
        )
    instance = text_param(payload, "instance", "attack")
    card = _lying(state, seat, instance)
    if card is None or card.face_down or card.tapped:
        raise rule_refusal(
            "TABLE_DUEL_ATTACKER",
            "duel.attack-position",
            kind="attack",
            hint=N_("attack with one of your face-up monsters in attack position"),
        )
    if instance in _listed(state, "attacked"):
        raise rule_refusal(
            "TABLE_ONCE_A_TURN", "duel.attack-once", kind="attack", hint=N_("a monster attacks once a turn")
        )
    monsters = len(state.seats[1 - seat].zones[MONSTERS])
    at = payload.get("at")
    if at is None:
        # "Sans monstre adverse, l'attaque touche directement l'invocateur."
        if monsters:
            raise rule_refusal(
                "TABLE_DUEL_DIRECT_ATTACK",
                "duel.direct-attack",
                kind="attack",
                monsters=monsters,
                hint=N_("aim at one of the opponent's monsters"),
            )
    elif isinstance(at, bool) or not isinstance(at, int) or not 0 <= at < monsters:
        raise rule_refusal(
            "TABLE_DUEL_TARGET",
            "duel.attack-target",
            kind="attack",
            at=str(at)[:10],
            monsters=monsters,
            hint=N_("aim at one of the opponent's monsters, by its place in their row"),
        )


def _attack(state: TableState, seat: int, payload: dict) -> Applied:
    instance, at = payload["instance"], payload.get("at")
    target = "" if at is None else state.seats[1 - seat].zones[MONSTERS][at].instance
    state = with_turn_state(
        state,
        attacked=(*_listed(state, "attacked"), instance),
        # Public: the attacker, the place it aims at; the target's identity stays in the game's state.
        battle=frozen(
            {"attacker": instance, "seat": seat + 1, "at": -1 if at is None else at, "answered": False}
        ),
    )
    state = with_game_state(state, target=target)
    return Applied(state, (), (("attack", {"at": at, "direct": at is None}),))


def _attacks(state: TableState, seat: int) -> Iterable[Payload]:
    # None out of the seat's battle phase, nor on the game's first turn (the condition's refusals).
    if not passes(_own_turn, state, seat, "attack") or _step(state) != "battle" or state.turn == 1:
        return
    monsters = len(state.seats[1 - seat].zones[MONSTERS])
    for card in state.seats[seat].zones[MONSTERS]:
        if monsters:
            for at in range(monsters):
                yield {"instance": card.instance, "at": at}
        else:
            yield {"instance": card.instance}


# The place of the opponent's monster an attack aims at, counted from 1 as the page shows their row.
_ATTACK_LABELS = (
    N_("Attack the monster at place 1"),
    N_("Attack the monster at place 2"),
    N_("Attack the monster at place 3"),
    N_("Attack the monster at place 4"),
    N_("Attack the monster at place 5"),
)


def _attack_label(state: TableState, seat: int, payload: Payload) -> str:
    at = payload.get("at")
    if isinstance(at, int) and 0 <= at < len(_ATTACK_LABELS):
        return _ATTACK_LABELS[at]
    return N_("Attack directly")


ATTACK_MOVE = Move(
    "attack",
    N_("Attack"),
    (
        Param("instance", "instance", N_("a face-up monster of yours in attack position")),
        Param(
            "at",
            "int",
            N_("the place of the opponent's monster it attacks (none: a direct attack)"),
            required=False,
        ),
    ),
    condition=checked(_attack_check),
    enumerate=_attacks,
    reduce=_acted(_attack),
    intent_label=_attack_label,
    log=N_("%(who)s attacked with %(card)s"),
)


def _defending(state: TableState, seat: int, kind: str) -> Mapping[str, Any]:
    battle = state.turn_state.get("battle")
    if state.phase != PLAYING or not battle or battle["seat"] - 1 == seat:
        raise rule_refusal(
            "TABLE_DUEL_NO_BATTLE", "duel.attack-resolves", kind=kind, hint=N_("wait for an attack")
        )
    return battle


def _resolve_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "resolveAttack")
    _defending(state, seat, "resolveAttack")


def _close(state: TableState) -> TableState:
    state = evolve(state, turn_state=frozen({k: v for k, v in state.turn_state.items() if k != "battle"}))
    return with_game_state(state, target="")


def _resolve(state: TableState, seat: int, payload: dict) -> Applied:
    """Seed 004: "ATK contre ATK : le plus faible est détruit et son invocateur perd la différence. En
    cas d'égalité, les deux sont détruits. ATK contre DEF : si l'ATK est supérieure, le défenseur est
    détruit sans dégâts. Si elle est inférieure, l'attaquant perd la différence." (equal ATK and DEF:
    the seed says nothing happens to either.) "Sans monstre adverse, l'attaque touche directement
    l'invocateur." "Un monstre face cachée attaqué est révélé avant le calcul." """
    battle = state.turn_state["battle"]
    attacker, target = battle["attacker"], state.game_state.get("target", "")
    attacking = battle["seat"] - 1
    moved: list[Moved] = []
    did: list[tuple[str, Mapping[str, Any]]] = []
    state = _close(state)
    if _lying(state, attacking, attacker) is None:
        # The attacker left the field in answer to the attack (a trap's effect applied by hand).
        return Applied(state, (), (("battleEnd", {}),))
    power = atk(state, attacker)
    if not target:
        state = _lose(state, seat, power)
        did.append(("lpLost", {"seat": seat + 1, "value": power}))
        return Applied(state, (), tuple(did))
    defender = _lying(state, seat, target)
    if defender is None:
        return Applied(state, (), (("battleEnd", {}),))
    if defender.face_down:
        state, revealed = _set_lying(state, seat, target, face_down=False)
        moved.append(revealed)
        did.append(("revealed", {}))
    destroyed: list[str] = []
    if not defender.tapped:
        other = atk(state, target)
        if power > other:
            destroyed.append(target)
            state = _lose(state, seat, power - other)
            did.append(("lpLost", {"seat": seat + 1, "value": power - other}))
        elif power < other:
            destroyed.append(attacker)
            state = _lose(state, attacking, other - power)
            did.append(("lpLost", {"seat": attacking + 1, "value": other - power}))
        else:
            destroyed += [attacker, target]
    else:
        guard = def_(state, target)
        if power > guard:
            destroyed.append(target)
        elif power < guard:
            state = _lose(state, attacking, guard - power)
            did.append(("lpLost", {"seat": attacking + 1, "value": guard - power}))
    for instance in destroyed:
        state, more = _to_graveyard(state, instance, "attack")
        moved += more
        did.append(("monsterDestroyed", {"seat": state.owner(instance) + 1}))
    return Applied(state, tuple(moved), tuple(did))


def _defences(state: TableState, seat: int) -> Iterable[Payload]:
    battle = state.turn_state.get("battle")
    if state.phase == PLAYING and battle and battle["seat"] - 1 != seat:
        yield {}


RESOLVE = Move(
    "resolveAttack",
    N_("Let the attack go on"),
    condition=checked(_resolve_check),
    enumerate=_defences,
    reduce=_acted(_resolve),
    log=N_("%(who)s let the attack go on"),
)


def _negate_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "negateAttack")
    battle = _defending(state, seat, "negateAttack")
    # The table plays no effect: an attack stops only by a card the defender used in answer to it.
    if not battle["answered"]:
        raise rule_refusal(
            "TABLE_DUEL_NO_REACTION",
            "duel.effects-by-hand",
            kind="negateAttack",
            hint=N_("use the card that negates it first"),
        )


def _negate(state: TableState, seat: int, payload: dict) -> Applied:
    return Applied(_close(state), (), (("negated", {}),))


def _negations(state: TableState, seat: int) -> Iterable[Payload]:
    battle = state.turn_state.get("battle")
    if state.phase == PLAYING and battle and battle["seat"] - 1 != seat and battle["answered"]:
        yield {}


NEGATE = Move(
    "negateAttack",
    N_("Negate the attack (the card's effect)"),
    condition=checked(_negate_check),
    enumerate=_negations,
    reduce=_acted(_negate),
    log=N_("%(who)s negated the attack"),
)


# --- supports: traps, spells, equipment; the character; the terrain -----------------------------------
def _set_trap_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "setTrap", "instance", "to")
    _main_phase(state, seat, "setTrap")
    instance, _where = card_in_hand(state, seat, payload, "setTrap", "duel.trap-set")
    _of_type(state, instance, TRAP, "setTrap", "duel.trap-set")
    _to_zone(payload, "setTrap", SUPPORTS, "duel.support-zones")
    # "5 zones Support"
    _room(state, seat, SUPPORTS, "setTrap", "duel.support-zones")


def _set_trap(state: TableState, seat: int, payload: dict) -> Applied:
    # "Pièges : posés face cachée"
    instance = payload["instance"]
    where = state.locate(instance)
    assert where is not None
    state, moved = move_card(state, seat, where, SUPPORTS, face_down=True, kind="setTrap")
    set_on = dict(state.game_state.get("setOn", {}))
    set_on[instance] = state.turn
    return Applied(with_game_state(state, setOn=frozen(set_on)), tuple(moved), (("setTrap", {}),))


def _hand_of(card_type: str, to: str):
    def enumerate_(state: TableState, seat: int) -> Iterable[Payload]:
        if state.phase != PLAYING or state.active != seat:
            return
        for card in state.seats[seat].zones["hand"]:
            if state.card(card.instance).type == card_type:
                yield {"instance": card.instance, "to": to}

    return enumerate_


SET_TRAP = Move(
    "setTrap",
    N_("Set a trap"),
    (Param("instance", "instance", N_("a trap of your hand")), Param("to", "zone", required=False)),
    condition=checked(_set_trap_check),
    enumerate=_hand_of(TRAP, SUPPORTS),
    reduce=_acted(_set_trap),
    log=N_("%(who)s set a trap"),
)


def _trap_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "activateTrap", "instance")
    _playing(state, "activateTrap")
    instance = _own_field_card(state, seat, payload, "activateTrap", (SUPPORTS,))
    where = state.locate(instance)
    assert where is not None
    if state.card(instance).type != TRAP or not state.seats[seat].zones[SUPPORTS][where[2]].face_down:
        raise rule_refusal(
            "TABLE_DUEL_CARD_TYPE",
            "duel.trap-use",
            kind="activateTrap",
            type=state.card(instance).type,
            expected=TRAP,
            hint=N_("use one of your face-down traps"),
        )
    # "déclenchables à partir du tour suivant lorsque leur condition survient" (the players judge the
    # condition: the table plays no effect).
    if state.game_state.get("setOn", {}).get(instance, 0) >= state.turn:
        raise rule_refusal(
            "TABLE_DUEL_TOO_SOON",
            "duel.trap-next-turn",
            kind="activateTrap",
            hint=N_("use it on a later turn"),
        )
    if option_on(state, ONE_REACTION) and state.turn_state.get("reacted"):
        raise rule_refusal(
            "TABLE_DUEL_ONE_REACTION",
            "duel.option-one-reaction",
            kind="activateTrap",
            hint=N_("wait for the next action"),
        )


def _trap(state: TableState, seat: int, payload: dict) -> Applied:
    # Turned face up where it lies: the seed does not say where a trap goes once used (a player sends
    # it to the graveyard by hand when its effect ends).
    instance = payload["instance"]
    current = state.seats[seat]
    cards = list(current.zones[SUPPORTS])
    at = next(i for i, c in enumerate(cards) if c.instance == instance)
    cards[at] = evolve(cards[at], face_down=False)
    zones = dict(current.zones)
    zones[SUPPORTS] = tuple(cards)
    state = state.with_seat(seat, evolve(current, zones=frozen(zones)))
    moved = (Moved(instance, seat, SUPPORTS, False, True, False, SUPPORTS, False, False),)
    values: dict[str, Any] = {"reacted": True}
    battle = state.turn_state.get("battle")
    if battle and battle["seat"] - 1 != seat:
        values["battle"] = frozen({**battle, "answered": True})
    return Applied(with_turn_state(state, **values), moved, (("activateTrap", {}),))


def _traps(state: TableState, seat: int) -> Iterable[Payload]:
    if state.phase != PLAYING:
        return
    for card in state.seats[seat].zones[SUPPORTS]:
        if card.face_down and state.card(card.instance).type == TRAP:
            yield {"instance": card.instance}


ACTIVATE_TRAP = Move(
    "activateTrap",
    N_("Use the trap"),
    (Param("instance", "instance", N_("a face-down trap of yours")),),
    condition=checked(_trap_check),
    enumerate=_traps,
    reduce=_trap,
    log=N_("%(who)s used the trap %(card)s"),
)


def _spell_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "playSpell", "instance", "to")
    _main_phase(state, seat, "playSpell")
    instance, _where = card_in_hand(state, seat, payload, "playSpell", "duel.spell")
    _of_type(state, instance, SPELL, "playSpell", "duel.spell")
    _to_zone(payload, "playSpell", GRAVEYARD, "duel.spell")


def _spell(state: TableState, seat: int, payload: dict) -> Applied:
    # "Magies : jouées depuis la main, puis envoyées au cimetière." (its effect applied by hand)
    where = state.locate(payload["instance"])
    assert where is not None
    state, moved = move_card(state, seat, where, GRAVEYARD, face_down=False, kind="playSpell")
    return Applied(state, tuple(moved), (("playSpell", {}),))


PLAY_SPELL = Move(
    "playSpell",
    N_("Play the spell"),
    (Param("instance", "instance", N_("a spell of your hand")), Param("to", "zone", required=False)),
    condition=checked(_spell_check),
    enumerate=_hand_of(SPELL, GRAVEYARD),
    reduce=_acted(_spell),
    plays=True,
    log=N_("%(who)s played the spell %(card)s"),
)


def _seen_monster(state: TableState, seat: int, instance: str) -> bool:
    """A monster of the field the seat sees: one's own, or the opponent's face up (the seed does not say
    whose monster an equipment goes on, nor an effect's change)."""
    where = state.locate(instance)
    if where is None or where[0] is None or where[1] != MONSTERS:
        return False
    return where[0] == seat or not state.seats[where[0]].zones[MONSTERS][where[2]].face_down


def _equip_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "equip", "instance", "on", "to")
    _main_phase(state, seat, "equip")
    instance, _where = card_in_hand(state, seat, payload, "equip", "duel.equipment")
    _of_type(state, instance, EQUIPMENT, "equip", "duel.equipment")
    _to_zone(payload, "equip", SUPPORTS, "duel.support-zones")
    on = payload.get("on")
    if not isinstance(on, str) or not _seen_monster(state, seat, on):
        raise rule_refusal(
            "TABLE_DUEL_EQUIP_TARGET", "duel.equipment", kind="equip", hint=N_("equip a monster of the field")
        )
    # "1 par monstre, 2 par Machine."
    limit = equip_limit(state, on)
    if sum(1 for m in state.game_state.get("equips", {}).values() if m == on) >= limit:
        raise rule_refusal(
            "TABLE_DUEL_EQUIP_LIMIT",
            "duel.equip-limit",
            kind="equip",
            limit=limit,
            hint=N_("equip another monster"),
        )
    # "Équipements : occupent une zone Support."
    _room(state, seat, SUPPORTS, "equip", "duel.support-zones")


def _equip(state: TableState, seat: int, payload: dict) -> Applied:
    instance = payload["instance"]
    where = state.locate(instance)
    assert where is not None
    state, moved = move_card(state, seat, where, SUPPORTS, face_down=False, kind="equip")
    equips = dict(state.game_state.get("equips", {}))
    equips[instance] = payload["on"]
    return Applied(with_game_state(state, equips=frozen(equips)), tuple(moved), (("equip", {}),))


def _equips(state: TableState, seat: int) -> Iterable[Payload]:
    if state.phase != PLAYING or state.active != seat:
        return
    targets = [c.instance for c in state.seats[seat].zones[MONSTERS]]
    targets += [c.instance for c in state.seats[1 - seat].zones[MONSTERS] if not c.face_down]
    for card in state.seats[seat].zones["hand"]:
        if state.card(card.instance).type == EQUIPMENT:
            for on in targets:
                yield {"instance": card.instance, "on": on, "to": SUPPORTS}


EQUIP = Move(
    "equip",
    N_("Equip"),
    (
        Param("instance", "instance", N_("an equipment of your hand")),
        Param("on", "instance", N_("the monster it equips")),
        Param("to", "zone", required=False),
    ),
    condition=checked(_equip_check),
    enumerate=_equips,
    reduce=_acted(_equip),
    plays=True,
    log=N_("%(who)s equipped %(card)s"),
)


def _put_check(kind: str, card_type: str, zone: str, rule: str):
    def check(state: TableState, seat: int, payload: Payload) -> None:
        only_fields(payload, kind, "instance", "to")
        _main_phase(state, seat, kind)
        instance, _where = card_in_hand(state, seat, payload, kind, rule)
        _of_type(state, instance, card_type, kind, rule)
        _to_zone(payload, kind, zone, rule)
        if zone == CHARACTER_ZONE:
            # "Personnages : un seul actif." (the seed does not say a new one replaces it)
            _room(state, seat, CHARACTER_ZONE, kind, rule)

    return check


def _put(kind: str, zone: str):
    def reduce(state: TableState, seat: int, payload: dict) -> Applied:
        # "Un seul Terrain actif sur tout le plateau : en jouer un nouveau remplace l'ancien." (the
        # shared terrain zone sends the old one to its owner's graveyard)
        where = state.locate(payload["instance"])
        assert where is not None
        old = [o_c[1].instance for o_c in state.shared.get(zone, ())] if zone == TERRAIN_ZONE else []
        state, moved = move_card(state, seat, where, zone, face_down=False, kind=kind)
        for instance in old:
            state = _forget(state, instance)
        return Applied(state, tuple(moved), ((kind, {}),))

    return reduce


PLAY_CHARACTER = Move(
    "playCharacter",
    N_("Play the character"),
    (Param("instance", "instance", N_("a character of your hand")), Param("to", "zone", required=False)),
    condition=checked(_put_check("playCharacter", CHARACTER, CHARACTER_ZONE, "duel.one-character")),
    enumerate=_hand_of(CHARACTER, CHARACTER_ZONE),
    reduce=_acted(_put("playCharacter", CHARACTER_ZONE)),
    plays=True,
    log=N_("%(who)s played the character %(card)s"),
)
PLAY_TERRAIN = Move(
    "playTerrain",
    N_("Play the terrain"),
    (Param("instance", "instance", N_("a terrain of your hand")), Param("to", "zone", required=False)),
    condition=checked(_put_check("playTerrain", TERRAIN, TERRAIN_ZONE, "duel.one-terrain")),
    enumerate=_hand_of(TERRAIN, TERRAIN_ZONE),
    reduce=_acted(_put("playTerrain", TERRAIN_ZONE)),
    plays=True,
    log=N_("%(who)s played the terrain %(card)s"),
)


def _power_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "usePower", "instance")
    _playing(state, "usePower")
    instance = _own_field_card(state, seat, payload, "usePower", (CHARACTER_ZONE,))
    # "apportent un effet permanent ou un pouvoir une fois par tour"
    if instance in _listed(state, "powers"):
        raise rule_refusal(
            "TABLE_ONCE_A_TURN",
            "duel.character-power",
            kind="usePower",
            hint=N_("a character's power is used once a turn"),
        )


def _power(state: TableState, seat: int, payload: dict) -> Applied:
    state = with_turn_state(state, powers=(*_listed(state, "powers"), payload["instance"]))
    return Applied(state, (), (("usePower", {}),))


def _powers(state: TableState, seat: int) -> Iterable[Payload]:
    if state.phase != PLAYING:
        return
    for card in state.seats[seat].zones[CHARACTER_ZONE]:
        yield {"instance": card.instance}


USE_POWER = Move(
    "usePower",
    N_("Use the character's power"),
    (Param("instance", "instance", N_("your character")),),
    condition=checked(_power_check),
    enumerate=_powers,
    reduce=_acted(_power),
    log=N_("%(who)s used the power of %(card)s"),
)


# --- an effect's outcome, applied by hand ------------------------------------------------------------------
def _graveyard_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "toGraveyard", "instance")
    _playing(state, "toGraveyard")
    _own_field_card(state, seat, payload, "toGraveyard", FIELD + (TERRAIN_ZONE,))


def _graveyard(state: TableState, seat: int, payload: dict) -> Applied:
    state, moved = _to_graveyard(state, payload["instance"], "toGraveyard")
    return Applied(state, tuple(moved), (("toGraveyard", {}),))


def _field_cards(state: TableState, seat: int) -> Iterable[Payload]:
    if state.phase != PLAYING:
        return
    for zone in FIELD:
        for card in state.seats[seat].zones[zone]:
            yield {"instance": card.instance}
    for owner, card in state.shared.get(TERRAIN_ZONE, ()):
        if owner == seat:
            yield {"instance": card.instance}


TO_GRAVEYARD = Move(
    "toGraveyard",
    N_("Send to the graveyard (a card's effect)"),
    (Param("instance", "instance", N_("one of your cards of the field")),),
    condition=checked(_graveyard_check),
    enumerate=_field_cards,
    reduce=_graveyard,
    log=N_("%(who)s sent %(card)s to the graveyard (a card's effect)"),
    manual=True,
)


def _lp_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "changeLp", "player", "amount")
    _playing(state, "changeLp")
    int_param(payload, "player", "changeLp", low=1, high=2)
    amount = int_param(payload, "amount", "changeLp", low=-MAX_ADJUST, high=MAX_ADJUST)
    if amount == 0:
        raise rule_refusal(
            "TABLE_EVENT_INVALID",
            "duel.effects-by-hand",
            kind="changeLp",
            problem="amount",
            hint=N_("send a gain or a loss"),
        )


def _change_lp(state: TableState, seat: int, payload: dict) -> Applied:
    target, amount = payload["player"] - 1, payload["amount"]
    before = lp(state, target)
    state = _gain(state, target, amount) if amount > 0 else _lose(state, target, -amount)
    return Applied(state, (), (("lp", {"seat": target + 1, "value": lp(state, target), "before": before}),))


CHANGE_LP = Move(
    "changeLp",
    N_("Change LP (a card's effect)"),
    (
        Param("player", "int", N_("whose LP: seat 1 or 2")),
        Param("amount", "int", N_("the gain (positive) or the loss (negative)")),
    ),
    condition=checked(_lp_check),
    reduce=_change_lp,
    log=N_("%(who)s changed LP (a card's effect)"),
    manual=True,
)


def _modify_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "modify", "instance", "atk", "def")
    _playing(state, "modify")
    instance = text_param(payload, "instance", "modify")
    if not _seen_monster(state, seat, instance):
        raise rule_refusal(
            "TABLE_DUEL_NOT_ON_FIELD",
            "duel.effects-by-hand",
            kind="modify",
            hint=N_("choose a monster of the field"),
        )
    int_param(payload, "atk", "modify", low=-MAX_ADJUST, high=MAX_ADJUST, default=0)
    int_param(payload, "def", "modify", low=-MAX_ADJUST, high=MAX_ADJUST, default=0)


def _modify(state: TableState, seat: int, payload: dict) -> Applied:
    instance = payload["instance"]
    atk_, def__ = _mods(state, instance)
    mods = dict(state.game_state.get("mods", {}))
    mods[instance] = (atk_ + payload.get("atk", 0), def__ + payload.get("def", 0))
    if mods[instance] == (0, 0):
        del mods[instance]
    state = with_game_state(state, mods=frozen(mods))
    return Applied(state, (), (("modify", {"atk": payload.get("atk", 0), "def": payload.get("def", 0)}),))


MODIFY = Move(
    "modify",
    N_("Change ATK/DEF (a card's effect)"),
    (
        Param("instance", "instance", N_("a monster of the field")),
        Param("atk", "int", N_("the change of its ATK"), required=False),
        Param("def", "int", N_("the change of its DEF"), required=False),
    ),
    condition=checked(_modify_check),
    reduce=_modify,
    log=N_("%(who)s changed the ATK/DEF of %(card)s (a card's effect)"),
    manual=True,
)


MOVES = GameMoves(
    game="duel",
    version=VERSION,
    moves=(
        OPTION,
        DUEL_STEP,
        SUMMON,
        FLIP_SUMMON,
        POSITION,
        ATTACK_MOVE,
        RESOLVE,
        NEGATE,
        SET_TRAP,
        ACTIVATE_TRAP,
        PLAY_SPELL,
        EQUIP,
        PLAY_CHARACTER,
        PLAY_TERRAIN,
        USE_POWER,
        TO_GRAVEYARD,
        CHANGE_LP,
        MODIFY,
        DUEL_END_TURN,
        CONCEDE_MOVE,
        NOTE_MOVE,
        *FAIR_MOVES,
    ),
    card_view=card_view,
    view=game_view,
)

__all__ = [
    "MOVES",
    "OPTIONS",
    "OPTION_KEYS",
    "VERSION",
    "atk",
    "card_view",
    "def_",
    "equip_limit",
    "game_view",
    "level",
    "option_on",
    "tributes_for",
]


# What the moves above read of a card (rules.tables.coverage): its Level, ATK, DEF and monster type;
# its effects are only logged (a player applies them by hand).
ENGINE_READS = EngineReads(fields=("level", "atk", "def", "monsterType"), keyword_field="")
