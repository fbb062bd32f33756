"""The play statistics' routes: rankings, a card's figures by version, a deck's record, CSV, paper games."""

from __future__ import annotations

import pytest

from playstats import services
from playstats.models import CountedGame, PaperGame

from .test_services import finished_vanguard_game


@pytest.fixture
def counted(playtester, make_deck):
    table, card, first = finished_vanguard_game(playtester, make_deck)
    services.playstats_count_table(table_id=table.pk)
    return table, card, first


@pytest.mark.django_db
def test_the_ranking_and_a_cards_figures_with_intervals(client_as, playtester, counted):
    _table, card, _first = counted
    api = client_as(playtester)
    body = api.get("/api/playstats/vanguard/cards/").json()
    row = next(r for r in body["cards"] if r["stableCardId"] == card.stable_id)
    assert row["played"] == 1 and row["playRate"]["tooFew"] is True
    assert 0 <= row["playRate"]["low"] <= row["playRate"]["rate"] <= row["playRate"]["high"] <= 1
    figures = api.get(f"/api/playstats/cards/{card.stable_id}/").json()
    assert figures["card"] == card.stable_id
    assert figures["versions"][0]["version"] == card.version and figures["all"]["played"] == 1
    assert api.get("/api/playstats/vanguard/cards/", {"source": "paper"}).json()["cards"] == []


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query",
    [
        {"source": "pizza"},
        {"since": "yesterday"},
        {"since": "\uff12\uff10\uff12\uff16-12-01"},
        {"version": "-1"},
        {"version": "\uff13"},  # ASCII digits only (issue 47): the fullwidth 3
        {"order": "best"},
        {"format": "x" * 65},
    ],
)
def test_bad_filters_are_a_400_naming_the_filter(client_as, playtester, query):
    response = client_as(playtester).get("/api/playstats/vanguard/cards/", query)
    assert response.status_code == 400
    assert next(iter(query)) in response.content.decode()


@pytest.mark.django_db
def test_an_unknown_game_is_a_404(client_as, playtester):
    assert client_as(playtester).get("/api/playstats/pinball/cards/").status_code == 404


@pytest.mark.django_db
def test_the_csv_export_and_the_deck_record(client_as, playtester, counted):
    table, card, _first = counted
    api = client_as(playtester)
    response = api.get("/api/playstats/vanguard/cards.csv")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    lines = response.content.decode().splitlines()
    assert lines[0].startswith("stableCardId,name,games") and any(
        card.stable_id in line for line in lines[1:]
    )
    deck = table.seats.get(index=1).deck_id
    record = api.get(f"/api/playstats/decks/{deck}/").json()
    assert record["games"] == 1 and record["wins"] == 1 and len(record["matchups"]) == 1
    grid = api.get("/api/playstats/vanguard/matchups/").json()
    assert sorted(grid["sides"]) == ["Kagero", "Royal Paladin"]


@pytest.mark.django_db
def test_another_players_deck_record_is_a_404(client_as, make_user, counted, playtester):
    table, _card, _first = counted
    other = make_user("playtester", username="pavel")
    assert (
        client_as(other).get(f"/api/playstats/decks/{table.seats.get(index=1).deck_id}/").status_code == 404
    )


@pytest.mark.django_db
def test_recording_a_paper_game_and_refusing_one_that_cannot_be(client_as, playtester, opponent, make_deck):
    mine, theirs = make_deck(playtester, "duel"), make_deck(opponent, "duel", second=True)
    api = client_as(playtester)
    response = api.post(
        "/api/playstats/paper-games/",
        {"decks": [mine.pk, theirs.pk], "winner": 2, "turns": 7},
        content_type="application/json",
    )
    assert response.status_code == 201, response.content
    assert response.json()["status"] == "proposed"  # the opponent's deck: they confirm it first
    assert PaperGame.objects.get(pk=response.json()["id"]).winner == 2
    assert not CountedGame.objects.filter(paper_id=response.json()["id"]).exists()
    confirmed = client_as(opponent).post(f"/api/playstats/paper-games/{response.json()['id']}/confirm/")
    assert confirmed.status_code == 200 and confirmed.json()["status"] == "counted"
    assert CountedGame.objects.filter(paper_id=response.json()["id"]).exists()
    api = client_as(playtester)
    vanguard = make_deck(playtester, "vanguard")
    for body in (
        {"decks": [mine.pk, vanguard.pk], "winner": 1},
        {"decks": [mine.pk, theirs.pk], "winner": 5},
        {"decks": [theirs.pk, mine.pk], "winner": 1},
        {"decks": [mine.pk, theirs.pk], "winner": 1, "played": [["NOPE"], []]},
        {"decks": "all", "winner": 1},
    ):
        refused = api.post("/api/playstats/paper-games/", body, content_type="application/json")
        assert refused.status_code == 400, (body, refused.content)
        assert "PAPER_GAME_INVALID" in refused.content.decode() or "FIELD_INVALID" in refused.content.decode()
    assert PaperGame.objects.count() == 1
