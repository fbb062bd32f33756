"""A re-import never overwrites a card a user changed since: it keeps the user's version and records the conflict."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from cards.imports import cards_import, import_conflict_resolve
from cards.models import Card, CardRevision, ImportConflict
from cards.services import card_create, card_set_status, card_update
from common.errors import Conflict, Forbidden, InvalidInput

pytestmark = pytest.mark.django_db


def payload(**changes) -> dict:
    card = {
        "stableCardId": "DR-U01",
        "name": "Vodka",
        "type": "UNIT",
        "cost": 6,
        "atk": 6,
        "pv": 6,
        "text": "Percent.",
        "status": "DRAFT",
    }
    return {"game": "darkrow", "cards": [{**card, **changes}]}


def vodka() -> Card:
    return Card.objects.get(stable_id="DR-U01")


def test_a_card_nobody_changed_is_updated_by_a_re_import():
    cards_import(payload=payload())
    report = cards_import(payload=payload(atk=7))
    assert report.updated == ["DR-U01"] and report.conflicts == []
    assert vodka().game_fields["atk"] == 7
    assert not ImportConflict.objects.exists()


def test_a_user_change_is_kept_and_the_conflict_recorded_with_both_versions(designer):
    cards_import(payload=payload())
    card_update(stable_id="DR-U01", data={"atk": 5, "text": "Percent, double."}, user=designer)
    version = vodka().version
    revisions = CardRevision.objects.count()

    report = cards_import(payload=payload())

    card = vodka()
    assert (card.game_fields["atk"], card.text, card.version) == (5, "Percent, double.", version)
    assert CardRevision.objects.count() == revisions
    assert report.updated == [] and report.unchanged == []
    [note] = report.conflicts
    assert (note.stable_id, note.new) == ("DR-U01", True)
    assert set(note.fields) == {"atk", "text"}
    conflict = ImportConflict.objects.get()
    assert conflict.is_open and conflict.card == card and conflict.card_version == version
    assert (conflict.kept["atk"], conflict.kept["text"]) == (5, "Percent, double.")
    assert (conflict.imported["atk"], conflict.imported["text"]) == (6, "Percent.")
    assert "1 conflict kept the user's version (1 new)" in report.summary()


def test_a_second_identical_import_records_no_new_conflict(designer):
    cards_import(payload=payload())
    card_update(stable_id="DR-U01", data={"atk": 5}, user=designer)
    cards_import(payload=payload())
    report = cards_import(payload=payload())
    assert [note.new for note in report.conflicts] == [False]
    assert ImportConflict.objects.count() == 1
    assert vodka().game_fields["atk"] == 5


def test_a_different_file_supersedes_the_open_conflict(designer):
    cards_import(payload=payload())
    card_update(stable_id="DR-U01", data={"atk": 5}, user=designer)
    cards_import(payload=payload())
    cards_import(payload=payload(atk=8))
    old, new = ImportConflict.objects.order_by("pk")
    assert old.resolution == "SUPERSEDED" and new.is_open and new.imported["atk"] == 8
    assert vodka().game_fields["atk"] == 5


def test_a_review_decision_since_the_import_is_kept(reviewer):
    cards_import(payload=payload())
    card_set_status(stable_id="DR-U01", status="VALIDATED", user=reviewer)
    # Same content, the file still says DRAFT: the studio's newer decision stays, no conflict.
    report = cards_import(payload=payload())
    assert report.unchanged == ["DR-U01"] and report.conflicts == []
    assert vodka().status == "VALIDATED"
    # A content change of the file is a conflict.
    report = cards_import(payload=payload(pv=7))
    assert [n.fields for n in report.conflicts] == [("pv",)]
    assert vodka().game_fields["pv"] == 6


def test_a_card_made_in_the_studio_is_not_overwritten_by_a_file(designer):
    card_create(
        game="darkrow",
        data={"stableCardId": "DR-U01", "name": "Vodka", "type": "UNIT", "cost": 1, "atk": 1, "pv": 1},
        user=designer,
    )
    report = cards_import(payload=payload())
    assert len(report.conflicts) == 1
    assert vodka().game_fields["atk"] == 1


def test_a_card_matched_by_name_is_protected_too(designer):
    no_id = {"game": "darkrow", "cards": [{"name": "Sato", "type": "UNIT", "cost": 2, "atk": 2, "pv": 2}]}
    cards_import(payload=no_id)
    sato = Card.objects.get(name="Sato")
    card_update(stable_id=sato.stable_id, data={"atk": 3}, user=designer)
    report = cards_import(payload=no_id)
    assert [n.stable_id for n in report.conflicts] == [sato.stable_id]
    sato.refresh_from_db()
    assert sato.game_fields["atk"] == 3


def test_an_import_with_an_error_records_no_conflict(designer):
    cards_import(payload=payload())
    card_update(stable_id="DR-U01", data={"atk": 5}, user=designer)
    bad = payload()
    bad["cards"].append({"name": "Broken", "type": "NOPE"})
    with pytest.raises(InvalidInput):
        cards_import(payload=bad)
    assert not ImportConflict.objects.exists()


def test_keeping_the_users_version_settles_it_for_that_file(designer, reviewer):
    cards_import(payload=payload())
    card_update(stable_id="DR-U01", data={"atk": 5}, user=designer)
    cards_import(payload=payload())
    conflict = import_conflict_resolve(
        conflict_id=ImportConflict.objects.get().pk, keep="USER", user=reviewer, note="5 is right"
    )
    assert (conflict.resolution, conflict.resolved_by, conflict.resolution_note) == (
        "KEPT_USER",
        reviewer,
        "5 is right",
    )
    assert vodka().game_fields["atk"] == 5
    report = cards_import(payload=payload())
    assert [n.new for n in report.conflicts] == [False]
    assert ImportConflict.objects.count() == 1


def test_taking_the_imported_version_applies_it_as_an_import(designer, reviewer):
    cards_import(payload=payload())
    card_update(stable_id="DR-U01", data={"atk": 5}, user=designer)
    cards_import(payload=payload())
    conflict = ImportConflict.objects.get()
    import_conflict_resolve(conflict_id=conflict.pk, keep="IMPORTED", user=reviewer)
    card = vodka()
    assert card.game_fields["atk"] == 6 and card.user_modified is False
    last = card.revisions.order_by("-version").first()
    assert last.action == "IMPORT" and last.author == reviewer and f"#{conflict.pk}" in last.note
    # The card is back in step with the file: re-importing it changes nothing.
    report = cards_import(payload=payload())
    assert report.unchanged == ["DR-U01"] and report.conflicts == []


def test_only_a_reviewer_resolves_and_only_once(designer, reviewer):
    cards_import(payload=payload())
    card_update(stable_id="DR-U01", data={"atk": 5}, user=designer)
    cards_import(payload=payload())
    pk = ImportConflict.objects.get().pk
    with pytest.raises(Forbidden):
        import_conflict_resolve(conflict_id=pk, keep="IMPORTED", user=designer)
    with pytest.raises(InvalidInput):
        import_conflict_resolve(conflict_id=pk, keep="BOTH", user=reviewer)
    import_conflict_resolve(conflict_id=pk, keep="USER", user=reviewer)
    with pytest.raises(Conflict):
        import_conflict_resolve(conflict_id=pk, keep="IMPORTED", user=reviewer)


def test_the_importcards_command_reports_conflicts(designer, tmp_path):
    path = tmp_path / "darkrow.json"
    path.write_text(json.dumps(payload()), encoding="utf-8")
    call_command("importcards", str(path), stdout=io.StringIO())
    card_update(stable_id="DR-U01", data={"atk": 5}, user=designer)
    out = io.StringIO()
    call_command("importcards", str(path), stdout=out)
    text = out.getvalue()
    assert (
        "conflict #" in text
        and "DR-U01 (Vodka)" in text
        and "kept the studio's version" in text
        and "atk" in text
    )
    assert "1 conflict kept" in text
