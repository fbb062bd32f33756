"""Threads on a region of a card's face (the regions its face template declares), and a thread on an
earlier version one click from the diff since (issue 41)."""

from __future__ import annotations

import pytest

from cards import services as card_services
from comments.models import Comment
from faces.selectors import face_regions

pytestmark = pytest.mark.django_db


def test_the_regions_are_the_templates_drawn_for_this_card(api, designer, draft):
    answer = api(designer).get(f"/api/cards/{draft.stable_id}/face-regions/")
    assert answer.status_code == 200
    body = answer.json()
    assert body["stableCardId"] == draft.stable_id and body["width"] > 0 and body["height"] > 0
    ids = [r["id"] for r in body["regions"]]
    assert "name" in ids and len(ids) == len(set(ids))
    # The card itself (its edge, as large as the card) is no region: that is the whole card.
    whole = body["width"] * body["height"]
    assert all(r["box"]["w"] * r["box"]["h"] < 0.85 * whole for r in body["regions"])
    name = next(r for r in body["regions"] if r["id"] == "name")
    assert name["label"] and set(name["box"]) == {"x", "y", "w", "h"}
    # Largest first: a region drawn over a larger one lies above it.
    areas = [r["box"]["w"] * r["box"]["h"] for r in body["regions"]]
    assert areas == sorted(areas, reverse=True)


def test_a_region_whose_condition_fails_is_not_offered(make_card, designer):
    # vanguard draws its trigger's panel only on a card with a trigger.
    plain = make_card("vanguard", user=designer, stableCardId="VG-R01")
    triggered = make_card("vanguard", user=designer, stableCardId="VG-R02", trigger="CRITICAL", grade=0)
    assert "trigger" not in [r["id"] for r in face_regions(plain)["regions"]]
    assert "trigger" in [r["id"] for r in face_regions(triggered)["regions"]]


def test_a_thread_on_a_region_keeps_it_and_its_replies_too(api, designer, reviewer, draft):
    thread = api(reviewer).post(
        f"/api/cards/{draft.stable_id}/comments/", {"body": "Too small?", "region": "name"}, format="json"
    )
    assert thread.status_code == 201, thread.content
    assert thread.json()["region"] == "name" and thread.json()["field"] is None
    reply = api(designer).post(
        f"/api/cards/{draft.stable_id}/comments/",
        {"body": "Bigger now.", "parent": thread.json()["id"]},
        format="json",
    )
    assert reply.json()["region"] == "name"
    listed = api(designer).get(f"/api/cards/{draft.stable_id}/comments/").json()
    assert [c["region"] for c in listed] == ["name", "name"]


@pytest.mark.parametrize(
    "payload",
    [
        {"region": "nowhere"},
        {"region": 3},
        {"region": "name", "field": "name"},
        {"event": 1},
    ],
)
def test_a_bad_region_is_a_400_naming_it(api, designer, draft, payload):
    answer = api(designer).post(
        f"/api/cards/{draft.stable_id}/comments/", {"body": "x", **payload}, format="json"
    )
    key = "event" if "event" in payload else "region"
    assert answer.status_code == 400 and key in answer.json(), answer.content
    assert not Comment.objects.exists()


def test_a_region_on_a_deck_is_a_400(api, designer, make_user):
    from decks.services import deck_create

    deck = deck_create(data={"game": "darkrow", "name": "D", "sections": {"main": []}}, user=designer)
    answer = api(designer).post(
        f"/api/decks/{deck.pk}/comments/", {"body": "x", "region": "name"}, format="json"
    )
    assert answer.status_code == 400 and "region" in answer.json()


def test_the_card_page_offers_the_regions_and_shows_a_threads_region(client_as, api, reviewer, draft):
    api(reviewer).post(
        f"/api/cards/{draft.stable_id}/comments/", {"body": "Too small?", "region": "name"}, format="json"
    )
    page = client_as(reviewer).get(f"/cards/{draft.stable_id}/").content.decode()
    assert 'id="face-regions"' in page and 'name="region"' in page
    assert 'data-show-region="name"' in page and "on the face: Name" in page


def test_the_card_page_posts_a_thread_on_a_region(client_as, reviewer, draft):
    answer = client_as(reviewer).post(
        f"/cards/{draft.stable_id}/comments/", {"body": "Here.", "region": "name", "field": ""}
    )
    assert answer.status_code == 302
    assert Comment.objects.get().region == "name"


@pytest.mark.parametrize(
    ("language", "words"),
    [("fr", ["sur la face", "Sur la face"]), ("ru", ["на лицевой стороне", "На лицевой стороне"])],
)
def test_a_region_is_said_in_the_readers_language(client_as, api, reviewer, draft, language, words):
    from studio.models import Preference

    api(reviewer).post(
        f"/api/cards/{draft.stable_id}/comments/", {"body": "?", "region": "name"}, format="json"
    )
    Preference.objects.create(user=reviewer, language=language)
    page = client_as(reviewer).get(f"/cards/{draft.stable_id}/").content.decode()
    assert all(w in page for w in words)


@pytest.mark.parametrize(("language", "words"), [("fr", "Ce qui a changé"), ("ru", "Что изменилось")])
def test_the_diff_since_is_said_in_the_readers_language(
    client_as, designer, reviewer, draft, language, words
):
    from studio.models import Preference

    edit(draft, designer, cost=5)
    Preference.objects.create(user=reviewer, language=language)
    assert words in client_as(reviewer).get(f"/cards/{draft.stable_id}/since/1/").content.decode()


def edit(card, user, **changes):
    data = {"name": card.name, "type": card.type, "cost": 3, "atk": 4, "pv": 3, **changes}
    return card_services.card_update(
        stable_id=card.stable_id, data=data, user=user, expected_version=card.version
    )


def test_a_thread_on_an_earlier_version_links_to_the_diff_since(client_as, api, designer, reviewer, draft):
    thread = (
        api(reviewer)
        .post(f"/api/cards/{draft.stable_id}/comments/", {"body": "Cost?", "field": "cost"}, format="json")
        .json()
    )
    edited = edit(draft, designer, cost=5)
    assert edited.version == thread["cardVersion"] + 1
    page = client_as(reviewer).get(f"/cards/{draft.stable_id}/").content.decode()
    link = f'href="/cards/{draft.stable_id}/since/{thread["cardVersion"]}/"'
    assert link in page
    diff = client_as(reviewer).get(f"/cards/{draft.stable_id}/since/{thread['cardVersion']}/")
    assert diff.status_code == 200
    text = diff.content.decode()
    assert "<del>3</del>" in text and "<ins>5</ins>" in text
    assert f"v{thread['cardVersion']} → v{edited.version}" in text


def test_a_thread_on_the_current_version_has_no_diff_link(client_as, api, reviewer, draft):
    api(reviewer).post(f"/api/cards/{draft.stable_id}/comments/", {"body": "Cost?"}, format="json")
    page = client_as(reviewer).get(f"/cards/{draft.stable_id}/").content.decode()
    assert f"/cards/{draft.stable_id}/since/" not in page


def test_the_diff_since_is_for_who_may_read_the_history(
    client_as, api, designer, reviewer, playtester, shown
):
    thread = (
        api(designer).post(f"/api/cards/{shown.stable_id}/comments/", {"body": "Hm"}, format="json").json()
    )
    card_services.card_set_status(stable_id=shown.stable_id, status="NEEDS_REVIEW", user=reviewer)
    card_services.card_set_status(stable_id=shown.stable_id, status="VALIDATED", user=reviewer)
    page = client_as(playtester).get(f"/cards/{shown.stable_id}/").content.decode()
    assert "on an earlier version" in page and "/since/" not in page
    assert (
        client_as(playtester).get(f"/cards/{shown.stable_id}/since/{thread['cardVersion']}/").status_code
        == 403
    )


def test_the_diff_since_a_version_that_does_not_exist_is_a_404(client_as, reviewer, draft, designer):
    edit(draft, designer, cost=5)
    assert client_as(reviewer).get(f"/cards/{draft.stable_id}/since/999/").status_code == 302  # not earlier
    assert client_as(reviewer).get(f"/cards/{draft.stable_id}/since/0/").status_code == 404
