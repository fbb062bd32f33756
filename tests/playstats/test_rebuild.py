"""The play statistics' full rebuild over the workers (issue 44): a named, idempotent task a chunk of
games, enqueued on commit (in-process on the embedded default): the figures of the games counted one
by one, each game counted once whatever runs twice, the simulation lab's figures kept apart."""

from __future__ import annotations

import datetime as dt
from io import StringIO

import pytest
from django.core.management import call_command

from common.enqueue import send
from playstats import services
from playstats.models import CardFigure, CountedGame, DeckFigure
from playstats.selectors import deck_record, tables_to_count

from .test_services import figures, finished_vanguard_game, games_of_7_8_and_unknown_turns


def vanguard_games(user, make_deck, n: int = 3):
    """``n`` finished vanguard tables, counted one by one as each game ends (the incremental path)."""
    tables = []
    for seed, winner in [(3, 1), (4, 2), (5, 1), (6, 2)][:n]:
        table, _card, _first = finished_vanguard_game(user, make_deck, seed=seed, winner=winner)
        # Counted now, or already as the game ended (a test whose transactions commit).
        services.playstats_count_table(table_id=table.pk)
        assert CountedGame.objects.filter(table=table).count() == 1
        tables.append(table)
    return tables


@pytest.mark.django_db
def test_the_rebuild_in_chunks_gives_the_figures_of_the_games_counted_one_by_one(
    playtester, make_deck, monkeypatch, django_capture_on_commit_callbacks
):
    tables = vanguard_games(playtester, make_deck)
    one_by_one = figures()
    assert one_by_one[0] and one_by_one[1]
    monkeypatch.setattr(services, "REBUILD_CHUNK", 2)
    with django_capture_on_commit_callbacks(execute=False) as chunks:
        assert services.playstats_rebuild(game="vanguard") == 3
    # Deleted, and nothing counted until the chunks run: two of them (tables 1-2, then 3).
    assert not CardFigure.objects.exists() and not CountedGame.objects.exists()
    assert len(chunks) == 2
    for chunk in chunks:
        chunk()
    assert figures() == one_by_one
    assert sorted(CountedGame.objects.values_list("table_id", flat=True)) == [t.pk for t in tables]
    assert not tables_to_count("vanguard")


@pytest.mark.django_db
def test_a_chunk_run_again_or_a_game_counted_meanwhile_counts_nothing_twice(
    playtester, make_deck, monkeypatch, django_capture_on_commit_callbacks
):
    tables = vanguard_games(playtester, make_deck, n=2)
    one_by_one = figures()
    monkeypatch.setattr(services, "REBUILD_CHUNK", 1)
    with django_capture_on_commit_callbacks(execute=False) as chunks:
        services.playstats_rebuild(game="vanguard")
    # The second game is counted by the sweep before its chunk runs; the first chunk runs twice.
    assert services.playstats_count_table(table_id=tables[1].pk)
    chunks[0]()
    chunks[0]()
    chunks[1]()
    assert figures() == one_by_one
    assert CountedGame.objects.count() == 2
    # The task by its name, as a worker receives it (in-process here): every game counted already.
    for table in tables:
        assert send("playstats.rebuild_chunk", ("vanguard", "table", table.pk, table.pk)).get() == 0
    assert figures() == one_by_one


@pytest.mark.django_db
def test_paper_games_rebuilt_in_chunks_match_a_hand_count(
    playtester, opponent, make_deck, monkeypatch, django_capture_on_commit_callbacks
):
    mine, theirs = games_of_7_8_and_unknown_turns(playtester, opponent, make_deck)
    # The lab's figures of the game are its own: a rebuild keeps them as they are.
    CardFigure.objects.create(
        game="duel",
        format="",
        source="simulated",
        day=dt.date(2026, 12, 1),
        stable_id="X",
        version=1,
        games=9,
    )
    monkeypatch.setattr(services, "REBUILD_CHUNK", 2)
    with django_capture_on_commit_callbacks(execute=True) as chunks:
        assert services.playstats_rebuild(game="duel") == 3
    assert len(chunks) == 2
    # By hand: three games won by my deck, of 7 turns, 8 and an unknown length.
    record = deck_record(deck_id=mine.pk)
    assert (record["games"], record["wins"], record["losses"], record["averageTurns"]) == (3, 3, 0, 7.5)
    assert (deck_record(deck_id=theirs.pk)["losses"], DeckFigure.objects.get(deck=str(mine.pk)).timed) == (
        3,
        2,
    )
    assert CountedGame.objects.filter(game="duel", paper__isnull=False).count() == 3
    assert CardFigure.objects.get(source="simulated").games == 9
    # Both seats play the duel example deck: each of its cards is in the three games twice, once a seat.
    card = mine.entries.filter(card__isnull=False).first().card.stable_id
    assert sum(CardFigure.objects.filter(source="paper", stable_id=card).values_list("games", flat=True)) == 6


@pytest.mark.django_db(transaction=True)
def test_the_command_rebuilds_through_the_chunks_in_this_process(playtester, make_deck, monkeypatch):
    """On the embedded default (no broker) the chunks run as the command's transaction commits."""
    vanguard_games(playtester, make_deck, n=2)
    one_by_one = figures()
    monkeypatch.setattr(services, "REBUILD_CHUNK", 1)
    out = StringIO()
    call_command("playstats", "--game", "vanguard", "--rebuild", stdout=out)
    assert out.getvalue().strip() == "vanguard: figures rebuilt from 2 games"
    assert figures() == one_by_one
