"""What an upload says (issue 25): whether it became the card's primary image, in words that cannot be
read two ways, and a warning with both sizes when the primary image is too small for the face."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from artwork.models import ArtworkVariant

from .pictures import make_image

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def upload(client_as, designer, django_capture_on_commit_callbacks):
    def do(card, size, name, language="en", **fields):
        payload = {
            "file": SimpleUploadedFile(name, make_image("PNG", size=size), content_type="image/png"),
            "kind": "HD",
            **fields,
        }
        with django_capture_on_commit_callbacks(execute=True):
            response = client_as(designer).post(
                f"/cards/{card.stable_id}/artwork/upload/", payload, HTTP_ACCEPT_LANGUAGE=language, **HTMX
            )
        assert response.status_code == 200, response.content
        return response.content.decode()

    return do


def test_a_tiny_primary_image_is_taken_with_a_warning_that_says_both_sizes(upload, card):
    html = upload(card, (40, 30), "tiny.png")
    assert ArtworkVariant.objects.get(card=card).is_primary
    assert "tiny.png was added; it is now the card&#x27;s primary image." in html
    assert "Warning: the primary artwork is 40 × 30 pixels; its box on the face needs" in html
    french = upload(card, (41, 31), "tiny-fr.png", language="fr", primary="on")
    assert "c’est maintenant l’image principale de la carte" in french and "Attention\xa0:" in french


def test_an_hd_that_does_not_become_primary_says_which_image_stays_primary(upload, card):
    upload(card, (1500, 2100), "first.png")
    html = upload(card, (1200, 900), "second.png", language="fr")
    second = ArtworkVariant.objects.get(card=card, original_name="second.png")
    assert not second.is_primary
    assert (
        "second.png a été ajoutée aux images HD\u202f; l’image principale de la carte reste first.png."
        in html
    )
    assert "comme Image HD principale" not in html and "Attention" not in html
