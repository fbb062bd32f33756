"""Reads of the play statistics: a card's figures by version, a game's ranking, a deck's record.

Every read sums the day rows (a few hundred whatever the number of games) in the database and
turns the sums into rates with their intervals (:func:`rules.playstats.card_rates`). A figure of a
card the reader may not see (a DRAFT card for a playtester) is left out.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet, Sum

from cards.models import Card
from cards.selectors import card_list
from rules.playstats import card_rates, wilson
from tables.models import Table

from .models import CardFigure, CountedGame, DeckFigure, MatchupFigure

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
    source: str = ""  # "table", "paper" or "" (both)
    since: dt.date | None = None
    until: dt.date | None = None
    version: int | None = None

    def apply(self, qs: QuerySet) -> QuerySet:
        if self.format:
            qs = qs.filter(format=self.format)
        if self.source:
            qs = qs.filter(source=self.source)
        if self.since:
            qs = qs.filter(day__gte=self.since)
        if self.until:
            qs = qs.filter(day__lte=self.until)
        return qs


def tables_to_count(game: str | None = None) -> list[int]:
    """The finished tables whose game the figures do not hold yet."""
    qs = Table.objects.filter(status=Table.Status.FINISHED)
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


def card_ranking(*, user, game: str, filters: Filters = Filters(), order: str = "playRate", limit: int = 200):
    """The game's cards the reader may see, ranked by play rate or win rate when drawn (``order``)."""
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
    ranked = []
    for row in rows:
        card = visible.get(row["stable_id"])
        if card is None or (order == "winSeen" and not row["seen"]):
            continue
        ranked.append({"card": card, "stableCardId": card.stable_id, "name": card.name, **_rates(row)})
    key = "winSeen" if order == "winSeen" else "playRate"
    ranked.sort(key=lambda r: (-(r[key].value or 0), -r[key].trials, r["name"].casefold()))
    return ranked[:limit]


def deck_record(*, deck_id: int, filters: Filters = Filters()) -> dict[str, Any]:
    """A deck's games, wins, losses, average length in turns (of the games whose length is known),
    and its matchups."""
    key = str(deck_id)
    total = filters.apply(DeckFigure.objects.filter(deck=key)).aggregate(
        games=Sum("games"), wins=Sum("wins"), losses=Sum("losses"), turns=Sum("turns"), timed=Sum("timed")
    )
    games = total["games"] or 0
    matchups = [
        {
            "other": row["other"],
            "games": row["g"],
            "wins": row["w"],
            "losses": row["l"],
            "winRate": wilson(row["w"], row["g"]),
        }
        for row in filters.apply(MatchupFigure.objects.filter(kind="deck", side=key))
        .values("other")
        .annotate(g=Sum("games"), w=Sum("wins"), l=Sum("losses"))
        .order_by("-g", "other")
    ]
    from decks.models import Deck

    ids = [int(m["other"]) for m in matchups if m["other"].isdigit()]
    names = dict(Deck.objects.filter(pk__in=ids).values_list("pk", "name"))
    for m in matchups:
        m["name"] = names.get(int(m["other"])) if m["other"].isdigit() else None
    return {
        "games": games,
        "wins": total["wins"] or 0,
        "losses": total["losses"] or 0,
        "winRate": wilson(total["wins"] or 0, games),
        "averageTurns": round((total["turns"] or 0) / total["timed"], 1) if total["timed"] else None,
        "matchups": matchups,
    }


def matchup_grid(*, game: str, kind: str = "label", filters: Filters = Filters()) -> dict[str, Any]:
    """Sides against sides (the game's identities, or decks): games and wins of the row's side."""
    rows = (
        filters.apply(MatchupFigure.objects.filter(game=game, kind=kind))
        .values("side", "other")
        .annotate(g=Sum("games"), w=Sum("wins"))
    )
    cells = {(r["side"], r["other"]): (r["w"], r["g"]) for r in rows}
    sides = sorted({s for s, _o in cells} | {o for _s, o in cells}, key=str.casefold)
    return {
        "sides": sides,
        "cells": {
            side: {other: wilson(*cells[(side, other)]) for other in sides if (side, other) in cells}
            for side in sides
        },
    }


def figures_by_version(*, stable_ids: list[str]) -> dict[str, dict[int, dict[str, Any]]]:
    """Every game's figures of these cards by version, in one query (the review queue's items):
    {stableCardId: {version: rates}}."""
    if not stable_ids:
        return {}
    rows = (
        CardFigure.objects.filter(stable_id__in=stable_ids)
        .values("stable_id", "version")
        .annotate(**{k: Sum(k) for k in CARD_SUMS})
    )
    out: dict[str, dict[int, dict[str, Any]]] = {}
    for row in rows:
        out.setdefault(row["stable_id"], {})[row["version"]] = _rates(row)
    return out
