"""Counting games into the play statistics, recording paper games, rebuilding from the logs.

Counting is idempotent (a game is counted once, :class:`~playstats.models.CountedGame`) and
adds the game's counts (:func:`rules.playstats.contribution`) to the day's sums in one
transaction. A rebuild deletes a game's sums and sums every finished table and paper game again
from their logs, a chunk of games a task over the workers: the same figures (a test proves it), so a
fix in the counting is one command away.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.models import Min
from django.utils import timezone
from django.utils.translation import gettext

from common.enqueue import enqueue_on_commit
from common.errors import Conflict, InvalidInput
from common.notes import checked_note
from decks.models import Deck
from decks.selectors import Played, played_entries
from rules import registry
from rules.findings import error
from rules.i18n import N_
from rules.playstats import (
    DECK_COUNTS,
    SIMULATED,
    GameFacts,
    contribution,
    matchup_label,
    paper_facts,
    rebuild,
    table_facts,
)
from rules.tables import Event, rules_unknown
from tables.models import Seat, Table
from tables.replay import RulesUnknown, stored_events_of, table_rules_version
from tables.selectors import deal_for, table_events
from tables.snapshot import freeze, thaw

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
    """Add ``counts`` to the sums: one ``INSERT ... ON CONFLICT DO UPDATE`` a row (PostgreSQL and
    SQLite alike), run as one batch a model: a row is made, or its counts are added to in the
    database, atomically, so two countings at once (two workers' chunks, a chunk and a finished
    game) never lose one's counts. Rows are written in one key order, so two chunks counted at once
    wait for each other, never deadlock."""
    batches: dict[type, tuple[list[str], list[str], list[tuple]]] = {}
    for key in sorted(counts, key=_order):
        model, lookup, fields = _row(key)
        values = counts[key]
        if not any(values.get(name) for name in fields):
            continue
        _lookup, _fields, rows = batches.setdefault(model, (list(lookup), list(fields.values()), []))
        rows.append((*lookup.values(), *(values.get(name, 0) for name in fields)))
    for model in sorted(batches, key=lambda m: m.__name__):
        keys, columns, rows = batches[model]
        with connection.cursor() as cursor:
            cursor.executemany(_upsert(model, keys, columns), rows)


def _upsert(model: type, keys: list[str], counts: list[str]) -> str:
    """The statement that inserts a row of ``model`` or adds its ``counts`` to the row of its ``keys``
    (the model's unique constraint)."""
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    names = [quote(model._meta.get_field(name).column) for name in (*keys, *counts)]
    added = ", ".join(f"{name} = {table}.{name} + EXCLUDED.{name}" for name in names[len(keys) :])
    return (
        f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join(['%s'] * len(names))}) "
        f"ON CONFLICT ({', '.join(names[: len(keys)])}) DO UPDATE SET {added}"
    )


def _order(key: tuple) -> tuple[str, ...]:
    return tuple(str(part) for part in key)


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


def paper_game_facts(paper: PaperGame, seats: list[PaperSeat] | None = None) -> GameFacts:
    """A paper game's facts (``seats``: its seats, already read)."""
    seats = sorted(paper.seats.all() if seats is None else seats, key=lambda s: s.index)
    ruleset = registry.get(paper.game)
    cards = tuple({(sid, v): copies for sid, (v, copies) in s.cards.items()} for s in seats)
    versions = [{sid: v for sid, (v, _c) in s.cards.items()} for s in seats]
    # The seats' labels, read as a table's are (a deck's name would split one matchup into many).
    labels = (seats[0].label, seats[1].label) if ruleset.matchup_pick or ruleset.matchup_field else ("", "")
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
    """Add a finished table's game to the sums, once; False when it is not finished or already counted.
    A table a bot played (solo play) counts nowhere: a bot's game is no person's, and the lab's are
    counted apart (simulations)."""
    table = Table.objects.select_for_update().filter(pk=table_id).exclude(seats__bot__gt="").first()
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
    if paper is None or paper.status != PaperGame.Status.COUNTED:
        return False  # a proposal counts nowhere until confirmed; a declined game never
    if CountedGame.objects.filter(paper_id=paper_id).exists():
        return False
    _add(contribution(paper_game_facts(paper)))
    CountedGame.objects.create(paper=paper, game=paper.game)
    return True


def playstats_add_simulated(facts: GameFacts) -> None:
    """Add one game of the simulation lab to the figures (``source`` simulated); its caller keeps it
    counted once (simulations.models.SimulatedGame.counted, in the same transaction)."""
    if facts.source != SIMULATED:
        raise ValueError("only a simulated game is added so")
    _add(contribution(facts))


# Tables (or paper games) a rebuild's task counts: a few seconds of a worker's time each.
REBUILD_CHUNK = 200


@transaction.atomic
def playstats_rebuild(*, game: str) -> int:
    """Every figure of ``game`` summed again from the logs, on the workers; the number of games to count.

    The game's figures (the simulation lab's kept: simulations.services counts each of its games
    once) and its counted marks are deleted, then each chunk of :data:`REBUILD_CHUNK` finished tables
    or counted paper games is counted by a task of its own (``playstats.rebuild_chunk``, enqueued on
    commit; in-process on the embedded default, with the same result). A table dealt under rules
    this studio does not know refuses the whole rebuild before anything is deleted (RulesUnknown)."""
    _refuse_unknown_rules(game)
    tables = list(_finished(game).order_by("pk").values_list("pk", flat=True))
    papers = list(
        PaperGame.objects.filter(game=game, status=PaperGame.Status.COUNTED)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    for model in (CardFigure, DeckFigure, MatchupFigure):
        model.objects.filter(game=game).exclude(source=SIMULATED).delete()
    CountedGame.objects.filter(game=game).delete()
    for kind, ids in (("table", tables), ("paper", papers)):
        for start in range(0, len(ids), REBUILD_CHUNK):
            part = ids[start : start + REBUILD_CHUNK]
            enqueue_on_commit("playstats.rebuild_chunk", game, kind, part[0], part[-1])
    return len(tables) + len(papers)


def _finished(game: str):
    """The finished tables of ``game`` the figures count: a table a bot played (solo play) counts nowhere."""
    return Table.objects.filter(game=game, status=Table.Status.FINISHED).exclude(seats__bot__gt="")


def _refuse_unknown_rules(game: str) -> None:
    """RulesUnknown for the first finished table of ``game`` dealt under rules this studio does not know."""
    dealt = _finished(game).values("mode", "rules_version").annotate(first=Min("pk")).order_by("first")
    ruleset = registry.get(game)
    for row in dealt:
        if rules_unknown(ruleset, row["mode"], row["rules_version"]) is not None:
            table = Table.objects.get(pk=row["first"])
            raise RulesUnknown(table, table_rules_version(game, table.mode))


@transaction.atomic
def playstats_count_chunk(*, game: str, kind: str, first: int, last: int) -> int:
    """Count the games of ``game`` whose ids are ``first`` to ``last`` (``kind`` "table": finished
    tables; "paper": counted paper games) that the figures do not hold yet, summed together and added
    in one transaction; the number counted. Idempotent: a chunk run again (a task retried, a worker
    lost) finds its games counted and counts nothing twice; so is a game that
    :func:`playstats_count_table` counted meanwhile (its row is locked first, then its mark read)."""
    if kind == "table":
        tables = _uncounted(_finished(game).filter(pk__gte=first, pk__lte=last), "table")
        _add(rebuild(_tables_facts(tables)))
        CountedGame.objects.bulk_create([CountedGame(table=t, game=game) for t in tables])
        return len(tables)
    if kind == "paper":
        papers = _uncounted(
            PaperGame.objects.filter(game=game, status=PaperGame.Status.COUNTED, pk__gte=first, pk__lte=last),
            "paper",
        )
        seats: dict[int, list[PaperSeat]] = {}
        for seat in PaperSeat.objects.filter(game__in=papers):
            seats.setdefault(seat.game_id, []).append(seat)
        _add(rebuild(paper_game_facts(p, seats.get(p.pk, [])) for p in papers))
        CountedGame.objects.bulk_create([CountedGame(paper=p, game=game) for p in papers])
        return len(papers)
    raise ValueError(f"no such kind of game to count: {kind!r}")


def _uncounted(games, mark: str) -> list:
    """The games of the query ``games`` locked, in order, less those the figures hold already (a
    CountedGame of theirs, ``mark`` "table" or "paper", read once they are locked)."""
    locked = list(games.select_for_update().order_by("pk"))
    counted = CountedGame.objects.filter(**{f"{mark}__in": locked}).values_list(f"{mark}_id", flat=True)
    done = set(counted)
    return [g for g in locked if g.pk not in done]


def _tables_facts(tables: list[Table], chunk: int = 500):
    """The facts of many tables, their seats and events read a chunk of tables at a time (2 queries
    a chunk, not 2 a table)."""
    for start in range(0, len(tables), chunk):
        part = tables[start : start + chunk]
        ids = [t.pk for t in part]
        seats: dict[int, list] = {}
        for seat in Seat.objects.filter(table_id__in=ids).select_related("deck__format"):
            seats.setdefault(seat.table_id, []).append(seat)
        events = stored_events_of(ids)
        for table in part:
            yield table_game_facts(table, seats.get(table.pk, []), events.get(table.pk, []))


# --- paper games ----------------------------------------------------------------------------------
# The same game sent again within this time (a double click, a client that retries, a script that
# loops) is the game already recorded, not one more.
DUPLICATE_WINDOW = dt.timedelta(seconds=30)


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


def _label(deck: Deck) -> str:
    """What names the deck's side in its game's matchups: read as a table's seat reads it (the deck
    frozen as a seat keeps it), so that table and paper games of one matchup are one cell."""
    ruleset = registry.get(deck.game)
    if not (ruleset.matchup_pick or ruleset.matchup_field):
        return ""
    return matchup_label(ruleset, thaw(deck.game, freeze(deck)))[:200]


def _asks(user, deck: Deck) -> bool:
    """Whether the deck's owner is asked to confirm a game ``user`` records with it: a deck of
    another user is theirs to vouch for (a deck with no owner has nobody to ask)."""
    return deck.owner_id is not None and deck.owner_id != user.pk


def _same_game(paper: PaperGame, seats: list[tuple[int, list[str], list[str]]]) -> bool:
    """Whether ``paper`` is the game of these seats (deck, drawn, played), seat by seat."""
    stored = [(s.deck_id, s.drawn, s.played) for s in sorted(paper.seats.all(), key=lambda s: s.index)]
    return stored == [(deck, sorted(set(d)), sorted(set(p))) for deck, d, p in seats]


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
    """Record a game played off the studio; all or nothing, with a clear refusal.

    A game whose decks are the recorder's (or no one's) is counted at once. A deck of another user
    makes the game a proposal that user confirms (:func:`paper_game_answer`): until then it counts
    nowhere. A deck against itself is refused. The same game sent again by the same user within
    :data:`DUPLICATE_WINDOW` is the game already recorded (its ``duplicate`` is True)."""
    if len(decks) != 2:
        raise _refuse(
            "PAPER_GAME_INVALID",
            field="decks",
            hint=N_("name the two decks that played"),
            problem="decks",
        )
    if decks[0].pk == decks[1].pk:
        raise _refuse(
            "PAPER_GAME_INVALID",
            field="decks",
            hint=N_("a deck does not play against itself: name the opponent's deck"),
            problem="sameDeck",
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
    notes = checked_note(notes, "notes")[:2000]
    turns = max(0, int(turns or 0))
    played_on = played_on or timezone.localdate()
    asked = [_asks(user, deck) for deck in decks]
    with transaction.atomic():
        # One recording of a user at a time (PostgreSQL; SQLite's transactions are one at a time):
        # the same game sent twenty times a second is looked for, and found, by each but the first.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        seats = [(deck.pk, drawn[i], played[i]) for i, deck in enumerate(decks)]
        recent = PaperGame.objects.filter(
            recorded_by=user,
            recorded_at__gte=timezone.now() - DUPLICATE_WINDOW,
            game=game,
            winner=winner,
            turns=turns,
            played_on=played_on,
            notes=notes,
        ).prefetch_related("seats")
        for earlier in recent:
            if _same_game(earlier, seats):
                earlier.duplicate = True
                return earlier
        paper = PaperGame.objects.create(
            game=game,
            format=decks[0].format.key if decks[0].format_id else "",
            status=PaperGame.Status.PROPOSED if any(asked) else PaperGame.Status.COUNTED,
            winner=winner,
            turns=turns,
            played_on=played_on,
            notes=notes,
            recorded_by=user,
        )
        for index, deck in enumerate(decks):
            PaperSeat.objects.create(
                game=paper,
                index=index + 1,
                deck=deck,
                deck_name=deck.name,
                label=_label(deck),
                answer=PaperSeat.Answer.ASKED if asked[index] else PaperSeat.Answer.NONE,
                cards=per_deck[index],
                drawn=sorted(set(drawn[index])),
                played=sorted(set(played[index])),
            )
        if paper.status == PaperGame.Status.COUNTED:
            playstats_count_paper(paper_id=paper.pk)
    paper.duplicate = False
    return paper


@transaction.atomic
def paper_game_answer(*, user, paper_id: int, confirm: bool) -> PaperGame:
    """``user`` confirms (``confirm``) or declines a paper game recorded against their deck.

    Every seat of the game asked of ``user`` (a deck of theirs) takes the answer. Once each asked
    seat is confirmed the game is counted; a declined game is never counted. The same answer given
    again changes nothing; another answer to a game already answered is refused (409). A game that
    asks nothing of ``user`` is not theirs to answer (PaperGame.DoesNotExist: a 404)."""
    paper = PaperGame.objects.select_for_update().filter(pk=paper_id).first()
    if paper is None:
        raise PaperGame.DoesNotExist("no paper game asks you to answer it")
    seats = list(paper.seats.select_related("deck"))
    mine = [s for s in seats if s.answer and s.deck is not None and s.deck.owner_id == user.pk]
    if not mine:
        raise PaperGame.DoesNotExist("no paper game asks you to answer it")
    wanted = PaperSeat.Answer.CONFIRMED if confirm else PaperSeat.Answer.DECLINED
    if paper.status != PaperGame.Status.PROPOSED:
        if all(s.answer == wanted for s in mine):
            return paper  # the same answer again
        raise Conflict(
            gettext("this paper game is already answered (%(status)s): an answer is final")
            % {"status": paper.get_status_display()},
            [error("PAPER_GAME_ANSWERED", params={"status": paper.status})],
        )
    now = timezone.now()
    for seat in mine:
        if seat.answer == PaperSeat.Answer.ASKED:
            seat.answer, seat.answered_by, seat.answered_at = wanted, user, now
            seat.save(update_fields=["answer", "answered_by", "answered_at"])
    answers = {s.answer for s in seats if s.answer}
    if PaperSeat.Answer.DECLINED in answers:
        paper.status = PaperGame.Status.DECLINED
    elif answers <= {PaperSeat.Answer.CONFIRMED}:
        paper.status = PaperGame.Status.COUNTED
    paper.save(update_fields=["status"])
    if paper.status == PaperGame.Status.COUNTED:
        playstats_count_paper(paper_id=paper.pk)
    return paper
