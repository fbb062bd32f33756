"""What a card's page shows of its artwork: the variants by kind, each thumbnail's state, the history,
and only the actions the person's role allows (for the card pages and the artwork page views)."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.utils.translation import gettext_lazy as _

from cards.models import Card
from cards.selectors import can_see_unvalidated

from .forms import UploadForm
from .models import PRIMARY_KINDS, ArtworkVariant, Kind, Rendition, RenditionState
from .renditions import PREVIEW, THUMB
from .selectors import artwork_events, variant_list

HISTORY_SIZE = 15
GROUPS = [
    (Kind.HD, _("HD"), _("Main images. The primary one is the card's picture everywhere in the studio.")),
    (Kind.REFERENCE, _("PK references"), _("Reference images: never a card's main picture.")),
    (Kind.FULL_ART, _("Full Artwork"), _("Never counted as an HD.")),
    (Kind.LEGACY_HD, _("Older HD"), _("Earlier main images, kept when a new primary replaced them.")),
]


def variant_name(variant: ArtworkVariant) -> str:
    return variant.original_name or _("image #%(pk)s") % {"pk": variant.pk}


@dataclass(frozen=True)
class Tile:
    """A variant as the gallery shows it: its thumbnail when READY, or why there is none yet."""

    variant: ArtworkVariant
    thumb: Rendition | None
    preview: Rendition | None

    @property
    def name(self) -> str:
        return variant_name(self.variant)

    @property
    def state(self) -> str:
        # A rendition row not created yet is work still to do: PENDING, as the API says.
        return self.thumb.state if self.thumb is not None else RenditionState.PENDING

    @property
    def ready(self) -> bool:
        return self.state == RenditionState.READY and bool(self.thumb.file)

    @property
    def failed(self) -> bool:
        return self.state == RenditionState.FAILED

    @property
    def pending(self) -> bool:
        return any(r is None or r.state == RenditionState.PENDING for r in (self.thumb, self.preview))

    @property
    def full_url(self) -> str:
        """Opened on demand, never shown in the grid: the web preview when made, else the original."""
        if self.preview is not None and self.preview.state == RenditionState.READY and self.preview.file:
            return self.preview.file.url
        return self.variant.file.url


def _tile(variant: ArtworkVariant) -> Tile:
    renditions = {r.spec: r for r in variant.renditions.all()}
    return Tile(variant, renditions.get(THUMB.name), renditions.get(PREVIEW.name))


def gallery_context(
    request, card: Card, *, form: UploadForm | None = None, error: str = "", notice: str = ""
) -> dict:
    """The ``artwork`` of a card's page: None for someone who may not see artwork (no query then)."""
    user = request.user
    if not user.has_perm("artwork.view_artworkvariant"):
        return {"artwork": None}
    tiles = [_tile(variant) for variant in variant_list(card=card)]
    by_kind: dict[str, list[Tile]] = {}
    for tile in tiles:
        by_kind.setdefault(tile.variant.kind, []).append(tile)
    primary = next((t for t in tiles if t.variant.is_primary), None)
    can_upload = user.has_perm("artwork.add_artworkvariant")
    history = None
    if can_see_unvalidated(user):  # like the card's own history: designers and reviewers
        history = list(artwork_events(card=card).select_related("variant")[:HISTORY_SIZE])
    return {
        "artwork": {
            "card": card,
            "groups": [
                {"kind": kind, "title": title, "help": help, "tiles": by_kind.get(kind, [])}
                for kind, title, help in GROUPS
            ],
            "count": len(tiles),
            "primary": primary,
            "primary_thumb": primary.thumb.file.name if primary is not None and primary.ready else "",
            "pending": sum(1 for t in tiles if t.pending),
            "poll_seconds": settings.ARTWORK_POLL_SECONDS,
            "can_upload": can_upload,
            "can_choose_primary": user.has_perm("artwork.change_artworkvariant"),
            "can_delete": user.has_perm("artwork.delete_artworkvariant"),
            "primary_kinds": PRIMARY_KINDS,
            "form": (form or UploadForm()) if can_upload else None,
            "error": error,
            "notice": notice,
            "history": history,
        }
    }
