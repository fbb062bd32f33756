"""What the faces commands share: reading their options, the game's template, drawing faces of stored cards."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from django.core.management.base import CommandError

from cards.models import Card
from common.cli import USAGE_ERROR

from .adapters import face_inputs
from .render import RenderedFace, render_face
from .template import template_for, validate_template

MAX_COPIES = 10_000


def usage(message: str) -> CommandError:
    return CommandError(message, returncode=USAGE_ERROR)


def bleed_option(value: float | None) -> float:
    bleed = 0.0 if value is None else float(value)
    if not 0 <= bleed <= 10:
        raise usage(f"--bleed {bleed:g}: the bleed is from 0 to 10 mm")
    return bleed


def game_template(game: str) -> dict:
    """The game's current template: the studio's stored one when the studio keeps one, else the rule set's."""
    template = None
    try:  # faces-app keeps the designers' templates; use theirs when it is installed
        from . import selectors  # type: ignore[attr-defined]

        template = selectors.template_current(game).data
    except (ImportError, AttributeError, LookupError):
        template = None
    except Exception:
        template = None
    if template is None or validate_template(template, game=game):
        template = template_for(game)
    return template


def faces_of(cards: Iterable[tuple[Card, int]], *, bleed_mm: float, template: dict) -> Iterator[RenderedFace]:
    """One face per copy; each card drawn once, its artwork read only then (memory stays flat)."""
    pairs = list(cards)
    counts = [n for _card, n in pairs]
    for (face_card, art), n in zip(face_inputs(c for c, _n in pairs), counts, strict=True):
        face = render_face(face_card, template, art, bleed_mm=bleed_mm, fonts="none")
        for _copy in range(n):
            yield face
