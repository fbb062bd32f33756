"""Artwork routes: multipart uploads refused or accepted by content, roles, rendition state, batches, counts."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from artwork import services
from artwork.models import ArtworkVariant, ImageBatch, Kind, RenditionState
from artwork.storage import variant_name
from artwork.tasks import render
from rules import registry

from .pictures import compressible_bomb, make_image, png_with_declared_size

pytestmark = pytest.mark.django_db


def url(card, variant=None, suffix=""):
    base = f"/api/cards/{card.stable_id}/artwork/"
    return f"{base}{variant.pk}/" if variant is not None else f"{base}{suffix}"


def image_file(data: bytes, name="kazuha.png", content_type="image/png"):
    return SimpleUploadedFile(name, data, content_type=content_type)


@pytest.fixture
def post(api, designer, django_capture_on_commit_callbacks):
    """POST an upload as ``user`` (the designer by default); the callbacks run as after a real commit."""

    def do(card, data=None, *, user=designer, name="kazuha.png", content_type="image/png", **fields):
        data = make_image("PNG") if data is None else data
        with django_capture_on_commit_callbacks(execute=True) as callbacks:
            response = api(user).post(
                url(card), {"file": image_file(data, name, content_type), **fields}, format="multipart"
            )
        response.callbacks = callbacks
        return response

    return do


@pytest.fixture
def tasks_sent(monkeypatch):
    sent = []
    monkeypatch.setattr(render, "apply_async", lambda *a, **k: sent.append(a))
    return sent


# --- uploads -------------------------------------------------------------------------------
def test_a_designer_uploads_an_image_and_gets_its_renditions(card, post, api, designer):
    response = post(
        card, make_image("JPEG", (300, 420)), name="kazuha.jpg", content_type="image/jpeg", note="first art"
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["card"], body["kind"], body["primary"], body["format"]) == (
        card.stable_id,
        "HD",
        True,
        "JPEG",
    )
    assert (body["width"], body["height"], body["uploadedBy"], body["originalName"]) == (
        300,
        420,
        "dana",
        "kazuha.jpg",
    )
    assert body["url"] == "/media/" + variant_name(body["sha256"], "jpg")
    assert body["url"].startswith(f"/media/artwork/{body['sha256'][:2]}/{body['sha256']}-")
    assert len(response.callbacks) == 1  # the renditions' task, enqueued after the commit
    [body] = api(designer).get(url(card)).json()
    assert body["ready"] is True
    assert body["renditions"]["thumb"]["state"] == "READY"
    assert body["renditions"]["thumb"]["url"].endswith("-thumb-320x320.webp")
    assert (body["renditions"]["thumb"]["width"], body["renditions"]["thumb"]["height"]) == (229, 320)


def test_png_bytes_named_jpg_are_accepted_as_a_png(card, post):
    response = post(card, make_image("PNG"), name="kazuha.jpg", content_type="image/jpeg")
    assert response.status_code == 201
    assert response.json()["format"] == "PNG" and response.json()["url"].endswith(".png")


def test_renditions_still_processing_are_shown_as_pending(card, post, tasks_sent, api, designer):
    response = post(card)
    assert len(tasks_sent) == 1  # sent to the images queue, not run
    body = response.json()
    assert body["ready"] is False
    assert body["renditions"] == {
        name: {"state": "PENDING", "url": None, "width": None, "height": None, "error": ""}
        for name in ("thumb", "preview")
    }


def refused(response, status, code):
    assert response.status_code == status, response.content
    body = response.json()
    assert body["errors"][0]["code"] == code
    assert body["file"] == [body["errors"][0]["message"]]
    return body["file"][0]


@pytest.fixture
def nothing_kept(media_root, tasks_sent):
    """After the test: no variant, no file, no task."""
    import os

    yield
    assert not ArtworkVariant.objects.exists()
    assert [f for _, _, files in os.walk(media_root) for f in files] == []
    assert tasks_sent == []


def test_a_decompression_bomb_is_refused_with_413(card, post, nothing_kept, settings):
    settings.ARTWORK_MAX_PIXELS = 10_000_000
    message = refused(post(card, compressible_bomb(4000, 3000)), 413, "ARTWORK_TOO_MANY_PIXELS")
    assert (
        message == "the image is 4000×3000 pixels (12 MP); the limit is 10 MP: resize it and upload it again"
    )
    refused(post(card, png_with_declared_size(200_000, 200_000)), 413, "ARTWORK_TOO_MANY_PIXELS")


def test_a_truncated_jpeg_is_refused_with_400(card, post, nothing_kept):
    data = make_image("JPEG", (300, 420), quality=95)
    message = refused(post(card, data[: len(data) // 2], name="a.jpg"), 400, "ARTWORK_CORRUPT")
    assert "truncated" in message


def test_an_oversize_file_is_refused_with_413(card, post, nothing_kept, settings):
    data = make_image("PNG", (300, 420))
    settings.ARTWORK_MAX_BYTES = len(data) - 1
    message = refused(post(card, data), 413, "ARTWORK_TOO_LARGE")
    assert "the limit is" in message


def test_an_oversize_request_is_refused_before_its_body_is_read(
    card, api, designer, nothing_kept, settings, monkeypatch
):
    from rest_framework.parsers import MultiPartParser

    settings.ARTWORK_MAX_BYTES = 1000
    monkeypatch.setattr(MultiPartParser, "parse", lambda *a, **k: pytest.fail("the body was parsed"))
    big = make_image("BMP", (200, 200))  # about 120 kB
    response = api(designer).post(url(card), {"file": image_file(big, "big.bmp")}, format="multipart")
    assert response.status_code == 413
    assert response.json()["file"][0].startswith(
        f"the upload is {round(len(big) / 1024)} KB; the limit is 1000 bytes"
    )


@pytest.mark.parametrize(
    "data, name",
    [
        (b"%PDF-1.4\n1 0 obj\n", "card.jpg"),
        (b"<html><script>alert(1)</script></html>", "card.png"),
        (b"GIF89a" + b"\0" * 40, "x.webp"),
    ],
    ids=["pdf", "html", "broken-gif"],
)
def test_what_is_not_an_image_is_refused_with_400(card, post, nothing_kept, data, name):
    message = refused(post(card, data, name=name, content_type="image/jpeg"), 400, "ARTWORK_NOT_AN_IMAGE")
    assert "its content was checked, not its name" in message


def test_missing_or_bad_fields_get_field_messages(card, api, designer, nothing_kept):
    client = api(designer)
    assert "file" in client.post(url(card), {"kind": "HD"}, format="multipart").json()
    response = client.post(url(card), {"file": image_file(make_image()), "kind": "PK"}, format="multipart")
    assert response.status_code == 400 and "kind" in response.json()
    response = client.post(
        url(card),
        {"file": image_file(make_image()), "kind": "REFERENCE", "primary": "true"},
        format="multipart",
    )
    assert response.status_code == 400
    assert response.json()["primary"] == [
        "a REFERENCE image cannot be a card's primary image; choose an HD one"
    ]


def test_the_same_image_twice_is_a_conflict(card, post):
    data = make_image("PNG", seed=5)
    assert post(card, data).status_code == 201
    response = post(card, data)
    assert response.status_code == 409 and "already on card" in response.json()["detail"]


# --- choosing, deleting, history ---------------------------------------------------------------
def test_choosing_the_primary_keeps_the_old_one_as_legacy(card, post, api, designer):
    old = post(card, make_image(seed=1)).json()
    new = post(card, make_image(seed=2)).json()
    assert new["primary"] is False
    response = api(designer).patch(url(card, ArtworkVariant(pk=new["id"])), {"primary": True}, format="json")
    assert response.status_code == 200 and response.json()["primary"] is True
    listed = {v["id"]: v for v in api(designer).get(url(card)).json()}
    assert (listed[old["id"]]["kind"], listed[old["id"]]["primary"]) == ("LEGACY_HD", False)


def test_only_reviewers_delete_and_the_variant_stays_in_history(card, post, api, designer, reviewer):
    variant = ArtworkVariant(pk=post(card).json()["id"])
    assert api(designer).delete(url(card, variant)).status_code == 403
    response = api(reviewer).delete(url(card, variant), {"note": "not this card"}, format="json")
    assert response.status_code == 200
    assert response.json()["deletedBy"] == "remi" and response.json()["primary"] is False
    assert api(designer).get(url(card)).json() == []
    assert [v["id"] for v in api(designer).get(url(card) + "?deleted=true").json()] == [variant.pk]
    assert api(designer).get(url(card, variant)).json()["deletedAt"] is not None
    history = api(designer).get(url(card, suffix="history/")).json()
    assert [(e["action"], e["actor"]) for e in history] == [
        ("DELETED", "remi"),
        ("MADE_PRIMARY", "dana"),
        ("UPLOADED", "dana"),
    ]
    assert history[0]["note"] == "not this card"


def test_roles(card, post, api, designer, reviewer, playtester, make_card):
    assert post(card, user=playtester).status_code == 403
    assert post(card, user=reviewer).status_code == 201
    variant = ArtworkVariant.objects.get()
    assert api(playtester).patch(url(card, variant), {"kind": "REFERENCE"}, format="json").status_code == 403
    assert api(playtester).get(url(card)).status_code == 404  # a playtester sees VALIDATED cards only
    assert api().get(url(card)).status_code == 401
    validated = make_card(
        "darkrow", name="Vodka", type="UNIT", cost=6, atk=6, pv=6, status="VALIDATED", user=reviewer
    )
    assert api(playtester).get(url(validated)).json() == []
    assert api(designer).get("/api/cards/NOPE-1/artwork/").status_code == 404


def test_listing_costs_a_fixed_number_of_queries(card, post, api, designer, django_assert_max_num_queries):
    for seed in range(6):
        post(card, make_image(seed=seed), kind="REFERENCE")
    client = api(designer)
    with django_assert_max_num_queries(5):  # the card, its variants, their renditions (+ permissions)
        response = client.get(url(card))
    assert len(response.json()) == 6 and all(v["ready"] for v in response.json())


def test_a_missing_image_never_blocks_saving_and_showing_the_card(card, post, api, designer, tasks_sent):
    from django.core.files.storage import default_storage

    variant = ArtworkVariant.objects.get(pk=post(card).json()["id"])
    default_storage.delete(variant.file.name)
    services.renditions_make(variant_ids=[variant.pk])
    client = api(designer)
    response = client.patch(
        f"/api/cards/{card.stable_id}/", {"atk": 5, "version": card.version}, format="json"
    )
    assert response.status_code == 200 and response.json()["atk"] == 5
    assert client.get(f"/api/cards/{card.stable_id}/").status_code == 200
    shown = client.get(url(card)).json()[0]
    assert shown["renditions"]["thumb"]["state"] == RenditionState.FAILED
    assert "missing from storage" in shown["renditions"]["thumb"]["error"]


# --- counts and batches ---------------------------------------------------------------------------
def test_counts_per_game_next_to_the_seeds(card, post, api, designer, playtester):
    post(card, make_image(seed=1))
    post(card, make_image(seed=2), kind="FULL_ART")
    body = api(designer).get("/api/artwork/counts/?game=darkrow").json()
    assert body == [
        {
            "game": "darkrow",
            "counts": {**dict.fromkeys(Kind.values, 0), "HD": 1, "FULL_ART": 1},
            "expected": {"HD": 72, "REFERENCE": 53, "FULL_ART": 3, "LEGACY_HD": 6},
        }
    ]
    assert [row["game"] for row in api(designer).get("/api/artwork/counts/").json()] == registry.keys()
    assert api(designer).get("/api/artwork/counts/?game=nope").status_code == 400
    assert api(playtester).get("/api/artwork/counts/").status_code == 403


def test_a_batch_is_started_and_its_progress_polled(
    card, post, api, designer, playtester, tasks_sent, django_capture_on_commit_callbacks
):
    for seed in range(3):
        post(card, make_image(seed=seed))
    tasks_sent.clear()
    client = api(designer)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/api/artwork/batches/", {"game": "darkrow", "missing": True}, format="json")
    assert response.status_code == 202
    batch = response.json()
    assert (batch["state"], batch["total"], batch["done"], batch["progress"], batch["createdBy"]) == (
        "QUEUED",
        3,
        0,
        0.0,
        "dana",
    )
    assert len(tasks_sent) == 1
    ids = [v.pk for v in ArtworkVariant.objects.order_by("pk")]
    services.renditions_make(variant_ids=ids[:2], batch_id=batch["id"])
    polled = client.get(f"/api/artwork/batches/{batch['id']}/").json()
    assert (polled["state"], polled["done"], polled["progress"]) == ("RUNNING", 2, 0.6667)
    services.renditions_make(variant_ids=ids, batch_id=batch["id"])
    polled = client.get(f"/api/artwork/batches/{batch['id']}/").json()
    assert (polled["state"], polled["done"], polled["failed"], polled["progress"], polled["failures"]) == (
        "DONE",
        3,
        0,
        1.0,
        [],
    )
    assert [b["id"] for b in client.get("/api/artwork/batches/").json()["results"]] == [batch["id"]]
    assert api(playtester).post("/api/artwork/batches/", {}, format="json").status_code == 403
    assert client.post("/api/artwork/batches/", {"game": "chess"}, format="json").status_code == 400


def test_a_batch_runs_in_process_in_the_embedded_default(
    card, post, api, designer, django_capture_on_commit_callbacks
):
    post(card, make_image(seed=1))
    with django_capture_on_commit_callbacks(execute=True):
        response = api(designer).post("/api/artwork/batches/", {"missing": False}, format="json")
    polled = api(designer).get(f"/api/artwork/batches/{response.json()['id']}/").json()
    assert (polled["state"], polled["total"], polled["done"]) == ("DONE", 1, 1)
    assert ImageBatch.objects.get().only_missing is False
