"""Comments on an event of a finished table's log (issue 41): the routes, the 400 of a game not
over, and privacy: one test per way a hidden card or a table could leak (a comment, its thread's
event, a mention, its completion, a notification, an email, the page)."""

from __future__ import annotations

import re

import pytest

from comments.models import Comment, Notification
from tables.models import Table
from tests import module_data
from tests.tables.play import finish_setup, fix_seed, play, view

pytestmark = pytest.mark.django_db

GAME = "duel"


@pytest.fixture(scope="module")
def built(request, django_db_setup, django_db_blocker, tmp_path_factory):
    """A duel table of paula (seat 1) and olga (seat 2), public: the active seat drew a card (hidden
    from the other seat and the spectators), then olga noted something (public); the game not over.
    Built once for the module (tests/module_data.py: each test starts from it in a savepoint of its
    own; built for each of its 26 tests it was most of the module's CPU)."""
    from rest_framework.test import APIClient

    from cards.demo import card_set
    from cards.imports import cards_import
    from decks.services import deck_create
    from tests.tables.conftest import deck_data

    with module_data.built_once(request, django_db_blocker, tmp_path_factory):
        users = {1: module_data.make_user("playtester", username="paula")}
        users[2] = module_data.make_user("playtester", username="olga")
        cards_import(payload=card_set(GAME))
        decks = {seat: deck_create(data=deck_data(GAME, seat == 2), user=users[seat]) for seat in users}
        clients = {seat: APIClient() for seat in users}
        for seat, client in clients.items():
            client.force_authenticate(users[seat])
        created = (
            clients[1]
            .post("/api/tables/", {"mode": "free", "deck": decks[1].pk, "public": True}, format="json")
            .json()
        )
        fix_seed(created["id"], 5)
        joined = clients[2].post(
            "/api/tables/join/", {"token": created["inviteToken"], "deck": decks[2].pk}, format="json"
        )
        assert joined.status_code == 200, joined.content
        table_id = created["id"]
        finish_setup(clients, table_id)
        drawer = view(clients[1], table_id)["turn"]["seat"]
        draw = play(clients[drawer], table_id, "draw", count=1)["seq"]
        note = play(clients[2], table_id, "note", text="a ruling to check")["seq"]
        yield users, {"id": table_id, "draw": draw, "note": note, "drawer": drawer}


@pytest.fixture
def playtester(built, db):
    return module_data.fresh(built[0][1])


@pytest.fixture
def olga(built, db):
    return module_data.fresh(built[0][2])


@pytest.fixture
def table(built, api, playtester, olga):
    """The module's table (``built``): {"id", "draw": the draw's seq, "note": the note's seq,
    "drawer": 1 or 2, "clients": the API clients of seats 1 and 2}."""
    return {**built[1], "clients": {1: api(playtester), 2: api(olga)}}


@pytest.fixture
def finished(table, playtester):
    """The module's table, the game over: paula conceded (through the service: the API's path to a
    concession is the tables' tests' own)."""
    from tables.services import table_event_append

    at = Table.objects.get(pk=table["id"])
    table_event_append(user=playtester, table=at, kind="concede", expected_seq=at.seq, payload={})
    assert Table.objects.get(pk=table["id"]).status == Table.Status.FINISHED
    return table


@pytest.fixture
def spectator(make_user):
    return make_user("playtester", username="wanda")


def comment(client, table_id, body, **more):
    return client.post(f"/api/tables/{table_id}/comments/", {"body": body, **more}, format="json")


def drawn_name(table) -> str:
    """The name of the card the drawer drew, as the drawer's log shows it."""
    events = table["clients"][table["drawer"]].get(f"/api/tables/{table['id']}/events/?since=0").json()
    drawn = next(e for e in events["events"] if e["seq"] == table["draw"])
    return next(m["name"] for m in drawn["moved"] if m.get("name"))


def test_a_table_not_finished_refuses_a_comment_with_a_clear_400(table):
    answer = comment(table["clients"][1], table["id"], "Good draw?", event=table["draw"])
    assert answer.status_code == 400
    assert answer.json()["code"] == "TABLE_NOT_FINISHED"
    assert "not over" in answer.json()["detail"]
    assert not Comment.objects.exists()


def test_a_comment_on_an_event_of_a_finished_table_has_its_shape(finished):
    answer = comment(finished["clients"][2], finished["id"], "Was this note right?", event=finished["note"])
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert body["table"] == finished["id"] and body["event"] == finished["note"] and body["parent"] is None
    reply = comment(finished["clients"][1], finished["id"], "Yes.", parent=body["id"]).json()
    assert reply["event"] == finished["note"] and reply["parent"] == body["id"]
    listed = finished["clients"][1].get(f"/api/tables/{finished['id']}/comments/").json()
    assert [c["id"] for c in listed] == [body["id"], reply["id"]]


@pytest.mark.parametrize(
    ("payload", "key"),
    [
        ({}, "event"),
        ({"event": 0}, "event"),
        ({"event": 10**6}, "event"),
        ({"event": "3"}, "event"),
        ({"event": 1, "field": "name"}, "field"),
        ({"event": 1, "region": "name"}, "region"),
        ({"parent": 10**6}, "parent"),
    ],
)
def test_a_bad_event_or_key_is_a_400_naming_it(finished, payload, key):
    answer = comment(finished["clients"][1], finished["id"], "x", **payload)
    assert answer.status_code == 400 and key in answer.json(), answer.content


def test_a_user_who_may_not_see_the_table_gets_404_everywhere(finished, api, make_user):
    stranger = api(make_user(username="sam"))  # the table is public, but sam may watch no table
    thread = comment(finished["clients"][1], finished["id"], "secret", event=finished["note"]).json()
    assert stranger.get(f"/api/tables/{finished['id']}/comments/").status_code == 404
    assert comment(stranger, finished["id"], "x", event=1).status_code == 404
    assert stranger.get(f"/api/tables/{finished['id']}/mentions/?q=").status_code == 404
    assert stranger.post(f"/api/comments/{thread['id']}/resolve/").status_code == 404


def test_a_comment_on_a_card_drawn_is_never_read_by_who_did_not_see_it(finished, api, spectator):
    drawer, other = finished["drawer"], 3 - finished["drawer"]
    name = drawn_name(finished)
    mine = comment(finished["clients"][drawer], finished["id"], f"I drew {name} here", event=finished["draw"])
    assert mine.status_code == 201
    assert [
        c["id"] for c in finished["clients"][drawer].get(f"/api/tables/{finished['id']}/comments/").json()
    ]
    for reader in (finished["clients"][other], api(spectator)):
        listed = reader.get(f"/api/tables/{finished['id']}/comments/")
        assert listed.status_code == 200 and listed.json() == []
        assert name not in listed.content.decode()
        # Nor by its id.
        assert (
            reader.patch(f"/api/comments/{mine.json()['id']}/", {"body": "x"}, format="json").status_code
            == 404
        )
        assert reader.post(f"/api/comments/{mine.json()['id']}/resolve/").status_code == 404


def test_a_reply_to_a_thread_one_may_not_read_is_refused(finished):
    drawer, other = finished["drawer"], 3 - finished["drawer"]
    hidden = comment(finished["clients"][drawer], finished["id"], "mine", event=finished["draw"]).json()
    refused = comment(finished["clients"][other], finished["id"], "what?", parent=hidden["id"])
    assert refused.status_code == 400 and "parent" in refused.json()


def test_who_sees_more_reads_the_comment_of_who_saw_less(finished, api, spectator):
    drawer = finished["drawer"]
    seen = comment(api(spectator), finished["id"], "What was drawn?", event=finished["draw"])
    assert seen.status_code == 201
    for client in finished["clients"].values():
        assert [c["id"] for c in client.get(f"/api/tables/{finished['id']}/comments/").json()] == [
            seen.json()["id"]
        ]
    # The drawer's answer names the card: the spectator who asked never reads it.
    answer = comment(finished["clients"][drawer], finished["id"], "A trap.", parent=seen.json()["id"]).json()
    listed = api(spectator).get(f"/api/tables/{finished['id']}/comments/").json()
    assert [c["id"] for c in listed] == [seen.json()["id"]] and answer["id"] not in [c["id"] for c in listed]


def test_a_public_event_is_read_by_every_viewer(finished, api, spectator):
    note = comment(finished["clients"][1], finished["id"], "This ruling?", event=finished["note"]).json()
    for client in (finished["clients"][2], api(spectator)):
        assert [c["id"] for c in client.get(f"/api/tables/{finished['id']}/comments/").json()] == [note["id"]]


def test_a_mention_of_who_may_not_read_the_comment_tells_nobody(
    finished,
    api,
    spectator,
    olga,
    playtester,
    mailoutbox,
    django_capture_on_commit_callbacks,
):
    drawer, other = finished["drawer"], 3 - finished["drawer"]
    names = {1: "paula", 2: "olga"}
    for user in (playtester, olga, spectator):
        user.email = f"{user.username}@example.org"
        user.save()
    with django_capture_on_commit_callbacks(execute=True):
        comment(
            finished["clients"][drawer],
            finished["id"],
            f"@{names[other]} @wanda look what I drew",
            event=finished["draw"],
        )
    # (the players were told the game is over: those notices name no comment)
    assert not Notification.objects.filter(comment__isnull=False).exists()
    assert mailoutbox == []
    with django_capture_on_commit_callbacks(execute=True):
        comment(
            finished["clients"][drawer],
            finished["id"],
            f"@{names[other]} @wanda and this note",
            event=finished["note"],
        )
    told = set(
        Notification.objects.filter(comment__isnull=False).values_list("recipient__username", flat=True)
    )
    assert told == {names[other], "wanda"}
    url = next(n["url"] for n in api(spectator).get("/api/notifications/").json() if n["comment"])
    # ?comment= opens the comment's thread where the page folds it (comments.slots).
    assert re.fullmatch(rf"/tables/{finished['id']}/\?comment=(\d+)#comment-\1", url)
    assert {m.to[0] for m in mailoutbox} == {f"{names[other]}@example.org", "wanda@example.org"}


def test_mention_completion_at_a_table_names_only_who_may_see_it(finished, make_user, client_as, playtester):
    make_user("playtester", username="wanda")  # may watch a public table
    make_user(username="wendy")  # no role: may watch no table, never offered
    names = finished["clients"][1].get(f"/api/tables/{finished['id']}/mentions/?q=w").json()["usernames"]
    assert names == ["wanda"]
    assert Table.objects.filter(pk=finished["id"]).update(public=False) == 1
    names = finished["clients"][1].get(f"/api/tables/{finished['id']}/mentions/?q=").json()["usernames"]
    assert names == ["olga", "paula"]
    page = client_as(playtester).get(f"/tables/{finished['id']}/comments/mentions/?q=")
    assert page.status_code == 200
    assert 'data-name="olga"' in page.content.decode() and "wanda" not in page.content.decode()


def test_a_notification_of_a_table_comment_is_gone_when_the_table_is_no_longer_seen(
    finished, api, spectator, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        comment(finished["clients"][1], finished["id"], "@wanda see this note", event=finished["note"])
    assert len(api(spectator).get("/api/notifications/").json()) == 1
    Table.objects.filter(pk=finished["id"]).update(public=False)
    assert api(spectator).get("/api/notifications/").json() == []
    assert api(spectator).post("/api/notifications/read/", {"all": True}, format="json").json()["unread"] == 0


def seen(user, table_id: int) -> dict:
    """What ``user`` is shown of the comments at table ``table_id``, each place where a notice of one
    shows: the API's notifications (the comments they name) and its unread ones, the inbox page's
    links, the unread count of the header drawn with a page, of its poll and of the API's answer to a
    read; and the table's comments themselves (None: a 404). The user read again, with the
    permissions they hold now."""
    from django.test import Client
    from rest_framework.test import APIClient

    user = module_data.fresh(user)
    api, client = APIClient(), Client()
    api.force_authenticate(user)
    client.force_login(user)

    def named(notices) -> list[int]:
        return sorted(n["comment"] for n in notices if n["comment"] and n["table"] == table_id)

    def count(html: str) -> int:
        found = re.search(r'class="count" data-count="(\d+)"', html)
        return int(found.group(1)) if found else 0

    page = client.get("/notifications/").content.decode()
    listed = api.get(f"/api/tables/{table_id}/comments/")
    return {
        "api": named(api.get("/api/notifications/").json()),
        "unread": named(api.get("/api/notifications/?unread=1").json()),
        "inbox": sorted(int(pk) for pk in re.findall(rf'href="/tables/{table_id}/\?comment=(\d+)#', page)),
        "header": count(page[page.index('id="inbox-link"') :].split("</a>", 1)[0]),
        "polled": count(client.get("/notifications/count/").content.decode()),
        "read": api.post("/api/notifications/read/", {"ids": []}, format="json").json()["unread"],
        "comments": sorted(c["id"] for c in listed.json()) if listed.status_code == 200 else None,
    }


def everywhere(pk: int | None) -> dict:
    """What :func:`seen` answers when the one comment ``pk`` is shown everywhere (None: nothing is)."""
    ids, unread = ([pk], 1) if pk else ([], 0)
    return {
        **{"api": ids, "unread": ids, "inbox": ids},
        **{"header": unread, "polled": unread, "read": unread},
        "comments": ids if pk else None,
    }


def test_a_public_tables_comments_and_their_notices_are_shown_only_to_who_may_watch_tables(
    finished, spectator
):
    """wanda, mentioned at the public table while she may watch tables, then no longer (her role
    taken back): nothing of the table's comments is shown to her, not even a count."""
    from django.contrib.auth.models import Group

    from comments import emails

    spectator.email = "wanda@example.org"
    spectator.save()
    thread = comment(finished["clients"][1], finished["id"], "@wanda see this", event=finished["note"])
    pk = thread.json()["id"]
    assert seen(spectator, finished["id"]) == everywhere(pk)
    spectator.groups.clear()  # no role: she may watch no table
    assert seen(spectator, finished["id"]) == everywhere(None)
    # Mentioned again now, she is not even told (nothing stored that a role given back would show).
    again = comment(finished["clients"][2], finished["id"], "@wanda and now?", event=finished["note"])
    assert again.status_code == 201
    assert Notification.objects.filter(recipient=spectator).count() == 1
    note = Notification.objects.get(recipient=spectator, comment_id=pk)
    assert emails.send(note.pk) is False  # (its email not sent yet: on_commit work is not run here)
    spectator.groups.add(Group.objects.get(name="playtester"))
    assert seen(spectator, finished["id"]) == {**everywhere(pk), "comments": [pk, again.json()["id"]]}
    assert emails.send(note.pk) is True


def test_a_player_is_shown_their_tables_comments_and_notices_without_the_permission(finished, olga):
    """olga sits at the table: she reads its comments and is told of them, whether or not she may watch
    tables."""
    from comments import services

    services.notifications_read(user=olga, everything=True)  # the game's end, told when paula conceded
    thread = comment(finished["clients"][1], finished["id"], "@olga see this", event=finished["note"])
    pk = thread.json()["id"]
    olga.groups.clear()
    assert seen(olga, finished["id"]) == everywhere(pk)


def test_the_table_page_shows_threads_each_event_as_its_reader_sees_it(finished, client_as, olga, playtester):
    drawer, other = finished["drawer"], 3 - finished["drawer"]
    users = {1: playtester, 2: olga}
    name = drawn_name(finished)
    comment(finished["clients"][drawer], finished["id"], "Lucky.", event=finished["draw"])
    comment(finished["clients"][other], finished["id"], "Your draw?", event=finished["draw"])
    theirs = client_as(users[other]).get(f"/tables/{finished['id']}/").content.decode()
    assert "Your draw?" in theirs and "Lucky." not in theirs and name not in theirs
    assert 'id="comment-event"' in theirs and f'max="{Table.objects.get(pk=finished["id"]).seq}"' in theirs
    mine = client_as(users[drawer]).get(f"/tables/{finished['id']}/").content.decode()
    assert "Your draw?" in mine and "Lucky." in mine and name in mine  # the drawer's own view names it


def test_the_table_page_of_a_game_not_over_has_no_comments(table, client_as, playtester):
    page = client_as(playtester).get(f"/tables/{table['id']}/").content.decode()
    assert 'id="comments"' not in page


def test_the_table_page_posts_a_comment_and_refuses_a_bad_event(finished, client_as, playtester):
    client = client_as(playtester)
    ok = client.post(
        f"/tables/{finished['id']}/comments/", {"body": "Noted.", "event": str(finished["note"])}
    )
    posted = Comment.objects.get(body="Noted.")
    assert ok.status_code == 302 and ok["Location"].endswith(
        f"/tables/{finished['id']}/?comment={posted.pk}#comments"
    )
    bad = client.post(
        f"/tables/{finished['id']}/comments/", {"body": "x", "event": "999"}, HTTP_HX_REQUEST="true"
    )
    assert bad.status_code == 400 and "Not saved" in bad.content.decode()
    assert Comment.objects.count() == 1


def test_the_table_threads_read_a_fixed_number_of_queries(finished, django_assert_num_queries):
    client = finished["clients"][1]
    url = f"/api/tables/{finished['id']}/comments/"

    def add(n):
        for k in range(n):
            thread = comment(finished["clients"][k % 2 + 1], finished["id"], f"n{k}", event=finished["note"])
            comment(finished["clients"][2], finished["id"], "re", parent=thread.json()["id"])
            comment(finished["clients"][1], finished["id"], "on the draw", event=finished["draw"])

    add(1)
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    connection.queries_log.clear()  # full (9,000) after the fixtures: nothing more would be counted
    with CaptureQueriesContext(connection) as few:
        assert len(client.get(url).json()) == 3
    counted = len(few.captured_queries)
    add(5)
    # The table, its seats, the comments, the table's events (one replay for all the events
    # commented): never one more query for more threads, replies or events.
    assert counted <= 6
    with django_assert_num_queries(counted):
        assert len(client.get(url).json()) >= 3 * 6


@pytest.mark.parametrize(
    ("language", "words"),
    [("fr", "n’est pas finie"), ("ru", "не окончена")],
)
def test_the_refusal_of_a_game_not_over_is_said_in_the_readers_language(table, language, words):
    answer = table["clients"][1].post(
        f"/api/tables/{table['id']}/comments/",
        {"body": "?", "event": table["draw"]},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert answer.status_code == 400 and answer.json()["code"] == "TABLE_NOT_FINISHED"
    assert words in answer.json()["detail"]


def test_the_table_threads_speak_french_and_russian(finished, client_as, playtester):
    from studio.models import Preference

    comment(finished["clients"][1], finished["id"], "Hm.", event=finished["note"])
    preference = Preference.objects.create(user=playtester, language="fr")
    page = client_as(playtester).get(f"/tables/{finished['id']}/").content.decode()
    assert f"sur l’événement #{finished['note']}" in page and "Sur l’événement #" in page
    preference.language = "ru"
    preference.save()
    page = client_as(playtester).get(f"/tables/{finished['id']}/").content.decode()
    assert f"о событии #{finished['note']}" in page and "О событии #" in page


def test_the_feed_never_lists_a_table_comment(finished, client_as, playtester):
    from comments.models import Activity

    name = drawn_name(finished)
    comment(finished["clients"][finished["drawer"]], finished["id"], f"drew {name}", event=finished["draw"])
    assert not Activity.objects.filter(comment__isnull=False).exists()
    page = client_as(playtester).get("/activity/").content.decode()
    assert name not in page and f"/tables/{finished['id']}/" not in page


def test_an_email_of_a_table_comment_carries_a_link_never_its_words(
    finished, olga, mailoutbox, django_capture_on_commit_callbacks
):
    olga.email = "olga@example.org"
    olga.save()
    with django_capture_on_commit_callbacks(execute=True):
        comment(finished["clients"][1], finished["id"], "@olga a secret plan", event=finished["note"])
    assert len(mailoutbox) == 1
    mail = mailoutbox[0]
    assert re.search(rf"/tables/{finished['id']}/\?comment=(\d+)#comment-\1\b", mail.body)
    assert "secret plan" not in mail.body and "secret plan" not in mail.subject
