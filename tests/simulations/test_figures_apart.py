"""The lab's figures beside the people's on every page that shows figures (issue 44, part 3): the
statistics page, the card page, the deck's statistics and the review queue each show the bots' games
in a block of their own, labelled as simulated, and never count them in the people's figures.

Two paper games of the people and five games of the bots: a people's figure that counted the bots
would read 7 games, a bots' figure that counted the people 7 too."""

from __future__ import annotations

import re

import pytest

from playstats.services import paper_game_record
from simulations import services
from tests import module_data

pytestmark = pytest.mark.django_db

PEOPLE, BOTS = 2, 5


@pytest.fixture(scope="module")
def built(request, django_db_setup, django_db_blocker, tmp_path_factory):
    """Two vanguard decks of the playtester's, two paper games between them (the people's) and a
    simulation of five (the bots'); a card of the first deck only. Built once for the module
    (tests/module_data.py: each test starts from it in a savepoint of its own; built for each of the
    five tests it was most of the module's CPU)."""
    from cards.demo import card_set
    from cards.imports import cards_import
    from decks.services import deck_create
    from tests.tables.conftest import deck_data

    with module_data.built_once(request, django_db_blocker, tmp_path_factory):
        playtester = module_data.make_user("playtester", username="paula")
        cards_import(payload=card_set("vanguard"))
        decks = tuple(
            deck_create(data=deck_data("vanguard", second), user=playtester) for second in (False, True)
        )
        card = only_in_first(decks)
        for turns in (6, 7):  # two games (the same game twice at once would be one)
            paper_game_record(
                user=playtester,
                decks=list(decks),
                winner=1,
                turns=turns,
                drawn=[[card.stable_id], []],
                played=[[card.stable_id], []],
            )
        with module_data.on_commit_run():
            services.simulation_create(
                user=playtester,
                deck=decks[0].pk,
                opponent_deck=decks[1].pk,
                games=BOTS,
                seed=5,
                policy="random",
            )
        yield playtester, decks, card


@pytest.fixture
def playtester(built, db):
    """The module's playtester (``built``), read again for the test."""
    return module_data.fresh(built[0])


@pytest.fixture
def both(built, db):
    """The module's decks and card (``built``), read again for the test."""
    _playtester, decks, card = built
    return tuple(module_data.fresh(deck) for deck in decks), module_data.fresh(card)


def only_in_first(decks):
    from cards.models import Card

    second = set(decks[1].entries.values_list("card", flat=True))
    pk = next(pk for pk in decks[0].entries.values_list("card", flat=True) if pk and pk not in second)
    return Card.objects.get(pk=pk)


def games_in(html: str) -> set[int]:
    """The number of games of every rate shown (« 50 % (15–85 %, 2 games) »)."""
    return {int(n) for n in re.findall(r", (\d+) games?\)", html)}


def split(html: str, marker: str) -> tuple[str, str]:
    """The page before the bots' block and the bots' block (from ``marker`` on)."""
    at = html.index(marker)
    return html[:at], html[at:]


def test_the_statistics_page_shows_the_bots_in_their_own_block(
    client_as, playtester, both, django_assert_num_queries
):
    client = client_as(playtester)
    client.get("/stats/vanguard/")  # the templates compiled, the session read once, the permissions kept
    # The session (and the permissions stamp), the user, their groups (1), the header's unread count (1); the people's rankings (2: the
    # figures, the cards they may see) and identities (1); the lab's games (1), its rankings (2) and
    # decks (2: the figures, the decks they may open); the formats (1); the cards' names in the
    # reader's language, people's and lab's rankings together (1).
    with django_assert_num_queries(14):
        html = client.get("/stats/vanguard/").content.decode()
    people, bots = split(html, 'data-figures="simulated"')
    assert games_in(people) and max(games_in(people)) == PEOPLE
    assert "Simulated by bots" in bots and "never summed with the people" in bots
    assert re.search(rf'data-lab="games">{BOTS}<', bots)
    assert "first player's win rate" in bots and re.search(r'data-lab="first">\d+\s?%', bots)
    assert re.search(r'data-lab="turns">\d', bots)
    decks = re.findall(r'<a href="/decks/(\d+)/">[^<]*</a></th><td>(\d+)</td>', bots)
    assert sorted(decks) == sorted((str(d.pk), str(BOTS)) for d in both[0])
    assert games_in(bots) and max(games_in(bots)) <= BOTS and PEOPLE + BOTS not in games_in(bots)
    # A page asked for the bots' games keeps the people's columns the people's.
    asked = client.get("/stats/vanguard/", {"source": "simulated"}).content.decode()
    assert max(games_in(split(asked, 'data-figures="simulated"')[0])) == PEOPLE


def test_the_card_page_keeps_the_bots_apart(client_as, playtester, both):
    _decks, card = both
    html = client_as(playtester).get(f"/cards/{card.stable_id}/").content.decode()
    people, bots = split(html, 'id="simulated-figures-title"')
    assert re.search(rf"games with it in a deck</dt><dd>{PEOPLE}</dd>", people)
    assert re.search(rf"simulated games with it in a deck</dt><dd>{BOTS}</dd>", bots)
    assert max(games_in(people)) == PEOPLE and PEOPLE + BOTS not in games_in(bots)
    assert "win rate of the decks that play it" in bots


def test_the_decks_statistics_keep_the_bots_apart(client_as, playtester, both):
    deck = both[0][0]
    html = client_as(playtester).get(f"/decks/{deck.pk}/stats/").content.decode()
    people, bots = split(html, 'id="record-simulated-title"')
    assert re.search(rf"<dt>games</dt><dd>{PEOPLE}</dd>", people)
    assert re.search(rf"simulated games</dt><dd>{BOTS}</dd>", bots)
    assert max(games_in(people)) == PEOPLE and max(games_in(bots[: bots.index("</section>")])) == BOTS


def test_the_review_queue_keeps_the_bots_apart(client_as, make_user, both):
    from cards.services import card_update

    _decks, card = both
    version = card.version
    card_update(
        stable_id=card.stable_id, data={"text": "Nouveau texte"}, user=make_user("designer", username="dan")
    )
    html = (
        client_as(make_user("reviewer", username="rita"))
        .get("/review/", {"game": "vanguard"})
        .content.decode()
    )
    people = re.search(r'<ul class="small" data-figures="people">(.*?)</ul>', html, re.S).group(1)
    bots = re.search(r'<ul class="small simulated" data-figures="simulated">(.*?)</ul>', html, re.S).group(1)
    assert f"v{version}" in people and f"v{version}" in bots
    assert max(games_in(people)) == PEOPLE and max(games_in(bots)) == BOTS


def test_the_bots_block_reads_in_russian_and_in_french(client_as, russian_playtester, both):
    from studio.models import Preference

    client = client_as(russian_playtester)
    html = client.get("/stats/vanguard/").content.decode()
    assert "Смоделировано ботами" in html and "доля побед первого игрока" in html
    assert "Колоды по смоделированной доле побед" in html
    Preference.objects.filter(user=russian_playtester).update(language="fr")
    client = client_as(russian_playtester)  # the language is read as one signs in
    html = client.get(f"/decks/{both[0][0].pk}/stats/").content.decode()
    assert "Simulé par des bots" in html and "Confrontations simulées" in html
