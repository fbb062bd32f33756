"""Revalidation: a card, format or collection change marks the decks concerned stale and validates them again."""

import io
import time

import pytest
from django.conf import settings as django_settings
from django.core.management import call_command
from django.db import connection, transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kombu.exceptions import OperationalError

from cards import imports as card_imports
from cards import services as card_services
from cards.models import Card
from decks import revalidation, services, tasks, validation
from decks.interchange import deck_to_dict
from decks.models import Deck, DeckFormat


@pytest.fixture
def duel_deck(load_cards, playtester, demo_deck):
    load_cards("duel")
    return services.deck_create(data=demo_deck("duel-example"), user=playtester)


def make_decks(n, data, owner):
    return [services.deck_create(data={**data, "name": f"deck {i}"}, user=owner) for i in range(n)]


def test_a_card_change_marks_decks_stale_and_revalidates_them_on_commit(
    duel_deck, reviewer, django_capture_on_commit_callbacks
):
    assert duel_deck.legal
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        card_services.card_set_status(stable_id="DU-EX-001", status="DISABLED", user=reviewer)
        duel_deck.refresh_from_db()
        assert duel_deck.stale  # marked inside the card's transaction
    assert len(callbacks) == 1  # one task enqueued for the change
    callbacks[0]()
    duel_deck.refresh_from_db()
    assert not duel_deck.stale and duel_deck.legal is False
    assert [v["code"] for v in duel_deck.violations] == ["CARD_NOT_VALIDATED"]
    assert duel_deck.card_versions["DU-EX-001"] == Card.objects.get(stable_id="DU-EX-001").version


def test_a_change_no_rule_reads_leaves_decks_alone(duel_deck, designer, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        card_services.card_update(stable_id="DU-EX-001", data={"text": "Nouveau texte."}, user=designer)
    duel_deck.refresh_from_db()
    # The edit sent the card back to NEEDS_REVIEW (status changed): that one matters.
    assert [v["code"] for v in duel_deck.violations] == ["CARD_NOT_VALIDATED"]
    other = Card.objects.get(stable_id="DU-EX-013")
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        card_imports.cards_import(
            payload={"game": "duel", "cards": [{**_as_file(other), "text": "autre", "archetypes": ["X"]}]}
        )
    assert callbacks == []  # text and archetypes only: no deck marked, nothing enqueued
    duel_deck.refresh_from_db()
    assert not duel_deck.stale


def _as_file(card):
    from cards.interchange import card_to_dict

    return card_to_dict(card)


def test_a_new_card_resolves_an_entry_that_named_no_card(
    load_cards, playtester, demo_deck, designer, django_capture_on_commit_callbacks
):
    load_cards("duel")
    data = demo_deck("duel-example")
    data["sections"]["main"][-1] = {"card": "Example Newcomer", "count": 2}
    deck = services.deck_create(data=data, user=playtester)
    assert [v["code"] for v in deck.violations] == ["UNKNOWN_CARD"]
    with django_capture_on_commit_callbacks(execute=True):
        card_imports.cards_import(
            payload={
                "game": "duel",
                "cards": [
                    {
                        "stableCardId": "DU-NEW-1",
                        "name": "Example Newcomer",
                        "type": "SPELL",
                        "status": "VALIDATED",
                    }
                ],
            }
        )
    deck.refresh_from_db()
    assert deck.legal and not deck.stale
    assert deck.entries.get(ref="Example Newcomer").card is None  # validation leaves the entry as written


def test_a_format_change_revalidates_its_decks(duel_deck, django_capture_on_commit_callbacks):
    fmt = DeckFormat.objects.get(game="duel", key="standard")
    with django_capture_on_commit_callbacks(execute=True):
        services.deck_format_save(fmt=fmt, data={"banlist": {"DU-EX-007": 0}})
    duel_deck.refresh_from_db()
    assert [v["code"] for v in duel_deck.violations] == ["BANLIST"]


def test_revalidation_is_idempotent(duel_deck, reviewer, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):
        card_services.card_set_status(stable_id="DU-EX-001", status="DISABLED", user=reviewer)
    assert tasks.revalidate_decks(stable_ids=["DU-EX-001"]) == 1
    first = Deck.objects.values("legal", "violations", "counts", "stale").get(pk=duel_deck.pk)
    assert tasks.revalidate_decks(stable_ids=["DU-EX-001"]) == 0  # nothing stale is left: nothing done
    assert tasks.sweep_stale_decks() == 0
    services.decks_revalidate(decks=Deck.objects.all())
    assert Deck.objects.values("legal", "violations", "counts", "stale").get(pk=duel_deck.pk) == first


def test_a_deck_marked_stale_while_being_validated_stays_stale(duel_deck):
    rows = validation.deck_rows(Deck.objects.all())
    outcomes = validation.Validator().validate(rows)
    services.decks_mark_stale(Deck.objects.all())  # a card changed meanwhile
    validation.store_outcomes(outcomes)
    duel_deck.refresh_from_db()
    assert duel_deck.stale  # the later change's own revalidation will run


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_an_unreachable_broker_does_not_fail_the_card_change(
    monkeypatch, caplog, load_cards, make_user, demo_deck
):
    load_cards("duel")
    owner, reviewer = make_user("playtester"), make_user("reviewer")
    deck = services.deck_create(data=demo_deck("duel-example"), user=owner)

    def broker_down(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(tasks.revalidate_decks, "apply_async", broker_down)
    card_services.card_set_status(stable_id="DU-EX-001", status="DISABLED", user=reviewer)
    assert Card.objects.get(stable_id="DU-EX-001").status == "DISABLED"  # the change is kept
    assert "could not enqueue decks.revalidate" in caplog.text
    deck.refresh_from_db()
    assert deck.stale and deck.legal is True  # the old verdict is kept but flagged stale
    call_command("revalidate", stdout=io.StringIO())
    deck.refresh_from_db()
    assert not deck.stale and deck.legal is False


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_the_periodic_sweep_catches_up(monkeypatch, load_cards, make_user, demo_deck):
    from django.conf import settings as django_settings

    assert django_settings.CELERY_BEAT_SCHEDULE["decks-sweep-stale"]["task"] == tasks.sweep_stale_decks.name
    load_cards("duel")
    deck = services.deck_create(data=demo_deck("duel-example"), user=make_user("playtester"))
    monkeypatch.setattr(
        tasks.revalidate_decks, "apply_async", lambda *a, **k: (_ for _ in ()).throw(OSError("down"))
    )
    card_services.card_set_status(stable_id="DU-EX-002", status="DISABLED", user=make_user("reviewer"))
    assert Deck.objects.get(pk=deck.pk).stale
    assert tasks.sweep_stale_decks.delay().get(timeout=5) == 1
    assert not Deck.objects.get(pk=deck.pk).stale


def test_revalidation_queries_grow_with_batches_not_decks(
    load_cards, playtester, demo_deck, django_assert_max_num_queries
):
    load_cards("duel")
    make_decks(40, demo_deck("duel-example"), playtester)
    Deck.objects.update(stale=True)
    # 1 query for the decks, then per batch of 10: entries + one UPDATE; cards, the format and the
    # row of the card versions read (found, or created with its savepoint) once; what cards the
    # owners may see, once per batch that meets new owners (here: once).
    with django_assert_max_num_queries(1 + 4 * 2 + 2 + 1 + 1):
        assert services.decks_revalidate(decks=Deck.objects.all(), batch_size=10) == 40
    assert not Deck.objects.filter(stale=True).exists()
    assert Deck.objects.filter(legal=True).count() == 40


def test_revalidation_of_owned_only_decks_reads_collections_once_per_batch(
    load_cards, make_user, td01, django_assert_max_num_queries
):
    load_cards("vanguard")
    for i in range(12):
        services.deck_create(data={**td01, "name": f"d{i}"}, user=make_user("playtester", username=f"p{i}"))
    # + the card versions read, once; + every printing of the game, once (ownership counts them all);
    # + what cards the owners may see, once per batch
    with django_assert_max_num_queries(1 + 2 * 3 + 2 + 1 + 1 + 2):
        assert services.decks_revalidate(decks=Deck.objects.all(), batch_size=6) == 12
    assert {v["code"] for d in Deck.objects.all() for v in d.violations} == {"NOT_OWNED"}


# --- property: revalidating after any sequence of card edits = validating from scratch ---------------
EDITS = st.lists(
    st.tuples(st.sampled_from(["rename", "set", "level", "disable", "validate", "type"]), st.integers(0, 12)),
    min_size=1,
    max_size=6,
)


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(edits=EDITS)
def test_revalidating_after_card_edits_equals_validating_from_scratch(
    edits, duel_deck, reviewer, designer, django_capture_on_commit_callbacks
):
    ids = sorted(Card.objects.filter(game="duel").values_list("stable_id", flat=True))
    with django_capture_on_commit_callbacks(execute=True):
        for edit, index in edits:
            _edit(ids[index % len(ids)], edit, designer, reviewer)
    deck = (
        Deck.objects.select_related("format", "owner").prefetch_related("entries__card").get(pk=duel_deck.pk)
    )
    assert not deck.stale
    fresh = services.deck_check(data=deck_to_dict(deck)).to_dict()
    stored = {
        "legal": deck.legal,
        "game": deck.game,
        "format": deck.format.key,
        "counts": deck.counts,
        "violations": deck.violations,
        "readyToPlay": deck.ready_to_play,
        "resolved": deck.resolved,
        "suggestions": deck.suggestions,
    }
    assert stored == fresh


def _edit(stable_id, edit, designer, reviewer):
    card = Card.objects.get(stable_id=stable_id)
    with transaction.atomic():
        if edit == "disable" and card.status != "DISABLED":
            card_services.card_set_status(stable_id=stable_id, status="DISABLED", user=reviewer)
        elif edit == "validate":
            if card.status == "DISABLED":
                card = card_services.card_set_status(
                    stable_id=stable_id, status="NEEDS_REVIEW", user=reviewer
                )
            if card.status != "VALIDATED":
                card_services.card_set_status(stable_id=stable_id, status="VALIDATED", user=reviewer)
        elif edit == "rename":
            card_services.card_update(stable_id=stable_id, data={"name": card.name + " II"}, user=designer)
        elif edit == "set":
            card_services.card_update(
                stable_id=stable_id,
                data={"set": "OTHER" if card.set_code == "EXAMPLE" else "EXAMPLE"},
                user=designer,
            )
        elif edit == "level" and card.type == "MONSTER":
            card_services.card_update(
                stable_id=stable_id, data={"level": 1 + card.game_fields["level"] % 8}, user=designer
            )
        elif edit == "type" and card.type in ("SPELL", "TRAP"):
            card_services.card_update(
                stable_id=stable_id, data={"type": "TRAP" if card.type == "SPELL" else "SPELL"}, user=designer
            )


# --- a real worker ------------------------------------------------------------------------------------
@pytest.mark.worker
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_real_worker_revalidates_decks_after_a_card_change(load_cards, make_user, demo_deck):
    load_cards("duel")
    deck = services.deck_create(data=demo_deck("duel-example"), user=make_user("playtester"))
    assert deck.legal
    card_services.card_set_status(stable_id="DU-EX-004", status="DISABLED", user=make_user("reviewer"))
    deadline = time.monotonic() + 60
    while Deck.objects.get(pk=deck.pk).stale:
        assert time.monotonic() < deadline, "the worker did not revalidate the deck within 60 s"
        time.sleep(0.2)
    deck.refresh_from_db()
    assert deck.legal is False
    assert [v["code"] for v in deck.violations] == ["CARD_NOT_VALIDATED"]


def test_the_portable_writer_means_the_same(duel_deck):
    from django.utils import timezone

    rows = validation.deck_rows(Deck.objects.all())
    outcomes = validation.Validator().validate(rows)
    services.decks_mark_stale(Deck.objects.all())
    validation._store_portably(outcomes, timezone.now())
    assert Deck.objects.get(pk=duel_deck.pk).stale  # marked after the read: stays stale
    outcomes = validation.Validator().validate(validation.deck_rows(Deck.objects.all()))
    validation._store_portably(outcomes, timezone.now())
    deck = Deck.objects.get(pk=duel_deck.pk)
    assert not deck.stale and deck.legal and deck.counts == {"main": 40}


# --- PostgreSQL: the database work on a helper thread's own connection -------------------------------------
on_postgresql = pytest.mark.skipif(
    not django_settings.DATABASES["default"]["ENGINE"].endswith("postgresql"),
    reason="the helper thread's second connection is for PostgreSQL (.ci/run runs these on it)",
)


def varied_decks(demo_deck, owner) -> list[Deck]:
    """Legal decks and illegal ones of several kinds, to compare two ways of validating them."""
    data = demo_deck("duel-example")
    decks = make_decks(4, data, owner)
    main = data["sections"]["main"]
    decks.append(
        services.deck_create(data={**data, "name": "short", "sections": {"main": main[:-1]}}, user=owner)
    )
    unknown = [*main[:-1], {"card": "DU-NOPE-1", "count": main[-1]["count"]}]
    decks.append(
        services.deck_create(data={**data, "name": "unknown", "sections": {"main": unknown}}, user=owner)
    )
    decks.append(services.deck_create(data={**data, "name": "no owner"}, user=None))
    return decks


def stored(decks) -> dict[int, tuple]:
    fields = ("legal", "ready_to_play", "violations", "counts", "stale")
    rows = Deck.objects.filter(pk__in=[d.pk for d in decks]).prefetch_related(
        "entries__card", "validated_against"
    )
    return {d.pk: (*(getattr(d, f) for f in fields), d.card_versions) for d in rows}


@on_postgresql
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_the_overlapped_run_stores_what_one_connection_stores(
    load_cards, make_user, demo_deck, monkeypatch, settings
):
    load_cards("duel")
    decks = varied_decks(demo_deck, make_user("playtester"))
    card_services.card_set_status(stable_id="DU-EX-004", status="DISABLED", user=make_user("reviewer"))
    settings.DECKS_REVALIDATE_OVERLAP = False
    Deck.objects.update(stale=True)
    assert services.decks_revalidate(decks=Deck.objects.all(), batch_size=2) == len(decks)
    serial = stored(decks)
    settings.DECKS_REVALIDATE_OVERLAP = True
    overlapped, progress = [], []
    real = revalidation._revalidate_overlapped
    monkeypatch.setattr(revalidation, "_revalidate_overlapped", lambda *a: overlapped.append(1) or real(*a))
    Deck.objects.update(stale=True)
    assert services.decks_revalidate(decks=Deck.objects.all(), batch_size=2, progress=progress.append) == len(
        decks
    )
    # The pipeline's first batch is a quarter of the others (revalidation.pipeline_batches).
    assert overlapped == [1] and sum(progress) == len(decks) and progress == [1, 2, 2, 2]
    assert stored(decks) == serial
    codes = {pk: {v["code"] for v in row[2]} for pk, row in serial.items()}
    assert codes[decks[4].pk] >= {"DECK_SIZE", "CARD_NOT_VALIDATED"} and "UNKNOWN_CARD" in codes[decks[5].pk]


@on_postgresql
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_failed_write_on_the_helper_stops_the_run_and_a_second_run_finishes(
    load_cards, make_user, demo_deck, monkeypatch
):
    load_cards("duel")
    decks = varied_decks(demo_deck, make_user("playtester"))
    Deck.objects.update(stale=True)
    real, writes = revalidation.store_outcomes, []

    def store_then_fail(outcomes):
        writes.append(len(outcomes))
        if len(writes) == 2:
            raise RuntimeError("the database went away")
        real(outcomes)

    monkeypatch.setattr(revalidation, "store_outcomes", store_then_fail)
    with pytest.raises(RuntimeError, match="went away"):
        services.decks_revalidate(decks=Deck.objects.all(), batch_size=2)
    # The failed batch stays stale (so may later ones, not written yet); the first batch (the
    # pipeline's short one: deck 0) is stored.
    stale = set(Deck.objects.filter(stale=True).values_list("name", flat=True))
    assert {"deck 1", "deck 2"} <= stale and "deck 0" not in stale
    monkeypatch.setattr(revalidation, "store_outcomes", real)
    assert services.decks_revalidate(decks=Deck.objects.filter(stale=True), batch_size=2) == len(stale)
    assert not Deck.objects.filter(stale=True).exists()
    assert sum(len(d.entries.all()) for d in Deck.objects.prefetch_related("entries")) == sum(
        len(d.entries.all()) for d in decks
    )


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_the_reader_reads_in_index_order_for_a_run_only():
    def settings_now():
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT current_setting('enable_sort'), current_setting('enable_incremental_sort')"
            )
            return cursor.fetchone()

    assert settings_now() == ("on", "on")
    revalidation._read_in_index_order("default", True)
    assert settings_now() == ("off", "off")
    revalidation._read_in_index_order("default", False)
    assert settings_now() == ("on", "on")


def test_one_connection_inside_a_transaction_on_sqlite_or_when_turned_off(db, settings):
    assert not revalidation.can_overlap(
        "default", batches=5
    )  # a test runs in a transaction (and maybe on SQLite)
    settings.DECKS_REVALIDATE_OVERLAP = False
    assert not revalidation.can_overlap("default", batches=5)


# --- the card versions a validation read: one row per run, shared ------------------------------------------
def test_each_deck_shows_the_versions_of_its_own_cards_from_one_shared_row(
    duel_deck, reviewer, playtester, demo_deck, api, django_capture_on_commit_callbacks
):
    from decks.models import CardVersions

    other = services.deck_create(data={**demo_deck("duel-example"), "name": "copy"}, user=playtester)
    Deck.objects.update(stale=True)
    services.decks_revalidate(decks=Deck.objects.all())
    assert CardVersions.objects.count() == 1  # the run's one row, shared by both decks
    body = api(playtester).get(f"/api/decks/{duel_deck.pk}/").json()
    deck_ids = {e["card"] for s in body["sections"].values() for e in s}
    assert set(body["validation"]["cardVersions"]) == deck_ids
    with django_capture_on_commit_callbacks(execute=True):
        card_services.card_update(stable_id="DU-EX-001", data={"atk": 301}, user=reviewer)
    version = Card.objects.get(stable_id="DU-EX-001").version
    for deck in (duel_deck, other):
        body = api(playtester).get(f"/api/decks/{deck.pk}/").json()
        assert body["validation"]["cardVersions"]["DU-EX-001"] == version and not body["stale"]


def test_rows_of_card_versions_no_deck_points_at_are_pruned_once_old(duel_deck):
    from datetime import timedelta

    from django.utils import timezone

    from decks.models import CardVersions

    kept = Deck.objects.get(pk=duel_deck.pk).validated_against
    old = CardVersions.objects.create(digest="0" * 64, versions={"DU-EX-001": 1})
    young = CardVersions.objects.create(digest="1" * 64, versions={"DU-EX-001": 2})
    CardVersions.objects.filter(pk__in=[old.pk, kept.pk]).update(
        created_at=timezone.now() - timedelta(days=2)
    )
    assert tasks.prune_card_versions() == 1
    assert set(CardVersions.objects.values_list("pk", flat=True)) == {kept.pk, young.pk}
