"""The artwork part of a card's page: the gallery by kind, uploads refused or accepted with the service's
messages, the primary choice, deletion by reviewers, polling while thumbnails are made, pinned query counts."""

from __future__ import annotations

import io
import os
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from artwork import services
from artwork.images import megabytes
from artwork.models import ArtworkEvent, ArtworkVariant, EventAction, Kind, Rendition, RenditionState
from cards import services as card_services
from cards.models import Card, Status

from .pictures import compressible_bomb, make_image, png_with_declared_size

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def page_url(card) -> str:
    return f"/cards/{card.stable_id}/"


def upload_url(card) -> str:
    return f"/cards/{card.stable_id}/artwork/upload/"


def gallery_url(card) -> str:
    return f"/cards/{card.stable_id}/artwork/"


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def media_files(root) -> list[str]:
    return sorted(os.path.relpath(os.path.join(d, f), root) for d, _, files in os.walk(root) for f in files)


def group(html: str, kind: str) -> str:
    """The HTML of one kind's group in the gallery."""
    match = re.search(rf'<section class="artgroup" data-kind="{kind}".*?</section>', html, re.S)
    assert match, f"no {kind} group"
    return match.group(0)


@pytest.fixture
def add(designer, django_capture_on_commit_callbacks):
    """Add an image through the service; ``ready`` runs the render task as after a real commit."""
    seeds = iter(range(1, 10_000))

    def do(card, *, ready=True, user=designer, **fields):
        data = make_image("PNG", seed=next(seeds))
        with django_capture_on_commit_callbacks(execute=ready):
            return services.artwork_upload(card=card, file=io.BytesIO(data), user=user, **fields)

    return do


@pytest.fixture
def post_upload(client_as, designer, django_capture_on_commit_callbacks):
    """POST the page's upload form (htmx by default) as ``user``; the render task runs as after a commit."""

    def do(
        card, data=None, *, user=designer, name="kazuha.png", content_type="image/png", htmx=True, **fields
    ):
        data = make_image("PNG") if data is None else data
        payload = {"file": SimpleUploadedFile(name, data, content_type=content_type), "kind": "HD", **fields}
        with django_capture_on_commit_callbacks(execute=True):
            return client_as(user).post(upload_url(card), payload, **(HTMX if htmx else {}))

    return do


@pytest.fixture
def nothing_kept(media_root):
    yield
    assert not ArtworkVariant.objects.exists()
    assert media_files(media_root) == []


def validated(card, reviewer):
    return card_services.card_set_status(stable_id=card.stable_id, status=Status.VALIDATED, user=reviewer)


# --- who sees and may do what ----------------------------------------------------------------------
@pytest.mark.parametrize(
    "method, suffix", [("get", ""), ("post", "upload/"), ("post", "1/primary/"), ("post", "1/delete/")]
)
def test_anonymous_visitors_are_sent_to_log_in(client, card, method, suffix):
    response = getattr(client, method)(f"{gallery_url(card)}{suffix}")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_a_playtester_sees_the_images_but_no_control_and_is_refused_posting(
    client_as, playtester, reviewer, card, add, media_root
):
    validated(card, reviewer)
    first, second = add(card), add(card)
    client = client_as(playtester)
    page = text(client.get(page_url(card)))
    assert 'id="artwork"' in page and "★ Primary" in page
    assert page.count('class="artthumb"') == 2  # both thumbnails
    for control in ('type="file"', "Make primary", ">Delete<", "Artwork history"):
        assert control not in page
    files = media_files(media_root)
    assert (
        client.post(
            upload_url(card), {"file": SimpleUploadedFile("a.png", make_image("PNG", seed=99))}
        ).status_code
        == 403
    )
    assert client.post(f"{gallery_url(card)}{second.pk}/primary/").status_code == 403
    assert client.post(f"{gallery_url(card)}{first.pk}/delete/").status_code == 403
    assert media_files(media_root) == files
    assert ArtworkVariant.objects.live().count() == 2 and ArtworkVariant.objects.get(pk=first.pk).is_primary


def test_a_playtester_gets_no_artwork_of_a_card_they_may_not_see(client_as, playtester, card, add):
    add(card)  # the card is a DRAFT
    assert client_as(playtester).get(gallery_url(card)).status_code == 404


def test_a_designer_gets_the_upload_zone_and_make_primary_but_no_delete(client_as, designer, card, add):
    add(card)
    add(card)
    page = text(client_as(designer).get(page_url(card)))
    # The drop zone is the label of a real file input, for keyboard and screen reader users.
    assert re.search(r'<label class="dropzone" for="artwork-file" data-dropzone>', page)
    assert re.search(
        r'<input type="file" name="file" id="artwork-file" accept="image/jpeg,image/png,image/webp"', page
    )
    assert '<label for="artwork-kind">Kind</label>' in page and 'id="artwork-primary"' in page
    assert page.count(">Make primary<") == 1  # on the HD that is not primary
    assert ">Delete<" not in page
    assert "Artwork history" in page


def test_a_reviewer_also_gets_delete(client_as, reviewer, card, add):
    add(card)
    page = text(client_as(reviewer).get(page_url(card)))
    assert page.count(">Delete<") == 1 and 'type="file"' in page


# --- the gallery ---------------------------------------------------------------------------------
def test_the_gallery_groups_variants_by_kind_and_marks_the_primary(client_as, designer, card, add):
    primary = add(card)
    reference = add(card, kind=Kind.REFERENCE)
    full = add(card, kind=Kind.FULL_ART)
    older = add(card, kind=Kind.LEGACY_HD)
    html = client_as(designer).get(page_url(card)).content.decode()
    for variant, kind in [
        (primary, "HD"),
        (reference, "REFERENCE"),
        (full, "FULL_ART"),
        (older, "LEGACY_HD"),
    ]:
        assert f'data-variant="{variant.pk}"' in group(html, kind)
    assert "★ Primary" in group(html, "HD") and "★ Primary" not in group(html, "LEGACY_HD")
    # The grid shows thumbnails (WebP renditions); the original opens only on demand.
    thumb = Rendition.objects.get(variant=primary, spec="thumb")
    preview = Rendition.objects.get(variant=primary, spec="preview")
    assert f'<img src="/media/{thumb.file.name}" width="{thumb.width}" height="{thumb.height}"' in html
    assert f'href="/media/{preview.file.name}"' in html
    assert f'src="/media/{primary.file.name}"' not in html
    # Only an HD or an older HD may become primary: never a PK reference nor a Full Artwork.
    assert "Make primary" not in group(html, "REFERENCE") and "Make primary" not in group(html, "FULL_ART")
    assert "Make primary" in group(html, "LEGACY_HD")
    # The card view of a reviewer shows the primary thumbnail as the card's picture.


def test_the_card_view_shows_the_primary_thumbnail(client_as, reviewer, card, add):
    primary = add(card)
    thumb = Rendition.objects.get(variant=primary, spec="thumb")
    page = text(client_as(reviewer).get(page_url(card)))
    assert (
        f'<div class="art"><img class="cardthumb" src="/media/{thumb.file.name}" alt="Toyama Kazuha"' in page
    )


def test_thumbnails_being_made_show_processing_and_the_gallery_polls_until_none_is_pending(
    client_as, designer, card, add
):
    variant = add(card, ready=False)  # the task has not run: its renditions are PENDING
    assert set(variant.renditions.values_list("state", flat=True)) == {RenditionState.PENDING}
    client = client_as(designer)
    page = text(client.get(page_url(card)))
    assert "processing…" in page and "Making thumbnails for 1 image…" in page
    assert f'hx-get="{gallery_url(card)}" data-poll hx-trigger="every 2s"' in page
    assert f'src="/media/{variant.file.name}"' not in page  # never the original as a placeholder
    # The polled fragment: still pending, still polling.
    part = text(client.get(gallery_url(card), **HTMX))
    assert part.strip().startswith('<div id="artwork-variants"') and 'data-poll hx-trigger="every 2s"' in part
    services.renditions_make(variant_ids=[variant.pk])
    part = text(client.get(gallery_url(card), **HTMX))
    assert "hx-trigger" not in part and "processing…" not in part and "Making thumbnails" not in part
    assert 'data-state="READY"' in part and '<img src="/media/artwork/renditions/' in part


def test_a_rendition_row_not_made_yet_also_counts_as_pending(client_as, designer, card, add):
    variant = add(card)
    Rendition.objects.filter(variant=variant, spec="preview").delete()
    page = text(client_as(designer).get(page_url(card)))
    assert 'data-poll hx-trigger="every 2s"' in page
    assert 'data-state="READY"' in page  # its thumbnail is shown meanwhile


def test_a_failed_thumbnail_says_failed_and_why(client_as, designer, card, add):
    variant = add(card, ready=False)
    Rendition.objects.filter(variant=variant).update(
        state=RenditionState.FAILED, error="the image file is missing from storage"
    )
    page = text(client_as(designer).get(page_url(card)))
    assert 'data-state="FAILED"' in page and "✗</span> failed" in page and "missing from storage" in page
    assert f'hx-get="{gallery_url(card)}"' not in page  # nothing left to wait for: the gallery polls no more
    assert "Open the original" in page


def test_a_card_whose_images_are_processing_or_missing_can_be_saved_and_shown(
    client_as, designer, card, add, media_root
):
    processing = add(card, ready=False)
    missing = add(card, kind=Kind.REFERENCE)
    os.remove(os.path.join(media_root, missing.file.name))
    for rendition in missing.renditions.all():
        os.remove(os.path.join(media_root, rendition.file.name))
    client = client_as(designer)
    card = Card.objects.get(pk=card.pk)
    data = {
        "game": "darkrow",
        "version": card.version,
        "name": card.name,
        "type": card.type,
        "set": "",
        "text": "Rapide.",
        "archetypes": "",
        "effects": "[]",
        "revision_note": "",
        "cost": 3,
        "atk": 4,
        "pv": 3,
    }
    response = client.post(page_url(card), data)
    assert response.status_code == 302, text(response)
    assert Card.objects.get(pk=card.pk).text == "Rapide."
    page = client.get(page_url(card))
    assert page.status_code == 200
    html = text(page)
    assert f'data-variant="{processing.pk}" data-state="PENDING"' in html
    assert f'data-variant="{missing.pk}" data-state="READY"' in html


# --- uploads -------------------------------------------------------------------------------------------
def test_a_designer_uploads_an_image_that_appears_in_the_hd_group_as_primary(
    post_upload, card, designer, client
):
    response = post_upload(card, name="Kazuha été.png", note="scan de la carte imprimée")
    assert response.status_code == 200
    variant = ArtworkVariant.objects.get(card=card)
    assert variant.is_primary and variant.kind == Kind.HD and variant.uploaded_by == designer
    html = response.content.decode()
    assert html.strip().startswith("<section") and 'id="artwork"' in html  # the gallery, swapped in place
    assert "Kazuha été.png was added; it is now the card&#x27;s primary image." in html
    hd = group(html, "HD")
    # The test's transaction is committed only after the answer: its thumbnail was still to be made then.
    assert f'data-variant="{variant.pk}" data-state="PENDING"' in hd and "★ Primary" in hd
    assert 'data-poll hx-trigger="every 2s"' in html
    polled = client.get(gallery_url(card), **HTMX).content.decode()
    assert (
        f'data-variant="{variant.pk}" data-state="READY"' in group(polled, "HD")
        and "hx-trigger" not in polled
    )
    event = ArtworkEvent.objects.get(variant=variant, action=EventAction.UPLOADED)
    assert event.note == "scan de la carte imprimée" and "scan de la carte imprimée" in html


def test_an_upload_without_htmx_goes_back_to_the_card_with_the_message(post_upload, card, client):
    response = post_upload(card, htmx=False)
    assert response.status_code == 302 and response["Location"] == f"{page_url(card)}#artwork"
    assert "it is now the card&#x27;s primary image" in text(client.get(page_url(card)))


def test_make_primary_keeps_the_old_one_as_an_older_hd(client_as, designer, card, add):
    first = add(card)
    second = add(card, primary=False)
    response = client_as(designer).post(f"{gallery_url(card)}{second.pk}/primary/", **HTMX)
    assert response.status_code == 200
    first.refresh_from_db()
    second.refresh_from_db()
    assert second.is_primary and first.kind == Kind.LEGACY_HD and not first.is_primary
    html = response.content.decode()
    assert f'data-variant="{second.pk}"' in group(html, "HD") and f'data-variant="{first.pk}"' in group(
        html, "LEGACY_HD"
    )
    assert "is now the primary image" in html and "is kept under Older HD" in html


def test_asking_a_reference_to_be_primary_is_refused_with_the_services_message(
    post_upload, card, nothing_kept
):
    response = post_upload(card, kind="REFERENCE", primary="on")
    assert response.status_code == 400
    assert "image cannot be a card&#x27;s primary image; choose an HD one" in text(response)


def test_only_a_reviewer_deletes_and_the_image_stays_in_the_history(
    client_as, designer, reviewer, card, add, media_root
):
    variant = add(card)
    assert client_as(designer).post(f"{gallery_url(card)}{variant.pk}/delete/", **HTMX).status_code == 403
    assert not ArtworkVariant.objects.get(pk=variant.pk).is_deleted
    response = client_as(reviewer).post(
        f"{gallery_url(card)}{variant.pk}/delete/", {"note": "mauvais recadrage"}, **HTMX
    )
    assert response.status_code == 200
    variant.refresh_from_db()
    assert variant.is_deleted and variant.deleted_by == reviewer
    assert os.path.exists(os.path.join(media_root, variant.file.name))  # kept, file included
    html = text(response)
    assert f'data-variant="{variant.pk}"' not in html
    assert "stays in the artwork history" in html and "no primary image now" in html
    assert '<li data-action="DELETED">' in html and "mauvais recadrage" in html
    # Deleted once: a second try is a clear 404, not a crash.
    assert client_as(reviewer).post(f"{gallery_url(card)}{variant.pk}/delete/", **HTMX).status_code == 404


# --- bad uploads: refused with the service's message, nothing stored --------------------------------------
def test_what_is_not_an_image_is_refused_with_the_message_shown(post_upload, card, nothing_kept):
    response = post_upload(card, b"%PDF-1.4\n1 0 obj\n", name="carte.jpg", content_type="image/jpeg")
    assert response.status_code == 400
    page = text(response)
    assert (
        "Not added: the file is not a JPEG, PNG or WebP image (its content was checked, not its name)" in page
    )
    assert 'role="alert" tabindex="-1" data-artwork-error data-refusal' in page
    # The gallery with its message is what the page swaps in place (studio/refusals.js).
    assert response["X-Refusal"] == "swap"


def test_png_bytes_named_jpg_are_taken_as_the_png_they_are(post_upload, card):
    response = post_upload(card, make_image("PNG"), name="kazuha.jpg", content_type="image/jpeg")
    assert response.status_code == 200
    variant = ArtworkVariant.objects.get(card=card)
    assert (
        variant.format == "PNG"
        and variant.file.name.endswith(".png")
        and variant.original_name == "kazuha.jpg"
    )


def test_a_truncated_jpeg_is_refused(post_upload, card, nothing_kept):
    data = make_image("JPEG", (300, 420), quality=95)
    response = post_upload(card, data[: len(data) // 2], name="a.jpg", content_type="image/jpeg")
    assert response.status_code == 400
    assert "Not added: the JPEG image is truncated or corrupt" in text(response)


def test_an_oversize_file_is_refused_with_413(post_upload, card, nothing_kept, settings):
    data = make_image("PNG", (300, 420))
    settings.ARTWORK_MAX_BYTES = len(data) - 1
    response = post_upload(card, data)
    assert response.status_code == 413
    assert f"Not added: the file is {megabytes(len(data))}; the limit is {megabytes(len(data) - 1)}" in text(
        response
    )


def test_a_body_far_over_the_limit_is_refused_before_it_is_read(post_upload, card, nothing_kept, settings):
    settings.ARTWORK_MAX_BYTES = 1000
    response = post_upload(card, make_image("BMP", (200, 200)), name="big.bmp")
    assert response.status_code == 413
    assert "Not added: the upload is" in text(response)


def test_a_decompression_bomb_is_refused_with_413(post_upload, card, nothing_kept, settings):
    settings.ARTWORK_MAX_PIXELS = 10_000_000
    response = post_upload(card, compressible_bomb(4000, 3000))
    assert response.status_code == 413
    assert "the image is 4000×3000 pixels (12 MP); the limit is 10 MP" in text(response)
    assert post_upload(card, png_with_declared_size(200_000, 200_000)).status_code == 413


def test_the_same_image_twice_is_refused_with_409(post_upload, card):
    data = make_image("PNG", seed=7)
    assert post_upload(card, data).status_code == 200
    response = post_upload(card, data, name="encore.png")
    assert response.status_code == 409
    assert "this image is already on card" in text(response) and "nothing was added" in text(response)
    assert ArtworkVariant.objects.count() == 1


def test_no_file_chosen_says_what_to_do(client_as, designer, card, nothing_kept):
    response = client_as(designer).post(upload_url(card), {"kind": "HD"}, **HTMX)
    assert response.status_code == 400
    assert "Choose an image file (JPEG, PNG or WebP) or drop one on the zone." in text(response)


def test_a_refusal_without_htmx_is_shown_on_the_card_page(post_upload, card, client, nothing_kept):
    response = post_upload(card, b"<html></html>", name="x.png", htmx=False)
    assert response.status_code == 302
    assert "Not added: the file is not a JPEG, PNG or WebP image" in text(client.get(page_url(card)))


# --- thumbnails in the card browser --------------------------------------------------------------------------
def test_the_browser_shows_the_primary_thumbnail_or_the_placeholder(client_as, designer, make_card, add):
    shown = make_card("darkrow", name="Avec image")
    waiting = make_card("darkrow", name="En cours")
    make_card("darkrow", name="Sans image")
    thumb = Rendition.objects.get(variant=add(shown), spec="thumb")
    add(waiting, ready=False)
    add(make_card("darkrow", name="Référence seule"), kind=Kind.REFERENCE)  # never a card's picture
    client = client_as(designer)
    page = text(client.get("/cards/?view=list"))
    assert page.count(f'src="/media/{thumb.file.name}"') == 1
    assert page.count('class="cardthumb"') == 1
    assert page.count("no image yet") == 3
    # The grid shows each card's face (drawn with its primary artwork, or a placeholder).
    assert text(client.get("/cards/?view=grid")).count('class="face tileface"') == 4


# --- query counts ------------------------------------------------------------------------------------------
def queries(django_assert_max_num_queries, client, url, limit, **extra):
    with django_assert_max_num_queries(limit) as captured:
        response = client.get(url, **extra)
    assert response.status_code == 200, url
    return len(captured.captured_queries)


@pytest.mark.parametrize("role", ["designer", "reviewer", "playtester"])
def test_the_card_page_and_the_gallery_do_not_grow_with_the_variants(
    django_assert_max_num_queries, client_as, make_user, reviewer, card, add, role
):
    client = client_as(make_user(role, username=f"{role}-q"))
    client.get("/cards/help/")  # the user's permissions read, then kept (studio.permissions)
    validated(card, reviewer)

    def more(n):
        for i in range(n):
            add(card, kind=[Kind.HD, Kind.REFERENCE, Kind.FULL_ART, Kind.LEGACY_HD][i % 4], ready=i % 3 != 0)

    more(2)
    # The card page: 6 before artwork (the header's unread count among them), + variants, their renditions, the artwork history (not for playtesters).
    # The polled part: session (and the permissions stamp), user, groups, the card, then the same three.
    # A reviewer, who may disable the card, also reads how many legal decks that would make illegal.
    # + the card's translations, + its play figures (playstats: one query, whatever the games); a
    # designer, who may edit it, also reads how many decks use it and their names (the warning before saving).
    # + the card's comment threads (comments: one query); a reviewer or designer, who may edit the
    # card or validate it, also the editor's lock (its presence).
    # + the bots' figures of the card, apart from the people's (the simulation lab: one query).
    # + the face template's regions a thread may be anchored on (comments on the face: one query).
    page_queries = {"reviewer": 16, "designer": 17}.get(role, 14)
    few = [
        queries(django_assert_max_num_queries, client, page_url(card), page_queries),
        queries(django_assert_max_num_queries, client, gallery_url(card), 7, **HTMX),
    ]
    more(14)
    many = [
        queries(django_assert_max_num_queries, client, page_url(card), page_queries),
        queries(django_assert_max_num_queries, client, gallery_url(card), 7, **HTMX),
    ]
    assert few == many


def test_the_browser_grid_with_thumbnails_does_not_grow_with_the_cards(
    django_assert_max_num_queries, client_as, designer, make_card, add
):
    client = client_as(designer)
    client.get("/cards/help/")  # the designer's permissions read, then kept (studio.permissions)

    def cards_with_art(n):
        for _ in range(n):
            add(make_card("darkrow", name=f"Carte {Card.objects.count()}"))

    # The pins of tests/cards/test_views.py (7: the header's unread count and the reader's translations of the page's cards included).
    cards_with_art(3)
    few = [queries(django_assert_max_num_queries, client, url, 7) for url in ("/cards/", "/cards/?view=list")]
    cards_with_art(20)
    many = [
        queries(django_assert_max_num_queries, client, url, 7) for url in ("/cards/", "/cards/?view=list")
    ]
    assert few == many
    assert text(client.get("/cards/?view=list")).count('class="cardthumb"') == 23
    assert text(client.get("/cards/")).count('class="face tileface"') == 23
