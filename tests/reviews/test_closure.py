"""Review closure: closed only when the latest audit's five lists are empty and no card waits for review."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from cards.services import card_set_status, card_update
from reviews import audits
from reviews.selectors import review_closure, review_closures
from rules import registry
from tests.reviews.effects import bonus, draw, imported, new_mechanic

pytestmark = pytest.mark.django_db


def audit(game="darkrow"):
    started = audits.audit_start(game=game, enqueue=False)
    return audits.audit_run(audit_id=started.pk)


@pytest.fixture
def validated(make_card, reviewer):
    def make(**data):
        card = make_card(**data)
        return card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer)

    return make


def test_no_audit_no_closure():
    closure = review_closure(game="darkrow")
    assert closure["closed"] is False and closure["audit"] is None
    assert closure["reasons"] == ["no audit of Darkrow has finished yet: run one"]


def test_closed_when_lists_are_empty_and_nothing_waits(validated):
    validated(name="Toyama Kazuha")
    # NOT_IMPLEMENTED never blocks the closure.
    validated(name="Pas encore", effects=[draw(implemented=False)])
    done = audit()
    closure = review_closure(game="darkrow")
    assert closure["closed"] is True, closure["reasons"]
    assert closure["blockingLists"] == [] and closure["waitingForReview"] == 0
    assert closure["audit"] == done.pk and closure["lists"] == dict.fromkeys(closure["lists"], 0)


def test_closure_names_the_lists_that_block_it(validated, make_card):
    imported("Bonus", [bonus()])
    imported("Aube", [new_mechanic()])
    validated(name="Casque de moto", type="OBJECT", cost=1, atk=None, pv=None, behavior="EQUIPMENT")
    audit()
    closure = review_closure(game="darkrow")
    assert closure["closed"] is False
    assert closure["blockingLists"] == ["BONUS_DURATION_REVIEW", "NEW_MECHANIC_REQUIRED"]
    assert "Bonus duration review (BONUS_DURATION_REVIEW) is not empty (1 card)" in closure["reasons"]
    # Their rules refuse Bonus and Aube VALIDATED (issue #13): they wait for review.
    assert closure["waitingForReview"] == 2


def test_a_card_waiting_for_review_blocks_even_with_empty_lists(validated, make_card):
    validated(name="Toyama Kazuha")
    make_card(name="Brouillon")  # DRAFT, no error: in no list, but it waits for review
    audit()
    closure = review_closure(game="darkrow")
    assert closure["closed"] is False and closure["blockingLists"] == []
    assert closure["waitingForReview"] == 1
    assert "1 card waits for review (status Draft or Needs review)" in closure["reasons"]


def test_a_change_after_the_audit_reopens_it(validated, designer, reviewer):
    card = validated(name="Toyama Kazuha")
    audit()
    assert review_closure(game="darkrow")["closed"] is True
    card_update(stable_id=card.stable_id, data={"text": "Nouveau."}, user=designer)
    card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer)
    closure = review_closure(game="darkrow")
    assert closure["closed"] is False and closure["auditStale"] is True
    audit()
    assert review_closure(game="darkrow")["closed"] is True


def test_every_game_has_its_own_closure(validated):
    validated(name="Toyama Kazuha")
    audit("darkrow")
    closures = {c["game"]: c["closed"] for c in review_closures()}
    assert closures == {key: key == "darkrow" for key in registry.keys()}


# --- the audit command --------------------------------------------------------------------------------
def test_the_audit_command_prints_lists_counts_and_what_blocks(validated, make_card):
    imported("Bonus", [bonus()])
    make_card(name="Brouillon")
    out, err = io.StringIO(), io.StringIO()
    call_command("audit", "darkrow", stdout=out, stderr=err)
    text = out.getvalue()
    assert "Audit #" in text and "DONE" in text
    assert "BONUS_DURATION_REVIEW    1 card" in text
    assert "Bonus: effects[0].actions[0].duration: a bonus to ATK without a duration" in text
    assert "count identities: expected 72, actual 2, 0 validated" in text
    assert "count artwork: expected" in text
    assert "Review of darkrow: OPEN; blocking lists: BONUS_DURATION_REVIEW" in text
    assert "2 cards wait for review" in text


def test_the_audit_command_shows_a_progress_bar(validated):
    validated(name="Toyama Kazuha")
    err = io.StringIO()
    call_command("audit", "darkrow", "--progress", stdout=io.StringIO(), stderr=err)
    assert "audit darkrow" in err.getvalue() and "1/1" in err.getvalue()
    err = io.StringIO()
    call_command("audit", "darkrow", "--no-progress", stdout=io.StringIO(), stderr=err)
    assert err.getvalue() == ""


def test_the_audit_command_exit_statuses(validated):
    with pytest.raises(CommandError) as caught:
        call_command("audit", "poker", stdout=io.StringIO())
    assert caught.value.returncode == 2 and "poker is not a game; use one of chesscards" in str(caught.value)
    with pytest.raises(CommandError) as caught:
        call_command("audit", stdout=io.StringIO())
    assert caught.value.returncode == 2
    audits.audit_start(game="darkrow", enqueue=False)
    with pytest.raises(CommandError) as caught:
        call_command("audit", "darkrow", stdout=io.StringIO())
    assert caught.value.returncode == 2 and "already pending" in str(caught.value)


def test_the_audit_command_for_cron(validated, make_card):
    validated(name="Toyama Kazuha")
    make_card("vanguard")  # a DRAFT: vanguard's review is open; games without cards are closed
    out = io.StringIO()
    with pytest.raises(CommandError) as caught:
        call_command("audit", "--all", "--no-progress", "--fail-if-open", stdout=out, stderr=io.StringIO())
    assert caught.value.returncode == 1
    assert "review not closed: vanguard" in str(caught.value)
    assert "Review of darkrow: CLOSED" in out.getvalue()
