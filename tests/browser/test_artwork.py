"""Artwork in a real browser: a designer uploads with the file chooser and by dropping a file, sees the
thumbnails appear by kind, makes another HD primary, sees a refusal explained; the card browser shows the
primary thumbnail. Images are made with Pillow in the test, files go to a temporary MEDIA_ROOT."""

import base64
import io
import re

import pytest
from playwright.sync_api import expect

from artwork import services
from artwork.models import ArtworkVariant, Kind
from cards import services as card_services
from cards.models import Status
from tests.artwork.pictures import make_image
from tests.browser.helpers import wait_loaded

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

DROP = """([zoneSelector, name, b64]) => {
  const bytes = Uint8Array.from(atob(b64), c => c.charCodeAt(0));
  const data = new DataTransfer();
  data.items.add(new File([bytes], name, {type: "image/png"}));
  const zone = document.querySelector(zoneSelector);
  for (const type of ["dragenter", "dragover", "drop"]) {
    zone.dispatchEvent(new DragEvent(type, {bubbles: true, cancelable: true, dataTransfer: data}));
  }
}"""


def test_a_designer_uploads_drops_and_chooses_the_primary_image(
    page, login, make_user, make_card, screenshot
):
    designer = make_user("designer", username="dana")
    card = make_card("darkrow", user=designer, name="Toyama Kazuha")
    login(page, designer, f"/cards/{card.stable_id}/")
    gallery = page.locator("#artwork")
    expect(gallery.get_by_role("heading", name=re.compile("^Artwork"))).to_be_visible()
    expect(gallery).to_contain_text("No image yet.")

    # With the file chooser (what a keyboard user does): the zone's label names the input.
    page.get_by_label("Image file").set_input_files(
        {"name": "kazuha-été.png", "mimeType": "image/png", "buffer": make_image("PNG", (300, 420), seed=1)}
    )
    expect(gallery.locator("[data-chosen]")).to_have_text("Chosen: kazuha-été.png")
    gallery.get_by_role("button", name="Upload").click()
    hd = gallery.locator('.artgroup[data-kind="HD"]')
    expect(hd.locator(".arttile img")).to_have_count(1)
    expect(gallery.get_by_role("status").first).to_contain_text(
        "kazuha-été.png was added; it is now the card's primary image"
    )
    expect(hd.locator(".arttile.is-primary")).to_contain_text("★ Primary")
    assert wait_loaded(hd.locator(".arttile img"))
    first = ArtworkVariant.objects.get(card=card)

    # Dropped on the zone: uploaded at once, with the kind chosen (HD; the card keeps its primary).
    page.evaluate(
        DROP,
        [
            "[data-dropzone]",
            "kazuha-v2.png",
            base64.b64encode(make_image("PNG", (300, 420), seed=2)).decode(),
        ],
    )
    expect(hd.locator(".arttile img")).to_have_count(2)
    second = ArtworkVariant.objects.exclude(pk=first.pk).get(card=card)
    assert not second.is_primary and second.original_name == "kazuha-v2.png"

    # The second becomes the primary; the first is kept, as an older HD.
    gallery.get_by_role("button", name="Make kazuha-v2.png the primary image").click()
    older = gallery.locator('.artgroup[data-kind="LEGACY_HD"]')
    expect(older.locator(f'[data-variant="{first.pk}"]')).to_be_visible()
    expect(hd.locator(f'.arttile.is-primary[data-variant="{second.pk}"]')).to_be_visible()
    expect(gallery.get_by_role("status").first).to_contain_text("kazuha-été.png is kept under Older HD")
    first.refresh_from_db()
    assert first.kind == Kind.LEGACY_HD

    # A file that is not an image is refused in place, with the reason, and nothing is added.
    page.get_by_label("Image file").set_input_files(
        {"name": "carte.png", "mimeType": "image/png", "buffer": b"%PDF-1.4\n"}
    )
    gallery.get_by_role("button", name="Upload").click()
    expect(gallery.get_by_role("alert")).to_contain_text(
        "Not added: the file is not a JPEG, PNG or WebP image"
    )
    assert ArtworkVariant.objects.filter(card=card).count() == 2
    gallery.locator(".arthistory summary").click()
    # Each upload, the first one made primary, then the replacement: the old one kept, the new one primary.
    expect(gallery.locator(".arthistory li")).to_have_count(5)
    page.get_by_label("Image file").set_input_files([])
    gallery.scroll_into_view_if_needed()
    screenshot(page, "card-artwork")

    # The card browser's list shows the primary image's thumbnail (its grid shows the card's face).
    page.goto("/cards/?view=list")
    thumb = page.locator(".cardtable img.cardthumb")
    expect(thumb).to_have_count(1)
    assert wait_loaded(thumb)
    screenshot(page, "browser-grid-thumbnails")


def test_a_playtester_sees_the_gallery_without_controls(page, login, make_user, make_card):
    designer = make_user("designer", username="dana")
    card = make_card("darkrow", user=designer, name="Mouri Ran")
    services.artwork_upload(card=card, file=io.BytesIO(make_image("PNG", (200, 280), seed=3)), user=designer)
    card_services.card_set_status(
        stable_id=card.stable_id, status=Status.VALIDATED, user=make_user("reviewer", username="remi")
    )
    login(page, make_user("playtester", username="paula"), f"/cards/{card.stable_id}/")
    gallery = page.locator("#artwork")
    expect(gallery.locator('.artgroup[data-kind="HD"] .arttile img')).to_have_count(1)
    expect(gallery.get_by_label("Image file")).to_have_count(0)
    expect(gallery.get_by_role("button")).to_have_count(0)
    assert wait_loaded(page.locator(".cardview .art img.cardthumb"))


def test_the_gallery_shows_processing_then_the_thumbnail_by_itself(
    page, login, make_user, make_card, monkeypatch, settings
):
    # 2 s served in production (tests/artwork/test_views.py): the poll, not its period, is tested here.
    settings.ARTWORK_POLL_SECONDS = 0.25
    designer = make_user("designer", username="dana")
    card = make_card("darkrow", user=designer, name="Hattori Heiji")
    # As with a busy worker: the renditions are not made when the upload is answered.
    monkeypatch.setattr(services, "_enqueue_render", lambda ids, **kwargs: None)
    login(page, designer, f"/cards/{card.stable_id}/")
    page.get_by_label("Image file").set_input_files(
        {"name": "heiji.png", "mimeType": "image/png", "buffer": make_image("PNG", (240, 336))}
    )
    page.get_by_role("button", name="Upload").click()
    tile = page.locator('.artgroup[data-kind="HD"] .arttile')
    expect(tile).to_have_attribute("data-state", "PENDING")
    expect(tile).to_contain_text("processing…")
    expect(page.locator("#artwork .processing")).to_contain_text("Making thumbnails for 1 image")
    # The worker catches up; the polling gallery shows the thumbnail and stops polling.
    services.renditions_make(variant_ids=[ArtworkVariant.objects.get(card=card).pk])
    expect(tile).to_have_attribute("data-state", "READY", timeout=8_000)
    assert wait_loaded(tile.locator("img"))
    expect(page.locator("#artwork-variants")).not_to_have_attribute("hx-trigger", re.compile("every"))
