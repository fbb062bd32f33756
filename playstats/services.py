"""Counting games into the play statistics, recording paper games, rebuilding from the logs.

Counting is idempotent (a game is counted once, :class:`~playstats.models.CountedGame`) and
adds the game's counts (:func:`rules.playstats.contribution`) to the day's sums in one
transaction. A rebuild deletes a game's sums and sums every finished table and paper game again
from their logs: the same figures (a test proves it), so a fix in the counting is one command away.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from common.errors import InvalidInput
from common.notes import checked_note
from decks.models import Deck
from decks.selectors import Played, played_entries
from rules import registry
from rules.findings import error
from rules.i18n import N_
from rules.playstats import (
    DECK_COUNTS,
    GameFacts,
    contribution,
    matchup_label,
    paper_facts,
    rebuild,
    table_facts,
)
from rules.tables import Event
from tables.models import Seat, Table, TableEvent
from tables.selectors import deal_for, table_events
from tables.snapshot import thaw

from .models import CardFigure, CountedGame, DeckFigure, MatchupFigure, PaperGame, PaperSeat

CARD_FIELDS = {
    "games": "games",
    "wins": "wins",
    "seen": "seen",
    "winsSeen": "wins_seen",
    "played": "played",
    "winsPlayed": "wins_played",
    "opening": "opening",
    "mulligans": "mulligans",
    "firstTurnSum": "first_turn_sum",
    "firstTurnGames": "first_turn_games",
}
# A deck's counts are its figure's columns of the same names; a matchup's, all but its games' lengths.
SIDE_FIELDS = {name: name for name in DECK_COUNTS}
MATCHUP_FIELDS = {k: v for k, v in SIDE_FIELDS.items() if k not in ("turns", "timed")}


def _row(key: tuple) -> tuple[type, dict[str, Any], dict[str, str]]:
    """The model, the lookup and the count fields of one key of a contribution."""
    what, game, format, source, day, *rest = key
    base = {"game": game, "format": format, "source": source, "day": dt.date.fromisoformat(day)}
    if what == "card":
        return CardFigure, {**base, "stable_id": rest[0], "version": rest[1]}, CARD_FIELDS
    if what == "deck":
        return DeckFigure, {**base, "deck": rest[0]}, SIDE_FIELDS
    kind = "deck" if what == "matchup" else "label"
    return MatchupFigure, {**base, "kind": kind, "side": rest[0], "other": rest[1]}, MATCHUP_FIELDS


def _add(counts: dict[tuple, Counter]) -> None:
    for key, values in counts.items():
        model, lookup, fields = _row(key)
        changes = {fields[name]: F(fields[name]) + n for name, n in values.items() if name in fields and n}
        if changes and model.objects.filter(**lookup).update(**changes):
            continue
        if not changes:
            continue
        try:
            with transaction.atomic():
                model.objects.create(**lookup, **{fields[n]: v for n, v in values.items() if n in fields})
        except IntegrityError:  # made meanwhile by another counting: add to it
            model.objects.filter(**lookup).update(**changes)


def _day(moment) -> str:
    return timezone.localdate(moment or timezone.now(), dt.UTC).isoformat()


def _format_of(seat) -> str:
    fmt = (seat.verdict or {}).get("format")
    if fmt:
        return fmt
    deck = seat.deck
    return deck.format.key if deck is not None and deck.format_id else ""


def table_game_facts(table: Table, seats=None, events: list[Event] | None = None) -> GameFacts:
    """A finished table's facts, replayed from its log (``seats``, ``events``: already read)."""
    if seats is None:
        seats = table.seats.select_related("deck__format")
    seats = sorted(seats, key=lambda s: s.index)
    ruleset = registry.get(table.game)
    thawed = [thaw(table.game, s.cards) for s in seats]
    return table_facts(
        # A table dealt under rules this studio does not know is refused (RulesUnknown), never miscounted.
        deal_for(table, thawed),
        table_events(table) if events is None else events,
        format=_format_of(seats[0]),
        day=_day(table.finished_at),
        decks=(_deck_key(seats[0].deck_id, seats[0].pk), _deck_key(seats[1].deck_id, seats[1].pk)),
        deck_names=(seats[0].deck_name, seats[1].deck_name),
        labels=(matchup_label(ruleset, thawed[0]), matchup_label(ruleset, thawed[1])),
    )


def _deck_key(deck_id, seat_pk) -> str:
    return str(deck_id) if deck_id is not None else f"seat-{seat_pk}"


def paper_game_facts(paper: PaperGame) -> GameFacts:
    seats = sorted(paper.seats.all(), key=lambda s: s.index)
    ruleset = registry.get(paper.game)
    cards = tuple({(sid, v): copies for sid, (v, copies) in s.cards.items()} for s in seats)
    versions = [{sid: v for sid, (v, _c) in s.cards.items()} for s in seats]
    labels = ("", "")
    if ruleset.matchup_pick or ruleset.matchup_field:
        labels = tuple(s.deck_name for s in seats)  # type: ignore[assignment]
    return paper_facts(
        game=paper.game,
        format=paper.format,
        day=paper.played_on.isoformat(),
        decks=(_deck_key(seats[0].deck_id, seats[0].pk), _deck_key(seats[1].deck_id, seats[1].pk)),
        cards=(cards[0], cards[1]),
        winner=None if paper.winner is None else paper.winner - 1,
        turns=paper.turns,
        seen=tuple(
            [(sid, versions[i][sid]) for sid in s.drawn if sid in versions[i]] for i, s in enumerate(seats)
        ),
        played=tuple(
            [(sid, versions[i][sid]) for sid in s.played if sid in versions[i]] for i, s in enumerate(seats)
        ),
        deck_names=(seats[0].deck_name, seats[1].deck_name),
        labels=labels,
    )


@transaction.atomic
def playstats_count_table(*, table_id: int) -> bool:
    """Add a finished table's game to the sums, once; False when it is not finished or already counted."""
    table = Table.objects.select_for_update().filter(pk=table_id).first()
    if table is None or table.status != Table.Status.FINISHED:
        return False
    if CountedGame.objects.filter(table_id=table_id).exists():
        return False
    _add(contribution(table_game_facts(table)))
    CountedGame.objects.create(table=table, game=table.game)
    return True


@transaction.atomic
def playstats_count_paper(*, paper_id: int) -> bool:
    paper = PaperGame.objects.select_for_update().filter(pk=paper_id).first()
    if paper is None or CountedGame.objects.filter(paper_id=paper_id).exists():
        return False
    _add(contribution(paper_game_facts(paper)))
    CountedGame.objects.create(paper=paper, game=paper.game)
    return True


@transaction.atomic
def playstats_rebuild(*, game: str) -> int:
    """Every figure of ``game`` summed again from the logs; the number of games counted."""
    for model in (CardFigure, DeckFigure, MatchupFigure, CountedGame):
        model.objects.filter(game=game).delete()
    tables = list(Table.objects.filter(game=game, status=Table.Status.FINISHED).order_by("pk"))
    papers = list(PaperGame.objects.filter(game=game).prefetch_related("seats").order_by("pk"))
    sums = rebuild([*_tables_facts(tables), *(paper_game_facts(p) for p in papers)])
    rows: dict[type, list] = {}
    for key, values in sums.items():
        model, lookup, fields = _row(key)
        rows.setdefault(model, []).append(
            model(**lookup, **{fields[n]: v for n, v in values.items() if n in fields})
        )
    for model, objects in rows.items():
        model.objects.bulk_create(objects, batch_size=1000)
    CountedGame.objects.bulk_create(
        [CountedGame(table=t, game=game) for t in tables] + [CountedGame(paper=p, game=game) for p in papers],
        batch_size=1000,
    )
    return len(tables) + len(papers)


def _tables_facts(tables: list[Table], chunk: int = 500):
    """The facts of many tables, their seats and events read a chunk of tables at a time (3 queries
    a chunk, not 2 a table)."""
    for start in range(0, len(tables), chunk):
        part = tables[start : start + chunk]
        ids = [t.pk for t in part]
        seats: dict[int, list] = {}
        for seat in Seat.objects.filter(table_id__in=ids).select_related("deck__format"):
            seats.setdefault(seat.table_id, []).append(seat)
        events: dict[int, list[Event]] = {}
        rows = (
            TableEvent.objects.filter(table_id__in=ids)
            .order_by("table_id", "seq")
            .values_list("table_id", "seq", "seat", "kind", "payload")
        )
        for table_id, seq, seat, kind, payload in rows.iterator(chunk_size=5000):
            events.setdefault(table_id, []).append(Event(seq, seat - 1, kind, payload))
        for table in part:
            yield table_game_facts(table, seats.get(table.pk, []), events.get(table.pk, []))


# --- paper games ----------------------------------------------------------------------------------
def _refuse(code: str, *, field: str, hint: str, **params: Any) -> InvalidInput:
    return InvalidInput([error(code, field=field, params={"field": field, **params}, hint=hint)])


def _deck_cards(played: list[Played]) -> dict[str, list[int]]:
    """{stableCardId: [version, copies]} of the cards a deck's entries play
    (:func:`decks.selectors.played_entries`: a name of several printings counts as the printing the
    deck's validation picked)."""
    cards: dict[str, list[int]] = {}
    for entry in played:
        if entry.card is None:
            continue
        version, copies = cards.get(entry.card.stable_id, [entry.card.version, 0])
        cards[entry.card.stable_id] = [version, copies + entry.count]
    return cards


def paper_game_record(
    *,
    user,
    decks: list[Deck],
    winner: int | None,
    played_on: dt.date | None = None,
    turns: int = 0,
    drawn: list[list[str]] | None = None,
    played: list[list[str]] | None = None,
    notes: str = "",
) -> PaperGame:
    """Record a game played off the studio and count it; all or nothing, with a clear refusal."""
    if len(decks) != 2:
        raise _refuse(
            "PAPER_GAME_INVALID",
            field="decks",
            hint=N_("name the two decks that played"),
            problem="decks",
        )
    game = decks[0].game
    if decks[1].game != game:
        raise _refuse(
            "PAPER_GAME_INVALID",
            field="decks",
            hint=N_("record a game between two decks of the same game"),
            problem="games",
        )
    if winner not in (None, 1, 2):
        raise _refuse(
            "PAPER_GAME_INVALID",
            field="winner",
            hint=N_("the winner is player 1 or 2 (empty: a draw)"),
            problem="winner",
        )
    drawn = drawn or [[], []]
    played = played or [[], []]
    entries = played_entries(decks)
    per_deck = [_deck_cards(entries[d.pk]) for d in decks]
    for name, lists in (("drawn", drawn), ("played", played)):
        if len(lists) != 2:
            raise _refuse(
                "PAPER_GAME_INVALID",
                field=name,
                hint=N_("give one list of cards for each player"),
                problem=name,
            )
        for index, ids in enumerate(lists):
            missing = [sid for sid in ids if sid not in per_deck[index]]
            if missing:
                raise _refuse(
                    "PAPER_GAME_INVALID",
                    field=name,
                    hint=N_("name only cards of that player's deck"),
                    problem="cards",
                )
    notes = checked_note(notes, "notes")
    with transaction.atomic():
        paper = PaperGame.objects.create(
            game=game,
            format=decks[0].format.key if decks[0].format_id else "",
            winner=winner,
            turns=max(0, int(turns or 0)),
            played_on=played_on or timezone.localdate(),
            notes=notes[:2000],
            recorded_by=user,
        )
        for index, deck in enumerate(decks):
            PaperSeat.objects.create(
                game=paper,
                index=index + 1,
                deck=deck,
                deck_name=deck.name,
                cards=per_deck[index],
                drawn=sorted(set(drawn[index])),
                played=sorted(set(played[index])),
            )
        playstats_count_paper(paper_id=paper.pk)
    return paper
