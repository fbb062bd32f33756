"""The playtest table in the reader's language: each card a seat may see carries its names by language
where it has current (VALIDATED, not stale) translations, in the view, the events, the replay and the
moves' news; the page shows its reader's. Never a draft, a translation waiting for review or a stale
one; never the name of a card the seat may not see; one query for the names, whatever their number."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from cards import demo
from cards.models import Card, CardTranslation, TranslationStatus
from cards.translations import mark_stale
from tables import realtime
from tables.models import Table
from tables.selectors import table_state
from tests import module_data
from tests.rules.tables.hidden import known_to

from .play import finish_setup, fix_seed, play, view, zone

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def built(request, django_db_setup, django_db_blocker, tmp_path_factory):
    """TD01 against TD01 (every card of it has a Russian demo translation), the setup done: paula,
    who reads Russian, at seat 1, olga at seat 2. Built once for the module (tests/module_data.py:
    each test starts from it in a savepoint of its own)."""
    from rest_framework.test import APIClient

    from cards.demo import card_set
    from cards.imports import cards_import
    from decks.services import deck_create
    from studio.models import Preference

    from .conftest import deck_data

    with module_data.built_once(request, django_db_blocker, tmp_path_factory):
        users = {1: module_data.make_user("playtester", username="paula")}
        users[2] = module_data.make_user("playtester", username="olga")
        Preference.objects.create(user=users[1], language="ru")
        cards_import(payload=card_set("vanguard"))
        clients = {seat: APIClient() for seat in users}
        for seat, client in clients.items():
            client.force_authenticate(users[seat])
        mine, theirs = clients[1], clients[2]
        body = mine.post(
            "/api/tables/",
            {"mode": "free", "deck": deck_create(data=deck_data("vanguard"), user=users[1]).pk},
            format="json",
        ).json()
        fix_seed(body["id"], 3)
        joined = theirs.post(
            "/api/tables/join/",
            {"token": body["inviteToken"], "deck": deck_create(data=deck_data("vanguard"), user=users[2]).pk},
            format="json",
        )
        assert joined.status_code == 200
        demo.load_translations()
        finish_setup(clients, body["id"])
        yield users, body["id"]


@pytest.fixture
def playtester(built, db):
    return module_data.fresh(built[0][1])


@pytest.fixture
def russian_playtester(playtester):
    """The module's playtester, who reads Russian (``built``)."""
    return playtester


@pytest.fixture
def opponent(built, db):
    return module_data.fresh(built[0][2])


@pytest.fixture
def td01_table(built, api, russian_playtester, opponent):
    """The module's table (``built``): the seats' API clients and the table."""
    return {1: api(russian_playtester), 2: api(opponent)}, Table.objects.get(pk=built[1])


def named(data: Any) -> list[dict]:
    """Every object of an answer that carries translated names."""
    found = []
    if isinstance(data, dict):
        if "names" in data:
            found.append(data)
        for value in data.values():
            found += named(value)
    elif isinstance(data, list):
        for value in data:
            found += named(value)
    return found


def cards_of(data: Any) -> list[dict]:
    """Every object of an answer that names a card (a seat sees it)."""
    found = []
    if isinstance(data, dict):
        if data.get("stableCardId"):
            found.append(data)
        for value in data.values():
            found += cards_of(value)
    elif isinstance(data, list):
        for value in data:
            found += cards_of(value)
    return found


def test_each_card_a_seat_sees_carries_its_russian_name_and_its_source(td01_table):
    clients, table = td01_table
    data = view(clients[1], table.pk)
    hand = zone(data["seats"][0], "hand")["cards"]
    assert hand and all(card["names"]["ru"] and card["language"] == "en" for card in hand), hand
    for card in hand:
        stored = CardTranslation.objects.get(card__stable_id=card["stableCardId"], language="ru")
        # Every language the card is read in (a French reader's page picks "fr"); the source name stays.
        assert card["names"]["ru"] == stored.name and card["name"] == stored.card.name
        assert "en" not in card["names"]


def test_translated_names_go_only_with_the_cards_a_seat_may_see(td01_table):
    clients, table = td01_table
    state = table_state(table)
    for seat, client in clients.items():
        known = known_to(state, seat - 1)
        data = view(client, table.pk)
        carriers = named(data)
        assert carriers, "the seat sees translated cards"
        assert all(item.get("instance") in known for item in carriers), seat
        # The other seat's hand: a count, no names.
        other = zone(data["seats"][2 - seat], "hand")
        assert other["count"] and not named(other)
        feed = client.get(f"/api/tables/{table.pk}/events/").json()
        assert all("name" in item and item.get("stableCardId") for item in named(feed))


def test_the_events_the_replay_and_the_news_carry_the_names_too(
    td01_table, monkeypatch, django_capture_on_commit_callbacks
):
    clients, table = td01_table
    sent: list[dict] = []
    monkeypatch.setattr(realtime, "announce", lambda table_id, seq, news=None: sent.append(news or {}))
    mine = view(clients[1], table.pk)
    seat = mine["turn"]["seat"]
    hand = zone(view(clients[seat], table.pk)["seats"][seat - 1], "hand")["cards"]
    with django_capture_on_commit_callbacks(execute=True):
        play(clients[seat], table.pk, "move", seat, instance=hand[0]["instance"], to="rc1")
    feed = clients[seat].get(f"/api/tables/{table.pk}/events/").json()["events"]
    moved = feed[-1]["moved"][0]
    assert moved["names"]["ru"] == hand[0]["names"]["ru"]
    at = view(clients[seat], table.pk, at=feed[-1]["seq"])
    assert named(at)
    # The news sent to each audience with the move (the sockets' pages): the names of what it may see.
    news = sent[-1]
    assert news and named(news[str(seat)])
    assert all(item.get("stableCardId") for item in named(news))


@pytest.mark.parametrize("change", ["draft", "needs_review", "stale", "own_language"])
def test_a_translation_that_is_not_current_is_never_sent(td01_table, change):
    clients, table = td01_table
    data = view(clients[1], table.pk)
    shown = zone(data["seats"][0], "hand")["cards"][0]
    card = Card.objects.get(stable_id=shown["stableCardId"])
    if change == "stale":
        mark_stale([card.pk])
    elif change == "own_language":  # the card now written in Russian: its Russian translation shows no one
        Card.objects.filter(pk=card.pk).update(source_language="ru")
    else:
        CardTranslation.objects.filter(card=card, language="ru").update(
            status=TranslationStatus.DRAFT if change == "draft" else TranslationStatus.NEEDS_REVIEW
        )
    data = view(clients[1], table.pk)
    same = [c for c in cards_of(data) if c["stableCardId"] == card.stable_id]
    assert same and all("ru" not in c.get("names", {}) for c in same)
    assert any("ru" in c.get("names", {}) for c in cards_of(data) if c["stableCardId"] != card.stable_id)


def test_the_table_page_tells_its_script_the_readers_language(client_as, russian_playtester, td01_table):
    _clients, table = td01_table
    page = client_as(russian_playtester).get(reverse("tables:detail", args=[table.pk]))
    assert page.context["config"]["language"] == "ru"
    html = page.content.decode()
    assert re.search(
        r'<p id="zoom-source"[^>]*hidden>оригинал: <span id="zoom-source-name"></span></p>', html
    )


def test_the_names_of_a_table_are_read_in_one_query(
    django_assert_max_num_queries, client_as, russian_playtester, td01_table
):
    clients, table = td01_table
    seat = view(clients[1], table.pk)["turn"]["seat"]
    if seat != 1:
        play(clients[seat], table.pk, "endTurn", seat)
    for card in zone(view(clients[1], table.pk)["seats"][0], "hand")["cards"][:3]:
        play(clients[1], table.pk, "move", 1, instance=card["instance"], to="damage")

    def translation_queries(url: str, limit: int) -> int:
        with django_assert_max_num_queries(limit) as captured:
            response = clients[1].get(url)
        assert response.status_code == 200 and named(response.json())
        return sum('"cards_cardtranslation"' in q["sql"] for q in captured.captured_queries)

    # The table and its seats, the events to replay (a savepoint around the request here), and the
    # translated names of every card the answer names: one query, whatever their number.
    assert translation_queries(f"/api/tables/{table.pk}/", 5) == 1
    assert translation_queries(f"/api/tables/{table.pk}/?at=2", 5) == 1
    assert translation_queries(f"/api/tables/{table.pk}/events/", 5) == 1
    # The page itself reads no card (its script reads the API): the session, the user and their
    # permissions and groups, the header's unread count, the table and its seats.
    page = client_as(russian_playtester)
    with django_assert_max_num_queries(8) as captured:
        assert page.get(reverse("tables:detail", args=[table.pk])).status_code == 200
    assert not any('"cards_cardtranslation"' in q["sql"] for q in captured.captured_queries)
    # A face checks that the seat sees the card, without the names.
    card = zone(view(clients[1], table.pk)["seats"][0], "hand")["cards"][0]
    with CaptureQueriesContext(connection) as face:
        assert page.get(card["face"]).status_code == 200
    assert not any('"cards_cardtranslation"' in q["sql"] for q in face.captured_queries)
