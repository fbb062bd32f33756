"""Bots play whole games through the API by picking offered intents (issue 46, Tests): every
offered intent is accepted as is, a seat always has a move until the game ends, the rules end it,
and no user ever reads a card it may not see (checked at every step: view, events, intents)."""

from __future__ import annotations

import pytest

from rules import registry
from tables.models import Table

from .bots import create_table, play_game
from .conftest import GAMES

pytestmark = pytest.mark.django_db

# The bots play every game of the seeds that has a rules mode (a game joins once its rules land).
BOT_GAMES = GAMES


@pytest.mark.slow
@pytest.mark.parametrize("game", BOT_GAMES)
def test_two_bots_play_a_whole_game_through_the_api(game, api, playtester, opponent, make_deck):
    if not registry.get(game).has_rules_mode():
        pytest.skip(f"{game} has no rules mode (rules/games/{game}/moves.py declares none yet)")
    if registry.get(game).table_spec().board is not None:
        pytest.skip("a game of chess ends by checkmate, stalemate or a move limit: test_chesscards_bots.py")
    clients = {1: api(playtester), 2: api(opponent)}
    decks = {1: make_deck(playtester, game).pk, 2: make_deck(opponent, game, second=True).pk}
    table_id = create_table(clients, decks)
    assert Table.objects.get(pk=table_id).mode == "rules"
    game_played = play_game(clients, table_id, seed=7, max_moves=400)
    assert game_played.status == "finished", game_played.moves[-10:]
    assert game_played.result is not None
    # The rules ended it (a concession is never picked).
    assert game_played.result["reason"] != "CONCEDED"
    kinds = {kind for _seat, kind in game_played.moves}
    # A mulligan where the game has one (duel's seed has none).
    setup = {"mulligan"} if registry.get(game).draws().mulligan is not None else set()
    # The next step where a player takes it (riftbound's table takes the steps nothing is decided in).
    steps = {"step"} if game != "riftbound" else set()
    assert setup | steps | {"endTurn"} <= kinds
    assert kinds - {"mulligan", "step", "endTurn"}, "the bots played no move of the game"
    assert game_played.checks == len(game_played.moves)
    # Each seat read the table by GET too (when the other moved), not only from its moves' answers.
    assert all(game_played.gets.get(seat, 0) > 1 for seat in clients), game_played.gets


def _vanguard_table_checked(api, playtester, opponent, make_deck):
    """A vanguard table of two users, checked once; with a card of seat 2's hand (which seat 1 may
    not see) as a leak would name it."""
    from .bots import HiddenCheck

    clients = {1: api(playtester), 2: api(opponent)}
    decks = {1: make_deck(playtester, "vanguard").pk, 2: make_deck(opponent, "vanguard", second=True).pk}
    table_id = create_table(clients, decks)
    check = HiddenCheck(clients, table_id)
    check()
    state = check.truth()
    hidden = state.seats[1].zones["hand"][0].instance
    return clients, table_id, check, {"instance": hidden, "stableCardId": state.card(hidden).stable_id}


def test_the_bots_check_catches_a_card_shown_to_the_wrong_seat(
    api, playtester, opponent, make_deck, monkeypatch
):
    from tables import selectors
    from tables.api import views

    _clients, _table_id, check, peek = _vanguard_table_checked(api, playtester, opponent, make_deck)
    real = selectors.table_view_for

    def leaking(user, table, *args, **kwargs):
        data = real(user, table, *args, **kwargs)
        data["peek"] = peek
        return data

    monkeypatch.setattr(views.selectors, "table_view_for", leaking)
    with pytest.raises(AssertionError, match="may not see"):
        check()


def test_the_bots_check_catches_a_card_shown_in_a_moves_answer(
    api, playtester, opponent, make_deck, monkeypatch
):
    from tables import selectors
    from tables.api import views

    from .bots import offered
    from .play import post

    clients, table_id, check, peek = _vanguard_table_checked(api, playtester, opponent, make_deck)
    real = selectors.table_played_for

    def leaking(user, table, played):
        data = real(user, table, played)
        data["view"]["peek"] = peek
        return data

    monkeypatch.setattr(views.selectors, "table_played_for", leaking)
    intent = next(i for i in offered(clients[1], table_id)["intents"] if i["kind"] == "mulligan")
    payload = {k: v for k, v in intent.items() if k not in ("kind", "label")}
    answer = post(clients[1], table_id, "mulligan", 0, **payload)
    assert answer.status_code == 201, answer.content
    with pytest.raises(AssertionError, match=r"move's view.*may not see"):
        check((1, answer.json()))
