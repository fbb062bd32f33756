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


def untranslated_line(lang: str | None, faces: list[RenderedFace]) -> str | None:
    """The summary's line of the cards printed in their source texts (no current translation into
    ``lang``: their faces carry the mark), or None when every card is in ``lang``."""
    from django.utils.translation import gettext, ngettext

    if not lang:
        return None
    missing = sorted({f.stable_id for f in faces if f.fallback_lang})
    if not missing:
        return gettext("every card in %(lang)s") % {"lang": lang}
    shown = ", ".join(missing[:20]) + (", …" if len(missing) > 20 else "")
    return ngettext(
        "%(n)s card without a validated translation into %(lang)s, printed in its source language (marked): %(cards)s",
        "%(n)s cards without a validated translation into %(lang)s, printed in their source language (marked): %(cards)s",
        len(missing),
    ) % {"n": len(missing), "lang": lang, "cards": shown}


def faces_of(
    cards: Iterable[tuple[Card, int]],
    *,
    bleed_mm: float,
    template: dict,
    lang: str | None = None,
    seen: list[RenderedFace] | None = None,
) -> Iterator[RenderedFace]:
    """One face per copy, in ``lang`` (default: each card's own); each card drawn once, its artwork
    read only then (memory stays flat). ``seen`` collects each card's face (for the summary)."""
    pairs = list(cards)
    counts = [n for _card, n in pairs]
    for (face_card, art), n in zip(face_inputs((c for c, _n in pairs), lang=lang), counts, strict=True):
        face = render_face(face_card, template, art, bleed_mm=bleed_mm, fonts="none")
        if seen is not None:
            seen.append(face)
        for _copy in range(n):
            yield face
