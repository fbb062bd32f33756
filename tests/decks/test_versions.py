"""Deck versions: an ETag on every deck, If-Match (or ``version``) on PUT, PATCH and DELETE, a stale
one refused with 412 and nothing changed; concurrent PATCHes of one version: exactly one wins."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from decks import services
from decks.models import Deck

pytestmark = pytest.mark.django_db

DECK = {"game": "darkrow", "name": "Mine", "sections": {"main": []}}


@pytest.fixture
def deck(playtester):
    return services.deck_create(data=DECK, user=playtester)


def url(deck):
    return f"/api/decks/{deck.pk}/"


def test_a_deck_has_a_version_and_its_etag(api, playtester, deck):
    response = api(playtester).get(url(deck))
    assert response.json()["version"] == 1 and response["ETag"] == '"1"'


def test_each_change_makes_a_new_version(api, playtester, deck):
    client = api(playtester)
    response = client.patch(url(deck), {"name": "Renamed"}, format="json", HTTP_IF_MATCH='"1"')
    assert response.status_code == 200, response.json()
    assert response.json()["version"] == 2 and response["ETag"] == '"2"'
    response = client.put(url(deck), {**DECK, "name": "Again", "version": 2}, format="json")
    assert response.status_code == 200 and response.json()["version"] == 3


@pytest.mark.parametrize("method", ["put", "patch", "delete"])
@pytest.mark.parametrize("how", ["If-Match", "body"])
def test_a_stale_version_is_a_412_and_changes_nothing(api, playtester, deck, method, how):
    client = api(playtester)
    client.patch(url(deck), {"name": "Moved on"}, format="json")  # now at version 2
    body = {**DECK, "name": "Lost?"}
    headers = {}
    if how == "If-Match":
        headers["HTTP_IF_MATCH"] = '"1"'
    else:
        body["version"] = 1
    response = getattr(client, method)(url(deck), body, format="json", **headers)
    assert response.status_code == 412, response.content
    assert response.json()["currentVersion"] == 2 and "deck changed" in response.json()["detail"]
    stored = Deck.objects.get(pk=deck.pk)
    assert (stored.name, stored.version) == ("Moved on", 2)


def test_a_malformed_version_is_a_400_never_no_version(api, playtester, deck):
    response = api(playtester).patch(url(deck), {"name": "x"}, format="json", HTTP_IF_MATCH="soon")
    assert response.status_code == 400
    assert Deck.objects.get(pk=deck.pk).name == "Mine"


def test_a_revalidation_does_not_change_the_version(deck):
    services.decks_mark_stale(Deck.objects.filter(pk=deck.pk))
    services.decks_revalidate(decks=Deck.objects.filter(pk=deck.pk))
    assert Deck.objects.get(pk=deck.pk).version == 1


def test_the_builder_services_check_the_version_too(deck, playtester, make_card):
    from common.errors import StaleVersion

    card = make_card("darkrow")
    type(card).objects.filter(pk=card.pk).update(status="VALIDATED")  # a playtester sees it
    services.deck_card_add(deck=deck, stable_id=card.stable_id, user=playtester, expected_version=1)
    with pytest.raises(StaleVersion):
        services.deck_card_add(deck=deck, stable_id=card.stable_id, user=playtester, expected_version=1)
    stored = Deck.objects.get(pk=deck.pk)
    assert stored.version == 2 and [e.count for e in stored.entries.all()] == [1]


def _shared_database() -> bool:
    """Threads need their own connections to one database: PostgreSQL, or SQLite in a file."""
    if connection.vendor != "sqlite":
        return True
    return not connection.settings_dict["NAME"].startswith(("file:memorydb", ":memory:")) and (
        "mode=memory" not in connection.settings_dict["NAME"]
    )


@pytest.mark.django_db(transaction=True)
def test_fifty_concurrent_patches_of_one_version_exactly_one_wins(api, playtester):
    if not _shared_database():
        pytest.skip("threads need one database on their own connections (PostgreSQL in .ci/run)")
    deck = services.deck_create(data=DECK, user=playtester)
    barrier = threading.Barrier(50)
    answers: dict[int, int] = {}

    def patch(i: int) -> None:
        from django.db import connections

        try:
            client = api(playtester)
            barrier.wait()
            response = client.patch(url(deck), {"name": f"Writer {i}"}, format="json", HTTP_IF_MATCH='"1"')
            answers[i] = response.status_code
        finally:
            connections.close_all()

    threads = [threading.Thread(target=patch, args=(i,)) for i in range(50)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    winners = [i for i, code in answers.items() if code == 200]
    assert len(answers) == 50 and len(winners) == 1, answers
    assert sorted(set(answers.values())) == [200, 412]
    stored = Deck.objects.get(pk=deck.pk)
    assert (stored.name, stored.version) == (f"Writer {winners[0]}", 2)  # the winner's write, not lost
