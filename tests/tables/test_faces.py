"""A table shows each card's face as it was dealt: a card edited since (and so back in review) keeps
the face it is played with, for its players; a card the viewer may not see at the table has none."""

import pytest

from cards.models import Card
from cards.services import card_update

from . import test_api
from .play import view, zone

pytestmark = pytest.mark.django_db
two_players = test_api.two_players  # the fixture: a table the playtester opened, the opponent joined


def test_the_dealt_face_stays_after_an_edit_and_hidden_cards_have_none(
    two_players, designer, client_as, playtester, opponent
):
    clients, table_id = two_players("vanguard")
    mine = zone(view(clients[1], table_id)["seats"][0], "hand")["cards"]
    card = mine[0]
    page = client_as(playtester)
    assert page.get(card["face"]).status_code == 200
    # The card is edited: a new version, back in review (a playtester no longer sees it elsewhere).
    card_update(stable_id=card["stableCardId"], data={"text": "Texte changé"}, user=designer)
    assert Card.objects.get(stable_id=card["stableCardId"]).version == card["version"] + 1
    again = zone(view(clients[1], table_id)["seats"][0], "hand")["cards"][0]
    assert again["face"] == card["face"] and again["version"] == card["version"]
    response = page.get(card["face"])
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    # The opponent does not see that hand: no face of it, even by its address.
    assert client_as(opponent).get(card["face"]).status_code == 404
    assert (
        client_as(opponent).get(card["face"].replace(f"/v{card['version']}.png", "/v99.png")).status_code
        == 404
    )


def test_the_zoom_asks_for_a_larger_face(two_players, client_as, playtester):
    clients, table_id = two_players("duel")
    card = zone(view(clients[1], table_id)["seats"][0], "hand")["cards"][0]
    small = client_as(playtester).get(card["face"])
    large = client_as(playtester).get(card["face"] + "?dpi=200")
    assert small.status_code == large.status_code == 200
    small_bytes, large_bytes = b"".join(small.streaming_content), b"".join(large.streaming_content)
    assert len(large_bytes) > len(small_bytes)


def test_the_other_player_sees_the_face_of_a_card_put_in_play(two_players, client_as, playtester, opponent):
    from .play import finish_setup, play

    clients, table_id = two_players("darkrow")
    finish_setup(clients, table_id)
    seat = view(clients[1], table_id)["turn"]["seat"]
    card = zone(view(clients[seat], table_id)["seats"][seat - 1], "hand")["cards"][0]
    play(clients[seat], table_id, "move", instance=card["instance"], to="units")
    watcher = clients[3 - seat]
    shown = zone(view(watcher, table_id)["seats"][seat - 1], "units")["cards"][0]
    assert shown["face"] == card["face"]
    pages = {1: client_as(playtester), 2: client_as(opponent)}
    response = pages[3 - seat].get(shown["face"] + "?dpi=200")
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
