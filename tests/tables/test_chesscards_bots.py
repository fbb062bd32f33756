"""Bots play chesscards through the API by the intents the table offers (issue 43, item 3): every
offered Coup and card is accepted as is, hidden information holds at every step (a Piège, the
hands), and the game ends by checkmate or stalemate, or reaches the move limit with the table still
playing by the rules."""

from __future__ import annotations

import pytest

from tables.models import Table

from .bots import create_table, play_game

pytestmark = pytest.mark.django_db

LIMIT = 160


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3])
def test_two_bots_play_chesscards_to_a_mate_a_stalemate_or_the_move_limit(
    seed, api, playtester, opponent, make_deck
):
    clients = {1: api(playtester), 2: api(opponent)}
    decks = {1: make_deck(playtester, "chesscards").pk, 2: make_deck(opponent, "chesscards", second=True).pk}
    table_id = create_table(clients, decks)
    table = Table.objects.get(pk=table_id)
    assert table.mode == "rules" and table.rules_version == "chesscards-1"
    played = play_game(clients, table_id, seed=seed, max_moves=LIMIT)
    kinds = {kind for _seat, kind in played.moves}
    assert "piece" in kinds, played.moves[:20]
    assert played.checks == len(played.moves)
    assert all(played.gets.get(seat, 0) > 1 for seat in clients), played.gets
    if played.status == "finished":
        assert played.result["reason"] in ("CHECKMATE", "STALEMATE"), played.result
    else:
        assert played.status == "playing" and len(played.moves) == LIMIT


def test_a_checkmate_through_the_api_ends_the_game_and_the_view_says_so(api, playtester, opponent, make_deck):
    from .play import view
    from .test_rules_mode import intents, play_intent

    clients = {1: api(playtester), 2: api(opponent)}
    decks = {1: make_deck(playtester, "chesscards").pk, 2: make_deck(opponent, "chesscards", second=True).pk}
    table_id = create_table(clients, decks)
    data = view(clients[1], table_id)
    white = data["first"]
    for move in ("f2f3", "e7e5", "g2g4", "d8h4"):
        seat = view(clients[1], table_id)["turn"]["seat"]
        offered = intents(clients[seat], table_id)["intents"]
        intent = next(i for i in offered if i["kind"] == "piece" and i["from"] + i["to"] == move)
        play_intent(clients[seat], table_id, intent, seat)
    data = view(clients[1], table_id)
    assert data["status"] == "finished"
    assert data["result"] == {"winner": 3 - white, "reason": "CHECKMATE"}
    assert intents(clients[white], table_id)["intents"] == []
