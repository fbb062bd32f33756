"""The notices of what happens in the other apps (issue 41, part 2): a new version of a card in one
of my decks, a finished game at my table, a paper game waiting for my confirmation; each in the
inbox and by email (French and Russian), each kind turned off by its owner, and nobody told of what
they may not see."""

from __future__ import annotations

import pytest

from cards import services as card_services
from comments.models import EmailChoice, Notification
from comments.selectors import notification_list
from studio.models import Preference

pytestmark = pytest.mark.django_db


def notices(user, kind: str) -> list[Notification]:
    return list(Notification.objects.filter(recipient=user, kind=kind).order_by("pk"))


def with_email(user, language: str = "en"):
    user.email = f"{user.username}@example.org"
    user.save()
    if language != "en":
        Preference.objects.create(user=user, language=language)
    return user


def deck_of(user, card, name: str):
    from decks import services as deck_services

    return deck_services.deck_create(
        data={"game": card.game, "name": name, "sections": {"main": [{"card": card.stable_id, "count": 4}]}},
        user=user,
    )


# --- a new version of a card in one of my decks -------------------------------------------------
def test_a_designers_edit_tells_a_reviewer_whose_deck_holds_the_card_once_while_unread(
    designer, reviewer, shown, django_capture_on_commit_callbacks, mailoutbox
):
    with_email(reviewer)
    deck = deck_of(reviewer, shown, "Remi's")
    with django_capture_on_commit_callbacks(execute=True):
        card_services.card_update(stable_id=shown.stable_id, data={"text": "Stronger."}, user=designer)
    [note] = notices(reviewer, "version")
    assert (note.card_id, note.deck_id, note.actor, note.version) == (shown.pk, deck.pk, designer, 3)
    with django_capture_on_commit_callbacks(execute=True):
        card_services.card_update(stable_id=shown.stable_id, data={"text": "Stronger still."}, user=designer)
    [note] = notices(reviewer, "version")  # the unread notice, brought to the newest version
    assert note.version == 4 and len(mailoutbox) == 1
    assert "made a new version of a card in one of your decks" in mailoutbox[0].subject
    Notification.objects.filter(pk=note.pk).update(read=True)
    card_services.card_update(stable_id=shown.stable_id, data={"text": "Again."}, user=designer)
    assert [n.version for n in notices(reviewer, "version")] == [4, 5]


def test_a_playtester_is_told_once_the_new_version_is_validated_never_of_the_draft_between(
    designer, reviewer, playtester, shown
):
    deck_of(playtester, shown, "Paula's")
    card_services.card_update(stable_id=shown.stable_id, data={"text": "Secret rework."}, user=designer)
    assert notices(playtester, "version") == []  # the edit sent the card back to review: not theirs
    card_services.card_set_status(stable_id=shown.stable_id, status="VALIDATED", user=reviewer)
    [note] = notices(playtester, "version")
    assert note.version == 4 and note.actor == reviewer
    # Back to review and validated again, unchanged: what the playtester reads did not change.
    card_services.card_set_status(stable_id=shown.stable_id, status="NEEDS_REVIEW", user=reviewer)
    card_services.card_set_status(stable_id=shown.stable_id, status="VALIDATED", user=reviewer)
    assert len(notices(playtester, "version")) == 1


def test_the_author_and_who_holds_no_such_card_are_not_told(designer, reviewer, shown, make_card):
    other = make_card("vanguard", user=designer, stableCardId="VG-C02", name="Other")
    deck_of(designer, shown, "Dana's")
    deck_of(reviewer, other, "Remi's")
    card_services.card_update(stable_id=shown.stable_id, data={"text": "Mine."}, user=designer)
    assert notices(designer, "version") == [] and notices(reviewer, "version") == []


def test_a_version_notice_hides_when_the_card_goes_back_to_draft(designer, reviewer, playtester, shown):
    deck_of(playtester, shown, "Paula's")
    card_services.card_update(stable_id=shown.stable_id, data={"text": "v2."}, user=designer)
    card_services.card_set_status(stable_id=shown.stable_id, status="VALIDATED", user=reviewer)
    assert notification_list(user=playtester).count() == 1
    card_services.card_set_status(stable_id=shown.stable_id, status="NEEDS_REVIEW", user=reviewer)
    assert notification_list(user=playtester).count() == 0


@pytest.mark.parametrize(
    ("language", "subject", "body"),
    [
        ("fr", "a fait une nouvelle version d’une carte de l’un de vos decks", "Ouvrez-le dans Card Studio"),
        ("ru", "сделал новую версию карты из одной из ваших колод", "Откройте в Card Studio"),
    ],
)
def test_the_version_email_is_in_the_readers_language_and_names_no_card(
    designer, reviewer, shown, django_capture_on_commit_callbacks, mailoutbox, language, subject, body
):
    with_email(reviewer, language)
    deck_of(reviewer, shown, "Remi's")
    with django_capture_on_commit_callbacks(execute=True):
        card_services.card_update(stable_id=shown.stable_id, data={"text": "Hidden words."}, user=designer)
    [mail] = mailoutbox
    assert subject in mail.subject and body in mail.body
    assert f"/cards/{shown.stable_id}/" in mail.body
    for secret in ("Hidden words", shown.name, "Remi's"):
        assert secret not in mail.subject + mail.body


def test_a_kind_turned_off_sends_no_email_but_still_notifies(
    designer, reviewer, shown, django_capture_on_commit_callbacks, mailoutbox
):
    with_email(reviewer)
    EmailChoice.objects.create(user=reviewer, version=False)
    deck_of(reviewer, shown, "Remi's")
    with django_capture_on_commit_callbacks(execute=True):
        card_services.card_update(stable_id=shown.stable_id, data={"text": "Off."}, user=designer)
    assert mailoutbox == [] and len(notices(reviewer, "version")) == 1


# --- a finished game at my table ----------------------------------------------------------------
@pytest.fixture
def two_player_table(playtester, opponent, make_deck):
    from tables.services import table_create, table_join

    table = table_create(user=playtester, deck=make_deck(playtester, "duel"))
    return table_join(user=opponent, table=table, deck=make_deck(opponent, "duel", second=True))


def concede(user, table):
    from tables.services import table_event_append

    table.refresh_from_db()
    return table_event_append(user=user, table=table, kind="concede", expected_seq=table.seq, payload={})


def test_the_other_player_is_told_the_game_is_over(
    playtester, opponent, designer, two_player_table, django_capture_on_commit_callbacks, mailoutbox
):
    with_email(playtester, "ru")
    with_email(opponent)
    with django_capture_on_commit_callbacks(execute=True):
        concede(opponent, two_player_table)
    [note] = notices(playtester, "table")
    assert note.table_id == two_player_table.pk and note.actor == opponent
    assert notices(opponent, "table") == [] and notices(designer, "table") == []
    [mail] = mailoutbox
    assert mail.to == [playtester.email]
    assert f"Игра за столом {two_player_table.pk} окончена" in mail.subject
    assert f"/tables/{two_player_table.pk}/" in mail.body


def test_the_game_over_is_in_the_inbox_and_the_api(client_as, api, playtester, opponent, two_player_table):
    concede(opponent, two_player_table)
    page = client_as(playtester).get("/notifications/").content.decode()
    assert f"The game at table {two_player_table.pk} is over" in page
    assert f'href="/tables/{two_player_table.pk}/"' in page
    [row] = api(playtester).get("/api/notifications/").json()
    assert (row["kind"], row["table"], row["url"]) == (
        "table",
        two_player_table.pk,
        f"/tables/{two_player_table.pk}/",
    )


def test_a_hot_seat_ended_by_its_player_tells_nobody(playtester, make_deck):
    from tables.services import table_create, table_event_append

    one, two = make_deck(playtester, "duel"), make_deck(playtester, "duel", second=True)
    table = table_create(user=playtester, deck=one, opponent_deck=two)
    table.refresh_from_db()
    table_event_append(
        user=playtester, table=table, kind="concede", expected_seq=table.seq, payload={}, seat=2
    )
    assert not Notification.objects.exists()


def test_a_table_notice_is_shown_only_to_who_sat_there(playtester, opponent, designer, two_player_table):
    concede(opponent, two_player_table)
    stray = Notification.objects.create(recipient=designer, kind="table", table=two_player_table)
    assert list(notification_list(user=designer)) == [] and stray.pk
    assert notification_list(user=playtester).count() == 1


# --- a paper game waiting for my confirmation ---------------------------------------------------
def test_the_owner_of_the_deck_is_asked_once_and_the_email_links_to_the_proposals(
    playtester, opponent, make_deck, django_capture_on_commit_callbacks, mailoutbox
):
    from playstats import services as stats

    with_email(opponent, "fr")
    with_email(playtester)
    mine, theirs = make_deck(playtester, "duel"), make_deck(opponent, "duel", second=True)
    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(3):  # the same game sent again is the same game
            paper = stats.paper_game_record(user=playtester, decks=[mine, theirs], winner=1, turns=6)
    [note] = notices(opponent, "paper")
    assert (note.paper_id, note.deck_id, note.actor) == (paper.pk, theirs.pk, playtester)
    assert notices(playtester, "paper") == []
    [mail] = mailoutbox
    assert "a enregistré une partie sur papier contre votre deck" in mail.subject
    assert f"/stats/paper/proposals/#paper-{paper.pk}" in mail.body
    for secret in (mine.name, theirs.name):
        assert secret not in mail.subject + mail.body


def test_a_game_of_ones_own_decks_asks_nobody(playtester, make_deck):
    from playstats import services as stats

    one, two = make_deck(playtester, "duel"), make_deck(playtester, "duel", second=True)
    stats.paper_game_record(user=playtester, decks=[one, two], winner=1)
    assert not Notification.objects.exists()


def test_an_owner_who_may_not_read_decks_is_told_nothing(playtester, opponent, make_deck):
    from playstats import services as stats

    mine, theirs = make_deck(playtester, "duel"), make_deck(opponent, "duel", second=True)
    opponent.groups.clear()  # no longer a playtester: their decks are nothing they may read
    stats.paper_game_record(user=playtester, decks=[mine, theirs], winner=1)
    assert not Notification.objects.exists()


def test_the_paper_notice_in_the_inbox_names_only_the_readers_deck(
    client_as, playtester, opponent, make_deck
):
    from playstats import services as stats

    mine, theirs = make_deck(playtester, "duel"), make_deck(opponent, "duel", second=True)
    paper = stats.paper_game_record(user=playtester, decks=[mine, theirs], winner=1)
    page = client_as(opponent).get("/notifications/").content.decode()
    assert f"paula recorded a paper game against your deck {theirs.name}" in page
    assert f"#paper-{paper.pk}" in page


# --- the inbox with every kind ------------------------------------------------------------------
def test_the_inbox_page_queries_do_not_grow_with_notices_of_every_kind(
    client_as, playtester, opponent, make_deck, two_player_table, django_assert_num_queries
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from playstats import services as stats

    concede(opponent, two_player_table)
    client = client_as(playtester)
    client.get("/notifications/")
    with CaptureQueriesContext(connection) as few:
        client.get("/notifications/")
    one = len(few.captured_queries)
    decks = [make_deck(playtester, "duel", second=True) for _ in range(2)]
    mine = make_deck(opponent, "duel")
    for _ in range(5):
        stats.paper_game_record(user=opponent, decks=[mine, decks[0]], winner=1, turns=_ + 1)
        stats.paper_game_record(user=opponent, decks=[mine, decks[1]], winner=2, turns=_ + 1)
    assert notification_list(user=playtester).count() == 11
    with django_assert_num_queries(one):
        page = client.get("/notifications/").content.decode()
    assert page.count('class="notification unread"') == 11


@pytest.mark.parametrize(
    ("language", "table_line", "paper_line"),
    [
        (
            "fr",
            "La partie à la table {table} est terminée",
            "olga a enregistré une partie sur papier contre votre deck",
        ),
        ("ru", "Игра за столом {table} окончена", "olga записал партию на бумаге против вашей колоды"),
    ],
)
def test_the_inbox_lines_of_the_new_kinds_are_translated(
    client_as, playtester, opponent, make_deck, two_player_table, language, table_line, paper_line
):
    from playstats import services as stats

    Preference.objects.create(user=playtester, language=language)
    concede(opponent, two_player_table)
    stats.paper_game_record(
        user=opponent,
        decks=[make_deck(opponent, "duel", second=True), make_deck(playtester, "duel")],
        winner=1,
    )
    page = client_as(playtester).get("/notifications/").content.decode()
    assert table_line.format(table=two_player_table.pk) in page and paper_line in page
