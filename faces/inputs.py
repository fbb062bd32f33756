"""What a face is drawn from, read from the database: the card, its primary artwork, its game's template.

The renderer (:mod:`faces.render`) is pure; this module gathers its inputs
with a fixed number of queries, for one card or a page of cards, and from
unsaved data (the editor's form, a revision's snapshot) as well as stored cards.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from django.db.models import F, FilteredRelation, Q, QuerySet

from artwork.models import ArtworkVariant
from cards.models import Card

from . import adapters, selectors
from .render import FaceCard


@dataclass(frozen=True)
class FaceInputs:
    """What one face is drawn from. The artwork file is read only when the face is drawn (not for a cached one)."""

    card: Card | None  # None: unsaved data (editor preview, a revision)
    face_card: Any  # faces.render.FaceCard
    variant: ArtworkVariant | None
    template: selectors.CurrentTemplate
    # The face's language ("" for unsaved data: its own) and the version of the translation its texts
    # come from (0: the source's texts): both part of the cache key.
    lang: str = ""
    translation_version: int = 0

    @property
    def fallback_lang(self) -> str:
        """The language of its texts when they are not the face's (no current translation), else ""."""
        face = self.face_card
        return face.text_lang if getattr(face, "fallback", False) else ""

    @property
    def art_sha256(self) -> str:
        return self.variant.sha256 if self.variant is not None else ""


@dataclass(frozen=True)
class Drawn:
    face: Any  # faces.render.RenderedFace
    problems: tuple[str, ...] = field(default=())  # e.g. the artwork could not be read: placeholder drawn


def in_its_own_language(inputs: FaceInputs) -> FaceInputs:
    """The same face in its card's own language, for one whose texts fell back to it (no current
    translation): what ``face_inputs``/``version_inputs`` give without ``lang``, with no query."""
    source = inputs.fallback_lang
    return replace(inputs, lang=source, face_card=adapters.in_language(inputs.face_card, None, source=source))


# What a card read by :func:`with_primary_artwork` carries: its primary variant (set only when it has
# one) and that variant's id (None: it has none).
PRIMARY_ARTWORK = "primary_artwork"
PRIMARY_ARTWORK_ID = "primary_artwork_pk"


def with_primary_artwork(cards: QuerySet[Card]) -> QuerySet[Card]:
    """``cards`` with each one's primary artwork variant read in the same query (a LEFT JOIN: a card has
    one primary variant at most, a unique constraint): :func:`face_inputs` then reads no artwork."""
    primary = FilteredRelation("artwork", condition=Q(artwork__is_primary=True))
    return (
        cards.annotate(**{PRIMARY_ARTWORK: primary})
        .annotate(**{PRIMARY_ARTWORK_ID: F(f"{PRIMARY_ARTWORK}__id")})
        .select_related(PRIMARY_ARTWORK)
    )


def _primary_variant(card: Card) -> ArtworkVariant | None:
    """The card's primary variant: the one read with it (:func:`with_primary_artwork`), else one query."""
    if not hasattr(card, PRIMARY_ARTWORK_ID):
        return _primary_variants([card.pk]).get(card.pk)
    return getattr(card, PRIMARY_ARTWORK) if getattr(card, PRIMARY_ARTWORK_ID) is not None else None


def _primary_variants(card_ids: Iterable[int]) -> dict[int, ArtworkVariant]:
    # The variant's row only: its file is read when the face is drawn, its sha256 keys the cache.
    # Unordered: a card has one primary variant at most (a unique constraint), and the model's ordering
    # (by card, so by the card's name) would join the cards table on every face request.
    primary = ArtworkVariant.objects.filter(card_id__in=list(card_ids), is_primary=True).order_by()
    return {v.card_id: v for v in primary}


def _inputs(card: Card, variant, template, *, lang: str | None = None, translation=None) -> FaceInputs:
    face = adapters.face_card(card, lang=lang, translation=translation)
    return FaceInputs(
        card=card,
        face_card=face,
        variant=variant,
        template=template,
        lang=face.lang,
        translation_version=translation.version if face.translated else 0,
    )


def face_inputs(
    card: Card, *, template: selectors.CurrentTemplate | None = None, lang: str | None = None
) -> FaceInputs:
    """One card's inputs, in ``lang`` (default: its own language): two queries (its primary artwork, none
    when the card was read :func:`with_primary_artwork`; its game's template), and one for its
    translation in another language."""
    variant = _primary_variant(card)
    translation = adapters.translations_for([card], lang).get(card.pk)
    return _inputs(
        card, variant, template or selectors.template_current(card.game), lang=lang, translation=translation
    )


def version_inputs(card: Card, version: int, *, lang: str | None = None) -> FaceInputs | None:
    """The inputs of ``card`` as it was at ``version`` (its revision's data, the artwork and template as
    they are now), keyed by that version: the face of a version a playtest table was dealt, cached like
    the current one. None: the card has no such version. In ``lang``, a current translation is used
    for a version at or after the one it translates (its source text has not changed since: it is not
    STALE); an older version's face falls back to its source texts, marked."""
    if version == card.version:
        return face_inputs(card, lang=lang)
    # One row at most (card and version are unique): by id, not by the model's ordering (by card: a join).
    revision = card.revisions.filter(version=version).only("snapshot").order_by("pk").first()
    if revision is None:
        return None
    then = copy.copy(card)
    then.version = version  # the cache key's version; nothing is saved
    variant = _primary_variant(card)
    source = adapters.source_language(card)
    translation = adapters.translations_for([card], lang).get(card.pk)
    if translation is not None and translation.source_version > version:
        translation = None
    face = adapters.in_language(
        FaceCard.from_data(card.game, revision.snapshot, lang=source), lang, translation, source=source
    )
    return FaceInputs(
        card=then,
        face_card=face,
        variant=variant,
        template=selectors.template_current(card.game),
        lang=face.lang,
        translation_version=translation.version if face.translated else 0,
    )


def inputs_for_cards(
    cards: Iterable[Card],
    *,
    templates: Mapping[str, selectors.CurrentTemplate] | None = None,
    lang: str | None = None,
) -> Iterable[FaceInputs]:
    """Many cards' inputs with a fixed number of queries, whatever their number (artwork read when
    drawn), in ``lang`` (default: each card's own; one query more for the translations)."""
    cards = list(cards)
    variants = _primary_variants(c.pk for c in cards)
    templates = templates or selectors.templates_current({c.game for c in cards})
    translations = adapters.translations_for(cards, lang)
    for card in cards:
        yield _inputs(
            card,
            variants.get(card.pk),
            templates[card.game],
            lang=lang,
            translation=translations.get(card.pk),
        )


def data_inputs(game: str, data: Mapping[str, Any], *, card: Card | None = None, template=None) -> FaceInputs:
    """Inputs from unsaved data, with the stored card's artwork when there is one."""
    variant = _primary_variants([card.pk]).get(card.pk) if card is not None else None
    return FaceInputs(
        card=None,
        face_card=FaceCard.from_data(game, data),
        variant=variant,
        template=template or selectors.template_current(game),
    )


def render_inputs(inputs: FaceInputs, *, bleed_mm: float = 0.0, fonts: str = "none") -> Drawn:
    """The face (SVG and findings) drawn from these inputs; a broken artwork gives a placeholder and says why.

    ``fonts``: ``none`` for PNG and PDF (they use the font files), ``link`` for a face
    inlined in a page (the studio's static fonts), ``embed`` for a standalone SVG file
    (subsets of the fonts inside: slower, made once per key and cached).
    """
    from django.templatetags.static import static

    from .render import render_face

    art = adapters.face_art(inputs.variant)
    face = render_face(
        inputs.face_card,
        inputs.template.data,
        art,
        bleed_mm=bleed_mm,
        fonts=fonts,
        font_url=static("faces/fonts/") if fonts == "link" else None,
    )
    # An artwork file that cannot be read is drawn as a placeholder (the face's findings say why).
    problems = ("artwork unreadable",) if art is not None and not art.data else ()
    return Drawn(face, problems)


def typed_translation_inputs(card: Card, lang: str, typed) -> FaceInputs:
    """The card's face in ``lang`` with the texts a translator is typing (nothing stored): ``typed``
    reads as a translation does (name, text, flavour, archetypes, version)."""
    variant = _primary_variants([card.pk]).get(card.pk)
    return _inputs(card, variant, selectors.template_current(card.game), lang=lang, translation=typed)
