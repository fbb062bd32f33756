"""What no player decides alone (rules.tables.fairness, pure): a result is a proposal the other seat
answers and none is played during the setup; an undo needs the other seat's yes; a player searches
their own deck (the other seat reads only that they did, and the count) and reveals its top cards;
a card nobody may see is never chosen by its instance. Each rule: a legal case, an illegal one
refused with its code and no change."""

from __future__ import annotations

import pytest

from rules.tables import Event, Refusal, apply, event_view, table_view

from .kit import dealt


def play(state, seat: int, kind: str, **payload):
    return apply(state, Event(state.seq + 1, seat, kind, payload)).state


def refused(state, seat: int, kind: str, **payload) -> str:
    with pytest.raises(Refusal) as caught:
        apply(state, Event(state.seq + 1, seat, kind, payload))
    return caught.value.finding.code


def zone(state, seat: int, key: str):
    return state.seats[seat].zones[key]


def playing(game: str = "vanguard"):
    state = dealt(game)
    state = play(state, 0, "mulligan", cards=[])
    return play(state, 1, "mulligan", cards=[])


def shown(state, viewer: int, seat: int, key: str) -> list[str]:
    view = table_view(state, frozenset({viewer}))
    found = next(z for z in view["seats"][seat]["zones"] if z["key"] == key)
    return [c["instance"] for c in found["cards"] if c.get("instance")]


# --- results ------------------------------------------------------------------------------------------
def test_no_result_during_the_setup_but_a_concession():
    state = dealt("vanguard")
    assert state.phase == "setup"
    assert refused(state, 0, "result", winner=1) == "TABLE_SETUP_PENDING"
    assert refused(state, 1, "result", reason="DRAW") == "TABLE_SETUP_PENDING"
    conceded = play(state, 1, "concede")
    assert conceded.phase == "finished" and conceded.result == (0, "CONCEDED")


def test_a_claimed_result_is_a_proposal_the_other_seat_accepts_or_refuses():
    state = playing()
    claimed = play(state, 0, "result", winner=1)
    assert claimed.phase == "playing" and claimed.claim == (0, 0, "RECORDED")
    assert table_view(claimed, frozenset({1}))["claim"] == {"seat": 1, "winner": 1, "reason": "RECORDED"}
    # The claimant does not answer their own claim; nobody answers when nothing is claimed.
    assert refused(claimed, 0, "acceptResult") == "TABLE_NO_PROPOSAL"
    assert refused(state, 1, "acceptResult") == "TABLE_NO_PROPOSAL"
    assert refused(state, 1, "refuseResult") == "TABLE_NO_PROPOSAL"
    done = play(claimed, 1, "acceptResult")
    assert done.phase == "finished" and done.result == (0, "RECORDED") and done.claim is None
    no = play(claimed, 1, "refuseResult")
    assert no.phase == "playing" and no.claim is None
    # A draw claimed, accepted.
    draw = play(play(state, 1, "result"), 0, "acceptResult")
    assert draw.result == (None, "DRAW")
    # A move played meanwhile ends the claim: it cannot be accepted later.
    moved = play(claimed, claimed.active, "draw", count=1)
    assert moved.claim is None and refused(moved, 1, "acceptResult") == "TABLE_NO_PROPOSAL"
    assert refused(state, 0, "result", reason="CHEATED") == "TABLE_EVENT_INVALID"


def test_the_engines_own_end_confirmed_ends_the_game_at_once():
    state = playing()
    for _ in range(6):
        state = play(state, 0, "move", **{"from": "deck", "to": "damage"})
    assert state.proposal == (0, "DAMAGE", False)
    # Another result than the engine's is a claim; the engine's, confirmed by either seat, ends it.
    assert play(state, 0, "result", winner=1, reason="RECORDED").phase == "playing"
    done = play(state, 0, "result", winner=2, reason="DAMAGE")
    assert done.phase == "finished" and done.result == (1, "DAMAGE")


# --- undo ---------------------------------------------------------------------------------------------
def test_the_last_event_is_undone_when_the_other_seat_agrees():
    state = playing()
    seat = state.active
    card = zone(state, seat, "hand")[0].instance
    moved = play(state, seat, "move", instance=card, to="rc1")
    asked = play(moved, seat, "undo")
    assert asked.undo_request == (seat, moved.seq) and table_view(asked)["undoRequest"]["seq"] == moved.seq
    assert refused(asked, seat, "acceptUndo") == "TABLE_NO_PROPOSAL"
    noted = play(asked, 1 - seat, "note", text="checking")
    back = play(noted, 1 - seat, "acceptUndo")
    assert back.seats == state.seats and back.turn == state.turn and back.seq == noted.seq + 1
    assert back.notes == noted.notes  # what was said stays in the log
    # One event at a time: nothing left to undo, until the next move.
    assert refused(back, seat, "undo") == "TABLE_NOTHING_TO_UNDO"
    no = play(asked, 1 - seat, "refuseUndo")
    assert no.undo_request is None and no.seats == moved.seats
    assert refused(moved, 1 - seat, "acceptUndo") == "TABLE_NO_PROPOSAL"
    # A move played meanwhile ends the request.
    assert play(asked, seat, "draw", count=1).undo_request is None


def test_no_undo_during_the_setup_nor_before_a_move():
    assert refused(dealt("vanguard"), 0, "undo") == "TABLE_SETUP_PENDING"
    duel = dealt("duel")  # nothing to decide: playing from the deal, with no move yet
    assert duel.phase == "playing" and refused(duel, duel.active, "undo") == "TABLE_NOTHING_TO_UNDO"


# --- a hidden card ------------------------------------------------------------------------------------
def test_a_deck_card_is_never_chosen_by_its_instance():
    """A player named a1 of their hidden deck and got that card from the middle of it: refused now;
    the top card is taken (a move from the deck)."""
    state = playing()
    seat = state.active
    deck = zone(state, seat, "deck")
    middle = deck[len(deck) // 2].instance
    assert refused(state, seat, "move", instance=middle, to="hand") == "TABLE_CARD_HIDDEN"
    assert refused(state, seat, "tap", instance=middle) == "TABLE_CARD_HIDDEN"
    assert refused(state, seat, "reveal", instance=middle) == "TABLE_CARD_HIDDEN"
    top = play(state, seat, "move", **{"from": "deck", "to": "hand"})
    assert zone(top, seat, "hand")[-1].instance == deck[-1].instance


def test_searching_ones_deck_shows_it_to_its_owner_only_until_it_is_shuffled():
    state = playing()
    seat = state.active
    deck = [c.instance for c in zone(state, seat, "deck")]
    assert shown(state, seat, seat, "deck") == []
    event = Event(state.seq + 1, seat, "search", {"zone": "deck"})
    applied = apply(state, event)
    searching = applied.state
    assert sorted(shown(searching, seat, seat, "deck")) == sorted(deck)
    assert shown(searching, 1 - seat, seat, "deck") == []  # the other seat: the count only
    assert table_view(searching, frozenset({1 - seat}))["searching"] == [{"seat": seat + 1, "zone": "deck"}]
    for viewers in (frozenset({1 - seat}), frozenset()):
        told = event_view(state, event, applied, viewers)
        assert told["did"] == [{"what": "search", "zone": "deck", "count": len(deck)}]
    # While searching, a card of it is taken by its instance (the searcher sees it).
    chosen = deck[3]
    taken = play(searching, seat, "move", instance=chosen, to="hand")
    assert chosen in [c.instance for c in zone(taken, seat, "hand")]
    # The other seat searches nothing of the first seat's; the hand is not searched.
    assert refused(searching, seat, "search", zone="hand") == "TABLE_UNKNOWN_ZONE"
    # Shuffled: closed again.
    closed = play(taken, seat, "shuffle", zone="deck")
    assert closed.searching == frozenset() and shown(closed, seat, seat, "deck") == []
    assert refused(closed, seat, "move", instance=deck[5], to="hand") == "TABLE_CARD_HIDDEN"
    # The end of the turn closes it too.
    assert play(searching, seat, "endTurn").searching == frozenset()


def test_revealing_the_top_of_ones_deck_shows_those_cards_to_both():
    state = playing()
    seat = state.active
    deck = [c.instance for c in zone(state, seat, "deck")]
    revealed = play(state, seat, "reveal", zone="deck", count=3)
    for viewer in (seat, 1 - seat, None):
        viewers = frozenset() if viewer is None else frozenset({viewer})
        view = table_view(revealed, viewers)
        cards = next(z for z in view["seats"][seat]["zones"] if z["key"] == "deck")["cards"]
        assert [c["instance"] for c in cards] == deck[-3:]
    assert refused(state, seat, "reveal", zone="deck", count=len(deck) + 1) == "TABLE_EVENT_INVALID"
    assert refused(state, seat, "reveal", zone="deck", count=0) == "TABLE_EVENT_INVALID"
    assert refused(state, seat, "reveal", zone="hand", count=1) == "TABLE_UNKNOWN_ZONE"
    # A revealed card may be named (both see it); moved, it is hidden no more than its new zone says.
    moved = play(revealed, seat, "move", instance=deck[-2], to="hand")
    assert deck[-2] in [c.instance for c in zone(moved, seat, "hand")]
    # Shuffled: nothing revealed any more.
    assert shown(play(revealed, seat, "shuffle", zone="deck"), 1 - seat, seat, "deck") == []


def test_a_free_table_of_before_replays_as_it_was_played():
    """free-1 (moves.LEGACY_FREE_VERSION): a result during the setup ended the game at once, and a
    deck card could be named; its stored games replay so."""
    from rules import get_ruleset
    from rules.tables import deal_table

    from .kit import decks

    old = deal_table(get_ruleset("vanguard"), 7, decks("vanguard"), mode="free", legacy=True)
    done = play(old, 0, "result", winner=2)
    assert done.phase == "finished" and done.result == (1, "RECORDED")
    started = play(play(old, 0, "mulligan", cards=[]), 1, "mulligan", cards=[])
    middle = zone(started, 0, "deck")[10].instance
    assert middle in [
        c.instance for c in zone(play(started, 0, "move", instance=middle, to="hand"), 0, "hand")
    ]
    # The rules mode has no legacy: dealt as it is.
    assert not deal_table(
        get_ruleset("vanguard"), 7, decks("vanguard"), mode="rules", legacy=True
    ).start.legacy
