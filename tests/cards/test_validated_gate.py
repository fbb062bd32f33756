"""Nothing VALIDATED that its rules refuse (issue #13), on every path that sets VALIDATED.

An import stores such a card NEEDS_REVIEW with its findings and says so card by card; a status
move, the bulk moves, taking an import conflict's imported version and a correction of a VALIDATED
card are refused with the findings. The gate is in the one write path (cards.services).
"""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from cards.imports import cards_import
from cards.models import Card, CardRevision, ImportConflict
from cards.services import card_save_change, card_update, cards_save_changes
from common.errors import Conflict

pytestmark = pytest.mark.django_db

UNIT = {
    "type": "NORMAL_UNIT",
    "set": "TD01",
    "grade": 1,
    "power": 8000,
    "shield": 5000,
    "critical": 1,
    "clan": "Royal Paladin",
    "status": "VALIDATED",
}
VANGUARD = {
    "game": "vanguard",
    "cards": [
        {"stableCardId": "VG-OK", "name": "Wingal", **UNIT},
        {"stableCardId": "VG-HEAL", "name": "Healer", **UNIT, "trigger": "HEAL"},
        {
            "stableCardId": "VG-G2",
            "name": "Heavy Trigger",
            **UNIT,
            "type": "TRIGGER_UNIT",
            "grade": 2,
            "trigger": "DRAW",
        },
    ],
}
DARKROW = {
    "game": "darkrow",
    "cards": [
        {
            "stableCardId": "DR-NOSTAT",
            "name": "Sans stats",
            "type": "UNIT",
            "status": "VALIDATED",
            "text": "Rien.",
        }
    ],
}


def status(stable_id: str) -> str:
    return Card.objects.get(stable_id=stable_id).status


# --- import ---------------------------------------------------------------------------------------
def test_an_import_stores_what_its_rules_refuse_as_needs_review_and_reports_each_card():
    report = cards_import(payload=VANGUARD)
    assert sorted(report.created) == ["VG-G2", "VG-HEAL", "VG-OK"]
    assert (status("VG-OK"), status("VG-HEAL"), status("VG-G2")) == (
        "VALIDATED",
        "NEEDS_REVIEW",
        "NEEDS_REVIEW",
    )
    notes = {n.stable_id: n for n in report.needs_review}
    assert set(notes) == {"VG-HEAL", "VG-G2"}
    assert [f.code for f in notes["VG-HEAL"].findings] == ["FIELD_NOT_ALLOWED"]
    assert "TRIGGER_GRADE" in [f.code for f in notes["VG-G2"].findings]
    assert notes["VG-HEAL"].describe().startswith("card 1 (VG-HEAL): VG-HEAL (Healer) stored as NEEDS_REVIEW")
    # Nothing else in the file changes: the trigger is kept as the file says.
    assert Card.objects.get(stable_id="VG-HEAL").game_fields["trigger"] == "HEAL"
    assert "2 stored as NEEDS_REVIEW instead of VALIDATED" in report.summary()


def test_importing_the_refused_file_twice_changes_nothing():
    cards_import(payload=VANGUARD)
    revisions = CardRevision.objects.count()
    again = cards_import(payload=VANGUARD)
    assert again.updated == [] and sorted(again.unchanged) == ["VG-G2", "VG-HEAL", "VG-OK"]
    assert CardRevision.objects.count() == revisions
    assert {n.stable_id for n in again.needs_review} == {"VG-HEAL", "VG-G2"}


def test_a_darkrow_unit_without_cost_atk_or_pv_is_not_validated_and_the_command_says_so(tmp_path):
    import json

    path = tmp_path / "darkrow.json"
    path.write_text(json.dumps(DARKROW), encoding="utf-8")
    out = io.StringIO()
    call_command("importcards", str(path), stdout=out)
    assert status("DR-NOSTAT") == "NEEDS_REVIEW"
    line = next(x for x in out.getvalue().splitlines() if x.startswith("needs review:"))
    assert "DR-NOSTAT (Sans stats)" in line and "cost" in line and "atk" in line and "pv" in line


# --- the one write path ---------------------------------------------------------------------------
def test_the_write_path_refuses_to_store_a_refused_card_validated():
    cards_import(payload=VANGUARD)
    card = Card.objects.get(stable_id="VG-HEAL")
    card.status = "VALIDATED"
    with pytest.raises(Conflict) as caught:
        card_save_change(card, before={}, action="STATUS", user=None)
    assert [f.code for f in caught.value.findings] == ["FIELD_NOT_ALLOWED"]
    with pytest.raises(Conflict):
        cards_save_changes([(card, {"status": "NEEDS_REVIEW"})], action="IMPORT", user=None)
    assert status("VG-HEAL") == "NEEDS_REVIEW"


# --- a status move, one card or many ------------------------------------------------------------------
def test_the_status_route_refuses_with_the_findings(api, reviewer):
    cards_import(payload=VANGUARD)
    answer = api(reviewer).post("/api/cards/VG-G2/status/", {"status": "VALIDATED"}, format="json")
    assert answer.status_code == 409
    assert "TRIGGER_GRADE" in [e["code"] for e in answer.json()["errors"]]
    assert status("VG-G2") == "NEEDS_REVIEW"


def test_a_bulk_move_refuses_every_card_or_none(api, reviewer, designer):
    cards_import(payload={**VANGUARD, "cards": [{**c, "status": "NEEDS_REVIEW"} for c in VANGUARD["cards"]]})
    answer = api(reviewer).post(
        "/api/reviews/transition/", {"cards": ["VG-OK", "VG-HEAL"], "status": "VALIDATED"}, format="json"
    )
    assert answer.status_code == 409
    assert "VG-HEAL" in str(answer.json())
    assert (status("VG-OK"), status("VG-HEAL")) == ("NEEDS_REVIEW", "NEEDS_REVIEW")


# --- an import conflict ------------------------------------------------------------------------------
def test_taking_an_imported_version_its_rules_refuse_is_refused(api, designer, reviewer):
    ok = {"stableCardId": "VG-X", "name": "Wingal", **UNIT, "status": "DRAFT"}
    cards_import(payload={"game": "vanguard", "cards": [ok]})
    card_update(stable_id="VG-X", data={"power": 9000}, user=designer)
    cards_import(payload={"game": "vanguard", "cards": [{**ok, "trigger": "HEAL", "status": "VALIDATED"}]})
    conflict = ImportConflict.objects.get()
    url = f"/api/import-conflicts/{conflict.pk}/resolve/"
    answer = api(reviewer).post(url, {"keep": "IMPORTED"}, format="json")
    assert answer.status_code == 409 and [e["code"] for e in answer.json()["errors"]] == ["FIELD_NOT_ALLOWED"]
    conflict.refresh_from_db()
    assert conflict.is_open and Card.objects.get(stable_id="VG-X").game_fields["trigger"] is None


# --- a correction of a VALIDATED card ----------------------------------------------------------------
def test_a_correction_that_its_rules_would_refuse_on_a_validated_card_is_refused(api, reviewer):
    effect = {
        "effectId": "DR-G.bonus",
        "kind": "triggered",
        "timing": "ON_DEPLOY",
        "actions": [
            {
                "do": "MODIFY_STAT",
                "stat": "ATK",
                "amount": 2,
                "target": "SELF",
                "duration": "UNTIL_END_OF_TURN",
            }
        ],
    }
    card = {
        "stableCardId": "DR-G",
        "name": "Bonus",
        "type": "UNIT",
        "cost": 3,
        "atk": 4,
        "pv": 3,
        "effects": [effect],
        "status": "VALIDATED",
    }
    cards_import(payload={"game": "darkrow", "cards": [card]})
    assert status("DR-G") == "VALIDATED"
    body = {"effectId": "DR-G.bonus", "change": [{"op": "remove", "path": "/actions/0/duration"}], "why": "x"}
    answer = api(reviewer).post("/api/cards/DR-G/corrections/", body, format="json")
    assert answer.status_code == 409, answer.json()
    assert "send the card to Needs review" in answer.json()["detail"]
    fine = {**body, "change": [{"op": "replace", "path": "/actions/0/amount", "value": 3}]}
    assert api(reviewer).post("/api/cards/DR-G/corrections/", fine, format="json").status_code == 201
