"""The studio's cards and artwork as the renderer's inputs (the one place that knows both sides).

``face_card`` reads a card's fields; ``face_inputs`` pairs cards with their
primary HD artwork in one query for the variants, whatever the number of
cards, and reads each image file only when its face is drawn (print sheets of
a whole set stay flat in memory).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from dataclasses import replace

from artwork.models import ArtworkVariant
from artwork.selectors import primary_artwork
from cards.models import Card
from rules.registry import UnknownGame
from rules.translations import FLAVOUR_FIELD

from .render import FaceArt, FaceCard

logger = logging.getLogger("faces")


def source_language(card: Card) -> str:
    """The language of the card's own texts (its own, else its rule set's)."""
    try:
        return card.language
    except UnknownGame:
        return card.source_language or "en"


def in_language(face: FaceCard, lang: str | None, translation=None, *, source: str | None = None) -> FaceCard:
    """``face`` (the card's source texts) as its face in ``lang``: the translation's name, text,
    flavour and printed archetypes when ``translation`` is given (current: VALIDATED, not STALE; the
    caller checks it), else the source's texts marked with their language. No ``lang``: the source's."""
    source = source or face.lang
    if not lang or lang == source:
        return replace(face, lang=source, text_lang="", translated=False)
    if translation is None:
        return replace(face, lang=lang, text_lang=source, translated=False)
    fields = dict(face.fields)
    if translation.flavour and FLAVOUR_FIELD in fields:
        fields[FLAVOUR_FIELD] = translation.flavour
    return replace(
        face,
        name=translation.name,
        text=translation.text or "",
        archetypes=tuple(str(a) for a in (translation.archetypes or face.archetypes)),
        fields=fields,
        lang=lang,
        text_lang="",
        translated=True,
    )


def face_card(card: Card, *, lang: str | None = None, translation=None) -> FaceCard:
    """The card as the renderer reads it; in ``lang`` (see :func:`in_language`), else in its own."""
    source = source_language(card)
    face = FaceCard(
        game=card.game,
        stable_id=card.stable_id,
        name=card.name,
        type=card.type,
        set=card.set_code or "",
        text=card.text or "",
        archetypes=tuple(str(a) for a in (card.archetypes or [])),
        fields=dict(card.game_fields or {}),
        lang=source,
    )
    return in_language(face, lang, translation, source=source)


def face_art(variant: ArtworkVariant | None) -> FaceArt | None:
    """The variant's image bytes; a file that cannot be read gives empty data (the face says why)."""
    if variant is None:
        return None
    try:
        with variant.file.open("rb") as fh:
            data = fh.read()
    except (OSError, ValueError) as exc:
        logger.warning("artwork %s of card %s cannot be read: %s", variant.pk, variant.card_id, exc)
        data = b""
    focal = getattr(variant, "focal", None)
    key = variant.sha256 if data else ""  # the prepared picture is kept for this artwork's bytes
    return FaceArt(data=data, width=variant.width, height=variant.height, focal=focal, key=key)


def primary_face_art(card: Card) -> FaceArt | None:
    variant = ArtworkVariant.objects.filter(card=card, is_primary=True).first()
    return face_art(variant)


def translations_for(cards: Iterable[Card], lang: str | None) -> dict:
    """The current translations into ``lang`` of those ``cards`` whose source is another language,
    by card id (one query; none without ``lang``)."""
    if not lang:
        return {}
    from cards.translation_selectors import current_translations

    ids = [c.pk for c in cards if source_language(c) != lang]
    return current_translations(ids, lang)


def face_inputs(
    cards: Iterable[Card], *, lang: str | None = None
) -> Iterator[tuple[FaceCard, FaceArt | None]]:
    """Each card with its primary artwork, in order, in ``lang`` (default: each card's own); one query
    for all the variants, one for the translations."""
    cards = list(cards)
    primaries = primary_artwork(cards=cards)
    translations = translations_for(cards, lang)
    for card in cards:
        yield (
            face_card(card, lang=lang, translation=translations.get(card.pk)),
            face_art(primaries.get(card.pk)),
        )


def deck_card_counts(deck) -> list[tuple[Card, int]]:
    """The deck's cards with their copies, in deck order: the sections' entries, then each pick not already among them.

    A pick that is also a section's card (darkrow's active Leader among the
    candidates, riftbound's Chosen Champion in the main deck) is not counted
    twice; a pick that is only a pick (riftbound's Legend) is one copy. Each
    entry counts as the card it plays (:func:`decks.selectors.deck_played`: a
    name of several printings plays the printing the deck's validation picked).
    """
    from decks.models import EntryKind
    from decks.selectors import deck_played

    counts: dict[int, int] = {}
    cards: dict[int, Card] = {}
    picks: list[Card] = []
    for entry in deck_played(deck):
        if entry.card is None:
            continue
        if entry.kind == EntryKind.PICK:
            picks.append(entry.card)
            continue
        counts[entry.card_id] = counts.get(entry.card_id, 0) + entry.count
        cards[entry.card_id] = entry.card
    for card in picks:
        if card.pk not in counts:
            counts[card.pk] = 1
            cards[card.pk] = card
    return [(cards[pk], n) for pk, n in counts.items()]
