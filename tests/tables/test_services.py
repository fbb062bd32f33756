"""The table services: decks frozen at the start, the same seed giving the same table, the event
log append-only and replayed, the real time told after commit, and the refusals of open and join."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.services import card_update
from common.errors import Conflict, InvalidInput
from decks.services import deck_delete
from rules.tables import table_view
from tables import replay, selectors, services
from tables.models import Seat, Table, TableEvent

pytestmark = pytest.mark.django_db


def _hot_seat(user, make_deck, game="duel", seed=21):
    return services.table_create(
        mode="free",
        user=user,
        deck=make_deck(user, game),
        opponent_deck=make_deck(user, game, second=True),
        seed=seed,
    )


def _names(table, user) -> list[str]:
    view = selectors.table_view_for(user, selectors.table_get_for(user, table.pk))
    return [c["name"] for s in view["seats"] for z in s["zones"] for c in z["cards"]]


def test_a_table_keeps_the_cards_it_was_dealt_from(playtester, make_deck, designer):
    table = _hot_seat(playtester, make_deck, "vanguard")
    seat = Seat.objects.get(table=table, index=1)
    pool = {c["stableCardId"]: c for c in seat.cards["pool"]}
    assert all(c["version"] >= 1 and c["pk"] for c in pool.values())
    assert len(seat.cards["cards"]) == 50  # every copy, in deck-list order
    before = _names(table, playtester)
    # A card of the deck is edited, and the deck deleted: the game in progress does not change.
    sid = next(iter(pool))
    card_update(stable_id=sid, data={"name": "Renamed since"}, user=designer)
    deck_delete(deck=seat.deck, user=playtester)
    assert _names(table, playtester) == before and "Renamed since" not in before
    seat.refresh_from_db()
    assert seat.deck is None and seat.deck_name and seat.cards["pool"][0]["name"] != "Renamed since"


def test_the_verdict_of_each_deck_is_recorded_and_an_illegal_deck_may_be_played(playtester, make_deck):
    table = _hot_seat(playtester, make_deck, "vanguard")  # the playtester owns none of the cards
    verdicts = [s.verdict for s in table.seats.order_by("index")]
    assert all(v["legal"] is False and v["violations"] > 0 for v in verdicts)
    assert table.status in ("setup", "playing")


def test_the_same_seed_and_decks_deal_the_same_table(playtester, make_deck):
    decks = make_deck(playtester, "riftbound"), make_deck(playtester, "riftbound", second=True)
    one = services.table_create(mode="free", user=playtester, deck=decks[0], opponent_deck=decks[1], seed=99)
    two = services.table_create(mode="free", user=playtester, deck=decks[0], opponent_deck=decks[1], seed=99)
    other = services.table_create(
        mode="free", user=playtester, deck=decks[0], opponent_deck=decks[1], seed=100
    )
    both = frozenset({0, 1})
    views = [table_view(selectors.table_state(t), both) for t in (one, two, other)]
    assert views[0] == views[1]
    assert views[0] != views[2]


def test_events_are_append_only_and_replayed_into_the_live_state(playtester, make_deck):
    table = _hot_seat(playtester, make_deck)
    live = selectors.table_state(table)
    for text in ("one", "two", "three"):
        played = services.table_event_append(
            user=playtester, table=table, kind="note", expected_seq=table.seq, payload={"text": text}
        )
    event = played.event
    assert event.seq == played.seq == 3 and played.applied.state.notes == played.before.notes + (
        (0, "three"),
    )
    assert Table.objects.get(pk=table.pk).seq == 3
    state = selectors.table_state(table)
    assert [text for _seat, text in state.notes] == ["one", "two", "three"]
    assert selectors.table_state(table, at=0) == live
    event.payload = {"text": "rewritten"}
    with pytest.raises(ValueError, match="append-only"):
        event.save()
    assert TableEvent.objects.get(pk=event.pk).payload == {"text": "three"}


def test_a_stored_move_is_announced_once_committed(
    playtester, make_deck, monkeypatch, django_capture_on_commit_callbacks
):
    from tables import realtime

    announced = []
    monkeypatch.setattr(
        realtime, "announce", lambda table_id, seq, news=None: announced.append((table_id, seq))
    )
    table = _hot_seat(playtester, make_deck)
    with django_capture_on_commit_callbacks(execute=True):
        services.table_event_append(user=playtester, table=table, kind="draw", expected_seq=0, payload={})
    assert announced == [(table.pk, 1)]
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(services.TableRefused):
        services.table_event_append(user=playtester, table=table, kind="draw", expected_seq=0, payload={})
    assert announced == [(table.pk, 1)]  # a refused move announces nothing


def test_a_hot_seat_says_which_seat_plays_when_both_could(playtester, make_deck):
    table = _hot_seat(playtester, make_deck, "vanguard")  # both seats have a mulligan to decide
    with pytest.raises(services.TableRefused) as refused:
        services.table_event_append(
            user=playtester, table=table, kind="mulligan", expected_seq=0, payload={"cards": []}
        )
    assert (
        refused.value.finding.code == "TABLE_EVENT_INVALID"
        and refused.value.finding.params["problem"] == "seat"
    )
    event = services.table_event_append(
        user=playtester, table=table, kind="mulligan", expected_seq=0, payload={"cards": []}, seat=2
    )
    assert event.seat == 2
    # Then seat 1 is the only one with a decision left: it plays without saying so.
    event = services.table_event_append(
        user=playtester, table=table, kind="mulligan", expected_seq=1, payload={"cards": []}
    )
    assert event.seat == 1 and selectors.table_state(table).phase == "playing"


def test_join_refusals(playtester, opponent, make_user, make_deck):
    table = services.table_create(mode="free", user=playtester, deck=make_deck(playtester, "duel"))
    assert table.status == "waiting" and not table.hot_seat
    with pytest.raises(services.TableRefused) as refused:
        services.table_join(user=playtester, table=table, deck=make_deck(playtester, "duel", second=True))
    assert refused.value.finding.code == "TABLE_ALREADY_SEATED"
    services.table_join(user=opponent, table=table, deck=make_deck(opponent, "duel"))
    third = make_user("playtester", username="tess")
    with pytest.raises(services.TableRefused) as refused:
        services.table_join(user=third, table=table, deck=make_deck(third, "duel"))
    assert refused.value.finding.code == "TABLE_NOT_WAITING" and isinstance(refused.value, Conflict)
    with pytest.raises(Table.DoesNotExist):
        services.table_join_by_token(user=third, token="nope", deck=make_deck(third, "duel"))
    nobody = make_user(username="nemo")
    with pytest.raises(PermissionDenied):
        services.table_create(mode="free", user=nobody, deck=make_deck(nobody, "duel"))


@pytest.mark.parametrize("seed", [-1, 2**53, "7", True, 1.5])
def test_a_seed_is_a_whole_number_a_json_number_carries(playtester, make_deck, seed):
    decks = make_deck(playtester, "duel"), make_deck(playtester, "duel", second=True)
    with pytest.raises(services.TableRefused) as refused:
        services.table_create(mode="free", user=playtester, deck=decks[0], opponent_deck=decks[1], seed=seed)
    assert refused.value.finding.params["problemKey"] == "COUNT_FROM_TO"
    assert Table.objects.count() == 0


def test_the_server_draws_the_seed_of_a_table_of_two_users(playtester, make_deck):
    deck = make_deck(playtester, "duel")
    with pytest.raises(services.TableRefused) as refused:
        services.table_create(user=playtester, deck=deck, seed=7)
    finding = refused.value.finding
    assert finding.code == "FIELD_INVALID" and finding.field == "seed"
    assert finding.params["problemKey"] == "SEED_SERVER_DRAWN" and type(refused.value) is InvalidInput
    assert Table.objects.count() == 0
    seeds = {services.table_create(user=playtester, deck=deck).seed for _ in range(3)}
    assert len(seeds) == 3 and all(0 <= s <= services.MAX_SEED for s in seeds)


def test_tables_for_lists_where_the_user_sits_or_is_invited(playtester, opponent, make_user, make_deck):
    mine = services.table_create(mode="free", user=playtester, deck=make_deck(playtester, "duel"))
    invited = services.table_create(
        mode="free", user=opponent, deck=make_deck(opponent, "duel"), invite=playtester
    )
    services.table_create(mode="free", user=opponent, deck=make_deck(opponent, "duel"))
    assert set(selectors.tables_for(playtester)) == {mine, invited}
    assert selectors.viewer_seats(playtester, mine) == frozenset({0})
    assert selectors.viewer_seats(playtester, invited) == frozenset()


@pytest.mark.django_db(transaction=True)
def test_two_moves_sent_at_once_against_one_seq_store_one_event(playtester, make_deck):
    """Two tabs play at the same seq: the table's row lock plays them one after the other; the second is 409."""
    import threading

    from django.db import connection

    name = str(connection.settings_dict["NAME"])
    if connection.vendor == "sqlite" and (
        name.startswith(("file:memorydb", ":memory:")) or "mode=memory" in name
    ):
        pytest.skip(
            "threads need one database on their own connections (PostgreSQL in .ci/run, or a SQLite file)"
        )
    table = _hot_seat(playtester, make_deck)
    outcomes: list[object] = []
    start = threading.Barrier(2)

    def play(text: str) -> None:
        start.wait()
        try:
            services.table_event_append(
                user=playtester, table=table, kind="note", expected_seq=0, payload={"text": text}
            )
            outcomes.append("stored")
        except services.TableRefused as refused:
            outcomes.append(refused.status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=play, args=(text,)) for text in ("left", "right")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(map(str, outcomes)) == ["409", "stored"]
    assert TableEvent.objects.filter(table=table).count() == 1
    assert Table.objects.get(pk=table.pk).seq == 1


def test_a_state_kept_between_reads_gives_the_same_table_and_never_a_rolled_back_move(
    playtester, make_deck, django_capture_on_commit_callbacks
):
    from django.db import transaction

    table = _hot_seat(playtester, make_deck, "vanguard")
    for seat in (1, 2):
        services.table_event_append(
            user=playtester,
            table=table,
            kind="mulligan",
            expected_seq=table.seq,
            payload={"cards": []},
            seat=seat,
        )
    with django_capture_on_commit_callbacks(execute=True):
        for n in range(4):
            services.table_event_append(
                user=playtester, table=table, kind="note", expected_seq=table.seq, payload={"text": f"n{n}"}
            )
    # A move whose transaction rolls back leaves no state behind: the next move at that seq is another.
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(RuntimeError), transaction.atomic():
        services.table_event_append(
            user=playtester, table=table, kind="note", expected_seq=6, payload={"text": "rolled back"}
        )
        raise RuntimeError
    table.refresh_from_db()
    assert table.seq == 6
    # Another web process stores seq 7 (this process's own states know nothing of it).
    TableEvent.objects.create(table=table, seq=7, seat=1, kind="note", payload={"text": "kept"})
    Table.objects.filter(pk=table.pk).update(seq=7)
    fresh = selectors.table_get_for(playtester, table.pk)
    kept = selectors.table_view_for(playtester, fresh), selectors.table_events_for(playtester, fresh, since=4)
    assert [n["text"] for n in kept[0]["notes"]] == ["n0", "n1", "n2", "n3", "kept"]
    replay.forget_all()
    fresh = selectors.table_get_for(playtester, table.pk)
    replayed = (
        selectors.table_view_for(playtester, fresh),
        selectors.table_events_for(playtester, fresh, since=4),
    )
    assert kept == replayed and [e["seq"] for e in replayed[1]] == [5, 6, 7]


def test_no_rolled_back_event_is_ever_kept_in_a_state(
    playtester, make_deck, django_capture_on_commit_callbacks, monkeypatch
):
    """The states kept are made of committed events only (tables.replay._reads_committed_events):
    a read in a test's own transaction keeps its state (the test sees what it commits), a read in a
    caller's transaction never does, nor a move played in a transaction around it (its lock's read
    sees the moves stored before it there), nor a move whose own transaction fails once stored."""
    from django.db import transaction

    table = _hot_seat(playtester, make_deck, "duel")
    for n in range(3):
        services.table_event_append(
            user=playtester, table=table, kind="note", expected_seq=table.seq, payload={"text": f"n{n}"}
        )
    replay.forget_all()
    selectors.table_view_for(playtester, selectors.table_get_for(playtester, table.pk))
    assert replay.kept(table).seq == 3  # outside any transaction but the test's: kept
    replay.forget_all()
    with transaction.atomic():
        selectors.table_view_for(playtester, selectors.table_get_for(playtester, table.pk))
    assert replay.kept(table) is None  # in a transaction: never kept
    # Two moves in one transaction that rolls back: the second one's read under the lock sees the
    # first (seq 4), never committed.
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(RuntimeError), transaction.atomic():
        for text in ("rolled back 4", "rolled back 5"):
            services.table_event_append(
                user=playtester, table=table, kind="note", expected_seq=table.seq, payload={"text": text}
            )
        raise RuntimeError
    # A move whose own transaction fails after its event is stored.
    table.refresh_from_db()
    monkeypatch.setattr(services, "_announce", _failing)
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(RuntimeError):
        services.table_event_append(
            user=playtester, table=table, kind="note", expected_seq=3, payload={"text": "failed 4"}
        )
    monkeypatch.undo()
    table.refresh_from_db()
    assert table.seq == 3 and replay.kept(table).seq == 3
    # Another web process stores seq 4 and 5 (this process's states know nothing of them).
    for seq in (4, 5):
        TableEvent.objects.create(table=table, seq=seq, seat=1, kind="note", payload={"text": f"kept {seq}"})
    Table.objects.filter(pk=table.pk).update(seq=5)
    notes = ["n0", "n1", "n2", "kept 4", "kept 5"]
    for at in (4, None):
        fresh = selectors.table_get_for(playtester, table.pk)
        seen = selectors.table_view_for(playtester, fresh, at=at)
        assert [n["text"] for n in seen["notes"]] == notes[: at or 5]
        replay.forget_all()
        assert selectors.table_view_for(playtester, fresh, at=at) == seen


def test_a_read_from_a_kept_state_never_decodes_the_frozen_decks(playtester, make_deck):
    """The seats come with their frozen decks as text (tables.replay.frozen_as_text): decoded for a
    deal, the same decks as stored, never for a read from a kept state."""
    table = _hot_seat(playtester, make_deck, "duel")
    stored = [seat.cards for seat in Seat.objects.filter(table=table).order_by("index")]
    replay.forget_all()
    read = selectors.table_get_for(playtester, table.pk)
    assert all("cards" in seat.get_deferred_fields() for seat in replay.seats_of(read))
    dealt = selectors.table_view_for(playtester, read)  # nothing kept: dealt from the decks
    assert [seat.cards for seat in sorted(replay.seats_of(read), key=lambda s: s.index)] == stored
    again = selectors.table_get_for(playtester, table.pk)
    assert selectors.table_view_for(playtester, again) == dealt
    assert all("cards" in seat.get_deferred_fields() for seat in replay.seats_of(again))


def _failing(*args, **kwargs):
    raise RuntimeError("the move's transaction fails once its event is stored")


_KINDS = st.sampled_from(
    ["draw", "move", "tap", "flip", "reveal", "shuffle", "counter", "note", "step", "endTurn", "fly"]
)
_PAYLOADS = st.fixed_dictionaries(
    {},
    optional={
        "count": st.integers(-2, 70),
        "to": st.sampled_from(["hand", "discard", "monsters", "terrain", "nowhere", "deck"]),
        "from": st.sampled_from(["deck", "hand", "discard"]),
        "zone": st.sampled_from(["deck", "hand", "terrain"]),
        "key": st.sampled_from(["lp", "nothing"]),
        "value": st.integers(-10, 10_000),
        "text": st.text(max_size=20),
        "faceDown": st.booleans(),
        "instance": st.sampled_from(["a1", "a2", "b1", "zz"]),
    },
)


@settings(max_examples=12, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
@given(moves=st.lists(st.tuples(_KINDS, _PAYLOADS, st.sampled_from([1, 2])), max_size=14))
def test_any_move_a_client_sends_is_stored_or_refused_without_a_change(moves, playtester, make_deck):
    """Through the service: each move is stored (seq + 1) or refused with a TABLE_* code, leaving the
    table and its log as they were; the stored log replayed purely is the table's state."""
    from rules import registry
    from rules.tables import replay_table, table_view
    from tables.snapshot import thaw

    decks = make_deck(playtester, "duel"), make_deck(playtester, "duel", second=True)
    table = services.table_create(
        mode="free", user=playtester, deck=decks[0], opponent_deck=decks[1], seed=len(moves)
    )
    for kind, payload, seat in moves:
        before = (table.seq, TableEvent.objects.filter(table=table).count())
        try:
            services.table_event_append(
                user=playtester,
                table=table,
                kind=kind,
                expected_seq=table.seq,
                payload=dict(payload),
                seat=seat,
            )
        except services.TableRefused as refused:
            assert refused.finding.code.startswith("TABLE_"), refused.finding
            assert (
                Table.objects.get(pk=table.pk).seq,
                TableEvent.objects.filter(table=table).count(),
            ) == before
        else:
            assert Table.objects.get(pk=table.pk).seq == before[0] + 1 == table.seq
    seats = list(table.seats.order_by("index"))
    pure = replay_table(
        registry.get("duel"),
        table.seed,
        [thaw("duel", s.cards) for s in seats],
        selectors.table_events(table),
        mode="free",
    )
    both = frozenset({0, 1})
    assert table_view(pure, both) == table_view(selectors.table_state(table), both)
