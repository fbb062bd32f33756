"""A card's face as it was at a version (``face.png?version=N``): what a playtest table shows of a card
dealt before an edit, drawn once per key and cached like the current face."""

import pytest

from cards.services import card_update
from faces.models import FaceRendition


@pytest.fixture
def edited(make_card, designer):
    card = make_card("darkrow", name="Toyama Kazuha", text="Avant", user=designer)
    card_update(stable_id=card.stable_id, data={"name": "Kazuha Toyama", "text": "Après"}, user=designer)
    card.refresh_from_db()
    return card


@pytest.mark.django_db
def test_the_face_of_an_older_version_is_its_own_and_cached(client_as, designer, edited):
    client = client_as(designer)
    url = f"/api/cards/{edited.stable_id}/face.png"
    then = client.get(url, {"version": 1, "dpi": 100})
    now = client.get(url, {"version": edited.version, "dpi": 100})
    current = client.get(url, {"dpi": 100})
    assert then.status_code == now.status_code == current.status_code == 200
    assert b"".join(then.streaming_content) != b"".join(now.streaming_content)
    assert then["ETag"] != now["ETag"] == current["ETag"]
    stored = FaceRendition.objects.count()
    again = client.get(url, {"version": 1, "dpi": 100})
    assert again.status_code == 200 and FaceRendition.objects.count() == stored  # drawn once per key
    assert client.get(url, {"version": 1, "dpi": 100}, HTTP_IF_NONE_MATCH=then["ETag"]).status_code == 304


@pytest.mark.django_db
@pytest.mark.parametrize(("version", "status"), [("9", 404), ("x", 400), ("-1", 400), ("1" * 12, 400)])
def test_a_version_the_card_never_had_or_no_version_at_all(client_as, designer, edited, version, status):
    response = client_as(designer).get(f"/api/cards/{edited.stable_id}/face.png", {"version": version})
    assert response.status_code == status
