"""The lab's reads: a user's simulations, and a simulation's figures summed from its stored games."""

from __future__ import annotations

from typing import Any

from django.db.models import Avg, Count, F, Q, QuerySet

from rules import CardData, registry
from rules.playstats import wilson
from rules.tables.coverage import Coverage, card_coverage
from tables import snapshot

from .models import SimulatedGame, Simulation


def simulations_for(user) -> QuerySet[Simulation]:
    return Simulation.objects.filter(owner=user)


def simulation_get(*, user, pk: int) -> Simulation:
    """One of ``user``'s simulations (raises Simulation.DoesNotExist)."""
    return simulations_for(user).get(pk=pk)


def simulation_summary(simulation: Simulation) -> dict[str, Any]:
    """FORMATS.md "Simulated games": the counts of its games (one query), with the deck's win rate and
    the first player's, each with its Wilson interval."""
    figures = SimulatedGame.objects.filter(simulation=simulation).aggregate(
        finished=Count("pk"),
        wins1=Count("pk", filter=Q(winner=1)),
        wins2=Count("pk", filter=Q(winner=2)),
        draws=Count("pk", filter=Q(winner__isnull=True) & ~Q(reason="")),
        unfinished=Count("pk", filter=Q(reason="")),
        first_wins=Count("pk", filter=Q(winner__isnull=False, first=F("winner"))),
        average=Avg("turns", filter=~Q(reason="")),
    )
    decided = figures["wins1"] + figures["wins2"]
    return {
        "id": simulation.pk,
        "status": simulation.status,
        "game": simulation.game,
        "deck": simulation.deck_id,
        "opponentDeck": simulation.opponent_deck_id,
        "deckName": simulation.deck_name,
        "opponentName": simulation.opponent_name,
        "games": simulation.games,
        "finished": figures["finished"],
        "wins": [figures["wins1"], figures["wins2"]],
        "draws": figures["draws"],
        "unfinished": figures["unfinished"],
        "averageTurns": None if figures["average"] is None else round(figures["average"], 2),
        "rulesVersion": simulation.rules_version,
        "seed": simulation.seed,
        "policy": simulation.policy,
        "perfectInformation": simulation.perfect_information,
        "winRate": wilson(figures["wins1"], decided).to_dict(),
        "firstPlayerWinRate": wilson(figures["first_wins"], decided).to_dict(),
        "createdAt": simulation.created_at.isoformat(),
        # How many of the cards dealt have effects the bots could not execute (rules.tables.coverage).
        "coverage": simulation_coverage(simulation),
        # An A/B run's half: the other half's id, and the card version both decks were frozen with.
        "pair": simulation.pair_id,
        "variant": (
            {"card": simulation.variant_card, "version": simulation.variant_version}
            if simulation.variant_card
            else None
        ),
    }


def lab_summary(*, game: str, filters: Any) -> dict[str, Any]:
    """The lab's games of ``game`` under a statistics page's filters (playstats.selectors.Filters:
    the simulations' format, and the days they were asked on): how many, the first player's win rate
    over the decided ones (its Wilson interval), the average length of the finished ones in turns,
    and how many the bots left unfinished. One query (fills playstats.page_parts.lab_summary)."""
    games = SimulatedGame.objects.filter(simulation__game=game)
    if filters.format:
        games = games.filter(simulation__format=filters.format)
    if filters.since:
        games = games.filter(simulation__created_at__date__gte=filters.since)
    if filters.until:
        games = games.filter(simulation__created_at__date__lte=filters.until)
    figures = games.aggregate(
        games=Count("pk"),
        decided=Count("pk", filter=Q(winner__isnull=False)),
        first_wins=Count("pk", filter=Q(winner__isnull=False, first=F("winner"))),
        unfinished=Count("pk", filter=Q(reason="")),
        average=Avg("turns", filter=~Q(reason="")),
    )
    return {
        "games": figures["games"],
        "firstPlayerWinRate": wilson(figures["first_wins"], figures["decided"]),
        "averageTurns": None if figures["average"] is None else round(figures["average"], 1),
        "unfinished": figures["unfinished"],
    }


def simulation_pair(*, user, pk: int) -> tuple[Simulation, Simulation]:
    """An A/B run of ``user``'s from either half's id: (version A's, version B's), by version.
    Raises Simulation.DoesNotExist when ``pk`` names no half of a pair."""
    one = simulations_for(user).select_related("pair").get(pk=pk, pair__isnull=False)
    other = one.pair
    if other.owner_id != user.pk:
        raise Simulation.DoesNotExist
    return (one, other) if (one.variant_version or 0) <= (other.variant_version or 0) else (other, one)


def ab_difference(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """What version B changes against version A: the deck's win rate and the games' length, in
    points (B minus A; None until both have a decided game), and whether the two intervals overlap
    (then the difference may be the dice's)."""
    rate_a, rate_b = a["winRate"], b["winRate"]
    both = rate_a["rate"] is not None and rate_b["rate"] is not None
    turns = None
    if a["averageTurns"] is not None and b["averageTurns"] is not None:
        turns = round(b["averageTurns"] - a["averageTurns"], 2)
    return {
        "winRate": round((rate_b["rate"] - rate_a["rate"]) * 100, 1) if both else None,
        "overlap": both and rate_a["low"] <= rate_b["high"] and rate_b["low"] <= rate_a["high"],
        "averageTurns": turns,
    }


def coverage_of(card: CardData) -> Coverage | None:
    """What the engine plays of a card (rules.tables.coverage); None: its game has no rules mode."""
    ruleset = registry.get(card.game)
    if ruleset.engine_reads is None:
        return None
    return card_coverage(ruleset.engine_reads, card)


def simulation_coverage(simulation: Simulation) -> dict[str, int]:
    """How many of the distinct cards the two frozen decks deal (and copies) have effects the bots
    could not execute (only logged, or a text played by hand): no figure is read as more than it is."""
    ruleset = registry.get(simulation.game)
    cards, partial, copies, partial_copies = set(), set(), 0, 0
    for frozen in (simulation.cards, simulation.opponent_cards):
        pool = frozen.get("pool") or []
        for _section, index in list(frozen.get("cards") or []) + list(frozen.get("picks") or []):
            data = pool[index]
            key = (data.get("stableCardId") or data.get("name"), data.get("version"))
            copies += 1
            cards.add(key)
            if ruleset.engine_reads is not None:
                seen = snapshot.thaw_card(simulation.game, data)
                if card_coverage(ruleset.engine_reads, seen).partial:
                    partial.add(key)
                    partial_copies += 1
    return {"cards": len(cards), "partial": len(partial), "copies": copies, "partialCopies": partial_copies}
