"""Darkrow's table in rules mode (seed 000): each rule, a legal case accepted and an illegal one
refused with its code, its rule, and nothing changed (rules/games/darkrow/moves.py)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import CardData, get_ruleset
from rules.games.darkrow.moves import card_stats, cost_of
from rules.tables import Event, Refusal, SeatDeck, apply, deal_table, intents, replay
from rules.tables.state import evolve, frozen
from rules.tables.views import table_view


def card(name: str, type_: str, text: str = "", **fields) -> CardData:
    return CardData(
        game="darkrow",
        name=name,
        type=type_,
        stable_id=f"DR-{name}",
        text=text,
        fields=fields,
        status="VALIDATED",
        version=1,
    )


SOLDIER = card("Soldier", "UNIT", cost=1, atk=2, pv=3)
BRUTE = card("Brute", "UNIT", cost=2, atk=3, pv=2)
RUNNER = card("Runner", "UNIT", "Rush.", cost=1, atk=1, pv=1)
DUELIST = card("Duelist", "UNIT", "Initiative en attaque.", cost=1, atk=3, pv=2)
HERO = card("Hero", "LEGENDARY", cost=2, atk=3, pv=1)
BIG = card("Big", "UNIT", cost=5, atk=5, pv=5)
PLAN = card("Plan", "ACTION", cost=0)
GADGET = card("Gadget", "OBJECT", cost=1, behavior="CONSUMABLE")
# An equipment whose data declare +1 PV while it stays attached (rules/games/darkrow/moves.py).
HELMET = dataclasses.replace(
    card("Helmet", "OBJECT", cost=1, behavior="EQUIPMENT"),
    effects=(
        {
            "effectId": "Helmet.pv",
            "kind": "passive",
            "timing": "CONTINUOUS",
            "actions": [{"do": "MODIFY_STAT", "stat": "PV", "amount": 1, "target": "EQUIPPED_UNIT"}],
            "duration": "WHILE_ATTACHED",
        },
    ),
)
OFFICE = card("Office", "PLACE", cost=1)
BARE = card("Bare", "UNIT")
LEADER = card("Gin", "LEADER")
FAIR = (
    "acceptResult",
    "refuseResult",
    "undo",
    "acceptUndo",
    "refuseUndo",
    "search",
    "reveal",
    "roll",
    "coin",
)
MAIN = (SOLDIER, BRUTE, RUNNER, DUELIST, HERO, BIG, PLAN, GADGET, HELMET, OFFICE)


def deck(cards=MAIN) -> SeatDeck:
    return SeatDeck(tuple(("main", cards[i % len(cards)]) for i in range(40)), (("activeLeader", LEADER),))


def dealt(seed: int = 7, cards=MAIN):
    return deal_table(get_ruleset("darkrow"), seed, (deck(cards), deck(cards)), mode="rules")


def play(state, seat: int, kind: str, **payload):
    return apply(state, Event(state.seq + 1, seat, kind, payload)).state


def refused(state, seat: int, kind: str, rule: str, code: str, **payload):
    before = state
    with pytest.raises(Refusal) as caught:
        apply(state, Event(state.seq + 1, seat, kind, payload))
    finding = caught.value.finding
    assert (finding.code, finding.params["rule"]) == (code, rule), finding
    assert state == before
    return finding


def zone(state, seat: int, key: str) -> list[str]:
    return [c.instance for c in state.seats[seat].zones[key]]


def started(seed: int = 7, cards=MAIN):
    """Past the coin toss (its winner plays first) and both mulligans: turn 1, the Ready step."""
    state = dealt(seed, cards)
    winner = state.start.coin_winner
    state = play(state, winner, "first", first=winner + 1)
    state = play(state, 0, "mulligan", cards=[])
    return play(state, 1, "mulligan", cards=[])


def to_step(state, key: str):
    while state.spec.steps[state.step].key != key:
        state = play(state, state.active, "step")
    return state


def next_turn(state):
    """The other seat's turn, at its free play."""
    return to_step(play(state, state.active, "endTurn"), "play")


def fetch(state, seat: int, wanted: CardData, to: str = "hand", tapped: bool = False):
    """The state with a card of ``wanted`` moved from the seat's deck (or discard) to ``to``; its instance."""
    current = state.seats[seat]
    zones = {k: list(v) for k, v in current.zones.items()}
    for source in ("deck", "discard"):
        found = next((c for c in zones[source] if state.card(c.instance) == wanted), None)
        if found is not None:
            break
    assert found is not None
    zones[source].remove(found)
    zones[to].append(evolve(found, tapped=tapped))
    state = state.with_seat(seat, evolve(current, zones=frozen({k: tuple(v) for k, v in zones.items()})))
    return state, found.instance


def indices(state, seat: int, ready: int):
    current = state.seats[seat]
    counters = dict(current.counters)
    counters["indices"] = max(counters["indices"], ready)
    counters["indicesReady"] = ready
    return state.with_seat(seat, evolve(current, counters=frozen(counters)))


def offered(state, seat: int, kind: str) -> list[dict]:
    return [p for m, p in intents(state, seat) if m.kind == kind]


# --- setup and turn -----------------------------------------------------------------------------------
def test_coin_toss_mulligan_life_and_the_first_turn_s_indices():
    state = dealt()
    winner = state.start.coin_winner
    # "Pile ou face avant mulligan ; le gagnant choisit premier/second."
    assert {m.kind for m, _p in intents(state, winner)} == {"first", "mulligan", "concede", "roll", "coin"}
    refused(state, 1 - winner, "first", "table.not-coin-winner", "TABLE_NOT_COIN_WINNER", first=1)
    state = started()
    seat = state.active
    assert state.phase == "playing" and seat == state.first == state.start.coin_winner
    for s in (0, 1):  # "Puis les 5 cartes suivantes deviennent Life face cachée"
        assert len(zone(state, s, "life")) == 5 and len(zone(state, s, "hand")) == 5
    state = to_step(state, "play")
    # "Premier joueur : maximum Indices 1,3,5..."; "Premier joueur : aucune pioche ... au tout premier tour"
    assert state.seats[seat].counters["indicesReady"] == 1 and len(zone(state, seat, "hand")) == 5
    state = next_turn(state)
    assert state.seats[1 - seat].counters["indicesReady"] == 2 and len(zone(state, 1 - seat, "hand")) == 6


def test_no_draw_move_and_a_mandatory_draw_from_an_empty_deck_loses():
    state = to_step(started(), "play")
    seat = state.active
    refused(state, seat, "draw", "darkrow.moves", "TABLE_MOVE_NOT_ALLOWED", count=1)
    refused(state, seat, "counter", "darkrow.moves", "TABLE_MOVE_NOT_ALLOWED", key="indicesReady", value=10)
    other = 1 - seat
    current = state.seats[other]
    zones = dict(current.zones)
    zones["deck"] = ()
    state = state.with_seat(other, evolve(current, zones=frozen(zones)))
    # "Deck Out uniquement si une pioche obligatoire est impossible, pas au simple passage à zéro carte."
    state = play(state, seat, "endTurn")
    assert state.phase == "playing"
    state = to_step(state, "draw")
    assert state.phase == "finished" and state.result == (seat, "DECK_OUT")
    assert intents(state, 0) == [] and intents(state, 1) == []


# --- deployment -------------------------------------------------------------------------------------
def test_deploy_pays_the_printed_cost_in_ready_indices_and_enters_ready_with_summoning_sickness():
    state = started()
    seat = state.active
    state, big = fetch(state, seat, BIG)
    state, soldier = fetch(state, seat, SOLDIER)
    state = to_step(state, "play")
    # "Le déploiement normal paie le coût imprimé en Indices READY"
    finding = refused(state, seat, "deploy", "darkrow.pay-indices", "TABLE_NOT_ENOUGH_INDICES", instance=big)
    assert finding.params["cost"] == 5 and finding.params["ready"] == 1
    assert {"instance": big} not in offered(state, seat, "deploy")
    assert {"instance": soldier} in offered(state, seat, "deploy")
    state = play(state, seat, "deploy", instance=soldier)
    assert zone(state, seat, "units") == [soldier] and state.seats[seat].counters["indicesReady"] == 0
    assert not state.seats[seat].zones["units"][0].tapped  # "L'entrée normale est READY"
    assert card_stats(state, soldier, "units") == {"atk": 2, "pv": 3, "damage": 0, "sick": True}


def test_deploy_only_in_free_play_from_hand_and_only_fighters_and_places():
    state = started()
    seat = state.active
    state, soldier = fetch(state, seat, SOLDIER)
    state, plan = fetch(state, seat, PLAN)
    refused(state, seat, "deploy", "darkrow.free-play", "TABLE_WRONG_STEP", instance=soldier)
    assert offered(state, seat, "deploy") == []
    state = to_step(state, "play")
    assert {"instance": soldier} in offered(state, seat, "deploy")
    assert offered(state, 1 - seat, "deploy") == []
    refused(state, 1 - seat, "deploy", "table.not-your-turn", "TABLE_NOT_YOUR_TURN", instance=soldier)
    refused(state, seat, "deploy", "darkrow.deploy-type", "TABLE_CARD_TYPE", instance=plan)
    refused(
        state,
        seat,
        "deploy",
        "table.not-your-card",
        "TABLE_NOT_YOUR_CARD",
        instance="b1" if seat == 0 else "a1",
    )


def test_the_cost_rule_proportional_rounded_up_then_fixed_minimum_zero():
    # "5/2 = 2,5 → 3 → réduction de 1 = 2 ; 6/2 puis -1 = 2."
    from fractions import Fraction

    assert cost_of(5, Fraction(1, 2), -1) == 2 and cost_of(6, Fraction(1, 2), -1) == 2
    assert cost_of(1, None, -3) == 0 and cost_of(4, None, 0) == 4
    state = started()
    seat = state.active
    state, big = fetch(state, seat, BIG)
    state = indices(to_step(state, "play"), seat, 2)
    refused(
        state, seat, "deploy", "darkrow.pay-indices", "TABLE_NOT_ENOUGH_INDICES", instance=big, factor="1/2"
    )
    after = play(state, seat, "deploy", instance=big, factor="1/2", amount=-1)
    assert zone(after, seat, "units") == [big] and after.seats[seat].counters["indicesReady"] == 0
    with pytest.raises(Refusal) as caught:
        apply(state, Event(state.seq + 1, seat, "deploy", {"instance": big, "factor": "half"}))
    assert caught.value.finding.code == "TABLE_EVENT_INVALID"


def test_a_card_without_a_printed_cost_is_not_played_by_the_rules():
    state = started(cards=(BARE, SOLDIER))
    seat = state.active
    state, bare = fetch(state, seat, BARE)
    state = to_step(state, "play")
    refused(state, seat, "deploy", "darkrow.printed-cost", "TABLE_CARD_INCOMPLETE", instance=bare)


def test_six_unit_slots_and_one_place_replaced_to_the_discard():
    state = started()
    seat = state.active
    for unit in (SOLDIER, SOLDIER, SOLDIER, BRUTE, BRUTE, BRUTE):
        state, _unit = fetch(state, seat, unit, to="units")
    state, soldier = fetch(state, seat, SOLDIER)
    state, office = fetch(state, seat, OFFICE)
    state = indices(to_step(state, "play"), seat, 5)
    refused(state, seat, "deploy", "darkrow.unit-slots", "TABLE_ZONE_FULL", instance=soldier)
    state = play(state, seat, "deploy", instance=office)
    state, second = fetch(state, seat, OFFICE)
    # "un nouveau Lieu remplace son propre ancien Lieu, envoyé à la défausse"
    state = play(state, seat, "deploy", instance=second)
    assert zone(state, seat, "place") == [second] and office in zone(state, seat, "discard")


# --- Actions and Objects ---------------------------------------------------------------------------
def test_one_action_card_in_one_s_own_turn_and_one_in_the_opponent_s():
    state = to_step(started(), "play")
    seat = state.active
    state, plan = fetch(state, seat, PLAN)
    state, again = fetch(state, seat, PLAN)
    state, theirs = fetch(state, 1 - seat, PLAN)
    state, theirs_again = fetch(state, 1 - seat, PLAN)
    state = play(state, seat, "play", instance=plan)
    assert plan in zone(state, seat, "discard")  # played, then to the discard
    refused(state, seat, "play", "darkrow.action-quota", "TABLE_ACTION_QUOTA", instance=again)
    # The opponent plays one in the active player's turn (in response), once.
    assert {"instance": theirs} in offered(state, 1 - seat, "play")
    state = play(state, 1 - seat, "play", instance=theirs)
    refused(state, 1 - seat, "play", "darkrow.action-quota", "TABLE_ACTION_QUOTA", instance=theirs_again)
    state = next_turn(state)
    state = play(state, 1 - seat, "play", instance=theirs_again)  # its own turn: a new quota
    assert state.turn_state["actions"] == (1 - seat,)


def test_objects_are_played_in_one_s_own_free_play_to_the_discard_an_equipment_is_attached():
    state = to_step(started(), "play")
    seat = state.active
    state, gadget = fetch(state, seat, GADGET)
    state, helmet = fetch(state, seat, HELMET)
    state, theirs = fetch(state, 1 - seat, GADGET)
    state = indices(state, 1 - seat, 3)
    refused(state, 1 - seat, "play", "table.not-your-turn", "TABLE_NOT_YOUR_TURN", instance=theirs)
    refused(state, seat, "play", "darkrow.equipment", "TABLE_CARD_TYPE", instance=helmet)
    # Offered in its owner's free play only.
    assert {"instance": gadget} in offered(state, seat, "play")
    assert {"instance": theirs} not in offered(state, 1 - seat, "play")
    state = play(state, seat, "play", instance=gadget)
    assert gadget in zone(state, seat, "discard") and state.seats[seat].counters["indicesReady"] == 0


# --- attacks ----------------------------------------------------------------------------------------
def test_no_attack_in_the_first_player_s_first_turn_even_with_rush():
    state = started()
    seat = state.active
    state, runner = fetch(state, seat, RUNNER)
    state = to_step(state, "play")
    state = play(state, seat, "deploy", instance=runner)
    leader = zone(state, 1 - seat, "leader")[0]
    refused(
        state,
        seat,
        "attack",
        "darkrow.first-turn-no-attack",
        "TABLE_FIRST_TURN_NO_ATTACK",
        instance=runner,
        target=leader,
    )
    assert offered(state, seat, "attack") == []


def test_summoning_sickness_unless_rush_and_an_attack_exhausts_the_attacker():
    state = next_turn(to_step(started(), "play"))
    seat = state.active
    state = indices(state, seat, 5)
    state, soldier = fetch(state, seat, SOLDIER)
    state, runner = fetch(state, seat, RUNNER)
    state = play(play(state, seat, "deploy", instance=soldier), seat, "deploy", instance=runner)
    leader = zone(state, 1 - seat, "leader")[0]
    # "READY/EXHAUSTED séparés du mal d'invocation ... Rush l'ignore"
    refused(
        state,
        seat,
        "attack",
        "darkrow.summoning-sickness",
        "TABLE_SUMMONING_SICK",
        instance=soldier,
        target=leader,
    )
    assert offered(state, seat, "attack") == [{"instance": runner, "target": leader}]
    state = play(state, seat, "attack", instance=runner, target=leader)
    assert state.seats[seat].zones["units"][1].tapped  # "Déclaration d'attaque épuise l'unité"
    refused(
        state, seat, "attack", "darkrow.attacker-ready", "TABLE_NOT_READY", instance=runner, target=leader
    )
    # Readied (an effect, by hand): it attacks again ("Pas de limite cachée d'une attaque par tour").
    state = play(state, seat, "ready", instance=runner)
    assert {"instance": runner, "target": leader} in offered(state, seat, "attack")


def test_the_leader_never_attacks():
    state = next_turn(to_step(started(), "play"))
    seat = state.active
    mine, theirs = zone(state, seat, "leader")[0], zone(state, 1 - seat, "leader")[0]
    refused(state, seat, "attack", "darkrow.attacker", "TABLE_UNKNOWN_CARD", instance=mine, target=theirs)


def test_attack_targets_hotfix_0_9_3_the_leader_always_an_exhausted_unit_never_a_ready_one():
    state = next_turn(to_step(started(), "play"))
    seat = state.active
    state, soldier = fetch(state, seat, SOLDIER, to="units")
    state, ready = fetch(state, 1 - seat, SOLDIER, to="units")
    state, tired = fetch(state, 1 - seat, BRUTE, to="units", tapped=True)
    leader = zone(state, 1 - seat, "leader")[0]
    refused(
        state, seat, "attack", "darkrow.attack-target", "TABLE_ATTACK_TARGET", instance=soldier, target=ready
    )
    targets = {p["target"] for p in offered(state, seat, "attack")}
    assert targets == {leader, tired}


def test_combat_damage_is_simultaneous_persists_and_destroys_at_once():
    state = next_turn(to_step(started(), "play"))
    seat = state.active
    state, soldier = fetch(state, seat, SOLDIER, to="units")  # 2/3
    state, brute = fetch(state, 1 - seat, BRUTE, to="units", tapped=True)  # 3/2
    state = play(state, seat, "attack", instance=soldier, target=brute)
    # Both strike: the Brute (2 damage >= 2 PV) is destroyed, the Soldier keeps 3 damage... of 3 PV.
    assert brute in zone(state, 1 - seat, "discard")
    assert soldier in zone(state, seat, "discard")  # 3 damage >= 3 PV: destroyed too
    assert state.game_state.get("damage", {}) == {}


def test_damage_persists_on_a_surviving_unit_and_shows_in_the_view():
    state = next_turn(to_step(started(), "play"))
    seat = state.active
    state, soldier = fetch(state, seat, SOLDIER, to="units")  # 2/3
    state, runner = fetch(state, 1 - seat, RUNNER, to="units", tapped=True)  # 1/1
    state = play(state, seat, "attack", instance=soldier, target=runner)
    assert runner in zone(state, 1 - seat, "discard") and zone(state, seat, "units") == [soldier]
    assert card_stats(state, soldier, "units")["damage"] == 1
    view = table_view(state, frozenset({1 - seat}))
    units = next(z for z in view["seats"][seat]["zones"] if z["key"] == "units")
    assert units["cards"][0]["atk"] == 2 and units["cards"][0]["pv"] == 3 and units["cards"][0]["damage"] == 1


def test_initiative_strikes_first_and_a_destroyed_defender_does_not_strike_back():
    state = next_turn(to_step(started(), "play"))
    seat = state.active
    state, duelist = fetch(state, seat, DUELIST, to="units")  # 3/2, Initiative
    state, brute = fetch(state, 1 - seat, BRUTE, to="units", tapped=True)  # 3/2
    state = play(state, seat, "attack", instance=duelist, target=brute)
    assert brute in zone(state, 1 - seat, "discard") and zone(state, seat, "units") == [duelist]
    assert card_stats(state, duelist, "units")["damage"] == 0


def test_a_destroyed_legendary_is_banished():
    state = next_turn(to_step(started(), "play"))
    seat = state.active
    state, soldier = fetch(state, seat, SOLDIER, to="units")
    state, hero = fetch(state, 1 - seat, HERO, to="units", tapped=True)  # 3/1
    state = play(state, seat, "attack", instance=soldier, target=hero)
    assert zone(state, 1 - seat, "banished") == [hero] and hero not in zone(state, 1 - seat, "discard")


def test_an_unblocked_leader_attack_takes_exactly_one_life_into_the_hand():
    state = next_turn(to_step(started(), "play"))
    seat = state.active
    state, big = fetch(state, seat, BIG, to="units")
    leader = zone(state, 1 - seat, "leader")[0]
    life = zone(state, 1 - seat, "life")
    hand = len(zone(state, 1 - seat, "hand"))
    # No READY unit to block: "Sans bloqueur éligible, aucune décision vide n'est proposée."
    state = play(state, seat, "attack", instance=big, target=leader)
    assert zone(state, 1 - seat, "life") == life[:-1] and zone(state, 1 - seat, "hand")[-1] == life[-1]
    assert len(zone(state, 1 - seat, "hand")) == hand + 1 and "attack" not in state.game_state


def test_blocking_is_the_defender_s_choice_needs_a_ready_unit_and_exhausts_it():
    state = next_turn(to_step(started(), "play"))
    seat = state.active
    state, big = fetch(state, seat, BIG, to="units")  # 5/5
    state, soldier = fetch(state, seat, SOLDIER, to="units")
    state, blocker = fetch(state, 1 - seat, SOLDIER, to="units")  # 2/3
    state, tired = fetch(state, 1 - seat, BRUTE, to="units", tapped=True)
    leader = zone(state, 1 - seat, "leader")[0]
    life = zone(state, 1 - seat, "life")
    refused(state, 1 - seat, "block", "darkrow.block", "TABLE_NO_ATTACK", instance=blocker)
    state = play(state, seat, "attack", instance=big, target=leader)
    assert state.game_state["attack"] == {"attacker": big, "seat": seat}
    # The attacker waits for the defender's choice.
    refused(
        state, seat, "attack", "darkrow.block-choice", "TABLE_ATTACK_PENDING", instance=soldier, target=leader
    )
    refused(state, seat, "endTurn", "darkrow.block-choice", "TABLE_ATTACK_PENDING")
    assert {m.kind for m, _p in intents(state, seat)} <= {
        "concede",
        "play",
        "markDamage",
        "heal",
        "exhaust",
        "ready",
        "result",
        *FAIR,
    }
    assert offered(state, 1 - seat, "block") == [{"instance": blocker}] and offered(
        state, 1 - seat, "noBlock"
    ) == [{}]
    refused(state, 1 - seat, "block", "darkrow.block", "TABLE_NOT_READY", instance=tired)
    blocked = play(state, 1 - seat, "block", instance=blocker)
    # "Blocage : aucune Life perdue"; the blocker is exhausted and fights (2 ATK into the 5/5).
    assert zone(blocked, 1 - seat, "life") == life and blocker in zone(blocked, 1 - seat, "discard")
    assert card_stats(blocked, big, "units")["damage"] == 2 and "attack" not in {
        k for k, v in blocked.game_state.items() if v
    }
    through = play(state, 1 - seat, "noBlock")
    assert zone(through, 1 - seat, "life") == life[:-1]


def test_a_leader_attack_with_no_life_left_wins():
    state = next_turn(to_step(started(), "play"))
    seat = state.active
    state, runner = fetch(state, seat, RUNNER, to="units")
    current = state.seats[1 - seat]
    zones = dict(current.zones)
    zones["life"] = ()
    state = state.with_seat(1 - seat, evolve(current, zones=frozen(zones)))
    leader = zone(state, 1 - seat, "leader")[0]
    applied = apply(state, Event(state.seq + 1, seat, "attack", {"instance": runner, "target": leader}))
    # "une attaque réussie sans Life restante gagne": the engine ends the game.
    assert applied.state.phase == "finished" and applied.state.result == (seat, "NO_LIFE")
    assert ("result", {"winner": seat + 1, "reason": "NO_LIFE"}) in applied.did


# --- the end of the turn ------------------------------------------------------------------------------
def test_discard_by_choice_down_to_exactly_ten_at_the_end_of_the_turn():
    state = to_step(started(), "play")
    seat = state.active
    for extra in (SOLDIER, SOLDIER, BRUTE, BRUTE, RUNNER, RUNNER, DUELIST):
        state, _card = fetch(state, seat, extra)
    assert len(zone(state, seat, "hand")) == 12
    finding = refused(state, seat, "endTurn", "darkrow.hand-limit", "TABLE_HAND_LIMIT")
    assert finding.params["observed"] == 12
    first = zone(state, seat, "hand")[0]
    refused(state, seat, "discard", "darkrow.hand-limit", "TABLE_WRONG_STEP", instance=first)
    state = to_step(state, "end")
    assert len(offered(state, seat, "discard")) == 12 and offered(state, seat, "endTurn") == []
    state = play(state, seat, "discard", instance=first)
    state = play(state, seat, "discard", instance=zone(state, seat, "hand")[0])
    assert len(zone(state, seat, "hand")) == 10 and first in zone(state, seat, "discard")
    refused(
        state,
        seat,
        "discard",
        "darkrow.hand-limit",
        "TABLE_HAND_UNDER_LIMIT",
        instance=zone(state, seat, "hand")[0],
    )
    assert play(state, seat, "endTurn").active == 1 - seat


# --- an effect's outcome, applied by hand ------------------------------------------------------------
def test_manual_adjustments_damage_heal_exhaust_ready_and_modify_are_logged_moves():
    state = next_turn(to_step(started(), "play"))
    seat = state.active
    state, soldier = fetch(state, 1 - seat, SOLDIER, to="units")  # 2/3
    # Either player applies an effect's outcome to a unit of the field (e.g. "infliger 2").
    state = play(state, seat, "markDamage", instance=soldier, amount=2)
    assert card_stats(state, soldier, "units")["damage"] == 2
    refused(state, seat, "heal", "darkrow.heal", "TABLE_COUNTER_RANGE", instance=soldier, amount=3)
    state = play(state, 1 - seat, "heal", instance=soldier)
    assert card_stats(state, soldier, "units")["damage"] == 1
    state = play(state, seat, "exhaust", instance=soldier)
    refused(state, seat, "exhaust", "darkrow.manual-adjustment", "TABLE_NOT_READY", instance=soldier)
    state = play(state, 1 - seat, "ready", instance=soldier)
    refused(state, seat, "ready", "darkrow.manual-adjustment", "TABLE_NOT_EXHAUSTED", instance=soldier)
    state = play(state, seat, "modify", instance=soldier, atk=2, pv=1)
    assert card_stats(state, soldier, "units") == {"atk": 4, "pv": 4, "damage": 1, "sick": False}
    # "Le retrait d'un bonus PV entraîne immédiatement la vérification létale."
    state = play(state, seat, "modify", instance=soldier, pv=-3)
    assert soldier in zone(state, 1 - seat, "discard")
    hand = zone(state, seat, "hand")[0]
    refused(state, seat, "markDamage", "darkrow.manual-adjustment", "TABLE_UNKNOWN_CARD", instance=hand)


def test_free_moves_are_not_the_rules_and_free_tables_stay_free():
    state = to_step(started(), "play")
    seat = state.active
    for kind, payload in (("move", {"from": "deck", "to": "hand"}), ("tap", {"instance": "a1"})):
        refused(state, seat, kind, "darkrow.moves", "TABLE_MOVE_NOT_ALLOWED", **payload)
    free = deal_table(get_ruleset("darkrow"), 7, (deck(), deck()), mode="free")
    assert free.start.mode == "free"
    assert get_ruleset("darkrow").table_mode(None) == "rules"


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_random_offered_intents_play_whole_games_to_the_end(seed, choices):
    # A whole game is some 500 choices: drawn from one seeded generator (hypothesis's own stream would
    # overrun, and its shrinking towards the first choice plays the manual adjustments for ever).
    rnd = random.Random(choices)
    start = dealt(seed)
    state = start
    events = []
    for _ in range(4000):
        offered_now = {seat: intents(state, seat) for seat in (0, 1)}
        if state.phase == "finished":
            assert offered_now == {0: [], 1: []}
            break
        for seat in (0, 1):
            # An intent names no card its seat may not see: its hand, or a card of the field.
            seen = {c.instance for c in state.seats[seat].zones["hand"]}
            seen |= {
                c.instance
                for s in (0, 1)
                for key in ("leader", "units", "place")
                for c in state.seats[s].zones[key]
            }
            for _m, p in offered_now[seat]:
                named = [p[k] for k in ("instance", "target") if k in p] + list(p.get("cards", []))
                assert set(named) <= seen, (p, "names a card its seat may not see")
        playable = {s: [(m, p) for m, p in offered_now[s] if m.kind != "concede"] for s in (0, 1)}
        assert playable[0] or playable[1], "an unfinished table left both seats without intents"
        # A kind first (the manual adjustments rarely), then one of its payloads.
        seat = rnd.choice([s for s in (0, 1) if playable[s]])
        kinds = sorted({m.kind for m, _p in playable[seat]} - {"result"})  # a claim ends it otherwise
        manual = ("markDamage", "heal", "exhaust", "ready", "unequip", *FAIR)
        game_kinds = [k for k in kinds if k not in manual] or kinds
        # The fair moves (undo, search, reveal, die, coin) now and then.
        kind = rnd.choice(kinds if rnd.random() < 0.05 else game_kinds)
        move, payload = rnd.choice([(m, p) for m, p in playable[seat] if m.kind == kind])
        event = Event(state.seq + 1, seat, move.kind, payload)
        state = apply(state, event).state  # never refused
        events.append(event)
    assert state.phase == "finished" and state.result[1] in ("NO_LIFE", "DECK_OUT"), state.result
    assert replay(start, events) == state


def test_an_action_played_to_the_discard_counts_as_played():
    from rules.playstats import table_facts

    base = started()
    seat = base.active
    base, plan = fetch(base, seat, PLAN)
    state, events = base, []
    for kind, payload in (("step", {}), ("step", {}), ("step", {}), ("play", {"instance": plan})):
        events.append(Event(state.seq + 1, seat, kind, payload))
        state = apply(state, events[-1]).state
    assert plan in zone(state, seat, "discard")
    facts = table_facts(base, events, format="standard", day="2026-12-06", decks=("a", "b"))
    assert facts.seats[seat].cards[("DR-Plan", 1)].played
    assert not facts.seats[seat].cards[("DR-Soldier", 1)].played
