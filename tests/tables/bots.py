"""A bot that plays a whole game through the API by picking the intents the table offers.

Two users sit at a table (created and joined through the API). At each step the bot picks one of
the intents a seat is offered with a seeded generator (never conceding) and posts it as is with its
``expectedSeq``, until the table is finished or a bounded number of moves is played. Each user reads
the table as a client does: the mover from the answer to its move (the event, its new view and
intents: what the table page shows next, asking nothing again), the other user by
``GET /api/tables/{id}/`` (its view), ``GET .../events/?since=`` (the events since its last read)
and ``GET .../intents/``; the mover changes, so both users read by GET in a game. At every step
it checks hidden information: each user's view, new events and intents, however read, never name a
card that user may not see, as tests/tables/test_hidden_information.py writes the rule (the truth:
the whole state, replayed on the server side).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from tables.models import Table
from tables.selectors import table_state
from tests.rules.tables.hidden import assert_no_leak, known_to

from .play import fix_seed, post, view

# One move in this many ends the turn when the rules allow it (a game of about 150 moves).
END_TURN_ODDS = 0.35
# darkrow: an effect's outcome applied by hand (damage, heal, exhaust, ready, unequip) and a card played
# in response (an Action) are offered to both seats at any time too; riftbound: a unit killed or
# recalled by an effect; duel: a trap (used when its player judges its condition met), a character's
# power, a card sent to the graveyard by an effect and the table's options.
EXTRAS = frozenset(
    {
        "roll",
        "coin",
        "search",
        "reveal",
        "undo",
        "markDamage",
        "heal",
        "exhaust",
        "ready",
        "play",
        "unequip",
        "kill",
        "recall",
    }
    | {"activateTrap", "usePower", "toGraveyard", "option"}
)
EXTRA_ODDS = 0.1


@dataclass
class BotGame:
    """What a bot's game did: the moves posted (kind by kind), how it ended."""

    table_id: int
    moves: list[tuple[int, str]] = field(default_factory=list)
    status: str = ""
    result: dict[str, Any] | None = None
    checks: int = 0
    # How many times each seat read the table by GET (view, events, intents) rather than from the
    # answer to its move.
    gets: dict[int, int] = field(default_factory=dict)


def create_table(
    clients: dict[int, Any], decks: dict[int, int], *, seed: int | None = 1, **options: Any
) -> int:
    """A table of two users: seat 1 creates it, seat 2 joins it by its invitation. Its luck is
    ``seed``, fixed before the deal so that a run plays the same game as the last (the rules' tests
    explore many seeds without the API: tests/rules/tables/test_hidden_fuzz.py); ``None`` keeps the
    server's draw."""
    created = clients[1].post("/api/tables/", {"deck": decks[1], **options}, format="json")
    assert created.status_code == 201, created.content
    body = created.json()
    if seed is not None:
        fix_seed(body["id"], seed)
    joined = clients[2].post(
        "/api/tables/join/", {"token": body["inviteToken"], "deck": decks[2]}, format="json"
    )
    assert joined.status_code == 200, joined.content
    return body["id"]


def offered(client, table_id: int) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table_id}/intents/")
    assert response.status_code == 200, response.content
    return response.json()


def luck_only(intents: list[dict[str, Any]]) -> bool:
    """Only what any seat is offered at any time (EXTRAS): nothing the seat must answer."""
    return all(i["kind"] in EXTRAS for i in intents)


def pick(rng: random.Random, intents: list[dict[str, Any]], *, active: bool = False) -> dict[str, Any]:
    ends = [i for i in intents if i["kind"] == "endTurn"]
    if ends and rng.random() < END_TURN_ODDS:
        return ends[0]
    # What is offered at any time (a die, a coin, looking through or showing one's deck, an undo):
    # played now and then, so that the game goes on. A card played in one's own turn is a move of
    # the game, not an extra.
    extra = EXTRAS - {"play"} if active else EXTRAS
    extras = [i for i in intents if i["kind"] in extra]
    rest = [i for i in intents if i["kind"] not in extra]
    if extras and (not rest or rng.random() < EXTRA_ODDS):
        return rng.choice(extras)
    return rng.choice(rest)


class HiddenCheck:
    """The hidden-information check of one table, step by step: what each seat may know now and
    ever (an event may name a card once known), against what each user reads."""

    def __init__(self, clients: dict[int, Any], table_id: int):
        self.clients = clients
        self.table_id = table_id
        self.known_ever: dict[int, set[str]] = {seat: set() for seat in clients}
        self.read_up_to: dict[int, int] = dict.fromkeys(clients, 0)
        self.known_now: dict[int, set[str]] = {seat: set() for seat in clients}
        self.every: set[str] = set()
        # What each user read last (view and intents), and how many times each read by GET.
        self.views: dict[int, dict[str, Any]] = {}
        self.intents: dict[int, dict[str, Any]] = {}
        self.gets: dict[int, int] = dict.fromkeys(clients, 0)

    def truth(self):
        return table_state(Table.objects.get(pk=self.table_id))

    def __call__(self, played: tuple[int, dict[str, Any]] | None = None) -> dict[str, Any]:
        """Check what each user reads now against the state now: the mover of the move just
        ``played`` (its seat and the answer's body) the answer (the event, its view and intents),
        every other user its view, new events and intents read by GET. Returns seat 1's view."""
        state = self.truth()
        self.every = set(state.start.instances)
        for seat, client in self.clients.items():
            known = self.known_now[seat] = known_to(state, seat - 1)
            self.known_ever[seat] |= known
            where = f"seat {seat} at seq {state.seq}"
            if played is not None and played[0] == seat:
                answer = played[1]
                where += " move's"
                seen, events, intents = answer["view"], answer["events"], answer["intents"]
            else:
                self.gets[seat] += 1
                seen = view(client, self.table_id)
                feed = client.get(f"/api/tables/{self.table_id}/events/", {"since": self.read_up_to[seat]})
                assert feed.status_code == 200, feed.content
                events = feed.json()["events"]
                intents = offered(client, self.table_id)
            # Every event since the user's last read, each once: the answer brings the move's event.
            assert [e["seq"] for e in events] == list(range(self.read_up_to[seat] + 1, state.seq + 1)), where
            assert seen["seq"] == intents["seq"] == state.seq, where
            assert_no_leak(seen, known, self.every, f"{where} view")
            assert_no_leak(events, self.known_ever[seat], self.every, f"{where} events")
            assert_no_leak(intents, known, self.every, f"{where} intents")
            self.read_up_to[seat] = state.seq
            self.views[seat], self.intents[seat] = seen, intents
        return self.views[1]


def play_game(clients: dict[int, Any], table_id: int, *, seed: int = 1, max_moves: int = 400) -> BotGame:
    """Play ``table_id`` to its end (or ``max_moves``) by offered intents, checking hidden
    information at every step; returns what happened."""
    rng = random.Random(seed)
    game = BotGame(table_id)
    check = HiddenCheck(clients, table_id)
    data = check()
    for _ in range(max_moves):
        if data["status"] == "finished":
            break
        # Each seat's intents as it read them at the last check (the answer to its move, or GET).
        answers = check.intents
        # Never a concession nor a result claimed: the rules end the game.
        choices = {
            seat: [i for i in answer["intents"] if i["kind"] not in ("concede", "result")]
            for seat, answer in answers.items()
        }
        ready = [seat for seat, intents in choices.items() if intents]
        # Never both seats without a move before the game ends.
        assert ready, f"table {table_id} at seq {data['seq']}: no seat has a move ({data['status']})"
        active = (data.get("turn") or {}).get("seat")
        # The seat not to move answers first when it may (a guard); else the active seat, or the
        # first seat still to decide during the setup.
        # A die, a coin, one's own deck and an undo are offered to both seats at any time: not a move
        # a seat must answer (a guard, an undo asked of it are).
        responders = [seat for seat in ready if seat != active and not luck_only(choices[seat])]
        deciding = [seat for seat in ready if data["seats"][seat - 1].get("pending")]
        if active is None:
            seat = (deciding or ready)[0]
        else:
            seat = responders[0] if responders else (active if active in ready else ready[0])
        intent = pick(rng, choices[seat], active=seat == active)
        payload = {k: v for k, v in intent.items() if k not in ("kind", "label")}
        answer = post(clients[seat], table_id, intent["kind"], answers[seat]["seq"], **payload)
        assert answer.status_code == 201, (intent, answer.content)
        game.moves.append((seat, intent["kind"]))
        data = check((seat, answer.json()))
        game.checks += 1
    game.status = data["status"]
    game.gets = dict(check.gets)
    game.result = data.get("result")
    return game
