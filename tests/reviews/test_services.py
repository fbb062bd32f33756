"""Review services: bulk transitions (all or nothing), reverts as new revisions, AI proposals."""

from __future__ import annotations

import pytest

from cards.models import Card, CardRevision
from cards.services import card_set_status, card_update
from common.errors import Conflict, Forbidden, InvalidInput, StaleVersion
from reviews import services
from reviews.models import Proposal

pytestmark = pytest.mark.django_db


@pytest.fixture
def three(make_card, designer):
    return [
        make_card(name="Toyama Kazuha", user=designer),
        make_card(name="Sato", user=designer),
        make_card(name="Takagi", user=designer),
    ]


def statuses(cards) -> list[str]:
    return [Card.objects.get(pk=c.pk).status for c in cards]


# --- bulk transitions -----------------------------------------------------------------------------
def test_bulk_validation_moves_every_card_with_one_note(three, reviewer):
    moved = services.cards_set_status(
        stable_ids=[c.stable_id for c in three], status="VALIDATED", user=reviewer, note="batch 1"
    )
    assert [c.status for c in moved] == ["VALIDATED"] * 3
    for card in three:
        last = card.revisions.order_by("-version").first()
        assert (last.action, last.note, last.author, last.snapshot["status"]) == (
            "STATUS",
            "batch 1",
            reviewer,
            "VALIDATED",
        )


def test_bulk_is_all_or_nothing(three, reviewer, make_card):
    broken = make_card(name="Sans ATK", atk=None)  # an error finding: cannot be VALIDATED
    ids = [c.stable_id for c in three] + [broken.stable_id]
    revisions = CardRevision.objects.count()
    with pytest.raises(InvalidInput) as caught:
        services.cards_set_status(stable_ids=ids, status="VALIDATED", user=reviewer)
    assert statuses(three + [broken]) == ["DRAFT"] * 4
    assert CardRevision.objects.count() == revisions
    assert caught.value.status_code == 409  # the card's state (its findings) forbids the move
    assert [f.card for f in caught.value.findings] == [broken.stable_id]
    assert "nothing changed: 1 of 4" in caught.value.message


def test_bulk_refuses_a_state_move_with_409_naming_each_card(three, reviewer):
    card_set_status(stable_id=three[0].stable_id, status="VALIDATED", user=reviewer)
    card_set_status(stable_id=three[1].stable_id, status="VALIDATED", user=reviewer)
    with pytest.raises(InvalidInput) as caught:
        services.cards_set_status(stable_ids=[c.stable_id for c in three], status="VALIDATED", user=reviewer)
    assert caught.value.status_code == 409
    assert [(f.card, f.code) for f in caught.value.findings] == [
        (three[0].stable_id, "TRANSITION_REFUSED"),
        (three[1].stable_id, "TRANSITION_REFUSED"),
    ]
    assert "already VALIDATED" in caught.value.findings[0].message
    assert statuses(three) == ["VALIDATED", "VALIDATED", "DRAFT"]


@pytest.mark.parametrize(
    ("role", "target", "allowed"),
    [
        ("designer", "VALIDATED", False),
        ("designer", "DISABLED", False),
        ("designer", "NEEDS_REVIEW", True),
        ("reviewer", "VALIDATED", True),
        ("reviewer", "DISABLED", True),
        ("playtester", "NEEDS_REVIEW", False),
    ],
)
def test_bulk_refuses_per_role(make_user, make_card, role, target, allowed):
    user = make_user(role)
    cards = [make_card(name="A"), make_card(name="B")]
    ids = [c.stable_id for c in cards]
    if allowed:
        services.cards_set_status(stable_ids=ids, status=target, user=user)
        assert statuses(cards) == [target, target]
        return
    with pytest.raises(InvalidInput) as caught:
        services.cards_set_status(stable_ids=ids, status=target, user=user)
    # A playtester does not even see DRAFT cards; the others are told the role forbids the move.
    expected = 400 if role == "playtester" else 403
    assert caught.value.status_code == expected
    assert statuses(cards) == ["DRAFT", "DRAFT"]
    if role == "designer":
        assert "only a reviewer" in caught.value.findings[0].message


def test_bulk_refuses_unknown_cards_and_empty_lists(three, reviewer):
    with pytest.raises(InvalidInput) as caught:
        services.cards_set_status(
            stable_ids=[three[0].stable_id, "DR-NOPE"], status="VALIDATED", user=reviewer
        )
    assert [f.card for f in caught.value.findings] == ["DR-NOPE"]
    with pytest.raises(InvalidInput):
        services.cards_set_status(stable_ids=[], status="VALIDATED", user=reviewer)
    assert statuses(three) == ["DRAFT"] * 3


def test_bulk_pins_its_queries(make_card, reviewer, django_assert_max_num_queries):
    cards = [make_card(name=f"Card {i}") for i in range(10)]
    # Per card: its move (8), whether an unanswered reviewer thread holds its validation (1), its line
    # of the change feed and who watches it (2), the decks that hold it (1: their owners are told of
    # a new version).
    with django_assert_max_num_queries(3 + 10 * 12):
        services.cards_set_status(stable_ids=[c.stable_id for c in cards], status="VALIDATED", user=reviewer)


# --- revert --------------------------------------------------------------------------------------------
def test_revert_is_a_new_revision(make_card, designer, reviewer):
    card = make_card(user=designer)  # v1
    card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer)  # v2
    card_update(
        stable_id=card.stable_id, data={"atk": 9, "text": "Changé."}, user=designer
    )  # v3, NEEDS_REVIEW
    reverted = services.card_revert(
        stable_id=card.stable_id, version=2, user=designer, note="back to the validated text"
    )
    assert reverted.version == 4
    assert (reverted.game_fields["atk"], reverted.text) == (4, "")
    assert reverted.status == "NEEDS_REVIEW"  # content moves always need a human check again
    last = reverted.revisions.order_by("-version").first()
    assert (
        last.action == "REVERT"
        and last.note == "reverted to version 2: back to the validated text"
        and last.author == designer
    )
    assert set(last.changes) >= {"atk", "text"}
    assert [r.version for r in reverted.revisions.all()] == [1, 2, 3, 4]


def test_revert_refusals(make_card, designer, playtester, reviewer):
    card = make_card(user=designer)
    card_update(stable_id=card.stable_id, data={"atk": 9}, user=designer)
    with pytest.raises(InvalidInput):
        services.card_revert(stable_id=card.stable_id, version=7, user=designer)
    with pytest.raises(Conflict):
        services.card_revert(stable_id=card.stable_id, version=2, user=designer)  # already its content
    with pytest.raises(StaleVersion):
        services.card_revert(stable_id=card.stable_id, version=1, user=designer, expected_version=1)
    with pytest.raises(Forbidden):
        services.card_revert(stable_id=card.stable_id, version=1, user=playtester)
    assert services.card_revert(stable_id=card.stable_id, version=1, user=reviewer).game_fields["atk"] == 4


def test_revert_restores_a_type_change(make_card, designer):
    card = make_card(user=designer)
    card_update(
        stable_id=card.stable_id,
        data={"type": "LEADER", "cost": None, "atk": None, "pv": None},
        user=designer,
    )
    reverted = services.card_revert(stable_id=card.stable_id, version=1, user=designer)
    assert reverted.type == "UNIT" and reverted.game_fields["atk"] == 4


# --- AI proposals --------------------------------------------------------------------------------------
def test_a_proposed_card_is_always_a_draft_marked_ai(designer):
    card = services.proposal_submit_card(
        game="darkrow",
        data={
            "name": "Ayumi",
            "type": "UNIT",
            "cost": 2,
            "atk": 1,
            "pv": 2,
            "status": "VALIDATED",
            "origin": "USER",
        },
        user=designer,
    )
    assert (card.status, card.origin, card.creation_method) == ("DRAFT", "AI", "AI_GENERATED")
    assert card.revisions.get().note == "AI proposal"


def test_a_proposed_change_is_kept_apart_until_accepted(make_card, designer, reviewer):
    card = make_card(user=designer)
    card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer)
    proposal = services.proposal_submit_change(
        stable_id=card.stable_id, changes={"atk": 5}, user=designer, note="balance"
    )
    card.refresh_from_db()
    assert (card.status, card.game_fields["atk"], card.version) == ("VALIDATED", 4, 2)
    assert (proposal.status, proposal.origin, proposal.creation_method, proposal.base_version) == (
        "DRAFT",
        "AI",
        "AI_GENERATED",
        2,
    )
    assert [(e["key"], e["before"], e["after"]) for e in proposal.diff["fields"]] == [("atk", 4, 5)]

    accepted = services.proposal_accept(proposal_id=proposal.pk, user=reviewer, note="ok")
    card.refresh_from_db()
    assert (accepted.status, accepted.reviewed_by, accepted.applied_version) == ("ACCEPTED", reviewer, 3)
    assert card.game_fields["atk"] == 5
    assert card.status == "NEEDS_REVIEW"  # a reviewer validates the new content, like any other edit
    last = card.revisions.order_by("-version").first()
    assert "AI proposal #" in last.note and last.author == reviewer


def test_an_ai_card_and_a_user_modified_card_can_be_validated(designer, reviewer, make_card):
    card = services.proposal_submit_card(
        game="darkrow", data={"name": "Ayumi", "type": "UNIT", "cost": 2, "atk": 1, "pv": 2}, user=designer
    )
    assert card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer).status == "VALIDATED"
    card_update(stable_id=card.stable_id, data={"atk": 2}, user=designer)
    card = card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer)
    assert (card.status, card.origin, card.creation_method, card.user_modified) == (
        "VALIDATED",
        "AI",
        "AI_GENERATED",
        True,
    )


def test_rejecting_leaves_the_card(make_card, designer, reviewer):
    card = make_card(user=designer)
    proposal = services.proposal_submit_change(
        stable_id=card.stable_id, changes={"text": "Nouveau."}, user=designer
    )
    services.proposal_reject(proposal_id=proposal.pk, user=reviewer, note="no")
    card.refresh_from_db()
    assert card.text == "" and card.version == 1
    assert Proposal.objects.get().status == "REJECTED"
    with pytest.raises(Conflict):
        services.proposal_accept(proposal_id=proposal.pk, user=reviewer)


def test_proposal_refusals(make_card, designer, reviewer, playtester):
    card = make_card(user=designer)
    with pytest.raises(InvalidInput):
        services.proposal_submit_change(
            stable_id=card.stable_id, changes={"status": "VALIDATED"}, user=designer
        )
    with pytest.raises(InvalidInput):
        services.proposal_submit_change(
            stable_id=card.stable_id, changes={"atk": 4}, user=designer
        )  # no change
    with pytest.raises(InvalidInput):
        services.proposal_submit_change(stable_id=card.stable_id, changes={"atk": "lots"}, user=designer)
    with pytest.raises(Forbidden):
        services.proposal_submit_card(game="darkrow", data={"name": "X", "type": "UNIT"}, user=playtester)
    proposal = services.proposal_submit_change(stable_id=card.stable_id, changes={"atk": 5}, user=designer)
    with pytest.raises(Forbidden):
        services.proposal_accept(proposal_id=proposal.pk, user=designer)
    card_update(stable_id=card.stable_id, data={"pv": 4}, user=designer)
    with pytest.raises(StaleVersion):
        services.proposal_accept(proposal_id=proposal.pk, user=reviewer, expected_version=1)
    assert Proposal.objects.get().status == "DRAFT"
    # Nothing of the dry run used to check the proposal was left behind.
    assert card.revisions.count() == 2


# --- identities ----------------------------------------------------------------------------------------
def test_declaring_distinct_identities(make_card, reviewer, designer):
    a, b = make_card(name="Gin", text="A"), make_card(name="Gin", text="B")
    with pytest.raises(Forbidden):
        services.distinct_identity_declare(stable_ids=[a.stable_id, b.stable_id], user=designer)
    decision = services.distinct_identity_declare(
        stable_ids=[b.stable_id, a.stable_id], user=reviewer, note="two prints"
    )
    assert decision.card_a_id < decision.card_b_id
    with pytest.raises(Conflict):
        services.distinct_identity_declare(stable_ids=[a.stable_id, b.stable_id], user=reviewer)
    with pytest.raises(InvalidInput):
        services.distinct_identity_declare(stable_ids=[a.stable_id, a.stable_id], user=reviewer)


def test_a_note_with_a_nul_character_is_refused_and_nothing_changes(make_card, designer, reviewer):
    card = make_card(user=designer)
    proposal = services.proposal_submit_change(
        stable_id=card.stable_id, changes={"text": "Nouveau."}, user=designer
    )
    with pytest.raises(InvalidInput, match="note contains a NUL character"):
        services.proposal_reject(proposal_id=proposal.pk, user=reviewer, note="a\x00b")
    with pytest.raises(InvalidInput, match="note contains a NUL character"):
        services.cards_set_status(
            stable_ids=[card.stable_id], status="NEEDS_REVIEW", user=designer, note="\x00"
        )
    with pytest.raises(InvalidInput):
        services.proposal_submit_change(
            stable_id=card.stable_id, changes={"text": "Autre."}, user=designer, note="\x00"
        )
    card.refresh_from_db()
    assert (card.status, card.version) == ("DRAFT", 1)
    assert list(Proposal.objects.values_list("status", flat=True)) == ["DRAFT"]
