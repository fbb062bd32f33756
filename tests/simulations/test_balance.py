"""Balance by card version: the lab's figures beside the people's on the card page and in the review
queue, labelled as the bots', never summed with the people's."""

from __future__ import annotations

import re

import pytest

from playstats.selectors import Filters, card_figures, figures_by_version
from simulations import services
from tests import module_data
from tests.tables.conftest import deck_data

pytestmark = pytest.mark.django_db


def two_vanguard_decks(owner) -> tuple:
    """The vanguard demo cards imported and two decks of them, ``owner``'s (the first and the second
    of tests/tables/conftest.py's deck_data)."""
    from cards.demo import card_set
    from cards.imports import cards_import
    from decks.services import deck_create

    cards_import(payload=card_set("vanguard"))
    return tuple(deck_create(data=deck_data("vanguard", second), user=owner) for second in (False, True))


def a_dealt_card(deck):
    from cards.models import Card

    return Card.objects.get(pk=deck.entries.filter(card__isnull=False).values_list("card", flat=True)[0])


class TestBotsFigures:
    """A playtester's two vanguard decks and a simulation of three games between them, built once
    for the class's tests (tests/module_data.py: each starts from it in a savepoint of its own;
    built for each it was most of their CPU). The module's other tests never find them."""

    @pytest.fixture(scope="class")
    @classmethod
    def simulation_built(cls, request, django_db_setup, django_db_blocker, tmp_path_factory):
        with module_data.built_once(request, django_db_blocker, tmp_path_factory):
            playtester = module_data.make_user("playtester", username="paula")
            decks = two_vanguard_decks(playtester)
            with module_data.on_commit_run():
                services.simulation_create(
                    user=playtester,
                    deck=decks[0].pk,
                    opponent_deck=decks[1].pk,
                    games=3,
                    seed=5,
                    policy="random",
                )
            yield playtester, decks

    @pytest.fixture
    def playtester(self, simulation_built, db):
        """The class's playtester, read again for the test."""
        return module_data.fresh(simulation_built[0])

    @pytest.fixture
    def simulated(self, simulation_built, db):
        """Her two decks, read again for the test."""
        return tuple(module_data.fresh(deck) for deck in simulation_built[1])

    def test_the_card_page_shows_the_bots_figures_apart_from_the_peoples(
        self, client_as, playtester, simulated
    ):
        card = a_dealt_card(simulated[0])
        bots = card_figures(user=playtester, card=card, filters=Filters(source="simulated"))
        assert bots["all"]["games"] >= 3
        assert card_figures(user=playtester, card=card)["all"]["games"] == 0
        html = client_as(playtester).get(f"/cards/{card.stable_id}/").content.decode()
        section = html[html.index('id="simulated-figures-title"') :]
        assert "Simulated by bots" in section and "never summed with the people" in section
        games = re.search(r"simulated games with it in a deck</dt><dd>(\d+)</dd>", section)
        assert games and int(games.group(1)) == bots["all"]["games"]
        # The people's figures still say no game played it.
        assert "No finished game has played this card yet." in html

    def test_the_review_queue_shows_the_bots_figures_beside_an_edited_card(
        self, client_as, make_user, simulated
    ):
        from cards.services import card_update

        card = a_dealt_card(simulated[0])
        figures = figures_by_version(stable_ids=[card.stable_id])
        assert figures["people"] == {} and figures["simulated"][card.stable_id]
        version = card.version
        designer = make_user("designer", username="dana")
        card_update(stable_id=card.stable_id, data={"text": "Nouveau texte"}, user=designer)
        reviewer = make_user("reviewer", username="rita")
        html = client_as(reviewer).get("/review/", {"game": "vanguard"}).content.decode()
        assert "Simulated by bots" in html and "What the playtests said" not in html
        assert f"<strong>v{version}</strong> (the validated version)" in html


def frozen_versions(simulation, stable_id):
    return [
        (c["version"], c["fields"].get("power"))
        for frozen in (simulation.cards, simulation.opponent_cards)
        for c in frozen["pool"]
        if c["stableCardId"] == stable_id
    ]


class TestAbRuns:
    """A reviewer's two vanguard decks and a card of the first edited once (the edit under review),
    built once for the class's tests (tests/module_data.py: each starts from it in a savepoint of
    its own; built for each of the eight it was a fifth of their CPU). The module's other tests
    never find them."""

    @pytest.fixture(scope="class")
    @classmethod
    def ab_built(cls, request, django_db_setup, django_db_blocker, tmp_path_factory):
        from cards.services import card_update

        with module_data.built_once(request, django_db_blocker, tmp_path_factory):
            rita = module_data.make_user("reviewer", username="rita")
            decks = two_vanguard_decks(rita)
            card = a_dealt_card(decks[0])
            designer = module_data.make_user("designer", username="dana")
            card_update(stable_id=card.stable_id, data={"power": 99000}, user=designer)
            yield rita, decks, card

    @pytest.fixture
    def rita(self, ab_built, db):
        """A reviewer: she sees the edit under review (a rita sees validated cards only)."""
        return module_data.fresh(ab_built[0])

    @pytest.fixture
    def edited(self, ab_built, db):
        """Her two vanguard decks, and the card of the first edited once, read again for the test."""
        _rita, decks, card = ab_built
        return tuple(module_data.fresh(deck) for deck in decks), module_data.fresh(card)

    def test_an_ab_run_deals_the_same_games_with_each_version_of_the_card(
        self, rita, edited, django_capture_on_commit_callbacks
    ):
        from simulations.models import SimulatedGame
        from simulations.selectors import ab_difference, simulation_pair, simulation_summary

        decks, card = edited
        with django_capture_on_commit_callbacks(execute=True):
            first, second = services.simulation_ab_create(
                user=rita,
                deck=decks[0].pk,
                opponent_deck=decks[1].pk,
                card=card.stable_id,
                games=3,
                seed=11,
            )
        assert (first.variant_version, second.variant_version) == (card.version - 1, card.version)
        old = frozen_versions(first, card.stable_id)
        new = frozen_versions(second, card.stable_id)
        assert old and all(v == card.version - 1 and power != 99000 for v, power in old)
        assert new and all(v == card.version and power == 99000 for v, power in new)
        # The same seed: the same games dealt in both halves.
        seeds = [
            list(SimulatedGame.objects.filter(simulation=s).values_list("seed", flat=True))
            for s in (first, second)
        ]
        assert seeds[0] == seeds[1] and len(seeds[0]) == 3
        assert simulation_pair(user=rita, pk=second.pk) == (first, second)
        a, b = simulation_summary(first), simulation_summary(second)
        assert a["pair"] == second.pk and b["variant"] == {"card": card.stable_id, "version": card.version}
        difference = ab_difference(a, b)
        if a["winRate"]["rate"] is not None and b["winRate"]["rate"] is not None:
            assert difference["winRate"] == round((b["winRate"]["rate"] - a["winRate"]["rate"]) * 100, 1)

    @pytest.mark.parametrize(
        ("change", "field"),
        [
            ({"card": "NOPE-000"}, "card"),
            ({"versions": [1, 1]}, "versions"),
            ({"versions": [1, 7]}, "versions[1]"),
            ({"versions": ["1", 2]}, "versions[0]"),
            ({"versions": 2}, "versions"),
        ],
    )
    def test_a_refused_ab_run_says_where_and_stores_nothing(self, client_as, rita, edited, change, field):
        from simulations.models import Simulation

        decks, card = edited
        body = {"deck": decks[0].pk, "opponentDeck": decks[1].pk, "card": card.stable_id, "games": 2} | change
        answer = client_as(rita).post("/api/simulations/ab/", body, content_type="application/json")
        assert answer.status_code == 400, answer.content
        assert field in answer.content.decode()
        assert not Simulation.objects.exists()

    def test_a_card_in_neither_deck_is_refused(self, rita, edited):
        from common.errors import InvalidInput
        from decks.services import deck_create

        decks, card = edited
        other = deck_create(data=deck_data("vanguard", True), user=rita)
        with pytest.raises(InvalidInput) as refused:
            services.simulation_ab_create(
                user=rita, deck=decks[1].pk, opponent_deck=other.pk, card=card.stable_id, games=2
            )
        assert "card" in str(refused.value.findings[0].field)

    def test_the_ab_pages_from_the_card_to_the_two_halves_side_by_side(
        self, client_as, rita, edited, django_capture_on_commit_callbacks
    ):
        decks, card = edited
        client = client_as(rita)
        html = client.get(f"/cards/{card.stable_id}/").content.decode()
        assert f"/simulations/ab/?card={card.stable_id}" in html
        form = client.get("/simulations/ab/", {"card": card.stable_id})
        assert form.status_code == 200 and decks[1].name in form.content.decode()
        assert client.get("/simulations/ab/", {"card": "NOPE-000"}).status_code == 404
        with django_capture_on_commit_callbacks(execute=True):
            asked = client.post(
                "/simulations/ab/",
                {
                    "card": card.stable_id,
                    "deck": decks[0].pk,
                    "opponent_deck": decks[1].pk,
                    "version_a": str(card.version - 1),
                    "version_b": str(card.version),
                    "games": "2",
                    "policy": "random",
                    "seed": "3",
                },
            )
        assert asked.status_code == 302 and asked["Location"].startswith("/simulations/ab/")
        page = client.get(asked["Location"]).content.decode()
        assert page.count("data-simulation-progress") == 2 and "Simulated by bots" in page
        assert f"v{card.version - 1}" in page and f"v{card.version}" in page
        assert page.count('<span data-field="finished">2</span> / 2') == 2
        refused = client.post("/simulations/ab/", {"card": card.stable_id, "deck": decks[0].pk, "games": "2"})
        assert refused.status_code == 400
