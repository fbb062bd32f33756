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


def _png_size(data: bytes) -> tuple[int, int]:
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_the_board_gets_its_faces_at_the_size_it_draws_them(two_players, client_as, playtester):
    """A card on the board is drawn 71 x 99 CSS px (table.css): its face comes at 30 dpi (74 x 104 px
    of a 63 x 88 mm card), at 60 dpi for a screen of two pixels a CSS pixel (142 x 198), not at the
    grid's 100 dpi (248 x 346: a dozen times the pixels); the zoom's and the grid's sizes stay."""
    clients, table_id = two_players("duel")
    card = zone(view(clients[1], table_id)["seats"][0], "hand")["cards"][0]
    page = client_as(playtester)

    def size(query: str) -> tuple[int, int]:
        response = page.get(card["face"] + query)
        assert response.status_code == 200 and response["Content-Type"] == "image/png"
        return _png_size(b"".join(response.streaming_content))

    assert size("?dpi=30") == (74, 104)
    assert size("?dpi=60") == (149, 208)
    assert size("") == size("?dpi=100") == size("?dpi=45") == (248, 346)  # another size: the grid's
    assert size("?dpi=200") == (496, 693)


def test_a_face_is_drawn_once_for_every_seat_and_read_with_a_fixed_number_of_queries(
    two_players, client_as, playtester, opponent, monkeypatch, django_assert_num_queries
):
    from faces import raster
    from faces.models import FaceRendition

    from .play import finish_setup, play

    clients, table_id = two_players("darkrow")
    finish_setup(clients, table_id)
    seat = view(clients[1], table_id)["turn"]["seat"]
    hand = zone(view(clients[seat], table_id)["seats"][seat - 1], "hand")["cards"]
    card = next(c for c in hand if c.get("face"))
    play(clients[seat], table_id, "move", instance=card["instance"], to="units")
    pages = {1: client_as(playtester), 2: client_as(opponent)}
    for page in pages.values():
        page.get("/")  # each session read once: what follows is the face's own reads
    assert pages[seat].get(card["face"] + "?dpi=30").status_code == 200
    stored = FaceRendition.objects.count()

    def draw_again(*args, **kwargs):
        raise AssertionError("a face stored for this card version is drawn again")

    monkeypatch.setattr(raster, "face_to_png", draw_again)
    # The other seat sees the card in play now: the same stored face, nothing drawn, nothing stored.
    # Its reads: the session and its user, the table with its seats (one query; the view replays the
    # state the process keeps), the card with its primary artwork (one query), its game's template and
    # the stored face (8 before the table was read from its seats, 7 before the artwork with the card).
    for page in (pages[3 - seat], pages[seat]):
        with django_assert_num_queries(6):
            response = page.get(card["face"] + "?dpi=30")
        assert response.status_code == 200 and response["Content-Type"] == "image/png"
    assert FaceRendition.objects.count() == stored
