"""Vanguard's table moves (seed 002): the turn's steps, Ride, Call, Move and the drive check.

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
from rules.tables.engine import (
    Applied,
    Moved,
    Refusal,
    move_card,
    only_fields,
    own_card,
    require_turn,
    text_param,
)
from rules.tables.moves import GameMoves, Move, Param, Payload, rule_refusal, with_turn_state
from rules.tables.state import PLAYING, TableState, evolve, frozen

# The rules version a table records (rulesVersion): change it when a rule changes a replay.
VERSION = "vanguard-1"
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


def _from_hand(state: TableState, seat: int, payload: Payload, kind: str, rule: str) -> tuple[str, Any]:
    instance = text_param(payload, "instance", kind)
    where = own_card(state, seat, instance, kind)
    if where[1] != "hand":
        raise rule_refusal("TABLE_NOT_IN_HAND", rule, kind=kind, hint=N_("choose a card of your hand"))
    return instance, where


def _checked(check):
    """A condition from a check that raises its refusal."""

    def condition(state: TableState, seat: int, payload: Payload) -> Refusal | None:
        try:
            check(state, seat, payload)
        except Refusal as refusal:
            return refusal
        return None

    return condition


# --- the steps --------------------------------------------------------------------------------------
def _step_check(state: TableState, seat: int, payload: Payload) -> None:
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
VANGUARD_STEP = evolve(STEP_MOVE, condition=_checked(_step_check))


# --- Ride ---------------------------------------------------------------------------------------------
def _ride_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "ride", "instance")
    require_turn(state, seat, "ride")
    _in_step(state, "ride", "ride", "vanguard.ride-step")
    # "Ride — один раз за ход; можно пропустить."
    if state.turn_state.get("rode"):
        raise rule_refusal(
            "TABLE_ONCE_A_TURN", "vanguard.ride-once", kind="ride", hint=N_("a player rides once a turn")
        )
    instance, _where = _from_hand(state, seat, payload, "ride", "vanguard.ride-from-hand")
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


def _ride(state: TableState, seat: int, payload: dict) -> Applied:
    # "Старый авангард уходит в Soul." (the VC's replaced_to) "Новый авангард входит стоя и открытым."
    where = own_card(state, seat, payload["instance"], "ride")
    state, moved = move_card(state, seat, where, VC, face_down=False, kind="ride")
    return Applied(with_turn_state(state, rode=True), tuple(moved), (("ride", {}),))


def _rides(state: TableState, seat: int) -> Iterable[Payload]:
    for card in state.seats[seat].zones["hand"]:
        yield {"instance": card.instance}


RIDE = Move(
    "ride",
    N_("Ride"),
    (Param("instance", "instance", N_("a card of your hand")),),
    condition=_checked(_ride_check),
    enumerate=_rides,
    reduce=_ride,
    log=N_("%(who)s rode %(card)s"),
)


# --- Main: Call and Move --------------------------------------------------------------------------
def _call_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "call", "instance", "to")
    require_turn(state, seat, "call")
    _in_step(state, "call", "main", "vanguard.call-step")
    instance, _where = _from_hand(state, seat, payload, "call", "vanguard.call-from-hand")
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


def _calls(state: TableState, seat: int) -> Iterable[Payload]:
    for card in state.seats[seat].zones["hand"]:
        for circle in CIRCLES:
            yield {"instance": card.instance, "to": circle}


CALL = Move(
    "call",
    N_("Call"),
    (
        Param("instance", "instance", N_("a card of your hand")),
        Param("to", "zone", N_("a rear-guard circle")),
    ),
    condition=_checked(_call_check),
    enumerate=_calls,
    reduce=_call,
    log=N_("%(who)s called %(card)s to %(to)s"),
)


def _shift_check(state: TableState, seat: int, payload: Payload) -> None:
    only_fields(payload, "moveUnit", "from", "to")
    require_turn(state, seat, "moveUnit")
    _in_step(state, "moveUnit", "main", "vanguard.move-step")
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
    condition=_checked(_shift_check),
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

MOVES = GameMoves(
    game="vanguard",
    version=VERSION,
    moves=(
        MULLIGAN_MOVE,
        VANGUARD_STEP,
        RIDE,
        CALL,
        MOVE_UNIT,
        END_TURN_MOVE,
        CONCEDE_MOVE,
        NOTE_MOVE,
        *FAIR_MOVES,
        DRIVE_CHECK,
    ),
)

__all__ = ["CIRCLES", "COLUMN", "MOVES", "VERSION", "drive_checks", "grade", "vanguard_grade"]
