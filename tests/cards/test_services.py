"""Card writes: revisions on every change, stable ids, provenance and the review workflow."""

import pytest
from django.db import transaction

from cards import imports, services
from cards.models import AppendOnlyError, Card, CardRevision
from cards.signals import cards_changed
from common.errors import Conflict, Forbidden, InvalidInput, StaleVersion

pytestmark = pytest.mark.django_db

KAZUHA = {"name": "Toyama Kazuha", "type": "UNIT", "cost": 3, "atk": 4, "pv": 3, "archetypes": ["Lycéenne"]}


def revisions(card):
    return list(CardRevision.objects.filter(card=card).order_by("version"))


# --- a revision on every change -----------------------------------------------------------


def test_create_writes_the_first_revision(designer):
    card = services.card_create(game="darkrow", data=KAZUHA, user=designer, note="first draft")
    (revision,) = revisions(card)
    assert (revision.version, revision.action, revision.author, revision.author_name, revision.note) == (
        1,
        "CREATE",
        designer,
        "dana",
        "first draft",
    )
    assert revision.created_at is not None
    assert revision.changes["name"] == {"before": None, "after": "Toyama Kazuha"}
    assert revision.changes["atk"] == {"before": None, "after": 4}
    assert revision.snapshot["stableCardId"] == card.stable_id
    assert card.version == 1 and card.created_by == designer


def test_update_writes_who_when_and_each_field_before_and_after(designer, make_card):
    card = make_card()
    card = services.card_update(stable_id=card.stable_id, data={"atk": 5, "text": "Rapide."}, user=designer)
    revision = revisions(card)[-1]
    assert (revision.version, revision.action, revision.author_name) == (2, "UPDATE", "dana")
    assert revision.changes == {"text": {"before": "", "after": "Rapide."}, "atk": {"before": 4, "after": 5}}
    assert revision.snapshot["atk"] == 5
    assert card.version == 2


def test_an_edit_that_changes_nothing_writes_nothing(designer, make_card):
    card = make_card()
    same = services.card_update(
        stable_id=card.stable_id, data={"atk": 4, "name": "Toyama Kazuha"}, user=designer
    )
    assert same.version == 1
    assert len(revisions(card)) == 1


def test_a_status_move_writes_a_revision_with_its_note(designer, reviewer, make_card):
    card = make_card()
    services.card_set_status(stable_id=card.stable_id, status="NEEDS_REVIEW", user=designer)
    card = services.card_set_status(
        stable_id=card.stable_id, status="VALIDATED", user=reviewer, note="stats checked against the seed"
    )
    submitted, validated = revisions(card)[1:]
    assert (submitted.action, submitted.author_name, submitted.changes) == (
        "STATUS",
        "dana",
        {"status": {"before": "DRAFT", "after": "NEEDS_REVIEW"}},
    )
    assert (validated.action, validated.author_name, validated.note) == (
        "STATUS",
        "remi",
        "stats checked against the seed",
    )
    assert validated.changes == {"status": {"before": "NEEDS_REVIEW", "after": "VALIDATED"}}
    assert validated.status_after == "VALIDATED"
    assert card.version == 3


def test_an_import_writes_a_revision_per_created_or_changed_card(designer):
    payload = {"game": "darkrow", "cards": [{**KAZUHA, "stableCardId": "DR-U99"}]}
    imports.cards_import(payload=payload, user=designer)
    card = Card.objects.get(stable_id="DR-U99")
    payload["cards"][0]["atk"] = 6
    imports.cards_import(payload=payload, user=designer)
    created, updated = revisions(card)
    assert (created.action, created.version, created.author_name) == ("IMPORT", 1, "dana")
    assert (updated.action, updated.version, updated.changes) == (
        "IMPORT",
        2,
        {"atk": {"before": 4, "after": 6}},
    )


def test_every_change_is_announced_inside_its_transaction(designer, make_card):
    heard = []

    def receiver(sender, stable_ids, changed_keys, **kwargs):
        heard.append((stable_ids, set(changed_keys), transaction.get_connection().in_atomic_block))

    cards_changed.connect(receiver)
    try:
        card = make_card()
        services.card_update(stable_id=card.stable_id, data={"pv": 4}, user=designer)
    finally:
        cards_changed.disconnect(receiver)
    assert heard[1] == ([card.stable_id], {"pv"}, True)


# --- stable ids -----------------------------------------------------------------------------


def test_the_stable_id_never_changes(designer, make_card):
    card = make_card(stableCardId="DR-U01")
    card = services.card_update(
        stable_id="DR-U01",
        data={"name": "Kazuha", "type": "LEGENDARY", "text": "Autre texte", "atk": 1},
        user=designer,
    )
    assert card.stable_id == "DR-U01"
    with pytest.raises(InvalidInput) as caught:
        services.card_update(stable_id="DR-U01", data={"stableCardId": "DR-U02"}, user=designer)
    assert [(f.code, f.field) for f in caught.value.findings] == [("FIELD_READ_ONLY", "stableCardId")]
    assert "create a new card" in caught.value.message
    assert Card.objects.get().stable_id == "DR-U01"
    assert {r.snapshot["stableCardId"] for r in revisions(card)} == {"DR-U01"}


def test_sending_the_same_stable_id_and_game_back_is_fine(designer, make_card):
    card = make_card()
    card = services.card_update(
        stable_id=card.stable_id,
        data={"stableCardId": card.stable_id, "game": "darkrow", "pv": 5},
        user=designer,
    )
    assert card.game_fields["pv"] == 5


def test_a_new_card_gets_an_id_with_its_game_prefix(make_card):
    assert make_card("vanguard").stable_id.startswith("VG-")
    assert make_card("darkrow").stable_id.startswith("DR-")


def test_a_stable_id_already_taken_is_a_conflict(make_card):
    make_card(stableCardId="DR-U01")
    with pytest.raises(Conflict, match="DR-U01 is already used"):
        make_card(stableCardId="DR-U01", name="Autre")


@pytest.mark.parametrize(
    "key, value",
    [
        ("game", "vanguard"),
        ("status", "VALIDATED"),
        ("origin", "AI"),
        ("creationMethod", "IMPORTED"),
        ("userModified", True),
    ],
)
def test_workflow_and_identity_keys_are_not_edited_and_the_message_says_what_to_do(
    designer, make_card, key, value
):
    card = make_card()
    with pytest.raises(InvalidInput) as caught:
        services.card_update(stable_id=card.stable_id, data={key: value, "atk": 9}, user=designer)
    (finding,) = caught.value.findings
    assert (finding.code, finding.field) == ("FIELD_READ_ONLY", key)
    if key == "status":
        assert f"POST /api/cards/{card.stable_id}/status/" in finding.message
    card.refresh_from_db()
    assert card.game_fields["atk"] == 4 and card.version == 1


# --- provenance and the workflow --------------------------------------------------------------


@pytest.mark.parametrize(
    "provenance",
    [
        {"origin": "AI"},
        {"creationMethod": "AI_GENERATED"},
        {"origin": "AI", "creationMethod": "AI_GENERATED"},
    ],
)
@pytest.mark.parametrize("asked", ["VALIDATED", "NEEDS_REVIEW", "DISABLED", "DRAFT"])
def test_an_ai_proposal_starts_draft_whatever_it_asks(designer, provenance, asked):
    card = services.card_create(game="darkrow", data={**KAZUHA, **provenance, "status": asked}, user=designer)
    assert card.status == "DRAFT"
    assert revisions(card)[0].snapshot["status"] == "DRAFT"


def test_a_designer_never_sets_validated(designer, make_card):
    with pytest.raises(Forbidden, match="only a reviewer"):
        services.card_create(game="darkrow", data={**KAZUHA, "status": "VALIDATED"}, user=designer)
    assert not Card.objects.exists()
    card = make_card()
    services.card_set_status(stable_id=card.stable_id, status="NEEDS_REVIEW", user=designer)
    with pytest.raises(Forbidden, match="only a reviewer"):
        services.card_set_status(stable_id=card.stable_id, status="VALIDATED", user=designer)
    card.refresh_from_db()
    assert card.status == "NEEDS_REVIEW" and len(revisions(card)) == 2


def test_a_designer_submits_for_review_and_takes_back(designer, make_card):
    card = make_card()
    assert (
        services.card_set_status(stable_id=card.stable_id, status="NEEDS_REVIEW", user=designer).status
        == "NEEDS_REVIEW"
    )
    assert services.card_set_status(stable_id=card.stable_id, status="DRAFT", user=designer).status == "DRAFT"
    with pytest.raises(Forbidden):
        services.card_set_status(stable_id=card.stable_id, status="DISABLED", user=designer)


def test_a_reviewer_makes_every_move(reviewer, make_card):
    card = make_card()
    for target in (
        "NEEDS_REVIEW",
        "VALIDATED",
        "NEEDS_REVIEW",
        "DRAFT",
        "VALIDATED",
        "DISABLED",
        "DRAFT",
        "DISABLED",
        "NEEDS_REVIEW",
    ):
        card = services.card_set_status(stable_id=card.stable_id, status=target, user=reviewer)
        assert card.status == target


def test_moves_the_state_forbids_are_conflicts(reviewer, make_card):
    card = make_card()
    services.card_set_status(stable_id=card.stable_id, status="DISABLED", user=reviewer)
    with pytest.raises(
        Conflict,
        match="a DISABLED card cannot go to VALIDATED; from DISABLED it can go to DRAFT, NEEDS_REVIEW",
    ):
        services.card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer)
    with pytest.raises(Conflict, match="already DISABLED"):
        services.card_set_status(stable_id=card.stable_id, status="DISABLED", user=reviewer)
    with pytest.raises(Conflict, match="'LIVE' is not a status"):
        services.card_set_status(stable_id=card.stable_id, status="LIVE", user=reviewer)


def test_validated_is_refused_while_the_rule_set_reports_errors(reviewer, make_card):
    card = make_card(type="OBJECT", name="Uniforme", cost=1, atk=None, pv=None)  # an Object without behavior
    with pytest.raises(Conflict) as caught:
        services.card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer)
    assert [(f.code, f.field) for f in caught.value.findings] == [("FIELD_REQUIRED", "behavior")]
    assert "OBJECT cards need a value for behavior" in caught.value.message
    card.refresh_from_db()
    assert (card.status, card.version, len(revisions(card))) == ("DRAFT", 1, 1)
    with pytest.raises(Conflict):
        services.card_create(
            game="darkrow",
            data={"name": "Gin", "type": "LEADER", "atk": 3, "status": "VALIDATED"},
            user=reviewer,
        )
    assert Card.objects.count() == 1


def test_a_reviewer_validates_a_card_without_errors(reviewer, make_card):
    card = make_card(type="OBJECT", name="Uniforme", cost=1, atk=None, pv=None, behavior="EQUIPMENT")
    assert (
        services.card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer).status
        == "VALIDATED"
    )


@pytest.mark.parametrize(
    "edit",
    [
        {"text": "Nouveau texte."},
        {
            "effects": [
                {
                    "effectId": "DR-X.e1",
                    "kind": "triggered",
                    "timing": "ON_DEPLOY",
                    "actions": [{"do": "DRAW", "count": 1}],
                }
            ]
        },
        {"atk": 5},
    ],
)
def test_an_edit_of_a_validated_card_sends_it_back_to_review(designer, reviewer, make_card, edit):
    card = make_card()
    services.card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer)
    card = services.card_update(stable_id=card.stable_id, data=edit, user=designer)
    assert card.status == "NEEDS_REVIEW"
    assert revisions(card)[-1].changes["status"] == {"before": "VALIDATED", "after": "NEEDS_REVIEW"}


def test_an_edit_that_changes_nothing_keeps_a_validated_card_validated(designer, reviewer, make_card):
    card = make_card()
    services.card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer)
    assert (
        services.card_update(stable_id=card.stable_id, data={"atk": 4}, user=designer).status == "VALIDATED"
    )


@pytest.mark.parametrize(
    "provenance, modified",
    [
        ({"creationMethod": "IMPORTED"}, True),
        ({"creationMethod": "AI_GENERATED"}, True),
        ({"origin": "AI", "creationMethod": "MANUAL"}, True),
        ({"origin": "USER", "creationMethod": "MANUAL"}, False),
    ],
)
def test_an_edit_of_an_imported_or_ai_card_sets_user_modified(designer, make_card, provenance, modified):
    card = make_card(**provenance)
    assert card.user_modified is False
    card = services.card_update(stable_id=card.stable_id, data={"text": "Retouché."}, user=designer)
    assert card.user_modified is modified
    if modified:
        assert revisions(card)[-1].changes["userModified"] == {"before": False, "after": True}


def test_a_stale_version_changes_nothing(designer, make_card):
    card = make_card()
    services.card_update(stable_id=card.stable_id, data={"atk": 5}, user=designer, expected_version=1)
    with pytest.raises(StaleVersion) as caught:
        services.card_update(stable_id=card.stable_id, data={"atk": 9}, user=designer, expected_version=1)
    assert (caught.value.expected, caught.value.current) == (1, 2)
    with pytest.raises(StaleVersion):
        services.card_set_status(
            stable_id=card.stable_id, status="NEEDS_REVIEW", user=designer, expected_version=1
        )
    card.refresh_from_db()
    assert (card.game_fields["atk"], card.version, card.status) == (5, 2, "DRAFT")


def test_bad_input_names_every_field_and_stores_nothing(designer):
    with pytest.raises(InvalidInput) as caught:
        services.card_create(
            game="darkrow",
            data={"name": "", "type": "UNIT", "cost": "3", "hp": 2, "archetypes": "Lycéenne"},
            user=designer,
        )
    assert {f.field for f in caught.value.findings} == {"name", "cost", "hp", "archetypes"}
    with pytest.raises(InvalidInput) as caught:
        services.card_create(game="pokemon", data=KAZUHA, user=designer)
    assert caught.value.findings[0].field == "game"
    assert not Card.objects.exists() and not CardRevision.objects.exists()


def test_changing_the_type_drops_the_fields_the_new_type_does_not_have(designer, make_card):
    card = make_card()
    card = services.card_update(stable_id=card.stable_id, data={"type": "LEADER"}, user=designer)
    assert (card.type, card.game_fields) == (
        "LEADER",
        {"cost": None, "atk": None, "pv": None, "behavior": None},
    )


# --- revisions are append-only -----------------------------------------------------------------


def test_revisions_are_never_edited_nor_deleted(make_card):
    card = make_card()
    revision = revisions(card)[0]
    revision.note = "rewritten"
    with pytest.raises(AppendOnlyError):
        revision.save()
    with pytest.raises(AppendOnlyError):
        revision.delete()
    with pytest.raises(AppendOnlyError):
        CardRevision.objects.filter(card=card).update(note="rewritten")
    with pytest.raises(AppendOnlyError):
        CardRevision.objects.filter(card=card).delete()
    revision.refresh_from_db()
    assert revision.note == "" and CardRevision.objects.count() == 1


def test_deleting_an_author_keeps_their_revisions(designer, make_card):
    card = make_card(user=designer)
    designer.delete()
    (revision,) = revisions(card)
    assert revision.author is None and revision.author_name == "dana"


# --- one way to write a card --------------------------------------------------------------
def test_card_apply_computes_the_edit_and_writes_nothing(designer, reviewer, django_assert_max_num_queries):
    card = services.card_create(game="darkrow", data=KAZUHA, user=designer)
    card = services.card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer)
    with django_assert_max_num_queries(2):  # reads only (the game's effect ids)
        changed = services.card_apply(card, {"atk": 6})
    assert (changed.game_fields["atk"], changed.status, changed.version) == (6, "NEEDS_REVIEW", 2)
    assert (card.game_fields["atk"], card.status) == (4, "VALIDATED")  # the card given is untouched
    stored = Card.objects.get(pk=card.pk)
    assert (stored.game_fields["atk"], stored.status, stored.version) == (4, "VALIDATED", 2)
    assert len(revisions(card)) == 2
    with pytest.raises(InvalidInput):
        services.card_apply(card, {"status": "DRAFT"})


def test_the_last_validated_revision_follows_every_write(designer, reviewer):
    card = services.card_create(game="darkrow", data=KAZUHA, user=designer)
    assert card.last_validated_revision is None
    services.card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer)
    services.card_update(stable_id=card.stable_id, data={"atk": 6}, user=designer)  # back to NEEDS_REVIEW
    card.refresh_from_db()
    validated = card.last_validated_revision
    assert (validated.version, validated.snapshot["status"], validated.snapshot["atk"]) == (2, "VALIDATED", 4)
    services.card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer)
    card.refresh_from_db()
    assert card.last_validated_revision.version == 4


def test_an_imported_validated_card_has_its_first_revision_as_last_validated():
    report = imports.cards_import(
        payload={"game": "darkrow", "cards": [{**KAZUHA, "stableCardId": "DR-T1", "status": "VALIDATED"}]}
    )
    assert report.created == ["DR-T1"]
    card = Card.objects.get(stable_id="DR-T1")
    assert card.last_validated_revision == card.revisions.get(version=1)
