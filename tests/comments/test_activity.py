"""The change feed (/activity/) and watching: who changed what, what each reader may see of it."""

from __future__ import annotations

import pytest

from cards import services as card_services
from comments import activity
from comments.models import Activity, Notification, Watch

pytestmark = pytest.mark.django_db


def test_edits_status_moves_and_comments_are_lines_of_the_feed(client_as, api, designer, reviewer, draft):
    card_services.card_update(stable_id=draft.stable_id, data={"text": "New."}, user=designer)
    api(designer).post(f"/api/cards/{draft.stable_id}/comments/", {"body": "ok"}, format="json")
    card_services.card_set_status(stable_id=draft.stable_id, status="VALIDATED", user=reviewer)
    kinds = list(Activity.objects.filter(card=draft).values_list("kind", flat=True))
    assert kinds == ["status", "comment", "edit", "edit"]  # newest first; the creation is an edit
    page = client_as(designer).get("/activity/").content.decode()
    assert "dana edited" in page and "remi moved" in page and "dana commented on" in page


def test_the_feed_filters_by_kind_game_and_card(client_as, designer, draft, shown):
    client = client_as(designer)
    assert shown.name not in client.get("/activity/", {"game": "darkrow"}).content.decode()
    page = client.get("/activity/", {"card": draft.stable_id, "kind": "status"}).content.decode()
    assert "No change to show here yet." in page
    assert client.get("/activity/", {"card": "NOPE"}).status_code == 404


def test_a_playtester_sees_no_line_of_a_draft(client_as, playtester, designer, draft, shown):
    page = client_as(playtester).get("/activity/").content.decode()
    assert draft.name not in page and shown.name in page
    assert client_as(playtester).get("/activity/", {"card": draft.stable_id}).status_code == 404


def test_the_feed_pages_by_keyset(client_as, designer, draft):
    for n in range(60):
        Activity.objects.create(kind="edit", card=draft, game="darkrow", actor=designer, version=n + 2)
    client = client_as(designer)
    first = client.get("/activity/").content.decode()
    assert first.count('class="feedline"') == 50 and 'rel="next"' in first
    oldest_shown = Activity.objects.order_by("-pk")[49].pk
    second = client.get("/activity/", {"before": oldest_shown}).content.decode()
    assert second.count('class="feedline"') == 11 and 'rel="next"' not in second


def test_the_feed_page_queries_do_not_grow(client_as, designer, draft, django_assert_max_num_queries):
    client = client_as(designer)
    client.get("/activity/")
    with django_assert_max_num_queries(8):
        client.get("/activity/")
    for n in range(60):
        Activity.objects.create(kind="edit", card=draft, game="darkrow", actor=designer, version=n + 2)
    with django_assert_max_num_queries(8):
        client.get("/activity/")


def test_a_watcher_of_a_card_is_told_of_its_changes(client_as, designer, reviewer, draft):
    client_as(reviewer).post("/activity/watch/", {"card": draft.stable_id, "on": "1"})
    assert Watch.objects.filter(user=reviewer, card=draft).exists()
    card_services.card_update(stable_id=draft.stable_id, data={"text": "Again."}, user=designer)
    assert list(Notification.objects.filter(recipient=reviewer).values_list("kind", flat=True)) == ["watch"]
    client_as(reviewer).post("/activity/watch/", {"card": draft.stable_id, "on": "0"})
    assert not Watch.objects.exists()


def test_a_watcher_of_a_game_who_may_not_read_a_draft_is_told_nothing(client_as, playtester, designer, draft):
    client_as(playtester).post("/activity/watch/", {"game": "darkrow", "on": "1"})
    assert Watch.objects.filter(user=playtester, game="darkrow").exists()
    card_services.card_update(stable_id=draft.stable_id, data={"text": "Hidden."}, user=designer)
    assert not Notification.objects.filter(recipient=playtester).exists()


def test_nobody_watches_a_card_they_may_not_read(client_as, playtester, draft):
    assert (
        client_as(playtester).post("/activity/watch/", {"card": draft.stable_id, "on": "1"}).status_code
        == 404
    )
    assert not Watch.objects.exists()


def test_the_actor_is_not_told_of_their_own_change(designer, draft):
    activity.watch(user=designer, card=draft)
    card_services.card_update(stable_id=draft.stable_id, data={"text": "Mine."}, user=designer)
    assert not Notification.objects.filter(recipient=designer, kind="watch").exists()


@pytest.mark.parametrize(("language", "word"), [("fr", "Activité"), ("ru", "Лента")])
def test_the_feed_is_translated(client_as, designer, draft, language, word):
    from studio.models import Preference

    Preference.objects.create(user=designer, language=language)
    assert word in client_as(designer).get("/activity/").content.decode()
