"""Presence in a card's editor, typing, and the explicit lock with its takeover (issue 41, item 4)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from cards import services as card_services
from comments.models import CardLock, Presence
from common.errors import Conflict

pytestmark = pytest.mark.django_db


@pytest.fixture
def second_designer(make_user):
    return make_user("designer", username="dora")


def test_the_beat_shows_who_else_is_in_the_editor_and_who_types(client_as, designer, second_designer, draft):
    client_as(second_designer).post(f"/cards/{draft.stable_id}/presence/", {"typing": "1"})
    html = client_as(designer).post(f"/cards/{draft.stable_id}/presence/").content.decode()
    assert "<strong>dora</strong>" in html and "(typing…)" in html
    assert "dana" not in html.split("Also in this editor:")[1].split("</p>")[0]


def test_someone_gone_for_30_seconds_is_no_longer_shown(client_as, designer, second_designer, draft):
    Presence.objects.create(card=draft, user=second_designer, seen_at=timezone.now() - timedelta(seconds=31))
    html = client_as(designer).post(f"/cards/{draft.stable_id}/presence/").content.decode()
    assert "Nobody else has this editor open." in html


def test_a_lock_refuses_anothers_save_and_keeps_their_input(client_as, designer, second_designer, draft):
    client_as(designer).post(f"/cards/{draft.stable_id}/lock/take/")
    assert CardLock.objects.get(card=draft).user == designer
    with pytest.raises(Conflict, match="dana holds the lock"):
        card_services.card_update(stable_id=draft.stable_id, data={"text": "Mine."}, user=second_designer)
    # The holder saves as ever.
    assert (
        card_services.card_update(stable_id=draft.stable_id, data={"text": "Hers."}, user=designer).text
        == "Hers."
    )
    html = client_as(second_designer).post(f"/cards/{draft.stable_id}/presence/").content.decode()
    assert "Locked by dana" in html and "Lock this card" not in html


def test_the_api_answers_409_under_anothers_lock(api, designer, second_designer, draft):
    CardLock.objects.create(card=draft, user=designer, taken_at=timezone.now())
    answer = api(second_designer).patch(f"/api/cards/{draft.stable_id}/", {"text": "x"}, format="json")
    assert answer.status_code == 409 and "dana holds the lock" in answer.json()["detail"]


def test_a_second_designer_cannot_take_a_held_lock_but_a_reviewer_takes_it_over(
    client_as, designer, second_designer, reviewer, draft
):
    client_as(designer).post(f"/cards/{draft.stable_id}/lock/take/")
    answer = client_as(second_designer).post(
        f"/cards/{draft.stable_id}/lock/take/", headers={"HX-Request": "true"}
    )
    assert answer.status_code == 409 and "dana holds the lock" in answer.content.decode()
    assert client_as(second_designer).post(f"/cards/{draft.stable_id}/lock/takeover/").status_code == 403
    client_as(reviewer).post(f"/cards/{draft.stable_id}/lock/takeover/")
    assert CardLock.objects.get(card=draft).user == reviewer
    with pytest.raises(Conflict, match="remi holds the lock"):
        card_services.card_update(stable_id=draft.stable_id, data={"text": "Mine."}, user=designer)
    client_as(reviewer).post(f"/cards/{draft.stable_id}/lock/release/")
    assert not CardLock.objects.exists()


def test_only_the_holder_or_a_reviewer_releases(client_as, designer, second_designer, draft):
    client_as(designer).post(f"/cards/{draft.stable_id}/lock/take/")
    assert client_as(second_designer).post(f"/cards/{draft.stable_id}/lock/release/").status_code == 403
    assert CardLock.objects.exists()


def test_the_card_page_save_under_a_lock_says_why_and_keeps_the_page(
    client_as, designer, second_designer, draft
):
    CardLock.objects.create(card=draft, user=designer, taken_at=timezone.now())
    page = client_as(second_designer).get(f"/cards/{draft.stable_id}/").content.decode()
    assert 'id="presence"' in page
    answer = client_as(second_designer).post(
        f"/cards/{draft.stable_id}/",
        {
            "name": draft.name,
            "type": "UNIT",
            "cost": 3,
            "atk": 4,
            "pv": 3,
            "text": "Typed under a lock",
            "version": draft.version,
        },
    )
    assert answer.status_code in (409, 400)
    draft.refresh_from_db()
    assert draft.text != "Typed under a lock"


def test_a_playtester_has_no_presence_nor_lock(client_as, playtester, shown):
    assert client_as(playtester).post(f"/cards/{shown.stable_id}/presence/").status_code == 403
    assert client_as(playtester).post(f"/cards/{shown.stable_id}/lock/take/").status_code == 403


def test_a_reviewer_sees_the_lock_on_the_card_page_and_may_take_it_over(client_as, designer, reviewer, draft):
    CardLock.objects.create(card=draft, user=designer, taken_at=timezone.now())
    assert 'id="presence"' in client_as(reviewer).get(f"/cards/{draft.stable_id}/").content.decode()
    html = client_as(reviewer).post(f"/cards/{draft.stable_id}/presence/").content.decode()
    assert "Locked by dana" in html and "Take over the lock" in html
