"""A user's permissions kept by the process between requests (studio.permissions): read again on the
very next request after any change of a user's groups or permissions, a group's permissions, the
permissions themselves, whoever makes it (the ORM, a bulk write, raw SQL); never a kept permission
that was taken away."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType
from django.db import connection, transaction
from rest_framework.authtoken.models import Token

from studio import permissions
from studio.models import PermissionsStamp

pytestmark = pytest.mark.django_db

CARDS = "/api/cards/"


def stamp() -> str:
    return PermissionsStamp.objects.get(pk=1).value


@pytest.fixture
def cards(make_card):
    make_card(stableCardId="DR-K01")  # a DRAFT: only those who see unvalidated cards count it


@pytest.fixture
def reads(client, cards):
    """``reads(user)``: the status of the card list for ``user``'s token (and the count, when 200)."""
    tokens = {}

    def read(user):
        if user.pk not in tokens:
            tokens[user.pk] = Token.objects.create(user=user).key
        response = client.get(CARDS, HTTP_AUTHORIZATION=f"Token {tokens[user.pk]}")
        return (response.status_code, response.json().get("count"))

    return read


def test_the_migration_made_the_stamp_and_its_triggers():
    assert permissions.triggers_present()
    assert len(stamp()) == 32


@pytest.mark.parametrize(
    "change",
    [
        "user.groups.add",
        "group.user_set.add",
        "user.user_permissions.add",
        "group.permissions.add",
        "bulk through rows",
        "raw SQL",
        "permission renamed by update()",
        "content type renamed",
        "group deleted",
        "permission deleted",
    ],
)
def test_every_way_of_changing_permissions_changes_the_stamp(change, make_user):
    user = make_user()
    group = Group.objects.create(name="testers")
    perm = Permission.objects.get(codename="view_card")
    before = stamp()
    match change:
        case "user.groups.add":
            user.groups.add(group)
        case "group.user_set.add":
            group.user_set.add(user)
        case "user.user_permissions.add":
            user.user_permissions.add(perm)
        case "group.permissions.add":
            group.permissions.add(perm)
        case "bulk through rows":
            Group.permissions.through.objects.bulk_create(
                [Group.permissions.through(group=group, permission=perm)]
            )
        case "raw SQL":
            with connection.cursor() as cursor:
                cursor.execute(
                    "INSERT INTO auth_user_groups (user_id, group_id) VALUES (%s, %s)", [user.pk, group.pk]
                )
        case "permission renamed by update()":
            Permission.objects.filter(pk=perm.pk).update(codename="view_card_x")
        case "content type renamed":
            ContentType.objects.filter(pk=perm.content_type_id).update(app_label="cards_x")
        case "group deleted":
            group.permissions.add(perm)
            before = stamp()
            group.delete()
        case "permission deleted":
            Permission.objects.create(codename="x_test", name="x", content_type=perm.content_type).delete()
    assert stamp() != before


def test_a_user_removed_from_their_group_is_refused_on_the_next_request(
    reads, make_user, django_assert_num_queries
):
    paula = make_user("playtester")
    assert reads(paula) == (200, 0)  # read, then kept
    with django_assert_num_queries(2):  # the token (and the stamp), the page: the permissions are kept
        assert reads(paula) == (200, 0)
    paula.groups.remove(Group.objects.get(name="playtester"))
    assert reads(paula) == (403, None)
    paula.groups.add(Group.objects.get(name="designer"))
    assert reads(paula) == (200, 1)  # the designer sees the draft


def test_a_permission_taken_from_the_group_is_refused_on_the_next_request(reads, make_user):
    paula, pierre = make_user("playtester"), make_user("playtester")
    assert reads(paula) == reads(pierre) == (200, 0)
    Group.objects.get(name="playtester").permissions.remove(Permission.objects.get(codename="view_card"))
    assert reads(paula) == reads(pierre) == (403, None)


def test_a_change_by_raw_sql_or_a_bulk_delete_is_seen(reads, make_user):
    paula = make_user("playtester")
    assert reads(paula) == (200, 0)
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM auth_user_groups WHERE user_id = %s", [paula.pk])
    assert reads(paula) == (403, None)
    paula.user_permissions.add(Permission.objects.get(codename="view_card"))
    assert reads(paula) == (200, 0)
    type(paula).user_permissions.through.objects.filter(user=paula).delete()
    assert reads(paula) == (403, None)


def test_a_superuser_or_inactive_flag_is_read_with_the_user(reads, make_user):
    nobody = make_user()
    assert reads(nobody) == (403, None)
    type(nobody).objects.filter(pk=nobody.pk).update(is_superuser=True)  # no stamp change: the user's row
    assert reads(nobody) == (200, 1)
    type(nobody).objects.filter(pk=nobody.pk).update(is_superuser=False)
    assert reads(nobody) == (403, None)
    designer = make_user("designer")
    assert reads(designer) == (200, 1)
    type(designer).objects.filter(pk=designer.pk).update(is_active=False)
    assert reads(designer)[0] == 401


def test_a_change_rolled_back_leaves_no_stamp_a_later_change_could_give_again(reads, make_user):
    paula = make_user("playtester")
    designers = Group.objects.get(name="designer")
    assert reads(paula) == (200, 0)

    class Undone(Exception):
        pass

    seen = []
    with pytest.raises(Undone), transaction.atomic():
        paula.groups.add(designers)
        assert reads(paula) == (200, 1)  # kept, under the stamp of this transaction
        seen.append(stamp())
        raise Undone
    assert reads(paula) == (200, 0)
    paula.groups.add(Group.objects.create(name="empty"))  # a change that gives no permission
    assert stamp() not in seen
    assert reads(paula) == (200, 0)


def test_session_users_permissions_are_kept_too_and_a_change_is_seen_on_the_next_request(
    client, make_user, cards, django_assert_num_queries
):
    paula = make_user("playtester")
    client.force_login(paula)
    assert client.get(CARDS).status_code == 200
    # the session (and the stamp, studio.sessions), the user, the page: the permissions are kept
    with django_assert_num_queries(3):
        assert client.get(CARDS).status_code == 200
    paula.groups.clear()
    assert client.get(CARDS).status_code == 403
    assert client.get(CARDS).status_code == 403
    paula.groups.add(Group.objects.get(name="designer"))
    response = client.get(CARDS)
    assert response.status_code == 200 and response.json()["count"] == 1  # the designer sees the draft


def test_a_session_read_without_the_stamp_reads_the_permissions_as_django_does(
    client, make_user, cards, django_assert_num_queries
):
    paula = make_user("playtester")
    client.force_login(paula)
    PermissionsStamp.objects.all().delete()
    assert client.get(CARDS).status_code == 200
    # the session, the user, the user's permissions, their groups', the page: nothing kept without a stamp
    with django_assert_num_queries(5):
        assert client.get(CARDS).status_code == 200
    paula.groups.clear()  # the trigger writes the row again
    assert client.get(CARDS).status_code == 403


def test_a_superuser_flag_taken_from_a_session_user_is_seen_on_the_next_request(client, make_user, cards):
    boss = make_user(is_superuser=True)
    client.force_login(boss)
    assert client.get(CARDS).json()["count"] == 1
    type(boss).objects.filter(pk=boss.pk).update(is_superuser=False)  # the user's row: no stamp change
    assert client.get(CARDS).status_code == 403


def test_without_the_triggers_nothing_is_kept(reads, make_user, monkeypatch, django_assert_num_queries):
    paula = make_user("playtester")
    monkeypatch.setitem(permissions._triggers, "usable", False)
    assert reads(paula) == (200, 0)
    with django_assert_num_queries(4):  # the token, the user's permissions, the group's, the page
        assert reads(paula) == (200, 0)


def test_a_missing_trigger_is_noticed(monkeypatch):
    # (the test's transaction puts the trigger back; monkeypatch, what was read of them)
    monkeypatch.delitem(permissions._triggers, "usable", raising=False)
    assert permissions.triggers_present()
    monkeypatch.delitem(permissions._triggers, "usable")
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("DROP TRIGGER studio_permissions_changed ON auth_group_permissions")
        else:
            cursor.execute("DROP TRIGGER studio_permissions_changed_auth_group_permissions_insert")
    assert not permissions.triggers_present()


def test_without_a_stamp_row_nothing_is_kept(reads, make_user, django_assert_num_queries):
    paula = make_user("playtester")
    PermissionsStamp.objects.all().delete()
    assert reads(paula) == (200, 0)
    with django_assert_num_queries(4):
        assert reads(paula) == (200, 0)
    paula.groups.clear()  # the trigger writes the row again
    assert reads(paula) == (403, None)
    assert reads(paula) == (403, None)


@pytest.mark.django_db(transaction=True)
def test_a_committed_change_changes_the_stamp_and_the_flush_after_it_works(make_user):
    """Committed for real (and the database emptied after the test: a TRUNCATE on PostgreSQL, which
    the triggers follow too)."""
    before = PermissionsStamp.objects.filter(pk=1).values_list("value", flat=True).first()
    with transaction.atomic():
        make_user("playtester")
    assert stamp() != before


def test_each_token_finds_its_own_user_preference_and_the_current_stamp_in_one_query(
    make_user, django_assert_num_queries
):
    """The token's query is built once a process (studio.throttling): each request still reads its
    own token's user, that user's Preference and the stamp as it is now, in one query."""
    from studio.preferences import preference_of, remember
    from studio.throttling import ThrottledTokenAuthentication

    paula, pierre = make_user("playtester"), make_user("designer")
    remember(paula, language="fr")
    keys = {user.pk: Token.objects.create(user=user).key for user in (paula, pierre)}
    authentication = ThrottledTokenAuthentication()
    authentication.authenticate_credentials(keys[pierre.pk])  # the query built, if it was not yet
    for user, language in ((paula, "fr"), (pierre, None), (paula, "fr")):
        now = stamp()
        with django_assert_num_queries(1):
            found, token = authentication.authenticate_credentials(keys[user.pk])
            assert (found.pk, token.key) == (user.pk, keys[user.pk])
            preference = preference_of(found)
            assert (preference.language if preference else None) == language
            assert getattr(found, permissions.STAMP_ATTRIBUTE) == now
        user.groups.add(Group.objects.create(name=f"changed {user.pk} {now}"))  # a new stamp
