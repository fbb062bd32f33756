"""Hidden information under many games: random bots play each game in rules mode with several seeds
and, after every event, each seat's view, the event as each seat reads it and each seat's intents
name no card that seat may not see (the rule written out in tests/rules/tables/hidden.py).

The API's bot games (tests/tables/test_bots.py) check the same through HTTP on one fixed game each;
here, without a database, many games explore the rare states (a Piège revealed, a search, a
mulligan) deterministically: the same seeds every run.
"""

from __future__ import annotations

import pytest

from rules import get_ruleset
from rules.tables import apply, event_view, intents, table_view
from rules.tables.bots import RANDOM, play_out

from .hidden import assert_no_leak, known_in_moves, known_to
from .kit import GAMES, dealt

RULES_GAMES = tuple(g for g in GAMES if get_ruleset(g).has_rules_mode())
SEEDS = range(3)
MAX_EVENTS = 250
VIEWERS = (0, 1, -1)  # the two seats and a spectator


def _viewers(seat: int) -> frozenset[int]:
    return frozenset() if seat < 0 else frozenset({seat})


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", RULES_GAMES)
def test_no_view_event_nor_intent_names_a_card_its_seat_may_not_see(game, seed):
    start = dealt(game, seed=seed, mode="rules")
    played = play_out(start, policies=(RANDOM, RANDOM), seed=seed, max_events=MAX_EVENTS)
    every = set(start.start.instances)
    ever = {seat: known_to(start, seat) for seat in VIEWERS}
    state = start
    for event in played.events:
        applied = apply(state, event)
        after = applied.state
        for seat in VIEWERS:
            known = known_to(after, seat)
            ever[seat] |= known
            where = f"{game} seed {seed} seq {after.seq} seat {seat}"
            assert_no_leak(table_view(after, _viewers(seat)), known, every, f"{where} view")
            ever[seat] |= known_in_moves(after, applied.moved, seat)
            read = event_view(state, event, applied, _viewers(seat))
            assert_no_leak(read, ever[seat], every, f"{where} event {event.kind}")
            if seat >= 0:
                offered = [{"kind": move.kind, **payload} for move, payload in intents(after, seat)]
                assert_no_leak(offered, known, every, f"{where} intents")
        state = after
    assert state == played.state
