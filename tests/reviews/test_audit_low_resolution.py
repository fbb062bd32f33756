"""The audit lists a card whose primary artwork is too small for its face at 300 dpi (ARTWORK_LOW_RESOLUTION,
issue 25), from the stored sizes, in the list the catalogue gives it; a large enough image is not listed."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from artwork import services as artwork_services
from cards.services import card_set_status
from reviews import audits

pytestmark = pytest.mark.django_db


def png(size, shade) -> io.BytesIO:
    out = io.BytesIO()
    Image.new("RGB", size, (shade, 40, 40)).save(out, "PNG")
    out.seek(0)
    return out


def test_a_tiny_primary_image_is_listed_with_its_sizes(
    make_card, reviewer, designer, django_capture_on_commit_callbacks
):
    tiny = make_card(name="Minuscule")
    large = make_card(name="Grande")
    for card, size, shade in ((tiny, (40, 30), 10), (large, (700, 500), 20)):
        card_set_status(stable_id=card.stable_id, status="VALIDATED", user=reviewer)
        with django_capture_on_commit_callbacks(execute=True):
            artwork_services.artwork_upload(card=card, file=png(size, shade), user=designer)
    audit = audits.audit_run(audit_id=audits.audit_start(game="darkrow", enqueue=False).pk)
    entries = list(audit.entries.filter(code="ARTWORK_LOW_RESOLUTION"))
    assert [(e.name, e.list, e.field) for e in entries] == [("Minuscule", "NEEDS_REVIEW", "artwork")]
    params = entries[0].params
    assert (params["width"], params["height"]) == (40, 30) and params["neededWidth"] > 400
