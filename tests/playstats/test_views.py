"""The statistics pages: a game's rankings, a card's figures by version, a deck's record, paper games."""

from __future__ import annotations

import re

import pytest

from playstats import services
from playstats.models import PaperGame

from .test_services import finished_vanguard_game, games_of_7_8_and_unknown_turns


@pytest.fixture
def counted(playtester, make_deck):
    table, card, first = finished_vanguard_game(playtester, make_deck)
    services.playstats_count_table(table_id=table.pk)
    return table, card, first


@pytest.mark.django_db
def test_the_game_page_ranks_played_cards_with_their_intervals(client_as, playtester, counted):
    _table, card, _first = counted
    page = client_as(playtester).get("/stats/vanguard/")
    assert page.status_code == 200
    html = page.content.decode()
    assert card.name in html and "too few to read" in html
    assert "Royal Paladin" in html  # the clans' matchup grid


@pytest.mark.django_db
def test_the_game_page_in_russian(client_as, playtester, counted):
    client = client_as(playtester)
    page = client.get("/stats/vanguard/", HTTP_ACCEPT_LANGUAGE="ru")
    html = page.content.decode()
    assert page.status_code == 200
    assert "слишком мало" in html and "Статистика игр" in html


@pytest.mark.django_db
def test_a_bad_filter_is_said_on_the_page(client_as, playtester):
    page = client_as(playtester).get("/stats/vanguard/", {"since": "someday"})
    assert page.status_code == 400 and "since" in page.content.decode()


@pytest.mark.django_db
def test_the_card_page_shows_its_play_figures_by_version(client_as, playtester, counted):
    _table, card, _first = counted
    html = client_as(playtester).get(f"/cards/{card.stable_id}/").content.decode()
    assert "Play figures" in html and f"v{card.version}" in html and "<svg" in html


@pytest.mark.django_db
def test_the_deck_statistics_tab_shows_its_record(client_as, playtester, counted):
    table, _card, _first = counted
    deck = table.seats.get(index=1).deck
    html = client_as(playtester).get(f"/decks/{deck.pk}/stats/").content.decode()
    assert "Record at the tables" in html and table.seats.get(index=2).deck.name in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "label", "average"),
    [
        ("en", "average length, in turns", "7.5"),
        ("fr", "durée moyenne, en tours", "7,5"),
        ("ru", "средняя длина, в ходах", "7,5"),
    ],
)
def test_a_decks_average_length_reads_as_a_number_of_turns_in_each_language(
    client_as, playtester, opponent, make_deck, language, label, average, recwarn
):
    mine, _theirs = games_of_7_8_and_unknown_turns(playtester, opponent, make_deck)
    html = (
        client_as(playtester).get(f"/decks/{mine.pk}/stats/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    )
    assert re.search(rf"<dt>{label}</dt><dd>{average}</dd>", html), html
    # A decimal is no plural count: gettext was handed 7.5 to choose "turn" or "turns" by.
    assert not [w for w in recwarn if "Plural value" in str(w.message)]


@pytest.mark.django_db
def test_recording_a_paper_game_from_the_form(client_as, playtester, make_deck):
    mine, other = make_deck(playtester, "duel"), make_deck(playtester, "duel", second=True)
    client = client_as(playtester)
    assert client.get(f"/stats/paper/?deck={mine.pk}").status_code == 200
    response = client.post(
        "/stats/paper/", {"deck": mine.pk, "opponent": other.pk, "winner": "2", "turns": "9"}
    )
    assert response.status_code == 302
    paper = PaperGame.objects.get()
    assert paper.winner == 2 and paper.turns == 9
    vanguard = make_deck(playtester, "vanguard")
    refused = client.post("/stats/paper/", {"deck": mine.pk, "opponent": vanguard.pk, "winner": "1"})
    assert refused.status_code == 400 and PaperGame.objects.count() == 1


@pytest.mark.django_db
def test_the_review_queue_shows_what_the_playtests_said_beside_an_edited_card(client_as, counted, make_user):
    from cards.services import card_update

    _table, card, _first = counted
    designer = make_user("designer", username="dana")
    card_update(stable_id=card.stable_id, data={"text": "Nouveau texte"}, user=designer)
    reviewer = make_user("reviewer", username="rita")
    html = client_as(reviewer).get("/review/", {"game": "vanguard"}).content.decode()
    assert "What the playtests said" in html
    assert f"<strong>v{card.version}</strong> (the validated version)" in html


@pytest.mark.django_db
def test_the_game_page_names_each_card_by_its_translation_in_the_readers_language(
    client_as, playtester, counted
):
    from django.utils.html import escape

    from cards import demo
    from cards.models import Card, CardTranslation

    assert demo.load_translations()
    russian = dict(CardTranslation.objects.filter(language="ru").values_list("card__stable_id", "name"))
    english = dict(Card.objects.filter(game="vanguard").values_list("stable_id", "name"))
    client = client_as(playtester)

    def ranked(language: str) -> list[tuple[str, str, str]]:
        html = client.get("/stats/vanguard/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        rankings = html.split('class="statgrid people"', 1)[1].split("</div>", 1)[0]
        return re.findall(r'<a href="/cards/([^/"]+)/" lang="(\w+)"[^>]*>([^<]+)</a>', rankings)

    shown = [row for row in ranked("ru") if row[0] in russian]
    assert shown, "the demo translates the dealt TD01 cards"
    assert all(lang == "ru" and name == escape(russian[sid]) for sid, lang, name in shown), shown
    # In English, the cards' own names.
    assert all(name == escape(english[sid]) for sid, _lang, name in ranked("en"))
