"""Artwork reads for other pages: a card grid's primary thumbnails in a fixed number of queries."""

import io

import pytest

from artwork import services
from artwork.models import Kind
from artwork.selectors import primary_artwork, variant_list
from cards.models import Card

from .pictures import make_image

pytestmark = pytest.mark.django_db


def test_primary_artwork_of_many_cards_in_two_queries(make_card, reviewer, django_assert_num_queries):
    cards = [make_card("darkrow", name=f"Carte {n}", type="UNIT") for n in range(5)]
    for n, card in enumerate(cards[:4]):
        services.artwork_upload(card=card, file=io.BytesIO(make_image(seed=n)))
        services.artwork_upload(card=card, file=io.BytesIO(make_image(seed=100 + n)), kind=Kind.REFERENCE)
    services.artwork_delete(variant=cards[3].artwork.get(is_primary=True), user=reviewer)
    with django_assert_num_queries(2):
        found = primary_artwork(cards=Card.objects.filter(game="darkrow"))
        specs = {card_id: {r.spec for r in v.renditions.all()} for card_id, v in found.items()}
    assert set(found) == {c.pk for c in cards[:3]}
    assert all(v.kind == Kind.HD for v in found.values())
    assert specs == {c.pk: {"thumb", "preview"} for c in cards[:3]}


def test_deleted_variants_are_listed_only_when_asked(card, reviewer):
    variant = services.artwork_upload(card=card, file=io.BytesIO(make_image()))
    services.artwork_delete(variant=variant, user=reviewer)
    assert list(variant_list(card=card)) == []
    assert list(variant_list(card=card, include_deleted=True)) == [variant]
