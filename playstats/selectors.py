"""Reads of the play statistics: a card's figures by version, a game's ranking, a deck's record.

Every read sums the day rows (a few hundred whatever the number of games) in the database and
turns the sums into rates with their intervals (:func:`rules.playstats.card_rates`). A figure of a
card the reader may not see (a DRAFT card for a playtester) is left out.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.db.models import Case, Prefetch, Q, QuerySet, Sum, Value, When

from cards.models import Card
from cards.selectors import card_list
from rules.playstats import SIMULATED, card_rates, wilson
from tables.models import Table

from .models import CardFigure, CountedGame, DeckFigure, MatchupFigure, PaperGame, PaperSeat

CARD_SUMS = (
    "games",
    "wins",
    "seen",
    "wins_seen",
    "played",
    "wins_played",
    "opening",
    "mulligans",
    "first_turn_sum",
    "first_turn_games",
)
_CAMEL = {
    "wins_seen": "winsSeen",
    "wins_played": "winsPlayed",
    "first_turn_sum": "firstTurnSum",
    "first_turn_games": "firstTurnGames",
}


@dataclass(frozen=True)
class Filters:
    """What a statistics page or request narrows the games to (empty: every game)."""

    format: str = ""
    # "table" (by the rules), "paper", "free" (free tables), "simulated" (the lab's bots) or "" (by
    # the rules and paper: what the people's balance figures read; free and simulated games apart).
    source: str = ""
    since: dt.date | None = None
    until: dt.date | None = None
    version: int | None = None

    def apply(self, qs: QuerySet) -> QuerySet:
        return self.narrow(qs).filter(self.sources())

    def sources(self) -> Q:
        """The games' sources these filters read."""
        return Q(source=self.source) if self.source else ~Q(source__in=("free", "simulated"))

    def narrow(self, qs: QuerySet) -> QuerySet:
        """``qs`` narrowed to the format and the days (not the source)."""
        if self.format:
            qs = qs.filter(format=self.format)
        if self.since:
            qs = qs.filter(day__gte=self.since)
        if self.until:
            qs = qs.filter(day__lte=self.until)
        return qs


def tables_to_count(game: str | None = None) -> list[int]:
    """The finished tables whose game the figures do not hold yet (a bot's table counts nowhere)."""
    qs = Table.objects.filter(status=Table.Status.FINISHED).exclude(seats__bot__gt="")
    if game:
        qs = qs.filter(game=game)
    counted = CountedGame.objects.filter(table__isnull=False).values("table_id")
    return list(qs.exclude(pk__in=counted).order_by("pk").values_list("pk", flat=True))


def _rates(row: dict[str, Any]) -> dict[str, Any]:
    counts = {_CAMEL.get(k, k): row.get(k) or 0 for k in CARD_SUMS}
    return card_rates(counts)


def card_figures(*, user, card: Card, filters: Filters = Filters()) -> dict[str, Any]:
    """A card's figures, in all and by the version that was dealt (newest first): one query."""
    qs = filters.apply(CardFigure.objects.filter(game=card.game, stable_id=card.stable_id))
    rows = list(qs.values("version").annotate(**{k: Sum(k) for k in CARD_SUMS}).order_by("-version"))
    total = {k: sum(row[k] or 0 for row in rows) for k in CARD_SUMS}
    versions = [{"version": row["version"], **_rates(row)} for row in rows]
    return {"card": card.stable_id, "all": _rates(total), "versions": versions}


# What a card ranking may be ordered by, and the count a card needs to be ranked so (none: every card).
RANK_ORDERS = {"playRate": None, "winSeen": "seen", "winPlayed": "played"}


def card_rankings(
    *,
    user,
    game: str,
    filters: Filters = Filters(),
    orders: tuple[str, ...] = ("playRate",),
    limit: int = 200,
) -> dict[str, list[dict[str, Any]]]:
    """The game's cards the reader may see, ranked by each of ``orders`` (:data:`RANK_ORDERS`: play
    rate, win rate when drawn, win rate when played; a win rate ranks the cards drawn, or played, at
    least once): two queries, whatever the number of orders."""
    qs = filters.apply(CardFigure.objects.filter(game=game))
    if filters.version is not None:
        qs = qs.filter(version=filters.version)
    rows = list(qs.values("stable_id").annotate(**{k: Sum(k) for k in CARD_SUMS}))
    visible = {
        c.stable_id: c
        for c in card_list(user=user)
        .filter(game=game, stable_id__in=[r["stable_id"] for r in rows])
        .only("stable_id", "name", "game", "version", "status")
    }
    cards = [
        {"card": card, "stableCardId": card.stable_id, "name": card.name, **_rates(row)}
        for row in rows
        if (card := visible.get(row["stable_id"])) is not None
    ]
    rankings = {}
    for order in orders:
        needed = RANK_ORDERS[order]
        ranked = [c for c in cards if needed is None or c[needed]]
        ranked.sort(key=lambda r: (-(r[order].value or 0), -r[order].trials, r["name"].casefold()))
        rankings[order] = ranked[:limit]
    return rankings


def card_ranking(*, user, game: str, filters: Filters = Filters(), order: str = "playRate", limit: int = 200):
    """The game's cards the reader may see, ranked by play rate or win rate when drawn (``order``)."""
    order = order if order in RANK_ORDERS else "playRate"
    return card_rankings(user=user, game=game, filters=filters, orders=(order,), limit=limit)[order]


def deck_ranking(*, user, game: str, filters: Filters = Filters(), limit: int = 50) -> list[dict[str, Any]]:
    """The game's decks by win rate over the games ``filters`` read, each with its games, wins,
    losses and average length in turns (over the games whose length is known): the decks ``user``
    may open by name, every other one together (:data:`OTHER`). Two queries."""
    rows = list(
        filters.apply(DeckFigure.objects.filter(game=game))
        .values("deck")
        .annotate(g=Sum("games"), w=Sum("wins"), l=Sum("losses"), t=Sum("turns"), timed=Sum("timed"))
    )
    from decks.selectors import deck_list

    ids = [int(r["deck"]) for r in rows if r["deck"].isascii() and r["deck"].isdigit()]
    visible = deck_list(user=user).prefetch_related(None).filter(pk__in=ids)
    names = {str(pk): name for pk, name in visible.values_list("pk", "name")}
    sums: dict[str, list[int]] = {}
    for row in rows:
        side = row["deck"] if row["deck"] in names else OTHER
        counts = sums.setdefault(side, [0, 0, 0, 0, 0])
        for n, value in enumerate((row["g"], row["w"], row["l"], row["t"], row["timed"])):
            counts[n] += value or 0
    decks = [
        {
            "deck": side,
            "name": names.get(side),
            "games": games,
            "wins": wins,
            "losses": losses,
            "winRate": wilson(wins, games),
            "averageTurns": round(turns / timed, 1) if timed else None,
        }
        for side, (games, wins, losses, turns, timed) in sums.items()
    ]
    decks.sort(key=lambda d: (d["deck"] == OTHER, -(d["winRate"].value or 0), -d["games"], d["deck"]))
    return decks[:limit]


# The side of a matchup that stands for every deck the reader may not open (kind "deck").
OTHER = "other"


def _openable(user, sides) -> set[str] | None:
    """The deck sides (ids as text) ``user`` may open; None: no user given (every side is shown)."""
    if user is None:
        return None
    from decks.selectors import deck_list

    ids = [int(s) for s in sides if s.isascii() and s.isdigit()]
    return {str(pk) for pk in deck_list(user=user).filter(pk__in=ids).values_list("pk", flat=True)}


def deck_record(*, deck_id: int, filters: Filters = Filters(), user=None) -> dict[str, Any]:
    """A deck's games, wins, losses, average length in turns (of the games whose length is known),
    and its matchups: against each deck ``user`` may open, and the others together (:data:`OTHER`)."""
    return _deck_records(deck_id=deck_id, filters=filters, user=user, bots=False)["people"]


def deck_records(*, deck_id: int, filters: Filters = Filters(), user=None) -> dict[str, dict[str, Any]]:
    """The deck's record (:func:`deck_record`) from the people's games (``filters``' source; by
    default by the rules and on paper) and, apart, never summed with them, from the simulation lab's
    bots' games: ``{"people": record, "simulated": record}``, read by the queries of one record."""
    return _deck_records(deck_id=deck_id, filters=filters, user=user, bots=filters.source != SIMULATED)


def _deck_records(*, deck_id: int, filters: Filters, user, bots: bool) -> dict[str, dict[str, Any]]:
    key = str(deck_id)
    scope = filters.sources() | Q(source=SIMULATED) if bots else filters.sources()
    kind = Case(When(source=SIMULATED, then=Value(True)), default=Value(False)) if bots else Value(False)
    totals = {
        row["bots"]: row
        for row in filters.narrow(DeckFigure.objects.filter(scope, deck=key))
        .annotate(bots=kind)
        .values("bots")
        .annotate(
            games=Sum("games"), wins=Sum("wins"), losses=Sum("losses"), turns=Sum("turns"), timed=Sum("timed")
        )
    }
    rows = list(
        filters.narrow(MatchupFigure.objects.filter(scope, kind="deck", side=key))
        .annotate(bots=kind)
        .values("bots", "other")
        .annotate(g=Sum("games"), w=Sum("wins"), l=Sum("losses"))
    )
    openable = _openable(user, {r["other"] for r in rows})
    sums: dict[tuple[bool, str], list[int]] = {}
    for row in rows:
        other = row["other"] if openable is None or row["other"] in openable else OTHER
        counts = sums.setdefault((row["bots"], other), [0, 0, 0])
        counts[0] += row["g"]
        counts[1] += row["w"]
        counts[2] += row["l"]
    from decks.models import Deck

    ids = {int(o) for _b, o in sums if o.isascii() and o.isdigit()}
    names = {str(pk): name for pk, name in Deck.objects.filter(pk__in=ids).values_list("pk", "name")}
    records = {}
    for label, flag in (("people", False), ("simulated", True)):
        total = totals.get(flag) or {}
        games, wins, timed = total.get("games") or 0, total.get("wins") or 0, total.get("timed") or 0
        matchups = [
            {
                "other": other,
                "name": names.get(other),
                "games": g,
                "wins": w,
                "losses": lost,
                "winRate": wilson(w, g),
            }
            for (bots_row, other), (g, w, lost) in sums.items()
            if bots_row == flag
        ]
        matchups.sort(key=lambda m: (m["other"] == OTHER, -m["games"], m["other"]))
        records[label] = {
            "games": games,
            "wins": wins,
            "losses": total.get("losses") or 0,
            "winRate": wilson(wins, games),
            "averageTurns": round((total.get("turns") or 0) / timed, 1) if timed else None,
            "matchups": matchups,
        }
    return records


def matchup_grid(
    *, game: str, kind: str = "label", filters: Filters = Filters(), user=None
) -> dict[str, Any]:
    """Sides against sides (the game's identities, or decks): games and wins of the row's side.

    Decks (kind "deck"): only those ``user`` may open are named; the others are one side together
    (:data:`OTHER`), their ids and rates never shown one by one."""
    rows = (
        filters.apply(MatchupFigure.objects.filter(game=game, kind=kind))
        .values("side", "other")
        .annotate(g=Sum("games"), w=Sum("wins"))
    )
    cells: dict[tuple[str, str], list[int]] = {}
    raw = [(r["side"], r["other"], r["w"], r["g"]) for r in rows]
    openable = _openable(user, {s for s, *_ in raw} | {o for _s, o, *_ in raw}) if kind == "deck" else None

    def shown(side: str) -> str:
        return side if openable is None or side in openable else OTHER

    for side, other, w, g in raw:
        cell = cells.setdefault((shown(side), shown(other)), [0, 0])
        cell[0] += w
        cell[1] += g
    sides = sorted({s for s, _o in cells} | {o for _s, o in cells}, key=lambda s: (s == OTHER, s.casefold()))
    grid: dict[str, Any] = {
        "sides": sides,
        "cells": {
            side: {other: wilson(*cells[(side, other)]) for other in sides if (side, other) in cells}
            for side in sides
        },
    }
    if kind == "deck":
        from decks.models import Deck

        ids = [int(s) for s in sides if s.isascii() and s.isdigit()]
        grid["names"] = {
            str(pk): name for pk, name in Deck.objects.filter(pk__in=ids).values_list("pk", "name")
        }
    return grid


# --- paper games waiting for an answer ------------------------------------------------------------
def paper_game_dict(paper: PaperGame, *, user=None) -> dict[str, Any]:
    """A paper game as its proposal is shown (its seats prefetched with their decks' owners)."""
    return {
        "id": paper.pk,
        "game": paper.game,
        "status": paper.status,
        "playedOn": paper.played_on.isoformat(),
        "winner": paper.winner,
        "turns": paper.turns,
        "notes": paper.notes,
        "recordedBy": paper.recorded_by.get_username() if paper.recorded_by else None,
        "recordedAt": paper.recorded_at.isoformat(),
        "seats": [
            {
                "index": seat.index,
                "deck": seat.deck_id,
                "deckName": seat.deck_name,
                "owner": seat.deck.owner.get_username() if seat.deck and seat.deck.owner else None,
                "answer": seat.answer,
            }
            for seat in sorted(paper.seats.all(), key=lambda s: s.index)
        ],
    }


def _proposals(qs) -> QuerySet[PaperGame]:
    return qs.select_related("recorded_by").prefetch_related(
        Prefetch("seats", queryset=PaperSeat.objects.select_related("deck__owner"))
    )


def paper_proposals_asked(*, user) -> QuerySet[PaperGame]:
    """The paper games recorded against ``user``'s decks that wait for their answer, oldest first."""
    asked = PaperSeat.objects.filter(answer=PaperSeat.Answer.ASKED, deck__owner=user).values("game_id")
    return _proposals(
        PaperGame.objects.filter(status=PaperGame.Status.PROPOSED, pk__in=asked).order_by("recorded_at", "pk")
    )


def paper_proposals_sent(*, user, limit: int = 100) -> list[PaperGame]:
    """The paper games ``user`` recorded against another user's deck that are not counted: waiting
    for the owner's answer, or declined; newest first."""
    return list(
        _proposals(
            PaperGame.objects.filter(
                recorded_by=user, status__in=[PaperGame.Status.PROPOSED, PaperGame.Status.DECLINED]
            ).order_by("-recorded_at", "-pk")
        )[:limit]
    )


def paper_proposals(*, user) -> dict[str, list[dict[str, Any]]]:
    """The body of ``GET /api/playstats/paper-games/proposals/`` (three queries)."""
    return {
        "asked": [paper_game_dict(p, user=user) for p in paper_proposals_asked(user=user)],
        "sent": [paper_game_dict(p, user=user) for p in paper_proposals_sent(user=user)],
    }


def figures_by_version(*, stable_ids: list[str]) -> dict[str, dict[str, dict[int, dict[str, Any]]]]:
    """The figures of these cards by version, in one query (the review queue's items):
    ``{"people": {stableCardId: {version: rates}}, "simulated": {...}}``: the people's games (by the
    rules and paper) and, apart and never summed with them, the lab's bots'."""
    out: dict[str, dict[str, dict[int, dict[str, Any]]]] = {"people": {}, "simulated": {}}
    if not stable_ids:
        return out
    rows = (
        CardFigure.objects.filter(stable_id__in=stable_ids)
        .exclude(source="free")
        .annotate(bots=Case(When(source="simulated", then=Value(True)), default=Value(False)))
        .values("bots", "stable_id", "version")
        .annotate(**{k: Sum(k) for k in CARD_SUMS})
    )
    for row in rows:
        kind = "simulated" if row["bots"] else "people"
        out[kind].setdefault(row["stable_id"], {})[row["version"]] = _rates(row)
    return out


def stable_ids_with_figures(*, stable_ids: list[str]) -> set[str]:
    """Which of these cards the playtests have figures of, whatever the version (one query)."""
    if not stable_ids:
        return set()
    return set(
        CardFigure.objects.filter(stable_id__in=stable_ids)
        .order_by()
        .values_list("stable_id", flat=True)
        .distinct()
    )


def figured_stable_ids() -> QuerySet:
    """The stable ids the playtests have figures of (a subquery for a card filter)."""
    return CardFigure.objects.values("stable_id")
