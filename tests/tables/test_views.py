"""The tables' pages: the list and a new table from a deck, the invitation link, the table page
(its config and no card of the game in the HTML), the replay address, and the header's link."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from tables import services
from tables.models import Table

from .live_kit import deck_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice(make_user):
    return make_user("playtester", username="alice")


@pytest.fixture
def bob(make_user):
    return make_user("playtester", username="bob")


def _config(response) -> dict:
    found = re.search(
        r'<script id="table-config" type="application/json">(.*?)</script>', response.text, re.S
    )
    assert found, "the page carries its config"
    return json.loads(found.group(1))


def test_the_header_links_to_the_tables_and_the_deck_page_opens_one(client_as, alice):
    deck = deck_for("vanguard", alice)
    client = client_as(alice)
    page = client.get(reverse("decks:detail", args=[deck.pk]))
    assert page.status_code == 200
    assert f'href="{reverse("tables:list")}"' in page.text  # the header's "Tables"
    assert f"{reverse('tables:list')}?deck={deck.pk}#new" in page.text  # the deck page's button
    listing = client.get(reverse("tables:list"), {"deck": deck.pk})
    assert listing.status_code == 200
    assert f'<option value="{deck.pk}" data-game="vanguard" selected>' in listing.text


def test_a_table_opened_from_a_deck_waits_and_shows_its_invitation_link(client_as, alice):
    deck = deck_for("vanguard", alice)
    client = client_as(alice)
    response = client.post(reverse("tables:create"), {"deck": deck.pk})
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("tables:detail", args=[table.pk])
    page = client.get(response["Location"])
    assert page.status_code == 200
    assert reverse("tables:invite", args=[table.invite_token]) in page.text
    config = _config(page)
    assert config["seats"] == [1] and config["api"] == f"/api/tables/{table.pk}/"
    assert config["ws"] == f"/ws/tables/{table.pk}/"
    assert config["labels"]["zones"]["vc"]["label"] and config["labels"]["steps"][0]["key"] == "stand"


def test_the_page_opens_a_rules_table_unless_the_free_table_is_asked_for(client_as, alice):
    deck = deck_for("vanguard", alice)
    client = client_as(alice)
    client.post(reverse("tables:create"), {"deck": deck.pk})
    client.post(reverse("tables:create"), {"deck": deck.pk, "free": "on"})
    assert [(t.mode, t.rules_version) for t in Table.objects.order_by("pk")] == [
        ("rules", "vanguard-3"),
        ("free", "free-2"),
    ]
    page = client.get(reverse("tables:detail", args=[Table.objects.order_by("pk").first().pk]))
    config = _config(page)
    assert config["mode"] == "rules" and config["intents"].endswith("/intents/")
    assert [m["kind"] for m in config["labels"]["freeMoves"]] == ["driveCheck"]
    ride = next(m for m in config["labels"]["ruleMoves"] if m["kind"] == "ride")
    assert ride["log"] == "%(who)s rode %(card)s" and ride["label"] == "Ride"


def test_the_invitation_seats_the_second_player_with_a_deck_of_the_game(client_as, alice, bob):
    table = services.table_create(mode="free", user=alice, deck=deck_for("vanguard", alice))
    theirs = deck_for("vanguard", bob, which=1)
    deck_for("duel", bob)  # another game's deck is not offered
    client = client_as(bob)
    url = reverse("tables:invite", args=[table.invite_token])
    page = client.get(url)
    assert page.status_code == 200 and page.text.count("<option") == 1
    response = client.post(url, {"deck": theirs.pk})
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.status != Table.Status.WAITING
    assert sorted(table.seats.values_list("user__username", flat=True)) == ["alice", "bob"]
    # Seated: the link leads to the table itself.
    assert client.get(url)["Location"] == reverse("tables:detail", args=[table.pk])


def test_the_creator_revokes_and_reissues_the_link_from_the_table_page(client_as, alice, bob):
    from django.test import Client

    table = services.table_create(user=alice, deck=deck_for("vanguard", alice))
    old = reverse("tables:invite", args=[table.invite_token])
    client = client_as(alice)
    guest = Client()
    guest.force_login(bob)
    action = reverse("tables:invitation", args=[table.pk])
    page = client.get(reverse("tables:detail", args=[table.pk]))
    assert f'action="{action}"' in page.text and 'value="revoke"' in page.text
    revoked = client.post(action, {"action": "revoke"}, follow=True)
    assert revoked.status_code == 200 and "The invitation link is revoked" in revoked.text
    assert old not in revoked.text and 'id="invite-revoked"' in revoked.text
    assert 'value="revoke"' not in revoked.text and 'value="reissue"' in revoked.text
    assert guest.get(old).status_code == 404
    reissued = client.post(action, {"action": "reissue"}, follow=True)
    table.refresh_from_db()
    new = reverse("tables:invite", args=[table.invite_token])
    assert table.invite_open and new != old and new in reissued.text
    assert guest.get(new).status_code == 200 and guest.get(old).status_code == 404
    assert "Choose to revoke" in client.post(action, {"action": "burn"}, follow=True).text
    # In French and Russian too.
    for language, words in (("fr", "révoqué"), ("ru", "отозвана")):
        said = client.post(action, {"action": "revoke"}, follow=True, HTTP_ACCEPT_LANGUAGE=language)
        assert words in said.text, language


def test_a_table_page_holds_no_card_of_the_game(client_as, alice, bob):
    table = services.table_create(mode="free", user=alice, deck=deck_for("vanguard", alice))
    services.table_join(user=bob, table=table, deck=deck_for("vanguard", bob, which=1))
    page = client_as(alice).get(reverse("tables:detail", args=[table.pk]))
    assert page.status_code == 200
    stable_ids = {card["stableCardId"] for seat in table.seats.all() for card in seat.cards["pool"]}
    assert len(stable_ids) > 10
    # The page's script reads the viewer's view from the API: the HTML names no card, not even one of alice's hand.
    shown = sorted(
        stable for stable in stable_ids if f'"{stable}"' in page.text or f"/{stable}/" in page.text
    )
    assert not shown, f"in the page's HTML: {shown}"


def test_a_player_not_seated_gets_404_and_the_hot_seat_holds_both_seats(client_as, alice, bob, make_user):
    table = services.table_create(
        mode="free",
        user=alice,
        deck=deck_for("vanguard", alice),
        opponent_deck=deck_for("vanguard", alice, which=1),
    )
    assert client_as(bob).get(reverse("tables:detail", args=[table.pk])).status_code == 404
    config = _config(client_as(alice).get(reverse("tables:detail", args=[table.pk])))
    assert config["seats"] == [1, 2] and config["hotSeat"] is True


def test_the_replay_address_is_read_and_a_bad_one_is_said(client_as, alice):
    table = services.table_create(
        mode="free", user=alice, deck=deck_for("duel", alice), opponent_deck=deck_for("duel", alice, which=1)
    )
    client = client_as(alice)
    config = _config(client.get(reverse("tables:detail", args=[table.pk]), {"at": "0"}))
    assert config["replayAt"] == 0
    page = client.get(reverse("tables:detail", args=[table.pk]), {"at": "soon"}, follow=True)
    assert page.status_code == 200 and _config(page)["replayAt"] is None
    assert "whole number" in page.text
    # ASCII digits only (issue 47): int() reads the fullwidth "０" and " 0" as 0
    for written in ("\uff10", "\u0660", " 0", "+0"):
        page = client.get(reverse("tables:detail", args=[table.pk]), {"at": written}, follow=True)
        assert _config(page)["replayAt"] is None and "whole number" in page.text, written


def test_a_new_table_without_a_deck_of_yours_is_refused_with_a_message(client_as, alice, bob):
    theirs = deck_for("duel", bob)
    response = client_as(alice).post(reverse("tables:create"), {"deck": theirs.pk}, follow=True)
    assert response.status_code == 200
    assert "Choose one of your decks" in response.text
    assert not Table.objects.exists()


def test_a_hot_seat_of_two_games_is_refused_with_the_services_message(client_as, alice):
    response = client_as(alice).post(
        reverse("tables:create"),
        {"deck": deck_for("duel", alice).pk, "opponent_deck": deck_for("vanguard", alice).pk},
        follow=True,
    )
    assert response.status_code == 200
    assert not Table.objects.exists()
    assert 'class="messages"' in response.text


def test_a_user_is_invited_by_name_and_a_public_table_is_listed_for_spectators(
    client_as, alice, bob, make_user
):
    deck = deck_for("duel", alice)
    page = client_as(alice)
    response = page.post(reverse("tables:create"), {"deck": deck.pk, "invite": "bob", "public": "on"})
    table = Table.objects.get()
    assert response.status_code == 302 and table.invited == bob and table.public
    # Bob finds it among his tables; he sits with a deck of his.
    assert f"/tables/{table.pk}/" in client_as(bob).get(reverse("tables:list")).text
    services.table_join(user=bob, table=table, deck=deck_for("duel", bob, which=1))
    # A third user of the studio sees it among the tables open to spectators, and may watch it.
    carol = make_user("playtester", username="carol")
    listing = client_as(carol).get(reverse("tables:list")).text
    assert "Tables open to spectators" in listing and f"/tables/{table.pk}/" in listing
    assert client_as(carol).get(reverse("tables:detail", args=[table.pk])).status_code == 200


def test_inviting_a_user_who_does_not_exist_is_said_and_opens_nothing(client_as, alice):
    deck = deck_for("duel", alice)
    response = client_as(alice).post(
        reverse("tables:create"), {"deck": deck.pk, "invite": "nobody"}, follow=True
    )
    assert "No user of the studio is called nobody." in response.text
    assert not Table.objects.exists()


def test_the_invited_user_sits_from_the_table_page(client_as, alice, bob, make_user):
    """Invited by name, bob opens the table from his list: the page offers his decks of its game and
    a sit button (only the creator saw the link before); sitting deals the setup."""
    table = services.table_create(user=alice, deck=deck_for("vanguard", alice), invite=bob)
    theirs = deck_for("vanguard", bob, which=1)
    deck_for("duel", bob)  # another game's deck is not offered
    url = reverse("tables:detail", args=[table.pk])
    # The creator has the link, not the sit form.
    assert 'id="sit"' not in client_as(alice).get(url).text
    client = client_as(bob)
    page = client.get(url)
    assert page.status_code == 200 and 'id="sit"' in page.text
    form = page.text.split('id="sit"', 1)[1].split("</section>", 1)[0]
    assert f'action="{reverse("tables:sit", args=[table.pk])}"' in form
    assert form.count("<option") == 1 and f'<option value="{theirs.pk}">' in form
    # A deck of another game (or someone else's) seats nobody.
    other = deck_for("duel", bob, which=1)
    refused = client.post(reverse("tables:sit", args=[table.pk]), {"deck": other.pk}, follow=True)
    assert "Choose one of your decks of this game." in refused.text
    assert Table.objects.get(pk=table.pk).status == Table.Status.WAITING
    response = client.post(reverse("tables:sit", args=[table.pk]), {"deck": theirs.pk})
    assert response.status_code == 302 and response["Location"] == url
    table.refresh_from_db()
    assert table.status != Table.Status.WAITING
    assert table.seats.get(index=2).user == bob and table.seats.get(index=2).deck == theirs
    seated = client.get(url)
    assert 'id="sit"' not in seated.text and _config(seated)["seats"] == [2]
    # A third user may not sit (nor see the table); a second try by bob changes nothing.
    assert client.post(reverse("tables:sit", args=[table.pk]), {"deck": theirs.pk}).status_code == 302
    carol = make_user("playtester", username="carol")
    assert client_as(carol).post(reverse("tables:sit", args=[table.pk]), {"deck": 1}).status_code == 404
    assert table.seats.count() == 2


def test_a_public_table_offers_its_seat_to_a_spectator_and_a_stranger_gets_404(
    client_as, alice, bob, make_user
):
    public = services.table_create(user=alice, deck=deck_for("duel", alice), public=True)
    private = services.table_create(user=alice, deck=deck_for("duel", alice))
    deck_for("duel", bob, which=1)
    client = client_as(bob)
    assert 'id="sit"' in client.get(reverse("tables:detail", args=[public.pk])).text
    assert client.get(reverse("tables:detail", args=[private.pk])).status_code == 404
    assert client.post(reverse("tables:sit", args=[private.pk]), {"deck": 1}).status_code == 404
    # Without a deck of the game: the way to build one.
    carol = make_user("playtester", username="carol")
    page = client_as(carol).get(reverse("tables:detail", args=[public.pk]))
    assert (
        'id="sit"' in page.text
        and reverse("decks:list") in page.text
        and "<select" not in page.text.split('id="sit"')[1].split("</section>")[0]
    )


def test_the_page_keeps_the_turn_timer_at_a_table_of_two_and_at_a_hot_seat_only_when_asked(client_as, alice):
    deck, other = deck_for("vanguard", alice), deck_for("vanguard", alice)
    client = client_as(alice)
    listing = client.get(reverse("tables:list"), {"deck": deck.pk})
    assert 'name="timer"' in listing.text
    client.post(reverse("tables:create"), {"deck": deck.pk})
    client.post(reverse("tables:create"), {"deck": deck.pk, "opponent_deck": other.pk})
    client.post(reverse("tables:create"), {"deck": deck.pk, "opponent_deck": other.pk, "timer": "on"})
    client.post(
        reverse("tables:create"), {"deck": deck.pk, "opponent_deck": other.pk, "timer": "on", "free": "on"}
    )
    assert [(t.hot_seat, t.timer) for t in Table.objects.order_by("pk")] == [
        (False, True),
        (True, False),
        (True, True),
        (True, False),
    ]


@pytest.mark.parametrize("pace", [0, 650])
def test_a_solo_tables_page_carries_the_pace_of_the_bots_moves(client_as, alice, settings, pace):
    """The page shows the bot's moves one at a time, TABLE_BOT_PACE_MS apart (transport.js)."""
    settings.TABLE_BOT_PACE_MS = pace
    table = services.table_create(
        user=alice,
        deck=deck_for("vanguard", alice),
        opponent_deck=deck_for("vanguard", alice, which=1),
        bot="random",
    )
    page = client_as(alice).get(reverse("tables:detail", args=[table.pk]))
    assert page.status_code == 200
    assert _config(page)["botPace"] == pace


@pytest.mark.parametrize(("ping", "silence", "poll"), [(5, 15, 2), (1, 3, 0.5)])
def test_a_tables_page_carries_the_studios_socket_and_poll_periods(
    client_as, alice, settings, ping, silence, poll
):
    """The page pings its socket, calls it silent and reads the table without one at the studio's
    periods (transport.js), in milliseconds: the settings, not numbers of the script's own."""
    settings.TABLE_SOCKET_PING_SECONDS = ping
    settings.TABLE_SOCKET_SILENCE_SECONDS = silence
    settings.TABLE_POLL_SECONDS = poll
    table = services.table_create(user=alice, deck=deck_for("vanguard", alice))
    page = client_as(alice).get(reverse("tables:detail", args=[table.pk]))
    assert page.status_code == 200
    config = _config(page)
    assert (config["pingMs"], config["silenceMs"], config["pollMs"]) == (
        ping * 1000,
        silence * 1000,
        poll * 1000,
    )


def test_the_tables_page_names_each_decks_game_in_the_readers_words(client_as, playtester, make_deck):
    from studio.models import Preference

    make_deck(playtester, "chesscards")
    Preference.objects.update_or_create(user=playtester, defaults={"language": "ru"})
    html = client_as(playtester).get(reverse("tables:list")).content.decode()
    assert "(Шахматные карты)</option>" in html
    assert "(chesscards)</option>" not in html


@pytest.fixture
def watched(alice, bob):
    """A table open to spectators that alice and bob play (bob invited by name, then seated)."""
    table = services.table_create(user=alice, deck=deck_for("duel", alice), invite=bob, public=True)
    services.table_join(user=bob, table=table, deck=deck_for("duel", bob, which=1))
    return table


def _watch_list(html: str) -> str:
    """The list page's section "Tables open to spectators" ("" when the page has none)."""
    found = re.search(r'<section[^>]*aria-labelledby="watch-title">.*?</section>', html, re.S)
    return found.group(0) if found else ""


def test_the_tables_open_to_spectators_are_listed_only_to_who_may_watch_tables(
    client_as, api, watched, make_user
):
    """The list page follows the table page's rule (tables.selectors.may_see) and the API's: a user
    without tables.view_table who sits at none of them is shown no public table, nor who plays it."""
    from django.contrib.auth.models import Permission

    nora = make_user(username="nora")  # no role: she may watch no table
    page = client_as(nora).get(reverse("tables:list"))
    assert page.status_code == 200
    assert _watch_list(page.text) == "" and "Tables open to spectators" not in page.text
    assert f"/tables/{watched.pk}/" not in page.text
    assert "alice" not in page.text and "bob" not in page.text
    assert client_as(nora).get(reverse("tables:detail", args=[watched.pk])).status_code == 404
    assert api(nora).get("/api/tables/", {"public": "1"}).json()["results"] == []
    # Given the permission itself (no role), she is shown the table and its players, and may watch it.
    nora.user_permissions.add(Permission.objects.get(codename="view_table", content_type__app_label="tables"))
    nora = type(nora).objects.get(pk=nora.pk)  # (the API client keeps the user, and its permissions read)
    listed = _watch_list(client_as(nora).get(reverse("tables:list")).text)
    assert f"/tables/{watched.pk}/" in listed and "alice" in listed and "bob" in listed
    assert client_as(nora).get(reverse("tables:detail", args=[watched.pk])).status_code == 200
    assert [t["id"] for t in api(nora).get("/api/tables/", {"public": "1"}).json()["results"]] == [watched.pk]


def test_a_user_with_a_role_is_listed_the_tables_open_to_spectators_until_it_is_taken_back(
    client_as, watched, make_user
):
    carol = make_user("playtester", username="carol")
    listed = _watch_list(client_as(carol).get(reverse("tables:list")).text)
    assert f"/tables/{watched.pk}/" in listed and "alice" in listed and "bob" in listed
    carol.groups.clear()
    page = client_as(carol).get(reverse("tables:list")).text
    assert _watch_list(page) == "" and f"/tables/{watched.pk}/" not in page and "alice" not in page


def test_a_player_is_listed_their_own_tables_without_the_permission(client_as, watched, alice, bob):
    """Seated at a public table, a player finds it among theirs (never among those to watch), whether
    or not they may watch tables."""
    for player, other in ((alice, bob), (bob, alice)):
        player.groups.clear()
        page = client_as(player).get(reverse("tables:list")).text
        assert f"/tables/{watched.pk}/" in page and other.username in page
        assert _watch_list(page) == ""


def test_the_list_pages_queries_do_not_grow_with_the_tables_open_to_spectators(
    django_assert_max_num_queries, client_as, alice, bob, make_user
):
    """Session, user, groups and the header's unread count: 4; the user's decks (with a role) and
    their tables: 2; the tables open to spectators and their seats: 2, read only by who may watch
    them (the user's permissions are kept from their first request: studio.permissions)."""
    decks = deck_for("duel", alice), deck_for("duel", bob, which=1)

    def add(n):
        for _ in range(n):
            table = services.table_create(user=alice, deck=decks[0], invite=bob, public=True)
            services.table_join(user=bob, table=table, deck=decks[1])

    watcher, nora = make_user("playtester", username="carol"), make_user(username="nora")
    pages = [(watcher, 8), (nora, 5)]
    for user, _limit in pages:
        client_as(user).get(reverse("tables:list"))  # the user's permissions read, then kept

    def counts():
        found = []
        for user, limit in pages:
            client = client_as(user)
            with django_assert_max_num_queries(limit) as captured:
                assert client.get(reverse("tables:list")).status_code == 200
            found.append(len(captured.captured_queries))
        return found

    add(1)
    few = counts()
    add(4)
    assert counts() == few == [8, 5]
