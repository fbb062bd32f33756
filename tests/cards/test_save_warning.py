"""Saving an edit to a VALIDATED card asks first (issue 25): the editor carries the sentence that says the
card goes back to review and which decks use it; a card in DRAFT saves without asking."""

import html
import re

import pytest

from cards import services
from cards.models import Status
from decks import services as deck_services

pytestmark = pytest.mark.django_db


def warning_of(page: str) -> str:
    found = re.search(r'data-confirm-save="([^"]*)"', page)
    return html.unescape(found.group(1)) if found else ""


def test_a_validated_card_says_it_goes_back_to_review_and_names_its_decks(
    client_as, designer, reviewer, make_user, make_card
):
    lead = make_user("designer", "reviewer", username="lea")  # edits cards and sees every deck
    card = make_card("duel", user=designer, name="Example Monster")
    card = services.card_set_status(stable_id=card.stable_id, status=Status.VALIDATED, user=reviewer)
    for name in ("Zeta", "Alpha"):
        deck_services.deck_create(
            data={"game": "duel", "name": name, "sections": {"main": [{"card": card.stable_id, "count": 3}]}},
            user=reviewer,
        )
    page = client_as(lead).get(f"/cards/{card.stable_id}/").content.decode()
    warning = warning_of(page)
    assert warning.startswith("Saving sends Example Monster back to review")
    assert "2 decks use it: Alpha, Zeta." in warning and warning.endswith("Save anyway?")
    french = client_as(lead).get(f"/cards/{card.stable_id}/", headers={"Accept-Language": "fr"})
    assert "2 decks l’utilisent\xa0: Alpha, Zeta." in warning_of(french.content.decode())


def test_a_designer_who_sees_no_deck_is_told_how_many(client_as, designer, reviewer, make_card):
    card = make_card("duel", user=designer, name="Example Monster")
    card = services.card_set_status(stable_id=card.stable_id, status=Status.VALIDATED, user=reviewer)
    deck_services.deck_create(
        data={"game": "duel", "name": "Secret", "sections": {"main": [{"card": card.stable_id, "count": 3}]}},
        user=reviewer,
    )
    warning = warning_of(client_as(designer).get(f"/cards/{card.stable_id}/").content.decode())
    assert "1 deck uses it." in warning and "Secret" not in warning


def test_a_draft_saves_without_asking(client_as, designer, make_card):
    card = make_card("duel", user=designer)
    assert warning_of(client_as(designer).get(f"/cards/{card.stable_id}/").content.decode()) == ""
