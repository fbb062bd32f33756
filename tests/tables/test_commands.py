"""manage.py replaytable ID [--at N]: a table's state as JSON, every seat visible, at any point."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tables import services

from .play import fix_seed

pytestmark = pytest.mark.django_db


def _replay(*args) -> dict:
    out = StringIO()
    call_command("replaytable", *map(str, args), stdout=out)
    return json.loads(out.getvalue())


def test_replaytable_prints_the_state_with_both_seats_visible(playtester, opponent, make_deck):
    table = services.table_create(mode="free", user=playtester, deck=make_deck(playtester, "duel"))
    fix_seed(table.pk, 4)
    services.table_join(user=opponent, table=table, deck=make_deck(opponent, "duel", second=True))
    for text in ("first", "second"):
        services.table_event_append(
            user=opponent if table.seq % 2 else playtester,
            table=table,
            kind="note",
            expected_seq=table.seq,
            payload={"text": text},
        )
    data = _replay(table.pk)
    assert data["id"] == table.pk and data["seed"] == 4 and data["seq"] == 2 and data["game"] == "duel"
    assert [n["text"] for n in data["notes"]] == ["first", "second"]
    for seat, user in zip(data["seats"], ("paula", "olga"), strict=True):
        hand = next(z for z in seat["zones"] if z["key"] == "hand")
        assert seat["user"] == user and hand["count"] == 5 and len(hand["cards"]) == 5  # both hands
        assert all(v >= 1 for v in seat["cardVersions"].values())
    at_one = _replay(table.pk, "--at", 1)
    assert at_one["seq"] == 1 and [n["text"] for n in at_one["notes"]] == ["first"]
    assert _replay(table.pk, "--at", 0)["notes"] == []


@pytest.mark.parametrize("args", [["999"], ["x"], ["--at", "9"]])
def test_replaytable_refuses_what_it_cannot_replay(playtester, make_deck, args):
    table = services.table_create(
        mode="free",
        user=playtester,
        deck=make_deck(playtester, "duel"),
        opponent_deck=make_deck(playtester, "duel", second=True),
    )
    args = [str(table.pk), *args] if args[0] == "--at" else args
    with pytest.raises(CommandError) as refused:
        call_command("replaytable", *args, stdout=StringIO())
    assert refused.value.returncode == 2


def test_replaytable_says_a_waiting_table_has_nothing_dealt(playtester, make_deck):
    table = services.table_create(mode="free", user=playtester, deck=make_deck(playtester, "duel"))
    with pytest.raises(CommandError, match="second player"):
        call_command("replaytable", str(table.pk), stdout=StringIO())
