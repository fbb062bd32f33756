"""Each game's table is dealt as its seed says (rules.tables, pure)."""

from __future__ import annotations

import pytest

from rules import get_ruleset
from rules.tables import Event, Refusal, apply, table_view
from rules.tables.spec import plain_table
from rules.tables.state import FIRST, MULLIGAN

from .kit import GAMES, dealt


def zone(state, seat: int, key: str):
    return state.seats[seat].zones[key]


def play(state, seat: int, kind: str, **payload):
    return apply(state, Event(state.seq + 1, seat, kind, payload)).state


def test_every_game_has_deck_hand_and_discard():
    for game in GAMES:
        keys = {z.key for z in get_ruleset(game).table_spec().zones}
        assert {"deck", "hand", "discard"} <= keys, game


def test_the_same_seed_deals_the_same_table_and_another_seed_another():
    for game in ("darkrow", "vanguard", "riftbound", "duel"):
        assert dealt(game, 11) == dealt(game, 11)
        assert zone(dealt(game, 11), 0, "hand") != zone(dealt(game, 12), 0, "hand"), game


def test_darkrow_coin_toss_5_in_hand_mulligan_then_5_face_down_life():
    state = dealt("darkrow")
    winner = state.start.coin_winner
    assert winner in (0, 1)
    assert FIRST in state.seats[winner].pending and FIRST not in state.seats[1 - winner].pending
    for seat in (0, 1):
        assert len(zone(state, seat, "hand")) == 5
        assert len(zone(state, seat, "life")) == 0  # Life comes after the mulligan
        assert len(zone(state, seat, "leader")) == 1
        assert MULLIGAN in state.seats[seat].pending
    hand = [c.instance for c in zone(state, 0, "hand")]
    state = play(state, 0, "mulligan", cards=hand[:5])  # 0 to 5: all five back
    assert len(zone(state, 0, "hand")) == 5
    assert len(zone(state, 0, "life")) == 5 and all(c.face_down for c in zone(state, 0, "life"))
    assert len(zone(state, 0, "deck")) == 40 - 10
    state = play(state, 1, "mulligan", cards=[])
    assert state.phase == "setup"  # the coin winner has not chosen yet
    state = play(state, winner, "first", first=2)
    assert state.phase == "playing" and state.first == 1 and state.active == 1
    # The first player's first turn: no draw; the Indices by the schedule.
    for _ in range(3):
        state = play(state, 1, "step")
    assert len(zone(state, 1, "hand")) == 5
    assert state.seats[1].counters["indices"] == 1
    state = play(state, 1, "step")
    state = play(state, 1, "endTurn")
    assert state.active == 0
    for _ in range(3):
        state = play(state, 0, "step")
    assert len(zone(state, 0, "hand")) == 6  # the second player draws on their first turn
    assert state.seats[0].counters["indices"] == 2  # second player: 2, 4, 6, 8, 10


def test_darkrow_indices_follow_each_players_schedule_up_to_10():
    state = dealt("darkrow")
    state = play(state, 0, "mulligan", cards=[])
    state = play(state, 1, "mulligan", cards=[])
    state = play(state, state.start.coin_winner, "first", first=1)
    seen = {0: [], 1: []}
    for _ in range(14):
        seat = state.active
        state = play(state, seat, "step")  # indices
        seen[seat].append(state.seats[seat].counters["indices"])
        state = play(state, seat, "step")  # draw
        while len(zone(state, seat, "hand")) > 10:
            state = play(state, seat, "move", instance=zone(state, seat, "hand")[0].instance, to="discard")
        state = play(state, seat, "endTurn")
    assert seen[0] == [1, 3, 5, 7, 9, 10, 10]
    assert seen[1] == [2, 4, 6, 8, 10, 10, 10]


def test_darkrow_end_of_turn_refused_above_10_cards_in_hand():
    state = dealt("darkrow")
    state = play(state, 0, "mulligan", cards=[])
    state = play(state, 1, "mulligan", cards=[])
    state = play(state, state.start.coin_winner, "first", first=1)
    state = play(state, 0, "draw", count=6)
    with pytest.raises(Refusal) as refused:
        play(state, 0, "endTurn")
    assert refused.value.finding.code == "TABLE_HAND_LIMIT"
    assert refused.value.finding.params == {
        "kind": "endTurn",
        "limit": 10,
        "observed": 11,
        "rule": "darkrow.hand-limit",
    }


def test_darkrow_six_unit_slots_and_one_place_that_replaces_its_own():
    state = dealt("darkrow")
    state = play(state, 0, "mulligan", cards=[])
    state = play(state, 1, "mulligan", cards=[])
    state = play(state, state.start.coin_winner, "first", first=1)
    state = play(state, 0, "draw", count=5)
    hand = [c.instance for c in zone(state, 0, "hand")]
    for instance in hand[:6]:
        state = play(state, 0, "move", instance=instance, to="units")
    with pytest.raises(Refusal) as refused:
        play(state, 0, "move", instance=hand[6], to="units")
    assert refused.value.finding.code == "TABLE_ZONE_FULL"
    state = play(state, 0, "move", instance=hand[6], to="place")
    state = play(state, 0, "move", instance=hand[7], to="place")
    assert [c.instance for c in zone(state, 0, "place")] == [hand[7]]
    assert [c.instance for c in zone(state, 0, "discard")] == [hand[6]]


def test_vanguard_starting_vanguard_face_down_then_revealed_after_both_mulligans():
    state = dealt("vanguard")
    for seat in (0, 1):
        (vc,) = zone(state, seat, "vc")
        assert vc.face_down
        card = state.card(vc.instance)
        assert card.get("grade") == 0 and card.type == "NORMAL_UNIT"
        assert len(zone(state, seat, "hand")) == 5 and len(zone(state, seat, "deck")) == 44
    hand = [c.instance for c in zone(state, 0, "hand")]
    state = play(state, 0, "mulligan", cards=hand[:3])
    deck = zone(state, 0, "deck")
    assert len(deck) == 44 and {c.instance for c in deck} >= set(hand[:3])
    # Returned cards cannot come back in that draw.
    assert not set(hand[:3]) & {c.instance for c in zone(state, 0, "hand")}
    assert zone(state, 0, "vc")[0].face_down
    state = play(state, 1, "mulligan", cards=[])
    assert state.phase == "playing"
    assert not zone(state, 0, "vc")[0].face_down and not zone(state, 1, "vc")[0].face_down


def test_vanguard_ride_sends_the_old_vanguard_to_the_soul_and_a_call_replaces_to_the_drop():
    state = dealt("vanguard")
    state = play(state, 0, "mulligan", cards=[])
    state = play(state, 1, "mulligan", cards=[])
    seat = state.active
    old = zone(state, seat, "vc")[0].instance
    hand = [c.instance for c in zone(state, seat, "hand")]
    state = play(state, seat, "move", instance=hand[0], to="vc")
    assert [c.instance for c in zone(state, seat, "soul")] == [old]
    state = play(state, seat, "move", instance=hand[1], to="rc3")
    state = play(state, seat, "move", instance=hand[2], to="rc3")
    assert [c.instance for c in zone(state, seat, "discard")] == [hand[1]]


def test_vanguard_draw_step_and_the_drive_check_by_grade():
    state = dealt("vanguard")
    state = play(state, 0, "mulligan", cards=[])
    state = play(state, 1, "mulligan", cards=[])
    seat = state.active
    state = play(state, seat, "step")  # draw: both players draw on their first turn
    assert len(zone(state, seat, "hand")) == 6
    state = play(state, seat, "driveCheck")
    assert len(zone(state, seat, "trigger")) == 1  # a grade 0 vanguard checks once


def test_vanguard_six_damage_proposes_the_end():
    state = dealt("vanguard")
    state = play(state, 0, "mulligan", cards=[])
    state = play(state, 1, "mulligan", cards=[])
    for _ in range(6):
        assert state.proposal is None
        state = play(state, 0, "move", **{"from": "deck", "to": "damage"})
    assert state.proposal == (0, "DAMAGE", False)
    assert table_view(state)["proposal"] == {"winner": 2, "seat": 1, "reason": "DAMAGE"}
    state = play(state, 1, "result", winner=2, reason="DAMAGE")
    assert state.phase == "finished" and state.result == (1, "DAMAGE")
    with pytest.raises(Refusal) as refused:
        play(state, 0, "draw", count=1)
    assert refused.value.finding.code == "TABLE_FINISHED"


def test_riftbound_legend_champion_battlefield_choice_4_cards_mulligan_up_to_2():
    state = dealt("riftbound")
    for seat in (0, 1):
        assert len(zone(state, seat, "legend")) == 1
        assert state.card(zone(state, seat, "legend")[0].instance).type == "LEGEND"
        assert state.card(zone(state, seat, "champion")[0].instance).type == "CHAMPION_UNIT"
        assert len(zone(state, seat, "hand")) == 4
        assert len(zone(state, seat, "battlefieldChoices")) == 3
        assert len(zone(state, seat, "runeDeck")) == 12
        # The Chosen Champion is one of the 40: 35 in the deck, 4 in hand, 1 in play.
        assert len(zone(state, seat, "deck")) == 35
    hand = [c.instance for c in zone(state, 0, "hand")]
    with pytest.raises(Refusal) as refused:
        play(state, 0, "mulligan", cards=hand[:3])
    assert refused.value.finding.code == "TABLE_MULLIGAN_TOO_MANY"
    state = play(state, 0, "mulligan", cards=hand[:2])
    assert [c.instance for c in zone(state, 0, "deck")[:2]] == list(reversed(hand[:2]))  # under the deck
    state = play(state, 1, "mulligan", cards=[])
    assert state.phase == "setup"
    for seat in (0, 1):
        state = play(state, seat, "choose", instance=zone(state, seat, "battlefieldChoices")[0].instance)
    assert state.phase == "playing"
    assert len(state.shared["battlefield1"]) == 1 and len(state.shared["battlefield2"]) == 1


def riftbound_playing():
    state = dealt("riftbound")
    for seat in (0, 1):
        state = play(state, seat, "mulligan", cards=[])
        state = play(state, seat, "choose", instance=zone(state, seat, "battlefieldChoices")[0].instance)
    return state


def test_riftbound_channel_2_runes_3_for_the_second_players_first_turn_and_the_pool_empties():
    state = riftbound_playing()
    first = state.active
    state = play(state, first, "step")
    state = play(state, first, "step")  # channel
    assert len(zone(state, first, "runes")) == 2
    state = play(state, first, "step")  # draw
    assert len(zone(state, first, "hand")) == 5  # no exception for the first turn
    state = play(state, first, "counter", key="energy", value=2)
    state = play(state, first, "endTurn")
    assert state.seats[first].counters["energy"] == 0
    second = state.active
    state = play(state, second, "step")
    state = play(state, second, "step")
    assert len(zone(state, second, "runes")) == 3


def test_riftbound_burn_out_shuffles_the_trash_in_and_the_opponent_scores():
    state = riftbound_playing()
    seat = state.active
    for _card in list(zone(state, seat, "deck")):  # the top card each time: a deck's card is not named
        state = play(state, seat, "move", **{"from": "deck", "to": "discard"})
    for _ in range(3):
        state = play(state, seat, "step")  # awaken, beginning, channel, then the draw
    assert len(zone(state, seat, "hand")) == 5
    assert len(zone(state, seat, "deck")) == 34 and not zone(state, seat, "discard")
    assert state.seats[1 - seat].counters["points"] == 1


def test_riftbound_8_points_propose_a_win():
    state = riftbound_playing()
    state = play(state, 1, "counter", key="points", value=8)
    assert state.proposal == (1, "POINTS", True)
    assert table_view(state)["proposal"]["winner"] == 2


def test_duel_5_cards_6000_lp_no_draw_on_the_very_first_turn_and_0_lp_ends():
    state = dealt("duel")
    assert state.phase == "playing"  # no mulligan, nothing to decide
    first = state.active
    assert state.seats[0].counters["lp"] == 6000
    assert len(zone(state, first, "hand")) == 5  # the draw step was entered: the very first turn skips it
    state = play(state, first, "endTurn")
    assert len(zone(state, 1 - first, "hand")) == 6
    state = play(state, first, "counter", key="lp", value=0)
    assert state.proposal == (first, "LIFE_POINTS", False)


def test_duel_one_terrain_on_the_whole_board_replaced_by_a_new_one():
    state = dealt("duel")
    a, b = state.active, 1 - state.active
    mine = zone(state, a, "hand")[0].instance
    state = play(state, a, "move", instance=mine, to="terrain")
    state = play(state, a, "endTurn")
    theirs = zone(state, b, "hand")[0].instance
    state = play(state, b, "move", instance=theirs, to="terrain")
    assert [c.instance for _o, c in state.shared["terrain"]] == [theirs]
    assert [c.instance for c in zone(state, a, "discard")] == [mine]  # to its owner's graveyard


def test_duel_deck_out_at_the_draw_proposes_a_loss():
    state = dealt("duel")
    a = state.active
    state = play(state, a, "endTurn")
    b = state.active
    for _card in list(zone(state, a, "deck")):
        state = play(state, a, "move", **{"from": "deck", "to": "discard"})
    state = play(state, b, "endTurn")
    assert state.proposal == (a, "DECK_OUT", False)


def test_chesscards_board_in_its_starting_position_white_to_the_first_player():
    state = dealt("chesscards")
    assert len(state.board) == 32
    assert state.board["e1"] == ("white", "K") and state.board["d8"] == ("black", "Q")
    white = state.first
    assert state.active == white
    assert len(zone(state, 0, "deck")) == 41 and len(zone(state, 1, "deck")) == 41
    assert [c.instance for c in zone(state, 0, "deck")] != [c.instance for c in zone(state, 1, "deck")]
    with pytest.raises(Refusal) as refused:
        play(state, white, "piece", **{"from": "e7", "to": "e5"})
    assert refused.value.finding.code == "TABLE_NOT_YOUR_PIECE"
    state = play(state, white, "piece", **{"from": "e2", "to": "e4"})
    assert state.board["e4"] == ("white", "P") and "e2" not in state.board
    state = play(state, white, "endTurn")
    state = play(state, 1 - white, "piece", **{"from": "d7", "to": "d5"})
    state = play(state, 1 - white, "endTurn")
    state = play(state, white, "piece", **{"from": "e4", "to": "d5"})
    assert state.captured == (("black", "P"),)


def test_a_game_without_a_table_declaration_gets_a_plain_table():
    keys = [z.key for z in plain_table().zones]
    assert keys == ["deck", "hand", "play", "discard"]


def test_a_game_that_declares_no_table_is_dealt_a_plain_one_with_a_shared_play_area():
    from rules.cards import CardData
    from rules.ruleset import RuleSet
    from rules.tables import SeatDeck, deal_table

    class Stones(RuleSet):  # not registered: a game as a contributor first writes it
        key = "stones"
        name = "Stones"
        card_types = ("STONE",)
        id_prefix = "ST"
        default_format = "standard"

    deck = SeatDeck(tuple(("main", CardData("stones", f"Stone {n}", "STONE", f"ST-{n}")) for n in range(30)))
    state = deal_table(Stones(), 3, (deck, deck))
    assert state.phase == "playing"
    assert len(state.seats[0].zones["deck"]) == 30 and not state.seats[0].zones["hand"]
    seat = state.active
    state = play(state, seat, "draw", count=2)
    state = play(state, seat, "move", instance=state.seats[seat].zones["hand"][0].instance, to="play")
    assert len(state.shared["play"]) == 1
    view = table_view(state, frozenset({1 - seat}))
    assert view["shared"][0]["cards"][0]["name"].startswith("Stone")
