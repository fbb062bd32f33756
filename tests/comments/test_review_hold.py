"""A card with an open thread of a reviewer cannot be validated without a word on it."""

from __future__ import annotations

import pytest

from cards import services as card_services
from common.errors import Conflict

pytestmark = pytest.mark.django_db


def test_an_unanswered_reviewer_thread_holds_validation(api, designer, reviewer, draft):
    thread = (
        api(reviewer)
        .post(f"/api/cards/{draft.stable_id}/comments/", {"body": "Why 3?"}, format="json")
        .json()
    )
    with pytest.raises(Conflict, match="reply to it or resolve it"):
        card_services.card_set_status(stable_id=draft.stable_id, status="VALIDATED", user=reviewer)
    answer = api(reviewer).post(
        f"/api/cards/{draft.stable_id}/status/", {"status": "VALIDATED"}, format="json"
    )
    assert answer.status_code == 409 and "resolve" in answer.json()["detail"]
    api(designer).post(
        f"/api/cards/{draft.stable_id}/comments/", {"body": "Curve.", "parent": thread["id"]}, format="json"
    )
    card = card_services.card_set_status(stable_id=draft.stable_id, status="VALIDATED", user=reviewer)
    assert card.status == "VALIDATED"


def test_resolving_it_lifts_the_hold(api, reviewer, draft):
    thread = (
        api(reviewer)
        .post(f"/api/cards/{draft.stable_id}/comments/", {"body": "Why 3?"}, format="json")
        .json()
    )
    api(reviewer).post(f"/api/comments/{thread['id']}/resolve/")
    assert (
        card_services.card_set_status(stable_id=draft.stable_id, status="VALIDATED", user=reviewer).status
        == "VALIDATED"
    )


def test_a_designers_thread_holds_nothing(api, designer, reviewer, draft):
    api(designer).post(f"/api/cards/{draft.stable_id}/comments/", {"body": "Done?"}, format="json")
    assert (
        card_services.card_set_status(stable_id=draft.stable_id, status="VALIDATED", user=reviewer).status
        == "VALIDATED"
    )


def test_the_review_queue_shows_the_threads_and_blocks_the_move(api, client_as, designer, reviewer, draft):
    card_services.card_set_status(stable_id=draft.stable_id, status="NEEDS_REVIEW", user=designer)
    api(reviewer).post(f"/api/cards/{draft.stable_id}/comments/", {"body": "Why 3?"}, format="json")
    api(designer).post(f"/api/cards/{draft.stable_id}/comments/", {"body": "Note"}, format="json")
    page = client_as(reviewer).get("/review/", {"game": "darkrow"}).content.decode()
    assert "2 open comment threads" in page and "holds validation" in page
    assert "An open thread of a reviewer has no answer" in page


def test_the_card_page_blocks_the_validate_button(api, client_as, reviewer, draft):
    api(reviewer).post(f"/api/cards/{draft.stable_id}/comments/", {"body": "Why 3?"}, format="json")
    page = client_as(reviewer).get(f"/cards/{draft.stable_id}/").content.decode()
    assert "open thread of a reviewer has no answer" in page
