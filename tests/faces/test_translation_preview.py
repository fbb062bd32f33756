"""The translation editor's live face (issue 45 item 4): the card's face in the target language
with the texts as typed, nothing stored; refused to whom may not edit, a bad language said."""

import pytest

from cards.models import CardTranslation

pytestmark = pytest.mark.django_db


def test_the_face_shows_the_typed_translation_and_stores_nothing(client_as, designer, playtester, make_card):
    card = make_card("darkrow", user=designer, name="Toyama Kazuha", text="Rapide : piochez une carte.")
    url = f"/faces/preview/card/{card.stable_id}/ru/"
    answer = client_as(designer).post(url, {"name": "Тояма Кадзуха", "text": "Возьмите карту."})
    assert answer.status_code == 200
    page = answer.content.decode()
    assert "Тояма Кадзуха" in page and "Возьмите карту." in page
    assert 'id="face-findings" hx-swap-oob="true"' in page
    long = client_as(designer).post(url, {"name": "Тояма", "text": "Очень длинный текст. " * 80})
    assert "TEXT_OVERFLOW" in long.content.decode()
    assert not CardTranslation.objects.exists()
    assert client_as(playtester).post(url, {"name": "x"}).status_code == 403
    assert (
        client_as(designer).post(f"/faces/preview/card/{card.stable_id}/xx/", {"name": "x"}).status_code
        == 400
    )
