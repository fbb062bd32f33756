"""Bots that play by the rules (rules/tables/bots.py, issue 44): they only take offered intents,
never a manual adjustment nor what a person asks for, play whole games to the rules' end, and the
same seed plays the same game."""

from __future__ import annotations

import pytest

from rules import get_ruleset
from rules.tables import replay
from rules.tables.bots import (
    GREEDY,
    NOT_A_GAME_MOVE,
    RANDOM,
    bot_intents,
    events_from_rows,
    events_to_rows,
    play_out,
)

from .kit import GAMES, dealt

ENDLESS = {"chesscards": 300}
RULES_GAMES = tuple(g for g in GAMES if get_ruleset(g).has_rules_mode())


@pytest.mark.parametrize("game", RULES_GAMES)
@pytest.mark.parametrize("policy", [RANDOM, GREEDY])
def test_bots_play_a_whole_game_to_the_rules_end(game, policy):
    ruleset = get_ruleset(game)
    start = dealt(game, seed=3, mode="rules")
    # Chess between random bots rarely mates, and the seed states no draw by repetition or move
    # count: a chesscards game may stop at the move limit, unfinished (the lab counts it so).
    limit = ENDLESS.get(game, 3000)
    played = play_out(
        start, policies=(policy, policy), seed=5, evaluate=ruleset.bot_evaluate, max_events=limit
    )
    if game in ENDLESS and played.state.phase != "finished":
        assert len(played.events) == limit
    else:
        assert played.state.phase == "finished", (game, len(played.events))
        assert played.state.result[1] not in ("CONCEDED", "TIME")
    kinds = {e.kind for e in played.events}
    assert not kinds & NOT_A_GAME_MOVE
    manual = {m.kind for m in ruleset.table_moves.moves if m.manual}
    assert not kinds & manual, "a bot applied an effect's outcome by hand"
    # The events are enough to play the game again: the same end.
    again = replay(start, events_from_rows(events_to_rows(played.events)))
    assert again.result == played.state.result and again.seq == played.state.seq
    assert again == played.state


@pytest.mark.parametrize("game", RULES_GAMES)
def test_the_same_seed_plays_the_same_game_and_another_seed_another(game):
    ruleset = get_ruleset(game)
    start = dealt(game, seed=11, mode="rules")
    # A chess game between random bots rarely ends: its first 300 events show the same.
    limit = ENDLESS.get(game, 3000)
    one = play_out(start, seed=1, evaluate=ruleset.bot_evaluate, max_events=limit)
    assert play_out(start, seed=1, evaluate=ruleset.bot_evaluate, max_events=limit).events == one.events
    assert play_out(start, seed=2, evaluate=ruleset.bot_evaluate, max_events=limit).events != one.events


def test_a_bot_is_never_offered_a_manual_adjustment_nor_a_die():
    state = dealt("darkrow", seed=4, mode="rules")
    played = play_out(state, seed=9, max_events=60)
    for event in played.events[:60]:
        assert event.kind not in {"markDamage", "heal", "exhaust", "ready", "modify", "roll", "concede"}
    offered = {m.kind for seat in (0, 1) for m, _p in bot_intents(played.state, seat)}
    assert not offered & {"markDamage", "heal", "modify", "roll", "coin", "concede", "undo"}


@pytest.mark.parametrize("game", RULES_GAMES)
def test_a_seats_view_names_only_the_cards_that_seat_may_see(game):
    """What a bot at a table with a person decides on (rules.tables.bots.seat_view): the other seat's
    hand and both decks anonymous, the other seat's deck list empty, its own hand named."""
    from rules.tables.bots import seat_view, seen_instances
    from rules.tables.spec import PUBLIC

    state = dealt(game, seed=4, mode="rules")
    for seat in (0, 1):
        view = seat_view(state, seat)
        seen = seen_instances(state, seat)
        assert view.start.decks[1 - seat].cards == () and view.start.decks[seat] == state.start.decks[seat]
        assert view.undo_point is None
        for owner in (0, 1):
            for zone, cards in state.seats[owner].zones.items():
                spec = state.spec.zone(zone)
                for card in cards:
                    named = view.card(card.instance)
                    if card.instance in seen:
                        assert named == state.card(card.instance)
                    else:
                        assert named.stable_id is None and named.name == "" and not named.fields
                    if zone == "deck" or (zone == "hand" and owner != seat):
                        assert card.instance not in seen, (seat, owner, zone)
                    if zone == "hand" and owner == seat:
                        assert card.instance in seen
                    if spec.visibility == PUBLIC and not card.face_down:
                        assert card.instance in seen


@pytest.mark.parametrize("game", RULES_GAMES)
def test_a_bot_at_a_persons_table_chooses_among_its_intents_on_its_view(game):
    """choose_seen: the policy's choice among the offered intents, for both policies, decided on the
    seat's view (a greedy bot's candidates applied there), the same for the same generator."""
    import random

    from rules.tables.bots import bot_to_move, choose_seen

    ruleset = get_ruleset(game)
    state = dealt(game, seed=5, mode="rules")
    for seat in (0, 1):
        offered = bot_intents(state, seat)
        if not bot_to_move(state, seat, offered):
            continue
        for policy in (RANDOM, GREEDY):
            chosen = choose_seen(state, seat, offered, policy, random.Random(1), ruleset.bot_evaluate)
            assert chosen in offered
            assert choose_seen(state, seat, offered, policy, random.Random(1), ruleset.bot_evaluate) == chosen
