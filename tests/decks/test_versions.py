"""Deck versions: an ETag on every deck, If-Match (or ``version``) on PUT, PATCH and DELETE, a stale
one refused with 412 and nothing changed; concurrent PATCHes of one version: exactly one wins."""

from __future__ import annotations

import re
import threading

import pytest
from django.db import connection
from django.urls import reverse

from common.errors import StaleVersion
from decks import services
from decks.models import Deck, DeckEntry
from tests.decks.pages import HTMX, small_duel, text

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


# --- the builder page: every change carries the version the page shows ------------------------------
def builder_forms(client, deck) -> list[str]:
    page = client.get(reverse("decks:detail", args=[deck.pk]) + "?q=Example").content.decode()
    forms = re.findall(r'<form method="post"[^>]*>.*?</form>', page, re.S)
    return [form for form in forms if f"/decks/{deck.pk}/" in form]


def test_every_form_of_the_builder_sends_the_version(client_as, playtester, load_cards):
    load_cards("duel")
    deck = small_duel(playtester)
    services.deck_update(deck=deck, data={"name": "v2"}, user=playtester, partial=True)
    forms = builder_forms(client_as(playtester), deck)
    assert len(forms) >= 5  # add, steps, remove, settings, delete
    for form in forms:
        assert '<input type="hidden" name="version" value="2">' in form, form[:200]
    page = client_as(playtester).get(reverse("decks:detail", args=[deck.pk])).content.decode()
    assert 'id="deck" class="deckcol" data-version="2"' in page


@pytest.mark.parametrize("change", ["add", "entry", "pick", "settings"])
def test_a_stale_builder_change_is_refused_in_place_and_changes_nothing(
    client_as, playtester, load_cards, change
):
    load_cards("duel")
    deck = small_duel(playtester)
    posts = {
        "add": ("decks:add", {"card": "DU-EX-002"}),
        "entry": ("decks:entry", {"section": "main", "position": "0", "ref": "DU-EX-001", "delta": "1"}),
        "pick": ("decks:pick", {"pick": "character", "card": ""}),
        "settings": ("decks:settings", {"name": "Renamed", "format": str(deck.format_id)}),
    }
    route, data = posts[change]
    client = client_as(playtester)
    # Another tab changed the deck: it is at version 2, this page shows version 1.
    services.deck_update(deck=deck, data={"name": "Elsewhere"}, user=playtester, partial=True)
    before = (Deck.objects.get(pk=deck.pk).version, list(DeckEntry.objects.values_list("ref", "count")))
    response = client.post(reverse(route, args=[deck.pk]), {**data, "version": "1"}, **HTMX)
    assert response.status_code == 412
    assert response["X-Refusal"] == "message"  # shown where the player acted, the page kept
    body = text(response)
    assert "changed elsewhere (another tab or window)" in body and "Your input is kept" in body
    after = (Deck.objects.get(pk=deck.pk).version, list(DeckEntry.objects.values_list("ref", "count")))
    assert after == before and Deck.objects.get(pk=deck.pk).name == "Elsewhere"
    # The current version goes through (duel decks have no pick: refused for that, not as stale).
    ok = client.post(reverse(route, args=[deck.pk]), {**data, "version": "2"}, **HTMX)
    assert ok.status_code == (400 if change == "pick" else 200), text(ok)[:300]


def test_without_javascript_a_stale_change_comes_back_with_the_message(client_as, playtester, load_cards):
    load_cards("duel")
    deck = small_duel(playtester)
    services.deck_update(deck=deck, data={"name": "Elsewhere"}, user=playtester, partial=True)
    response = client_as(playtester).post(
        reverse("decks:add", args=[deck.pk]), {"card": "DU-EX-002", "version": "1"}, follow=True
    )
    assert "changed elsewhere" in text(response)
    assert not DeckEntry.objects.filter(ref="DU-EX-002").exists()


def test_a_stale_delete_deletes_nothing_and_a_bad_version_is_refused(client_as, playtester, load_cards):
    load_cards("duel")
    deck = small_duel(playtester)
    services.deck_update(deck=deck, data={"name": "Elsewhere"}, user=playtester, partial=True)
    client = client_as(playtester)
    response = client.post(reverse("decks:delete", args=[deck.pk]), {"version": "1"}, follow=True)
    assert "Not deleted" in text(response) and Deck.objects.filter(pk=deck.pk).exists()
    bad = client.post(reverse("decks:add", args=[deck.pk]), {"card": "DU-EX-002", "version": "x"}, **HTMX)
    assert bad.status_code == 400 and not DeckEntry.objects.filter(ref="DU-EX-002").exists()
    assert client.post(reverse("decks:delete", args=[deck.pk]), {"version": "2"}).status_code == 302
    assert not Deck.objects.filter(pk=deck.pk).exists()


def test_a_pages_own_crossing_changes_are_not_stale_but_anothers_are(playtester, load_cards):
    load_cards("duel")
    deck = small_duel(playtester)  # version 1
    # Page A sends two changes from version 1 (the second before the first's answer came back).
    services.deck_card_add(deck=deck, stable_id="DU-EX-002", user=playtester, expected_version=1, tab="A")
    services.deck_card_add(deck=deck, stable_id="DU-EX-003", user=playtester, expected_version=1, tab="A")
    assert Deck.objects.get(pk=deck.pk).version == 3
    # Page B, opened at version 1, is stale: A changed the deck since.
    with pytest.raises(StaleVersion):
        services.deck_card_add(deck=deck, stable_id="DU-EX-004", user=playtester, expected_version=1, tab="B")
    # B at the current version is fine, and then A's old versions are stale for A too.
    services.deck_card_add(deck=deck, stable_id="DU-EX-004", user=playtester, expected_version=3, tab="B")
    with pytest.raises(StaleVersion):
        services.deck_card_add(deck=deck, stable_id="DU-EX-005", user=playtester, expected_version=3, tab="A")
    # A change without a page (the API) ends any page's run.
    services.deck_update(deck=deck, data={"name": "api"}, user=playtester, partial=True, expected_version=4)
    with pytest.raises(StaleVersion):
        services.deck_card_add(deck=deck, stable_id="DU-EX-005", user=playtester, expected_version=4, tab="B")
    # A version from the future is never taken.
    with pytest.raises(StaleVersion):
        services.deck_card_add(deck=deck, stable_id="DU-EX-005", user=playtester, expected_version=9, tab="B")
    assert sorted(DeckEntry.objects.values_list("ref", flat=True)) == [
        "DU-EX-001",
        "DU-EX-002",
        "DU-EX-003",
        "DU-EX-004",
    ]
