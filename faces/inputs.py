"""What a face is drawn from, read from the database: the card, its primary artwork, its game's template.

The renderer (:mod:`faces.render`) is pure; this module gathers its inputs
with a fixed number of queries, for one card or a page of cards, and from
unsaved data (the editor's form, a revision's snapshot) as well as stored cards.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from artwork.models import ArtworkVariant, RenditionState
from artwork.renditions import PREVIEW
from cards.models import Card
from rules import get_ruleset

from . import selectors

logger = logging.getLogger("faces")


@dataclass(frozen=True)
class FaceInputs:
    """What one face is drawn from. The artwork file is read only when the face is drawn (not for a cached one)."""

    card: Card | None  # None: unsaved data (editor preview, a revision)
    face_card: Any  # faces.render.FaceCard
    variant: ArtworkVariant | None
    template: selectors.CurrentTemplate

    @property
    def art_sha256(self) -> str:
        return self.variant.sha256 if self.variant is not None else ""


@dataclass(frozen=True)
class Drawn:
    face: Any  # faces.render.RenderedFace
    problems: tuple[str, ...] = field(default=())  # e.g. the artwork could not be read: placeholder drawn


def _face_card(*, game: str, stable_id: str, name: str, type: str, set: str, text: str, archetypes, fields):
    from .render import FaceCard

    return FaceCard(
        game=game,
        stable_id=stable_id or "",
        name=name or "",
        type=type or "",
        set=set or "",
        text=text or "",
        archetypes=tuple(str(a) for a in archetypes or ()),
        fields=dict(fields or {}),
        lang=get_ruleset(game).language,
    )


def face_card_of(card: Card):
    return _face_card(
        game=card.game,
        stable_id=card.stable_id,
        name=card.name,
        type=card.type,
        set=card.set_code,
        text=card.text,
        archetypes=card.archetypes,
        fields=card.game_fields,
    )


def face_card_from_data(game: str, data: Mapping[str, Any]):
    """A face of interchange data (a form as typed, a revision's snapshot); unknown keys are the game's fields."""
    ruleset = get_ruleset(game)
    return _face_card(
        game=game,
        stable_id=str(data.get("stableCardId") or ""),
        name=str(data.get("name") or ""),
        type=str(data.get("type") or ""),
        set=str(data.get("set") or ""),
        text=str(data.get("text") or ""),
        archetypes=data.get("archetypes") if isinstance(data.get("archetypes"), list) else (),
        fields={name: data.get(name) for name in ruleset.field_names() if data.get(name) is not None},
    )


def _art_source(variant: ArtworkVariant):
    """The image drawn in the art box: the preview rendition when made (smaller, same picture), else the original."""
    for rendition in variant.renditions.all():
        if rendition.spec == PREVIEW.name and rendition.state == RenditionState.READY and rendition.file:
            return rendition.file, rendition.width, rendition.height
    return variant.file, variant.width, variant.height


def face_art(variant: ArtworkVariant | None) -> tuple[Any, tuple[str, ...]]:
    """The artwork for the renderer, and why there is none when its file cannot be read (placeholder then)."""
    if variant is None:
        return None, ()
    from .render import FaceArt

    source, width, height = _art_source(variant)
    try:
        with source.open("rb") as handle:
            data = handle.read()
    except (FileNotFoundError, OSError, ValueError) as exc:
        logger.warning("artwork %s of card %s cannot be read: %s", variant.pk, variant.card_id, exc)
        return None, (f"the artwork file {variant.file.name} cannot be read",)
    return FaceArt(data=data, width=width or variant.width, height=height or variant.height), ()


def _primary_variants(card_ids: Iterable[int]) -> dict[int, ArtworkVariant]:
    variants = ArtworkVariant.objects.filter(card_id__in=list(card_ids), is_primary=True).prefetch_related(
        "renditions"
    )
    return {v.card_id: v for v in variants}


def _inputs(card: Card, variant, template) -> FaceInputs:
    return FaceInputs(card=card, face_card=face_card_of(card), variant=variant, template=template)


def face_inputs(card: Card, *, template: selectors.CurrentTemplate | None = None) -> FaceInputs:
    """One card's inputs: three queries (its primary artwork, their renditions, its game's template)."""
    variant = _primary_variants([card.pk]).get(card.pk)
    return _inputs(card, variant, template or selectors.template_current(card.game))


def inputs_for_cards(
    cards: Iterable[Card], *, templates: Mapping[str, selectors.CurrentTemplate] | None = None
) -> Iterable[FaceInputs]:
    """Many cards' inputs with a fixed number of queries, whatever their number (artwork read when drawn)."""
    cards = list(cards)
    variants = _primary_variants(c.pk for c in cards)
    templates = templates or selectors.templates_current({c.game for c in cards})
    for card in cards:
        yield _inputs(card, variants.get(card.pk), templates[card.game])


def data_inputs(game: str, data: Mapping[str, Any], *, card: Card | None = None, template=None) -> FaceInputs:
    """Inputs from unsaved data, with the stored card's artwork when there is one."""
    variant = _primary_variants([card.pk]).get(card.pk) if card is not None else None
    return FaceInputs(
        card=None,
        face_card=face_card_from_data(game, data),
        variant=variant,
        template=template or selectors.template_current(game),
    )


def render_inputs(inputs: FaceInputs, *, bleed_mm: float = 0.0) -> Drawn:
    """The face (SVG and findings) drawn from these inputs; a broken artwork gives a placeholder and says why."""
    from .render import render_face

    art, problems = face_art(inputs.variant)
    face = render_face(inputs.face_card, inputs.template.data, art, bleed_mm=bleed_mm)
    return Drawn(face, problems)
