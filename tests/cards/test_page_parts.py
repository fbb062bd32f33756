"""The card pages' parts that artwork and decks own are slots those apps fill (cards imports
neither: the floors); a slot left empty would show no thumbnail, no gallery, no deck warning."""

from __future__ import annotations

from artwork import gallery
from artwork import selectors as artwork_selectors
from cards import page_parts
from comments import presence
from comments import slots as comment_slots
from common.slots import Slot
from decks import selectors as deck_selectors


def test_every_slot_of_the_card_pages_is_filled_by_the_app_that_owns_it():
    slots = {name: value for name, value in vars(page_parts).items() if isinstance(value, Slot)}
    assert set(slots) == {
        "with_primary_thumb",
        "gallery_context",
        "decks_legal_with",
        "decks_with_card",
        "translation_face_findings",
        "comments_context",
        "validation_holds",
        "edit_holds",
    }
    assert all(slot.filled for slot in slots.values()), slots
    assert page_parts.with_primary_thumb._filler is artwork_selectors.with_primary_thumb
    assert page_parts.gallery_context._filler is gallery.gallery_context
    assert page_parts.decks_legal_with._filler is deck_selectors.decks_legal_with
    assert page_parts.decks_with_card._filler is deck_selectors.decks_with_card
    # Comments (issue 41): the card's threads, the holds a reviewer's open thread and a lock put.
    assert page_parts.comments_context._filler is comment_slots.card_comments
    assert page_parts.validation_holds._filler is comment_slots.unanswered_reviewer_threads
    assert page_parts.edit_holds._filler is presence.edit_holds


def test_an_empty_slot_answers_its_empty_value_and_a_filled_one_its_filler():
    slot = Slot("probe", lambda *, card_ids: {})
    assert not slot.filled and slot(card_ids=[1]) == {}
    slot.fill(lambda *, card_ids: dict.fromkeys(card_ids, 2))
    assert slot.filled and slot(card_ids=[1]) == {1: 2}
