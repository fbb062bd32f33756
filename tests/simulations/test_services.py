"""The simulation lab (issue 44): a simulation asked, its games played by bots by the rules in
chunks, the same results for the same seed whatever the chunks, cancel, counted apart in the play
statistics."""

from __future__ import annotations

import pytest

from common.errors import InvalidInput
from playstats.models import CardFigure, DeckFigure
from playstats.selectors import Filters
from rules import get_ruleset
from rules.tables import replay
from rules.tables.bots import events_from_rows
from simulations import services
from simulations.models import SimulatedGame, Simulation
from simulations.selectors import simulation_summary
from tables import snapshot

pytestmark = pytest.mark.django_db


@pytest.fixture
def decks(playtester, make_deck):
    return make_deck(playtester, "vanguard"), make_deck(playtester, "vanguard", second=True)


def simulate(user, decks, *, games=4, seed=7, policy="random", run=True, capture=None):
    if capture is None:
        return services.simulation_create(
            user=user, deck=decks[0].pk, opponent_deck=decks[1].pk, games=games, seed=seed, policy=policy
        )
    with capture(execute=run):
        return services.simulation_create(
            user=user, deck=decks[0].pk, opponent_deck=decks[1].pk, games=games, seed=seed, policy=policy
        )


def test_a_simulation_plays_its_games_by_the_rules_and_counts_them_apart(
    playtester, decks, django_capture_on_commit_callbacks
):
    simulation = simulate(playtester, decks, games=3, capture=django_capture_on_commit_callbacks)
    simulation.refresh_from_db()
    assert simulation.status == Simulation.Status.DONE
    assert simulation.rules_version == get_ruleset("vanguard").rules_version("rules")
    summary = simulation_summary(simulation)
    assert summary["finished"] == 3 and sum(summary["wins"]) + summary["draws"] + summary["unfinished"] == 3
    assert summary["averageTurns"] > 0 and not summary["perfectInformation"]
    # Each stored game replays from its seed and the bots' moves to the same end.
    ruleset_decks = [
        snapshot.thaw("vanguard", simulation.cards),
        snapshot.thaw("vanguard", simulation.opponent_cards),
    ]
    from rules.tables import deal_table

    for game in SimulatedGame.objects.filter(simulation=simulation):
        end = replay(
            deal_table(get_ruleset("vanguard"), game.seed, ruleset_decks, mode="rules"),
            events_from_rows(game.events),
        )
        assert (None if end.result is None else end.result[0] + 1) == game.winner
    # Counted as simulated, and never in the figures the people's games make.
    assert DeckFigure.objects.filter(source="simulated").exists()
    assert CardFigure.objects.filter(source="simulated").exists()
    assert not Filters().apply(CardFigure.objects.all()).exists()
    assert Filters(source="simulated").apply(CardFigure.objects.all()).exists()


def test_the_same_seed_gives_the_same_games_whatever_the_chunks(playtester, decks, monkeypatch):
    one = simulate(playtester, decks, games=5, seed=42)
    services.simulation_chunks(simulation_id=one.pk)
    services.simulation_play_chunk(simulation_id=one.pk, start=0, stop=5)
    other = simulate(playtester, decks, games=5, seed=42)
    services.simulation_chunks(simulation_id=other.pk)
    # Another split, in another order, one chunk run twice (a retried task).
    for start, stop in ((3, 5), (0, 2), (2, 3), (0, 2)):
        services.simulation_play_chunk(simulation_id=other.pk, start=start, stop=stop)

    def games(simulation):
        return list(
            SimulatedGame.objects.filter(simulation=simulation)
            .order_by("index")
            .values_list("seed", "winner", "turns", "events")
        )

    assert games(one) == games(other)
    assert simulation_summary(one)["wins"] == simulation_summary(other)["wins"]
    other.refresh_from_db()
    assert other.status == Simulation.Status.DONE
    # A counted game is counted once: the figures hold 10 games for the two simulations.
    assert sum(DeckFigure.objects.filter(source="simulated").values_list("games", flat=True)) == 2 * 10


def test_cancel_stops_the_work_and_keeps_the_games_played(playtester, decks):
    simulation = simulate(playtester, decks, games=6, seed=3)
    services.simulation_chunks(simulation_id=simulation.pk)
    assert services.simulation_play_chunk(simulation_id=simulation.pk, start=0, stop=2) == 2
    services.simulation_cancel(user=playtester, simulation=simulation)
    assert services.simulation_play_chunk(simulation_id=simulation.pk, start=2, stop=6) == 0
    simulation.refresh_from_db()
    assert simulation.status == Simulation.Status.CANCELLED
    assert simulation_summary(simulation)["finished"] == 2


def test_bad_requests_say_what_and_where(playtester, opponent, decks, make_deck):
    cases = {
        "games": dict(games=0),
        "policy": dict(policy="clever"),
        "seed": dict(seed=-1),
    }
    for field, change in cases.items():
        values = dict(
            user=playtester, deck=decks[0].pk, opponent_deck=decks[1].pk, games=2, seed=1, policy="random"
        )
        values.update(change)
        with pytest.raises(InvalidInput) as caught:
            services.simulation_create(**values)
        assert caught.value.findings[0].field == field
    theirs = make_deck(opponent, "vanguard")
    with pytest.raises(InvalidInput) as caught:
        services.simulation_create(user=playtester, deck=decks[0].pk, opponent_deck=theirs.pk, games=2)
    assert caught.value.findings[0].field == "opponentDeck"
    duel = make_deck(playtester, "duel")
    with pytest.raises(InvalidInput) as caught:
        services.simulation_create(user=playtester, deck=decks[0].pk, opponent_deck=duel.pk, games=2)
    assert caught.value.findings[0].field == "opponentDeck"
    assert not Simulation.objects.exists()
