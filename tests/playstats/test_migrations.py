"""The migration that counts a deck's timed games (the games whose length is known) in the figures
summed before it."""

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from playstats.selectors import deck_record
from tests.migrating import migrate_to_latest

BEFORE = [("playstats", "0001_initial")]
AFTER = [("playstats", "0002_deckfigure_timed")]
DAY = dt.date(2026, 11, 30)


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_the_figures_summed_before_get_their_timed_games(playtester, opponent, make_deck):
    mine, theirs = make_deck(playtester, "duel"), make_deck(opponent, "duel", second=True)
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    PaperGame, PaperSeat = old.get_model("playstats", "PaperGame"), old.get_model("playstats", "PaperSeat")
    CountedGame, DeckFigure = (
        old.get_model("playstats", "CountedGame"),
        old.get_model("playstats", "DeckFigure"),
    )
    for turns in (9, 0):  # one paper game of 9 turns, one recorded without its turns
        paper = PaperGame.objects.create(game="duel", turns=turns, played_on=DAY, winner=1)
        for index, deck in ((1, mine), (2, theirs)):
            PaperSeat.objects.create(game=paper, index=index, deck_id=deck.pk, deck_name=deck.name)
        CountedGame.objects.create(paper=paper)
    figure = {"game": "duel", "format": "", "day": DAY}
    DeckFigure.objects.create(**figure, source="paper", deck=str(mine.pk), games=2, wins=2, turns=9)
    DeckFigure.objects.create(
        **figure, source="table", deck=str(mine.pk), games=3, wins=1, losses=2, turns=21
    )
    DeckFigure.objects.create(**figure, source="table", deck=str(theirs.pk), games=1, losses=1, turns=0)

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    figures = new.get_model("playstats", "DeckFigure").objects.values_list("source", "deck", "timed")
    assert {(source, deck): timed for source, deck, timed in figures} == {
        ("paper", str(mine.pk)): 1,
        ("table", str(mine.pk)): 3,
        ("table", str(theirs.pk)): 0,
    }
    migrate_to_latest()
    assert deck_record(deck_id=mine.pk)["averageTurns"] == 7.5  # (9 + 21) / 4 games of known length
    assert deck_record(deck_id=theirs.pk)["averageTurns"] is None


@pytest.fixture(autouse=True)
def _back_to_the_latest_migrations():
    yield
    migrate_to_latest()
