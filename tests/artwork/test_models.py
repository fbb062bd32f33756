"""The database itself refuses what the artwork rules forbid, whatever code writes."""

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from artwork.models import ArtworkEvent, ArtworkVariant, EventAction, Kind, Rendition, RenditionState
from cards.models import AppendOnlyError


def variant(card, n=0, **fields):
    defaults = {
        "kind": Kind.HD,
        "file": f"artwork/x/{n}.png",
        "sha256": f"{n:064x}",
        "width": 10,
        "height": 14,
        "format": "PNG",
        "byte_size": 100,
    }
    return ArtworkVariant.objects.create(card=card, **{**defaults, **fields})


def refused(**create):
    with pytest.raises(IntegrityError), transaction.atomic():
        variant(**create)


def test_at_most_one_primary_per_card(card, make_card):
    variant(card, 1, is_primary=True)
    refused(card=card, n=2, is_primary=True)
    other = make_card("darkrow", name="Sato", type="UNIT")
    variant(other, 3, is_primary=True)  # another card has its own


@pytest.mark.parametrize("kind", [Kind.REFERENCE, Kind.FULL_ART, Kind.LEGACY_HD])
def test_only_an_hd_can_be_primary(card, kind):
    refused(card=card, n=1, kind=kind, is_primary=True)


def test_a_deleted_variant_cannot_be_primary(card):
    refused(card=card, n=1, is_primary=True, deleted_at=timezone.now())


def test_the_same_image_once_per_card_while_it_is_live(card, make_card):
    variant(card, 1)
    refused(card=card, n=1, kind=Kind.REFERENCE)
    variant(make_card("darkrow", name="Sato", type="UNIT"), 1)  # the same image on another card
    ArtworkVariant.objects.filter(card=card).update(deleted_at=timezone.now())
    variant(card, 1)  # deleted, kept in history: it may be uploaded again


def test_kinds_and_formats_are_checked(card):
    refused(card=card, n=1, kind="PK")
    refused(card=card, n=2, format="GIF")
    refused(card=card, n=3, width=0)


def test_a_rendition_once_per_variant_and_spec(card):
    v = variant(card, 1)
    Rendition.objects.create(variant=v, spec="thumb")
    with pytest.raises(IntegrityError), transaction.atomic():
        Rendition.objects.create(variant=v, spec="thumb")
    with pytest.raises(IntegrityError), transaction.atomic():
        Rendition.objects.create(
            variant=v, spec="preview", state=RenditionState.READY
        )  # READY needs its file


def test_events_are_append_only(card):
    event = ArtworkEvent.objects.create(card=card, variant=variant(card, 1), action=EventAction.UPLOADED)
    event.note = "rewritten"
    with pytest.raises(AppendOnlyError):
        event.save()
    with pytest.raises(AppendOnlyError):
        event.delete()


def test_every_kind_has_its_group_on_the_card_page():
    """A kind added to Kind without a group in artwork/gallery.py would never be shown on a card's page."""
    from artwork.gallery import GROUPS

    assert [kind for kind, _title, _help in GROUPS] == list(Kind)
