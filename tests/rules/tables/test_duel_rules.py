"""Duel's table in rules mode (seed 004): each rule, a legal case accepted and an illegal one refused
with its code, its rule, and nothing changed (rules/games/duel/moves.py); the table options (the
seed's points still under discussion), off by default; whole games played by offered intents."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import CardData, get_ruleset
from rules.games.duel.moves import OPTION_KEYS, card_view, game_view, tributes_for
from rules.tables import Event, Refusal, SeatDeck, apply, deal_table, intents, replay
from rules.tables.moves import with_game_state
from rules.tables.state import evolve, frozen
from rules.tables.views import table_view, visible


def card(name: str, type_: str, **fields) -> CardData:
    return CardData(
        game="duel",
        name=name,
        type=type_,
        stable_id=f"DU-{name}",
        fields=fields,
        status="VALIDATED",
        version=1,
    )


SQUIRE = card("Squire", "MONSTER", level=4, atk=1500, **{"def": 1000})
IMP = card("Imp", "MONSTER", level=2, atk=600, **{"def": 300})
KNIGHT = card("Knight", "MONSTER", level=5, atk=1800, **{"def": 1400})
DRAGON = card("Dragon", "MONSTER", level=7, atk=2500, **{"def": 2000})
WALL = card("Wall", "MONSTER", level=3, atk=0, **{"def": 2000})
GUARD = card("Guard", "MONSTER", level=4, atk=500, **{"def": 1500})
GOLEM = card("Golem", "MONSTER", level=3, atk=1000, monsterType="Machine", **{"def": 1200})
SPELL = card("Bolt", "SPELL")
TRAP = card("Pit", "TRAP")
SWORD = card("Sword", "EQUIPMENT")
SAGE = card("Sage", "CHARACTER")
SWAMP = card("Swamp", "TERRAIN")
MAIN = (SQUIRE, IMP, KNIGHT, DRAGON, WALL, GUARD, GOLEM, SPELL, TRAP, SWORD, SAGE, SWAMP)


def deck(cards=MAIN) -> SeatDeck:
    return SeatDeck(tuple(("main", cards[i % len(cards)]) for i in range(40)))


def dealt(seed: int = 7, cards=MAIN):
    return deal_table(get_ruleset("duel"), seed, (deck(cards), deck(cards)), mode="rules")


def play(state, seat: int, kind: str, **payload):
    return apply(state, Event(state.seq + 1, seat, kind, payload)).state


def applied(state, seat: int, kind: str, **payload):
    return apply(state, Event(state.seq + 1, seat, kind, payload))


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


def lying(state, seat: int, instance: str):
    return next(c for c in state.seats[seat].zones["monsters"] if c.instance == instance)


def to_step(state, key: str):
    while state.spec.steps[state.step].key != key:
        state = play(state, state.active, "step")
    return state


def next_turn(state, step: str = "main1"):
    return to_step(play(state, state.active, "endTurn"), step)


def fetch(state, seat: int, wanted: CardData, to: str = "hand", *, face_down=False, tapped=False):
    """The state with a card of ``wanted`` moved from the seat's deck to ``to`` (a monster there came
    on an earlier turn); its instance."""
    current = state.seats[seat]
    zones = {k: list(v) for k, v in current.zones.items()}
    sources = ("deck",) if to == "hand" else ("deck", "hand")
    source = next(k for k in sources if any(state.card(c.instance) == wanted for c in zones[k]))
    found = next(c for c in zones[source] if state.card(c.instance) == wanted)
    zones[source].remove(found)
    zones[to].append(evolve(found, face_down=face_down, tapped=tapped))
    state = state.with_seat(seat, evolve(current, zones=frozen({k: tuple(v) for k, v in zones.items()})))
    if to == "monsters":
        state = with_game_state(
            state, arrived=frozen({**state.game_state.get("arrived", {}), found.instance: 0})
        )
    if to == "supports" and wanted.type == "TRAP":
        state = with_game_state(state, setOn=frozen({**state.game_state.get("setOn", {}), found.instance: 0}))
    return state, found.instance


def lp(state, seat: int) -> int:
    return state.seats[seat].counters["lp"]


def offered(state, seat: int, kind: str) -> list[dict]:
    return [p for m, p in intents(state, seat) if m.kind == kind]


@pytest.fixture
def game():
    """Turn 2 (the second player's first), at its main phase: both may attack from now on."""
    state = next_turn(to_step(dealt(), "main1"))
    assert state.turn == 2
    return state


# --- the turn ----------------------------------------------------------------------------------------
def test_the_setup_and_the_draw_skipped_on_the_very_first_turn_only():
    state = dealt()
    first = state.active
    # "Chaque invocateur commence avec 6 000 PV, un deck de 40 cartes et 5 cartes en main."
    assert [lp(state, s) for s in (0, 1)] == [6000, 6000]
    assert [len(zone(state, s, "hand")) for s in (0, 1)] == [5, 5]
    assert state.spec.steps[state.step].key == "draw" and state.turn == 1
    state = play(state, first, "endTurn")
    # "Au début de votre tour, vous piochez une carte (sauf le tout premier tour de la partie)."
    assert len(zone(state, 1 - first, "hand")) == 6 and len(zone(state, first, "hand")) == 5
    state = play(state, state.active, "endTurn")
    assert len(zone(state, first, "hand")) == 6
    assert [s.key for s in state.spec.steps] == ["draw", "main1", "battle", "main2"]


def test_an_impossible_draw_at_the_start_of_a_turn_loses():
    state = dealt()
    other = 1 - state.active
    current = state.seats[other]
    state = state.with_seat(other, evolve(current, zones=frozen({**current.zones, "deck": ()})))
    state = play(state, state.active, "endTurn")
    assert state.phase == "finished" and state.result == (1 - other, "DECK_OUT")


# --- the normal summon ------------------------------------------------------------------------------------
def test_one_normal_summon_a_turn_in_a_main_phase(game):
    seat = game.active
    state, squire = fetch(game, seat, SQUIRE)
    state, imp = fetch(state, seat, IMP)
    draw_step = evolve(state, step=0)
    refused(
        draw_step, seat, "summon", "duel.main-phase", "TABLE_WRONG_STEP", instance=squire, position="attack"
    )
    refused(
        to_step(state, "battle"),
        seat,
        "summon",
        "duel.main-phase",
        "TABLE_WRONG_STEP",
        instance=squire,
        position="attack",
    )
    refused(
        state,
        1 - seat,
        "summon",
        "table.not-your-turn",
        "TABLE_NOT_YOUR_TURN",
        instance=squire,
        position="attack",
    )
    state = play(state, seat, "summon", instance=squire, position="attack", to="monsters")
    assert zone(state, seat, "monsters") == [squire]
    assert not lying(state, seat, squire).face_down and not lying(state, seat, squire).tapped
    # "Une seule invocation normale par tour"
    refused(
        state, seat, "summon", "duel.normal-summon-once", "TABLE_ONCE_A_TURN", instance=imp, position="attack"
    )
    refused(
        to_step(state, "main2"),
        seat,
        "summon",
        "duel.normal-summon-once",
        "TABLE_ONCE_A_TURN",
        instance=imp,
        position="attack",
    )
    # The next turn of the same duelist: a new normal summon, in its main phase 2 too.
    state = to_step(next_turn(next_turn(state)), "main2")
    state = play(state, seat, "summon", instance=imp, position="attack")
    assert imp in zone(state, seat, "monsters")


def test_a_summon_takes_a_monster_of_the_hand_face_up_in_attack_or_face_down_in_defence(game):
    seat = game.active
    state, spell = fetch(game, seat, SPELL)
    state, squire = fetch(state, seat, SQUIRE)
    refused(
        state,
        seat,
        "summon",
        "duel.summon-monster",
        "TABLE_DUEL_CARD_TYPE",
        instance=spell,
        position="attack",
    )
    refused(
        state,
        seat,
        "summon",
        "duel.summon-position",
        "TABLE_DUEL_POSITION",
        instance=squire,
        position="sideways",
    )
    refused(
        state,
        seat,
        "summon",
        "duel.monster-zones",
        "TABLE_UNKNOWN_ZONE",
        instance=squire,
        position="attack",
        to="supports",
    )
    deck_card = zone(state, seat, "deck")[0]
    refused(
        state, seat, "summon", "table.card-hidden", "TABLE_CARD_HIDDEN", instance=deck_card, position="attack"
    )
    state = play(state, seat, "summon", instance=squire, position="defence")
    set_card = lying(state, seat, squire)
    assert set_card.face_down and set_card.tapped
    # The other duelist sees a face-down card in defence, not which.
    seen = table_view(state, frozenset({1 - seat}))["seats"][seat]["zones"]
    monsters = next(z for z in seen if z["key"] == "monsters")
    assert monsters["cards"] == [{"faceDown": True, "tapped": True}]


@pytest.mark.parametrize(("stars", "tributes"), [(1, 0), (4, 0), (5, 1), (6, 1), (7, 2), (8, 2)])
def test_the_tributes_a_level_asks(stars, tributes):
    assert tributes_for(stars) == tributes


def test_levels_5_and_6_tribute_one_monster_7_and_8_two(game):
    seat = game.active
    state, knight = fetch(game, seat, KNIGHT)
    state, dragon = fetch(state, seat, DRAGON)
    state, imp = fetch(state, seat, IMP, "monsters")
    state, wall = fetch(state, seat, WALL, "monsters", face_down=True, tapped=True)
    finding = refused(
        state,
        seat,
        "summon",
        "duel.summon-tributes",
        "TABLE_DUEL_TRIBUTES",
        instance=knight,
        position="attack",
    )
    assert (finding.params["level"], finding.params["expected"], finding.params["observed"]) == (5, 1, 0)
    refused(
        state,
        seat,
        "summon",
        "duel.summon-tributes",
        "TABLE_DUEL_TRIBUTES",
        instance=knight,
        position="attack",
        tributes=[imp, wall],
    )
    refused(
        state,
        seat,
        "summon",
        "duel.summon-tributes",
        "TABLE_DUEL_TRIBUTES",
        instance=dragon,
        position="attack",
        tributes=[imp],
    )
    # A tribute is one of one's own monsters of the field, once.
    refused(
        state,
        seat,
        "summon",
        "duel.summon-tributes",
        "TABLE_DUEL_TRIBUTES",
        instance=dragon,
        position="attack",
        tributes=[imp, imp],
    )
    five = play(state, seat, "summon", instance=knight, position="attack", tributes=[wall])
    assert zone(five, seat, "monsters") == [imp, knight] and wall in zone(five, seat, "discard")
    seven = play(state, seat, "summon", instance=dragon, position="defence", tributes=[imp, wall])
    assert zone(seven, seat, "monsters") == [dragon]
    assert {imp, wall} <= set(zone(seven, seat, "discard"))
    # The summons offered are the ones the rules allow: the dragon only with both tributes.
    dragons = [p for p in offered(state, seat, "summon") if p["instance"] == dragon]
    assert sorted(p["position"] for p in dragons) == ["attack", "defence"]
    assert all(sorted(p["tributes"]) == sorted([imp, wall]) for p in dragons)


def test_five_monster_zones_a_duelist(game):
    seat = game.active
    state = game
    for wanted in (SQUIRE, IMP, WALL, GOLEM, SQUIRE):
        state, _i = fetch(state, seat, wanted, "monsters")
    state, imp = fetch(state, seat, IMP)
    state, knight = fetch(state, seat, KNIGHT)
    refused(state, seat, "summon", "duel.monster-zones", "TABLE_ZONE_FULL", instance=imp, position="attack")
    # A tribute frees its zone.
    tribute = zone(state, seat, "monsters")[0]
    state = play(state, seat, "summon", instance=knight, position="attack", tributes=[tribute])
    assert len(zone(state, seat, "monsters")) == 5


# --- flip summon and positions ---------------------------------------------------------------------------
def test_a_face_down_monster_is_flipped_to_attack_from_the_next_turn(game):
    seat = game.active
    state, wall = fetch(game, seat, WALL)
    state = play(state, seat, "summon", instance=wall, position="defence")
    refused(state, seat, "flipSummon", "duel.flip-next-turn", "TABLE_DUEL_TOO_SOON", instance=wall)
    later = next_turn(next_turn(state))
    refused(evolve(later, step=2), seat, "flipSummon", "duel.main-phase", "TABLE_WRONG_STEP", instance=wall)
    flipped = applied(later, seat, "flipSummon", instance=wall)
    card = lying(flipped.state, seat, wall)
    assert not card.face_down and not card.tapped
    assert ("summonEffects", {}) not in flipped.did  # the option is off
    refused(flipped.state, seat, "flipSummon", "duel.flip-summon", "TABLE_DUEL_FACE_DOWN", instance=wall)
    # The flip is its position change of the turn.
    refused(flipped.state, seat, "position", "duel.position-once", "TABLE_ONCE_A_TURN", instance=wall)


def test_a_position_change_once_a_turn_not_on_its_summon_turn_nor_after_it_attacked(game):
    seat = game.active
    state, squire = fetch(game, seat, SQUIRE)
    state = play(state, seat, "summon", instance=squire, position="attack")
    refused(state, seat, "position", "duel.position-summon-turn", "TABLE_DUEL_SUMMON_TURN", instance=squire)
    later = next_turn(next_turn(state))
    changed = play(later, seat, "position", instance=squire)
    assert lying(changed, seat, squire).tapped
    refused(changed, seat, "position", "duel.position-once", "TABLE_ONCE_A_TURN", instance=squire)
    # After it attacked (a direct attack: the other duelist has no monster).
    battle = to_step(later, "battle")
    attacked = play(play(battle, seat, "attack", instance=squire), 1 - seat, "resolveAttack")
    refused(attacked, seat, "position", "duel.position-after-attack", "TABLE_DUEL_ATTACKED", instance=squire)
    state, wall = fetch(later, seat, WALL, "monsters", face_down=True, tapped=True)
    refused(state, seat, "position", "duel.flip-summon", "TABLE_DUEL_FACE_DOWN", instance=wall)
    refused(state, 1 - seat, "position", "table.not-your-turn", "TABLE_NOT_YOUR_TURN", instance=squire)


# --- battle ---------------------------------------------------------------------------------------------------
def test_the_first_player_does_not_attack_on_the_first_turn():
    state = dealt()
    seat = state.active
    state, squire = fetch(state, seat, SQUIRE, "monsters")
    refused(to_step(state, "main1"), seat, "attack", "duel.battle-phase", "TABLE_WRONG_STEP", instance=squire)
    battle = to_step(state, "battle")
    refused(
        battle,
        seat,
        "attack",
        "duel.first-turn-no-attack",
        "TABLE_DUEL_FIRST_TURN_NO_ATTACK",
        instance=squire,
    )
    assert offered(battle, seat, "attack") == []


def test_each_monster_in_attack_attacks_once(game):
    seat = game.active
    state, squire = fetch(game, seat, SQUIRE, "monsters")
    state, wall = fetch(state, seat, WALL, "monsters", tapped=True)
    state = to_step(state, "battle")
    refused(state, seat, "attack", "duel.attack-position", "TABLE_DUEL_ATTACKER", instance=wall)
    state = play(state, seat, "attack", instance=squire)
    # An attack waits for the defender: nothing else before it is answered.
    refused(state, seat, "endTurn", "duel.attack-resolves", "TABLE_DUEL_BATTLE_OPEN")
    refused(state, seat, "resolveAttack", "duel.attack-resolves", "TABLE_DUEL_NO_BATTLE")
    assert offered(state, 1 - seat, "resolveAttack") == [{}]
    state = play(state, 1 - seat, "resolveAttack")
    refused(state, seat, "attack", "duel.attack-once", "TABLE_ONCE_A_TURN", instance=squire)
    assert offered(state, seat, "attack") == []


def test_a_direct_attack_only_without_an_opposing_monster(game):
    seat = game.active
    state, squire = fetch(game, seat, SQUIRE, "monsters")
    battle = to_step(state, "battle")
    # "Sans monstre adverse, l'attaque touche directement l'invocateur."
    direct = play(play(battle, seat, "attack", instance=squire), 1 - seat, "resolveAttack")
    assert lp(direct, 1 - seat) == 6000 - 1500 and lp(direct, seat) == 6000
    state, _imp = fetch(battle, 1 - seat, IMP, "monsters")
    refused(state, seat, "attack", "duel.direct-attack", "TABLE_DUEL_DIRECT_ATTACK", instance=squire)
    refused(state, seat, "attack", "duel.attack-target", "TABLE_DUEL_TARGET", instance=squire, at=1)
    assert offered(state, seat, "attack") == [{"instance": squire, "at": 0}]


def battle_of(game, mine, theirs, *, face_down=False, tapped=False):
    seat = game.active
    state, attacker = fetch(game, seat, mine, "monsters")
    state, target = fetch(state, 1 - seat, theirs, "monsters", face_down=face_down, tapped=tapped)
    state = play(to_step(state, "battle"), seat, "attack", instance=attacker, at=0)
    return applied(state, 1 - seat, "resolveAttack"), seat, attacker, target


def test_atk_against_atk_the_weaker_is_destroyed_and_its_duelist_loses_the_difference(game):
    done, seat, squire, imp = battle_of(game, SQUIRE, IMP)
    assert imp in zone(done.state, 1 - seat, "discard") and squire in zone(done.state, seat, "monsters")
    assert lp(done.state, 1 - seat) == 6000 - (1500 - 600) and lp(done.state, seat) == 6000
    done, seat, imp, squire = battle_of(game, IMP, SQUIRE)
    assert imp in zone(done.state, seat, "discard") and squire in zone(done.state, 1 - seat, "monsters")
    assert lp(done.state, seat) == 6000 - 900 and lp(done.state, 1 - seat) == 6000


def test_atk_against_atk_a_tie_destroys_both(game):
    done, seat, mine, theirs = battle_of(game, SQUIRE, SQUIRE)
    assert mine in zone(done.state, seat, "discard") and theirs in zone(done.state, 1 - seat, "discard")
    assert lp(done.state, seat) == lp(done.state, 1 - seat) == 6000


def test_atk_against_def(game):
    # Higher: the defender is destroyed without damage.
    done, seat, squire, imp = battle_of(game, SQUIRE, IMP, tapped=True)
    assert imp in zone(done.state, 1 - seat, "discard")
    assert lp(done.state, 0) == lp(done.state, 1) == 6000
    # Lower: the attacker's duelist loses the difference; nobody is destroyed.
    done, seat, squire, wall = battle_of(game, SQUIRE, WALL, tapped=True)
    assert lp(done.state, seat) == 6000 - 500 and lp(done.state, 1 - seat) == 6000
    assert squire in zone(done.state, seat, "monsters") and wall in zone(done.state, 1 - seat, "monsters")
    # Equal: the seed says nothing more happens.
    done, seat, squire, guard = battle_of(game, SQUIRE, GUARD, tapped=True)
    assert lp(done.state, 0) == lp(done.state, 1) == 6000
    assert squire in zone(done.state, seat, "monsters") and guard in zone(done.state, 1 - seat, "monsters")


def test_a_face_down_monster_attacked_is_revealed_before_the_computation(game):
    done, seat, _squire, wall = battle_of(game, SQUIRE, WALL, face_down=True, tapped=True)
    card = lying(done.state, 1 - seat, wall)
    assert not card.face_down and card.tapped  # revealed, still in defence
    assert ("revealed", {}) in done.did
    assert lp(done.state, seat) == 6000 - 500


def test_zero_lp_loses(game):
    seat = game.active
    current = game.seats[1 - seat]
    state = game.with_seat(1 - seat, evolve(current, counters=frozen({"lp": 1000})))
    state, squire = fetch(state, seat, SQUIRE, "monsters")
    state = play(play(to_step(state, "battle"), seat, "attack", instance=squire), 1 - seat, "resolveAttack")
    assert lp(state, 1 - seat) == 0
    assert state.phase == "finished" and state.result == (seat, "LIFE_POINTS")
    assert intents(state, 0) == intents(state, 1) == []


# --- spells, traps, equipment, the character, the terrain ---------------------------------------------
def test_a_spell_is_played_from_the_hand_then_goes_to_the_graveyard(game):
    seat = game.active
    state, bolt = fetch(game, seat, SPELL)
    refused(to_step(state, "battle"), seat, "playSpell", "duel.main-phase", "TABLE_WRONG_STEP", instance=bolt)
    state, squire = fetch(state, seat, SQUIRE)
    refused(state, seat, "playSpell", "duel.spell", "TABLE_DUEL_CARD_TYPE", instance=squire)
    played = applied(state, seat, "playSpell", instance=bolt, to="discard")
    assert zone(played.state, seat, "discard")[-1] == bolt


def test_a_trap_is_set_face_down_and_used_from_the_next_turn(game):
    seat = game.active
    state, pit = fetch(game, seat, TRAP)
    state = play(state, seat, "setTrap", instance=pit, to="supports")
    assert state.seats[seat].zones["supports"][0].face_down
    refused(state, seat, "activateTrap", "duel.trap-next-turn", "TABLE_DUEL_TOO_SOON", instance=pit)
    # The other duelist's turn: its monster attacks; the trap answers, and its effect negates it.
    other = next_turn(state)
    other, squire = fetch(other, 1 - seat, SQUIRE, "monsters")
    attack = play(to_step(other, "battle"), 1 - seat, "attack", instance=squire)
    refused(attack, seat, "negateAttack", "duel.effects-by-hand", "TABLE_DUEL_NO_REACTION")
    answered = play(attack, seat, "activateTrap", instance=pit)
    assert not answered.seats[seat].zones["supports"][0].face_down
    negated = play(answered, seat, "negateAttack")
    assert lp(negated, seat) == 6000 and not negated.turn_state.get("battle")
    refused(negated, 1 - seat, "attack", "duel.attack-once", "TABLE_ONCE_A_TURN", instance=squire)
    other, sword = fetch(other, seat, SWORD, "supports")
    refused(other, seat, "activateTrap", "duel.trap-use", "TABLE_DUEL_CARD_TYPE", instance=sword)


def test_five_support_zones(game):
    seat = game.active
    state = game
    for wanted in (SWORD, SWORD, SPELL, SAGE, SWAMP):
        state, _i = fetch(state, seat, wanted, "supports")
    state, pit = fetch(state, seat, TRAP)
    refused(state, seat, "setTrap", "duel.support-zones", "TABLE_ZONE_FULL", instance=pit)


def test_equipment_one_per_monster_two_per_machine_destroyed_with_its_monster():
    game = next_turn(to_step(dealt(cards=(SQUIRE, GOLEM, SWORD, SWORD)), "main1"))
    seat = game.active
    state, squire = fetch(game, seat, SQUIRE, "monsters")
    state, golem = fetch(state, seat, GOLEM, "monsters")
    swords = []
    for _ in range(4):
        state, sword = fetch(state, seat, SWORD)
        swords.append(sword)
    refused(
        state, seat, "equip", "duel.equipment", "TABLE_DUEL_EQUIP_TARGET", instance=swords[0], on=swords[1]
    )
    state = play(state, seat, "equip", instance=swords[0], on=squire, to="supports")
    assert card_view(state, swords[0], "supports") == {"on": squire, "onName": "Squire"}
    refused(state, seat, "equip", "duel.equip-limit", "TABLE_DUEL_EQUIP_LIMIT", instance=swords[1], on=squire)
    state = play(
        play(state, seat, "equip", instance=swords[1], on=golem), seat, "equip", instance=swords[2], on=golem
    )
    finding = refused(
        state, seat, "equip", "duel.equip-limit", "TABLE_DUEL_EQUIP_LIMIT", instance=swords[3], on=golem
    )
    assert finding.params["limit"] == 2
    # "Détruits si le monstre quitte le terrain."
    state = play(state, seat, "toGraveyard", instance=golem)
    assert {golem, swords[1], swords[2]} <= set(zone(state, seat, "discard"))
    assert zone(state, seat, "supports") == [swords[0]]


def test_one_active_character_and_its_power_once_a_turn(game):
    seat = game.active
    state, sage = fetch(game, seat, SAGE)
    state, other = fetch(state, seat, SAGE)
    state = play(state, seat, "playCharacter", instance=sage, to="character")
    refused(state, seat, "playCharacter", "duel.one-character", "TABLE_ZONE_FULL", instance=other)
    state = play(state, seat, "usePower", instance=sage)
    refused(state, seat, "usePower", "duel.character-power", "TABLE_ONCE_A_TURN", instance=sage)
    # Once a turn: the other duelist's turn is another turn.
    assert offered(next_turn(state), seat, "usePower") == [{"instance": sage}]


def test_one_terrain_on_the_whole_board_a_new_one_replaces_the_old(game):
    seat = game.active
    state, mine = fetch(game, seat, SWAMP)
    state = play(state, seat, "playTerrain", instance=mine, to="terrain")
    assert [c.instance for _o, c in state.shared["terrain"]] == [mine]
    state = next_turn(state)
    state, theirs = fetch(state, 1 - seat, SWAMP)
    state = play(state, 1 - seat, "playTerrain", instance=theirs)
    assert [c.instance for _o, c in state.shared["terrain"]] == [theirs]
    assert mine in zone(state, seat, "discard")


def test_the_card_view_shows_atk_def_and_position_with_the_changes_recorded(game):
    seat = game.active
    state, squire = fetch(game, seat, SQUIRE, "monsters")
    assert card_view(state, squire, "monsters") == {
        "atk": 1500,
        "def": 1000,
        "level": 4,
        "position": "attack",
        "equips": 0,
    }
    state = play(state, seat, "modify", instance=squire, atk=500, **{"def": -1500})
    view = card_view(state, squire, "monsters")
    assert (view["atk"], view["def"]) == (2000, 0)
    hand = zone(state, seat, "hand")[0]
    refused(state, seat, "modify", "duel.effects-by-hand", "TABLE_DUEL_NOT_ON_FIELD", instance=hand, atk=1)


# --- the table options ---------------------------------------------------------------------------------------
def test_the_options_are_off_by_default_and_set_before_the_first_main_phase():
    state = dealt()
    assert game_view(state)["options"] == [{"key": key, "on": False} for key in OPTION_KEYS]
    assert table_view(state)["gameView"]["optionsOpen"] is True
    # Either duelist, before the first player's main phase.
    state = play(state, 1 - state.active, "option", key="lpCap", on=True)
    assert {o["key"]: o["on"] for o in game_view(state)["options"]}["lpCap"] is True
    refused(state, 0, "option", "duel.options", "TABLE_DUEL_OPTION", key="handLimit", on=True)
    later = play(state, state.active, "step")
    refused(later, 0, "option", "duel.options", "TABLE_DUEL_OPTION", key="lpCap", on=False)
    assert offered(later, 0, "option") == [] and table_view(later)["gameView"]["optionsOpen"] is False


def with_options(*keys):
    state = dealt()
    for key in keys:
        state = play(state, state.active, "option", key=key, on=True)
    return next_turn(to_step(state, "main1"))


def test_option_one_reaction_per_action():
    for on in (False, True):
        state = with_options("oneReaction") if on else with_options()
        seat = state.active
        state, pit = fetch(state, 1 - seat, TRAP, "supports", face_down=True)
        state, pit2 = fetch(state, 1 - seat, TRAP, "supports", face_down=True)
        state, squire = fetch(state, seat, SQUIRE, "monsters")
        state = play(
            play(to_step(state, "battle"), seat, "attack", instance=squire),
            1 - seat,
            "activateTrap",
            instance=pit,
        )
        if on:
            refused(
                state,
                1 - seat,
                "activateTrap",
                "duel.option-one-reaction",
                "TABLE_DUEL_ONE_REACTION",
                instance=pit2,
            )
            # The next action may be answered again.
            state = play(state, 1 - seat, "resolveAttack")
            state = play(state, 1 - seat, "activateTrap", instance=pit2)
        else:
            state = play(state, 1 - seat, "activateTrap", instance=pit2)
        assert not any(c.face_down for c in state.seats[1 - seat].zones["supports"])


def test_option_lp_cap():
    for on, expected in ((False, 7000), (True, 6000)):
        state = with_options("lpCap") if on else with_options()
        state = play(state, 0, "changeLp", player=1, amount=1000)
        assert lp(state, 0) == expected
        state = play(state, 0, "changeLp", player=2, amount=-2500)
        assert lp(state, 1) == 3500
        assert lp(play(state, 1, "changeLp", player=2, amount=4000), 1) == (7500 if not on else 6000)
    refused(state, 0, "changeLp", "duel.effects-by-hand", "TABLE_EVENT_INVALID", player=1, amount=0)


def test_option_flip_summon_triggers_summon_effects():
    state = with_options("flipSummonEffects")
    seat = state.active
    state, wall = fetch(state, seat, WALL, "monsters", face_down=True, tapped=True)
    flipped = applied(state, seat, "flipSummon", instance=wall)
    assert ("summonEffects", {}) in flipped.did


def test_option_a_draw_beyond_150_turns():
    for on in (False, True):
        state = with_options("drawAfter150") if on else with_options()
        state = evolve(state, turn=150)
        state = play(state, state.active, "endTurn")
        if on:
            assert state.phase == "finished" and state.result == (None, "TURN_LIMIT")
        else:
            assert state.phase == "playing" and state.turn == 151


def test_option_no_hand_limit_changes_nothing_the_seed_sets_no_limit():
    for on in (False, True):
        state = with_options("noHandLimit") if on else with_options()
        current = state.seats[state.active]
        many = current.zones["hand"] + current.zones["deck"][:20]
        state = state.with_seat(state.active, evolve(current, zones=frozen({**current.zones, "hand": many})))
        assert play(state, state.active, "endTurn").turn == 3


# --- whole games -----------------------------------------------------------------------------------------------
HAND_ADJUSTMENTS = ("toGraveyard", "changeLp", "modify", "option", "usePower")
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


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_random_offered_intents_play_whole_games_to_the_end(seed, choices):
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
            # An intent names no card its seat may not see: its hand, its own field, a face-up card.
            seen = {
                c.instance
                for key in ("hand", "monsters", "supports", "character")
                for c in state.seats[seat].zones[key]
            }
            seen |= {c.instance for c in state.seats[1 - seat].zones["monsters"] if not c.face_down}
            seen |= {c.instance for _o, c in state.shared["terrain"]}
            for _m, p in offered_now[seat]:
                named = [p[k] for k in ("instance", "on") if isinstance(p.get(k), str)] + list(
                    p.get("tributes", [])
                )
                assert set(named) <= seen, (p, "names a card its seat may not see")
        playable = {s: [(m, p) for m, p in offered_now[s] if m.kind != "concede"] for s in (0, 1)}
        assert playable[0] or playable[1], "an unfinished table left both seats without intents"
        battle = state.turn_state.get("battle")
        # The defender answers an attack; else the seat to play.
        seat = (battle["seat"] % 2) if battle else state.active
        if not playable[seat]:
            seat = 1 - seat
        kinds = sorted({m.kind for m, _p in playable[seat]} - {"result"})
        game_kinds = [k for k in kinds if k not in (*HAND_ADJUSTMENTS, *FAIR)] or kinds
        kind = rnd.choice(kinds if rnd.random() < 0.05 else game_kinds)
        move, payload = rnd.choice([(m, p) for m, p in playable[seat] if m.kind == kind])
        event = Event(state.seq + 1, seat, move.kind, payload)
        state = apply(state, event).state  # never refused
        events.append(event)
    assert state.phase == "finished" and state.result[1] in ("LIFE_POINTS", "DECK_OUT", "TURN_LIMIT"), (
        state.result
    )
    assert replay(start, events) == state


def _sees(state, seat: int) -> set[str]:
    """The cards a seat may see now (rules.tables.views.visible), the shared terrain included."""
    seen = {
        card.instance
        for owner in (0, 1)
        for key, cards in state.seats[owner].zones.items()
        for card in cards
        if visible(state.spec, key, owner, card, frozenset({seat}))
    }
    return seen | {c.instance for _o, c in state.shared["terrain"]}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_random_offered_intents_always_apply_and_a_seat_always_has_one(data, seed):
    """Drawn by hypothesis one intent at a time (either seat, any kind): each offered intent is
    accepted as is, names only cards its seat sees, and an unfinished table leaves a seat a move."""
    start = dealt(seed)
    state = start
    events = []
    for _ in range(data.draw(st.integers(1, 120))):
        offered_now = {seat: intents(state, seat) for seat in (0, 1)}
        if state.phase == "finished":
            assert offered_now == {0: [], 1: []}
            break
        for seat in (0, 1):
            for _m, p in offered_now[seat]:
                named = {p[k] for k in ("instance", "on") if isinstance(p.get(k), str)} | set(
                    p.get("tributes", [])
                )
                assert named <= _sees(state, seat), (p, "names a card its seat may not see")
        playable = [s for s in (0, 1) if any(m.kind != "concede" for m, _p in offered_now[s])]
        assert playable, "an unfinished table left both seats without intents"
        seat = data.draw(st.sampled_from(playable))
        move, payload = data.draw(
            st.sampled_from([(m, p) for m, p in offered_now[seat] if m.kind != "concede"])
        )
        event = Event(state.seq + 1, seat, move.kind, payload)
        state = apply(state, event).state  # never refused
        events.append(event)
    assert replay(start, events) == state
