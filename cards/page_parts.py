"""What the card pages show of the apps above cards, as slots (:mod:`common.slots`).

The card list shows each card's primary thumbnail and the card page its gallery (artwork); the
card page says how many legal decks disabling the card breaks and which decks an edit sends back
to review (decks). cards imports neither app: artwork and decks fill these slots in their
``AppConfig.ready()`` with their own selectors.
"""

from __future__ import annotations

from django.db.models import QuerySet

from common.slots import Slot

from .models import Card


def _rows_as_they_are(cards: QuerySet[Card]) -> QuerySet[Card]:
    return cards


def _no_part(request, card: Card) -> dict:
    return {}


def _no_legal_decks(*, card_ids) -> dict[int, int]:
    return {}


def _no_decks(*, user, card_id: int, names: int = 5) -> tuple[int, list[str]]:
    return 0, []


def _no_holds(card: Card) -> list[str]:
    return []


def _no_edit_holds(card: Card, user) -> list[str]:
    return []


def _no_face_findings(card: Card, translation, templates: dict | None = None) -> list:
    return []


# The card list's rows, each with its primary thumbnail (``primary_thumb``): artwork.
with_primary_thumb = Slot("cards.with_primary_thumb", _rows_as_they_are)
# The card page's artwork gallery (its context: ``artwork``, None for who may not see it): artwork.
gallery_context = Slot("cards.gallery_context", _no_part)
# Per card id, how many legal decks use the card (each becomes illegal when it is disabled): decks.
decks_legal_with = Slot("cards.decks_legal_with", _no_legal_decks)
# How many decks use the card, and the names of the first few that ``user`` may see: decks.
decks_with_card = Slot("cards.decks_with_card", _no_decks)
# The findings of a translation's texts on the card's face in its language (TEXT_OVERFLOW with the
# language): faces. ``templates``: a dict the caller keeps across cards (a list of translations: each
# game's template read once).
translation_face_findings = Slot("cards.translation_face_findings", _no_face_findings)
# The card page's comment threads (its context: ``comments``, None when nobody fills it): comments.
comments_context = Slot("cards.comments_context", _no_part)
# Why the card may not be VALIDATED yet beyond its findings, each a sentence (an open reviewer thread
# nobody answered): comments. card_set_status refuses the move while one holds.
validation_holds = Slot("cards.validation_holds", _no_holds)
# Why ``user`` may not save an edit of the card now, each a sentence (someone else's lock): comments.
# card_update refuses the edit while one holds.
edit_holds = Slot("cards.edit_holds", _no_edit_holds)
