"""Watching a deck (issue 41, part 3): the Watch button of its page, its changes in the feed and
told to its watchers (a run of builder clicks: one line, one notice), never to who may not read it."""

from __future__ import annotations

import pytest

from comments.models import Activity, Notification, Watch
from decks import services as deck_services

pytestmark = pytest.mark.django_db


def watch_notices(user) -> list[Notification]:
    return list(Notification.objects.filter(recipient=user, kind="watch"))


def test_the_deck_page_has_a_watch_button_that_watches_the_deck(client_as, reviewer, deck):
    client = client_as(reviewer)
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert "Watch this deck" in page and f'name="deck" value="{deck.pk}"' in page
    answer = client.post("/activity/watch/", {"deck": deck.pk, "on": "1"})
    assert answer.status_code == 302 and answer["Location"].endswith(f"/decks/{deck.pk}/#comments")
    assert Watch.objects.filter(user=reviewer, deck=deck).exists()
    assert "Stop watching" in client.get(f"/decks/{deck.pk}/").content.decode()
    client.post("/activity/watch/", {"deck": deck.pk, "on": "0"})
    assert not Watch.objects.exists()


def test_a_watcher_is_told_once_of_a_run_of_changes_and_the_feed_has_one_line(
    client_as, playtester, reviewer, deck, shown
):
    client_as(reviewer).post("/activity/watch/", {"deck": deck.pk, "on": "1"})
    for _ in range(3):  # three clicks of the builder
        deck = deck_services.deck_card_add(deck=deck, stable_id=shown.stable_id, user=playtester)
    [note] = watch_notices(reviewer)
    assert (note.deck_id, note.actor) == (deck.pk, playtester)
    [line] = Activity.objects.filter(deck=deck)
    assert (line.kind, line.version, line.actor) == ("edit", deck.version, playtester)
    page = client_as(reviewer).get("/activity/", {"deck": deck.pk}).content.decode()
    assert "paula changed the deck" in page and f"(v{deck.version})" in page and "Stop watching" in page
    assert watch_notices(playtester) == []  # nobody is told of their own change


def test_another_persons_change_is_a_new_run(client_as, make_user, playtester, deck, shown):
    admin = make_user(username="ada", is_superuser=True)
    client_as(playtester).post("/activity/watch/", {"deck": deck.pk, "on": "1"})
    deck_services.deck_update(deck=deck, data={"name": "Ada's tweak"}, user=admin, partial=True)
    [note] = watch_notices(playtester)
    assert note.actor == admin
    deck_services.deck_card_add(deck=deck, stable_id=shown.stable_id, user=playtester)
    assert Activity.objects.filter(deck=deck, kind="edit").count() == 2


def test_who_may_not_read_the_deck_watches_nothing_and_is_told_nothing(
    client_as, make_user, designer, reviewer, playtester, deck, shown
):
    assert client_as(designer).post("/activity/watch/", {"deck": deck.pk, "on": "1"}).status_code == 404
    assert client_as(designer).get("/activity/", {"deck": deck.pk}).status_code == 404
    assert client_as(designer).post("/activity/watch/", {"deck": "x1", "on": "1"}).status_code == 404
    client_as(reviewer).post("/activity/watch/", {"deck": deck.pk, "on": "1"})
    reviewer.groups.clear()  # no longer a reviewer: every deck but their own is out of sight
    deck_services.deck_card_add(deck=deck, stable_id=shown.stable_id, user=playtester)
    assert watch_notices(reviewer) == []
    assert not Watch.objects.filter(user=designer).exists()


@pytest.mark.parametrize(("language", "word"), [("fr", "Suivre ce deck"), ("ru", "Следить за колодой")])
def test_the_watch_button_is_translated(client_as, playtester, deck, language, word):
    from studio.models import Preference

    Preference.objects.create(user=playtester, language=language)
    assert word in client_as(playtester).get(f"/decks/{deck.pk}/").content.decode()


def test_a_decks_feed_page_queries_do_not_grow(client_as, playtester, deck, django_assert_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    Activity.objects.create(kind="edit", deck=deck, game="vanguard", actor=playtester, version=2)
    client = client_as(playtester)
    client.get("/activity/", {"deck": deck.pk})
    with CaptureQueriesContext(connection) as few:
        client.get("/activity/", {"deck": deck.pk})
    one = len(few.captured_queries)
    Activity.objects.bulk_create(
        [
            Activity(kind="edit", deck=deck, game="vanguard", actor=playtester, version=n + 3)
            for n in range(60)
        ]
    )
    with django_assert_num_queries(one):
        page = client.get("/activity/", {"deck": deck.pk}).content.decode()
    assert page.count('class="feedline"') == 50 and 'rel="next"' in page
