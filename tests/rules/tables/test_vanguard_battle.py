"""Vanguard's Battle in rules mode (seed 002, section 5 "Battle", sections 6, 7 and 8): each rule, a
legal case accepted and an illegal one refused with its code, its rule, and nothing changed."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.games.vanguard.moves import MOVES, card_stats, critical, grade, open_battle, power, vanguard_grade
from rules.tables import Event, Refusal, apply, intents, replay
from rules.tables.state import Card, evolve, frozen

from .kit import dealt
from .test_vanguard_rules import assert_sees_what_it_names, play, started, to_step, zone


def refused(state, seat: int, kind: str, **payload):
    """The refusal of the move, and nothing changed."""
    with pytest.raises(Refusal) as caught:
        apply(state, Event(state.seq + 1, seat, kind, payload))
    return caught.value.finding


def fields(state, instance):
    return state.card(instance).fields


def take(state, seat: int, where: str, want) -> tuple[object, str]:
    """A card of the seat's deck (or drop) matching ``want`` moved to ``where`` (on top), standing."""
    current = state.seats[seat]
    zones = {k: list(v) for k, v in current.zones.items()}
    for source in ("deck", "hand", "discard"):
        if source == where:
            continue
        found = next((c for c in zones[source] if want(fields(state, c.instance))), None)
        if found is not None:
            zones[source].remove(found)
            zones[where].append(Card(found.instance))
            state = state.with_seat(
                seat, evolve(current, zones=frozen({k: tuple(v) for k, v in zones.items()}))
            )
            return state, found.instance
    raise AssertionError("no such card")


def unit(g: int):
    return lambda f: f.get("grade") == g and not f.get("trigger") and not f.get("sentinel")


def trig(name: str):
    return lambda f: f.get("trigger") == name


def plain(f):
    return not f.get("trigger")


def ride_to(state, seat: int, g: int):
    """The seat's vanguard replaced by a grade ``g`` unit (the old one to the soul)."""
    current = state.seats[seat]
    zones = dict(current.zones)
    zones["soul"] = zones["soul"] + zones["vc"]
    zones["vc"] = ()
    state = state.with_seat(seat, evolve(current, zones=frozen(zones)))
    return take(state, seat, "vc", unit(g))


def battle_ready(seed: int = 7, attacker_grade: int = 1, defender_grade: int = 1):
    """The second player's first turn at Battle: both vanguards of the grades asked, hands emptied of
    grade 3 cards for clarity. Returns (state, attacker seat)."""
    state = started(seed)
    state = play(to_step(state, "main"), state.active, "endTurn")
    seat = state.active
    state = to_step(state, "battle")
    state, _ = ride_to(state, seat, attacker_grade)
    state, _ = ride_to(state, 1 - seat, defender_grade)
    return state, seat


def attack(state, seat, source="vc", target="vc", **more):
    return play(state, seat, "attack", **{"from": source, "target": target, **more})


def kinds(state, seat):
    return {m.kind for m, _p in intents(state, seat)}


def test_an_attack_by_a_standing_front_row_unit_rests_it_and_opens_the_battle():
    state, seat = battle_ready()
    state, _back = take(state, seat, "rc1", unit(1))
    offered = [p for m, p in intents(state, seat) if m.kind == "attack"]
    assert {"from": "vc", "target": "vc"} in offered and {
        "from": "vc",
        "target": "vc",
        "booster": "rc1",
    } in offered
    # Illegal: a back-row unit, an empty circle, a back-row target ("стоящий юнит переднего ряда").
    finding = refused(state, seat, "attack", **{"from": "rc1", "target": "vc"})
    assert finding.code == "TABLE_ATTACK_UNIT" and finding.params["rule"] == "vanguard.attack-unit"
    assert refused(state, seat, "attack", **{"from": "rc3", "target": "vc"}).code == "TABLE_ATTACK_UNIT"
    finding = refused(state, seat, "attack", **{"from": "vc", "target": "rc0"})
    assert finding.code == "TABLE_TARGET_CIRCLE" and finding.params["rule"] == "vanguard.attack-target"
    assert refused(state, seat, "attack", **{"from": "vc", "target": "rc3"}).code == "TABLE_TARGET_CIRCLE"
    # Only in the Battle step, only by the active seat.
    finding = refused(play(state, seat, "step"), seat, "attack", **{"from": "vc", "target": "vc"})
    assert finding.code == "TABLE_WRONG_STEP" and finding.params["rule"] == "vanguard.attack-step"
    assert refused(state, 1 - seat, "attack", **{"from": "vc", "target": "vc"}).code == "TABLE_NOT_YOUR_TURN"
    after = attack(state, seat)
    assert after.seats[seat].zones["vc"][-1].tapped  # "он уходит в Rest"
    battle = open_battle(after)
    assert battle["stage"] == "guard" and battle["at"] == "vc" and battle["booster"] == ""
    # A rested unit does not attack; the battle is resolved before another attack, a step or the end.
    for kind, payload in (("attack", {"from": "vc", "target": "vc"}), ("step", {}), ("endTurn", {})):
        finding = refused(after, seat, kind, **payload)
        assert finding.code == "TABLE_BATTLE_OPEN" and finding.params["rule"] == "vanguard.battle-open"
    assert not kinds(after, seat) & {"attack", "step", "endTurn", "ride", "call"}
    assert {"guard", "endGuard"} <= kinds(after, 1 - seat)


def test_boost_by_a_standing_grade_0_or_1_unit_behind_the_attacker():
    state, seat = battle_ready()
    state, back = take(state, seat, "rc1", unit(1))
    state, _two = take(state, seat, "rc0", unit(2))
    state, _front = take(state, seat, "rc3", unit(1))
    # Illegal: grade 2 behind, or a unit of another column ("заднего ряда той же колонки").
    finding = refused(state, seat, "attack", **{"from": "rc3", "target": "vc", "booster": "rc0"})
    assert finding.code == "TABLE_BOOST_UNIT" and finding.params["rule"] == "vanguard.boost-unit"
    assert (
        refused(state, seat, "attack", **{"from": "vc", "target": "vc", "booster": "rc0"}).code
        == "TABLE_BOOST_UNIT"
    )
    vc = zone(state, seat, "vc")[0]
    alone = power(state, vc)
    after = attack(state, seat, booster="rc1")
    assert after.seats[seat].zones["rc1"][-1].tapped and open_battle(after)["booster"] == back
    # "его сила добавляется атакующему до конца боя": shown on the attacker.
    assert card_stats(after, seat, "vc", vc)["power"] == alone + power(state, back)
    # A rested booster does not boost again.
    assert refused(after, seat, "attack", **{"from": "rc3", "target": "vc", "booster": "rc1"}).code == (
        "TABLE_BATTLE_OPEN"
    )


def test_guard_from_hand_with_a_grade_at_most_the_defender_s_vanguard_shield_added():
    state, seat = battle_ready(defender_grade=1)
    defender = 1 - seat
    state, high = take(state, defender, "hand", unit(2))
    state, low = take(state, defender, "hand", unit(1))
    finding = refused(state, defender, "guard", instance=low)  # no battle open
    assert finding.code == "TABLE_BATTLE_STAGE" and finding.params["rule"] == "vanguard.guard-stage"
    state = attack(state, seat)
    finding = refused(state, defender, "guard", instance=high)
    assert finding.code == "TABLE_GUARD_GRADE" and finding.params["rule"] == "vanguard.guard-grade"
    assert finding.params["grade"] == 2 and finding.params["vanguard"] == 1
    assert not any(m.kind == "guard" and p["instance"] == high for m, p in intents(state, defender))
    # The attacker does not guard.
    finding = refused(state, seat, "guard", instance=zone(state, seat, "hand")[0])
    assert finding.code == "TABLE_NOT_YOUR_TURN" and finding.params["rule"] == "vanguard.guard-stage"
    after = play(state, defender, "guard", instance=low)
    assert zone(after, defender, "gc") == [low]
    assert open_battle(after)["shield"] == fields(state, low)["shield"] > 0  # "Щит добавляется сразу."


def test_intercept_by_a_front_row_grade_2_rear_guard_not_attacked_itself():
    state, seat = battle_ready()
    defender = 1 - seat
    state, two = take(state, defender, "rc3", unit(2))
    state, _one = take(state, defender, "rc4", unit(1))
    at_rc3 = attack(state, seat, target="rc3")
    finding = refused(
        at_rc3, defender, "intercept", **{"from": "rc3"}
    )  # "Нельзя перехватывать атаку по самому себе."
    assert finding.code == "TABLE_INTERCEPT_UNIT" and finding.params["rule"] == "vanguard.intercept-unit"
    state = attack(state, seat)
    assert refused(state, defender, "intercept", **{"from": "rc4"}).code == "TABLE_INTERCEPT_UNIT"  # grade 1
    offered = [p for m, p in intents(state, defender) if m.kind == "intercept"]
    assert offered == [{"from": "rc3"}]
    after = play(state, defender, "intercept", **{"from": "rc3"})
    assert zone(after, defender, "gc") == [two] and zone(after, defender, "rc3") == []
    # Section 5, Battle, 4: "атака переносится на него": the interceptor is the attacked unit now
    # (no shield of its own added to the defence).
    battle = open_battle(after)
    assert (battle["target"], battle["at"], battle["shield"]) == (two, "gc", 0)
    assert battle["intercepted"] == zone(state, defender, "vc")[0]


def intercepted_attack(attacker_power: int, interceptor_power: int, moves=None):
    """A rear-guard (rc3) attack on the defender's vanguard, intercepted by its grade 2 on rc4, the
    guard closed (a rear-guard makes no drive check: the battle resolves at once)."""
    state, seat = battle_ready()
    if moves is not None:
        state = evolve(state, start=evolve(state.start, moves=moves))
    defender = 1 - seat
    state, front = take(state, seat, "rc3", unit(1))
    state, two = take(state, defender, "rc4", unit(2))
    state = recast(recast(state, front, power=attacker_power), two, power=interceptor_power)
    vanguard = zone(state, defender, "vc")[0]
    state = recast(state, vanguard, power=1000)  # the vanguard alone would be hit
    state = play(attack(state, seat, source="rc3", target="vc"), defender, "intercept", **{"from": "rc4"})
    return play(state, defender, "endGuard"), seat, two


def test_an_intercepted_attack_hits_the_interceptor_never_the_vanguard():
    state, seat, two = intercepted_attack(attacker_power=10000, interceptor_power=8000)
    defender = 1 - seat
    # A hit on the interceptor sends it to the drop; the vanguard takes no damage.
    assert open_battle(state) is None
    assert zone(state, defender, "discard") == [two] and zone(state, defender, "damage") == []
    assert zone(state, defender, "gc") == []


def test_an_intercepted_attack_misses_when_the_interceptor_s_power_is_higher():
    state, seat, two = intercepted_attack(attacker_power=7000, interceptor_power=8000)
    defender = 1 - seat
    # No hit; "После боя Guardian/Intercept уходят в Drop."
    assert open_battle(state) is None and zone(state, defender, "damage") == []
    assert zone(state, defender, "discard") == [two] and zone(state, defender, "gc") == []


def test_a_vanguard_2_table_keeps_its_intercept_a_shield_on_the_attacked_unit():
    from rules.games.vanguard.moves import MOVES_V2

    # The same battle under vanguard-2's moves: the interceptor's shield was added, the attack stayed
    # on the vanguard (1000 power against 10000 hits: a damage check is due).
    state, seat = battle_ready()
    state = evolve(state, start=evolve(state.start, moves=MOVES_V2))
    defender = 1 - seat
    state, front = take(state, seat, "rc3", unit(1))
    state, two = take(state, defender, "rc4", unit(2))
    state = recast(recast(state, front, power=10000), zone(state, defender, "vc")[0], power=1000)
    state = play(attack(state, seat, source="rc3", target="vc"), defender, "intercept", **{"from": "rc4"})
    battle = open_battle(state)
    assert battle["at"] == "vc" and battle["shield"] == fields(state, two)["shield"]
    state = play(state, defender, "endGuard")
    assert open_battle(state)["stage"] == "damage"


def recast(state, instance, **changes):
    """The state with one card's fields changed (the demo decks have no Sentinel and one clan each)."""
    seat, data = state.start.instances[instance]
    data = dataclasses.replace(data, fields={**data.fields, **changes})
    instances = dict(state.start.instances)
    instances[instance] = (seat, data)
    return evolve(state, start=evolve(state.start, instances=frozen(instances)))


def test_a_sentinel_alone_gives_no_shield_its_perfect_guard_discards_a_card_of_its_clan():
    state, seat = battle_ready()
    defender = 1 - seat
    state, sentinel = take(state, defender, "hand", unit(1))
    state, mate = take(state, defender, "hand", unit(1))
    state, stranger = take(state, defender, "hand", unit(1))
    state = recast(state, sentinel, sentinel=True, shield=0)
    state = recast(state, stranger, clan="Nubatama")
    state = attack(state, seat)
    # "Perfect Guard: сброс карты того же клана отменяет атаку"; another clan, or no Sentinel: refused.
    finding = refused(state, defender, "guard", instance=sentinel, discard=stranger)
    assert finding.code == "TABLE_PERFECT_GUARD" and finding.params["rule"] == "vanguard.perfect-guard"
    assert refused(state, defender, "guard", instance=mate, discard=sentinel).code == "TABLE_PERFECT_GUARD"
    assert (
        refused(state, defender, "guard", instance=sentinel, discard=sentinel).code == "TABLE_PERFECT_GUARD"
    )
    # "Sentinel сам по себе даёт 0 щита"; "без оплаты — 0 щита и отмены нет".
    unpaid = play(state, defender, "guard", instance=sentinel)
    assert open_battle(unpaid)["shield"] == 0 and not open_battle(unpaid)["perfect"]
    paid = play(state, defender, "guard", instance=sentinel, discard=mate)
    assert open_battle(paid)["perfect"] and zone(paid, defender, "discard") == [mate]
    # The attack is cancelled whatever the power: a miss, the guardian to the drop.
    paid = play(paid, defender, "endGuard")
    while open_battle(paid) and open_battle(paid)["stage"] == "drive":
        paid = play(paid, seat, "driveCheck")
        if open_battle(paid) and open_battle(paid)["stage"] == "trigger":
            paid = play(
                paid, seat, "trigger", **next(p for m, p in intents(paid, seat) if m.kind == "trigger")
            )
    assert open_battle(paid) is None and zone(paid, defender, "damage") == []
    assert sentinel in zone(paid, defender, "discard")


def stack(state, seat, *wants):
    """Cards matching ``wants`` put on top of the seat's deck (the first on top)."""
    for want in reversed(wants):
        current = state.seats[seat]
        deck = list(current.zones["deck"])
        found = next(c for c in deck if want(fields(state, c.instance)))
        deck.remove(found)
        deck.append(found)
        zones = dict(current.zones)
        zones["deck"] = tuple(deck)
        state = state.with_seat(seat, evolve(current, zones=frozen(zones)))
    return state


@pytest.mark.parametrize(("vanguard", "checks"), [(1, 1), (2, 1), (3, 2)])
def test_the_drive_check_1_card_2_from_grade_3_only_from_the_vanguard(vanguard, checks):
    state, seat = battle_ready(attacker_grade=vanguard)
    state = stack(state, seat, *[plain] * 2)
    top = [c.instance for c in reversed(state.seats[seat].zones["deck"][-2:])]
    state = play(attack(state, seat), 1 - seat, "endGuard")
    assert open_battle(state)["stage"] == "drive" and open_battle(state)["checks"] == checks
    finding = refused(state, 1 - seat, "driveCheck")
    assert finding.code == "TABLE_NOT_YOUR_TURN" and finding.params["rule"] == "vanguard.drive-check"
    hand = zone(state, seat, "hand")
    for _ in range(checks):
        state = play(state, seat, "driveCheck")
    # "После Drive Check карта уходит в руку"
    assert zone(state, seat, "hand") == hand + top[:checks]
    assert open_battle(state) is None or open_battle(state)["stage"] == "damage"


def test_a_rear_guard_attack_makes_no_drive_check():
    state, seat = battle_ready()
    state, _front = take(state, seat, "rc3", unit(1))
    state = play(attack(state, seat, source="rc3"), 1 - seat, "endGuard")
    assert open_battle(state) is None or open_battle(state)["stage"] == "damage"


def test_hit_when_the_attacker_s_power_is_at_least_the_defender_s_plus_shields():
    state, seat = battle_ready(attacker_grade=1, defender_grade=1)
    defender = 1 - seat
    state = stack(state, seat, plain)
    state = stack(state, defender, plain, plain)
    vc, target = zone(state, seat, "vc")[0], zone(state, defender, "vc")[0]
    # Equal power hits (">="): both grade 1 vanguards of the demo's powers, no shield.
    if power(state, vc) < power(state, target):
        pytest.skip("the demo's grade 1 vanguards are not of equal power")
    state = play(play(attack(state, seat), defender, "endGuard"), seat, "driveCheck")
    battle = open_battle(state)
    assert battle["stage"] == "damage" and battle["damage"] == critical(state, vc) == 1
    finding = refused(state, seat, "damageCheck")
    assert finding.code == "TABLE_NOT_YOUR_TURN" and finding.params["rule"] == "vanguard.damage-check"
    top = state.seats[defender].zones["deck"][-1].instance
    state = play(state, defender, "damageCheck")
    # "Damage Check: по одной карте за урон ... затем карта идёт в Damage" (face up).
    assert zone(state, defender, "damage") == [top] and not state.seats[defender].zones["damage"][0].face_down
    assert open_battle(state) is None


def test_a_guarded_attack_misses_and_the_guardians_go_to_the_drop():
    state, seat = battle_ready(attacker_grade=1, defender_grade=1)
    defender = 1 - seat
    state = stack(state, seat, plain)
    state, guardian = take(state, defender, "hand", unit(1))
    state = play(attack(state, seat), defender, "guard", instance=guardian)
    state = play(play(state, defender, "endGuard"), seat, "driveCheck")
    assert open_battle(state) is None and zone(state, defender, "damage") == []
    assert zone(state, defender, "gc") == [] and zone(state, defender, "discard") == [guardian]


def test_a_hit_rear_guard_goes_to_the_drop():
    state, seat = battle_ready(attacker_grade=2)
    defender = 1 - seat
    state, target = take(state, defender, "rc4", unit(1))
    state = stack(state, seat, plain)
    state = play(play(attack(state, seat, target="rc4"), defender, "endGuard"), seat, "driveCheck")
    assert zone(state, defender, "rc4") == [] and zone(state, defender, "discard") == [target]
    assert zone(state, defender, "damage") == []


def to_trigger(state, seat, name):
    """An attack of the seat's vanguard whose drive check reveals a ``name`` trigger."""
    state = stack(state, seat, trig(name))
    state = play(play(attack(state, seat), 1 - seat, "endGuard"), seat, "driveCheck")
    assert open_battle(state)["stage"] == "trigger"
    return state


def test_a_critical_trigger_gives_5000_and_1_critical_to_chosen_units_until_the_end_of_turn():
    state, seat = battle_ready()
    state, front = take(state, seat, "rc3", unit(1))
    state = to_trigger(state, seat, "CRITICAL")
    pending = open_battle(state)["pending"]
    assert zone(state, seat, "trigger") == [pending]
    finding = refused(state, 1 - seat, "trigger", power="vc", unit="vc")
    assert finding.code == "TABLE_NOT_YOUR_TURN" and finding.params["rule"] == "vanguard.trigger"
    finding = refused(state, seat, "trigger", power="vc")
    assert finding.code == "TABLE_TRIGGER_TARGET" and finding.params["rule"] == "vanguard.trigger-critical"
    finding = refused(state, seat, "trigger", power="rc0", unit="vc")  # no unit there
    assert finding.code == "TABLE_TRIGGER_TARGET" and finding.params["rule"] == "vanguard.trigger-power"
    vc = zone(state, seat, "vc")[0]
    before = power(state, front), critical(state, vc)
    # "Power target и второй эффект могут быть разными юнитами"
    after = play(state, seat, "trigger", power="rc3", unit="vc")
    assert (power(after, front), critical(after, vc)) == (before[0] + 5000, before[1] + 1)
    assert pending in zone(after, seat, "hand")  # the drive check's card to the hand
    # "Бонусы триггеров снимаются в конце хода"
    while open_battle(after) is not None:
        after = play(after, 1 - seat, "damageCheck") if open_battle(after)["stage"] == "damage" else after
        if open_battle(after) and open_battle(after)["stage"] == "trigger":
            mover = after.owner(open_battle(after)["pending"])
            after = play(
                after, mover, "trigger", **next(p for m, p in intents(after, mover) if m.kind == "trigger")
            )
    ended = play(after, seat, "endTurn")
    assert (power(ended, front), critical(ended, vc)) == before


def test_a_stand_trigger_stands_a_chosen_rested_rear_guard_or_none():
    state, seat = battle_ready()
    state, _front = take(state, seat, "rc3", unit(1))
    rested = play(state, seat, "attack", **{"from": "rc3", "target": "vc"})
    rested = play(rested, 1 - seat, "endGuard")
    while open_battle(rested) is not None:
        stage = open_battle(rested)["stage"]
        if stage == "damage":
            rested = play(rested, 1 - seat, "damageCheck")
        else:
            mover = rested.owner(open_battle(rested)["pending"])
            rested = play(
                rested, mover, "trigger", **next(p for m, p in intents(rested, mover) if m.kind == "trigger")
            )
    assert rested.seats[seat].zones["rc3"][-1].tapped
    state = to_trigger(rested, seat, "STAND")
    finding = refused(state, seat, "trigger", power="vc", unit="vc")  # the vanguard is no rear-guard
    assert finding.code == "TABLE_TRIGGER_TARGET" and finding.params["rule"] == "vanguard.trigger-stand"
    after = play(state, seat, "trigger", power="vc", unit="rc3")
    assert not after.seats[seat].zones["rc3"][-1].tapped
    # No rested rear-guard: no second effect ("если арьергардов нет, второй эффект не применяется").
    state2, seat2 = battle_ready()
    state2 = to_trigger(state2, seat2, "STAND")
    assert [p for m, p in intents(state2, seat2) if m.kind == "trigger"] == [{"power": "vc"}]
    assert refused(state2, seat2, "trigger", power="vc", unit="rc3").code == "TABLE_TRIGGER_TARGET"


def test_a_draw_trigger_draws_a_card():
    state, seat = battle_ready()
    state = to_trigger(state, seat, "DRAW")
    hand = len(zone(state, seat, "hand"))
    finding = refused(state, seat, "trigger", power="vc", unit="vc")
    assert finding.code == "TABLE_TRIGGER_TARGET" and finding.params["rule"] == "vanguard.trigger-unit"
    after = play(state, seat, "trigger", power="vc")
    assert len(zone(after, seat, "hand")) == hand + 2  # the drawn card and the checked one


def with_damage(state, seat, count):
    for _ in range(count):
        state, _i = take(state, seat, "damage", plain)
    return state


def test_a_heal_trigger_heals_only_when_your_damage_is_at_least_the_opponent_s():
    state, seat = battle_ready()
    state = with_damage(with_damage(state, seat, 1), 1 - seat, 2)
    low = to_trigger(state, seat, "HEAL")  # 1 < 2: no heal
    assert [p for m, p in intents(low, seat) if m.kind == "trigger"] == [{"power": "vc"}]
    healed = zone(low, seat, "damage")[0]
    finding = refused(low, seat, "trigger", power="vc", heal=healed)
    assert finding.code == "TABLE_TRIGGER_TARGET" and finding.params["rule"] == "vanguard.trigger-heal"
    state = with_damage(state, seat, 1)  # 2 >= 2
    even = to_trigger(state, seat, "HEAL")
    assert refused(even, seat, "trigger", power="vc").code == "TABLE_TRIGGER_TARGET"  # the heal is due
    healed = zone(even, seat, "damage")[0]
    after = play(even, seat, "trigger", power="vc", heal=healed)
    assert healed not in zone(after, seat, "damage") and healed in zone(after, seat, "discard")


def test_a_damage_check_trigger_is_the_defender_s_its_card_then_to_the_damage():
    state, seat = battle_ready()
    defender = 1 - seat
    state = stack(state, seat, plain)
    state = stack(state, defender, trig("CRITICAL"))
    state = play(
        play(play(attack(state, seat), defender, "endGuard"), seat, "driveCheck"), defender, "damageCheck"
    )
    battle = open_battle(state)
    assert battle["stage"] == "trigger" and state.owner(battle["pending"]) == defender
    assert zone(state, defender, "damage") == []  # in the trigger zone first
    after = play(state, defender, "trigger", power="vc", unit="vc")
    assert zone(after, defender, "damage") == [battle["pending"]] and open_battle(after) is None
    assert power(after, zone(after, defender, "vc")[0]) == power(state, zone(state, defender, "vc")[0]) + 5000


def test_the_sixth_damage_loses():
    state, seat = battle_ready()
    defender = 1 - seat
    state = with_damage(state, defender, 5)
    state = stack(state, seat, plain)
    state = stack(state, defender, plain)
    state = play(
        play(play(attack(state, seat), defender, "endGuard"), seat, "driveCheck"), defender, "damageCheck"
    )
    assert state.phase == "finished" and state.result == (seat, "DAMAGE")
    assert intents(state, 0) == [] == intents(state, 1)


def test_counter_blast_turns_chosen_face_up_damage_cards_face_down():
    state, seat = battle_ready()
    state = with_damage(state, seat, 2)
    state = with_damage(state, 1 - seat, 1)
    first, second = zone(state, seat, "damage")
    finding = refused(state, seat, "counterBlast", cards=[zone(state, 1 - seat, "damage")[0]])
    assert finding.code == "TABLE_COUNTER_BLAST" and finding.params["rule"] == "vanguard.counter-blast"
    assert refused(state, seat, "counterBlast", cards=[]).code == "TABLE_COUNTER_BLAST"
    after = play(state, seat, "counterBlast", cards=[first])
    assert [c.face_down for c in after.seats[seat].zones["damage"]] == [True, False]
    assert refused(after, seat, "counterBlast", cards=[first]).code == "TABLE_COUNTER_BLAST"  # already down
    assert [p for m, p in intents(after, seat) if m.kind == "counterBlast"] == [{"cards": [second]}]
    # Either seat pays its own costs at any moment (the effect itself is applied by hand, as a note).
    assert play(after, 1 - seat, "note", text="CB1: +5000 to VC").notes[-1][1] == "CB1: +5000 to VC"


def test_the_stats_on_a_card_are_its_fields_and_the_turn_s_bonuses():
    state, seat = battle_ready()
    vc = zone(state, seat, "vc")[0]
    stats = card_stats(state, seat, "vc", vc)
    data = fields(state, vc)
    assert stats == {"power": data["power"], "critical": data["critical"], "shield": data["shield"]}


def test_vanguard_2_and_1_tables_replay_under_vanguard_2_s_own_moves():
    assert MOVES.version == "vanguard-3"
    older = MOVES.for_version("vanguard-2")
    assert older is not None and older is not MOVES and older is MOVES.for_version("vanguard-1")
    assert MOVES.for_version("vanguard-0") is None
    assert MOVES.versions() == ("vanguard-3", "vanguard-2", "vanguard-1")


def test_grades_and_vanguard_grades_of_the_kit():
    state, seat = battle_ready(attacker_grade=3, defender_grade=2)
    assert vanguard_grade(state, seat) == 3 and vanguard_grade(state, 1 - seat) == 2
    assert grade(state, zone(state, seat, "vc")[0]) == 3


GAME_KINDS = frozenset(
    {"mulligan", "step", "ride", "call", "moveUnit", "attack", "guard", "intercept", "endGuard"}
    | {"driveCheck", "trigger", "damageCheck", "endTurn"}
)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_random_offered_intents_play_whole_games_to_the_end(seed, choices):
    """Offered intents, chosen at random (a kind, then one of its payloads; never conceding; the turn
    ended early only at its last step), play whole games with battles to their end (6 damage or an
    empty deck at the Draw), never refused, a seat always with a move of the game, no intent naming a
    card its seat may not see."""
    rng = random.Random(choices)
    start = dealt("vanguard", seed, mode="rules")
    state, events, battles = start, [], 0
    for _ in range(5000):
        offered = {seat: intents(state, seat) for seat in (0, 1)}
        if state.phase == "finished":
            assert offered == {0: [], 1: []}
            break
        assert_sees_what_it_names(state, offered)
        # The game's own moves (not the table's die, coin, search, undo or result claims, nor a cost).
        playable = {s: [(m, p) for m, p in offered[s] if m.kind in GAME_KINDS] for s in (0, 1)}
        seats = [s for s in (0, 1) if playable[s]]
        assert seats, "an unfinished table left both seats without intents"
        seat = rng.choice(seats)
        kinds = {m.kind for m, _p in playable[seat]}
        if "step" in kinds:
            kinds.discard("endTurn")
        kind = rng.choice(sorted(kinds))
        move, payload = rng.choice([(m, p) for m, p in playable[seat] if m.kind == kind])
        battles += kind == "attack"
        event = Event(state.seq + 1, seat, move.kind, payload)
        state = apply(state, event).state  # never refused
        events.append(event)
    assert state.phase == "finished" and state.result[1] in ("DAMAGE", "DECK_OUT")
    assert battles > 0
    assert replay(start, events) == state
