"""A seat's faces in the reader's language (issue 28, item 5): the dealt version's face in a language
where a validated translation of that version exists, else the face the table was dealt."""

from __future__ import annotations

import pytest

from faces.models import FaceRendition
from tests.faces.test_face_languages_routes import RU, translate

from .play import view, zone

pytestmark = pytest.mark.django_db


def test_a_seat_sees_a_dealt_card_in_its_language_only_where_a_validated_translation_exists(
    api, client_as, playtester, designer, reviewer, make_deck
):
    from cards.models import Card

    client = api(playtester)
    first, second = make_deck(playtester, "duel"), make_deck(playtester, "duel", second=True)
    table = client.post(
        "/api/tables/",
        {"mode": "free", "deck": first.pk, "opponentDeck": second.pk, "seed": 3},
        format="json",
    )
    assert table.status_code == 201, table.content
    hand = zone(view(client, table.json()["id"])["seats"][0], "hand")["cards"]
    translated, other = hand[0], next(c for c in hand if c["stableCardId"] != hand[0]["stableCardId"])
    translate(Card.objects.get(stable_id=translated["stableCardId"]), "ru", RU, designer, reviewer)

    page = client_as(playtester)
    assert page.get(translated["face"], {"dpi": "100", "lang": "ru"}).status_code == 200
    assert page.get(other["face"], {"dpi": "100", "lang": "ru"}).status_code == 200
    faces = FaceRendition.objects.filter(
        card__stable_id__in=[translated["stableCardId"], other["stableCardId"]]
    )
    shown = {(r.card.stable_id, r.lang, r.translation_version > 0) for r in faces}
    assert (translated["stableCardId"], "ru", True) in shown  # its validated translation
    assert (other["stableCardId"], "fr", False) in shown  # none: the face it was dealt, no mark
    assert not any(r.lang == "ru" and not r.translation_version for r in faces)
    assert page.get(translated["face"], {"lang": "xx"}).status_code == 404


def test_the_table_page_asks_for_the_readers_language(client_as, playtester, make_deck, api):
    client = api(playtester)
    first, second = make_deck(playtester, "duel"), make_deck(playtester, "duel", second=True)
    table = client.post(
        "/api/tables/",
        {"mode": "free", "deck": first.pk, "opponentDeck": second.pk, "seed": 3},
        format="json",
    )
    page = client_as(playtester).get(f"/tables/{table.json()['id']}/", HTTP_ACCEPT_LANGUAGE="ru")
    assert page.status_code == 200 and '"faceLang": "ru"' in page.content.decode()
