"""Solo play (issue 44, item 1): a bot sits at a table with a person and plays its moves as a person's
are played, through the same checks, log and announce, seeing only what its seat may see."""

from __future__ import annotations

import logging
import random

import pytest

from common.errors import InvalidInput
from rules import get_ruleset
from rules.tables import replay as replay_events
from rules.tables.bots import bot_intents, seen_instances
from tables import services
from tables.models import Seat, Table, TableEvent
from tables.selectors import dealt_state, table_events, table_state

pytestmark = pytest.mark.django_db


@pytest.fixture
def solo(playtester, make_deck, django_capture_on_commit_callbacks):
    """``solo(bot, game="vanguard", seed=3, run=True)``: a table of the playtester against a bot (its
    tasks run in-process, as on the embedded default, unless ``run`` is False)."""

    def open_table(bot: str, game: str = "vanguard", seed: int = 3, run: bool = True) -> Table:
        mine, theirs = make_deck(playtester, game), make_deck(playtester, game, second=True)
        with django_capture_on_commit_callbacks(execute=run):
            return services.table_create(user=playtester, deck=mine, opponent_deck=theirs, bot=bot, seed=seed)

    return open_table


def person_plays(user, table: Table, capture, *, moves: int, seed: int = 1) -> None:
    """The person (seat 1) plays ``moves`` of their offered intents (seeded), each followed by the
    bot's answer (the task in-process); stops when the game ends or nothing is theirs to play."""
    rng = random.Random(seed)
    for _ in range(moves):
        table.refresh_from_db()
        if table.status == Table.Status.FINISHED:
            return
        state = table_state(table)
        offered = bot_intents(state, 0)
        # End the turn now and then, as a player does (the bot gets its turn).
        ends = [o for o in offered if o[0].kind == "endTurn"]
        if ends and rng.random() < 0.4:
            offered = ends
        if not offered:
            return
        move, payload = offered[rng.randrange(len(offered))]
        with capture(execute=True):
            services.table_event_append(
                user=user, table=table, kind=move.kind, expected_seq=table.seq, payload=payload
            )


def bot_events(table: Table) -> list[TableEvent]:
    return list(TableEvent.objects.filter(table=table, seat=2).order_by("seq"))


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_the_bot_takes_seat_2_and_answers_on_its_turn_with_offered_intents_only(
    policy, solo, playtester, django_capture_on_commit_callbacks
):
    table = solo(policy)
    seats = {s.index: s for s in Seat.objects.filter(table=table)}
    assert seats[2].bot == policy and seats[2].user is None and seats[1].user == playtester
    assert table.mode == "rules" and not table.hot_seat
    # Its setup decision is made at once (both seats decide at the same time).
    table.refresh_from_db()
    assert [e.kind for e in bot_events(table)][:1] == ["mulligan"]
    person_plays(playtester, table, django_capture_on_commit_callbacks, moves=60)
    events = bot_events(table)
    kinds = {e.kind for e in events}
    assert kinds - {"mulligan"}, f"the bot never played in the game: {kinds}"
    assert all(e.by is None for e in events)
    # Every move of the bot was one its seat was offered then (replayed: the engine's own check).
    all_events = table_events(table)
    state = dealt_state(table)
    for event in all_events:
        if event.seat == 1:
            offered = [(m.kind, p) for m, p in bot_intents(state, 1)]
            assert (event.kind, dict(event.payload)) in offered, event
        state = replay_events(state, [event])
    # The bot played when the table waited for it: after a person's move, the table waits for them
    # (or the game is over).
    table.refresh_from_db()
    now = table_state(table)
    assert table.status == Table.Status.FINISHED or bot_intents(now, 0)


def test_the_bot_never_sees_the_persons_hidden_cards(
    solo, playtester, monkeypatch, django_capture_on_commit_callbacks
):
    """A greedy bot scores the states after its candidate moves: every one it is shown holds no
    identity of a card of the person's hand or deck, nor of its own deck, nor the person's deck list."""
    ruleset = type(get_ruleset("vanguard"))
    real = ruleset.bot_evaluate
    seen: list = []

    def spy(state, seat):
        seen.append(state)
        return real(state, seat)

    monkeypatch.setattr(ruleset, "bot_evaluate", staticmethod(spy))
    table = solo("greedy")
    person_plays(playtester, table, django_capture_on_commit_callbacks, moves=40)
    assert seen, "the greedy bot scored no state"
    truth = table_state(table)
    person_cards = [i for i, (owner, _card) in truth.start.instances.items() if owner == 0]
    assert any(truth.card(i).stable_id for i in person_cards)  # the truth names them
    # Every card its seat has seen at some point of the game (its hand, the public zones...).
    known: set[str] = set()
    at = dealt_state(table)
    for event in [None, *table_events(table)]:
        if event is not None:
            at = replay_events(at, [event])
        known |= seen_instances(at, 1)
    for state in seen:
        assert state.start.decks[0].cards == ()
        for zone in ("hand", "deck"):
            for card in state.seats[0].zones.get(zone, ()):
                assert state.card(card.instance).stable_id is None, (zone, card)
                assert state.card(card.instance).name == ""
        named = {i for i, (_owner, card) in state.start.instances.items() if card.stable_id}
        assert named <= known, sorted(named - known)


def test_a_failed_bot_move_is_logged_changes_nothing_and_a_retry_plays_it(
    solo, monkeypatch, caplog, playtester, django_capture_on_commit_callbacks
):
    table = solo("random", run=False)
    assert table.seq == 0 and not bot_events(table)
    end_turn = next(m for m in get_ruleset("vanguard").table_moves.declared("rules") if m.kind == "endTurn")
    # A defect: the bot picks a move the rules refuse now (the end of a turn during the setup).
    monkeypatch.setattr(services, "choose_seen", lambda *args, **kwargs: (end_turn, {}))
    with caplog.at_level(logging.WARNING, logger="tables.services"):
        run = services.table_bot_play(table_id=table.pk, seq=0)
    assert run.played == () and run.failed.startswith("TABLE_")
    assert any("could not play" in r.getMessage() for r in caplog.records)
    table.refresh_from_db()
    assert table.seq == 0 and not TableEvent.objects.filter(table=table).exists()
    monkeypatch.undo()
    # The retry asks for the bot's run at the table's seq; it plays once, however often it runs.
    with django_capture_on_commit_callbacks(execute=True):
        assert services.table_bot_retry(user=playtester, table=table) == 0
    table.refresh_from_db()
    assert [e.kind for e in bot_events(table)] == ["mulligan"]
    again = services.table_bot_play(table_id=table.pk, seq=0)
    assert again.played == () and again.failed == ""
    assert TableEvent.objects.filter(table=table).count() == 1


def test_a_bots_table_is_refused_what_a_bot_cannot_play(playtester, make_deck, make_user):
    mine, theirs = make_deck(playtester, "vanguard"), make_deck(playtester, "vanguard", second=True)
    for kwargs, field in (
        ({"bot": "clever", "opponent_deck": theirs}, "bot"),
        ({"bot": "random"}, "opponentDeck"),
        ({"bot": "random", "opponent_deck": theirs, "mode": "free"}, "mode"),
    ):
        with pytest.raises(InvalidInput) as refused:
            services.table_create(user=playtester, deck=mine, **kwargs)
        assert refused.value.finding.field == field
    # The bot's deck: one the person may see (another's private deck is not).
    other = make_user("playtester", username="boris")
    private = make_deck(other, "vanguard")
    with pytest.raises(InvalidInput) as refused:
        services.table_create(user=playtester, deck=mine, opponent_deck=private, bot="greedy")
    assert refused.value.finding.field == "opponentDeck"
    assert not Table.objects.exists()


def test_a_bots_table_counts_in_no_play_statistics(solo, playtester, django_capture_on_commit_callbacks):
    from playstats.models import CountedGame
    from playstats.selectors import tables_to_count
    from playstats.services import playstats_count_table

    table = solo("random", run=False)
    with django_capture_on_commit_callbacks(execute=True):
        services.table_event_append(
            user=playtester, table=table, kind="concede", expected_seq=table.seq, payload={}
        )
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert table.pk not in tables_to_count("vanguard")
    assert not playstats_count_table(table_id=table.pk)
    assert not CountedGame.objects.filter(table=table).exists()
    # Nor does the rebuild's chunks count it (the tables it sends them, and each chunk's own read).
    from playstats.services import playstats_count_chunk, playstats_rebuild

    with django_capture_on_commit_callbacks(execute=True):
        assert playstats_rebuild(game="vanguard") == 0
    assert playstats_count_chunk(game="vanguard", kind="table", first=table.pk, last=table.pk) == 0
    assert not CountedGame.objects.filter(table=table).exists()


def test_solo_play_through_the_api(api, playtester, make_deck, django_capture_on_commit_callbacks):
    client = api(playtester)
    mine, theirs = make_deck(playtester, "vanguard"), make_deck(playtester, "vanguard", second=True)
    with django_capture_on_commit_callbacks(execute=True):
        created = client.post(
            "/api/tables/", {"deck": mine.pk, "opponentDeck": theirs.pk, "bot": "greedy"}, format="json"
        )
    assert created.status_code == 201, created.content
    body = created.json()
    assert body["bot"] == "greedy" and body["mode"] == "rules" and body["status"] == "setup"
    table_id = body["id"]
    seen = client.get(f"/api/tables/{table_id}/").json()
    assert [(s["seat"], s["user"], s["bot"]) for s in seen["seats"]] == [
        (1, playtester.username, None),
        (2, None, "greedy"),
    ]
    assert seen["viewerSeats"] == [1] and not seen["hotSeat"]
    # The bot's setup decision is in the log; its hand is not in the person's view.
    events = client.get(f"/api/tables/{table_id}/events/").json()["events"]
    assert [(e["seat"], e["kind"]) for e in events] == [(2, "mulligan")]
    bot_hand = next(z for z in seen["seats"][1]["zones"] if z["key"] == "hand")
    assert bot_hand["count"] and not any("stableCardId" in c for c in bot_hand["cards"])
    # The person keeps their hand (their offered intent, posted as is): the bot's turn follows if it plays first.
    intents = client.get(f"/api/tables/{table_id}/intents/").json()
    keep = next(i for i in intents["intents"] if i["kind"] == "mulligan" and not i["cards"])
    with django_capture_on_commit_callbacks(execute=True):
        kept = client.post(
            f"/api/tables/{table_id}/events/",
            {"kind": keep["kind"], "cards": keep["cards"], "expectedSeq": intents["seq"]},
            format="json",
        )
    assert kept.status_code == 201, kept.content
    now = client.get(f"/api/tables/{table_id}/").json()
    assert now["status"] == "playing"
    # The table waits for the person now: the bot played its turn first if it was its own.
    assert client.get(f"/api/tables/{table_id}/intents/").json()["intents"]
    listed = client.get("/api/tables/").json()["results"][0]
    assert [s["bot"] for s in listed["seats"]] == [None, "greedy"]
    # The retry: 202 at the table's seq, the bot has nothing to play (it is the person's move).
    with django_capture_on_commit_callbacks(execute=True):
        retried = client.post(f"/api/tables/{table_id}/bot/")
    assert retried.status_code == 202 and retried.json() == {"id": table_id, "seq": now["seq"]}
    assert client.get(f"/api/tables/{table_id}/").json()["seq"] == now["seq"]


def test_the_bot_routes_refuse_with_codes(api, playtester, opponent, make_deck):
    client = api(playtester)
    mine, theirs = make_deck(playtester, "vanguard"), make_deck(playtester, "vanguard", second=True)
    refused = client.post(
        "/api/tables/", {"deck": mine.pk, "opponentDeck": theirs.pk, "bot": "clever"}, format="json"
    )
    assert refused.status_code == 400 and refused.json()["code"] == "FIELD_INVALID"
    hot = client.post(
        "/api/tables/", {"deck": mine.pk, "opponentDeck": theirs.pk, "mode": "rules"}, format="json"
    ).json()
    no_bot = client.post(f"/api/tables/{hot['id']}/bot/")
    assert no_bot.status_code == 400 and no_bot.json()["code"] == "TABLE_NO_BOT"
    solo_table = client.post(
        "/api/tables/", {"deck": mine.pk, "opponentDeck": theirs.pk, "bot": "random"}, format="json"
    ).json()
    # Another user may not see it (404), let alone ask its bot to play.
    assert api(opponent).post(f"/api/tables/{solo_table['id']}/bot/").status_code == 404


def test_a_bot_move_costs_the_queries_of_a_persons(solo, django_assert_num_queries):
    """A bot's move: its savepoint, the table locked, its seats, the event stored, the table's row
    (no replay: the state dealt is kept); then the next check finds the table waiting for the person
    (locked, its seats, and here the event just stored: a test never commits, so the state the move
    left is not kept)."""
    table = solo("greedy", run=False)
    with django_assert_num_queries(11):
        run = services.table_bot_play(table_id=table.pk, seq=0)
    assert run.played == (1,) and run.failed == ""
    # Run again at the same seq: the table moved on, nothing is played (its savepoint and the lock only).
    with django_assert_num_queries(3):
        assert services.table_bot_play(table_id=table.pk, seq=0).played == ()
