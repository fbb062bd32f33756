"""What a role may not see, it cannot learn through decks: a card hidden from a playtester is
UNKNOWN_CARD exactly like one that does not exist, and nobody reads another's collection."""

from __future__ import annotations

import pytest

from cards.models import Card
from decks import services
from decks.models import OwnedCard

pytestmark = pytest.mark.django_db


@pytest.fixture
def hidden(make_card, designer):
    """A DRAFT card (playtesters may not see it) and a VALIDATED one."""
    draft = make_card("darkrow", name="Secret Draft", user=designer)
    shown = make_card("darkrow", name="Public Card", user=designer)
    Card.objects.filter(pk=shown.pk).update(status="VALIDATED")
    return draft, shown


def codes(body) -> list[tuple[str, str]]:
    return [(v["code"], v.get("card")) for v in body["violations"]]


def validate(api, user, ref):
    deck = {"game": "darkrow", "name": "probe", "sections": {"main": [{"card": ref, "count": 1}]}}
    return api(user).post("/api/decks/validate/", deck, format="json")


@pytest.mark.parametrize("status", ["DRAFT", "NEEDS_REVIEW", "DISABLED"])
def test_a_hidden_card_is_unknown_exactly_like_a_missing_one(api, playtester, hidden, status):
    draft, _ = hidden
    Card.objects.filter(pk=draft.pk).update(status=status)
    by_id, by_name = validate(api, playtester, draft.stable_id), validate(api, playtester, "Secret Draft")
    missing = validate(api, playtester, "DR-NOPE-999")
    assert by_id.status_code == by_name.status_code == missing.status_code == 200
    assert ("UNKNOWN_CARD", draft.stable_id) in codes(by_id.json())
    assert ("UNKNOWN_CARD", "Secret Draft") in codes(by_name.json())
    # Nothing in the answer tells the hidden card from one that does not exist.
    strip = lambda body, ref: str(body).replace(ref, "REF")
    assert strip(by_id.json(), draft.stable_id) == strip(missing.json(), "DR-NOPE-999")
    assert "Secret" not in str(by_id.json()) and status not in str(by_id.json())


def test_a_designer_still_sees_the_draft(api, designer, hidden):
    draft, _ = hidden
    assert ("UNKNOWN_CARD", draft.stable_id) not in codes(validate(api, designer, draft.stable_id).json())


def test_adding_a_hidden_card_in_the_builder_is_unknown(playtester, hidden):
    from common.errors import InvalidInput

    draft, shown = hidden
    deck = services.deck_create(data={"game": "darkrow", "name": "d", "sections": {}}, user=playtester)
    with pytest.raises(InvalidInput) as refused:
        services.deck_card_add(deck=deck, stable_id=draft.stable_id, user=playtester)
    assert refused.value.findings[0].code == "UNKNOWN_CARD"
    services.deck_card_add(deck=deck, stable_id=shown.stable_id, user=playtester)


def test_a_hidden_card_cannot_enter_a_collection(api, playtester, hidden):
    draft, _ = hidden
    response = api(playtester).patch("/api/me/collection/", {draft.stable_id: 1}, format="json")
    assert response.status_code == 400 and "UNKNOWN_CARD" in str(response.json())
    assert not OwnedCard.objects.exists()


def test_owner_in_validation_is_the_caller_unless_reviewer(api, make_user, playtester, reviewer, monkeypatch):
    other = make_user("playtester", username="olga")
    read = []
    real = services.check_input
    monkeypatch.setattr(
        services,
        "check_input",
        lambda deck_input, user=None: read.append(deck_input.owner) or real(deck_input, user),
    )
    deck = {"game": "darkrow", "name": "probe", "owner": other.username, "sections": {"main": []}}
    assert api(playtester).post("/api/decks/validate/", deck, format="json").status_code == 200
    assert api(reviewer).post("/api/decks/validate/", deck, format="json").status_code == 200
    assert read == [playtester.username, other.username]  # olga's collection only for the reviewer
