"""Vanguard's table moves (seed 002): the turn's steps, Ride, Call, Move and the Battle (attack,
boost, guard, intercept, perfect guard, drive check, triggers, hit, damage check), Counter Blast.

Each rule quotes the seed line it enforces; where the seed is silent the table leaves it free.
Registered by the rule set (``Vanguard.table_moves``); the framework is rules.tables.moves.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.i18n import N_
from rules.tables.common_moves import (
    CONCEDE_MOVE,
    END_TURN_MOVE,
    FAIR_MOVES,
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
    move_card,
    only_fields,
    own_card,
    require_turn,
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
    with_turn_state,
)
from rules.tables.state import PLAYING, Card, TableState, evolve, frozen

# The rules version a table records (rulesVersion): change it when a rule changes a replay.
# vanguard-2 adds the Battle's moves; a vanguard-1 log (no battle move, no battle) replays the same
# under them, so a vanguard-1 table is still replayed (GameMoves.replays). vanguard-3 transfers an
# intercepted attack to the interceptor (section 5, Battle, 4) where vanguard-2 added its shield: a
# vanguard-2 table is replayed, and played on, under vanguard-2's own moves (GameMoves.previous).
VERSION = "vanguard-3"
V2_VERSION = "vanguard-2"
REPLAYS = ("vanguard-1",)
VC = "vc"
# Seed 002, section 4: "Rear-guard Circles (RC) | 5 кругов: 0/1/2 задний ряд, 3/4 передний".
CIRCLES = ("rc0", "rc1", "rc2", "rc3", "rc4")
# Seed 002, section 5, Main: "Move: RC ↔ RC только в своей колонке: 0↔3, 2↔4; занятые меняются местами."
COLUMN = {"rc0": "rc3", "rc3": "rc0", "rc2": "rc4", "rc4": "rc2"}


def _step_key(state: TableState) -> str:
    return state.spec.steps[state.step].key


def grade(state: TableState, instance: str) -> int:
    value = state.card(instance).get("grade")
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def vanguard_grade(state: TableState, seat: int) -> int:
    """The grade of the seat's vanguard (the top card of its VC; 0 if none)."""
    vc = state.seats[seat].zones.get(VC, ())
    return grade(state, vc[-1].instance) if vc else 0


def _in_step(state: TableState, kind: str, step: str, rule: str) -> None:
    current = _step_key(state)
    if current != step:
        raise rule_refusal(
            "TABLE_WRONG_STEP",
            rule,
            kind=kind,
            step=current,
            expected=step,
            hint=N_("play this move in its step"),
        )


# --- the steps --------------------------------------------------------------------------------------
def _step_check(state: TableState, seat: int, payload: Payload) -> None:
    _no_battle(state, "step")
    # Seed 002, section 1: "Первый ход: нет Battle и атак." and section 10: "В первый ход атака и
    # переход в Battle недоступны." The first player's first turn is the game's turn 1.
    if state.phase == PLAYING and state.active == seat and state.turn == 1:
        following = state.spec.steps[state.step + 1].key if state.step + 1 < len(state.spec.steps) else None
        if following == "battle":
            raise rule_refusal(
                "TABLE_FIRST_TURN_NO_BATTLE",
                "vanguard.first-turn-no-battle",
                kind="step",
                hint=N_("end the turn: the first player does not battle on the first turn"),
            )


# Seed 002, section 5: "Порядок в движке: Stand → Draw → Ride → Main → Battle → End."; Stand
# ("Все юниты активного игрока в Rest поднимаются") and Draw ("Взять 1 карту сверху. Пустая колода
# — поражение.") are what their steps do by themselves, once (the table's TableSpec); a draw is
# never a move of its own in rules mode.
VANGUARD_STEP = evolve(STEP_MOVE, condition=checked(_step_check))


def _end_turn_check(state: TableState, seat: int, payload: Payload) -> None:
    _no_battle(state, "endTurn")


# A battle is closed before the turn ends (its damage checks are the defender's to make).
VANGUARD_END_TURN = evolve(END_TURN_MOVE, condition=checked(_end_turn_check))


# --- Ride ---------------------------------------------------------------------------------------------
def _ride_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "ride", "instance")
    _ride_time(state, seat)
    instance, _where = card_in_hand(state, seat, payload, "ride", "vanguard.ride-from-hand")
    # "Карта из руки на VC; ранг равен текущему или на 1 выше."
    current = vanguard_grade(state, seat)
    card_grade = grade(state, instance)
    if card_grade not in (current, current + 1):
        raise rule_refusal(
            "TABLE_RIDE_GRADE",
            "vanguard.ride-grade",
            kind="ride",
            grade=card_grade,
            vanguard=current,
            hint=N_("ride a card of your vanguard's grade or one grade higher"),
        )


def _ride_time(state: TableState, seat: int) -> None:
    require_turn(state, seat, "ride")
    _in_step(state, "ride", "ride", "vanguard.ride-step")
    # "Ride — один раз за ход; можно пропустить."
    if state.turn_state.get("rode"):
        raise rule_refusal(
            "TABLE_ONCE_A_TURN", "vanguard.ride-once", kind="ride", hint=N_("a player rides once a turn")
        )


def _rides(state: TableState, seat: int) -> Iterable[Payload]:
    return hand_cards(state, seat) if passes(_ride_time, state, seat) else ()


def _ride(state: TableState, seat: int, payload: dict) -> Applied:
    # "Старый авангард уходит в Soul." (the VC's replaced_to) "Новый авангард входит стоя и открытым."
    where = own_card(state, seat, payload["instance"], "ride")
    state, moved = move_card(state, seat, where, VC, face_down=False, kind="ride")
    return Applied(with_turn_state(state, rode=True), tuple(moved), (("ride", {}),))


RIDE = Move(
    "ride",
    N_("Ride"),
    (Param("instance", "instance", N_("a card of your hand")),),
    condition=checked(_ride_check),
    enumerate=_rides,
    reduce=_ride,
    log=N_("%(who)s rode %(card)s"),
)


# --- Main: Call and Move --------------------------------------------------------------------------
def _call_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "call", "instance", "to")
    _main_time(state, seat, "call", "vanguard.call-step")
    instance, _where = card_in_hand(state, seat, payload, "call", "vanguard.call-from-hand")
    to = payload.get("to")
    # "Call: из руки в RC" (a rear-guard circle, any of the five).
    if to not in CIRCLES:
        raise rule_refusal(
            "TABLE_UNKNOWN_ZONE",
            "vanguard.call-circle",
            kind="call",
            zone=str(to)[:40],
            expected=list(CIRCLES),
            hint=N_("call onto a rear-guard circle"),
        )
    # "grade ≤ grade своего VC."
    current = vanguard_grade(state, seat)
    card_grade = grade(state, instance)
    if card_grade > current:
        raise rule_refusal(
            "TABLE_CALL_GRADE",
            "vanguard.call-grade",
            kind="call",
            grade=card_grade,
            vanguard=current,
            hint=N_("call a card of your vanguard's grade or lower"),
        )


def _call(state: TableState, seat: int, payload: dict) -> Applied:
    # "Занятый RC разрешён: прежний юнит уходит в Drop." (the circle's replaced_to) "Юнит входит стоя."
    where = own_card(state, seat, payload["instance"], "call")
    state, moved = move_card(state, seat, where, payload["to"], face_down=False, kind="call")
    return Applied(state, tuple(moved), (("call", {"to": payload["to"]}),))


def _main_time(state: TableState, seat: int, kind: str, rule: str) -> None:
    require_turn(state, seat, kind)
    _in_step(state, kind, "main", rule)


def _calls(state: TableState, seat: int) -> Iterable[Payload]:
    # None out of the seat's main step, nor of a card above its vanguard's grade (the condition
    # refuses them whatever the circle).
    if not passes(_main_time, state, seat, "call", "vanguard.call-step"):
        return
    current = vanguard_grade(state, seat)
    for card in state.seats[seat].zones["hand"]:
        if grade(state, card.instance) > current:
            continue
        for circle in CIRCLES:
            yield {"instance": card.instance, "to": circle}


CALL = Move(
    "call",
    N_("Call"),
    (
        Param("instance", "instance", N_("a card of your hand")),
        Param("to", "zone", N_("a rear-guard circle")),
    ),
    condition=checked(_call_check),
    enumerate=_calls,
    reduce=_call,
    log=N_("%(who)s called %(card)s to %(to)s"),
)


def _shift_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "moveUnit", "from", "to")
    _main_time(state, seat, "moveUnit", "vanguard.move-step")
    source, target = payload.get("from"), payload.get("to")
    # "VC в Move не участвует." and "только в своей колонке: 0↔3, 2↔4"
    if not isinstance(source, str) or COLUMN.get(source) != target:
        raise rule_refusal(
            "TABLE_MOVE_COLUMN",
            "vanguard.move-column",
            kind="moveUnit",
            zone=str(source)[:40],
            target=str(target)[:40],
            hint=N_("move a rear-guard within its column: 0 and 3, 2 and 4"),
        )
    if not state.seats[seat].zones.get(source):
        raise rule_refusal(
            "TABLE_ZONE_EMPTY", "vanguard.move-column", kind="moveUnit", zone=source, hint=N_("move a unit")
        )


def _shift(state: TableState, seat: int, payload: dict) -> Applied:
    # "занятые меняются местами": the two circles swap what they hold.
    source, target = payload["from"], payload["to"]
    current = state.seats[seat]
    zones: dict[str, tuple[Any, ...]] = dict(current.zones)
    zones[source], zones[target] = current.zones.get(target, ()), current.zones.get(source, ())
    state = state.with_seat(seat, evolve(current, zones=frozen(zones)))
    moved = tuple(
        Moved(c.instance, seat, a, False, c.face_down, c.revealed, b, False, c.face_down)
        for a, b in ((source, target), (target, source))
        for c in current.zones.get(a, ())
    )
    return Applied(state, moved, (("moveUnit", {"from": source, "to": target}),))


def _shifts(state: TableState, seat: int) -> Iterable[Payload]:
    if not passes(_main_time, state, seat, "moveUnit", "vanguard.move-step"):
        return
    for source, target in COLUMN.items():
        if state.seats[seat].zones.get(source):
            yield {"from": source, "to": target}


MOVE_UNIT = Move(
    "moveUnit",
    N_("Move a rear-guard"),
    (
        Param("from", "zone", N_("a rear-guard circle")),
        Param("to", "zone", N_("the other circle of its column")),
    ),
    condition=checked(_shift_check),
    enumerate=_shifts,
    reduce=_shift,
    log=N_("%(who)s moved a rear-guard from %(from)s to %(to)s"),
)


# --- the drive check (the free table's; the battle's own drive check comes with the Battle step) ------
def drive_checks(value: object) -> int:
    """Seed 002, section 5, Battle: "Drive Check: только из VC; 0–2 ранг — 1 проверка, 3+ — 2"."""
    return 2 if isinstance(value, int) and value >= 3 else 1


def _drive_check(state: TableState, seat: int, payload: dict) -> Applied:
    only_fields(payload, "driveCheck")
    require_turn(state, seat, "driveCheck")
    checks = drive_checks(vanguard_grade(state, seat))
    moved: list[Moved] = []
    for _ in range(checks):
        deck = state.seats[seat].zones["deck"]
        if not deck:
            break
        state, more = move_card(
            state, seat, (seat, "deck", len(deck) - 1), "trigger", face_down=False, kind="driveCheck"
        )
        moved += more
    return Applied(state, tuple(moved), (("driveCheck", {"count": checks}),))


DRIVE_CHECK = Move("driveCheck", N_("Drive check"), reduce=_drive_check, free=True, rules=False)

# --- Battle (seed 002, section 5 "Battle", sections 6 and 7) -------------------------------------
# "Атака: стоящий юнит переднего ряда (VC или RC 3/4), он уходит в Rest. Цель — VC или передний RC
# противника."
FRONT = (VC, "rc3", "rc4")
# "Boost: стоящий юнит 0/1 ранга из заднего ряда той же колонки": the circle behind each front one.
BEHIND = {VC: "rc1", "rc3": "rc0", "rc4": "rc2"}
UNITS = (VC, *CIRCLES)
# Section 7: "Базовый бонус силы — +5000; действует до конца хода."
TRIGGER_POWER = 5000
TRIGGERS = ("CRITICAL", "DRAW", "STAND", "HEAL")
# The battle's stages: the defender guards, the attacker's vanguard drive checks, a checked
# trigger waits for its owner's choices, the defender's damage checks.
GUARD, DRIVE, TRIGGER, DAMAGE = "guard", "drive", "trigger", "damage"


def _number(state: TableState, instance: str, key: str, default: int = 0) -> int:
    value = state.card(instance).get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def bonus(state: TableState, instance: str) -> tuple[int, int]:
    """The turn's bonuses of a unit (power, critical): the triggers' (section 7: "Бонусы триггеров
    снимаются в конце хода, в том числе у противника": kept in the turn's state, cleared with it)."""
    found = state.turn_state.get("bonus", {}).get(instance)
    return (found[0], found[1]) if found else (0, 0)


def power(state: TableState, instance: str) -> int:
    return _number(state, instance, "power") + bonus(state, instance)[0]


def critical(state: TableState, instance: str) -> int:
    # A card without a printed critical counts 1 (every card of the seed's sets prints 1).
    return _number(state, instance, "critical", 1) + bonus(state, instance)[1]


def shield(state: TableState, instance: str) -> int:
    # Section 6: "Sentinel сам по себе даёт 0 щита."
    if state.card(instance).get("sentinel"):
        return 0
    return _number(state, instance, "shield")


def card_stats(state: TableState, owner: int, zone: str, instance: str) -> dict[str, int] | None:
    """What the table shows on a visible card: its power (with the turn's bonuses, and the boost of
    the open battle's attacker), critical and shield; None for a card that is not a unit."""
    data = state.card(instance)
    if data.get("power") is None and data.get("grade") is None:
        return None
    value = power(state, instance)
    battle = open_battle(state)
    if battle is not None and battle["attacker"] == instance and battle["booster"]:
        value += power(state, battle["booster"])
    return {"power": value, "critical": critical(state, instance), "shield": shield(state, instance)}


def _card_view(state: TableState, instance: str, zone: str) -> dict[str, Any]:
    """What a visible card's view adds (GameMoves.card_view): its ``stats``, for a unit."""
    stats = card_stats(state, state.owner(instance), zone, instance)
    return {} if stats is None else {"stats": stats}


def open_battle(state: TableState) -> Any:
    """The open battle (a frozen mapping), or None."""
    return state.turn_state.get("battle")


def _unit(state: TableState, seat: int, circle: object) -> Card | None:
    if not isinstance(circle, str) or circle not in UNITS:
        return None
    cards = state.seats[seat].zones.get(circle, ())
    return cards[-1] if cards else None


def _no_battle(state: TableState, kind: str) -> None:
    # Section 5: "После боя Guardian/Intercept уходят в Drop." A battle is resolved before the next
    # one, the next step or the end of the turn.
    battle = open_battle(state)
    if battle is not None:
        raise rule_refusal(
            "TABLE_BATTLE_OPEN",
            "vanguard.battle-open",
            kind=kind,
            stage=battle["stage"],
            hint=N_("finish the battle first"),
        )


def _battle_stage(state: TableState, seat: int, kind: str, stage: str, rule: str) -> Any:
    """The open battle at ``stage`` where ``seat`` is the one to act (the attacker drive checks, the
    defender guards and damage checks, a trigger's owner chooses), else a refusal."""
    battle = open_battle(state)
    if state.phase != PLAYING or battle is None or battle["stage"] != stage:
        raise rule_refusal(
            "TABLE_BATTLE_STAGE",
            rule,
            kind=kind,
            stage="none" if battle is None else battle["stage"],
            expected=stage,
            hint=N_("play this move at its moment of the battle"),
        )
    if stage == TRIGGER:
        acting = state.owner(battle["pending"])
    elif stage == DRIVE:
        acting = battle["seat"]
    else:
        acting = 1 - battle["seat"]
    if seat != acting:
        raise rule_refusal(
            "TABLE_NOT_YOUR_TURN",
            rule,
            kind=kind,
            seat=seat + 1,
            hint=N_("the other player plays this moment of the battle"),
        )
    return battle


def _with_battle(state: TableState, **changes: Any) -> TableState:
    return with_turn_state(state, battle=frozen({**open_battle(state), **changes}))


def _set_tapped(state: TableState, seat: int, circle: str, tapped: bool) -> tuple[TableState, Moved]:
    current = state.seats[seat]
    cards = list(current.zones[circle])
    before = cards[-1]
    cards[-1] = evolve(before, tapped=tapped)
    zones = dict(current.zones)
    zones[circle] = tuple(cards)
    state = state.with_seat(seat, evolve(current, zones=frozen(zones)))
    moved = Moved(before.instance, seat, circle, False, False, False, circle, False, False)
    return state, moved


def _add_bonus(state: TableState, instance: str, power_: int, critical_: int) -> TableState:
    bonuses = dict(state.turn_state.get("bonus", {}))
    had = bonuses.get(instance, (0, 0))
    bonuses[instance] = (had[0] + power_, had[1] + critical_)
    return with_turn_state(state, bonus=frozen(bonuses))


def _top_to(state: TableState, seat: int, zone: str, kind: str) -> tuple[TableState, list[Moved], str | None]:
    deck = state.seats[seat].zones["deck"]
    if not deck:
        return state, [], None
    instance = deck[-1].instance
    state, moved = move_card(state, seat, (seat, "deck", len(deck) - 1), zone, face_down=False, kind=kind)
    return state, moved, instance


def _to(state: TableState, instance: str, zone: str, kind: str) -> tuple[TableState, list[Moved]]:
    where = state.locate(instance)
    assert where is not None
    return move_card(state, state.owner(instance), where, zone, face_down=False, kind=kind)


# --- attack and boost ---------------------------------------------------------------------------------
def _attack_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "attack", "from", "target", "booster")
    require_turn(state, seat, "attack")
    _in_step(state, "attack", "battle", "vanguard.attack-step")
    _no_battle(state, "attack")
    source = payload.get("from")
    # "Атака: стоящий юнит переднего ряда (VC или RC 3/4), он уходит в Rest."
    attacker = _unit(state, seat, source) if source in FRONT else None
    if attacker is None or attacker.tapped:
        raise rule_refusal(
            "TABLE_ATTACK_UNIT",
            "vanguard.attack-unit",
            kind="attack",
            zone=str(source)[:40],
            hint=N_("attack with a standing unit of your front row (VC, RC 3 or 4)"),
        )
    target = payload.get("target")
    # "Цель — VC или передний RC противника." (section 6: "Обычная цель — только VC или передний RC.")
    if target not in FRONT or _unit(state, 1 - seat, target) is None:
        raise rule_refusal(
            "TABLE_TARGET_CIRCLE",
            "vanguard.attack-target",
            kind="attack",
            zone=str(target)[:40],
            hint=N_("attack the other player's vanguard or a unit of their front row"),
        )
    booster = payload.get("booster")
    if booster is not None:
        # "Boost: стоящий юнит 0/1 ранга из заднего ряда той же колонки уходит в Rest"
        unit = _unit(state, seat, booster) if booster == BEHIND[str(source)] else None
        if unit is None or unit.tapped or grade(state, unit.instance) not in (0, 1):
            raise rule_refusal(
                "TABLE_BOOST_UNIT",
                "vanguard.boost-unit",
                kind="attack",
                zone=str(booster)[:40],
                hint=N_("boost with a standing grade 0 or 1 unit behind the attacker, in its column"),
            )


def _attack(state: TableState, seat: int, payload: dict) -> Applied:
    source, target, booster = payload["from"], payload["target"], payload.get("booster")
    attacker = _unit(state, seat, source)
    defender = _unit(state, 1 - seat, target)
    assert attacker is not None and defender is not None
    state, rested = _set_tapped(state, seat, source, True)
    moved = [rested]
    boosted = ""
    if booster is not None:
        # "его сила добавляется атакующему до конца боя" (the battle keeps who boosts).
        state, more = _set_tapped(state, seat, booster, True)
        moved.append(more)
        boosted = more.instance
    battle = {
        "seat": seat,
        "attacker": attacker.instance,
        "from": source,
        "target": defender.instance,
        "at": target,
        "booster": boosted,
        "shield": 0,
        "perfect": False,
        "stage": GUARD,
        "checks": 0,
        "damage": 0,
        "pending": "",
        "after": "",
    }
    state = with_turn_state(state, battle=frozen(battle))
    return Applied(state, tuple(moved), (("attack", {"from": source, "target": target, "booster": booster}),))


def _attacks(state: TableState, seat: int) -> Iterable[Payload]:
    if state.phase != PLAYING or state.active != seat or open_battle(state) is not None:
        return
    if _step_key(state) != "battle":
        return
    targets = [t for t in FRONT if _unit(state, 1 - seat, t) is not None]
    for source in FRONT:
        unit = _unit(state, seat, source)
        if unit is None or unit.tapped:
            continue
        behind = _unit(state, seat, BEHIND[source])
        for target in targets:
            yield {"from": source, "target": target}
            if behind is not None and not behind.tapped and grade(state, behind.instance) in (0, 1):
                yield {"from": source, "target": target, "booster": BEHIND[source]}


ATTACK = Move(
    "attack",
    N_("Attack"),
    (
        Param("from", "zone", N_("attacker")),
        Param("target", "zone", N_("target")),
        Param("booster", "zone", N_("boosted by"), required=False),
    ),
    condition=checked(_attack_check),
    enumerate=_attacks,
    reduce=_attack,
    log=N_("%(who)s attacked from %(from)s"),
)


# --- guard, perfect guard, intercept (the defender's moves: no require_turn) -----------------------
def _guard_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "guard", "instance", "discard")
    _battle_stage(state, seat, "guard", GUARD, "vanguard.guard-stage")
    instance, _where = card_in_hand(state, seat, payload, "guard", "vanguard.guard-from-hand")
    # "Guard: защищающийся добавляет карты из руки в GC. Grade ≤ grade своего авангарда."
    current = vanguard_grade(state, seat)
    card_grade = grade(state, instance)
    if card_grade > current:
        raise rule_refusal(
            "TABLE_GUARD_GRADE",
            "vanguard.guard-grade",
            kind="guard",
            grade=card_grade,
            vanguard=current,
            hint=N_("guard with a card of your vanguard's grade or lower"),
        )
    discard = payload.get("discard")
    if discard is None:
        return
    # Section 6: "Perfect Guard: сброс карты того же клана отменяет атаку; без оплаты — 0 щита и
    # отмены нет. Сброс — опциональная стоимость."
    data = state.card(instance)
    clan = data.get("clan")
    hand = {c.instance for c in state.seats[seat].zones["hand"]}
    if (
        not data.get("sentinel")
        or not isinstance(discard, str)
        or discard == instance
        or discard not in hand
        or not clan
        or state.card(discard).get("clan") != clan
    ):
        raise rule_refusal(
            "TABLE_PERFECT_GUARD",
            "vanguard.perfect-guard",
            kind="guard",
            hint=N_("a Sentinel's perfect guard discards another card of its clan from your hand"),
        )


def _guard(state: TableState, seat: int, payload: dict) -> Applied:
    instance, discard = payload["instance"], payload.get("discard")
    # "Щит добавляется сразу."
    state, moved = _to(state, instance, "gc", "guard")
    battle = open_battle(state)
    changes: dict[str, Any] = {"shield": battle["shield"] + shield(state, instance)}
    if discard is not None:
        # "Discard | выбранная карта из руки в Drop" (section 8), and the attack is cancelled.
        state, more = _to(state, discard, "discard", "guard")
        moved += more
        changes["perfect"] = True
    state = _with_battle(state, **changes)
    return Applied(
        state, tuple(moved), (("guard", {"shield": changes["shield"], "perfect": discard is not None}),)
    )


def _guards(state: TableState, seat: int) -> Iterable[Payload]:
    battle = open_battle(state)
    if battle is None or battle["stage"] != GUARD or battle["seat"] == seat:
        return
    hand = state.seats[seat].zones["hand"]
    for card in hand:
        yield {"instance": card.instance}
        data = state.card(card.instance)
        if data.get("sentinel") and data.get("clan"):
            for other in hand:
                if other.instance != card.instance and state.card(other.instance).get("clan") == data.get(
                    "clan"
                ):
                    yield {"instance": card.instance, "discard": other.instance}


GUARD_MOVE = Move(
    "guard",
    N_("Guard"),
    (
        Param("instance", "instance", N_("a card of your hand")),
        Param("discard", "instance", N_("perfect guard: discard"), required=False),
    ),
    condition=checked(_guard_check),
    enumerate=_guards,
    reduce=_guard,
    log=N_("%(who)s guarded with %(card)s"),
)


def _intercept_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "intercept", "from")
    battle = _battle_stage(state, seat, "intercept", GUARD, "vanguard.intercept-stage")
    source = payload.get("from")
    # "Intercept: подходящий RC (обычно grade 2, передний ряд) выходит в GC ... Нельзя перехватывать
    # атаку по самому себе."
    unit = _unit(state, seat, source) if source in ("rc3", "rc4") else None
    if unit is None or grade(state, unit.instance) != 2 or source == battle["at"]:
        raise rule_refusal(
            "TABLE_INTERCEPT_UNIT",
            "vanguard.intercept-unit",
            kind="intercept",
            zone=str(source)[:40],
            hint=N_("intercept with a grade 2 rear-guard of your front row that is not attacked"),
        )


def _intercept(state: TableState, seat: int, payload: dict) -> Applied:
    """Section 5, Battle, 4: "Intercept: подходящий RC ... выходит в GC; атака переносится на него."
    The interceptor becomes the attacked unit: the hit compares the attacker's power with its power
    plus the shields, and a hit sends it to the drop like any hit rear-guard ("При попадании по RC
    цель уходит в Drop"); the unit first attacked is no longer attacked (no damage to a vanguard).
    The seed says nothing of a second intercept: the table leaves it free (it takes the attack on)."""
    unit = _unit(state, seat, payload["from"])
    assert unit is not None
    state, moved = _to(state, unit.instance, "gc", "intercept")
    battle = open_battle(state)
    state = _with_battle(state, target=unit.instance, at="gc", intercepted=battle["target"])
    return Applied(state, tuple(moved), (("intercept", {"from": payload["from"]}), ("attackTransferred", {})))


def _intercept_v2(state: TableState, seat: int, payload: dict) -> Applied:
    """vanguard-2's intercept (its tables replay as they were played): the interceptor's shield was
    added to the defence, the attack stayed on its target."""
    unit = _unit(state, seat, payload["from"])
    assert unit is not None
    state, moved = _to(state, unit.instance, "gc", "intercept")
    battle = open_battle(state)
    state = _with_battle(state, shield=battle["shield"] + shield(state, unit.instance))
    return Applied(state, tuple(moved), (("intercept", {"from": payload["from"]}),))


def _intercepts(state: TableState, seat: int) -> Iterable[Payload]:
    battle = open_battle(state)
    if battle is None or battle["stage"] != GUARD or battle["seat"] == seat:
        return
    for source in ("rc3", "rc4"):
        if _unit(state, seat, source) is not None:
            yield {"from": source}


INTERCEPT = Move(
    "intercept",
    N_("Intercept"),
    (Param("from", "zone", N_("a grade 2 rear-guard of your front row")),),
    condition=checked(_intercept_check),
    enumerate=_intercepts,
    reduce=_intercept,
    log=N_("%(who)s intercepted from %(from)s"),
    leaves_free=N_(
        "The game's rules do not say whether a second rear-guard may intercept an attack already intercepted: "
        "the table leaves it free."
    ),
)
# The log says the attack is transferred (the event's "attackTransferred"): the line stays the same.
INTERCEPT_V2 = evolve(INTERCEPT, reduce=_intercept_v2)


def _end_guard_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "endGuard")
    _battle_stage(state, seat, "endGuard", GUARD, "vanguard.guard-stage")


def _end_guard(state: TableState, seat: int, payload: dict) -> Applied:
    battle = open_battle(state)
    if battle["from"] == VC:
        # "Drive Check: только из VC; 0–2 ранг — 1 проверка, 3+ — 2"; "Арьергард по умолчанию
        # проверок не делает."
        checks = drive_checks(vanguard_grade(state, battle["seat"]))
        return Applied(_with_battle(state, stage=DRIVE, checks=checks), (), (("endGuard", {}),))
    return _resolve(state, [], [("endGuard", {})])


def _end_guards(state: TableState, seat: int) -> Iterable[Payload]:
    battle = open_battle(state)
    if battle is not None and battle["stage"] == GUARD and battle["seat"] != seat:
        yield {}


END_GUARD = Move(
    "endGuard",
    N_("Done guarding"),
    condition=checked(_end_guard_check),
    enumerate=_end_guards,
    reduce=_end_guard,
    log=N_("%(who)s is done guarding"),
)


# --- the drive check, the hit, the damage check -------------------------------------------------------
def _trigger_of(state: TableState, instance: str) -> str | None:
    value = state.card(instance).get("trigger")
    return value if value in TRIGGERS else None


def _rules_drive_check_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "driveCheck")
    _battle_stage(state, seat, "driveCheck", DRIVE, "vanguard.drive-check")


def _checked_card(state: TableState, kind: str, after: str, moved: list[Moved], did: list) -> Applied:
    """The top card of the checking seat's deck to the trigger zone: a trigger waits for its owner's
    choices; any other card goes on (a drive check's to the hand, a damage check's to the damage)."""
    battle = open_battle(state)
    seat = battle["seat"] if after == DRIVE else 1 - battle["seat"]
    state, more, instance = _top_to(state, seat, "trigger", kind)
    moved += more
    if instance is None:
        # An empty deck checks nothing (the seed loses only at the Draw step's draw).
        state = _with_battle(state, checks=0, damage=0)
        return _went_on(state, after, moved, did)
    trigger = _trigger_of(state, instance)
    did.append((kind, {"trigger": trigger or ""}))
    if trigger is not None:
        return Applied(
            _with_battle(state, stage=TRIGGER, pending=instance, after=after), tuple(moved), tuple(did)
        )
    return _checked_on(state, instance, after, moved, did)


def _checked_on(state: TableState, instance: str, after: str, moved: list[Moved], did: list) -> Applied:
    # Section 7: "После Drive Check карта уходит в руку; после Damage Check — в Damage."
    state, more = _to(state, instance, "hand" if after == DRIVE else "damage", after)
    moved += more
    battle = open_battle(state)
    if after == DRIVE:
        state = _with_battle(state, stage=DRIVE, checks=battle["checks"] - 1, pending="", after="")
    else:
        state = _with_battle(state, stage=DAMAGE, damage=battle["damage"] - 1, pending="", after="")
    return _went_on(state, after, moved, did)


def _went_on(state: TableState, after: str, moved: list[Moved], did: list) -> Applied:
    battle = open_battle(state)
    if after == DRIVE:
        if battle["checks"] > 0:
            return Applied(state, tuple(moved), tuple(did))
        return _resolve(state, moved, did)
    if battle["damage"] > 0:
        return Applied(state, tuple(moved), tuple(did))
    return _close(state, moved, did)


def _rules_drive_check(state: TableState, seat: int, payload: dict) -> Applied:
    return _checked_card(state, "driveCheck", DRIVE, [], [])


def _drive_checks(state: TableState, seat: int) -> Iterable[Payload]:
    battle = open_battle(state)
    if battle is not None and battle["stage"] == DRIVE and battle["seat"] == seat:
        yield {}


def _resolve(state: TableState, moved: list[Moved], did: list) -> Applied:
    """Section 5, Battle, 6: "сила атакующего >= силы защищающегося + щит — попадание. Иначе промах.
    При попадании по RC цель уходит в Drop; при попадании по VC наносится урон, равный критическому
    удару." A perfect guard cancels the attack."""
    battle = open_battle(state)
    attack = power(state, battle["attacker"])
    if battle["booster"]:
        attack += power(state, battle["booster"])
    defence = power(state, battle["target"]) + battle["shield"]
    hit = not battle["perfect"] and attack >= defence
    did.append(
        ("hit" if hit else "miss", {"power": attack, "defence": defence, "perfect": battle["perfect"]})
    )
    if hit and battle["at"] != VC:
        state, more = _to(state, battle["target"], "discard", "hit")
        moved += more
    elif hit:
        damage = critical(state, battle["attacker"])
        if damage > 0:
            # "Damage Check: по одной карте за урон"
            return Applied(_with_battle(state, stage=DAMAGE, damage=damage), tuple(moved), tuple(did))
    return _close(state, moved, did)


def _close(state: TableState, moved: list[Moved], did: list) -> Applied:
    # "После боя Guardian/Intercept уходят в Drop." and "UntilEndOfBattle не переживает бой" (the boost).
    defender = 1 - open_battle(state)["seat"]
    for card in state.seats[defender].zones.get("gc", ()):
        state, more = _to(state, card.instance, "discard", "battle")
        moved += more
    state = evolve(state, turn_state=frozen({k: v for k, v in state.turn_state.items() if k != "battle"}))
    did.append(("battleEnd", {}))
    return Applied(state, tuple(moved), tuple(did))


RULES_DRIVE_CHECK = Move(
    "driveCheck",
    N_("Drive check"),
    condition=checked(_rules_drive_check_check),
    enumerate=_drive_checks,
    reduce=_rules_drive_check,
    log=N_("%(who)s drive checked %(card)s"),
)


def _damage_check_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "damageCheck")
    _battle_stage(state, seat, "damageCheck", DAMAGE, "vanguard.damage-check")


def _damage_check(state: TableState, seat: int, payload: dict) -> Applied:
    # Section 6: "Damage Check-триггер сначала кладёт карту в Trigger, применяет эффект, затем в Damage."
    return _checked_card(state, "damageCheck", DAMAGE, [], [])


def _damage_checks(state: TableState, seat: int) -> Iterable[Payload]:
    battle = open_battle(state)
    if battle is not None and battle["stage"] == DAMAGE and battle["seat"] != seat:
        yield {}


DAMAGE_CHECK = Move(
    "damageCheck",
    N_("Damage check"),
    condition=checked(_damage_check_check),
    enumerate=_damage_checks,
    reduce=_damage_check,
    log=N_("%(who)s damage checked %(card)s"),
)


# --- a checked trigger: its +5000 and its second effect (section 7) -------------------------------------
def _can_heal(state: TableState, seat: int) -> bool:
    # Section 6: "Heal доступен, если урон игрока >= урона соперника и в своей зоне есть карты"
    mine = len(state.seats[seat].zones["damage"])
    return mine > 0 and mine >= len(state.seats[1 - seat].zones["damage"])


def _rested_rear_guards(state: TableState, seat: int) -> list[str]:
    return [c for c in CIRCLES if (u := _unit(state, seat, c)) is not None and u.tapped]


def _trigger_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "trigger", "power", "unit", "heal")
    battle = _battle_stage(state, seat, "trigger", TRIGGER, "vanguard.trigger")
    trigger = _trigger_of(state, battle["pending"])

    def wrong(field: str, rule: str) -> Refusal:
        return rule_refusal(
            "TABLE_TRIGGER_TARGET",
            rule,
            kind="trigger",
            trigger=trigger or "",
            field=field,
            hint=N_("choose the trigger's targets among your units (the table offers them)"),
        )

    # "Базовый бонус силы — +5000" to a chosen unit ("выбранному юниту": one of the owner's).
    if _unit(state, seat, payload.get("power")) is None:
        raise wrong("power", "vanguard.trigger-power")
    unit, heal = payload.get("unit"), payload.get("heal")
    if trigger == "CRITICAL":
        # "Critical: +5000 и +1 крит выбранному юниту." ("Power target и второй эффект могут быть
        # разными юнитами")
        if _unit(state, seat, unit) is None:
            raise wrong("unit", "vanguard.trigger-critical")
    elif trigger == "STAND":
        # "Stand: +5000 и поднять выбранного отдыхающего арьергарда; если арьергардов нет, второй
        # эффект не применяется."
        rested = _rested_rear_guards(state, seat)
        if (unit not in rested) if rested else (unit is not None):
            raise wrong("unit", "vanguard.trigger-stand")
    elif unit is not None:
        raise wrong("unit", "vanguard.trigger-unit")
    if trigger == "HEAL" and _can_heal(state, seat):
        # "Heal: +5000 и, при условии, лечение 1 урона из своей зоны"
        if heal not in {c.instance for c in state.seats[seat].zones["damage"]}:
            raise wrong("heal", "vanguard.trigger-heal")
    elif heal is not None:
        # "если нет карт/условия — лечение не активируется."
        raise wrong("heal", "vanguard.trigger-heal")


def _trigger(state: TableState, seat: int, payload: dict) -> Applied:
    battle = open_battle(state)
    instance = battle["pending"]
    trigger = _trigger_of(state, instance)
    moved: list[Moved] = []
    target = _unit(state, seat, payload["power"])
    assert target is not None
    state = _add_bonus(state, target.instance, TRIGGER_POWER, 0)
    if trigger == "CRITICAL":
        unit = _unit(state, seat, payload["unit"])
        assert unit is not None
        state = _add_bonus(state, unit.instance, 0, 1)
    elif trigger == "STAND" and payload.get("unit") is not None:
        state, stood = _set_tapped(state, seat, payload["unit"], False)
        moved.append(stood)
    elif trigger == "DRAW":
        # "Draw: +5000 и немедленно взять карту; отдельной цели для draw нет."
        state, drawn, _instance = _top_to(state, seat, "hand", "trigger")
        moved += drawn
    elif trigger == "HEAL" and payload.get("heal") is not None:
        # "лечится карта только из своей зоны урона" (to the drop).
        state, healed = _to(state, payload["heal"], "discard", "trigger")
        moved += healed
    did: list = [("trigger", {"trigger": trigger, "power": payload["power"], "unit": payload.get("unit")})]
    return _checked_on(state, instance, battle["after"], moved, did)


def _triggers(state: TableState, seat: int) -> Iterable[Payload]:
    battle = open_battle(state)
    if battle is None or battle["stage"] != TRIGGER or state.owner(battle["pending"]) != seat:
        return
    trigger = _trigger_of(state, battle["pending"])
    units = [c for c in UNITS if _unit(state, seat, c) is not None]
    if trigger == "CRITICAL":
        seconds: list[dict[str, Any]] = [{"unit": u} for u in units]
    elif trigger == "STAND":
        seconds = [{"unit": u} for u in _rested_rear_guards(state, seat)] or [{}]
    elif trigger == "HEAL" and _can_heal(state, seat):
        seconds = [{"heal": c.instance} for c in state.seats[seat].zones["damage"]]
    else:
        seconds = [{}]
    for circle in units:
        for second in seconds:
            yield {"power": circle, **second}


TRIGGER_MOVE = Move(
    "trigger",
    N_("Trigger"),
    (
        Param("power", "zone", N_("+5000 to")),
        Param("unit", "zone", N_("second effect on"), required=False),
        Param("heal", "instance", N_("heal"), required=False),
    ),
    condition=checked(_trigger_check),
    enumerate=_triggers,
    reduce=_trigger,
    log=N_("%(who)s resolved a trigger"),
)


# --- Counter Blast: a cost paid by hand (section 8) -------------------------------------------------------
def _counter_blast_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "counterBlast", "cards")
    cards = payload.get("cards")
    # "Counter Blast X | перевернуть X открытых карт урона лицом вниз; при выборе — конкретные"
    face_up = {c.instance for c in state.seats[seat].zones["damage"] if not c.face_down}
    if (
        not isinstance(cards, list)
        or not cards
        or len(set(map(str, cards))) != len(cards)
        or not set(cards) <= face_up
    ):
        raise rule_refusal(
            "TABLE_COUNTER_BLAST",
            "vanguard.counter-blast",
            kind="counterBlast",
            hint=N_("choose face-up cards of your damage zone"),
        )


def _counter_blast(state: TableState, seat: int, payload: dict) -> Applied:
    chosen = set(payload["cards"])
    current = state.seats[seat]
    zones = dict(current.zones)
    zones["damage"] = tuple(evolve(c, face_down=True) if c.instance in chosen else c for c in zones["damage"])
    state = state.with_seat(seat, evolve(current, zones=frozen(zones)))
    moved = tuple(
        Moved(c.instance, seat, "damage", False, False, False, "damage", False, True)
        for c in current.zones["damage"]
        if c.instance in chosen
    )
    return Applied(state, moved, (("counterBlast", {"count": len(chosen)}),))


def _counter_blasts(state: TableState, seat: int) -> Iterable[Payload]:
    if state.phase != PLAYING:
        return
    for card in state.seats[seat].zones["damage"]:
        if not card.face_down:
            yield {"cards": [card.instance]}


COUNTER_BLAST = Move(
    "counterBlast",
    N_("Counter Blast"),
    (Param("cards", "instances", N_("face-up cards of your damage zone")),),
    condition=checked(_counter_blast_check),
    enumerate=_counter_blasts,
    reduce=_counter_blast,
    log=N_("%(who)s paid a Counter Blast"),
    manual=True,
)


def _moves(version: str, intercept: Move, **more: Any) -> GameMoves:
    return GameMoves(
        game="vanguard",
        version=version,
        moves=(
            MULLIGAN_MOVE,
            VANGUARD_STEP,
            RIDE,
            CALL,
            MOVE_UNIT,
            ATTACK,
            GUARD_MOVE,
            intercept,
            END_GUARD,
            RULES_DRIVE_CHECK,
            TRIGGER_MOVE,
            DAMAGE_CHECK,
            COUNTER_BLAST,
            VANGUARD_END_TURN,
            CONCEDE_MOVE,
            NOTE_MOVE,
            *FAIR_MOVES,
            DRIVE_CHECK,
        ),
        card_view=_card_view,
        **more,
    )


# vanguard-2's moves, kept for its tables (and vanguard-1's, which replay the same under them).
MOVES_V2 = _moves(V2_VERSION, INTERCEPT_V2, replays=REPLAYS)
MOVES = _moves(VERSION, INTERCEPT, previous=(MOVES_V2,))

__all__ = [
    "CIRCLES",
    "COLUMN",
    "FRONT",
    "MOVES",
    "MOVES_V2",
    "VERSION",
    "card_stats",
    "critical",
    "drive_checks",
    "grade",
    "open_battle",
    "power",
    "shield",
    "vanguard_grade",
]


# What the moves above read of a card (rules.tables.coverage): its stats, its trigger and Sentinel;
# vanguard cards' effects are only logged (a player applies them by hand).
ENGINE_READS = EngineReads(
    fields=("grade", "power", "critical", "shield", "trigger", "sentinel", "clan"), keyword_field=""
)
