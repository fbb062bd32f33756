"""Bots that play a table by the rules: each move one of the intents the engine offers its seat.

A bot never plays what the rules refuse (it only picks among :func:`rules.tables.engine.intents`),
never a concession, a result, an undo or a die (what a person asks for, not the game), and never a
manual adjustment (``Move.manual``: an effect's outcome a player applies by hand: "no card does
more than its text"). Two policies:

- ``random``: any of its moves, the end of the turn now and then (:data:`END_TURN_ODDS`);
- ``greedy``: each candidate applied and the result scored by the game's evaluation
  (``RuleSet.bot_evaluate``: damage, Life, points...), the best taken (ties at random). It looks at
  the state after a move, which may hold what its seat could not see at a human table (a drive
  check's card): it plays with perfect information, and a report says so (:data:`PERFECT`).

At a table with a person (solo play: tables.services.table_bot_play) a bot sees only what its seat
may see: :func:`choose_seen` decides on :func:`seat_view`, the state with every card its seat may not
see (the person's hand, both decks, a face-down card) made anonymous, whatever the policy.

Pure: the same seed, decks and policies always play the same game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import CardData
from .engine import Event, Refusal, apply, intents
from .moves import Move
from .state import FINISHED, SETUP, SeatDeck, TableState, evolve, frozen
from .views import visible

RANDOM, GREEDY = "random", "greedy"
POLICIES = (RANDOM, GREEDY)
# Whether a policy reads what its seat may not see at a human table.
PERFECT = {RANDOM: False, GREEDY: True}
# What a person asks for, not a move of the game: a bot never plays it.
NOT_A_GAME_MOVE = frozenset(
    {
        "concede",
        "note",
        "result",
        "acceptResult",
        "refuseResult",
        "undo",
        "acceptUndo",
        "refuseUndo",
        "search",
        "reveal",
        "roll",
        "coin",
    }
)
# A card played in the opponent's turn is a choice, not an answer the table waits for (darkrow's
# Action in response): a seat offered only such moves does not take the turn's hand.
OPTIONAL_ANSWERS = frozenset({"play"})
# One choice in this many ends the turn when the rules allow it (a game of a few hundred moves).
END_TURN_ODDS = 0.3
# The candidates a greedy bot scores at most (sampled): a move costs one apply each.
GREEDY_CANDIDATES = 24

Evaluate = Callable[[TableState, int], float]


def bot_intents(state: TableState, seat: int) -> list[tuple[Move, dict[str, Any]]]:
    """The intents a bot may take: the seat's offered moves less what is no move of the game."""
    return [
        (move, payload)
        for move, payload in intents(state, seat)
        if move.kind not in NOT_A_GAME_MOVE and not move.manual
    ]


def acting_seat(state: TableState, offers: Sequence[list[tuple[Move, dict[str, Any]]]]) -> int | None:
    """Who moves now: during the setup, the first seat still to decide; then the seat the table waits
    for (the defender's guard or block) before the active seat; None when neither may move."""
    if state.phase == SETUP:
        for seat in (0, 1):
            if state.seats[seat].pending and offers[seat]:
                return seat
        return next((seat for seat in (0, 1) if offers[seat]), None)
    active = state.active
    for seat in (0, 1):
        if seat != active and any(m.kind not in OPTIONAL_ANSWERS for m, _p in offers[seat]):
            return seat
    if active is not None and offers[active]:
        return active
    return next((seat for seat in (0, 1) if offers[seat]), None)


def choose_random(state, seat, offered, rng: random.Random, evaluate: Evaluate | None = None):
    ends = [o for o in offered if o[0].kind == "endTurn"]
    if ends and len(ends) < len(offered) and rng.random() >= END_TURN_ODDS:
        offered = [o for o in offered if o[0].kind != "endTurn"]
    return offered[rng.randrange(len(offered))]


def choose_greedy(
    state, seat, offered, rng: random.Random, evaluate: Evaluate | None = None, *, blind: bool = False
):
    """``blind``: ``state`` is a seat's view (:func:`seat_view`): a candidate whose move or score reads
    a card the seat does not see (an anonymous one) is left out rather than raising."""
    if evaluate is None or len(offered) == 1:
        return choose_random(state, seat, offered, rng)
    candidates = list(offered)
    if len(candidates) > GREEDY_CANDIDATES:
        candidates = rng.sample(candidates, GREEDY_CANDIDATES)
    best: list[tuple[Move, dict[str, Any]]] = []
    best_score = float("-inf")
    for move, payload in candidates:
        try:
            after = apply(state, Event(state.seq + 1, seat, move.kind, payload)).state
            if after.phase == FINISHED:
                won = after.result is not None and after.result[0] == seat
                score = float("inf") if won else float("-inf")
            else:
                score = evaluate(after, seat)
        except Refusal:  # an offered intent always applies; a defect the tests catch, not here
            continue
        except Exception:
            if not blind:
                raise
            continue  # the move or the score reads an anonymous card: not scored
        if score > best_score:
            best, best_score = [(move, payload)], score
        elif score == best_score:
            best.append((move, payload))
    if not best:
        return choose_random(state, seat, offered, rng)
    return choose_random(state, seat, best, rng)


CHOOSERS = {RANDOM: choose_random, GREEDY: choose_greedy}


def seen_instances(state: TableState, seat: int) -> frozenset[str]:
    """The instances whose identity ``seat`` may know now, as its view at a human table shows them
    (rules.tables.views: its own hand, the public zones, a revealed card, its own deck it searches)."""
    viewers = frozenset({seat})
    spec = state.spec
    seen: set[str] = set()
    for owner, held in enumerate(state.seats):
        for key, cards in held.zones.items():
            searched = owner == seat and (owner, key) in state.searching
            seen.update(c.instance for c in cards if searched or visible(spec, key, owner, c, viewers))
    for key, pairs in state.shared.items():
        seen.update(c.instance for owner, c in pairs if visible(spec, key, owner, c, viewers))
    return frozenset(seen)


def seat_view(state: TableState, seat: int) -> TableState:
    """The state as ``seat`` knows it: each card it may not see is an anonymous card (no stable id,
    name, type, fields nor effects; its instance id carries nothing of it), the other seat's deck list
    empty, and no state before the last move (an undo's). What a bot at a human table decides on."""
    seen = seen_instances(state, seat)
    unknown = CardData(game=state.start.game, name="", type="")
    instances = {
        instance: (owner, card if instance in seen else unknown)
        for instance, (owner, card) in state.start.instances.items()
    }
    decks = tuple(deck if n == seat else SeatDeck(()) for n, deck in enumerate(state.start.decks))
    start = evolve(state.start, instances=frozen(instances), decks=decks)
    return evolve(state, start=start, undo_point=None)


def bot_to_move(state: TableState, seat: int, offered: Sequence[tuple[Move, dict[str, Any]]]) -> bool:
    """Whether a bot at ``seat`` (its intents ``offered``) moves now at a table with a person: during
    the setup as soon as it has a decision of its own to make (both seats decide at once), then when
    the table waits for it (:func:`acting_seat`)."""
    if not offered:
        return False
    if state.phase == SETUP and state.seats[seat].pending:
        return True
    mine, other = list(offered), bot_intents(state, 1 - seat)
    offers = (mine, other) if seat == 0 else (other, mine)
    return acting_seat(state, offers) == seat


def choose_seen(
    state: TableState,
    seat: int,
    offered: Sequence[tuple[Move, dict[str, Any]]],
    policy: str,
    rng: random.Random,
    evaluate: Evaluate | None = None,
) -> tuple[Move, dict[str, Any]]:
    """A bot's move at a table with a person: one of ``offered`` (its seat's :func:`bot_intents`),
    chosen by ``policy`` on :func:`seat_view` only (never a card its seat may not see)."""
    view = seat_view(state, seat)
    if policy == GREEDY:
        return choose_greedy(view, seat, list(offered), rng, evaluate, blind=True)
    return CHOOSERS[policy](view, seat, list(offered), rng, evaluate)


@dataclass(frozen=True, slots=True)
class BotGame:
    """A game the bots played: its events (enough, with the seed and the decks, to replay it) and the
    state it ended in (``finished`` or, past ``max_events``, unfinished)."""

    events: tuple[Event, ...]
    state: TableState


def play_out(
    state: TableState,
    *,
    policies: tuple[str, str] = (RANDOM, RANDOM),
    seed: int = 0,
    evaluate: Evaluate | None = None,
    max_events: int = 3000,
) -> BotGame:
    """Play a dealt table (rules mode) to its end by the two seats' policies."""
    rng = random.Random(seed)
    events: list[Event] = []
    while state.phase != FINISHED and len(events) < max_events:
        offers = (bot_intents(state, 0), bot_intents(state, 1))
        seat = acting_seat(state, offers)
        if seat is None:
            break  # no seat may move: a defect of the game's declaration (the property tests say so)
        move, payload = CHOOSERS[policies[seat]](state, seat, offers[seat], rng, evaluate)
        event = Event(state.seq + 1, seat, move.kind, payload)
        state = apply(state, event).state
        events.append(event)
    return BotGame(tuple(events), state)


def events_to_rows(events: Sequence[Event]) -> list[list[Any]]:
    """A bot game's events, compact: [seat, kind, payload] each (the seq is the position)."""
    return [[e.seat, e.kind, dict(e.payload)] for e in events]


def events_from_rows(rows: Sequence[Sequence[Any]]) -> list[Event]:
    return [Event(n + 1, seat, kind, payload) for n, (seat, kind, payload) in enumerate(rows)]
