"""Example logs of each game's table, stored under tests/data/tables/ (issue 46, "Pinned rules").

A log is a whole game as the studio stores it: the deal's inputs (game, mode, the rules version it
was dealt under, the seed, both decks as stable card ids of the demo cards, cards/demo) and its
events; with the summary its replay gave when it was recorded (zone counts, counters, turn, step,
result, and a digest of where every card lies). tests/rules/tables/test_example_logs.py replays
each under its recorded rules version and compares. To record (again) the logs of a game, e.g.
after its rules version was bumped (docs/adding-a-game.md):

    .venv/bin/python -m tests.rules.tables.examples vanguard            # every mode of vanguard
    .venv/bin/python -m tests.rules.tables.examples vanguard:rules      # one log
    .venv/bin/python -m tests.rules.tables.examples                     # every game's logs

The game is played by picking the intents the table offers (seeded, never conceding nor claiming
a result; at a free table also moves of cards from the hand to the table's zones). The free logs of
the legacy version (``<game>-free-legacy.json``, "free-1", before rules.tables.fairness) are kept:
they pin the replay of the free tables played before it, to its end or a bounded length.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from rules import get_ruleset
from rules.tables import Event, Refusal, SeatDeck, apply, deal_table, intents
from rules.tables.state import TableState

from .kit import GAMES, decks, pool

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "tests" / "data" / "tables"
FORMAT = "card-studio-table-example"
# The longest example (a rules game usually ends before: vanguard's deck out after ~150 events).
MOST_EVENTS = {"rules": 400, "free": 80}
SEED = 46
# What a seat is offered at any time, not a move the table waits for (rules.tables.common_moves' fair
# moves; darkrow's and duel's effects applied by hand, duel's traps and table options).
AT_ANY_TIME = frozenset(
    {"roll", "coin", "search", "reveal", "undo", "acceptResult", "refuseResult", "acceptUndo", "refuseUndo"}
    | {"markDamage", "heal", "exhaust", "ready", "play", "unequip"}
    | {"activateTrap", "toGraveyard", "usePower", "changeLp", "modify", "option"}
)


def modes(game: str) -> tuple[str, ...]:
    """The modes whose logs a game keeps: its free table, and its rules mode when it has one."""
    return ("free", "rules") if get_ruleset(game).has_rules_mode() else ("free",)


def path_for(game: str, mode: str) -> Path:
    return EXAMPLES / f"{game}-{mode}.json"


def deck_data(deck: SeatDeck) -> dict[str, Any]:
    """A seat's deck in the log: [section, stable card id, copies] in deck-list order, and the picks."""
    runs: list[list[Any]] = []
    for section, card in deck.cards:
        if runs and runs[-1][:2] == [section, card.stable_id]:
            runs[-1][2] += 1
        else:
            runs.append([section, card.stable_id, 1])
    return {"cards": runs, "picks": [[pick, card.stable_id] for pick, card in deck.picks]}


def thaw_deck(game: str, data: dict[str, Any]) -> SeatDeck:
    """The deck of a log, with the demo cards (tests/rules/tables/kit.pool) its ids name."""
    cards = pool(game)
    return SeatDeck(
        tuple((section, cards[sid]) for section, sid, copies in data["cards"] for _ in range(copies)),
        tuple((pick, cards[sid]) for pick, sid in data["picks"]),
    )


def dumps(log: dict[str, Any]) -> str:
    """The log as JSON, one deck entry and one event a line (reviewable in a diff)."""

    def lines(items: list[Any], indent: str) -> str:
        inner = ",\n".join(indent + "  " + json.dumps(i, ensure_ascii=False) for i in items)
        return "[\n" + inner + "\n" + indent + "]" if items else "[]"

    head = {k: v for k, v in log.items() if k not in ("decks", "events", "expected")}
    parts = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in head.items()]
    decks_text = ",\n".join(
        '    {"cards": ' + lines(d["cards"], "    ") + ', "picks": ' + json.dumps(d["picks"]) + "}"
        for d in log["decks"]
    )
    parts.append('  "decks": [\n' + decks_text + "\n  ]")
    parts.append('  "events": ' + lines(log["events"], "  "))
    parts.append('  "expected": ' + json.dumps(log["expected"], indent=2).replace("\n", "\n  "))
    return "{\n" + ",\n".join(parts) + "\n}\n"


def summary(state: TableState) -> dict[str, Any]:
    """What a replay gives, as the log pins it (seats counted from 1)."""
    layout = [
        [
            [key, [[c.instance, c.face_down, c.tapped, c.revealed] for c in cards]]
            for key, cards in sorted(s.zones.items())
        ]
        for s in state.seats
    ] + [
        [key, [[o, c.instance, c.face_down, c.tapped] for o, c in pairs]]
        for key, pairs in sorted(state.shared.items())
    ]
    result = None
    if state.result is not None:
        winner, reason = state.result
        result = {"winner": None if winner is None else winner + 1, "reason": reason}
    return {
        "seq": state.seq,
        "phase": state.phase,
        "turn": state.turn,
        "active": None if state.active is None else state.active + 1,
        "step": state.spec.steps[state.step].key if state.spec.steps else None,
        "result": result,
        "seats": [
            {
                "zones": {key: len(cards) for key, cards in sorted(s.zones.items())},
                "counters": dict(sorted(s.counters.items())),
            }
            for s in state.seats
        ],
        "shared": {key: len(pairs) for key, pairs in sorted(state.shared.items())},
        "board": len(state.board),
        "layout": hashlib.sha256(json.dumps(layout).encode()).hexdigest()[:16],
    }


def _free_move(rng: random.Random, state: TableState, seat: int) -> dict[str, Any] | None:
    """At a free table: a card of the seat's hand to one of the table's zones (a move the engine may refuse)."""
    hand = state.seats[seat].zones.get("hand", ())
    targets = [z.key for z in state.spec.zones if z.key not in ("deck", "hand")]
    if not hand or not targets:
        return None
    return {"instance": rng.choice(hand).instance, "to": rng.choice(targets)}


def play(
    game: str, mode: str, seed: int = SEED, rules_version: str | None = None, prefer: tuple[str, ...] = ()
) -> tuple[TableState, list[Event]]:
    """A game of ``game`` in ``mode`` played by offered intents (seeded), to its end or its bound
    (``rules_version``: an older version the game keeps, GameMoves.previous; None: the current one;
    ``prefer``: kinds played whenever a seat is offered one, e.g. vanguard's rare intercept; the turn
    then never ends early)."""
    rng = random.Random(seed)
    state = deal_table(get_ruleset(game), seed, decks(game), mode=mode, rules_version=rules_version)
    events: list[Event] = []
    while len(events) < MOST_EVENTS[mode] and state.phase != "finished":
        # Never a concession nor a result claimed (the game ends by its rules, or its bound).
        offers = {
            s: [(m.kind, p) for m, p in intents(state, s) if m.kind not in ("concede", "result")]
            for s in (0, 1)
        }
        ready = [s for s in (0, 1) if offers[s]]
        if not ready:
            break
        # The seat to act; during the setup, a seat with a decision to make (a die is always offered).
        deciding = [s for s in ready if state.seats[s].pending]
        seat = state.active if state.active in ready else (deciding or ready)[0]
        # The other seat answers first when the table waits for it (duel: an attack to let through),
        # not for what it may play at any time (the fair moves, an effect applied by hand).
        answering = [
            s for s in ready if s != state.active and any(k not in AT_ANY_TIME for k, _p in offers[s])
        ]
        if state.active is not None and answering:
            seat = answering[0]
        wanting = [s for s in ready if any(k in prefer for k, _p in offers[s])]
        if wanting:
            seat = wanting[0]
            offers[seat] = [o for o in offers[seat] if o[0] in prefer]
        if mode == "rules" and not wanting:
            # A kind first, then one of its payloads: a move of many payloads (a summon) does not
            # crowd out the next step.
            kinds = sorted({k for k, _p in offers[seat]})
            # What is offered at any time, now and then only: the game goes on.
            game_kinds = [k for k in kinds if k not in AT_ANY_TIME]
            kind = rng.choice(game_kinds if game_kinds and rng.random() < 0.9 else kinds)
            kind, payload = rng.choice([o for o in offers[seat] if o[0] == kind])
        else:
            kind, payload = rng.choice(offers[seat])
        ends = [o for o in offers[seat] if o[0] == "endTurn"] if not prefer else []
        if ends and rng.random() < (0.3 if mode == "free" else 0.1):
            kind, payload = ends[0]
        if mode == "free" and state.phase == "playing" and rng.random() < 0.4:
            moved = _free_move(rng, state, seat)
            if moved is not None:
                kind, payload = "move", moved
        event = Event(state.seq + 1, seat, kind, dict(payload))
        try:
            state = apply(state, event).state
        except Refusal:
            continue
        events.append(event)
    return state, events


def record(
    game: str, mode: str, seed: int = SEED, rules_version: str | None = None, prefer: tuple[str, ...] = ()
) -> dict[str, Any]:
    ruleset = get_ruleset(game)
    state, events = play(game, mode, seed, rules_version, prefer)
    return {
        "format": FORMAT,
        "formatVersion": 1,
        "game": game,
        "mode": mode,
        "rulesVersion": rules_version or ruleset.rules_version(mode),
        "seed": seed,
        "decks": [deck_data(d) for d in decks(game)],
        "events": [
            {"seq": e.seq, "seat": e.seat + 1, "kind": e.kind, "payload": dict(e.payload)} for e in events
        ],
        "expected": summary(state),
    }


# Logs of an older rules version kept beside the current one (GameMoves.previous), recorded once with
# the moves that version changed played whenever offered: name -> (game, mode, seed, version, kinds).
# ``python -m tests.rules.tables.examples vanguard-rules-v2-intercept`` records one again.
KEPT = {
    "vanguard-rules-v2-intercept": ("vanguard", "rules", 70, "vanguard-2", ("intercept",)),
}


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def events_of(log: dict[str, Any]) -> list[Event]:
    return [Event(e["seq"], e["seat"] - 1, e["kind"], e["payload"]) for e in log["events"]]


def main(argv: list[str]) -> None:
    wanted = argv or list(GAMES)
    EXAMPLES.mkdir(parents=True, exist_ok=True)
    for item in wanted:
        if item in KEPT:
            game, mode, seed, version, prefer = KEPT[item]
            log = record(game, mode, seed, version, prefer)
            (EXAMPLES / f"{item}.json").write_text(dumps(log), encoding="utf-8")
            print(f"{item}.json: {len(log['events'])} events, {version}")
            continue
        game, _, mode = item.partition(":")
        for one in (mode,) if mode else modes(game):
            log = record(game, one)
            path_for(game, one).write_text(dumps(log), encoding="utf-8")
            expected = log["expected"]
            print(
                f"{path_for(game, one).relative_to(ROOT)}: {len(log['events'])} events, {log['rulesVersion']}, {expected['phase']} {expected['result']}"
            )


if __name__ == "__main__":
    main(sys.argv[1:])
