"""Darkrow's equipment in rules mode (seed 000, "Actions, Objets et équipements"): an EQUIPMENT Object
is attached to a unit of the field by ``equip`` (its cost paid like a deployment's), its declared
ATK/PV bonus counts only while it stays attached, and it goes to the discard when its unit leaves the
field. Each rule: a legal case accepted, an illegal one refused with its code, its rule, and nothing
changed (rules/games/darkrow/moves.py)."""

from __future__ import annotations

from rules import CardData
from rules.games.darkrow.moves import card_stats, effective_atk, effective_pv, equipped
from rules.tables import Event, apply, intents
from rules.tables.views import table_view

from .test_darkrow_rules import (
    BRUTE,
    GADGET,
    HELMET,
    HERO,
    SOLDIER,
    fetch,
    indices,
    next_turn,
    offered,
    play,
    refused,
    started,
    to_step,
    zone,
)


def bonus(effect_id: str, stat: str, amount: int, **more) -> dict:
    return {
        "effectId": effect_id,
        "kind": "passive",
        "timing": "CONTINUOUS",
        "actions": [{"do": "MODIFY_STAT", "stat": stat, "amount": amount, "target": "EQUIPPED_UNIT", **more}],
        "duration": "WHILE_ATTACHED",
    }


def equipment(name: str, cost: int | None, *effects: dict, text: str = "") -> CardData:
    fields = {"behavior": "EQUIPMENT"} if cost is None else {"cost": cost, "behavior": "EQUIPMENT"}
    return CardData(
        game="darkrow",
        name=name,
        type="OBJECT",
        stable_id=f"DR-{name}",
        text=text,
        fields=fields,
        effects=effects,
        status="VALIDATED",
        version=1,
    )


# Épée d'entraînement's shape: +2 ATK while attached; its unequip (2 damage) is an effect the table
# logs and does not execute.
SWORD = equipment(
    "Sword",
    2,
    bonus("Sword.atk", "ATK", 2),
    {
        "effectId": "Sword.unequip",
        "kind": "triggered",
        "timing": "ON_UNEQUIP",
        "actions": [{"do": "DEAL_DAMAGE", "amount": 2, "target": "EQUIPPED_UNIT"}],
    },
    text="Déséquiper → retirer immédiatement +2 ATK → infliger les 2 dégâts.",
)
VEST = equipment("Vest", 0, bonus("Vest.pv", "PV", 2))
# A bonus of another timing, or with a condition, is not what the table can apply: logged only.
CHARM = equipment(
    "Charm",
    0,
    {**bonus("Charm.attack", "ATK", 5), "timing": "ON_ATTACK"},
    {**bonus("Charm.cond", "PV", 5), "conditions": [{"check": "OWN_TURN"}]},
)
NOCOST = equipment("Nocost", None)
CARDS = (SOLDIER, BRUTE, HERO, GADGET, HELMET, SWORD, VEST, CHARM, NOCOST)


def at_play(cards=CARDS):
    """The second player's first turn, at its free play (attacks allowed)."""
    return next_turn(to_step(started(cards=cards), "play"))


def test_equip_attaches_an_equipment_to_a_unit_paying_its_cost_and_shows_on_both():
    state = at_play()
    seat = state.active
    state, soldier = fetch(state, seat, SOLDIER, to="units")  # 2/3
    state, sword = fetch(state, seat, SWORD)
    state = indices(state, seat, 2)
    assert {"instance": sword, "target": soldier} in offered(state, seat, "equip")
    applied = apply(state, Event(state.seq + 1, seat, "equip", {"instance": sword, "target": soldier}))
    after = applied.state
    # "Payer coûts/quota avant résolution": the printed cost in READY Indices, like a deployment.
    assert after.seats[seat].counters["indicesReady"] == 0
    # On the field beside its unit, attached to it; its declared +2 ATK counts while attached.
    assert zone(after, seat, "units") == [soldier, sword] and equipped(after) == {sword: soldier}
    assert effective_atk(after, soldier) == 4 and effective_pv(after, soldier) == 3
    assert (
        "equip",
        {"cost": 2, "atk": 2, "pv": 0, "applied": ["Sword.atk"], "logged": ["Sword.unequip"]},
    ) in (applied.did)
    stats = card_stats(after, soldier, "units")
    assert stats["atk"] == 4 and stats["equipment"] == [{"instance": sword, "name": "Sword"}]
    assert card_stats(after, sword, "units") == {"attachedTo": {"instance": soldier, "name": "Soldier"}}
    # The page's view of either seat: the unit shows its equipment.
    for viewers in (frozenset({seat}), frozenset({1 - seat})):
        seat_view = table_view(after, viewers)["seats"][seat]
        units = next(z for z in seat_view["zones"] if z["key"] == "units")
        shown = {c["instance"]: c for c in units["cards"]}
        assert shown[soldier]["equipment"][0]["name"] == "Sword"
        assert shown[sword]["attachedTo"]["instance"] == soldier


def test_the_cost_rule_applies_to_an_equipment_and_an_unpaid_one_changes_nothing():
    state = at_play()
    seat = state.active
    state, soldier = fetch(state, seat, SOLDIER, to="units")
    state, sword = fetch(state, seat, SWORD)
    state, nocost = fetch(state, seat, NOCOST)
    state = indices(state, seat, 1)
    refused(
        state,
        seat,
        "equip",
        "darkrow.pay-indices",
        "TABLE_NOT_ENOUGH_INDICES",
        instance=sword,
        target=soldier,
    )
    # "coût imprimé → modifications proportionnelles → arrondi supérieur → ... fixes": 2/2 = 1.
    after = play(state, seat, "equip", instance=sword, target=soldier, factor="1/2")
    assert after.seats[seat].counters["indicesReady"] == 0
    refused(
        state,
        seat,
        "equip",
        "darkrow.printed-cost",
        "TABLE_CARD_INCOMPLETE",
        instance=nocost,
        target=soldier,
    )


def test_equip_only_an_equipment_onto_a_unit_of_the_field_in_one_s_own_free_play():
    state = at_play()
    seat = state.active
    state, soldier = fetch(state, seat, SOLDIER, to="units")
    state, theirs = fetch(state, 1 - seat, BRUTE, to="units")
    state, helmet = fetch(state, seat, HELMET)
    state, gadget = fetch(state, seat, GADGET)
    state, other = fetch(state, 1 - seat, HELMET)
    state = indices(indices(state, seat, 3), 1 - seat, 3)
    leader = zone(state, seat, "leader")[0]
    # Not a unit: the Leader ("Le Leader ... ne possède pas d'ATK/PV"), a card of the hand.
    refused(
        state,
        seat,
        "equip",
        "darkrow.equipment-target",
        "TABLE_EQUIP_TARGET",
        instance=helmet,
        target=leader,
    )
    refused(
        state,
        seat,
        "equip",
        "darkrow.equipment-target",
        "TABLE_EQUIP_TARGET",
        instance=helmet,
        target=gadget,
    )
    # A consumable is played, not attached; an equipment is attached, not played to the discard.
    refused(state, seat, "equip", "darkrow.equipment", "TABLE_CARD_TYPE", instance=gadget, target=soldier)
    refused(state, seat, "play", "darkrow.equipment", "TABLE_CARD_TYPE", instance=helmet)
    # An Object in its controller's own free play only.
    refused(
        state,
        1 - seat,
        "equip",
        "table.not-your-turn",
        "TABLE_NOT_YOUR_TURN",
        instance=other,
        target=theirs,
    )
    assert offered(state, 1 - seat, "equip") == []
    # The seed does not say whose unit: an opposing unit is left free (the equipment stays its owner's).
    after = play(state, seat, "equip", instance=helmet, target=theirs)
    assert equipped(after) == {helmet: theirs} and helmet in zone(after, seat, "units")
    assert state.phase == "playing" and {p["target"] for p in offered(state, seat, "equip")} == {
        soldier,
        theirs,
    }


def test_a_unit_holds_any_number_of_equipments_and_they_take_no_unit_slot():
    state = at_play()
    seat = state.active
    units = []
    for unit in (SOLDIER, SOLDIER, BRUTE, BRUTE, HERO):
        state, one = fetch(state, seat, unit, to="units")
        units.append(one)
    state, helmet = fetch(state, seat, HELMET)
    state, vest = fetch(state, seat, VEST)
    state, last = fetch(state, seat, SOLDIER)
    state = indices(state, seat, 5)
    state = play(state, seat, "equip", instance=helmet, target=units[0])
    state = play(state, seat, "equip", instance=vest, target=units[0])  # the seed sets no limit
    assert equipped(state) == {helmet: units[0], vest: units[0]}
    assert zone(state, seat, "units")[:3] == [units[0], helmet, vest]
    # Five units and two equipments: the sixth Unit/Legendary slot is still free.
    state = play(state, seat, "deploy", instance=last)
    assert len([c for c in zone(state, seat, "units") if c not in (helmet, vest)]) == 6


def test_a_bonus_the_data_do_not_declare_as_attached_is_logged_not_executed():
    state = at_play()
    seat = state.active
    state, soldier = fetch(state, seat, SOLDIER, to="units")
    state, charm = fetch(state, seat, CHARM)
    applied = apply(state, Event(state.seq + 1, seat, "equip", {"instance": charm, "target": soldier}))
    assert effective_atk(applied.state, soldier) == 2 and effective_pv(applied.state, soldier) == 3
    assert (
        "equip",
        {"cost": 0, "atk": 0, "pv": 0, "applied": [], "logged": ["Charm.attack", "Charm.cond"]},
    ) in (applied.did)


def test_when_its_unit_leaves_the_field_the_equipment_goes_to_the_discard():
    state = at_play()
    seat = state.active
    state, brute = fetch(state, seat, BRUTE, to="units")  # 3/2
    state, vest = fetch(state, seat, VEST)
    state, target = fetch(state, 1 - seat, BRUTE, to="units", tapped=True)  # 3/2
    state = play(state, seat, "equip", instance=vest, target=brute)  # 3/4
    applied = apply(state, Event(state.seq + 1, seat, "attack", {"instance": brute, "target": target}))
    after = applied.state
    # The riposte (3 damage) does not destroy the 3/4; one more damage does.
    assert brute in zone(after, seat, "units") and target in zone(after, 1 - seat, "discard")
    after = play(after, 1 - seat, "markDamage", instance=brute, amount=1)  # 4 damage on 4 PV
    # "Lorsque l'unité quitte le terrain, ses équipements vont à la défausse sauf exception explicite."
    assert brute in zone(after, seat, "discard") and vest in zone(after, seat, "discard")
    assert equipped(after) == {} and vest not in zone(after, seat, "units")


def test_an_equipment_on_an_opposing_unit_goes_to_its_owner_s_discard():
    state = at_play()
    seat = state.active
    state, soldier = fetch(state, seat, SOLDIER, to="units")  # 2/3
    state, theirs = fetch(state, 1 - seat, HERO, to="units", tapped=True)  # a Legendary 3/1
    state, helmet = fetch(state, seat, HELMET)
    state = indices(state, seat, 1)
    state = play(state, seat, "equip", instance=helmet, target=theirs)
    state = play(state, seat, "attack", instance=soldier, target=theirs)
    # A destroyed Legendary is banished; its equipment goes to the discard of the equipment's owner.
    assert theirs in zone(state, 1 - seat, "banished") and helmet in zone(state, seat, "discard")
    assert equipped(state) == {}


def test_unequip_removes_the_bonus_at_once_and_the_lethal_check_follows():
    state = at_play()
    seat = state.active
    state, soldier = fetch(state, seat, SOLDIER, to="units")  # 2/3
    state, vest = fetch(state, seat, VEST)
    state, sword = fetch(state, seat, SWORD)
    state = indices(state, seat, 2)
    state = play(state, seat, "equip", instance=vest, target=soldier)  # 2/5
    state = play(state, seat, "equip", instance=sword, target=soldier)  # 4/5
    state = play(state, 1 - seat, "markDamage", instance=soldier, amount=3)
    refused(state, seat, "unequip", "darkrow.unequip", "TABLE_NOT_EQUIPPED", instance=soldier)
    # Épée: "déséquiper → retirer immédiatement +2 ATK → ... → envoyer l'Épée à la défausse".
    after = play(state, seat, "unequip", instance=sword)
    assert effective_atk(after, soldier) == 2 and sword in zone(after, seat, "discard")
    assert equipped(after) == {vest: soldier}
    # "Le retrait d'un bonus PV entraîne immédiatement la vérification létale": 3 damage, 3 PV.
    after = play(after, 1 - seat, "unequip", instance=vest)
    assert soldier in zone(after, seat, "discard") and vest in zone(after, seat, "discard")


def test_an_equipment_never_attacks_blocks_nor_counts_as_a_ready_blocker():
    state = at_play()
    seat = state.active
    state, theirs = fetch(state, 1 - seat, BRUTE, to="units")
    state, helmet = fetch(state, seat, HELMET)
    state = indices(state, seat, 1)
    # The equipment on the opposing unit lies in the active seat's own zone, READY: never a unit.
    state = play(state, seat, "equip", instance=helmet, target=theirs)
    assert all(p.get("instance") != helmet for m, p in intents(state, seat) if m.kind != "unequip")
    assert {"instance": helmet} in offered(state, seat, "unequip")
    leader = zone(state, 1 - seat, "leader")[0]
    refused(state, seat, "attack", "darkrow.attacker", "TABLE_CARD_TYPE", instance=helmet, target=leader)
    refused(state, seat, "exhaust", "darkrow.manual-adjustment", "TABLE_UNKNOWN_CARD", instance=helmet)
    refused(state, seat, "markDamage", "darkrow.manual-adjustment", "TABLE_UNKNOWN_CARD", instance=helmet)
    # The other seat attacks this Leader: no READY unit here (the equipment is none), so no block is
    # waited for ("Sans bloqueur éligible, aucune décision vide n'est proposée"): a Life at once.
    state = next_turn(state)
    life = zone(state, seat, "life")
    state = play(state, 1 - seat, "attack", instance=theirs, target=zone(state, seat, "leader")[0])
    assert not state.game_state.get("attack") and zone(state, seat, "life") == life[:-1]


def test_with_no_unit_on_the_field_an_equipment_is_not_offered():
    state = at_play()
    seat = state.active
    state, _helmet = fetch(state, seat, HELMET)
    state = indices(state, seat, 1)
    # "Aucun Objet autonome ne reste sur le terrain": nothing to attach it to, no intent.
    assert zone(state, 0, "units") == zone(state, 1, "units") == []
    assert offered(state, seat, "equip") == []
