"""Reads of faces: a game's current template and its history, cached renditions, print jobs."""

from __future__ import annotations

import hashlib
import json
import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from .models import FaceRendition, FaceTemplate, FaceTemplateVersion, PrintJob

# Bump when the drawing changes for the same template and card: every cached face gets a new key.
RENDERER_REVISION = "1"


def renderer_revision() -> str:
    """The renderer's revision: ``faces.render``'s when it declares one, else this module's."""
    from . import render

    return getattr(render, "RENDERER_REVISION", RENDERER_REVISION)


def template_digest(data: dict) -> str:
    """The cache identity of a template's drawing: its data (canonical JSON) and the renderer's revision."""
    revision = renderer_revision()
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(f"{revision}\n{canonical}".encode()).hexdigest()


@dataclass(frozen=True)
class CurrentTemplate:
    """A game's template as faces are drawn with it now: stored (version >= 1) or the rule set's default (0)."""

    game: str
    version: int
    data: dict[str, Any]
    digest: str
    stored: FaceTemplate | None = None


# A rule set's default template as JSON and its digest, by renderer revision: the same for each page
# that draws or reads a face of the game (a deep copy and a canonical dump with its hash were 3 ms a
# call). Weak on the rule set: one registered for a test is forgotten with it, and a game registered
# again under the same key is a new rule set, never served the old one's template.
_DEFAULTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _default(game: str) -> CurrentTemplate:
    """The rule set's default template (version 0), its data a new copy for each call."""
    from rules import get_ruleset

    from .template import template_for

    ruleset = get_ruleset(game)
    revision = renderer_revision()
    known = _DEFAULTS.get(ruleset)
    if known is None or known[0] != revision:
        data = template_for(game)
        known = (revision, json.dumps(data, ensure_ascii=False), template_digest(data))
        _DEFAULTS[ruleset] = known
    # Read again from its JSON (as a stored template is): a caller that changes it changes its own copy.
    return CurrentTemplate(game, 0, json.loads(known[1]), known[2])


def template_current(game: str) -> CurrentTemplate:
    """The template faces of ``game`` are drawn with (one query)."""
    stored = FaceTemplate.objects.filter(game=game).first()
    if stored is None:
        return _default(game)
    return CurrentTemplate(game, stored.version, stored.data, stored.digest, stored)


def templates_current(games: Iterable[str]) -> dict[str, CurrentTemplate]:
    """The current template of each game (one query for them all)."""
    games = set(games)
    stored = {t.game: t for t in FaceTemplate.objects.filter(game__in=games)}
    return {
        game: CurrentTemplate(game, t.version, t.data, t.digest, t)
        if (t := stored.get(game))
        else _default(game)
        for game in games
    }


def template_versions(*, game: str) -> QuerySet[FaceTemplateVersion]:
    """The game's stored versions, newest first (empty while it uses its rule set's default)."""
    return (
        FaceTemplateVersion.objects.filter(template__game=game).select_related("author").order_by("-version")
    )


def template_version_get(*, game: str, version: int) -> FaceTemplateVersion:
    return FaceTemplateVersion.objects.get(template__game=game, version=version)


def rendition_find(*, key) -> FaceRendition | None:
    # One row at most (the key is unique): ordered by its id, not by the model's ordering (by card, so by
    # the card's name), which would join the cards table on every face request.
    return FaceRendition.objects.filter(**key.lookup()).order_by("pk").first()


def print_job_get(*, pk: int, user) -> PrintJob:
    """A print job its creator (or a reviewer) may see; DoesNotExist otherwise."""
    qs = PrintJob.objects.all()
    if not user.has_perm("cards.review_card"):
        qs = qs.filter(created_by=user)
    return qs.get(pk=pk)


def media_readable(*, user, name: str) -> bool | None:
    """Whether ``user`` may read the media file ``name``: a card's face (whoever may see the card),
    a print job's sheet (its creator, reviewers); None when no face or job holds that name.

    A Tabletop Simulator export's images are served by their own signed route only."""
    from cards.selectors import card_list

    if not name.startswith("faces/") or name.startswith("faces/tts/"):
        return None
    card_ids = set(FaceRendition.objects.filter(file=name).values_list("card_id", flat=True))
    if card_ids:
        return card_list(user=user).filter(pk__in=card_ids).exists()
    job = PrintJob.objects.filter(file=name).first()
    if job is None:
        return None
    if not user.is_authenticated:
        return False
    return user.has_perm("cards.review_card") or job.created_by_id == user.pk


def translation_face_findings(card, translation, templates: dict | None = None) -> list:
    """The TEXT_OVERFLOW findings of ``translation``'s texts (whatever its status: its translator sees
    them before it is validated) on ``card``'s face in the translation's language, with that language
    in their params; the game's current template (one query, or none when ``templates``, a dict kept
    across a list of translations, has it)."""
    from .adapters import face_card
    from .render import text_findings

    templates = {} if templates is None else templates
    if card.game not in templates:
        templates[card.game] = template_current(card.game).data
    face = face_card(card, lang=translation.language, translation=translation)
    return list(text_findings(face, templates[card.game]))


def primary_artwork_findings(card, size: tuple[int, int]):
    """The findings of an image of ``size`` (width, height) as ``card``'s primary artwork on the faces
    of its game's current template (too few pixels for an art box): the artwork page's warning
    (artwork.page_parts, filled in faces' ``ready()``); one query."""
    from .adapters import face_card
    from .render import artwork_findings

    return artwork_findings(face_card(card), template_current(card.game).data, size)


# A region that covers this share of the card or more is the card itself (its edge, its frame): a
# thread about it is about the whole card.
WHOLE_CARD_SHARE = 0.85


def face_regions(card, template: CurrentTemplate | None = None) -> dict[str, Any]:
    """The regions of ``card``'s face a comment may be anchored on: those its game's current template
    draws for this card (its ``when`` holds, a text region has something to print), but the ones as
    large as the card, each with its id, kind, label in the reader's language and box (millimetres
    from the card's top-left corner); with the card's size. Largest first: a smaller region drawn over
    a larger one lies above it on the page too. One query (the template)."""
    from rules.face_template import card_size

    from .adapters import face_card
    from .labels import region_label
    from .render import content_text, region_applies

    template = template or template_current(card.game)
    width, height = card_size(template.data)
    face = face_card(card)
    seen: set[str] = set()
    regions = []
    for region in template.data.get("regions", []):
        key, box = str(region.get("id", "")), region.get("box") or {}
        w, h = float(box.get("w", 0)), float(box.get("h", 0))
        if not key or key in seen or w <= 0 or h <= 0 or w * h >= WHOLE_CARD_SHARE * width * height:
            continue
        if not region_applies(face, region):
            continue
        if region.get("kind") == "text" and content_text(face, template.data, region) is None:
            continue
        seen.add(key)
        regions.append(
            {
                "id": key,
                "kind": region.get("kind"),
                "label": region_label(key, card.game),
                "box": {"x": float(box.get("x", 0)), "y": float(box.get("y", 0)), "w": w, "h": h},
            }
        )
    # Stable: of two regions of one size, the later one of the template (a text over its panel) stays above.
    regions.sort(key=lambda r: -r["box"]["w"] * r["box"]["h"])
    return {"width": width, "height": height, "regions": regions}
