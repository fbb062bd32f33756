"""Play statistics counted from finished tables and paper games; a rebuild gives the same figures."""

from __future__ import annotations

import pytest

from common.errors import InvalidInput
from playstats import services
from playstats.models import CardFigure, CountedGame, DeckFigure, MatchupFigure, PaperGame
from playstats.selectors import card_figures, card_ranking, deck_record, matchup_grid, tables_to_count
from tables.models import Table
from tables.selectors import table_state
from tables.services import table_create, table_event_append


def play(user, table, kind, seat=None, **payload):
    table.refresh_from_db()
    return table_event_append(
        user=user, table=table, kind=kind, expected_seq=table.seq, payload=payload, seat=seat
    )


def games_of_7_8_and_unknown_turns(user, opponent, make_deck):
    """Three paper games of duel won by ``user``'s deck, of 7 turns, 8, and one recorded without its
    length (an average length of 7.5); the two decks."""
    mine, theirs = make_deck(user, "duel"), make_deck(opponent, "duel", second=True)
    for turns in (7, 8, 0):
        recorded(user, opponent, decks=[mine, theirs], winner=1, turns=turns)
    return mine, theirs


def recorded(user, opponent, **game):
    """A paper game ``user`` records against ``opponent``'s deck, and ``opponent`` confirms."""
    paper = services.paper_game_record(user=user, **game)
    assert paper.status == PaperGame.Status.PROPOSED
    return services.paper_game_answer(user=opponent, paper_id=paper.pk, confirm=True)


def finished_vanguard_game(user, make_deck, *, seed=3, winner=1, mode="rules"):
    """A hot-seat vanguard game by the rules (its default): both keep, the first player goes on to
    its main phase and calls the first card the rules offer, then a result claimed and accepted.
    ``mode="free"``: the same on a free table (a card moved to a rear-guard circle)."""
    from rules.tables import intents

    one, two = make_deck(user, "vanguard"), make_deck(user, "vanguard", second=True)
    table = table_create(mode=mode, user=user, deck=one, opponent_deck=two, seed=seed)
    play(user, table, "mulligan", 1, cards=[])
    play(user, table, "mulligan", 2, cards=[])
    state = table_state(table)
    first = state.active
    if mode == "free":
        card = state.seats[first].zones["hand"][0].instance
        play(user, table, "move", first + 1, instance=card, to="rc3")
    else:
        for _ in range(6):
            calls = [p for m, p in intents(table_state(table), first) if m.kind == "call"]
            if calls:
                break
            play(user, table, "step", first + 1)
        card = calls[0]["instance"]
        play(user, table, "call", first + 1, **calls[0])
    play(user, table, "result", first + 1, winner=winner, reason="RECORDED")
    play(user, table, "acceptResult", 2 - first)  # a claimed result: the other seat accepts it
    table.refresh_from_db()
    return table, state.card(card), first


def figures():
    rows = lambda model, *fields: sorted(model.objects.values_list(*fields))
    return (
        rows(
            CardFigure,
            "format",
            "source",
            "day",
            "stable_id",
            "version",
            "games",
            "wins",
            "seen",
            "played",
            "wins_played",
            "opening",
            "mulligans",
            "first_turn_sum",
            "first_turn_games",
        ),
        rows(DeckFigure, "format", "deck", "games", "wins", "losses", "turns"),
        rows(MatchupFigure, "kind", "side", "other", "games", "wins", "losses"),
    )


@pytest.mark.django_db
def test_a_finished_table_is_counted_once_by_card_version_and_deck(
    playtester, make_deck, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        table, card, first = finished_vanguard_game(playtester, make_deck)
    assert table.status == Table.Status.FINISHED
    # Finishing the table counted it (the task runs in-process on the embedded default).
    assert CountedGame.objects.filter(table=table).exists()
    assert not services.playstats_count_table(table_id=table.pk)  # idempotent
    assert CountedGame.objects.filter(table=table).count() == 1
    row = CardFigure.objects.get(stable_id=card.stable_id, version=card.version, played__gte=1)
    assert row.games == 1 and row.played == 1 and row.first_turn_games == 1 and row.first_turn_sum == 1
    seat_deck = table.seats.get(index=first + 1).deck_id
    winner_deck = table.seats.get(index=1).deck_id
    assert DeckFigure.objects.get(deck=str(winner_deck)).wins == 1
    assert DeckFigure.objects.get(deck=str(seat_deck)).games == 1
    clans = {(m.side, m.other) for m in MatchupFigure.objects.filter(kind="label")}
    assert ("Royal Paladin", "Kagero") in clans and ("Kagero", "Royal Paladin") in clans


@pytest.mark.django_db
def test_incremental_counting_equals_a_rebuild_from_the_logs(
    playtester, make_deck, django_capture_on_commit_callbacks
):
    for seed, winner in ((3, 1), (4, 2), (5, 1)):
        table, _card, _first = finished_vanguard_game(playtester, make_deck, seed=seed, winner=winner)
        services.playstats_count_table(table_id=table.pk)
    incremental = figures()
    with django_capture_on_commit_callbacks(execute=True):  # the chunks' tasks, in-process
        assert services.playstats_rebuild(game="vanguard") == 3
    assert figures() == incremental
    assert not tables_to_count("vanguard")


@pytest.mark.django_db
def test_an_unfinished_table_is_not_counted(playtester, make_deck):
    one, two = make_deck(playtester, "duel"), make_deck(playtester, "duel", second=True)
    table = table_create(mode="free", user=playtester, deck=one, opponent_deck=two, seed=1)
    assert not services.playstats_count_table(table_id=table.pk)
    assert not CardFigure.objects.exists()


@pytest.mark.django_db
def test_a_paper_game_is_recorded_and_counted_as_paper(playtester, make_deck, opponent):
    mine, theirs = make_deck(playtester, "duel"), make_deck(opponent, "duel", second=True)
    played = mine.entries.filter(card__isnull=False).first().card
    paper = recorded(playtester, opponent, decks=[mine, theirs], winner=1, played=[[played.stable_id], []])
    row = CardFigure.objects.get(stable_id=played.stable_id, source="paper")
    assert row.played == 1 and row.wins_played == 1
    assert CountedGame.objects.filter(paper=paper).exists()
    record = deck_record(deck_id=mine.pk)
    assert record["games"] == 1 and record["wins"] == 1 and record["matchups"][0]["other"] == str(theirs.pk)


@pytest.mark.django_db
def test_a_decks_average_length_is_over_the_games_whose_length_is_known(playtester, make_deck, opponent):
    """A paper game may be recorded without its number of turns: it counts as a game, a win or a
    loss, but not in the average length (it was counted as a game of no turn)."""
    mine, theirs = games_of_7_8_and_unknown_turns(playtester, opponent, make_deck)
    record = deck_record(deck_id=mine.pk)
    assert record["games"] == 3 and record["averageTurns"] == 7.5
    recorded(playtester, opponent, decks=[mine, theirs], winner=2)
    assert deck_record(deck_id=theirs.pk)["averageTurns"] == 7.5
    untimed = make_deck(opponent, "duel")
    recorded(playtester, opponent, decks=[mine, untimed], winner=1)
    assert deck_record(deck_id=untimed.pk)["games"] == 1
    assert deck_record(deck_id=untimed.pk)["averageTurns"] is None  # no game of known length


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"winner": 3}, "winner"),
        ({"played": [["NOT-A-CARD"], []]}, "played"),
        ({"drawn": [[]]}, "drawn"),
    ],
)
def test_a_paper_game_that_cannot_be_is_refused_and_nothing_is_stored(playtester, make_deck, change, field):
    mine, theirs = make_deck(playtester, "duel"), make_deck(playtester, "duel", second=True)
    arguments = {"user": playtester, "decks": [mine, theirs], "winner": 1, **change}
    with pytest.raises(InvalidInput) as refused:
        services.paper_game_record(**arguments)
    assert refused.value.findings[0].code == "PAPER_GAME_INVALID" and refused.value.findings[0].field == field
    assert not CardFigure.objects.exists() and not CountedGame.objects.exists()


@pytest.mark.django_db
def test_a_paper_game_of_two_games_is_refused(playtester, make_deck):
    with pytest.raises(InvalidInput) as refused:
        services.paper_game_record(
            user=playtester,
            decks=[make_deck(playtester, "duel"), make_deck(playtester, "vanguard")],
            winner=1,
        )
    assert refused.value.findings[0].params["problem"] == "games"


@pytest.mark.django_db
def test_selectors_read_rates_with_intervals_and_hide_cards_the_reader_may_not_see(
    playtester, make_deck, make_user
):
    from cards.models import Card

    table, card, _first = finished_vanguard_game(playtester, make_deck)
    services.playstats_count_table(table_id=table.pk)
    stored = Card.objects.get(stable_id=card.stable_id)
    figures_of = card_figures(user=playtester, card=stored)
    assert figures_of["all"]["played"] == 1 and figures_of["all"]["playRate"].too_few
    assert figures_of["versions"][0]["version"] == card.version
    ranking = card_ranking(user=playtester, game="vanguard")
    assert ranking and ranking[0]["played"] >= 1
    Card.objects.filter(stable_id=card.stable_id).update(status="DRAFT")
    assert card.stable_id not in {r["stableCardId"] for r in card_ranking(user=playtester, game="vanguard")}
    designer = make_user("designer", username="dora")
    assert card.stable_id in {r["stableCardId"] for r in card_ranking(user=designer, game="vanguard")}
    grid = matchup_grid(game="vanguard")
    assert set(grid["sides"]) == {"Royal Paladin", "Kagero"}


def test_the_games_of_a_free_table_count_apart_from_the_rules(playtester, make_deck):
    """A free table's game counts under source "free": the default figures (the games played by the
    rules, and on paper) leave it out; ?source=free reads it."""
    rules_table, _card, _first = finished_vanguard_game(playtester, make_deck, seed=3)
    free_table, _card, _first = finished_vanguard_game(playtester, make_deck, seed=3, mode="free")
    for table in (rules_table, free_table):
        services.playstats_count_table(table_id=table.pk)
    assert set(DeckFigure.objects.values_list("source", flat=True)) == {"table", "free"}
    from playstats.selectors import Filters

    every = Filters()
    assert every.apply(DeckFigure.objects.all()).count() == 2  # the rules game's two decks
    assert {f.source for f in every.apply(DeckFigure.objects.all())} == {"table"}
    assert Filters(source="free").apply(DeckFigure.objects.all()).count() == 2
