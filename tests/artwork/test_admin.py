"""The admin shows artwork and never writes it (writes go through the services)."""

import io

import pytest

from artwork import services
from artwork.models import ArtworkVariant

from .pictures import make_image

pytestmark = pytest.mark.django_db


def test_the_admin_lists_and_shows_variants_read_only(admin_client, card, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        variant = services.artwork_upload(card=card, file=io.BytesIO(make_image()))
    listing = admin_client.get("/admin/artwork/artworkvariant/")
    assert listing.status_code == 200 and card.stable_id in listing.content.decode()
    page = admin_client.get(f"/admin/artwork/artworkvariant/{variant.pk}/change/")
    assert page.status_code == 200 and variant.file.url in page.content.decode()
    assert (
        admin_client.post(f"/admin/artwork/artworkvariant/{variant.pk}/delete/", {"post": "yes"}).status_code
        == 403
    )
    assert ArtworkVariant.objects.filter(pk=variant.pk).exists()
    for path in ("/admin/artwork/artworkevent/", "/admin/artwork/imagebatch/"):
        assert admin_client.get(path).status_code == 200
