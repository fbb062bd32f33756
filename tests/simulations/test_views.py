"""The lab's pages: ask for a simulation, follow it, read its figures."""

from __future__ import annotations

import pytest

from simulations.models import Simulation

pytestmark = pytest.mark.django_db


def test_ask_for_a_simulation_and_read_it(client, playtester, make_deck, django_capture_on_commit_callbacks):
    first, second = make_deck(playtester, "vanguard"), make_deck(playtester, "vanguard", second=True)
    client.force_login(playtester)
    page = client.get("/simulations/")
    assert page.status_code == 200 and first.name in page.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        asked = client.post(
            "/simulations/",
            {"deck": first.pk, "opponent_deck": second.pk, "games": "2", "policy": "greedy", "seed": "9"},
        )
    simulation = Simulation.objects.get()
    assert asked.status_code == 302 and asked["Location"] == f"/simulations/{simulation.pk}/"
    detail = client.get(asked["Location"]).content.decode()
    assert "perfect information" in detail and '<span data-field="finished">2</span> / 2' in detail


def test_a_refused_form_says_why_and_keeps_what_was_typed(client, playtester, make_deck):
    first = make_deck(playtester, "vanguard")
    client.force_login(playtester)
    page = client.post(
        "/simulations/", {"deck": first.pk, "opponent_deck": first.pk, "games": "0"}, follow=True
    )
    text = page.content.decode()
    assert "games" in text and "from 1 to 10000" in text.replace(",", "").replace("\u202f", "").replace(
        "\xa0", ""
    )
    assert not Simulation.objects.exists()


def test_another_user_s_simulation_is_not_found(
    client, playtester, opponent, make_deck, django_capture_on_commit_callbacks
):
    first = make_deck(playtester, "vanguard")
    from simulations.services import simulation_create

    simulation = simulation_create(user=playtester, deck=first.pk, opponent_deck=first.pk, games=1, seed=1)
    client.force_login(opponent)
    assert client.get(f"/simulations/{simulation.pk}/").status_code == 404
    assert client.post(f"/simulations/{simulation.pk}/cancel/").status_code == 404
