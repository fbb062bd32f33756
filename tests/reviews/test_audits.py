"""Batch audits: the five lists from the database, progress in batches, one audit per game at a time, flat memory."""

from __future__ import annotations

import tracemalloc
from datetime import timedelta

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from artwork.models import Kind
from cards.imports import cards_import
from cards.models import Card
from cards.services import card_set_status, card_update
from common.errors import InvalidInput
from reviews import audits, services
from reviews.models import Audit, AuditEntry
from rules import registry
from rules.audit import REVIEW_LISTS
from tests import module_data
from tests.factories import new_card
from tests.reviews.effects import bonus, draw, imported, new_mechanic

pytestmark = pytest.mark.django_db


def run(game="darkrow", **kw) -> Audit:
    audit = audits.audit_start(game=game, enqueue=False)
    return audits.audit_run(audit_id=audit.pk, **kw)


def listed(audit: Audit) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {name: set() for name in REVIEW_LISTS}
    for entry in audit.entries.all():
        out[entry.list].add(entry.name)
    return out


class TestEveryList:
    """The audit of one game with a card for each reason to be listed and cards that belong in no
    list, built once for the class's tests (tests/module_data.py: each starts from it in a savepoint
    of its own, its audits rolled back; the module's other tests never find these cards)."""

    @pytest.fixture(scope="class")
    @classmethod
    def game_with_every_list(cls, request, django_db_setup, django_db_blocker, tmp_path_factory):
        """One card per reason, and cards that belong in no list."""
        with module_data.built_once(request, django_db_blocker, tmp_path_factory):
            designer = module_data.make_user("designer", username="dana")
            reviewer = module_data.make_user("reviewer", username="remi")
            validated = lambda card: card_set_status(
                stable_id=card.stable_id, status="VALIDATED", user=reviewer
            )
            validated(new_card(name="Propre"))
            validated(new_card(name="Pas encore", effects=[draw(implemented=False)]))
            imported("Bonus", [bonus()])
            validated(new_card(name="Bonus daté", effects=[bonus(duration="UNTIL_END_OF_TURN")]))
            validated(
                new_card(name="Uniforme", type="OBJECT", cost=1, atk=None, pv=None, behavior="EQUIPMENT")
            )
            new_card(name="Casque de moto", type="OBJECT", cost=1, atk=None, pv=None, behavior="CONSUMABLE")
            to_review = new_card(name="À revoir")
            card_set_status(stable_id=to_review.stable_id, status="NEEDS_REVIEW", user=designer)
            new_card(name="Sans ATK", atk=None)
            imported("Aube", [new_mechanic()])
            # Identities: same name and type with different data collide, unless declared distinct.
            new_card(name="Vodka", text="A")
            new_card(name="Vodka", text="B")
            gin_a, gin_b = new_card(name="Chianti", text="A"), new_card(name="Chianti", text="B")
            services.distinct_identity_declare(stable_ids=[gin_a.stable_id, gin_b.stable_id], user=reviewer)
            # Gin the Leader and Gin the Legendary differ by type: never a collision.
            new_card(name="Gin", type="LEADER", cost=None, atk=None, pv=None)
            new_card(name="Gin", type="LEGENDARY", cost=5, atk=5, pv=5)
            # A user-modified card a re-import would have overwritten.
            korn = {
                "game": "darkrow",
                "cards": [
                    {"stableCardId": "DR-K01", "name": "Korn", "type": "UNIT", "cost": 2, "atk": 2, "pv": 2}
                ],
            }
            cards_import(payload=korn)
            card_update(stable_id="DR-K01", data={"atk": 3}, user=designer)
            cards_import(payload=korn)
            # Out of play: in no list whatever its content.
            disabled = new_card(name="Retirée", atk=None)
            card_set_status(stable_id=disabled.stable_id, status="DISABLED", user=reviewer)
            yield

    @pytest.fixture(autouse=True)
    def _data(self, game_with_every_list, db):
        """The class's cards (``game_with_every_list``), each test in a savepoint of its own."""

    def test_each_list_holds_the_cards_that_belong_in_it_and_says_why(self):
        audit = run()
        assert audit.status == "DONE" and audit.step == "done" and audit.done == audit.total
        lists = listed(audit)
        assert lists["BONUS_DURATION_REVIEW"] == {"Bonus"}
        assert lists["OBJECT_BEHAVIOR_REVIEW"] == {"Casque de moto"}
        assert lists["NEEDS_REVIEW"] == {"À revoir", "Sans ATK"}
        assert lists["NEW_MECHANIC_REQUIRED"] == {"Aube"}
        assert lists["VERSION_CONFLICTS"] == {"Vodka", "Korn"}
        everywhere = set().union(*lists.values())
        for absent in ("Propre", "Pas encore", "Bonus daté", "Uniforme", "Chianti", "Gin", "Retirée"):
            assert absent not in everywhere
        assert audit.list_counts == {
            "BONUS_DURATION_REVIEW": 1,
            "OBJECT_BEHAVIOR_REVIEW": 1,
            "NEEDS_REVIEW": 2,
            "NEW_MECHANIC_REQUIRED": 1,
            "VERSION_CONFLICTS": 3,  # two Vodka, one Korn
        }
        reasons = {(e.name, e.code): e.reason for e in audit.entries.all()}
        assert "OBJECT_BEHAVIOR_SEED" in {code for _, code in reasons}
        assert (
            "effects[0].actions[0].duration: a bonus to ATK without a duration"
            in reasons[("Bonus", "EFFECT_BONUS_NO_DURATION")]
        )
        assert "import conflict #" in reasons[("Korn", "IMPORT_CONFLICT")]
        assert "different data" in reasons[("Vodka", "IDENTITY_COLLISION")]
        assert reasons[("À revoir", "STATUS_NEEDS_REVIEW")].endswith(" waits for review")

    def test_the_audit_reports_the_seeds_counts(self):
        counts = run().counts
        identities = counts["identities"]
        assert identities["expected"] == 72
        assert identities["actual"] == Card.objects.filter(game="darkrow").exclude(status="DISABLED").count()
        assert identities["validated"] == Card.objects.filter(game="darkrow", status="VALIDATED").count()
        assert identities["matches"] is False
        assert counts["artwork"] == {
            "expected": {"HD": 72, "REFERENCE": 53, "FULL_ART": 3, "LEGACY_HD": 6},
            "actual": dict.fromkeys(Kind.values, 0),
            "matches": False,
        }

    def test_running_a_finished_audit_again_changes_nothing(self):
        audit = run()
        entries = list(audit.entries.values_list("pk", flat=True))
        again = audits.audit_run(audit_id=audit.pk)
        assert again.finished_at == audit.finished_at
        assert list(again.entries.values_list("pk", flat=True)) == entries

    def test_a_redelivered_audit_starts_over_without_duplicates(self):
        audit = run()
        count = audit.entries.count()
        Audit.objects.filter(pk=audit.pk).update(status="RUNNING")  # as if the worker died before acking
        again = audits.audit_run(audit_id=audit.pk)
        assert again.status == "DONE" and again.entries.count() == count


def test_artwork_counts_come_from_the_artwork_app(monkeypatch):
    from reviews import audits as review_audits

    calls = []
    seed = {"HD": 72, "REFERENCE": 53, "FULL_ART": 3, "LEGACY_HD": 6}
    monkeypatch.setattr(review_audits, "artwork_counts", lambda game: calls.append(game) or dict(seed))
    counts = run().counts
    assert calls == ["darkrow"]
    assert counts["artwork"] == {"expected": seed, "actual": seed, "matches": True}


def test_a_game_without_expected_counts():
    counts = run("chesscards").counts
    assert counts["identities"]["expected"] is None and counts["identities"]["matches"] is None


# --- progress --------------------------------------------------------------------------------------
def test_progress_is_written_in_batches_while_the_audit_runs(bulk_cards):
    bulk_cards(35)
    seen_in_db = {}

    def progress(done, total, step):
        if done in (9, 10, 11, 25):
            seen_in_db[done] = Audit.objects.values_list("done", "total", "step").get()

    with CaptureQueriesContext(connection) as queries:
        audit = run(progress=progress, batch_size=10)
    assert audit.total == 35 and audit.done == 35
    # The database lags behind by at most one batch: it is not written per card.
    assert seen_in_db == {
        9: (0, 35, "checking cards"),
        10: (10, 35, "checking cards"),
        11: (10, 35, "checking cards"),
        25: (20, 35, "checking cards"),
    }
    progress_writes = [
        q["sql"] for q in queries.captured_queries if q["sql"].startswith('UPDATE "reviews_audit" SET "done"')
    ]
    # 3 full batches and one flush at the end of each of the 3 steps; never one per card.
    assert len(progress_writes) == 6


def test_the_progress_callback_sees_every_item_in_order(bulk_cards):
    bulk_cards(12)
    calls = []
    run(progress=lambda done, total, step: calls.append((done, total, step)), batch_size=5)
    assert [c[0] for c in calls] == list(range(1, 13))
    assert {c[1] for c in calls} == {12}


def test_queries_do_not_grow_with_the_number_of_cards(bulk_cards):
    bulk_cards(20)
    with CaptureQueriesContext(connection) as small:
        run(batch_size=500)
    bulk_cards(200, start=20, status="NEEDS_REVIEW")
    with CaptureQueriesContext(connection) as large:
        run(batch_size=500)
    assert len(large.captured_queries) <= len(small.captured_queries) + 2


# --- one audit per game at a time, idempotence, failures ------------------------------------------------
def test_a_second_audit_of_the_same_game_is_refused_while_one_runs():
    first = audits.audit_start(game="darkrow", enqueue=False)
    with pytest.raises(audits.AuditRunning) as caught:
        audits.audit_start(game="darkrow", enqueue=False)
    assert caught.value.audit.pk == first.pk and caught.value.status_code == 409
    assert f"#{first.pk}" in caught.value.message
    # Another game is independent; once the first is done, a new one may start.
    audits.audit_start(game="vanguard", enqueue=False)
    audits.audit_run(audit_id=first.pk)
    assert audits.audit_start(game="darkrow", enqueue=False).pk != first.pk


def test_the_database_itself_refuses_two_active_audits_of_a_game():
    Audit.objects.create(game="darkrow", status="RUNNING")
    with pytest.raises(IntegrityError), transaction.atomic():
        Audit.objects.create(game="darkrow", status="PENDING")
    Audit.objects.create(game="darkrow", status="DONE")


def test_an_abandoned_audit_does_not_block_forever(settings):
    settings.REVIEWS_AUDIT_STALE_AFTER = 60
    stuck = audits.audit_start(game="darkrow", enqueue=False)
    Audit.objects.filter(pk=stuck.pk).update(
        status="RUNNING", heartbeat_at=timezone.now() - timedelta(minutes=5)
    )
    fresh = audits.audit_start(game="darkrow", enqueue=False)
    stuck.refresh_from_db()
    assert stuck.status == "FAILED" and "abandoned" in stuck.error
    assert fresh.status == "PENDING"


def test_a_run_taken_over_by_another_stops(bulk_cards):
    bulk_cards(30)
    audit = audits.audit_start(game="darkrow", enqueue=False)

    def takeover(done, total, step):
        if done == 5:
            Audit.objects.filter(pk=audit.pk).update(run_token="someone-else")

    result = audits.audit_run(audit_id=audit.pk, progress=takeover, batch_size=10)
    assert result.status == "RUNNING" and result.done == 0  # the other run owns it


def test_a_failing_audit_is_marked_failed_and_can_be_run_again(monkeypatch, bulk_cards):
    bulk_cards(3)

    def broken(ruleset, card):
        raise RuntimeError("rule crashed")

    monkeypatch.setattr(audits, "audit_card", broken)
    audit = audits.audit_start(game="darkrow", enqueue=False)
    with pytest.raises(RuntimeError):
        audits.audit_run(audit_id=audit.pk)
    audit.refresh_from_db()
    assert audit.status == "FAILED" and "rule crashed" in audit.error
    monkeypatch.undo()
    assert run().status == "DONE"


def test_an_unknown_game_is_refused():
    with pytest.raises(InvalidInput):
        audits.audit_start(game="poker")


# --- schedule ----------------------------------------------------------------------------------------
def test_the_schedule_audits_every_game_and_skips_running_ones(settings, django_capture_on_commit_callbacks):
    assert settings.CELERY_BEAT_SCHEDULE["reviews-audit-all-games"]["task"] == "reviews.audit_all"
    from studio.celery import app

    app.loader.import_default_modules()  # what a worker does at start: autodiscovery
    assert "reviews.audit_all" in app.tasks and "reviews.audit" in app.tasks
    running = audits.audit_start(game="duel", enqueue=False)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        started = audits.audits_schedule()
    assert len(started) == len(registry.keys()) - 1 and len(callbacks) == len(started)
    assert set(Audit.objects.filter(pk__in=started).values_list("status", flat=True)) == {"DONE"}
    running.refresh_from_db()
    assert running.status == "PENDING"


def test_the_schedule_re_enqueues_an_audit_stuck_pending(django_capture_on_commit_callbacks):
    stuck = audits.audit_start(game="duel", enqueue=False)
    Audit.objects.filter(pk=stuck.pk).update(created_at=timezone.now() - timedelta(minutes=10))
    with django_capture_on_commit_callbacks(execute=True):
        audits.audits_schedule()
    stuck.refresh_from_db()
    assert stuck.status == "DONE"


# --- memory -----------------------------------------------------------------------------------------
# A small batch, so that both runs below hold many batches: the figures at scale (500, 5,000 and
# 20,000 cards) are bench/audit.py's.
BATCH = 50
# What one more card may add to the peak: a few bounded caches fill as the cards grow (measured:
# 110 to 240 bytes a card from 100 to 1,000 cards); an audit that kept each card's entries until
# the end took 1,150 (tried by keeping them from _AuditRun.flush), one that kept the cards more.
BYTES_PER_CARD = 500


def _peak_audit_memory() -> int:
    audit = audits.audit_start(game="darkrow", enqueue=False)
    tracemalloc.start()
    try:
        audits.audit_run(audit_id=audit.pk, batch_size=BATCH)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_memory_stays_flat_as_the_number_of_cards_grows(bulk_cards):
    bulk_cards(100)
    _peak_audit_memory()  # warm caches (rule sets, query compilation)
    small = _peak_audit_memory()
    assert AuditEntry.objects.filter(audit=Audit.objects.latest("finished_at")).count() == 100
    bulk_cards(900, start=100)
    large = _peak_audit_memory()
    assert AuditEntry.objects.filter(audit=Audit.objects.latest("finished_at")).count() == 1000
    # Ten times the cards, about the same peak: the audit holds one batch, not the game.
    assert (large - small) / 900 < BYTES_PER_CARD, (small, large)


def test_with_debug_on_the_query_log_does_not_grow_with_the_cards(settings, bulk_cards):
    bulk_cards(60)
    settings.DEBUG = True
    connection.queries_log.clear()
    run(batch_size=10)
    # Every query is logged while DEBUG is on; the audit forgets them batch by batch.
    assert len(connection.queries_log) < 10


def test_a_reprint_in_another_set_is_not_a_collision(make_card):
    make_card("vanguard", name="Blaster Blade", set="TD01", power=9000)
    make_card("vanguard", name="Blaster Blade", set="BT01", power=9000, clan="Royal Paladin")
    make_card("vanguard", name="Wingal", set="TD01", grade=1, power=6000, clan="A")
    make_card("vanguard", name="Wingal", set="TD01", grade=1, power=6000, clan="B")
    lists = listed(run("vanguard"))
    assert lists["VERSION_CONFLICTS"] == {"Wingal"}


def test_cards_whose_text_overflows_their_face_are_listed(make_card, reviewer):
    """TEXT_OVERFLOW: the audit lays each card's text out in the game's current face template."""
    long_text = "Inflige 2 dégâts à chaque unité adverse, puis pioche une carte. " * 30
    long = make_card(name="Bavard", text=long_text)
    card_set_status(stable_id=long.stable_id, status="VALIDATED", user=reviewer)
    short = make_card(name="Concis", text="Pioche une carte.")
    card_set_status(stable_id=short.stable_id, status="VALIDATED", user=reviewer)
    audit = run()
    overflow = list(audit.entries.filter(code="TEXT_OVERFLOW"))
    assert [(e.name, e.list, e.field) for e in overflow] == [("Bavard", "NEEDS_REVIEW", "text")]
    assert "does not fit its box" in overflow[0].reason
    assert audit.list_counts["NEEDS_REVIEW"] == 1


def test_a_disabled_card_is_not_listed_for_its_face(make_card, reviewer):
    card = make_card(name="Bavard", text="Inflige 2 dégâts. " * 200)
    card_set_status(stable_id=card.stable_id, status="DISABLED", user=reviewer)
    assert not run().entries.filter(code="TEXT_OVERFLOW").exists()
