"""Playtest tables in the admin: listed and shown, read only (a game is written by its events)."""

from __future__ import annotations

import pytest

from tables import services

pytestmark = pytest.mark.django_db


def test_the_admin_lists_and_shows_a_table_read_only(client, make_user, playtester, make_deck):
    table = services.table_create(
        mode="free",
        user=playtester,
        deck=make_deck(playtester, "duel"),
        opponent_deck=make_deck(playtester, "duel", second=True),
    )
    services.table_event_append(
        user=playtester, table=table, kind="note", expected_seq=0, payload={"text": "hi"}
    )
    client.force_login(make_user(username="root", is_superuser=True, is_staff=True))
    listed = client.get("/admin/tables/table/")
    assert listed.status_code == 200 and str(table.pk).encode() in listed.content
    shown = client.get(f"/admin/tables/table/{table.pk}/change/")
    assert shown.status_code == 200 and b"note" in shown.content
    assert b'name="seed"' not in shown.content  # read only
    assert client.get("/admin/tables/table/add/").status_code == 403
