"""What the playtests say about each card and deck: facts read from a table's log, and their sums.

:func:`table_facts` replays a finished table (:mod:`rules.tables`) and says, for each seat, which
card versions its deck held and which of them were seen (public at some point of the game: face up
in a zone both players see, or revealed; a card drawn and never shown is not), played (from the
hand or the deck into a play zone, and public at some point: a card played face down and never
turned up counts as not played), put back in a mulligan, and on which of the player's own turns
each was first played; a paper game gives the same :class:`GameFacts` from what a player recorded.
The figures count only what the game made public: nobody learns from them which cards an
opponent held unseen. :func:`contribution` turns one game into counts; figures are sums of
contributions, so adding a game to the figures (incremental) and summing every game again
(rebuild) give the same numbers. :func:`wilson` gives a rate's 95 % interval.

The studio reports; people decide: nothing here changes a card. Pure: no Django, no I/O.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .tables.engine import Event, apply
from .tables.state import Card, TableState
from .tables.views import visible

TABLE, PAPER = "table", "paper"
# A free table's game (its sandbox: no rule checked) counts apart from the rules' games ("table"):
# the balance figures read the games played by the rules (and on paper), never the free ones mixed in.
FREE = "free"
# A game the simulation lab's bots played: its figures are read apart from the people's, never mixed in.
SIMULATED = "simulated"
# A rate from fewer games than this is shown as too few to read.
TOO_FEW = 10
Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class CardFacts:
    copies: int = 0
    opening: bool = False  # in the opening hand
    seen: bool = False
    played: bool = False
    mulligan: bool = False  # at least one copy put back in a mulligan
    first_played_turn: int | None = None


@dataclass(frozen=True, slots=True)
class SeatFacts:
    deck: str
    deck_name: str = ""
    # What a matchup of the game's identities reads (the Legend, the active Leader, a clan).
    label: str = ""
    won: bool | None = None
    cards: Mapping[tuple[str, int], CardFacts] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class GameFacts:
    game: str
    format: str
    source: str
    day: str
    turns: int
    seats: tuple[SeatFacts, SeatFacts]


def table_facts(
    start: TableState,
    events: Sequence[Event],
    *,
    format: str,
    day: str,
    decks: tuple[str, str],
    deck_names: tuple[str, str] = ("", ""),
    labels: tuple[str, str] = ("", ""),
) -> GameFacts:
    """The facts of one table's game, replayed from its dealt state and its events."""
    spec = start.spec
    plays = {z.key for z in spec.zones if z.play}
    moves = start.start.moves
    playing_kinds = (
        {m.kind for m in moves.declared(start.start.mode) if m.plays} if moves is not None else set()
    )
    per_seat: list[dict[str, dict[str, Any]]] = [{}, {}]
    for instance, (seat, data) in start.start.instances.items():
        per_seat[seat][instance] = {"key": (data.stable_id or f"ref:{data.name}", data.version)}
    for seat in (0, 1):
        for zone, lying in start.seats[seat].zones.items():
            for placed in lying:
                per_seat[seat][placed.instance]["opening"] = zone == "hand"
    _mark_public(start, per_seat)
    state = start
    for event in events:
        applied = apply(state, event)
        if event.kind == "mulligan":
            for instance in event.payload.get("cards") or ():
                per_seat[event.seat][instance]["mulligan"] = True  # type: ignore[index]
        for moved in applied.moved:
            facts = per_seat[moved.owner][moved.instance]
            now = Card(moved.instance, moved.target_face_down, False, moved.target_revealed)
            # Public: what a spectator, who holds no seat, would see (a card drawn is not).
            if visible(spec, moved.target, moved.owner, now, NOBODY):
                facts["seen"] = True
            played = moved.target in plays or (event.kind in playing_kinds and moved.source == "hand")
            if moved.source in ("hand", "deck") and played and not facts.get("played"):
                facts["played"] = True
                facts["turn"] = max(1, applied.state.seats[moved.owner].turns)  # the owner's own turn
        if applied.state.phase != state.phase:
            # The setup done, the starters are turned face up by the table itself (no card moved).
            _mark_public(applied.state, per_seat)
        state = applied.state
    winner = state.result[0] if state.result is not None else None
    seats = []
    for seat in (0, 1):
        cards: dict[tuple[str, int], CardFacts] = {}
        for facts in per_seat[seat].values():
            key = facts["key"]
            before = cards.get(key, CardFacts())
            turn = facts.get("turn")
            # A card played but never public (face down, never turned up) was not played for anyone.
            public = bool(facts.get("seen"))
            turn = turn if public else None
            first = before.first_played_turn
            if turn is not None and (first is None or turn < first):
                first = turn
            cards[key] = CardFacts(
                copies=before.copies + 1,
                opening=before.opening or bool(facts.get("opening")),
                seen=before.seen or public,
                played=before.played or (public and bool(facts.get("played"))),
                mulligan=before.mulligan or bool(facts.get("mulligan")),
                first_played_turn=first,
            )
        won = None if winner is None and state.result is None else winner == seat
        seats.append(SeatFacts(decks[seat], deck_names[seat], labels[seat], won, cards))
    source = TABLE if start.start.mode == "rules" else FREE
    return GameFacts(start.start.game, format, source, day, state.turn, (seats[0], seats[1]))


# The viewers of a spectator: no seat, so only what both players see.
NOBODY: frozenset[int] = frozenset()


def _mark_public(state: TableState, per_seat: list[dict[str, dict[str, Any]]]) -> None:
    """Every card that lies public in ``state`` is seen."""
    spec = state.spec
    for seat in (0, 1):
        for zone, lying in state.seats[seat].zones.items():
            for placed in lying:
                if visible(spec, zone, seat, placed, NOBODY):
                    per_seat[seat][placed.instance]["seen"] = True
    for zone, pairs in state.shared.items():
        for owner, placed in pairs:
            if visible(spec, zone, owner, placed, NOBODY):
                per_seat[owner][placed.instance]["seen"] = True


def paper_facts(
    *,
    game: str,
    format: str,
    day: str,
    decks: tuple[str, str],
    cards: tuple[Mapping[tuple[str, int], int], Mapping[tuple[str, int], int]],
    winner: int | None,
    turns: int = 0,
    seen: tuple[Iterable[tuple[str, int]], Iterable[tuple[str, int]]] = ((), ()),
    played: tuple[Iterable[tuple[str, int]], Iterable[tuple[str, int]]] = ((), ()),
    deck_names: tuple[str, str] = ("", ""),
    labels: tuple[str, str] = ("", ""),
) -> GameFacts:
    """The facts of a game played off the studio, as a player recorded them: the two decks' card
    versions with their copies, the winner (0, 1 or None for a draw) and, if known, the cards
    drawn and played (a played card was seen)."""
    seats = []
    for index in (0, 1):
        seen_here, played_here = set(seen[index]), set(played[index])
        facts = {
            key: CardFacts(
                copies=copies, seen=key in seen_here or key in played_here, played=key in played_here
            )
            for key, copies in cards[index].items()
        }
        won = None if winner is None else winner == index
        seats.append(SeatFacts(decks[index], deck_names[index], labels[index], won, facts))
    return GameFacts(game, format, PAPER, day, turns, (seats[0], seats[1]))


def matchup_label(ruleset: Any, deck: Any) -> str:
    """What names a deck's side in the matchups of its game (its Legend, its active Leader, its
    most frequent clan), from the rule set's ``matchup_pick`` / ``matchup_field``; "": none."""
    if ruleset.matchup_pick:
        picked = dict(deck.picks).get(ruleset.matchup_pick)
        return picked.name if picked is not None else ""
    if ruleset.matchup_field:
        values = Counter(
            str(card.get(ruleset.matchup_field))
            for _section, card in deck.cards
            if card.get(ruleset.matchup_field)
        )
        return min(values, key=lambda v: (-values[v], v)) if values else ""
    return ""


# --- counts ---------------------------------------------------------------------------------------
CARD_COUNTS = (
    "games",
    "wins",
    "seen",
    "winsSeen",
    "played",
    "winsPlayed",
    "opening",
    "mulligans",
    "firstTurnSum",
    "firstTurnGames",
)
# "timed": the games whose length is known (a paper game may be recorded without it, a table may end
# before its first turn): a deck's average length is turns / timed.
DECK_COUNTS = ("games", "wins", "losses", "turns", "timed")


def contribution(game: GameFacts) -> dict[tuple, Counter]:
    """One game as counts: {("card", game, format, source, day, stableCardId, version): counts,
    ("deck", game, format, source, day, deck): counts, ("matchup", ..., deck, other): counts,
    ("labels", ..., label, other label): counts}."""
    base = (game.game, game.format, game.source, game.day)
    out: dict[tuple, Counter] = {}
    for index, seat in enumerate(game.seats):
        other = game.seats[1 - index]
        won = 1 if seat.won else 0
        lost = 1 if seat.won is False else 0
        for (stable_id, version), facts in seat.cards.items():
            counts = out.setdefault(("card", *base, stable_id, version), Counter())
            counts["games"] += 1
            counts["wins"] += won
            if facts.seen:
                counts["seen"] += 1
                counts["winsSeen"] += won
            if facts.played:
                counts["played"] += 1
                counts["winsPlayed"] += won
            if facts.opening:
                counts["opening"] += 1
                counts["mulligans"] += 1 if facts.mulligan else 0
            if facts.first_played_turn is not None:
                counts["firstTurnSum"] += facts.first_played_turn
                counts["firstTurnGames"] += 1
        deck = out.setdefault(("deck", *base, seat.deck), Counter())
        deck.update(
            {"games": 1, "wins": won, "losses": lost, "turns": game.turns, "timed": 1 if game.turns else 0}
        )
        matchup = out.setdefault(("matchup", *base, seat.deck, other.deck), Counter())
        matchup.update({"games": 1, "wins": won, "losses": lost})
        if seat.label or other.label:
            labels = out.setdefault(("labels", *base, seat.label, other.label), Counter())
            labels.update({"games": 1, "wins": won, "losses": lost})
    return out


def add(figures: dict[tuple, Counter], game: GameFacts) -> dict[tuple, Counter]:
    """``figures`` with one more game (a new mapping; ``figures`` is left as it was)."""
    result = {key: Counter(counts) for key, counts in figures.items()}
    for key, counts in contribution(game).items():
        result.setdefault(key, Counter()).update(counts)
    return result


def rebuild(games: Iterable[GameFacts]) -> dict[tuple, Counter]:
    """Every game's counts summed again: what the figures are after a rebuild."""
    result: dict[tuple, Counter] = {}
    for game in games:
        for key, counts in contribution(game).items():
            result.setdefault(key, Counter()).update(counts)
    return result


# --- rates ----------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Rate:
    """``successes`` of ``trials``, with its 95 % Wilson interval; ``too_few`` under :data:`TOO_FEW` trials."""

    successes: int
    trials: int
    low: float
    high: float

    @property
    def value(self) -> float | None:
        return self.successes / self.trials if self.trials else None

    @property
    def too_few(self) -> bool:
        return self.trials < TOO_FEW

    def to_dict(self) -> dict:
        return {
            "successes": self.successes,
            "trials": self.trials,
            "rate": None if self.value is None else round(self.value, 4),
            "low": round(self.low, 4),
            "high": round(self.high, 4),
            "tooFew": self.too_few,
        }


def wilson(successes: int, trials: int, z: float = Z95) -> Rate:
    """The Wilson score interval of ``successes`` in ``trials`` (0 to 1 when there is no trial)."""
    if trials <= 0:
        return Rate(0, 0, 0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError("successes are between 0 and the trials")
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return Rate(successes, trials, max(0.0, centre - half), min(1.0, centre + half))


def card_rates(counts: Mapping[str, int]) -> dict[str, object]:
    """A card's figures from its summed counts: rates with intervals, and the average first turn."""
    games = counts.get("games", 0)
    first = counts.get("firstTurnGames", 0)
    return {
        "games": games,
        "seen": counts.get("seen", 0),
        "played": counts.get("played", 0),
        "playRate": wilson(counts.get("played", 0), games),
        "seenRate": wilson(counts.get("seen", 0), games),
        "winInDeck": wilson(counts.get("wins", 0), games),
        "winSeen": wilson(counts.get("winsSeen", 0), counts.get("seen", 0)),
        "winPlayed": wilson(counts.get("winsPlayed", 0), counts.get("played", 0)),
        "mulliganRate": wilson(counts.get("mulligans", 0), counts.get("opening", 0)),
        "averageFirstTurn": round(counts.get("firstTurnSum", 0) / first, 2) if first else None,
    }
